// The exercises of Learn QuickChess's boxes. Their positions and answers come from the server:
// "where can it go?" from the legal moves of a made-up position, "capture all the pawns in N
// moves" and "which squares may your king not step on?" from /api/learn/exercise, which makes
// the position from a seed and proves its answer (a breadth-first search over the piece's
// moves; the attack tables). Every move the player makes is checked by the rules engine
// (/api/chess/position); the pawns of these exercises stand still, as if Black passed.
import { call } from './api.js';
import { drawBoard, fenPieces, BoardInput } from './board.js';
import { h, attempt } from './ui.js';
import { t } from './text.js';
import { chessPiece } from './quickchess.js';
import { play } from './sound.js';
import { mark } from './learn-progress.js';

/** @typedef {import('./learn.js').Box} Box */
/** @typedef {import('./learn.js').PieceBox} PieceBox */
/** @typedef {import('./types/protocol').PositionView} PositionView */
/** @typedef {import('./types/protocol').LegalMove} LegalMove */
/** @typedef {import('./board.js').BoardOptions} BoardOptions */
/**
 * A move from a square to a square: a legal move that is not a lesson game's pass.
 * @typedef {LegalMove & { from: string, to: string }} BoardMove
 */
/**
 * Pieces by square: `{ c3: 'R', e5: 'p' }` (FEN letters).
 * @typedef {Record<string, string>} Pieces
 */

/** @import { Exercise } from './types/protocol' */

const FILES = 5;
const RANKS = 6;
/** @type {string[]} every square of the 5x6 board, a1 to e6 */
const SQUARES = [];
for (let r = 1; r <= RANKS; r++) for (const f of 'abcde') SQUARES.push(`${f}${r}`);

/**
 * A FEN of the 5x6 board with `pieces` (square -> letter), White to move.
 * @param {Pieces} pieces
 */
export function fenOf(pieces) {
  const rows = [];
  for (let r = RANKS; r >= 1; r--) {
    let row = '';
    let empty = 0;
    for (const f of 'abcde') {
      const p = pieces[`${f}${r}`];
      if (p) { row += (empty || '') + p; empty = 0; } else empty++;
    }
    rows.push(row + (empty || ''));
  }
  return `${rows.join('/')} w - - 0 1`;
}

/**
 * `pieces` as an object (square -> letter) from a FEN.
 * @param {string} fen
 * @returns {Pieces}
 */
const piecesOfFen = (fen) => Object.fromEntries(fenPieces(fen));

/**
 * One of `list`, at random.
 * @template T
 * @param {T[]} list
 * @returns {T}
 */
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/**
 * `count` distinct squares from `list` not in `taken`.
 * @param {string[]} list
 * @param {number} count
 * @param {Set<string>} taken
 */
function freeSquares(list, count, taken) {
  const free = list.filter((s) => !taken.has(s));
  const out = [];
  while (out.length < count && free.length) out.push(free.splice(Math.floor(Math.random() * free.length), 1)[0]);
  return out;
}
/** A seed for the server's exercise generator (a whole number a browser holds exactly). */
const newSeed = () => Math.floor(Math.random() * 2 ** 31);

/**
 * The engine's view of a position of `variant`.
 * @param {string} variant
 * @param {Pieces} pieces
 * @param {string[]} [moves] played from it, in UCI
 * @returns {Promise<PositionView>}
 */
export function position(variant, pieces, moves = []) {
  return call('POST /api/chess/position', { body: { variant, fen: fenOf(pieces), moves } });
}

/**
 * The squares a piece on `from` may move to, by the engine (as drawBoard's `dests`).
 * @param {PositionView} pos
 * @param {string} from
 */
export function destinations(pos, from) {
  /** @type {Map<string, boolean>} */
  const dests = new Map();
  for (const m of pos.legal) if (m.from === from && m.to) dests.set(m.to, true);
  return dests;
}

/**
 * Whether a move goes from a square to a square (not a lesson game's pass).
 * @param {LegalMove} m
 * @returns {m is BoardMove}
 */
const onBoard = (m) => !m.pass && m.from !== null && m.to !== null;

/**
 * The 5x6 board with `pieces`, and whatever else drawBoard is given.
 * @param {Pieces} pieces
 * @param {Partial<BoardOptions>} [o]
 */
export function board(pieces, o = {}) {
  return drawBoard({ files: FILES, ranks: RANKS, coords: true, piece: (sq) => chessPiece(pieces[sq]),
    label: t('label-position', { layout: fenOf(pieces) }), ...o });
}

/**
 * A position for the reach exercise: the piece, some of its own pawns in the way, a pawn to take.
 * @param {PieceBox} box
 * @returns {{ pieces: Pieces, from: string }}
 */
