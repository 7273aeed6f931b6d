// Learn QuickChess: the booklet's path (boxes 1 to 9, "just follow the numbers") as a course.
// Box 1 is the booklet's "Rules of Play", what every game shares (the board, how to win, moving
// and capturing, the tie-breakers): read, not played. Each later box shows how its new piece moves (the destinations come from the rules engine, through
// /api/chess/position), then exercises whose positions and answers the engine makes and proves
// (learn-exercises.js), then the box's lesson game against the computer at its gentlest level.
// A box is done when its lesson game is won, box 1 once its rules are read (learn-progress.js:
// kept in this browser, shown on the numbered boxes).
import { createGame } from './api.js';
import { h, navigate, attempt, rulesLink } from './ui.js';
import { t, variantTitle, variantLong } from './text.js';
import { boxWon, boxDone, boxStarted, lessonStarted, mark } from './learn-progress.js';
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

/** The first box: the rules every game shares, as the booklet opens with them. */
const RULES_BOX = 1;
/** Every box's number, in the order the booklet numbers them. */
const NUMBERS = [RULES_BOX, ...BOXES.map((b) => b.n)];
/** The first lesson game's setup (Power Pawns), the board box 1 shows. */
const FIRST_SETUP = { a2: 'P', b2: 'P', c2: 'P', d2: 'P', e2: 'P', a5: 'p', b5: 'p', c5: 'p', d5: 'p', e5: 'p' };

/** A box's name in the list: the rules, or its lesson game. @param {number} n */
const boxName = (n) => (n === RULES_BOX ? t('learn-rulesName') : variantTitle((BOXES.find((b) => b.n === n) || BOXES[0]).variant));

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
  return h('nav', { class: 'learn-boxes', 'aria-label': t('learn-boxes') }, ...NUMBERS.map((n) => {
    const done = boxDone(n);
    const started = boxStarted(n);
    const box = BOXES.find((b) => b.n === n);
    return h('a', { href: `/learn/quickchess/${n}`, 'data-link': true, 'data-box': n, 'data-done': done ? 'yes' : 'no',
      class: `learn-box${n === current ? ' current' : ''}${done ? ' done' : started ? ' started' : ''}`,
      title: box ? variantLong(box.variant) : t('learn-rulesName'),
      'aria-current': n === current ? 'page' : null },
    h('span', { class: 'learn-n' }, String(n)), h('span', { class: 'learn-name' }, boxName(n)),
    done ? h('span', { class: 'learn-tick', 'aria-label': t('learn-done') }, '✓') : '');
  }));
}

/**
 * The course's first page: the boxes, and where to go on.
 * @param {HTMLElement} main
 */
export function learnHome(main) {
  const next = NUMBERS.find((n) => !boxDone(n)) || RULES_BOX;
  const done = NUMBERS.filter((n) => boxDone(n)).length;
  main.append(h('h1', {}, t('learn-title')), h('p', { class: 'lead' }, t('learn-lead')), boxList(null),
    h('p', { class: 'muted', 'data-test': 'learn-count' }, t('learn-doneCount', { done, total: NUMBERS.length })),
    h('p', {}, h('a', { class: 'button', href: `/learn/quickchess/${next}`, 'data-link': true, 'data-test': 'learn-next' }, t('learn-continue', { n: next }))));
}

/**
 * Box 1, the rules every game of the booklet shares: the board with the first lesson game's
 * pieces, how a game is won, moving and capturing, and the tie-breakers; done once read.
 * @param {HTMLElement} main
 */
function rulesBox(main) {
  const read = () => { mark(RULES_BOX, 'read'); navigate(`/learn/quickchess/${BOXES[0].n}`); };
  main.append(
    h('h1', {}, t('learn-boxTitle', { n: RULES_BOX, title: t('learn-rulesName') })),
    boxList(RULES_BOX),
    stepCard(t('learn-rules-boardTitle'), h('p', {}, t('learn-rules-board')),
      h('div', { class: 'learn-board', 'data-test': 'rules-board' }, board(FIRST_SETUP))),
    stepCard(t('learn-rules-winTitle'), h('p', {}, t('learn-rules-win'))),
    stepCard(t('learn-rules-moveTitle'), h('p', {}, t('learn-rules-move')), h('p', {}, t('learn-rules-capture'))),
    stepCard(t('learn-rules-stuckTitle'), h('p', {}, t('learn-rules-stuck'))),
    h('p', { class: boxDone(RULES_BOX) ? 'banner good' : 'muted', 'data-test': 'learn-box-state' }, t(boxDone(RULES_BOX) ? 'learn-rulesDone' : 'learn-rulesToRead')),
    h('div', { class: 'row' }, h('button', { 'data-test': 'learn-read', onclick: read }, t('learn-rulesRead', { n: BOXES[0].n }))));
}

/**
 * What an address of no box of the course shows (`/learn/quickchess/12`): that there is none,
 * the boxes there are (the booklet's advanced boxes, 10 to 12, are told in the rules), and the
 * way to the first.
 * @param {HTMLElement} main
 * @param {string} number
 */
function noSuchBox(main, number) {
  main.append(h('h1', {}, t('learn-noBox', { n: number })),
    h('p', { 'data-test': 'learn-no-box' }, t('learn-noBoxHelp', { first: NUMBERS[0], last: NUMBERS[NUMBERS.length - 1] })),
    boxList(null),
    h('p', { class: 'row' }, h('a', { class: 'button', href: '/learn/quickchess', 'data-link': true }, t('learn-title')), rulesLink('quickchess')));
}

/**
 * One box: the piece's moves, its exercises, then the lesson game.
 * @param {HTMLElement} main
 * @param {string} number the box's number, from the path
 */
export function learnBox(main, number) {
  if (Number(number) === RULES_BOX) { rulesBox(main); return; }
  const box = BOXES.find((b) => b.n === Number(number));
  if (!box) { noSuchBox(main, number); return; }
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
