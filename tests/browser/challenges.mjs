// Challenges (issue #30, item 5): Ann challenges Bob from his profile on her phone; Bob, on
// another page on his phone, sees the header's bell count it at once (its socket rings: its
// own asking is only every 30 s), opens it and accepts; both pages open the game, each in its
// own seat. Bob resigns; Ann challenges him again from the finished game, its game chosen.
import { shot, assert, newPage } from './harness.mjs';
import { axeFindings } from './moderation.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };

/** @param {import('playwright-core').Page} page @param {string} base @param {string} name */
async function signUp(page, base, name) {
  await page.goto(base + '/account');
  const status = await page.evaluate(async (n) => (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: n, password: 'correct horse battery' }) })).status, name);
  assert(status === 200, `${name} signed up (${status})`);
}

async function challengeFromProfileAcceptFromBell({ browser, base }) {
  const stamp = Date.now().toString(36).slice(-5);
  const [ann, bob] = [`xa${stamp}`, `xb${stamp}`];
  const a = await newPage(browser, PHONE);
  const b = await newPage(browser, PHONE);
  await signUp(a.page, base, ann);
  await signUp(b.page, base, bob);
  await b.page.goto(`${base}/puzzles`);
  await b.page.locator('[data-test=bell]').waitFor();

  await a.page.goto(`${base}/players/${bob}`);
  await a.page.locator('[data-test=challenge]').click();
  await a.page.locator('[data-test=challenge-game]').selectOption('querni');
  await a.page.locator('[data-test=challenge-side]').selectOption('first');
  await shot(a.page, 'challenge-dialog-phone');
  const onDialog = await axeFindings(a.page);
  assert(onDialog.length === 0, `axe on the challenge dialog: ${onDialog.join(', ')}`);
  await a.page.locator('[data-test=challenge-send]').click();
  await a.page.locator('[data-test=challenge-dialog]').waitFor({ state: 'detached' });

  // Bob's bell counts it at once: rung over its socket (it asks by itself every 30 s only)
  await b.page.locator('[data-test=bell] .badge', { hasText: '1' }).waitFor({ timeout: 5000 });
  await b.page.locator('[data-test=bell]').click();
  await b.page.locator('[data-test=challenge-in]', { hasText: ann }).waitFor();
  await shot(b.page, 'bell-list-phone');
  const onList = await axeFindings(b.page);
  assert(onList.length === 0, `axe on the bell's list: ${onList.join(', ')}`);
  const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the header with its bell fits a phone (${width} px)`);
  await b.page.locator('[data-test=challenge-accept]').click();
  await b.page.waitForURL(/\/querni\/play\//);
  const game = new URL(b.page.url()).pathname;
  // Ann's page, still on Bob's profile, opens the same game
  await a.page.waitForURL((u) => u.pathname === game, { timeout: 10_000 });
  // each holds their own seat: the "you" tag stands beside their own name
  for (const [p, me] of [[a.page, ann], [b.page, bob]]) {
    const you = p.locator('.tag.you').first();
    await you.waitFor();
    const beside = await you.evaluate((e) => e.parentElement?.textContent || '');
    assert(beside.includes(me), `${me} holds their own seat: ${beside}`);
  }
  // Bob resigns; Ann challenges him again from the finished game, Querni already chosen
  await b.page.locator('[data-test=resign]').click();
  await b.page.locator('[data-test=confirm-yes]').click();
  await a.page.locator('[data-test=challenge-opponent]', { hasText: bob }).click();
  assert(await a.page.locator('[data-test=challenge-game]').inputValue() === 'querni', 'the finished game\'s game is chosen');
  await shot(a.page, 'challenge-after-game-phone');
  await a.page.locator('[data-test=challenge-send]').click();
  await a.page.locator('[data-test=challenge-dialog]').waitFor({ state: 'detached' });
  await b.page.locator('[data-test=bell] .badge', { hasText: '1' }).waitFor({ timeout: 5000 });
  await a.context.close();
  await b.context.close();
}

export const challengeScenarios = [
  ['challenges: sent from a profile on a phone, rung to the bell, accepted, both in the game; again from the finished game', challengeFromProfileAcceptFromBell],
];
