// What a visit costs on a slow phone network (issue #31's "fast pages"): bytes transferred on
// a first and a repeat visit to the home page, requests made, and the time until a game page
// is usable (its board drawn from the socket's state), under a simulated slow 4G (1.6 Mbps
// down, 750 kbps up, 150 ms round trip) set through Chromium's DevTools protocol. The service
// worker is blocked so that every byte crosses the network the page sees (its own fetches
// would otherwise be unseen).
//
// The scenario runs its own server over TLS, as a site is served (by `--tls-cert` or behind a
// proxy): browsers speak HTTP/2 only over TLS, and over HTTP/2 a page's fifty files share one
// connection. `measure-speed.mjs` prints the same numbers, plain HTTP/1.1 beside, for
// BENCHMARKS.md.
import { startServer, assert } from './harness.mjs';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, serviceWorkers: /** @type {const} */ ('block') };

/** The targets. */
export const TARGETS = { firstBytes: 150_000, repeatBytes: 15_000, gameMs: 1500 };

/** A context on the slowed network, with its DevTools session. */
async function slowContext(browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send('Network.enable');
  await client.send('Network.emulateNetworkConditions', SLOW_4G);
  return { context, page, client };
}

/** Opens `url` in `page`: bytes, requests, the HTTP versions seen, and the time to `ready`. */
async function visit(page, client, url, ready) {
  let bytes = 0;
  let requests = 0;
  const protocols = new Set();
  const done = (e) => { bytes += e.encodedDataLength; };
  const sent = () => { requests++; };
  const got = (e) => { if (e.response.protocol) protocols.add(e.response.protocol); };
  client.on('Network.loadingFinished', done);
  client.on('Network.requestWillBeSent', sent);
  client.on('Network.responseReceived', got);
  const began = Date.now();
  await page.goto(url);
  await ready();
  const ms = Date.now() - began;
  await page.waitForTimeout(500); // late requests (catalogues, the lobby) still count
  client.off('Network.loadingFinished', done);
  client.off('Network.requestWillBeSent', sent);
  client.off('Network.responseReceived', got);
  return { bytes, requests, ms, protocols: [...protocols].sort() };
}

/**
 * Measures the four visits against a server of its own (`tls`: HTTPS with HTTP/2).
 * @returns {Promise<Record<string, {bytes: number, requests: number, ms: number, protocols: string[]}>>}
 */
export async function measure(browser, { tls }) {
  const server = await startServer({ tls });
  const contexts = [];
  try {
    const a = await slowContext(browser);
    contexts.push(a.context);
    const home = () => a.page.locator('main h1, main h2').first().waitFor();
    const homeFirst = await visit(a.page, a.client, server.url + '/', home);
    const homeRepeat = await visit(a.page, a.client, server.url + '/', home);
    // a game against the computer, opened as a player who follows a link
    // (made by the page: the browser trusts the run's certificate, Node does not)
    const g = await a.page.evaluate(async (body) => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`the game is not made: HTTP ${r.status}`);
      return r.json();
    }, { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
    const seat = ({ id, seat: s, token }) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat: s, token }));
    await a.page.evaluate(seat, g);
    const board = (p) => () => p.locator('svg.board').first().waitFor();
    const gameAfterHome = await visit(a.page, a.client, `${server.url}/quickchess/play/${g.id}`, board(a.page));
    // a phone that has never seen the site: an empty cache, the player's seat given
    const b = await slowContext(browser);
    contexts.push(b.context);
    await b.context.addInitScript(seat, g);
    const gameCold = await visit(b.page, b.client, `${server.url}/quickchess/play/${g.id}`, board(b.page));
    return { home_first: homeFirst, home_repeat: homeRepeat, game_after_home: gameAfterHome, game_cold: gameCold };
  } finally {
    for (const c of contexts) await c.close();
    await server.stop();
  }
}

async function slowPhoneTargets({ browser }) {
  let m = await measure(browser, { tls: true });
  // a time on a shared, busy machine: a first visit over the target is measured once more and
  // the better of the two counts (a page that is slow every time still fails)
  if (m.game_cold.ms >= TARGETS.gameMs) {
    const again = await measure(browser, { tls: true });
    console.log(`     a game page's first visit took ${m.game_cold.ms} ms, then ${again.game_cold.ms} ms`);
    if (again.game_cold.ms < m.game_cold.ms) m = { ...m, game_cold: again.game_cold };
  }
  assert(m.game_cold.protocols.includes('h2'), `the page's files came over HTTP/2: ${m.game_cold.protocols}`);
  assert(m.home_first.bytes < TARGETS.firstBytes, `first visit: ${m.home_first.bytes} bytes, target under ${TARGETS.firstBytes}`);
  assert(m.home_repeat.bytes < TARGETS.repeatBytes, `repeat visit: ${m.home_repeat.bytes} bytes, target under ${TARGETS.repeatBytes}`);
  assert(m.game_cold.ms < TARGETS.gameMs, `a game page, first visit: usable after ${m.game_cold.ms} ms, target ${TARGETS.gameMs}`);
  console.log(`     ${JSON.stringify(m)}`);
}

/** A path of every page of web/app.js's routes (ids need not exist: the page's code loads). */
const PAGES = ['/', '/checkmates', '/checkmates/solver', '/checkmates/solo/x', '/checkmates/party/x', '/royal', '/royal/solo/x',
  '/royal/match/x', '/querni', '/querni/play/x', '/quickchess', '/quickchess/analyse', '/quickchess/play/x', '/replay/x', '/account',
  '/players/ada', '/leaderboard', '/daily', '/puzzles', '/rules/querni', '/learn/quickchess', '/learn/quickchess/1', '/learn/checkmates',
  '/learn/royal'];

/** Every page names all the modules it runs as preloads (page_modules.rs follows app.js's routes). */
async function everyPageNamesItsModules({ browser, base }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const path of PAGES) {
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
      const { loaded, named } = await page.evaluate(() => ({
        loaded: performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')),
        named: [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL(/** @type {HTMLLinkElement} */ (l).href).pathname),
      }));
      const late = loaded.filter((p) => !named.includes(p));
      assert(late.length === 0, `${path}: modules not named by the page: ${late.join(', ')}`);
    }
  } finally {
    await context.close();
  }
}

/** A page whose code does not arrive says so, and the next page still opens. */
async function aPageWhoseCodeFailsSaysSo({ browser, base }) {
  // (no service worker: requests it answers would pass by the test's interception)
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(base + '/');
    await page.locator('main h1').first().waitFor();
    await page.route(/\/assets\/puzzles\.[0-9a-f]{16}\.js$/, (r) => r.abort());
    await page.evaluate(() => { history.pushState({}, '', '/puzzles'); window.dispatchEvent(new Event('tabula:navigate')); });
    const alert = page.locator('main [role=alert]');
    await alert.waitFor();
    assert(/did not load/.test(await alert.innerText()), `the page says its code did not load: ${await alert.innerText()}`);
    await page.evaluate(() => { history.pushState({}, '', '/daily'); window.dispatchEvent(new Event('tabula:navigate')); });
    await page.locator('main h1').first().waitFor();
    assert((await alert.count()) === 0, 'the next page replaces the notice');
  } finally {
    await context.close();
  }
}

export const speedScenarios = [
  ['speed: a page whose code does not arrive says so, and the next page opens', aPageWhoseCodeFailsSaysSo],
  ['speed: every page names the modules it runs, so none waits for another', everyPageNamesItsModules],
  ['speed: on a slow 4G phone the home page costs under 150 KB, again under 15 KB, and a game is usable within 1.5 s', slowPhoneTargets],
];
