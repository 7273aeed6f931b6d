// Learn the puzzles: a first-time walkthrough of Check Mates (the board, what a task card
// means, the joker, turning but never mirroring) ending in a first card the player solves on
// the board, its minimum given by the solver; and of The Royal Study (the pieces, levels 1 to 3
// and what turning and mirroring cost) ending in a first solo card at level 1.
import { call, createGame } from './api.js';
import { parseBoard, squareName, BoardInput } from './board.js';
import { h, navigate, attempt } from './ui.js';
import { t } from './text.js';
import { cmBoard, taskCard, taskLegend } from './checkmates.js';
import { royalBoard } from './royal.js';
import { play } from './sound.js';
import { figure, figures } from './rules.js';

/** @typedef {import('./ui.js').Children} Children */
/**
 * A first card to play: a task, a board, and the fewest moves between them.
 * @typedef {{ task: string, board: string, optimum: number }} FirstCard
 */

/**
 * One step of a walkthrough, under its heading.
 * @param {string} title the heading's catalogue key
 * @param {...Children} content
 */
function step(title, ...content) {
  return h('section', { class: 'card stack learn-step' }, h('h2', {}, t(title)), ...content);
}

/**
 * A board text turned a quarter to the right (clockwise).
 * @param {string} text
 */
function turned(text) {
  const rows = text.split('/').map((r) => [...r]);
  return rows[0].map((_, c) => rows.map((r) => r[c]).reverse().join('')).join('/');
}
/** A board text mirrored left to right. @param {string} text */
const mirrored = (text) => text.split('/').map((r) => [...r].reverse().join('')).join('/');

/**
 * The sliding moves of a board: a token next to an empty square, straight.
 * @param {string} text
 * @returns {string[]} as `a1-a2`
 */
function slidingMoves(text) {
  const { map } = parseBoard(text);
  const moves = [];
  for (const [sq, ch] of map) {
    if (ch !== '.') continue;
    const f = sq.charCodeAt(0) - 97;
    const r = Number(sq[1]) - 1;
    for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (f + df < 0 || f + df > 2 || r + dr < 0 || r + dr > 2) continue;
      const from = squareName(f + df, r + dr);
      if (map.get(from) !== '.') moves.push(`${from}-${sq}`);
    }
  }
  return moves;
}

/**
 * `text` after the move `from-to`.
 * @param {string} text
 * @param {string} mv
 */
function moved(text, mv) {
  const [from, to] = mv.split('-');
  const { map } = parseBoard(text);
  map.set(to, map.get(from) ?? '.');
  map.set(from, '.');
  return [3, 2, 1].map((r) => ['a', 'b', 'c'].map((f) => map.get(`${f}${r}`)).join('')).join('/');
}

/** A random start: b2 and one other square empty, the seven tokens shuffled on the rest. */
function randomBoard() {
  const tokens = [...'bbrrggj'];
  for (let i = tokens.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [tokens[i], tokens[j]] = [tokens[j], tokens[i]]; }
  const others = [0, 1, 2, 3, 5, 6, 7, 8];
  const empty = others[Math.floor(Math.random() * others.length)];
  /** @type {Array<string | undefined>} the seven tokens fill the seven squares left */
  const cells = [];
  for (let i = 0; i < 9; i++) cells.push(i === 4 || i === empty ? '.' : tokens.pop());
  return [0, 3, 6].map((i) => cells.slice(i, i + 3).join('')).join('/');
}

/**
 * A first card: a task of the deck and a board the solver says needs one to three moves.
 * @returns {Promise<FirstCard | null>}
 */
async function firstCard() {
  const decks = await call('GET /api/decks');
  const tasks = decks.checkmates.cards.filter((c) => c.sliding.stars === 1).map((c) => c.sliding.task);
  for (let tries = 0; tries < 40; tries++) {
    const task = tasks[Math.floor(Math.random() * tasks.length)];
    const board = randomBoard();
    const r = await call('POST /api/solve/checkmates', { body: { side: 'sliding', board, task } });
    if (r.moves !== null && r.moves >= 1 && r.moves <= 3) return { task, board, optimum: r.moves };
  }
  return null;
}

/**
 * The first card, played: the solver says when the board meets the task.
 * @param {HTMLElement} into
 */
