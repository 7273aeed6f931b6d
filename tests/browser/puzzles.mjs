// Puzzles (/puzzles) in the browser: a guest solves a QuickChess puzzle (of several moves, when
// the starter set has one) by clicks, the server's replies played between them, and its rating,
// kept in localStorage, goes up; a wrong move says so, names the best one and plays the
// solution out on the board (and steps back through it); a streak ends at the first miss,
// showing its length, and moves no rating; a Querni puzzle is solved by a turn built on the
// board (its turns the server's, POST /api/querni/legal); on a phone nothing is wider than the
// screen and every control is a finger's size and axe-core finds nothing critical or serious,
// before and after the end; screenshots on a phone and a desktop, light and dark, and in
// Russian and German.
//
// The puzzles are the starter files' (crates/chess/data/puzzles/quickchess.tsv: id, fen, last,
// moves, rating, themes; crates/querni/data/puzzles.tsv: id, position, last, turn, rating,
// themes), built into the server. Which puzzles and themes they hold changes as puzzles are
// mined, so nothing here names one: a QuickChess scenario picks from the file what it needs
// (one that can be missed, one of several moves) and the page is handed it in place of the
// puzzle the server picked (`serve`), then tries it on the server as any other; a Querni
// scenario takes the server's puzzle and finds its solution in the file (or, should the file
// have moved on since the server was built, from a guest's try, which stores nothing).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { post, assert, newPage, shot, settled } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '..', '..');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations of impact critical or serious on the page as it is, one line each (as a11y.mjs). */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, count: v.nodes.length, target: v.nodes[0]?.target.join(' ') }));
  });
  return found.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} (${v.impact}) x${v.count} at ${v.target}`);
}

/** The rows of a puzzle file (tab-separated, `#` comments). @param {string} path */
function rows(path) {
  return readFileSync(join(REPO, path), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t'));
}

/** A QuickChess position's legal moves (the analysis board's endpoint). */
async function legalMoves(base, fen, moves = []) {
  return post(base, '/api/chess/position', { variant: 'quickchess', fen, moves });
}

/**
 * The QuickChess puzzles of the starter file, in its order: id, position, last move, solution
 * (UCI, the solver's moves and the replies), rating, themes.
 */
function chessPuzzles() {
  return rows('crates/chess/data/puzzles/quickchess.tsv').map(([id, position, last, moves, rating, themes]) => ({
    id, position, last: last && last !== '-' ? last : null, solution: moves.split(' '), rating: Number(rating), themes: themes ? themes.split(',') : [],
  }));
}

/**
 * Hands the page the QuickChess puzzles `list`, one for each QuickChess puzzle it asks for, in
 * place of the server's pick (the rest of the server's answer, the rating, kept); once they are
 * used up, and for Querni, the server's own.
 */
async function serve(page, list) {
  const left = list.slice();
  await page.route('**/api/puzzles/next?*', async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('game') !== 'quickchess' || !left.length) { await route.fallback(); return; }
    const res = await fetch(url);
    const answer = await res.json();
    if (!res.ok) { await route.fulfill({ status: res.status, json: answer }); return; }
    const p = left.shift();
    answer.puzzle = { id: p.id, game: 'quickchess', position: p.position, last: p.last, solver_moves: Math.ceil(p.solution.length / 2), rating: Math.round(p.rating), plays: 0 };
    await route.fulfill({ json: answer });
  });
}

/** The solution turn of a Querni puzzle shown: from the file, else from a guest's try. */
async function querniSolution(base, puzzle) {
  const row = rows('crates/querni/data/puzzles.tsv').find((r) => r[0] === puzzle.id || r[1] === puzzle.position);
  if (row) return row[3];
  const r = await post(base, `/api/puzzles/${puzzle.id}/try`, { moves: ['pass'] });
  return r.solution.join(' ');
}

/**
 * Does `act` (a navigation or a click) and gives back the puzzle the page then shows, as the
 * server sent it (`GET /api/puzzles/next`), once the page has drawn it.
 */
