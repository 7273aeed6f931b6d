// Competitive play players can rely on (issue #54): a seat belongs to the account, so Bob's
// second browser (his phone, signed in, without the seat's token) opens his live game in his
// seat and moves; a stranger's spam tournament is cancelled and hidden by a moderator from the
// moderation page.
import { assert, newPage, signIn, signUp, twoSignedUp, shot, stamp as newStamp } from './harness.mjs';
import { admin, axeFindings } from './moderation.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The view of game `id` as the page's session sees it (no token). */
async function sessionView(page, id) {
  return page.evaluate(async (gid) => (await (await fetch(`/api/games/${gid}`)).json()), id);
}

async function secondBrowserPlaysTheSeat({ browser, base }) {
  const { ann, bob, a, b } = await twoSignedUp(browser, base, { width: 1366, height: 900 }, ['sa', 'sb']);
  // Ann makes a QuickChess game (White); Bob takes the other seat on his laptop
  const made = await a.page.evaluate(async () => {
    const g = await (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'quickchess', options: { variant: 'quickchess', color: 'first' } }) })).json();
    localStorage.setItem(`tabula:seat:${g.id}`, JSON.stringify({ seat: g.seat, token: g.token }));
    return g;
  });
  assert(made.id, `a game: ${JSON.stringify(made)}`);
  await b.page.evaluate(async (id) => {
    const j = await (await fetch(`/api/games/${id}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json();
    localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat: j.seat, token: j.token }));
  }, made.id);
  await a.page.goto(`${base}/quickchess/play/${made.id}`);
  // White's first move, by clicks on Ann's board
  const first = (await sessionView(a.page, made.id)).view.legal[0].uci;
  const annBoard = a.page.locator('svg.board').first();
  await annBoard.locator(`rect[data-sq="${first.slice(0, 2)}"]`).click();
  await annBoard.locator(`rect[data-sq="${first.slice(2, 4)}"]`).click();
  // Bob's phone: signed in, no token in this browser, the game's link opened
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, base, bob);
  await phone.page.goto(`${base}/quickchess/play/${made.id}`);
  const seen = await sessionView(phone.page, made.id);
  assert(seen.seat === 1, `the session holds Bob's seat: ${JSON.stringify(seen.seat)}`);
  await phone.page.locator('[data-test=resign]').waitFor({ timeout: 10_000 });
  const reply = seen.view.legal[0].uci;
  const board = phone.page.locator('svg.board').first();
  await board.locator(`rect[data-sq="${reply.slice(0, 2)}"]`).click();
  await board.locator(`rect[data-sq="${reply.slice(2, 4)}"]`).click();
  await phone.page.waitForFunction(async (gid) => {
    const v = await (await fetch(`/api/games/${gid}`)).json();
    return v.v >= 2 && v.view.your_turn === false;
  }, made.id, { timeout: 10_000 });
  await shot(phone.page, 'seat-second-device-phone');
  // his laptop, where he took the seat, sees his phone's move as his own
  await b.page.goto(`${base}/quickchess/play/${made.id}`);
  const laptop = await b.page.evaluate(async (gid) => {
    const seat = JSON.parse(localStorage.getItem(`tabula:seat:${gid}`));
    return (await (await fetch(`/api/games/${gid}`, { headers: { Authorization: `Bearer ${seat.token}` } })).json());
  }, made.id);
  assert(laptop.v === 2 && laptop.seat === 1, `the laptop's seat sees both moves: ${JSON.stringify({ v: laptop.v, seat: laptop.seat })}`);
  assert(ann, 'Ann played');
  for (const c of [a, b, phone]) await c.context.close();
}

async function spamTournamentCancelled({ browser, base, dir }) {
  const stamp = newStamp();
  const [mod, spammer] = [`md${stamp}`, `sp${stamp}`];
  const m = await newPage(browser, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const s = await newPage(browser, PHONE);
  await signUp(m.page, base, mod);
  await signUp(s.page, base, spammer);
  assert(admin(dir, 'role', mod, 'admin').includes('is now admin'), 'the operator makes a moderator');
  // the stranger lists a twelve-hour arena a week ahead
  const made = await s.page.evaluate(async () => (await (await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'arena', game: 'querni', clock: { initial_s: 60 }, minutes: 720, starts_in_s: 7 * 24 * 3600 - 60, name: 'Free prizes here' }) })).json()));
  assert(made.id, `a tournament: ${JSON.stringify(made)}`);
  await m.page.goto(`${base}/admin`);
  const card = m.page.locator(`[data-test=admin-tournament][data-id="${made.id}"]`);
  await card.waitFor();
  await m.page.locator('[data-test=tournament-reason]').fill('spam');
  await card.locator('[data-test=tournament-hide]').click();
  await card.waitFor({ state: 'detached' });
  await m.page.locator('[data-test=audit-line]', { hasText: 'cancel_hide_tournament' }).first().waitFor();
  await shot(m.page, 'admin-tournaments-desktop');
  const findings = await axeFindings(m.page);
  assert(findings.length === 0, `axe on the moderation page: ${findings.join(', ')}`);
  // gone from everyone's lists; its own page says it was cancelled
  const list = await s.page.evaluate(async () => (await (await fetch('/api/tournaments')).json()));
  assert(!list.upcoming.some((x) => x.id === made.id), 'no longer listed');
  const one = await s.page.evaluate(async (id) => (await (await fetch(`/api/tournaments/${id}`)).json()), made.id);
  assert(one.status === 'cancelled', `cancelled: ${one.status}`);
  for (const c of [m, s]) await c.context.close();
}

export const trustScenarios = [
  ['seats: a second browser of the account opens its live game in its seat and moves', secondBrowserPlaysTheSeat],
  ['tournaments: a stranger\'s spam event cancelled and hidden by a moderator', spamTournamentCancelled],
];
