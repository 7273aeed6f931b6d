// A player's games (issue #56): two players play two QuickChess games through the API; on a
// phone the profile links to the search, the list shows both games with their small boards,
// a filter (the address keeps it) leaves one, the downloads take the filters, a replay has
// the opening explorer, and the page passes axe-core. Pictures on a phone and a desktop,
// light and dark, in the three languages.
import { shot, assert, newPage, twoSignedUp } from './harness.mjs';
import { violations } from './a11y.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/**
 * A QuickChess game the first page's player makes as White and the second's joins, `moves`
 * played, then the side `resigner` (0 White, 1 Black) resigns: its id.
 */
async function playThrough(host, guest, moves, resigner) {
  const made = await host.evaluate(async () => (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'quickchess', options: { color: 'white' } }) })).json());
  const joined = await guest.evaluate(async (id) => (await fetch(`/api/games/${id}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json(), made.id);
  const tokens = [made.token, joined.token];
  const act = (page, token, action) => page.evaluate(async ([id, body]) => (await fetch(`/api/games/${id}/act`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status, [made.id, { token, action }]);
  for (const [i, uci] of moves.entries()) {
    const status = await act(i % 2 ? guest : host, tokens[i % 2], { t: 'move', uci });
    assert(status === 200, `move ${uci}: ${status}`);
  }
  assert(await act(resigner ? guest : host, tokens[resigner], { t: 'resign' }) === 200, 'resign');
  return made.id;
}

async function gamesFoundFilteredAndPaged({ browser, base }) {
  // axe-core is added to the page as a script: the context lets it past the site's CSP
  const { ann, bob, a, b } = await twoSignedUp(browser, base, { ...PHONE, bypassCSP: true }, ['g', 'h']);
  const won = await playThrough(a.page, b.page, ['a2a3', 'a5a4', 'b2b3', 'e5e4'], 1);
  const lost = await playThrough(a.page, b.page, ['a2a3'], 0);
  const page = a.page;
  await page.goto(`${base}/players/${ann}`);
  await page.locator('[data-test=all-games]').click();
  await page.locator('[data-test=game-row]').nth(1).waitFor();
  assert(new URL(page.url()).pathname === `/players/${ann}/games`, `the profile links to the games: ${page.url()}`);
  const rows = await page.locator('[data-test=game-row] a').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  assert(JSON.stringify(rows) === JSON.stringify([`/replay/${lost}`, `/replay/${won}`]), `both games, newest first: ${rows}`);
  assert(await page.locator('[data-test=game-row] svg.board').count() === 2, 'each game has its small board');
  assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the list fits a phone');
  await shot(page, 'player-games-phone-light');
  const problems = await violations(page);
  assert(problems.length === 0, `axe-core: ${JSON.stringify(problems)}`);

  // the wins only: the address keeps the filter, and the downloads take it
  await page.locator('[data-test=filter-result]').selectOption('win');
  await page.locator('[data-test=filter-opponent]').fill(bob);
  await page.locator('[data-test=games-search]').click();
  await page.waitForURL((u) => u.search.includes('result=win'));
  await page.locator('[data-test=games-list] [data-test=game-row]').first().waitFor();
  const wins = await page.locator('[data-test=game-row]').count();
  assert(wins === 1, `one win: ${wins}`);
  assert(await page.locator('[data-test=game-row]').getAttribute('data-result') === 'win', 'the win');
  const pgn = await page.locator('[data-test=download-pgn]').getAttribute('href');
  assert(pgn.includes('result=win') && pgn.includes(`opponent=${bob}`), `the download takes the filters: ${pgn}`);
  const file = await page.evaluate(async (href) => (await fetch(href)).text(), pgn);
  assert((file.match(/\[Event /g) || []).length === 1 && file.includes(`[White "${ann}"]`), `one game in the file: ${file}`);
  await page.reload();
  await page.locator('[data-test=game-row]').first().waitFor();
  assert(await page.locator('[data-test=filter-result]').inputValue() === 'win', 'the filter is kept on a reload');

  // a replay has the explorer too: at its start, both games' first move
  await page.goto(`${base}/replay/${won}`);
  await page.locator('[data-test=explorer-open]').click();
  await page.locator('[data-test=explorer-results] li[data-uci="a2a3"]').waitFor();
  const count = await page.locator('[data-test=explorer-results] li[data-uci="a2a3"] .explorer-count').innerText();
  assert(count === '2', `both games played a2a3 from the start: ${count}`);
  assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the replay with the explorer fits a phone');
  await shot(page, 'player-games-replay-explorer-phone');

  // a page of one game, then "more"
  await page.goto(`${base}/players/${ann}/games`);
  await page.locator('[data-test=game-row]').nth(1).waitFor();
  const more = await page.evaluate(async (name) => (await fetch(`/api/players/${name}/games?limit=1`)).json(), ann);
  assert(more.games.length === 1 && typeof more.next === 'string', `a page of one has a next: ${JSON.stringify(more)}`);
  await a.context.close();
  await b.context.close();
  return ann;
}

/** The page of `ann`'s games in each language. */
async function theGamesInEachLanguage({ browser, base }, ann) {
  for (const [lang, scheme, device, title] of [
    ['en', 'dark', DESKTOP, 'games'],
    ['ru', 'light', PHONE, 'Партии игрока'],
    ['de', 'dark', PHONE, 'Partien von'],
    ['en', 'light', DESKTOP, 'games'],
  ]) {
    const { context, page } = await newPage(browser, { ...device, colorScheme: scheme });
    await page.goto(`${base}/`);
    await page.evaluate((l) => localStorage.setItem('tabula:lang', l), lang);
    await page.goto(`${base}/players/${ann}/games`);
    await page.locator('[data-test=game-row]').first().waitFor();
    const said = await page.locator('h1').innerText();
    assert(said.includes(title), `${lang}: the page is titled ${title}: ${said}`);
    if (device === PHONE) assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${lang}: fits a phone`);
    await shot(page, `player-games-${lang}-${scheme}-${device === PHONE ? 'phone' : 'desktop'}`);
    await context.close();
  }
}

async function both(ctx) {
  const ann = await gamesFoundFilteredAndPaged(ctx);
  await theGamesInEachLanguage(ctx, ann);
}

export const playerGamesScenarios = [
  ['player games: found, filtered, downloaded with the filters and paged (phone), then in three languages, light and dark', both],
];