async function firstCardPlay(into) {
  into.replaceChildren(t('home-loading'));
  const card = await attempt(firstCard);
  if (!card) { into.replaceChildren(t('learn-noExercise')); return; }
  let board = card.board;
  let moves = 0;
  let done = false;
  /** @type {string[] | null} the last move's squares */
  let last = null;
  const input = new BoardInput({
    onMove: (a, b) => attempt(async () => {
      board = moved(board, `${a}-${b}`);
      last = [a, b];
      moves++;
      play('move');
      const r = await call('POST /api/solve/checkmates', { body: { side: 'sliding', board, task: card.task } });
      if (r.moves === 0) { done = true; play('end'); }
      render();
    }),
    redraw: () => render(),
  });
  const render = () => {
    into.replaceChildren(
      h('p', {}, t('learn-cm-firstAsk', { optimum: card.optimum })),
      h('div', { class: 'boards' },
        h('div', { class: 'board-wrap main-board', 'data-test': 'first-board', 'data-board': board },
          cmBoard('sliding', board, { legal: done ? [] : slidingMoves(board), input, last })),
        h('div', { class: 'board-wrap side-board', 'data-test': 'first-task', 'data-task': card.task }, taskCard('sliding', card.task))),
      h('p', { class: 'muted' }, t('learn-cm-movesSoFar', { moves })),
      done ? h('div', { class: 'banner good', 'data-test': 'first-solved' }, t('learn-cm-solved', { moves, optimum: card.optimum }),
        ' ', h('a', { href: '/checkmates', 'data-link': true }, t('learn-cm-onward')))
        : h('button', { class: 'secondary small', onclick: () => firstCardPlay(into) }, t('learn-again')));
  };
  render();
}

/**
 * The Check Mates walkthrough.
 * @param {HTMLElement} main
 */
export function learnCheckmates(main) {
  const task = 'b.r/.g./...';
  const first = h('div', { class: 'stack' });
  main.append(
    h('h1', {}, t('learn-cm-title')),
    h('p', { class: 'lead' }, t('learn-cm-lead')),
    step('learn-cm-boardTitle', h('p', {}, t('learn-cm-board')),
      figures(figure(cmBoard('sliding', 'bjr/gg./r.b', { legal: [], last: ['b1', 'b2'] }), t('learn-cm-boardCaption')))),
    step('learn-cm-cardTitle', h('p', {}, t('learn-cm-card')), figures(figure(taskCard('sliding', task), t('learn-cm-cardCaption'))), taskLegend('sliding', task),
      h('p', {}, t('learn-cm-joker'))),
    step('learn-cm-turnTitle', h('p', {}, t('learn-cm-turn')),
      figures(
        figure(taskCard('sliding', task), t('learn-cm-asPrinted')),
        figure(taskCard('sliding', turned(task)), t('learn-cm-turned'), 'yes'),
        figure(taskCard('sliding', mirrored(task)), t('learn-cm-mirrored'), 'no')),
      h('p', {}, t('learn-cm-whyNoMirror'))),
    step('learn-cm-firstTitle', first));
  firstCardPlay(first);
}

/**
 * The Royal Study walkthrough.
 * @param {HTMLElement} main
 */
export function learnRoyal(main) {
  const card = 'R.B/.Q./K.N';
  const start = () => attempt(async () => {
    const g = await createGame('royal-solo', { level: 1 });
    navigate(`/royal/solo/${g.id}`);
  });
  main.append(
    h('h1', {}, t('learn-royal-title')),
    h('p', { class: 'lead' }, t('learn-royal-lead')),
    step('learn-royal-piecesTitle', h('p', {}, t('learn-royal-pieces')), figures(figure(royalBoard('K.N/.Q./R.B'), t('rules-royal-boardCaption')))),
    step('learn-royal-cardTitle', h('p', {}, t('learn-royal-card')), figures(figure(royalBoard(card, { coords: false, label: t('label-card', { layout: card }) }), t('rules-royal-cardCaption')))),
    step('learn-royal-levelsTitle', h('p', {}, t('learn-royal-levels')),
      figures(
        figure(royalBoard(turned(card), { coords: false, label: t('label-card', { layout: turned(card) }) }), t('learn-royal-turnCost')),
        figure(royalBoard(mirrored(card), { coords: false, label: t('label-card', { layout: mirrored(card) }) }), t('learn-royal-mirrorCost')),
        figure(royalBoard(turned(turned(card)), { coords: false, label: t('label-card', { layout: turned(turned(card)) }) }), t('learn-royal-halfCost')))),
    step('learn-royal-firstTitle', h('p', {}, t('learn-royal-first')), h('p', {}, h('button', { 'data-test': 'royal-first', onclick: start }, t('learn-royal-start')))));
}
