// Challenges (issue #30, item 5): Ann challenges Bob from his profile on her phone; Bob, on
// another page on his phone, sees the header's bell count it at once (its socket rings: its
// own asking is only every 30 s), opens it and accepts; both pages open the game, each in its
// own seat. Bob resigns; Ann challenges him again from the finished game, its game chosen.
// Correspondence (item 8): a challenge at three days a move; the clocks show days; after Ann's
// move Bob's bell rings on the page he is on, and Bob, signed in on another phone, finds the
// game on his home page's "Your turn" list and in his bell, and opens it in his own seat.
import { shot, assert, newPage, signIn, twoSignedUp } from './harness.mjs';
import { axeFindings } from './moderation.mjs';
import { checkPage } from './languages.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };

async function challengeFromProfileAcceptFromBell({ browser, base }) {
  const { ann, bob, a, b } = await twoSignedUp(browser, base, PHONE, ['xa', 'xb']);
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

async function correspondenceFromAChallenge({ browser, base }) {
  const { ann, bob, a, b } = await twoSignedUp(browser, base, PHONE, ['ca', 'cb']);
  await b.page.goto(`${base}/`);
  await b.page.locator('[data-test=bell]').waitFor();
  await a.page.goto(`${base}/players/${bob}`);
  await a.page.locator('[data-test=challenge]').click();
  await a.page.locator('[data-test=challenge-game]').selectOption('quickchess');
  await a.page.locator('[data-test=challenge-clock]').selectOption('3d');
  await a.page.locator('[data-test=challenge-side]').selectOption('first');
  await a.page.locator('[data-test=challenge-send]').click();
  await a.page.locator('[data-test=challenge-dialog]').waitFor({ state: 'detached' });
  await b.page.locator('[data-test=bell] .badge', { hasText: '1' }).waitFor({ timeout: 5000 });
  await b.page.locator('[data-test=bell]').click();
  assert((await b.page.locator('[data-test=challenge-in]').innerText()).includes('3 days a move'), 'the challenge says its days');
  await b.page.locator('[data-test=challenge-accept]').click();
  await b.page.waitForURL(/\/quickchess\/play\//);
  const path = new URL(b.page.url()).pathname;
  await a.page.waitForURL((u) => u.pathname === path, { timeout: 10_000 });
  // the clocks count days
  const face = a.page.locator('[data-clock]').first();
  await face.waitFor();
  assert(/^\d d \d+ h$/.test(await face.innerText()), `a clock in days: ${await face.innerText()}`);
  await shot(a.page, 'correspondence-game-phone');
  // Ann, White, moves by clicks
  const id = path.split('/').pop();
  const v = await a.page.evaluate(async (gid) => {
    const seat = JSON.parse(localStorage.getItem(`tabula:seat:${gid}`) || '{}');
    return (await (await fetch(`/api/games/${gid}`, { headers: { Authorization: `Bearer ${seat.token}` } })).json()).view;
  }, id);
  assert(v.your_turn, 'White moves first');
  await a.page.locator(`svg.board rect[data-sq="${v.legal[0].from}"]`).click();
  await a.page.locator(`svg.board rect[data-sq="${v.legal[0].to}"]`).click();
  await a.page.locator('[data-test=moves] button').first().waitFor();
  // Bob's bell, in the header of the game page he is on, counts his turn at once: the move
  // rang it over its socket (it asks by itself every 30 s only)
  await b.page.locator('[data-test=bell] .badge', { hasText: '1' }).waitFor({ timeout: 5000 });
  // Bob on another phone: the game waits on his home page and in his bell, and opens in his seat
  const c = await newPage(browser, PHONE);
  await signIn(c.page, base, bob);
  await c.page.goto(`${base}/`);
  const line = c.page.locator('[data-test=home-turns] [data-test=turn]');
  await line.waitFor({ timeout: 10_000 });
  assert((await line.innerText()).includes(ann), `the opponent is named: ${await line.innerText()}`);
  await c.page.locator('[data-test=bell] .badge', { hasText: '1' }).waitFor({ timeout: 5000 });
  await shot(c.page, 'correspondence-your-turn-phone');
  const findings = await axeFindings(c.page);
  assert(findings.length === 0, `axe on the home page with a turn waiting: ${findings.join(', ')}`);
  await line.locator('a').click();
  await c.page.waitForURL((u) => u.pathname === path);
  const you = c.page.locator('.tag.you').first();
  await you.waitFor();
  const beside = await you.evaluate((e) => e.parentElement?.textContent || '');
  assert(beside.includes(bob), `Bob holds his seat on his other phone: ${beside}`);
  // the list and the days in Russian and German: no word left in English, nothing too wide
  for (const language of ['ru', 'de']) {
    const d = await newPage(browser, { ...PHONE, locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
    // (the game page's names and moves are no words: its clock is read alone)
    await signIn(d.page, base, ann);
    await d.page.goto(base + path);
    const days = await d.page.locator('[data-clock]').first().innerText();
    assert(new RegExp(`^\\d ${language === 'ru' ? 'д' : 'T'} \\d+ ${language === 'ru' ? 'ч' : 'Std'}$`).test(days), `${language}: a clock in days: ${days}`);
    await signIn(d.page, base, bob);
    await checkPage(d.page, base, language, '/', (p) => p.locator('[data-test=home-turns] [data-test=turn]').waitFor());
    const width = await d.page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 390, `${language}: the home page is ${width} px wide`);
    await shot(d.page, `correspondence-your-turn-${language}-phone`);
    await d.context.close();
  }
  for (const p of [a, b, c]) await p.context.close();
}

export const challengeScenarios = [
  ['challenges: sent from a profile on a phone, rung to the bell, accepted, both in the game; again from the finished game', challengeFromProfileAcceptFromBell],
  ['correspondence: a challenge at three days a move; after a move the game waits on the other player\'s home page and bell, on another phone', correspondenceFromAChallenge],
];
