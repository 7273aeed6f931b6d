// The opening explorer (issue #56): on a phone, a guest plays a game against the computer and
// resigns; on the analysis board the explorer leaves the computer's games out until they are
// chosen, then counts the game at the start; a tap on its move plays it on the board and the
// explorer follows to the reply. The finished game's page has the explorer too. On a phone the
// explorer is a tab beside the game's (or the position's) panel, shown when tapped or chosen
// by the arrow keys; on a desktop a section beside the board. Pictures on a phone and a
// desktop, light and dark, in the three languages.
import { shot, assert, newPage, againstComputer } from './harness.mjs';
import { violations } from './a11y.mjs';

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
  // (bypassCSP: axe-core is added to the page as a script of its own)
  const { context, page } = await newPage(browser, { ...PHONE, bypassCSP: true });
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
  // after the game: the explorer's tab, not shown until chosen
  const tab = page.locator('[data-test=tab-explorer]');
  await tab.waitFor();
  assert(await page.locator('[data-test=tab-game]').getAttribute('aria-selected') === 'true', 'the game\'s panel is shown first');
  assert(await page.locator('[data-test=explorer]').count() === 0, 'the explorer waits for its tab');
  await tab.click();
  assert(await tab.getAttribute('aria-selected') === 'true', 'the tab tapped is the one selected');
  await page.locator('[data-test=explorer-results] > *').first().waitFor();
  assert(await page.locator('[data-test=moves]').count() === 0, 'the game\'s panel gives way');
  await shot(page, 'explorer-game-page-phone');
  // the keys of the tabs pattern: the left arrow goes back to the game's panel, with the focus
  await page.keyboard.press('ArrowLeft');
  await page.locator('[data-test=moves]').waitFor();
  assert(await page.evaluate(() => document.activeElement?.getAttribute('data-test')) === 'tab-game', 'the focus follows the tab');

  // the analysis board at the start: the computer's games wait to be chosen
  await page.goto(`${base}/quickchess/analyse?variant=raging-rooks`);
  await page.locator('[data-test=tab-explorer]').click();
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
  const found = await violations(page);
  assert(!found.length, `axe finds no critical or serious violation in the explorer's tab: ${JSON.stringify(found)}`);
  await shot(page, 'explorer-analysis-phone-light');
  // a tap on the move plays it on the board; the explorer (its tab kept) follows to the
  // computer's reply, and the position's tab says the move
  await page.locator('[data-test=explorer-move]').first().click();
  await page.locator(`[data-test=explorer-results] li[data-uci="${reply}"]`).waitFor();
  const after = await shownMoves(page);
  assert(JSON.stringify(after) === JSON.stringify([[reply, 1]]), `the reply is shown: ${JSON.stringify(after)}`);
  await page.locator('[data-test=tab-position]').click();
  await page.getByText('Moves: a3').waitFor();
  await context.close();
}

async function theExplorerInEachLanguage({ browser, base }) {
  // on a desktop the section's title, on a phone its tab's
  for (const [lang, scheme, device, title] of [
    ['en', 'dark', DESKTOP, 'Opening explorer'],
    ['ru', 'light', PHONE, 'Дебюты'],
    ['de', 'dark', PHONE, 'Eröffnungen'],
    ['en', 'light', DESKTOP, 'Opening explorer'],
    ['en', 'dark', PHONE, 'Explorer'],
  ]) {
    const { context, page } = await newPage(browser, { ...device, colorScheme: scheme });
    await page.goto(`${base}/`);
    await page.evaluate((l) => localStorage.setItem('tabula:lang', l), lang);
    await page.goto(`${base}/quickchess/analyse?variant=raging-rooks&moves=a2a3`);
    const named = page.locator(device === PHONE ? '[data-test=tab-explorer]' : '[data-test=explorer-open]');
    if (device === PHONE) await named.click();
    await page.locator('[data-test=explorer-results] > *').first().waitFor();
    const said = await named.innerText();
    assert(said === title, `${lang}: the explorer is titled ${title}: ${said}`);
    await page.locator('[data-test=explorer] .explorer-filters summary').click();
    if (device === PHONE) assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${lang}: fits a phone`);
    // each checkbox's words beside it, however long (German's wrapped under the box once)
    for (const box of await page.locator('[data-test=explorer] label.row input[type=checkbox]').all()) {
      const at = await box.evaluate((b) => {
        const words = [...(b.closest('label')?.childNodes || [])].find((n) => n.nodeType === Node.TEXT_NODE);
        const range = document.createRange();
        if (words) range.selectNodeContents(words);
        return { box: b.getBoundingClientRect().right, words: words ? range.getBoundingClientRect().left : Infinity };
      });
      assert(at.words >= at.box, `${lang}: a checkbox's words start beside it (${at.words} px), not under it (its box ends at ${at.box} px)`);
    }
    await shot(page, `explorer-${lang}-${scheme}-${device === PHONE ? 'phone' : 'desktop'}`);
    await context.close();
  }
}

export const explorerScenarios = [
  ['explorer: a game played is counted at the start, and a move tapped plays on the board (phone)', aGamePlayedIsCountedAndAMoveTapped],
  ['explorer: the panel in three languages, light and dark, phone and desktop', theExplorerInEachLanguage],
];