function reachPieces(box) {
  const from = box.piece === 'P' ? pick(['b2', 'c2', 'd2', 'b3', 'c3', 'd3']) : pick(SQUARES.filter((s) => !s.endsWith('6')));
  const pieces = { [from]: box.piece };
  const taken = new Set([from]);
  // pawns stand between the back ranks, as in any game (the engine refuses others)
  const middle = SQUARES.filter((s) => !/[16]$/.test(s));
  for (const sq of freeSquares(middle, 2, taken)) { pieces[sq] = 'P'; taken.add(sq); }
  for (const sq of freeSquares(middle, 2, taken)) { pieces[sq] = 'p'; taken.add(sq); }
  return { pieces, from };
}

/**
 * A row of a result and what to do next.
 * @param {boolean} good
 * @param {string} test its `data-test`
 * @param {string} text
 * @param {...HTMLElement} buttons
 */
function verdict(good, test, text, ...buttons) {
  return h('div', { class: `banner stack ${good ? 'good' : 'bad'}`, 'data-test': test, 'aria-live': 'polite' }, h('span', {}, text),
    buttons.length ? h('div', { class: 'row' }, ...buttons) : '');
}
/** @param {string} key @param {() => unknown} onclick @param {string} [test] its `data-test` */
const button = (key, onclick, test) => h('button', { class: 'secondary small', onclick, 'data-test': test }, t(key));

/**
 * Tap every square the piece can reach; the engine says which they are.
 * @param {PieceBox} box
 * @param {HTMLElement} into
 */
export function reachExercise(box, into) {
  const { pieces, from } = reachPieces(box);
  /** @type {Set<string>} */
  const picked = new Set();
  /** @type {Map<string, boolean> | null} the squares it reaches, once checked */
  let answer = null;
  /** @type {boolean | null} whether the player found them all, once checked */
  let result = null;
  const input = new BoardInput({ onMove: () => {}, onTap: (sq) => { if (answer) return false; if (picked.has(sq)) picked.delete(sq); else picked.add(sq); render(); return true; }, redraw: () => render() });
  const check = () => attempt(async () => {
    const pos = await position(box.variant, pieces);
    const reached = destinations(pos, from);
    answer = reached;
    const right = reached.size === picked.size && [...picked].every((s) => reached.has(s));
    result = right;
    play(right ? 'move' : 'refuse');
    if (right) mark(box.n, 'reach');
    render();
  });
  const render = () => {
    input.bind({ moves: [] });
    const marks = new Map([...picked].map((s) => [s, answer && !answer.has(s) ? 'removed' : 'last']));
    into.replaceChildren(
      h('p', {}, t('learn-reachAsk', { piece: box.piece.toLowerCase(), square: from })),
      h('div', { class: 'learn-board', 'data-test': 'reach-board', 'data-from': from }, board(pieces, { input, marks, dests: answer || undefined })),
      result === null || !answer ? h('div', { class: 'row' }, h('button', { 'data-test': 'reach-check', onclick: check }, t('learn-check')), h('span', { class: 'muted' }, t('learn-picked', { count: picked.size })))
        : verdict(result, 'reach-result', t(result ? 'learn-reachRight' : 'learn-reachWrong', { count: answer.size }),
          ...(result ? [] : [button('learn-again', () => reachExercise(box, into))])));
  };
  render();
}

/**
 * Capture every pawn in the number of moves the server proved is the fewest; each move is
 * played by the engine, then the turn comes back to White (the pawns stand still).
 * @param {PieceBox} box
 * @param {HTMLElement} into
 * @param {number} [seed]
 */
