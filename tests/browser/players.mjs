// The browser scenarios of issue #19: two people sign up, one seeks a rated QuickChess game in
// the lobby, the other takes it, they play it to its end, and both profiles show the game and
// the new ratings; the daily puzzle solved by clicks.
import { shot, assert, newPage, post, viewOf, stamp as newStamp } from './harness.mjs';

async function signUp(page, base, name) {
  await page.goto(base + '/account');
  await page.locator('[data-test=username]').fill(name);
  await page.locator('[data-test=password]').fill('correct horse battery');
  await page.locator('[data-test=signup]').click();
  await page.waitForURL(new RegExp(`/players/${name}$`));
  await page.locator('#account-link', { hasText: name }).waitFor();
}

async function clickChessMove(page, move) {
  await page.locator(`svg.board rect[data-sq="${move.from}"]`).first().click();
  await page.locator(`svg.board rect[data-sq="${move.to}"]`).first().click();
}

async function ratedGameThroughTheLobby({ browser, base }) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  // registered names no other scenario gives a guest (a guest may not take a registered name)
  await signUp(a.page, base, 'anna');
  await signUp(b.page, base, 'bobby');
  await a.page.goto(base + '/');
  await b.page.goto(base + '/');
  await a.page.locator('[data-test=seek-rated]').check();
  await a.page.locator('[data-test=seek]').click();
  // Bob's lobby shows Ann's seek live; he takes it
  const row = b.page.locator('[data-test=seek-row]', { hasText: 'anna' });
  await row.waitFor();
  assert((await row.innerText()).includes('Rated'), 'the seek is rated');
  await shot(b.page, 'lobby-with-a-seek');
  await row.locator('[data-test=accept]').click();
  await b.page.waitForURL(/\/quickchess\/play\//);
  await a.page.waitForURL(/\/quickchess\/play\//);
  const id = a.page.url().split('/').pop();
  assert(b.page.url().endsWith(id), 'both are at the same game');
  // two moves each, by clicks (a game resigned sooner is not rated), then Ann resigns
  for (const p of [a.page, b.page, a.page, b.page]) {
    await p.locator('svg.board').first().waitFor();
    let v = await viewOf(base, p, id);
    for (let i = 0; i < 50 && !v.your_turn; i++) { await p.waitForTimeout(100); v = await viewOf(base, p, id); }
    assert(v.your_turn, 'this side is to move');
    await clickChessMove(p, v.legal[0]);
    for (let i = 0; i < 50 && v.your_turn; i++) { await p.waitForTimeout(100); v = await viewOf(base, p, id); }
  }
  await a.page.locator('[data-test=resign]').click();
  await a.page.locator('[data-test=confirm-yes]').click();
  const v = await (async () => { let w; for (let i = 0; i < 50; i++) { w = await viewOf(base, b.page, id); if (w.ratings && w.ratings.length === 2) return w; await b.page.waitForTimeout(100); } return w; })();
  assert(v.over && v.rated, 'a finished rated game');
  assert(v.ratings.length === 2, `both ratings changed: ${JSON.stringify(v.ratings)}`);
  // the end of the game shows each player's change: Bob won, so his went up
  const bobChange = b.page.locator('[data-test=rating-changes] .tag').filter({ hasText: 'bobby' });
  await bobChange.waitFor();
  assert(/1500 → 1\d{3}\? \(\+\d+\)/.test(await bobChange.innerText()), await bobChange.innerText());
  await shot(b.page, 'rated-game-over');
  // both profiles show the game and the new ratings
  for (const [page, name, up] of [[a.page, 'anna', false], [b.page, 'bobby', true]]) {
    await page.goto(`${base}/players/${name}`);
    await page.locator('[data-test=ratings]').waitFor();
    const text = await page.locator('[data-test=ratings]').innerText();
    const rating = Number(text.match(/(\d{3,4})\?/)[1]);
    assert(up ? rating > 1500 : rating < 1500, `${name}'s rating moved the right way: ${text}`);
    assert(text.includes('QuickChess untimed'), text);
    await page.locator(`[data-test=games] a[href="/replay/${id}"]`).waitFor();
    await page.locator('svg.chart circle').first().waitFor();
    await shot(page, `profile-${name}`);
  }
  await a.context.close();
  await b.context.close();
}

async function dailyPuzzleByClicks({ browser, base }) {
  const { context, page } = await newPage(browser);
  await page.goto(base + '/daily');
  const section = page.locator('[data-test=daily-royal-1]');
  await section.locator('button', { hasText: 'Start' }).click();
  await section.locator('svg.board').first().waitFor();
  const day = await (await fetch(`${base}/api/daily`)).json();
  const p = day.puzzles.find((x) => x.id === 'royal-1');
  const best = await post(base, '/api/solve/royal', { level: 1, board: p.board, card: p.target });
  for (const mv of best.solution) {
    const [from, to] = mv.split('-');
    const before = await section.locator('svg.board').first().getAttribute('aria-label');
    await section.locator(`svg.board rect[data-sq="${from}"]`).first().click();
    await section.locator(`svg.board rect[data-sq="${to}"]`).first().click();
    if (mv !== best.solution[best.solution.length - 1]) {
      await page.waitForFunction(([sel, b]) => document.querySelector(sel)?.getAttribute('aria-label') !== b, [`[data-test=daily-royal-1] svg.board`, before]);
    }
  }
  await section.locator('[data-test=daily-result]').waitFor();
  const result = await section.locator('[data-test=daily-result]').innerText();
  assert(result.includes('the best possible'), result);
  await section.locator('[data-test=ranking]').waitFor();
  // how many solved it counts the player just ranked (it said 0 above a ranking with them in it)
  const ranked = (await section.locator('[data-test=ranking] tr').count()) - 1;
  const count = await section.locator('[data-test=daily-count]').innerText();
  const solvers = Number((count.match(/Solved by (\d+) so far/) || [])[1]);
  assert(ranked >= 1 && solvers >= ranked, `the count and the ranking agree: "${count}", ${ranked} ranked`);
  await shot(page, 'daily-solved');
  await context.close();
}

/** Signs `name` up through the API; its session cookie ("tabula_session=..."). */
async function account(base, name) {
  const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name, password: 'correct horse battery' }) });
  assert(res.ok, `${name} signs up: ${res.status}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** A rated QuickChess game of `variant` at 3+2 (a blitz pool) between two accounts: two moves each, then White resigns. */
async function ratedBlitz(base, white, black, variant) {
  const call = async (path, body, cookie) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
    const data = await res.json();
    assert(res.ok, `${path}: ${data.error}`);
    return data;
  };
  const g = await call('/api/games', { kind: 'quickchess', name: 'x', options: { variant, color: 'white', clock: { initial_s: 180, increment_s: 2 } }, bots: [], rated: true }, white);
  const j = await call(`/api/games/${g.id}/join`, { name: 'y' }, black);
  const tokens = [g.token, j.token];
  for (let ply = 0; ply < 4; ply++) {
    const token = tokens[ply % 2];
    const { view } = await (await fetch(`${base}/api/games/${g.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    await post(base, `/api/games/${g.id}/act`, { token, action: { t: 'move', uci: view.legal[0].uci } });
  }
  await post(base, `/api/games/${g.id}/act`, { token: tokens[0], action: { t: 'resign' } });
}

