// The Querni coach on the game page (issue #58, item 3), on a phone: a game against the
// computer where the player (blue) races with the strongest level's turns until the coach
// proves the win; the win's distance said on the page, the turns that keep it on request (each
// one the server's), a kept win praised after the player plays one; no axe finding, nothing
// too wide; pictures light and dark.
import { shot, assert, newPage, post, viewOf } from './harness.mjs';
import { violations } from './a11y.mjs';

// (bypassCSP: axe-core is added to the page as a script of its own)
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };

/** Plays `turn` for the page's seat through the API and waits for the page to show it. */
async function playTurn(page, base, id, turn) {
  const seat = await page.evaluate((gid) => JSON.parse(localStorage.getItem(`tabula:seat:${gid}`)), id);
  const before = (await viewOf(base, page, id)).history.length;
  const res = await fetch(`${base}/api/games/${id}/act`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: seat.token, action: { t: 'turn', turn } }),
  });
  assert(res.ok, `the turn ${turn} is taken: ${res.status} ${await res.text()}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-test=moves] button').length > n, before);
}

/** Waits until it is the page's turn again (the computer answered) or the game is over. */
async function awaitOurTurn(page, base, id) {
  for (let i = 0; i < 100; i++) {
    const view = await viewOf(base, page, id);
    if (view.over || view.your_turn) return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the computer did not answer');
}

async function theCoachProvesTheWin({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await page.goto(`${base}/querni`);
  await page.locator('[data-test=level]').selectOption('1');
  await page.locator('[data-test=color]').selectOption('blue');
  await page.locator('[data-test=vs-computer]').click();
  await page.waitForURL(/\/querni\/play\//);
  const id = page.url().split('/').pop();
  await page.locator('svg.querni').waitFor();
  // far from the end the coach proves nothing, and says so
  await page.locator('[data-test=coach-unknown]').waitFor();
  let view = await awaitOurTurn(page, base, id);
  let proved = null;
  for (let turn = 0; turn < 60 && !view.over; turn++) {
    const coach = await post(base, '/api/querni/coach', { position: view.position });
    if (coach.win && coach.win.winner === 'blue' && coach.win.turns >= 2) { proved = coach; break; }
    const hint = await post(base, '/api/querni/hint', { position: view.position, level: 5 });
    await playTurn(page, base, id, hint.turn);
    view = await awaitOurTurn(page, base, id);
  }
  assert(proved, 'the race reached a win the coach proves, two turns or more away');
  // the page says it: blue wins in N turns, with the turns that keep it on request
  await page.waitForFunction((n) => {
    const v = document.querySelector('[data-test=coach-value]');
    return v && v.getAttribute('data-winner') === 'blue' && v.getAttribute('data-turns') === String(n);
  }, proved.win.turns);
  const said = await page.locator('[data-test=coach-value]').innerText();
  assert(said === `With best play blue wins in ${proved.win.turns} turns of its own, whatever the other side does.`, `said: ${said}`);
  await page.locator('[data-test=coach-best]').click();
  const listed = (await page.locator('[data-test=coach-best-moves]').innerText()).replace('Turns that keep it: ', '').split(', ');
  assert(JSON.stringify(listed) === JSON.stringify(proved.keeping), `the page lists the server's turns: ${listed} / ${proved.keeping}`);
  assert(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'nothing is wider than the phone');
  const found = (await violations(page)).map((v) => `${v.id} (${v.impact}) at ${v.target}`);
  assert(found.length === 0, `axe finds nothing: ${found.join('; ')}`);
  await shot(page, 'querni-coach-phone-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'querni-coach-phone-dark');
  // one of them played: the coach praises the kept win
  await playTurn(page, base, id, proved.keeping[0]);
  await page.locator('[data-test=coach-kept]').waitFor();
  assert((await page.locator('[data-test=coach-kept]').innerText()) === 'Your turn kept the win.', 'the kept win is praised');
  await context.close();
}

export const querniCoachScenarios = [
  ['Querni coach: a proved win, its distance, the turns that keep it, a kept win praised (phone)', theCoachProvesTheWin],
];