async function shown(page, act) {
  const answer = page.waitForResponse((r) => r.url().includes('/api/puzzles/next'));
  await act();
  const next = await (await answer).json();
  assert(next.puzzle, `a puzzle is sent: ${JSON.stringify(next)}`);
  await page.locator(`[data-test=puzzle][data-puzzle="${next.puzzle.id}"]`).waitFor();
  return next.puzzle;
}

const board = (page) => page.locator('[data-test=puzzle] svg.board');

/** Clicks a QuickChess move (UCI) on the board; a promotion picks its piece. */
async function clickUci(page, uci) {
  await board(page).locator(`rect[data-sq="${uci.slice(0, 2)}"]`).click();
  await board(page).locator(`rect[data-sq="${uci.slice(2, 4)}"]`).click();
  if (uci.length > 4) {
    await page.locator(`[data-test=promotion] button[data-piece="${uci[4]}"], [data-test=promotion] button[data-piece="${uci[4].toUpperCase()}"]`).first().click();
  }
}

/** Plays a QuickChess solution by clicks, waiting for each reply (`onReply` then); ends on the verdict. */
async function solveByClicks(page, solution, onReply = async () => {}) {
  for (let k = 0; k < solution.length; k += 2) {
    await clickUci(page, solution[k]);
    if (k + 2 < solution.length) {
      // the server answered, the reply was played, and it is the solver's move again
      await page.locator(`[data-test=puzzle][data-phase=solving][data-ply="${k + 2}"]`).waitFor();
      await onReply(k);
    }
  }
  await page.locator('[data-test=puzzle-solved]').waitFor();
}

/** A legal move of the puzzle's position that is not the solution's first and not a mate, if any. */
async function wrongMoveOf(base, puzzle, solution) {
  const pos = await legalMoves(base, puzzle.position);
  return pos.legal.find((x) => !x.pass && x.uci !== solution[0] && !x.san.endsWith('#') && x.uci.length === 4) || null;
}

/** Such a move (the puzzles chosen have one: `missable`). */
async function wrongMove(base, puzzle, solution) {
  const m = await wrongMoveOf(base, puzzle, solution);
  assert(m, `puzzle ${puzzle.id} has a wrong move to play`);
  return m;
}

/**
 * The first `n` QuickChess puzzles of the file that can be missed (a puzzle whose only legal
 * moves are its solution's first and mates cannot), fewer if the file has fewer.
 */
async function missable(base, n) {
  const out = [];
  for (const p of chessPuzzles()) {
    if (out.length >= n) break;
    if (await wrongMoveOf(base, p, p.solution)) out.push(p);
  }
  assert(out.length, 'the QuickChess starter set has a puzzle that can be missed');
  return out;
}

/** The guest's rating of a game in localStorage (1500, a new player's, when none is kept). */
async function guestRating(page, game) {
  const kept = await page.evaluate((g) => localStorage.getItem(`tabula:puzzles:${g}:rating`), game);
  return kept ? JSON.parse(kept).rating : 1500;
}

