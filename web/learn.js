// Learn QuickChess: the booklet's path (boxes 2 to 9, "just follow the numbers") as a course.
// Each box shows how its new piece moves (the destinations come from the rules engine, through
// /api/chess/position), then exercises whose positions and answers the engine makes and proves
// (learn-exercises.js), then the box's lesson game against the computer at its gentlest level.
// A box is done when its lesson game is won (learn-progress.js: kept in this browser, shown on
// the numbered boxes).
import { createGame } from './api.js';
import { h, navigate, attempt } from './ui.js';
import { t, variantTitle } from './text.js';
import { boxWon, boxStarted, lessonStarted } from './learn-progress.js';
import { position, destinations, board, reachExercise, captureExercise, kingExercise } from './learn-exercises.js';

/**
 * A box that teaches a piece (its FEN letter, white): the exercises are about that piece.
 * @typedef {{ n: number, variant: string, piece: string }} PieceBox
 */
/**
 * The last box, QuickChess itself: every piece, no new one, so no piece exercises.
 * @typedef {{ n: number, variant: string, piece: null }} GameBox
 */
/** @typedef {PieceBox | GameBox} Box */
/** @typedef {import('./ui.js').Children} Children */

/**
 * The boxes: the booklet's number, its lesson game, and the piece it teaches.
 * @type {Box[]}
 */
export const BOXES = [
  { n: 2, variant: 'power-pawns', piece: 'P' }, { n: 3, variant: 'kings-conquest', piece: 'K' },
  { n: 4, variant: 'raging-rooks', piece: 'R' }, { n: 5, variant: 'bishops', piece: 'B' },
  { n: 6, variant: 'mean-queens', piece: 'Q' }, { n: 7, variant: 'rescue-the-queen', piece: 'P' },
  { n: 8, variant: 'krazy-knights', piece: 'N' }, { n: 9, variant: 'quickchess', piece: null },
];

/**
 * The pieces of a box's first board (square -> FEN letter): its piece on c3 and something to
 * take; a pawn is shown with what it can do: a step, two captures, and a blocked pawn beside it.
 * @param {PieceBox} box
 * @returns {Record<string, string>}
 */
function demoPieces(box) {
  if (box.piece === 'P') return { c3: 'P', b4: 'p', d4: 'p', e3: 'P', e4: 'p', a5: 'p' };
  return { c3: box.piece, e5: 'p' };
}

/**
 * One step of a box, under its heading.
 * @param {string} title
 * @param {...Children} content
 */
function stepCard(title, ...content) {
  return h('section', { class: 'card stack learn-step' }, h('h2', {}, title), ...content);
}

/**
 * The numbered boxes with this browser's progress.
 * @param {number | null} current the box shown, if one is
 */
function boxList(current) {
  return h('nav', { class: 'learn-boxes', 'aria-label': t('learn-boxes') }, ...BOXES.map((box) => {
    const done = boxWon(box.n);
    const started = boxStarted(box.n);
    return h('a', { href: `/learn/quickchess/${box.n}`, 'data-link': true, 'data-box': box.n, 'data-done': done ? 'yes' : 'no',
      class: `learn-box${box.n === current ? ' current' : ''}${done ? ' done' : started ? ' started' : ''}`,
      title: t('learn-boxTip', { title: variantTitle(box.variant), meaning: t(`learn-meaning-${box.variant}`) }),
      'aria-current': box.n === current ? 'page' : null },
    h('span', { class: 'learn-n' }, String(box.n)), h('span', { class: 'learn-name' }, variantTitle(box.variant)),
    done ? h('span', { class: 'learn-tick', 'aria-label': t('learn-done') }, '✓') : '');
  }));
}

/**
 * The course's first page: the boxes, and where to go on.
 * @param {HTMLElement} main
 */
export function learnHome(main) {
  const next = BOXES.find((b) => !boxWon(b.n)) || BOXES[0];
  const won = BOXES.filter((b) => boxWon(b.n)).length;
  main.append(h('h1', {}, t('learn-title')), h('p', { class: 'lead' }, t('learn-lead')), boxList(null),
    h('p', { class: 'muted', 'data-test': 'learn-count' }, t('learn-doneCount', { done: won, total: BOXES.length })),
    h('p', {}, h('a', { class: 'button', href: `/learn/quickchess/${next.n}`, 'data-link': true, 'data-test': 'learn-next' }, t('learn-continue', { n: next.n }))));
}

/**
 * One box: the piece's moves, its exercises, then the lesson game.
 * @param {HTMLElement} main
 * @param {string} number the box's number, from the path
 */
export function learnBox(main, number) {
  const box = BOXES.find((b) => b.n === Number(number));
  if (!box) { navigate('/learn/quickchess'); return; }
  const demoBoard = h('div', { class: 'learn-board', 'data-test': 'demo-board' }, t('home-loading'));
  if (box.piece) {
    const demo = demoPieces(box);
    position(box.variant, demo).then((pos) => {
      const from = 'c3';
      demoBoard.replaceChildren(board(demo, { dests: destinations(pos, from), last: [from] }));
    }).catch(() => demoBoard.replaceChildren(board(demo)));
  }
  const reach = h('div', { class: 'stack' });
  const capture = h('div', { class: 'stack' });
  const king = h('div', { class: 'stack' });
  const withKing = box.piece === 'K' || box.piece === null;
  const playGame = () => attempt(async () => {
    const g = await createGame('quickchess', { variant: box.variant, color: 'white' }, [1]);
    lessonStarted(box.n, g.id);
    navigate(`/quickchess/play/${g.id}`);
  });
  const nextBox = BOXES[BOXES.indexOf(box) + 1];
  const done = boxWon(box.n);
  main.append(
    h('h1', {}, t('learn-boxTitle', { n: box.n, title: variantTitle(box.variant) })),
    // the booklet's names are English only; Russian and German get what they mean
    t(`learn-meaning-${box.variant}`) ? h('p', { class: 'muted', 'data-test': 'learn-meaning' }, t(`learn-meaning-${box.variant}`)) : '',
    boxList(box.n),
    box.piece ? stepCard(t('learn-movesTitle', { piece: box.piece.toLowerCase() }), h('p', {}, t(`learn-moves-${box.variant}`)), demoBoard) : '',
    box.piece ? stepCard(t('learn-reachTitle'), reach) : '',
    withKing ? stepCard(t('learn-kingTitle'), king) : '',
    box.piece ? stepCard(t('learn-captureTitle'), capture) : '',
    stepCard(t('learn-gameTitle'), h('p', {}, t(`learn-game-${box.variant}`)),
      h('p', { class: done ? 'banner good' : 'muted', 'data-test': 'learn-box-state' }, t(done ? 'learn-boxDone' : 'learn-boxToWin')),
      h('div', { class: 'row' }, h('button', { 'data-test': 'learn-play', onclick: playGame }, t('learn-play')),
        nextBox ? h('a', { href: `/learn/quickchess/${nextBox.n}`, 'data-link': true }, t('learn-nextBox', { n: nextBox.n })) : '')));
  if (box.piece) {
    reachExercise(box, reach);
    captureExercise(box, capture).catch(() => capture.replaceChildren(t('learn-noExercise')));
  }
  if (withKing) kingExercise(box, king).catch(() => king.replaceChildren(t('learn-noExercise')));
}