// Issue #33, item 6: the leaderboard opens where players are: on the viewer's own pool (the one
// of most of their rated games), else on the busiest, never on an empty pool; each pool is
// offered with its number of players, the pool shown is kept in the address, and with no rated
// player anywhere the page says how rated games come about.
async function leaderboardOpensWherePlayersAre({ browser, base }) {
  const stamp = newStamp();
  const [ann, bob, cid, dan, eve] = await Promise.all(['lbann', 'lbbob', 'lbcid', 'lbdan', 'lbeve'].map((n) => account(base, n + stamp)));
  // three players in QuickChess blitz, two in 8x8 chess blitz
  await ratedBlitz(base, ann, bob, 'quickchess');
  await ratedBlitz(base, ann, cid, 'quickchess');
  await ratedBlitz(base, dan, eve, 'chess');
  const { pools } = await (await fetch(`${base}/api/leaderboard`)).json();
  const busiest = pools[0];
  assert(busiest.pool !== 'chess:blitz' && busiest.players >= 3, `the busiest pool: ${JSON.stringify(pools)}`);
  // a visitor: the busiest pool, with players in it
  const visitor = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await visitor.page.goto(`${base}/leaderboard`);
  const pick = visitor.page.locator('[data-test=pool]');
  await visitor.page.locator('[data-test=leaderboard] tr').nth(1).waitFor();
  assert((await pick.inputValue()) === busiest.pool, `a visitor sees the busiest pool: ${await pick.inputValue()}`);
  const offered = await pick.locator('option').allInnerTexts();
  assert(offered.length === pools.length && offered[0].includes(`${busiest.players} players`), `each pool with its players: ${offered}`);
  await shot(visitor.page, 'leaderboard-visitor-phone');
  // the pool chosen is kept in the address
  await pick.selectOption('chess:blitz');
  await visitor.page.waitForURL(/\/leaderboard\?pool=chess%3Ablitz$/);
  await visitor.page.reload();
  await visitor.page.locator('[data-test=leaderboard]').waitFor();
  assert((await visitor.page.locator('[data-test=pool]').inputValue()) === 'chess:blitz', 'the address opens its pool');
  await visitor.context.close();
  // Dan: his own pool, though another is busier, his row marked
  const signedIn = await newPage(browser, { width: 1366, height: 900 });
  await signedIn.context.addCookies([{ name: dan.split('=')[0], value: dan.slice(dan.indexOf('=') + 1), url: base }]);
  await signedIn.page.goto(`${base}/leaderboard`);
  await signedIn.page.locator('[data-test=leaderboard] tr.me').waitFor();
  assert((await signedIn.page.locator('[data-test=pool]').inputValue()) === 'chess:blitz', 'a player sees their own pool');
  assert((await signedIn.page.locator('[data-test=leaderboard] tr.me').innerText()).includes(`lbdan${stamp}`), 'their row is theirs');
  await shot(signedIn.page, 'leaderboard-own-pool');
  // nobody rated anywhere: what to do instead of an empty table
  await signedIn.page.route('**/api/leaderboard', (route) => route.fulfill({ json: { pools: [] } }));
  await signedIn.page.reload();
  await signedIn.page.locator('[data-test=board-empty]').waitFor();
  assert((await signedIn.page.locator('[data-test=board-empty] a').count()) >= 1, 'the empty leaderboard leads to a rated game');
  await signedIn.context.close();
}

export const playerScenarios = [
  ['players: the leaderboard opens on the viewer\'s pool or the busiest, never an empty one', leaderboardOpensWherePlayersAre],
  ['players: two accounts, a rated seek taken in the lobby, both profiles', ratedGameThroughTheLobby],
  ['the daily puzzle solved by clicks', dailyPuzzleByClicks],
];
