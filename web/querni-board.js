// Querni's board, pure: the 10x7 cells, squares and their names, a position read from its
// notation, what a movement and a whole turn do to the cells, and the board drawn. The game
// page, the review, the puzzles and the rules page all build on it; it imports no page.
import { drawBoard } from './board.js';
import { t } from './text.js';
/** @import { QuerniSide, CellPiece, MovementView } from './types/protocol' */
/** @import { BoardOptions } from './board.js' */

export const FILES = 10;
export const RANKS = 7;

/** The sides, blue first. @type {readonly QuerniSide[]} */
export const SIDES = ['blue', 'red'];

/** @param {number} i a cell's index @returns {string} its square */
export const sqName = (i) => String.fromCharCode(97 + (i % FILES)) + (Math.floor(i / FILES) + 1);
/** @param {string} name a square @returns {number} its cell's index */
export const sqIndex = (name) => (name.charCodeAt(0) - 97) + (Number(name.slice(1)) - 1) * FILES;

/**
 * The cells of a position in Querni notation (70 entries: {side, n} or null).
 * @param {string} text
 * @returns {(CellPiece | null)[]}
 */
export function parsePosition(text) {
  /** @type {(CellPiece | null)[]} */
  const cells = new Array(FILES * RANKS).fill(null);
  text.split(' ')[0].split('/').forEach((row, i) => {
    const rank = RANKS - 1 - i;
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([a-pA-P])/g)) {
      if (m[1]) { file += Number(m[1]); continue; }
      const c = m[2];
      const blue = c === c.toUpperCase();
      cells[rank * FILES + file] = { side: blue ? 'blue' : 'red', n: c.toUpperCase().charCodeAt(0) - 64 };
      file++;
    }
  });
  return cells;
}

/**
 * The cells as a movement leaves them (no movement: as they are).
 * @param {(CellPiece | null)[]} cells @param {MovementView | null} move
 */
export function afterMovement(cells, move) {
  const out = cells.slice();
  if (move) {
    const from = sqIndex(move.from);
    out[sqIndex(move.to)] = out[from];
    out[from] = null;
  }
  return out;
}

/**
 * A turn built on the board, in notation: the movement chosen and the chain to remove, or a pass.
 * @param {MovementView | null} move @param {[number, number, boolean] | null} removal
 */
export function builtTurn(move, removal) {
  const parts = [];
  if (move) parts.push(move.text);
  if (removal) parts.push(`x${removal[0]}-${removal[1]}`);
  return parts.join(' ') || 'pass';
}

// --- a turn as the notation writes it (the puzzles page plays them) -------------------------

/**
 * A Querni turn's parts from its notation: the squares of its movement and its chain.
 * @param {string} text
 * @returns {{ path: string[], chain: [number, number] | null }}
 */
export function turnParts(text) {
  const parts = text.split(' ');
  const mv = parts.find((p) => /^[a-j]\d/.test(p));
  const rm = parts.find((p) => p.startsWith('x'));
  const [low, high] = rm ? rm.slice(1).split('-').map(Number) : [0, 0];
  return { path: mv ? mv.split(/[-:]/) : [], chain: rm ? [low, high || low] : null };
}

/**
 * The cells after `side` plays turn `text` (a legal one): the piece moved, the chain lifted.
 * @param {(CellPiece | null)[]} cells @param {QuerniSide} side @param {string} text
 */
export function afterTurn(cells, side, text) {
  const { path, chain } = turnParts(text);
  const out = cells.slice();
  if (path.length > 1) {
    const from = sqIndex(path[0]);
    out[sqIndex(path[path.length - 1])] = out[from];
    out[from] = null;
  }
  if (chain) out.forEach((c, i) => { if (c && c.side === side && c.n >= chain[0] && c.n <= chain[1]) out[i] = null; });
  return out;
}

/**
 * The board: numbered blue and red pieces; `o` as drawBoard's (marks, rings, paths...).
 * @param {(CellPiece | null)[]} cells
 * @param {Partial<BoardOptions>} [o]
 */
export function querniBoard(cells, o = {}) {
  return drawBoard({
    files: FILES, ranks: RANKS, cls: 'querni', light: 'var(--querni-light)', dark: 'var(--querni-dark)', label: o.label || t('querni-board'),
    piece: (sq) => {
      const c = cells[sqIndex(sq)];
      return c ? { symbol: `q-${c.side}`, text: c.n, label: t('querni-piece', { side: c.side, n: c.n }), cls: `qpiece ${c.side}` } : null;
    },
    ...o,
  });
}