// (1) A guest solves a QuickChess puzzle by clicks: one of several moves, if the file has one.
async function guestSolvesQuickChess({ browser, base }) {
  const { context, page } = await newPage(browser, DESKTOP);
  const all = chessPuzzles();
  assert(all.length, 'the QuickChess starter set has puzzles');
  const pick = all.find((p) => p.solution.length >= 3) || all[0];
  await serve(page, [pick]);
  const puzzle = await shown(page, () => page.goto(`${base}/puzzles`));
  assert(puzzle.id === pick.id, `the puzzle chosen is shown (${puzzle.id})`);
  const side = puzzle.position.split(' ')[1] === 'w' ? 'White' : 'Black';
  assert((await page.locator('[data-test=puzzle-task]').innerText()).includes(`Find the best move for ${side}`), 'the task names the side to move');
  // the solver's side at the bottom: a1 is at the bottom left for White, at the top right for Black
  const a1 = await board(page).locator('rect[data-sq="a1"]').boundingBox();
  const box = await board(page).boundingBox();
  assert(side === 'White' ? a1.y > box.y + box.height / 2 : a1.y < box.y + box.height / 2, `the ${side} pieces are at the bottom`);
  // the opponent's last move is tinted
  if (puzzle.last) assert(await board(page).locator('rect.last').count() === 2, 'the last move is highlighted');
  const before = await guestRating(page, 'quickchess');
  const solution = pick.solution;
  await shot(page, 'puzzles-several-moves-desktop-light');
  let replies = 0;
  await solveByClicks(page, solution, async (k) => {
    replies++;
    const note = await page.locator('[data-test=puzzle-note]').innerText();
    assert(note.startsWith('Good move.') && note.includes('replied'), `the reply is said: ${note}`);
    // the reply is the last move tinted
    const last = await board(page).locator('rect.last').count();
    assert(last === 2, `the reply is highlighted (${last})`);
    if (k === 0) await shot(page, 'puzzles-reply-desktop-light');
  });
  assert(replies === (solution.length - 1) / 2, `every reply was played (${replies} of ${(solution.length - 1) / 2})`);
  const said = await page.locator('[data-test=announce]').innerText();
  assert(said.includes('Solved!'), `the live region says it: ${said}`);
  if (replies) assert(said.includes('replied'), `the live region said the reply: ${said}`);
  const after = await guestRating(page, 'quickchess');
  assert(after > before, `the guest's rating went up: ${before} -> ${after}`);
  assert(/\+\d+/.test(await page.locator('[data-test=rating-change]').innerText()), 'the rating change is shown as +N');
  assert((await page.locator('[data-test=puzzle-rating]').innerText()).includes(String(Math.round(after))), 'the rating shown is the new one');
  if (pick.themes.length) assert(await page.locator('[data-test=puzzle-themes] .tag').count() === pick.themes.length, 'the themes are shown');
  assert(await page.locator('[data-test=puzzle-rated]').count() === 1, "the puzzle's rating is shown");
  await shot(page, 'puzzles-solved-desktop-light');
  // the next puzzle, the server's pick
  const next = await shown(page, () => page.locator('[data-test=next-puzzle]').click());
  assert(await page.locator(`[data-test=puzzle][data-puzzle="${next.id}"][data-phase=solving]`).count() === 1, 'the next puzzle is ready to solve');
  await context.close();
}

// (2) A wrong move: said, the best named, the solution played out on the board and stepped through.
async function wrongMoveShowsTheSolution({ browser, base }) {
  const { context, page } = await newPage(browser, DESKTOP);
  const [pick] = await missable(base, 1);
  await serve(page, [pick]);
  const puzzle = await shown(page, () => page.goto(`${base}/puzzles`));
  const solution = pick.solution;
  const wrong = await wrongMove(base, puzzle, solution);
  await clickUci(page, wrong.uci);
  await page.locator('[data-test=puzzle-wrong]').waitFor();
  const words = await page.locator('[data-test=puzzle-wrong]').innerText();
  const san = (await legalMoves(base, puzzle.position, [solution[0]])).moves_san[0];
  assert(words.includes('Not the best move') && words.includes(`The best was ${san}`), `the miss names the best move ${san}: ${words}`);
  assert(/−\d+|±0/.test(await page.locator('[data-test=rating-change]').innerText()), 'the rating change is shown as −N');
  assert(await guestRating(page, 'quickchess') < 1500, "the guest's rating went down");
  assert((await page.locator('[data-test=announce]').innerText()).includes('Not the best move'), 'the live region says the miss');
  // the solution, played out from the puzzle's position to its end
  await page.locator('[data-test=show-solution]').click();
  await page.locator('[data-test=solution-step]').waitFor();
  assert((await page.locator('[data-test=solution-step]').innerText()).startsWith('0 of'), 'the solution starts at the puzzle\'s position');
  assert(await board(page).getAttribute('aria-label') === `position ${puzzle.position}`, 'the board shows the puzzle\'s position');
  await page.locator('[data-test=solution-step]').filter({ hasText: `${solution.length} of ${solution.length}` }).waitFor({ timeout: 15000 });
  const end = await legalMoves(base, puzzle.position, solution);
  assert(await board(page).getAttribute('aria-label') === `position ${end.fen}`, 'the board shows the solution played out');
  await shot(page, 'puzzles-wrong-solution-desktop-light');
  // stepping back and forward
  await page.locator('[data-test=solution-prev]').click();
  assert((await page.locator('[data-test=solution-step]').innerText()).startsWith(`${solution.length - 1} of`), 'a step back');
  if (solution.length > 1) await page.locator('[data-test=solution-first]').click();
  assert(await board(page).getAttribute('aria-label') === `position ${puzzle.position}`, 'back at the start');
  assert(await page.locator('[data-test=solution-first]').isDisabled(), 'no step before the start');
  await page.locator('[data-test=solution-next]').click();
  assert((await page.locator('[data-test=solution-step]').innerText()).startsWith('1 of'), 'a step forward');
  await page.locator('[data-test=moves] button[data-step="1"]').waitFor();
  await shown(page, () => page.locator('[data-test=next-puzzle]').click());
  await context.close();
}

