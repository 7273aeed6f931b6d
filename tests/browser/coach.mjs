// The lesson games' perfect-play coach on the game page (issue #34, item 2): a kings-conquest
// game at one screen where Black throws the draw away and White then throws the won position
// back, each named so on the page and said to a screen reader; the best moves on request,
// each checked against the server's values of the position after it; a game against the
// computer where the player's own move is judged; the coach turned off and on; pictures on a
// phone and a desktop, light and dark, in the three languages.
import { shot, assert, newPage, post } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** Plays `uci` on the page's board by two clicks. */
async function play(page, uci) {
  await page.locator(`svg.board rect[data-sq="${uci.slice(0, 2)}"]`).first().click();
  await page.locator(`svg.board rect[data-sq="${uci.slice(2, 4)}"]`).first().click();
}

/** Plays `uci` and waits for the coach's answer about the position after it (ply `plies`). */
async function playAndWait(page, uci, plies) {
  await play(page, uci);
  await page.waitForFunction((n) => document.querySelector('[data-test=coach-value]')
    && document.querySelector('[data-test=coach]')?.getAttribute('data-ply') === String(n), plies);
}

/** The coach's value of the game `moves` into kings-conquest, from the server. */
async function valueAfter(base, moves) {
  const r = await post(base, '/api/chess/position', { variant: 'kings-conquest', moves, coach: true });
  return r.coach.value;
}

async function throwsAreNamed({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await page.goto(`${base}/quickchess`);
  await page.locator('input[placeholder="Your nickname"]').fill('Coachee');
  await page.locator('[data-test=variant]').selectOption('kings-conquest');
  await page.locator('[data-test=one-screen]').click();
  await page.waitForURL(/\/quickchess\/play\//);
  await page.locator('[data-test=coach-value]').waitFor();
  assert((await page.locator('[data-test=coach-value]').innerText()) === 'With best play this is a draw.', 'the start is a draw');
  // the moves that keep the draw, on request: each is a draw for the side left to move
  await page.locator('[data-test=coach-best]').click();
  const listed = (await page.locator('[data-test=coach-best-moves]').innerText()).replace('Moves that keep it: ', '').split(', ');
  assert(listed.length >= 1, `some moves keep the draw: ${listed}`);
  const start = await post(base, '/api/chess/position', { variant: 'kings-conquest', coach: true });
  for (const san of listed) {
    const move = start.coach.keeping.find((m) => m.san === san);
    assert(move, `${san} is one of the server's`);
    assert((await valueAfter(base, [move.uci])) === 'draw', `${san} keeps the draw`);
  }
  assert(listed.length === start.coach.keeping.length, 'the page lists every keeping move');
  // a3 keeps it; Black's Kb6 throws the draw away; White's Kb1 throws the win back
  await playAndWait(page, 'a2a3', 1);
  await playAndWait(page, 'c6b6', 2);
  const lost = await page.locator('[data-test=coach-lost]').innerText();
  assert(lost === "Black's move lost the draw: with best play it is now lost.", `named: ${lost}`);
  assert((await valueAfter(base, ['a2a3', 'c6b6'])) === 'win', 'the server agrees: White now wins');
  assert((await page.locator('[data-test=coach-value]').innerText()) === 'With best play White wins.', 'the new value');
  await shot(page, 'coach-phone-light-draw-thrown');
  await playAndWait(page, 'c1b1', 3);
  const thrown = await page.locator('[data-test=coach-lost]').innerText();
  assert(thrown === "White's move lost the win: with best play it is now a draw.", `the thrown win is named: ${thrown}`);
  // a screen reader hears it too
  await page.waitForFunction(() => (document.querySelector('[data-test=announce]')?.textContent || '').includes("White's move lost the win"));
  assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the coach fits a phone');
  await shot(page, 'coach-phone-light-win-thrown');
  // looking back at step 2 (the game goes on), the coach speaks about that step
  await page.locator('[data-test=moves] button[data-step="2"]').click();
  await page.waitForFunction(() => document.querySelector('[data-test=coach]')?.getAttribute('data-ply') === '2');
  const back = await page.locator('[data-test=coach-lost]').innerText();
  assert(back === "Black's move lost the draw: with best play it is now lost.", `step 2 judged: ${back}`);
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('[data-test=coach]')?.getAttribute('data-ply') === '3');
  // turned off, it stays off across a reload; turned on again, it speaks again
  await page.locator('[data-test=coach-toggle]').click();
  assert((await page.locator('[data-test=coach-value]').count()) === 0, 'the coach is off');
  await page.reload();
  await page.locator('[data-test=coach-toggle]').waitFor();
  assert((await page.locator('[data-test=coach-value]').count()) === 0, 'still off after a reload');
  await page.locator('[data-test=coach-toggle]').click();
  await page.locator('[data-test=coach-value]').waitFor();
  // the analysis board's evaluation lists the moves that keep the value too
  await page.goto(`${base}/quickchess/analyse?variant=kings-conquest`);
  await page.locator('[data-test=analyse]').click();
  const kept = await page.locator('[data-test=coach-best-moves]').innerText();
  assert(kept === `Moves that keep it: ${listed.join(', ')}`, `the analysis board: ${kept}`);
  await context.close();
}

async function ownMoveJudgedAgainstTheComputer({ browser, base }) {
  for (const [lang, scheme, device, kept] of [
    ['en', 'dark', DESKTOP, 'Your move kept it.'],
    ['ru', 'light', PHONE, 'Ваш ход сохранил оценку.'],
    ['de', 'dark', PHONE, 'Dein Zug hat die Bewertung gehalten.'],
  ]) {
    const { context, page } = await newPage(browser, { ...device, colorScheme: scheme });
    await page.goto(`${base}/`);
    await page.evaluate((l) => localStorage.setItem('tabula:lang', l), lang);
    await page.goto(`${base}/quickchess`);
    await page.locator('[data-test=variant]').selectOption('kings-conquest');
    await page.locator('[data-test=level]').selectOption('1');
    await page.locator('[data-test=vs-computer]').click();
    await page.waitForURL(/\/quickchess\/play\//);
    await page.locator('[data-test=coach-value]').waitFor();
    await play(page, 'a2a3');
    // the judgement of one's own move stays after the computer's reply
    await page.locator('[data-test=coach-kept]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-test=coach]')?.getAttribute('data-ply') === '2');
    const said = await page.locator('[data-test=coach-kept]').innerText();
    assert(said === kept, `${lang}: the kept move is said so: ${said}`);
    if (device === PHONE) assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${lang}: fits a phone`);
    await shot(page, `coach-${lang}-${scheme}-${device === PHONE ? 'phone' : 'desktop'}`);
    await context.close();
  }
}

export const coachScenarios = [
  ['coach: kings-conquest at one screen, a thrown draw and a thrown win named, best moves, off and on', throwsAreNamed],
  ['coach: against the computer, the own move judged, in three languages', ownMoveJudgedAgainstTheComputer],
];
