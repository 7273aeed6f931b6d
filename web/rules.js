// The rules of each game (/rules/checkmates, /rules/royal, /rules/querni, /rules/quickchess)
// in the player's language, as RULES.md binds them: every paragraph is a catalogue message
// (web/i18n/*/rules-*.ftl), every diagram is drawn by the board renderer from a position in
// the games' notation, and every choice Tabula made where the rulebook is silent is marked
// "our choice".
import { drawBoard, parseBoard, fenPieces, squareName } from './board.js';
import { tokenSymbol, royalSymbol } from './pieces.js';
import { h } from './ui.js';
import { t, tokenLabel, royalLabel } from './text.js';
import { taskCard } from './checkmates.js';
import { royalBoard } from './royal.js';
import { querniBoard, parsePosition } from './querni-board.js';
import { chessPiece } from './quickchess.js';

/** @typedef {import('./board.js').BoardOptions} BoardOptions */
/** @typedef {import('./ui.js').Children} Children */
/** @typedef {import('./types/protocol').CellPiece} CellPiece */
/** @typedef {import('./types/protocol').QuerniSide} QuerniSide */
/**
 * A step of a piece: files and ranks to move by (a rook's `[1, 0]`, a knight's `[1, 2]`).
 * @typedef {[number, number]} Step
 */

/**
 * The squares `steps` (file, rank offsets) reach from `from`, `reach` times each, on a board.
 * @param {string} from
 * @param {Step[]} steps
 * @param {number} reach
 * @param {number} files
 * @param {number} ranks
 * @returns {Map<string, boolean>} as drawBoard's `dests` takes them
 */
function reached(from, steps, reach, files, ranks) {
  const out = new Map();
  const f0 = from.charCodeAt(0) - 97;
  const r0 = Number(from.slice(1)) - 1;
  for (const [df, dr] of steps) {
    for (let k = 1; k <= reach; k++) {
      const f = f0 + df * k;
      const r = r0 + dr * k;
      if (f < 0 || r < 0 || f >= files || r >= ranks) break;
      out.set(squareName(f, r), true);
    }
  }
  return out;
}

/** @type {Step[]} */
const STRAIGHT = [[1, 0], [-1, 0], [0, 1], [0, -1]];
/** @type {Step[]} */
const DIAGONAL = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
/** @type {Step[]} */
const KNIGHT = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];

/**
 * One piece alone on an empty board, with the squares it can move to marked.
 * @param {object} diagram
 * @param {number} diagram.files
 * @param {number} diagram.ranks
 * @param {string} diagram.square where the piece stands
 * @param {string | null} diagram.symbol the piece's symbol (pieces.js)
 * @param {string} diagram.label the piece's name
 * @param {Step[]} diagram.steps
 * @param {number} diagram.reach how many times a step may be repeated (a king's 1)
 * @param {string} [diagram.cls]
 * @param {string} [diagram.light]
 * @param {string} [diagram.dark]
 */
function movesDiagram({ files, ranks, square, symbol, label, steps, reach, cls, light, dark }) {
  return drawBoard({
    files, ranks, coords: true, light, dark, cls,
    label: t('rules-movesLabel', { piece: label, square }),
    piece: (sq) => (sq === square && symbol ? { symbol, label } : null),
    dests: reached(square, steps, reach, files, ranks),
  });
}

/**
 * A diagram and its caption (`cls`: `yes` or `no` marks it allowed or not).
 * @param {Node} board
 * @param {string} caption
 * @param {string} [cls]
 */
export function figure(board, caption, cls = '') {
  return h('figure', { class: `rules-figure ${cls}`.trim() }, h('div', { class: 'rules-board' }, board), h('figcaption', {}, caption));
}

/**
 * A paragraph of the rules; `ours` marks a choice of Tabula's where the rulebook is silent.
 * @param {string} key
 * @param {boolean} [ours]
 */
function para(key, ours = false) {
  return h('p', { class: ours ? 'ours' : null },
    ours ? h('span', { class: 'tag ours-tag', title: t('rules-oursExplained') }, t('rules-ours')) : '', ours ? ' ' : '', t(key));
}

/**
 * A section of the rules under its heading.
 * @param {string} title the heading's catalogue key
 * @param {...Children} content
 */
function section(title, ...content) {
  return h('section', { class: 'card stack rules-section' }, h('h2', {}, t(title)), ...content);
}

/** Diagrams side by side (wrapping on a phone). @param {...Node} items */
export const figures = (...items) => h('div', { class: 'rules-figures' }, ...items);

// --- Check Mates ---------------------------------------------------------------------------

/**
 * A Check Mates chess token alone on the board, and where it moves.
 * @param {string} ch the token's letter
 * @param {Step[]} steps
 * @param {number} reach
 * @param {string} caption the caption's catalogue key
 */
function cmTokenMoves(ch, steps, reach, caption) {
  const label = tokenLabel('chess', ch);
  return figure(movesDiagram({ files: 3, ranks: 3, square: ch === 'N' ? 'a1' : 'b2', symbol: tokenSymbol('chess', ch), label, steps, reach }), t(caption));
}