// (3) A streak: one solved, one missed, and the streak ends at 1; it moves no rating.
async function streakEndsAtTheFirstMiss({ browser, base }) {
  const { context, page } = await newPage(browser, DESKTOP);
  const [first, second] = await missable(base, 2);
  assert(second, 'the QuickChess starter set has two puzzles that can be missed');
  // the rated mode's puzzle, then the streak's two
  await serve(page, [first, first, second]);
  await page.goto(`${base}/`);
  const kept = { rating: 1623.4, deviation: 91.25, volatility: 0.0601 };
  await page.evaluate((r) => localStorage.setItem('tabula:puzzles:quickchess:rating', JSON.stringify(r)), kept);
  // every try of the streak, and the server's answers
  const tries = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/api/puzzles/') || !res.url().endsWith('/try')) return;
    const entry = { body: JSON.parse(res.request().postData() || '{}'), answer: null };
    tries.push(entry);
    entry.answer = await res.json().catch(() => null);
  });
  await shown(page, () => page.goto(`${base}/puzzles`));
  const shownFirst = await shown(page, () => page.locator('[data-test=puzzle-mode]').selectOption('streak'));
  assert(shownFirst.id === first.id, 'the streak\'s first puzzle is the one chosen');
  assert(page.url().endsWith('/puzzles?mode=streak'), `the mode is kept in the address: ${page.url()}`);
  assert((await page.locator('[data-test=puzzle-streak]').innerText()) === 'Streak: 0', 'the streak starts at 0');
  await solveByClicks(page, first.solution);
  assert((await page.locator('[data-test=puzzle-streak]').innerText()) === 'Streak: 1', 'one solved: streak 1');
  assert((await page.locator('[data-test=puzzle-best]').innerText()) === 'Best: 1', 'the best streak is 1');
  assert(await page.locator('[data-test=rating-change]').count() === 0, 'no rating change is shown in a streak');
  const shownSecond = await shown(page, () => page.locator('[data-test=next-puzzle]').click());
  await clickUci(page, (await wrongMove(base, shownSecond, second.solution)).uci);
  await page.locator('[data-test=streak-over]').waitFor();
  assert((await page.locator('[data-test=streak-over]').innerText()).includes('1 solved in a row'), 'the streak ends at 1');
  assert((await page.locator('[data-test=puzzle-streak]').innerText()) === 'Streak: 1', 'streak 1 shown');
  assert(await page.locator('[data-test=next-puzzle]').count() === 0, 'no next puzzle in a streak that ended');
  assert(await page.locator('[data-test=rating-change]').count() === 0, 'no rating change is shown for the miss');
  assert(!(await page.locator('[data-test=puzzle-wrong]').innerText()).includes('rating'), 'the verdict says nothing of a rating');
  assert(await page.evaluate(() => localStorage.getItem('tabula:puzzles:quickchess:best')) === '1', 'the best streak is kept');
  // the streak's tries said so, and moved no rating: the guest's kept one is as it was
  const ends = tries.filter((x) => x.answer && x.answer.verdict !== 'continue');
  assert(tries.length >= 2 && tries.every((x) => x.body.streak === true), `every try of the streak says so: ${JSON.stringify(tries.map((x) => x.body))}`);
  assert(ends.length === 2 && ends.every((x) => x.answer.rated === false && JSON.stringify(x.answer.after) === JSON.stringify(x.answer.before)),
    `the streak's answers are unrated: ${JSON.stringify(ends.map((x) => x.answer))}`);
  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('tabula:puzzles:quickchess:rating')));
  assert(JSON.stringify(stored) === JSON.stringify(kept), `the stored rating is unchanged by the streak: ${JSON.stringify(stored)}`);
  assert((await page.locator('[data-test=puzzle-rating]').innerText()).includes('1623'), 'the rating shown is the one kept');
  await shot(page, 'puzzles-streak-over-desktop-light');
  await shown(page, () => page.locator('[data-test=start-again]').click());
  assert((await page.locator('[data-test=puzzle-streak]').innerText()) === 'Streak: 0', 'started again at 0');
  assert((await page.locator('[data-test=puzzle-best]').innerText()) === 'Best: 1', 'the best streak stays');
  await context.close();
}

