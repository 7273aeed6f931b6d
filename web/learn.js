// Learn QuickChess: the booklet's path (boxes 2 to 9, "just follow the numbers") as a course.
// Each box shows how its new piece moves (the destinations come from the rules engine, through
// /api/chess/position), then two exercises on positions made up afresh each time and checked
// by the engine, never by answers typed in here: tap every square the piece can reach, and
// capture a pawn with it. Then the box's lesson game against the computer at its gentlest
// level. Progress is kept in this browser and shown on the numbered boxes.
import { api, createGame } from './api.js';
import { drawBoard, fenPieces, BoardInput } from './board.js';
import { h, navigate, attempt } from './ui.js';
import { t, variantTitle } from './text.js';
import { chessPiece } from './quickchess.js';
import { play } from './sound.js';

/** The boxes: the booklet's number, its lesson game, and the piece it teaches. */
export const BOXES = [
  { n: 2, variant: 'power-pawns', piece: 'P' }, { n: 3, variant: 'kings-conquest', piece: 'K' },
  { n: 4, variant: 'raging-rooks', piece: 'R' }, { n: 5, variant: 'bishops', piece: 'B' },
  { n: 6, variant: 'mean-queens', piece: 'Q' }, { n: 7, variant: 'rescue-the-queen', piece: 'P' },
  { n: 8, variant: 'krazy-knights', piece: 'N' }, { n: 9, variant: 'quickchess', piece: null },
];
const STORE = 'tabula:learn:quickchess';
const FILES = 5;
const RANKS = 6;
const SQUARES = [];
for (let r = 1; r <= RANKS; r++) for (const f of 'abcde') SQUARES.push(`${f}${r}`);

/** What this browser has done: box number -> { reach, capture, played } (true when done). */
function progress() {
  try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch { return {}; }
}
function mark(n, step) {
  const p = progress();
  p[n] = { ...(p[n] || {}), [step]: true };
  localStorage.setItem(STORE, JSON.stringify(p));
}
/** Whether a box is done: its exercises passed and its lesson game started. */
function boxDone(box) {
  const p = progress()[box.n] || {};
  return Boolean(p.played && (box.piece === null || (p.reach && p.capture)));
}

