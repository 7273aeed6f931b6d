// A restart seen from the page (issue #31, item 3): a game page whose server is stopped with
// SIGTERM says "the server is restarting" (not "connection lost"), and when the server is back
// on the same address and database it reconnects by itself, without a reload, the notice goes,
// and the game plays on. The scenario runs its own server, since it stops it.
import { startServer, post, assert, newPage } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function restartWhilePlaying({ browser }) {
  const first = await startServer();
  const base = first.url;
  const addr = base.replace('http://', '');
  const g = await post(base, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
  const { context, page } = await newPage(browser, PHONE);
  let again = null;
  try {
    await page.goto(base + '/');
    await page.evaluate(({ id, seat, token }) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })), g);
    await page.goto(`${base}/quickchess/play/${g.id}`);
    await page.locator('svg.board').first().waitFor();
    // a marker that a reload would lose
    await page.evaluate(() => { window.__sameDocument = true; });
    const notice = page.locator('#net');
    const code = await first.stop();
    assert(code === 0, `SIGTERM exits 0, not ${code}`);
    await page.waitForFunction(() => document.getElementById('net')?.classList.contains('show'), null, { timeout: 5000 });
    const said = await notice.textContent();
    assert(/restarting/i.test(said || ''), `the notice says the server is restarting: ${said}`);
    const down = Date.now();
    again = await startServer({ dir: first.dir, addr });
    await page.waitForFunction(() => !document.getElementById('net')?.classList.contains('show'), null, { timeout: 10000 });
    const gap = Date.now() - down;
    assert(gap < 10000, `back within 10 s of the restart, not ${gap} ms`);
    assert(await page.evaluate(() => window.__sameDocument === true), 'the page reconnected without a reload');
    // the game plays on through the new socket: a move made now reaches the page
    const res = await fetch(`${again.url}/api/games/${g.id}`, { headers: { Authorization: `Bearer ${g.token}` } });
    const { view, v } = await res.json();
    await post(again.url, `/api/games/${g.id}/act`, { token: g.token, action: { t: 'move', uci: view.legal[0].uci } });
    await page.waitForFunction((n) => document.querySelectorAll('[data-test=moves] button').length >= n, 1, { timeout: 10000 });
    assert(typeof v === 'number', 'the game is there after the restart');
  } finally {
    await context.close();
    if (again) await again.stop();
  }
}

export const restartScenarios = [
  ['restart: a game page says the server is restarting and reconnects without a reload', restartWhilePlaying],
];
