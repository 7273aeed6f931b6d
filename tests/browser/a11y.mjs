// Accessibility (issue #33, item 9): every game page says each move and the end (and The Royal
// Study and Check Mates each card or task met) in a live region. axe-core on every page, in
// both themes and at both widths, is part of the sweep of every page (sweep.mjs); `violations`
// is shared with it and with the scenarios that check a page in a state of its own.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { post, assert, newPage } from './harness.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** The violations of impact critical or serious on the page as it is, one line each. */
export async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // @ts-ignore axe is the script just added
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, count: v.nodes.length, target: v.nodes[0]?.target.join(' '), summary: v.nodes[0]?.failureSummary }));
  });
  // A11Y_ALL=1 lists the moderate and minor ones too
  return found.filter((v) => process.env.A11Y_ALL || v.impact === 'critical' || v.impact === 'serious');
}

// A QuickChess game against the computer says the moves (the notation the page shows) and the
// end in its live region.
async function liveRegion({ browser, base }) {
  const made = await post(base, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
  const { context, page } = await newPage(browser, { ...DESKTOP, colorScheme: 'dark', bypassCSP: true });
  await page.goto(base + '/');
  await page.evaluate(([id, seat, token]) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })), [made.id, made.seat, made.token]);
  await page.goto(`${base}/quickchess/play/${made.id}`);
  const live = page.locator('[data-test=announce][aria-live=polite]');
  await live.waitFor({ state: 'attached' });
  assert((await live.count()) === 1, 'one live region on the game page');
  // the board is drawn from the socket's first state: a move made before that state arrives
  // comes as part of it, which is shown, not announced (CI once lost this race)
  await page.locator('svg.board').first().waitFor();
  const res = await fetch(`${base}/api/games/${made.id}`, { headers: { Authorization: `Bearer ${made.token}` } });
  const { view } = await res.json();
  const move = view.legal[0];
  await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'move', uci: move.uci } });
  await page.waitForFunction((san) => document.querySelector('[data-test=announce]')?.textContent?.includes(san), move.san, { timeout: 30000 });
  // the square under the keyboard's cursor has a name: its square and what stands on it
  const board = page.locator('svg.board').first();
  const active = await board.getAttribute('aria-activedescendant');
  const name = await page.locator(`[id="${active}"]`).getAttribute('aria-label');
  assert(/^[a-h]\d, /.test(name || ''), `the square under focus has a name: ${name}`);
  // with moves in the list and, after the end, the result: still nothing critical or serious
  const bad = async () => (await violations(page)).map((v) => `${v.id} (${v.impact}) x${v.count} at ${v.target}`);
  await page.locator('[data-test=moves] button').first().waitFor();
  assert((await bad()).length === 0, `axe during the game: ${await bad()}`);
  await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'resign' } });
  await page.waitForFunction(() => /resign/i.test(document.querySelector('[data-test=announce]')?.textContent || ''));
  assert((await bad()).length === 0, `axe after the end: ${await bad()}`);
  await context.close();
}

// The Royal Study and Check Mates say each move in words (the piece or token and its squares),
// and a task or card met, in their live regions too.
async function liveRegionsOfThePuzzles({ browser, base }) {
  const { context, page } = await newPage(browser, { ...PHONE, bypassCSP: true });
  const view = async (g) => (await (await fetch(`${base}/api/games/${g.id}`, { headers: { Authorization: `Bearer ${g.token}` } })).json()).view;
  for (const [kind, path, options] of [['royal-solo', '/royal/solo/', { level: 1 }], ['checkmates-solo', '/checkmates/solo/', { side: 'chess', deck: 'full' }]]) {
    const g = await post(base, '/api/games', { kind, name: 'Ada', options });
    await page.goto(base + '/');
    await page.evaluate(({ id, seat, token }) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })), g);
    await page.goto(base + path + g.id);
    await page.locator('[data-test=announce][aria-live=polite]').waitFor({ state: 'attached' });
    // the board drawn from the socket's first state: a move made before it would arrive as that
    // state, which is shown, not announced
    await page.locator('svg.board').first().waitFor();
    await page.waitForTimeout(300);
    const mv = (await view(g)).legal[0];
    await post(base, `/api/games/${g.id}/act`, { token: g.token, action: { t: 'move', mv } });
    const [from, to] = mv.split('-');
    // "white rook from a1 to a2", as the page's language says a move
    await page.waitForFunction(([a, b]) => new RegExp(`from ${a} to ${b}`).test(document.querySelector('[data-test=announce]')?.textContent || ''), [from, to], { timeout: 30000 });
  }
  // a whole Check Mates task: its moves, then the task met
  const g = await post(base, '/api/games', { kind: 'checkmates-solo', name: 'Ada', options: { side: 'sliding', deck: 'full' } });
  await page.evaluate(({ id, seat, token }) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })), g);
  await page.goto(`${base}/checkmates/solo/${g.id}`);
  await page.locator('[data-test=announce]').waitFor({ state: 'attached' });
  await page.locator('svg.board').first().waitFor();
  await page.waitForTimeout(300);
  const v = await view(g);
  const best = await post(base, '/api/solve/checkmates', { side: 'sliding', board: v.board, task: v.task });
  for (const mv of best.solution) await post(base, `/api/games/${g.id}/act`, { token: g.token, action: { t: 'move', mv } });
  // the task on top is the first not met by the dealt board; the solution may meet the next
  // ones too, and each is said, after the move that met them
  const n = v.history.length + 1;
  const [a, b] = best.solution[best.solution.length - 1].split('-');
  await page.waitForFunction(([k, a, b]) => new RegExp(`from ${a} to ${b}\\. Task ${k} met in`).test(document.querySelector('[data-test=announce]')?.textContent || ''), [n, a, b], { timeout: 30000 });
  await context.close();
}

export const a11yScenarios = [
  ['a11y: a game page announces the moves and the end in a live region', liveRegion],
  ['a11y: the royal study and check mates announce their moves and tasks met', liveRegionsOfThePuzzles],
];