/** Querni cells from the notation (as web/querni.js parsePosition): square -> {side, n}. */
function querniCells(text) {
  const cells = new Map();
  text.split(' ')[0].split('/').forEach((row, i) => {
    const rank = 6 - i;
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([a-pA-P])/g)) {
      if (m[1]) { file += Number(m[1]); continue; }
      const c = m[2];
      cells.set(String.fromCharCode(97 + file) + (rank + 1), { side: c === c.toUpperCase() ? 'blue' : 'red', n: c.toUpperCase().charCodeAt(0) - 64 });
      file++;
    }
  });
  return cells;
}

/** Builds a Querni turn on the board by clicks: the movement (start, end), then the chain's first and last piece. */
async function playTurn(page, position, turn) {
  const side = position.split(' ')[1] === 'r' ? 'red' : 'blue';
  const cells = querniCells(position);
  const parts = turn.split(' ');
  const mv = parts.find((p) => /^[a-j]\d/.test(p));
  const rm = parts.find((p) => p.startsWith('x'));
  // each part of the turn is waited for on the page before the next click: a click on a board
  // still being drawn again after the last one would be lost
  const built = (text) => page.waitForFunction((t) => (document.querySelector('[data-test=pending]')?.textContent || '').includes(t), text, { timeout: 10000 })
    .catch(async () => { throw new Error(`the turn ${turn} on ${position}: the page built "${await page.locator('[data-test=pending]').innerText()}", not ${text}`); });
  if (mv) {
    const path = mv.split(/[-:]/);
    const from = path[0];
    const to = path[path.length - 1];
    await board(page).locator(`rect[data-sq="${from}"]`).click();
    await board(page).locator(`rect[data-sq="${to}"]`).click();
    await built(mv);
    cells.set(to, cells.get(from));
    cells.delete(from);
  }
  if (rm) {
    const [low, high] = rm.slice(1).split('-').map(Number);
    const at = (n) => [...cells].find(([, c]) => c.side === side && c.n === n)[0];
    await board(page).locator(`rect[data-sq="${at(low)}"]`).click();
    await board(page).locator(`rect[data-sq="${at(high)}"]`).click();
    await built(rm);
  }
  const pending = await page.locator('[data-test=pending]').innerText();
  await page.locator('[data-test=end-turn]').click();
  return pending;
}

