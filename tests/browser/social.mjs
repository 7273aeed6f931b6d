// Friends (issue #30, item 6), by clicks on phones: Ann follows Bob from his profile; her
// account page shows him online with the game he is playing, and the Watch button opens it;
// Bob blocks Ann from her profile, and she no longer follows him.
import { shot, assert, newPage, signUp, stamp as newStamp } from './harness.mjs';
import { axeFindings } from './moderation.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function followWatchAndBlock({ browser, base }) {
  const stamp = newStamp();
  const [ann, bob] = [`fa${stamp}`, `fb${stamp}`];
  const a = await newPage(browser, { ...PHONE, bypassCSP: true });
  const b = await newPage(browser, PHONE);
  await signUp(a.page, base, ann);
  await signUp(b.page, base, bob);
  // Bob plays the computer
  const game = await b.page.evaluate(async () => (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'quickchess', options: { variant: 'quickchess', color: 'white' }, bots: [1] }) })).json());
  assert(game.id, `a game: ${JSON.stringify(game)}`);

  await a.page.goto(`${base}/players/${bob}`);
  await a.page.locator('[data-test=follow]').click();
  await a.page.locator('[data-test=unfollow]').waitFor();
  await shot(a.page, 'profile-relation-phone');
  const onProfile = await axeFindings(a.page);
  assert(onProfile.length === 0, `axe on the profile: ${onProfile.join(', ')}`);
  await a.page.goto(`${base}/account`);
  const friend = a.page.locator(`[data-test=friend][data-name="${bob}"]`);
  await friend.waitFor();
  assert((await friend.locator('.dot.on').count()) === 1, 'Bob is online');
  await shot(a.page, 'friends-phone');
  const findings = await axeFindings(a.page);
  assert(findings.length === 0, `axe on the friends: ${findings.join(', ')}`);
  const width = await a.page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the account page fits a phone (${width} px)`);
  await friend.locator('[data-test=watch]').click();
  await a.page.waitForURL(new RegExp(`/quickchess/play/${game.id}$`));
  await a.page.locator('svg.board').first().waitFor();

  // Bob blocks Ann: her follow ends
  await b.page.goto(`${base}/players/${ann}`);
  await b.page.locator('[data-test=block]').click();
  await b.page.locator('[data-test=unblock]').waitFor();
  assert((await b.page.locator('[data-test=follow]').count()) === 0, 'no follow while blocking');
  await a.page.goto(`${base}/account`);
  await a.page.locator('[data-test=friends]', { hasText: 'You follow nobody yet' }).waitFor();
  await b.page.goto(`${base}/account`);
  await b.page.locator('[data-test=blocked]', { hasText: ann }).waitFor();
  await a.context.close();
  await b.context.close();
}

export const socialScenarios = [
  ['friends: follow from a profile, see online and watch, block', followWatchAndBlock],
];