function checkmatesRules() {
  const board = parseBoard('bgr/.j./rbg');
  /** @param {string} sq */
  const at = (sq) => board.map.get(sq) ?? '.';
  return [
    section('rules-cm-aim', para('rules-cm-aim1'), para('rules-cm-tokens', true),
      figures(
        figure(drawBoard({ files: 3, ranks: 3, coords: true, label: t('label-board', { layout: 'bgr/.j./rbg' }),
          piece: (sq) => { const s = tokenSymbol('sliding', at(sq)); return s ? { symbol: s, label: tokenLabel('sliding', at(sq)) } : null; } }),
        t('rules-cm-boardCaption')),
        figure(taskCard('sliding', 'b.r/.g./...', { coords: false }), t('rules-cm-taskCaption')))),
    section('rules-cm-movesTitle', para('rules-cm-sliding'),
      figures(figure(movesDiagram({ files: 3, ranks: 3, square: 'b2', symbol: tokenSymbol('sliding', 'g'), label: tokenLabel('sliding', 'g'), steps: STRAIGHT, reach: 1 }), t('rules-cm-slidingCaption'))),
      para('rules-cm-chess'),
      figures(
        cmTokenMoves('R', STRAIGHT, 2, 'rules-cm-rookCaption'),
        cmTokenMoves('Q', [...STRAIGHT, ...DIAGONAL], 2, 'rules-cm-queenCaption'),
        cmTokenMoves('K', [...STRAIGHT, ...DIAGONAL], 1, 'rules-cm-kingCaption'),
        cmTokenMoves('N', KNIGHT, 1, 'rules-cm-knightCaption'))),
    section('rules-cm-tasksTitle', para('rules-cm-tasks'), para('rules-cm-chessTasks'),
      figures(figure(taskCard('chess', 'R.w/.b./Q.b', { coords: false }), t('rules-cm-chessTaskCaption'))),
      para('rules-cm-rotation'), para('rules-cm-stars'), para('rules-cm-chessStars', true)),
    section('rules-cm-playTitle', para('rules-cm-bidding'), para('rules-cm-proof'), para('rules-cm-zero'), para('rules-cm-scoring'),
      para('rules-cm-timeout', true)),
    section('rules-cm-soloTitle', para('rules-cm-solo'), para('rules-cm-blitz')),
  ];
}

// --- The Royal Study -------------------------------------------------------------------------

/**
 * A Royal Study piece alone on the board, and where it moves.
 * @param {string} ch the piece's letter
 * @param {string} square
 * @param {Step[]} steps
 * @param {number} reach
 * @param {string} caption the caption's catalogue key
 */
function royalMoves(ch, square, steps, reach, caption) {
  return figure(movesDiagram({ files: 3, ranks: 3, square, symbol: royalSymbol(ch), label: royalLabel(ch), steps, reach }), t(caption));
}

function royalRules() {
  return [
    section('rules-royal-aim', para('rules-royal-aim1'),
      figures(figure(royalBoard('K.N/.Q./R.B'), t('rules-royal-boardCaption')))),
    section('rules-royal-movesTitle', para('rules-royal-moves'),
      figures(
        royalMoves('K', 'b2', [...STRAIGHT, ...DIAGONAL], 1, 'rules-royal-kingCaption'),
        royalMoves('Q', 'a1', [...STRAIGHT, ...DIAGONAL], 2, 'rules-royal-queenCaption'),
        royalMoves('R', 'a1', STRAIGHT, 2, 'rules-royal-rookCaption'),
        royalMoves('B', 'a1', DIAGONAL, 2, 'rules-royal-bishopCaption'),
        royalMoves('N', 'a1', KNIGHT, 1, 'rules-royal-knightCaption')),
      para('rules-royal-colours')),
    section('rules-royal-cardsTitle', para('rules-royal-cards'), para('rules-royal-deck', true),
      figures(
        figure(royalBoard('R.B/.Q./K.N', { coords: false, label: t('label-card', { layout: 'R.B/.Q./K.N' }) }), t('rules-royal-cardCaption')),
        figure(royalBoard('K.R/.Q./N.B', { coords: false, label: t('label-card', { layout: 'K.R/.Q./N.B' }) }), t('rules-royal-turnedCaption')))),
    section('rules-royal-levelsTitle', para('rules-royal-level1'), para('rules-royal-level2'), para('rules-royal-level3'), para('rules-royal-bonus')),
    section('rules-royal-matchTitle', para('rules-royal-match'), para('rules-royal-hourglass', true), para('rules-royal-limit'), para('rules-royal-solo')),
  ];
}

// --- Querni --------------------------------------------------------------------------------

// A setup as Tabula deals it (each side's numbers shuffled by a seed).
const QUERNI_SETUP = '1jbmfpkle1/1dhacgion1/10/10/10/1GCMAKPED1/1NBFOLHJI1 b 0';

/**
 * Querni's 10x7 cells with only the pieces `placed` (square -> [side, number]).
 * @param {Record<string, [QuerniSide, number]>} placed
 */