// (4b) A chain removed without moving, by tapping its two ends, each a piece that could also
// move (puzzle mh5zuk of the starter set, `x9-11`): a tap that could start a drag was once
// taken as picking the piece, never as closing the chain.
async function querniChainWithoutMoving({ browser, base }) {
  const { context, page } = await newPage(browser, { ...DESKTOP, serviceWorkers: 'block' });
  const position = '10/6j3/5ik3/10/8E1/2G4JF1/2H4ID1 r 0';
  await page.route('**/api/puzzles/next**', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    Object.assign(body.puzzle, { id: 'mh5zuk', position, last: 'd2-e2 x11-13', themes: ['win-at-once'] });
    await route.fulfill({ response: res, json: body });
  });
  await shown(page, () => page.goto(`${base}/puzzles?game=querni`));
  const pending = await playTurn(page, position, 'x9-11');
  assert(pending.includes('x9-11'), `the chain is built: ${pending}`);
  await page.locator('[data-test=puzzle-solved]').waitFor();
  await context.close();
}

// (4) A Querni puzzle solved by a turn built on the board.
async function querniSolved({ browser, base }) {
  const { context, page } = await newPage(browser, DESKTOP);
  const puzzle = await shown(page, () => page.goto(`${base}/puzzles?game=querni`));
  const side = puzzle.position.split(' ')[1] === 'r' ? 'Red' : 'Blue';
  assert((await page.locator('[data-test=puzzle-task]').innerText()).startsWith(`${side} to play`), 'the task names the side to play');
  assert((await page.locator('[data-test=puzzle-theme] option').allInnerTexts()).join('|') === 'All themes|Win at once|Avoid stranding|Defence', 'Querni\'s themes');
  await shot(page, 'puzzles-querni-desktop-light');
  const turn = await querniSolution(base, puzzle);
  const pending = await playTurn(page, puzzle.position, turn);
  assert(pending.includes('Your turn so far'), `the turn built is shown: ${pending}`);
  await page.locator('[data-test=puzzle-solved]').waitFor();
  assert(await guestRating(page, 'querni') > 1500, "the guest's Querni rating went up");
  assert(await guestRating(page, 'quickchess') === 1500, 'the QuickChess rating is apart');
  assert((await page.locator('[data-test=querni-solution]').innerText()).includes(turn), 'the solution is named');
  await shot(page, 'puzzles-querni-solved-desktop-light');
  // a miss: a pass, then the solution shown on the board, its turn drawn, then played
  const next = await shown(page, () => page.locator('[data-test=next-puzzle]').click());
  await page.locator('[data-test=end-turn]').click(); // "Pass" with nothing built
  await page.locator('[data-test=confirm-yes]').click();
  await page.locator('[data-test=puzzle-solved], [data-test=puzzle-wrong]').first().waitFor();
  await page.locator('[data-test=show-solution]').click();
  await page.locator('[data-test=solution-step]').filter({ hasText: '1 of 1' }).waitFor({ timeout: 15000 });
  await page.locator('[data-test=solution-prev]').click();
  assert(await board(page).getAttribute('aria-label') === `position ${next.position}`, 'the solution starts at the puzzle\'s position');
  assert(await board(page).locator('.path.hint').count() === (/^[a-j]\d/.test(await querniSolution(base, next)) ? 1 : 0), 'the solution\'s path is drawn');
  await context.close();
}

/**
 * How wide the page is: its scroll width, and the layout viewport's (a phone's browser zooms
 * out, widening it, when something is wider than the screen).
 */
async function pageWidth(page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
}

