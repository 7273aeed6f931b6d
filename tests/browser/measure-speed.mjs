// Measures what a visit costs on a slow phone network (issue #31's "fast pages" targets):
// bytes transferred on a first and a repeat visit to the home page, requests made, and the
// time until a game page is usable (its board drawn from the socket's state) under a
// simulated slow 4G (1.6 Mbps down, 750 kbps up, 150 ms round trip), through Chromium's
// DevTools protocol. The service worker is blocked so that every byte crosses the network
// the page sees (its own precache would otherwise be fetched unseen). Not a pass/fail test:
// it prints one JSON line for BENCHMARKS.md.
//
//   TABULA_BIN=../../target/release/tabula node measure-speed.mjs
import { startServer, launch, post } from './harness.mjs';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };

/** Opens `url` in `page` with the network slowed: bytes, requests, and the load's time. */
async function visit(page, client, url, ready) {
  let bytes = 0;
  let requests = 0;
  const done = (e) => { bytes += e.encodedDataLength; };
  const sent = () => { requests++; };
  client.on('Network.loadingFinished', done);
  client.on('Network.requestWillBeSent', sent);
  const began = Date.now();
  await page.goto(url);
  await ready();
  const ms = Date.now() - began;
  await page.waitForTimeout(500); // late requests (fonts, catalogues) still count
  client.off('Network.loadingFinished', done);
  client.off('Network.requestWillBeSent', sent);
  return { bytes, requests, ms };
}

const server = await startServer();
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send('Network.enable');
  await client.send('Network.emulateNetworkConditions', SLOW_4G);
  const home = () => page.locator('main h1, main h2').first().waitFor();
  const first = await visit(page, client, server.url + '/', home);
  const repeat = await visit(page, client, server.url + '/', home);
  // a game against the computer, opened as a player who follows a link
  const g = await post(server.url, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
  await page.evaluate(({ id, seat, token }) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })), g);
  const gameFirst = await visit(page, client, `${server.url}/quickchess/play/${g.id}`, () => page.locator('svg.board').first().waitFor());
  const fresh = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, serviceWorkers: 'block' });
  const p2 = await fresh.newPage();
  const c2 = await fresh.newCDPSession(p2);
  await c2.send('Network.enable');
  await c2.send('Network.emulateNetworkConditions', SLOW_4G);
  const gameCold = await visit(p2, c2, `${server.url}/quickchess/play/${g.id}`, () => p2.locator('svg.board').first().waitFor());
  console.log(JSON.stringify({ home_first: first, home_repeat: repeat, game_after_home: gameFirst, game_cold: gameCold }));
} finally {
  await browser.close();
  await server.stop();
}
