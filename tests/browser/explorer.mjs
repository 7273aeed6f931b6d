// The opening explorer (issue #56): on a phone, a guest plays a game against the computer and
// resigns; on the analysis board the explorer leaves the computer's games out until they are
// chosen, then counts the game at the start; a tap on its move plays it on the board and the
// explorer follows to the reply. The finished game's page has the explorer too (closed until
// opened). Pictures on a phone and a desktop, light and dark, in the three languages.
import { shot, assert, newPage, againstComputer } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** Plays `uci` on the page's board by two taps. */
async function play(page, uci) {
  await page.locator(`svg.board rect[data-sq="${uci.slice(0, 2)}"]`).first().click();
  await page.locator(`svg.board rect[data-sq="${uci.slice(2, 4)}"]`).first().click();
}

/** The explorer's moves as shown: `[uci, games]`. */
async function shownMoves(page) {
  return page.locator('[data-test=explorer-results] li[data-uci]').evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute('data-uci'), Number(r.querySelector('.explorer-count')?.textContent)]));
}

async function aGamePlayedIsCountedAndAMoveTapped({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await againstComputer(page, base, { variant: 'raging-rooks', level: '1' });
  await page.locator('svg.board').first().waitFor();
  await play(page, 'a2a3');
  // the computer's reply, then the guest resigns
  await page.locator('[data-test=moves] button').nth(1).waitFor();
  const reply = await page.evaluate(async () => {
    const id = location.pathname.split('/').pop();
    const seat = JSON.parse(localStorage.getItem(`tabula:seat:${id}`) || '{}');
    const r = await fetch(`/api/games/${id}`, { headers: { Authorization: `Bearer ${seat.token}` } });
    return (await r.json()).view.moves[1].uci;
  });
  await page.locator('[data-test=resign]').click();
  await page.locator('[data-test=confirm-yes]').click();
  await page.locator('[data-test=result]').waitFor();
  // after the game: the explorer, closed until opened
  const summary = page.locator('[data-test=explorer-open]');
  await summary.waitFor();
  assert(!(await page.locator('[data-test=explorer]').evaluate((d) => d.open)), 'closed on the game page');
  await summary.click();
  await page.locator('[data-test=explorer-results] > *').first().waitFor();
  await shot(page, 'explorer-game-page-phone');

  // the analysis board at the start: the computer's games wait to be chosen
  await page.goto(`${base}/quickchess/analyse?variant=raging-rooks`);
  await page.locator('[data-test=explorer-results] > *').first().waitFor();
  assert((await shownMoves(page)).length === 0, 'games against the computer are left out by default');
  assert(await page.locator('[data-test=explorer-value]').innerText() === 'solved: draw', 'the start\'s exact value');
  await page.locator('[data-test=explorer] .explorer-filters summary').click();
  await page.locator('button[data-speed=computer]').click();
  await page.locator('[data-test=explorer-results] li[data-uci="a2a3"]').waitFor();
  const atStart = await shownMoves(page);
  assert(JSON.stringify(atStart) === JSON.stringify([['a2a3', 1]]), `the game is counted at the start: ${JSON.stringify(atStart)}`);
  const recent = await page.locator('.explorer-recent a').count();
  assert(recent === 1, `the game is among the latest: ${recent}`);
  assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the analysis board with the explorer fits a phone');
  await shot(page, 'explorer-analysis-phone-light');
  // a tap on the move plays it on the board; the explorer follows to the computer's reply
  await page.locator('[data-test=explorer-move]').first().click();
  await page.getByText('Moves: a3').waitFor();
  await page.locator(`[data-test=explorer-results] li[data-uci="${reply}"]`).waitFor();
  const after = await shownMoves(page);
  assert(JSON.stringify(after) === JSON.stringify([[reply, 1]]), `the reply is shown: ${JSON.stringify(after)}`);
  await context.close();
}

async function theExplorerInEachLanguage({ browser, base }) {
  for (const [lang, scheme, device, title] of [
    ['en', 'dark', DESKTOP, 'Opening explorer'],
    ['ru', 'light', PHONE, 'Дебютный справочник'],
    ['de', 'dark', PHONE, 'Eröffnungsbaum'],
    ['en', 'light', DESKTOP, 'Opening explorer'],
  ]) {
    const { context, page } = await newPage(browser, { ...device, colorScheme: scheme });
    await page.goto(`${base}/`);
    await page.evaluate((l) => localStorage.setItem('tabula:lang', l), lang);
    await page.goto(`${base}/quickchess/analyse?variant=raging-rooks&moves=a2a3`);
    await page.locator('[data-test=explorer-results] > *').first().waitFor();
    const said = await page.locator('[data-test=explorer-open]').innerText();
    assert(said === title, `${lang}: the explorer is titled ${title}: ${said}`);
    await page.locator('[data-test=explorer] .explorer-filters summary').click();
    if (device === PHONE) assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${lang}: fits a phone`);
    await shot(page, `explorer-${lang}-${scheme}-${device === PHONE ? 'phone' : 'desktop'}`);
    await context.close();
  }
}

export const explorerScenarios = [
  ['explorer: a game played is counted at the start, and a move tapped plays on the board (phone)', aGamePlayedIsCountedAndAMoveTapped],
  ['explorer: the panel in three languages, light and dark, phone and desktop', theExplorerInEachLanguage],
];