/** Every control of the page narrower or lower than 44 px (the board's squares among them). */
async function smallControls(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('main button, main select, main a[href], main svg.board[role=grid] rect.sq')) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (r.width < 43.5 || r.height < 43.5) out.push(`${el.tagName}${el.getAttribute('data-test') ? `[${el.getAttribute('data-test')}]` : ''}${el.getAttribute('data-sq') ? `[${el.getAttribute('data-sq')}]` : ''} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  });
}

// (5) A phone and a desktop, light and dark; Russian and German.
async function phoneDesktopAndLanguages({ browser, base }) {
  for (const scheme of ['light', 'dark']) {
    for (const [device, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      const { context, page } = await newPage(browser, { ...options, colorScheme: scheme, bypassCSP: true });
      const [pick] = await missable(base, 1);
      await serve(page, [pick]);
      for (const game of ['quickchess', 'querni']) {
        const puzzle = await shown(page, () => page.goto(`${base}/puzzles${game === 'querni' ? '?game=querni' : ''}`));
        await settled(page);
        if (device === 'phone') {
          const width = await pageWidth(page);
          assert(width <= 390, `${game} puzzle on a phone (${scheme}) is ${width} px wide`);
          const small = await smallControls(page);
          assert(!small.length, `${game} puzzle on a phone: controls under 44 px: ${small.join(', ')}`);
        }
        const seen = await violations(page);
        assert(!seen.length, `${game} puzzle (${device}, ${scheme}): axe finds ${seen.join('; ')}`);
        await shot(page, `puzzles-${game}-${device}-${scheme}`);
        // the end of it, a miss with the solution shown
        if (game === 'quickchess') {
          await clickUci(page, (await wrongMove(base, puzzle, pick.solution)).uci);
        } else {
          await page.locator('[data-test=end-turn]').click();
          await page.locator('[data-test=confirm-yes]').click();
        }
        await page.locator('[data-test=show-solution]').click();
        await page.locator('[data-test=solution-step]').filter({ hasText: / of / }).waitFor();
        await page.waitForTimeout(200);
        if (device === 'phone') {
          const width = await pageWidth(page);
          assert(width <= 390, `${game} puzzle's end on a phone (${scheme}) is ${width} px wide`);
          const small = await smallControls(page);
          assert(!small.length, `${game} puzzle's end on a phone: controls under 44 px: ${small.join(', ')}`);
        }
        const after = await violations(page);
        assert(!after.length, `${game} puzzle's end (${device}, ${scheme}): axe finds ${after.join('; ')}`);
        await shot(page, `puzzles-${game}-end-${device}-${scheme}`);
      }
      await context.close();
    }
  }
  for (const [language, title] of [['ru', 'Задачи'], ['de', 'Rätsel']]) {
    const { context, page } = await newPage(browser, { ...PHONE, locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
    const [pick] = await missable(base, 1);
    await serve(page, [pick]);
    const puzzle = await shown(page, () => page.goto(`${base}/puzzles`));
    assert((await page.locator('main h1').innerText()) === title, `${language}: the title is ${title}`);
    await clickUci(page, (await wrongMove(base, puzzle, pick.solution)).uci);
    await page.locator('[data-test=puzzle-wrong]').waitFor();
    await settled(page);
    const missing = await page.evaluate(() => window.tabulaMissingText || []);
    assert(!missing.length, `${language}: messages missing: ${missing.join(', ')}`);
    const width = await pageWidth(page);
    assert(width <= 390, `${language}: the page on a phone is ${width} px wide`);
    await shot(page, `puzzles-quickchess-${language}-phone-light`);
    await shown(page, () => page.locator('[data-test=puzzle-game]').selectOption('querni'));
    await settled(page);
    assert(!(await page.evaluate(() => window.tabulaMissingText || [])).length, `${language}: Querni's messages are there`);
    await shot(page, `puzzles-querni-${language}-phone-light`);
    await context.close();
  }
}

export const puzzleScenarios = [
  ['puzzles: a guest solves a QuickChess puzzle by clicks and the rating goes up', guestSolvesQuickChess],
  ['puzzles: a wrong move names the best and plays the solution out', wrongMoveShowsTheSolution],
  ['puzzles: a streak ends at the first miss', streakEndsAtTheFirstMiss],
  ['puzzles: a Querni puzzle solved by a turn built on the board', querniSolved],
  ['puzzles: a Querni chain removed without moving, by tapping two pieces that could move', querniChainWithoutMoving],
  ['puzzles: phone and desktop, light and dark, Russian and German', phoneDesktopAndLanguages],
];