/** A FEN of the 5x6 board with `pieces` (square -> letter), White to move. */
function fenOf(pieces) {
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

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** `count` distinct squares from `list` not in `taken`. */
function freeSquares(list, count, taken) {
  const free = list.filter((s) => !taken.has(s));
  const out = [];
  while (out.length < count && free.length) out.push(free.splice(Math.floor(Math.random() * free.length), 1)[0]);
  return out;
}

/** The engine's view of a position of a box's lesson game. */
function position(box, pieces, moves = []) {
  return api('POST', '/api/chess/position', { variant: box.variant, fen: fenOf(pieces), moves });
}

/** The squares a piece on `from` may move to, by the engine. */
const destinations = (pos, from) => new Map(pos.legal.filter((m) => m.from === from).map((m) => [m.to, true]));

function board(pieces, o = {}) {
  return drawBoard({ files: FILES, ranks: RANKS, coords: true, piece: (sq) => chessPiece(pieces[sq]),
    label: t('label-position', { layout: fenOf(pieces) }), ...o });
}

/** A pawn shown with what it can do: a step, two captures, and a blocked pawn beside it. */
function demoPieces(box) {
  if (box.piece === 'P') return { c3: 'P', b4: 'p', d4: 'p', e3: 'P', e4: 'p', a5: 'p' };
  return { c3: box.piece, e5: 'p' };
}

/** A position for the reach exercise: the piece, some of its own pawns in the way, a pawn to take. */
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

/** A position for the capture exercise: the piece and three pawns, at least one of them takeable. */
async function capturePosition(box) {
  for (let tries = 0; tries < 30; tries++) {
    const from = box.piece === 'P' ? pick(['b2', 'c2', 'd2', 'b3', 'c3', 'd3']) : pick(SQUARES.filter((s) => !/[16]$/.test(s)));
    const pieces = { [from]: box.piece };
    const taken = new Set([from]);
    for (const sq of freeSquares(SQUARES.filter((s) => !/[16]$/.test(s)), 3, taken)) { pieces[sq] = 'p'; taken.add(sq); }
    const pos = await position(box, pieces);
    const captures = pos.legal.filter((m) => m.from === from && pieces[m.to]);
    if (captures.length && !pos.outcome) return { pieces, from, pos };
  }
  return null;
}

function stepCard(title, ...content) {
  return h('section', { class: 'card stack learn-step' }, h('h2', {}, title), ...content);
}

/** Exercise 1: tap every square the piece can reach; the engine says which they are. */
function reachExercise(box, into) {
  const { pieces, from } = reachPieces(box);
  const picked = new Set();
  let answer = null;
  let result = null;
  const input = new BoardInput({ onMove: () => {}, onTap: (sq) => { if (answer) return false; if (picked.has(sq)) picked.delete(sq); else picked.add(sq); render(); return true; }, redraw: () => render() });
  const check = () => attempt(async () => {
    const pos = await position(box, pieces);
    answer = destinations(pos, from);
    const right = answer.size === picked.size && [...picked].every((s) => answer.has(s));
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
      result === null ? h('div', { class: 'row' }, h('button', { 'data-test': 'reach-check', onclick: check }, t('learn-check')), h('span', { class: 'muted' }, t('learn-picked', { count: picked.size })))
        : h('div', { class: `banner ${result ? 'good' : 'bad'}`, 'data-test': 'reach-result' }, t(result ? 'learn-reachRight' : 'learn-reachWrong', { count: answer.size }),
          result ? '' : h('button', { class: 'secondary small', onclick: () => reachExercise(box, into) }, t('learn-again'))));
  };
  render();
}

/** Exercise 2: capture a pawn with the piece; the engine plays the move and counts the pawns. */
async function captureExercise(box, into) {
  into.replaceChildren(t('home-loading'));
  const found = await capturePosition(box);
  if (!found) { into.replaceChildren(t('learn-noExercise')); return; }
  const { pieces, from, pos } = found;
  let result = null;
  let after = pieces;
  const input = new BoardInput({
    onMove: (a, b) => attempt(async () => {
      const move = pos.legal.find((m) => m.from === a && m.to === b);
      const next = await position(box, pieces, [move.uci]);
      after = Object.fromEntries(next.board.map((p) => [p.square, p.piece]));
      const pawnsBefore = Object.values(pieces).filter((p) => p === 'p').length;
      const pawnsAfter = Object.values(after).filter((p) => p === 'p').length;
      result = pawnsAfter < pawnsBefore;
      play(result ? 'capture' : 'refuse');
      if (result) mark(box.n, 'capture');
      render();
    }),
    redraw: () => render(),
  });
  const render = () => {
    input.bind({ moves: result === null ? pos.legal.filter((m) => m.from === from).map((m) => [m.from, m.to]) : [] });
    into.replaceChildren(
      h('p', {}, t('learn-captureAsk', { piece: box.piece.toLowerCase() })),
      h('div', { class: 'learn-board', 'data-test': 'capture-board', 'data-from': from }, board(result === null ? pieces : after, { input, dests: input.dests() })),
      result === null ? '' : h('div', { class: `banner ${result ? 'good' : 'bad'}`, 'data-test': 'capture-result' }, t(result ? 'learn-captureRight' : 'learn-captureWrong'),
        result ? '' : h('button', { class: 'secondary small', onclick: () => captureExercise(box, into) }, t('learn-again'))));
  };
  render();
}

/** The numbered boxes with this browser's progress. */
function boxList(current) {
  const p = progress();
  return h('nav', { class: 'learn-boxes', 'aria-label': t('learn-boxes') }, ...BOXES.map((box) => {
    const done = boxDone(box);
    const started = Boolean(p[box.n]);
    return h('a', { href: `/learn/quickchess/${box.n}`, 'data-link': true, 'data-box': box.n, 'data-done': done ? 'yes' : 'no',
      class: `learn-box${box.n === current ? ' current' : ''}${done ? ' done' : started ? ' started' : ''}`,
      title: variantTitle(box.variant), 'aria-current': box.n === current ? 'page' : null },
    h('span', { class: 'learn-n' }, String(box.n)), h('span', { class: 'learn-name' }, variantTitle(box.variant)),
    done ? h('span', { class: 'learn-tick', 'aria-label': t('learn-done') }, '✓') : '');
  }));
}

/** The course's first page: the boxes, and where to go on. */
export function learnHome(main) {
  const next = BOXES.find((b) => !boxDone(b)) || BOXES[0];
  main.append(h('h1', {}, t('learn-title')), h('p', { class: 'lead' }, t('learn-lead')), boxList(null),
    h('p', {}, h('a', { class: 'button', href: `/learn/quickchess/${next.n}`, 'data-link': true, 'data-test': 'learn-next' }, t('learn-continue', { n: next.n }))));
}

/** One box: the piece's moves, the two exercises, then the lesson game. */
export function learnBox(main, number) {
  const box = BOXES.find((b) => b.n === Number(number));
  if (!box) { navigate('/learn/quickchess'); return; }
  const demo = demoPieces(box);
  const demoBoard = h('div', { class: 'learn-board', 'data-test': 'demo-board' }, t('home-loading'));
  if (box.piece) {
    position(box, demo).then((pos) => {
      const from = 'c3';
      demoBoard.replaceChildren(board(demo, { dests: destinations(pos, from), last: [from] }));
    }).catch(() => demoBoard.replaceChildren(board(demo)));
  }
  const reach = h('div', { class: 'stack' });
  const capture = h('div', { class: 'stack' });
  const playGame = () => attempt(async () => {
    mark(box.n, 'played');
    const g = await createGame('quickchess', { variant: box.variant, color: 'white' }, [1]);
    navigate(`/quickchess/play/${g.id}`);
  });
  const nextBox = BOXES[BOXES.indexOf(box) + 1];
  main.append(
    h('h1', {}, t('learn-boxTitle', { n: box.n, title: variantTitle(box.variant) })),
    boxList(box.n),
    box.piece ? stepCard(t('learn-movesTitle', { piece: box.piece.toLowerCase() }), h('p', {}, t(`learn-moves-${box.variant}`)), demoBoard) : '',
    box.piece ? stepCard(t('learn-reachTitle'), reach) : '',
    box.piece ? stepCard(t('learn-captureTitle'), capture) : '',
    stepCard(t('learn-gameTitle'), h('p', {}, t(`learn-game-${box.variant}`)),
      h('div', { class: 'row' }, h('button', { 'data-test': 'learn-play', onclick: playGame }, t('learn-play')),
        nextBox ? h('a', { href: `/learn/quickchess/${nextBox.n}`, 'data-link': true }, t('learn-nextBox', { n: nextBox.n })) : '')));
  if (box.piece) {
    reachExercise(box, reach);
    captureExercise(box, capture);
  }
}