export async function captureExercise(box, into, seed = newSeed()) {
  into.replaceChildren(t('home-loading'));
  /** @type {Exercise | null} */
  const e = await call('POST /api/learn/exercise', { body: { variant: box.variant, kind: 'capture-all', seed } }).catch(() => null);
  if (!e || e.kind !== 'capture-all') { into.replaceChildren(t('learn-noExercise'), ' ', button('learn-again', () => captureExercise(box, into))); return; }
  const start = piecesOfFen(e.fen);
  let pieces = start;
  let at = e.from;
  let used = 0;
  /** @type {BoardMove[]} the piece's moves now */
  let legal = [];
  /** @type {null | 'right' | 'over' | 'stuck'} null while playing, then 'right', 'over' (moves used up) or 'stuck' */
  let result = null;
  let shown = false; // the solution is shown
  const pawnsLeft = () => Object.values(pieces).filter((p) => p === 'p').length;
  const load = () => attempt(async () => {
    const pos = await position(box.variant, pieces);
    legal = pos.legal.filter(onBoard).filter((m) => m.from === at);
    if (!legal.length) { result = 'stuck'; play('refuse'); }
    render();
  });
  const input = new BoardInput({
    onMove: (a, b) => attempt(async () => {
      const move = legal.find((m) => m.from === a && m.to === b);
      if (!move) return;
      const next = await position(box.variant, pieces, [move.uci]);
      const took = pieces[b] === 'p';
      pieces = Object.fromEntries(next.board.map((p) => [p.square, p.piece]));
      at = b;
      used += 1;
      play(took ? 'capture' : 'move');
      if (pawnsLeft() === 0) { result = 'right'; mark(box.n, 'capture'); play('end'); render(); return; }
      if (used >= e.minimum) { result = 'over'; play('refuse'); render(); return; }
      if (next.outcome) { result = 'stuck'; play('refuse'); render(); return; }
      await load();
    }),
    redraw: () => render(),
  });
  const restart = () => { pieces = start; at = e.from; used = 0; result = null; shown = false; load(); };
  const render = () => {
    input.bind({ moves: result === null ? legal.map((m) => [m.from, m.to]) : [] });
    const status = result === null
      ? h('p', { class: 'muted', 'data-test': 'capture-count', 'aria-live': 'polite' }, t('learn-captureCount', { used, left: pawnsLeft(), total: e.minimum }))
      : result === 'right'
        ? verdict(true, 'capture-result', t('learn-captureRight', { moves: used }), button('learn-again', () => captureExercise(box, into), 'capture-another'))
        : verdict(false, 'capture-result', result === 'over' ? t('learn-captureOver', { moves: e.minimum, left: pawnsLeft() }) : t('learn-captureStuck', { left: pawnsLeft() }),
          button('learn-retry', restart, 'capture-retry'), button('learn-showSolution', () => { shown = true; render(); }, 'capture-show'),
          button('learn-again', () => captureExercise(box, into)));
    into.replaceChildren(
      h('p', { 'data-test': 'capture-task', 'data-minimum': e.minimum }, t('learn-captureAsk', { piece: box.piece.toLowerCase(), pawns: e.pawns.length, moves: e.minimum })),
      h('div', { class: 'learn-board', 'data-test': 'capture-board', 'data-from': at, 'data-seed': e.seed }, board(pieces, { input, dests: result === null ? input.dests() : undefined, last: used ? [at] : [] })),
      status,
      shown ? h('p', { 'data-test': 'capture-solution' }, t('learn-solution', { moves: e.solution_san.join(', ') })) : '');
  };
  await load();
}

/**
 * Which squares next to the king may it not step on? Tap them; the answer comes from the
 * attack tables (next to the other king in King's Conquest, attacked under check rules).
 * @param {Box} box the king's box, or QuickChess's
 * @param {HTMLElement} into
 * @param {number} [seed]
 */
export async function kingExercise(box, into, seed = newSeed()) {
  into.replaceChildren(t('home-loading'));
  const variant = box.piece === 'K' ? box.variant : 'quickchess';
  /** @type {Exercise | null} */
  const e = await call('POST /api/learn/exercise', { body: { variant, kind: 'king-squares', seed } }).catch(() => null);
  if (!e || e.kind !== 'king-squares') { into.replaceChildren(t('learn-noExercise'), ' ', button('learn-again', () => kingExercise(box, into))); return; }
  const pieces = piecesOfFen(e.fen);
  const around = new Set(e.neighbours);
  const forbidden = new Set(e.forbidden);
  /** @type {Set<string>} */
  const picked = new Set();
  /** @type {boolean | null} whether the player found them, once checked */
  let result = null;
  const input = new BoardInput({ onMove: () => {}, onTap: (sq) => {
    if (result !== null || !around.has(sq)) return false;
    if (picked.has(sq)) picked.delete(sq); else picked.add(sq);
    render();
    return true;
  }, redraw: () => render() });
  const check = () => {
    result = picked.size === forbidden.size && [...picked].every((s) => forbidden.has(s));
    play(result ? 'move' : 'refuse');
    if (result) mark(box.n, 'king');
    render();
  };
  const render = () => {
    input.bind({ moves: [] });
    // after the check: the barred squares tinted, the free ones dotted
    const marks = result === null ? new Map([...picked].map((s) => [s, 'last']))
      : new Map([...forbidden].map((s) => [s, 'removed']));
    const free = result === null ? undefined : new Map(e.neighbours.filter((s) => !forbidden.has(s)).map((s) => [s, true]));
    into.replaceChildren(
      h('p', {}, t(variant === 'quickchess' ? 'learn-kingAskCheck' : 'learn-kingAsk', { square: e.king })),
      h('div', { class: 'learn-board', 'data-test': 'king-board', 'data-king': e.king }, board(pieces, { input, marks, dests: free, last: [e.king] })),
      result === null ? h('div', { class: 'row' }, h('button', { 'data-test': 'king-check', onclick: check }, t('learn-check')), h('span', { class: 'muted' }, t('learn-picked', { count: picked.size })))
        : verdict(result, 'king-result', t(result ? 'learn-kingRight' : 'learn-kingWrong', { count: forbidden.size }),
          button('learn-again', () => kingExercise(box, into), 'king-another')));
  };
  render();
}