function sparse(placed) {
  /** @type {Array<CellPiece | null>} */
  const cells = new Array(70).fill(null);
  for (const [sq, [side, n]] of Object.entries(placed)) cells[(Number(sq.slice(1)) - 1) * 10 + sq.charCodeAt(0) - 97] = { side, n };
  return cells;
}

function querniRules() {
  const jump = sparse({ b2: ['blue', 7], c3: ['red', 3], d5: ['blue', 12], f2: ['blue', 1], g6: ['red', 9] });
  const chain = sparse({ e4: ['blue', 4], d3: ['blue', 5], e3: ['blue', 6], f5: ['blue', 9], c5: ['red', 5], h3: ['red', 6], b2: ['blue', 8] });
  const rings = new Map([['e4', 'chain'], ['d3', 'chain'], ['e3', 'chain']]);
  return [
    section('rules-querni-aim', para('rules-querni-aim1'), para('rules-querni-setup', true),
      figures(figure(querniBoard(parsePosition(QUERNI_SETUP), { label: t('rules-querni-setupCaption') }), t('rules-querni-setupCaption')))),
    section('rules-querni-turnTitle', para('rules-querni-turn'), para('rules-querni-step'), para('rules-querni-jump', true),
      figures(figure(querniBoard(jump, { paths: [{ squares: ['b2', 'd4', 'd6'], cls: 'jump' }], dests: new Map([['d4', true], ['d6', true]]), label: t('rules-querni-jumpCaption') }), t('rules-querni-jumpCaption')))),
    section('rules-querni-chainTitle', para('rules-querni-chain'),
      figures(figure(querniBoard(chain, { rings, label: t('rules-querni-chainCaption') }), t('rules-querni-chainCaption'))),
      para('rules-querni-partial')),
    section('rules-querni-endTitle', para('rules-querni-win'), para('rules-querni-strand', true), para('rules-querni-draw', true), para('rules-querni-pass')),
  ];
}

// --- QuickChess ----------------------------------------------------------------------------

/**
 * A QuickChess position from its FEN, captioned.
 * @param {string} fen
 * @param {string} caption the caption's catalogue key
 * @param {Partial<BoardOptions>} [o] more of drawBoard's options (destinations to mark)
 */
function chessDiagram(fen, caption, o = {}) {
  const pieces = fenPieces(fen);
  const rows = fen.split(' ')[0].split('/');
  const files = [...rows[0]].reduce((n, c) => n + (/\d/.test(c) ? Number(c) : 1), 0);
  return figure(drawBoard({ files, ranks: rows.length, coords: true, label: t('label-position', { layout: fen }),
    piece: (sq) => chessPiece(pieces.get(sq)), ...o }), t(caption));
}

function quickchessRules() {
  return [
    section('rules-qc-aim', para('rules-qc-aim1'),
      figures(chessDiagram('rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1', 'rules-qc-boxCaption')),
      para('rules-qc-box', true), para('rules-qc-pawns')),
    section('rules-qc-lessonsTitle', para('rules-qc-lessons'), para('rules-qc-lessonSetups', true),
      figures(
        chessDiagram('5/ppppp/5/5/PPPPP/5 w - - 0 1', 'rules-qc-powerPawnsCaption'),
        chessDiagram('r4/ppppp/5/5/PPPPP/R4 w - - 0 1', 'rules-qc-ragingRooksCaption')),
      para('rules-qc-kings'), para('rules-qc-rescueQueen'), para('rules-qc-tieBreak', true), para('rules-qc-pass', true)),
    section('rules-qc-fullTitle', para('rules-qc-full'), para('rules-qc-rescue', true), para('rules-qc-draws', true),
      figures(chessDiagram('2k2/4P/5/5/5/2K2 w - - 0 1', 'rules-qc-rescueCaption', { dests: new Map([['e6', true]]) }))),
    section('rules-qc-advancedTitle', para('rules-qc-blasters'), para('rules-qc-pro', true), para('rules-qc-blind', true), para('rules-qc-olympics'), para('rules-qc-chess')),
    section('rules-qc-clocksTitle', para('rules-qc-clocks')),
  ];
}

/** @type {Partial<Record<string, () => HTMLElement[]>>} each game's rules, by its name in the path */
const GAMES = { checkmates: checkmatesRules, royal: royalRules, querni: querniRules, quickchess: quickchessRules };

/**
 * The rules page of `game`.
 * @param {HTMLElement} main
 * @param {string} game
 */
export function rulesPage(main, game) {
  const rules = GAMES[game];
  if (!rules) {
    main.append(h('h1', {}, t('notFound-title')), h('p', {}, h('a', { href: '/', 'data-link': true }, t('notFound-back'))));
    return;
  }
  main.append(
    h('h1', {}, t('rules-title', { game })),
    h('p', { class: 'lead' }, t('rules-lead')),
    h('nav', { class: 'row rules-games', 'aria-label': t('rules-others') },
      ...Object.keys(GAMES).map((g) => (g === game ? h('strong', {}, t(`game-${g}`)) : h('a', { href: `/rules/${g}`, 'data-link': true }, t(`game-${g}`))))),
    ...rules(),
    h('p', {}, h('a', { class: 'button', href: `/${game}`, 'data-link': true }, t('rules-play', { game }))));
}
