// The boards of a review's better line (review.js): a chess position of the computer's line
// with its next move drawn as an arrow (and its squares tinted), or the Querni position before
// a turn with the computer's own turn drawn: its path, and the chain it would remove ringed.
import { drawBoard, fenPieces, svgEl } from './board.js';
import { chessSymbol } from './pieces.js';
import { querniBoard, parsePosition } from './querni-board.js';
import { t, pieceLabel } from './text.js';
/** @import { BoardSvg } from './board.js' */

/** The squares of a move in UCI (none for a pass). @param {string | undefined} uci @returns {[string, string] | null} */
export function squaresOf(uci) {
  const m = uci ? /^([a-z]\d+)([a-z]\d+)/.exec(uci) : null;
  return m ? [m[1], m[2]] : null;
}

/**
 * An arrow on a board from one square's centre to another's: the computer's move.
 * @param {BoardSvg} svg @param {string} from @param {string} to
 */
export function drawArrow(svg, from, to) {
  const [x1, y1] = svg.tabula.center(from);
  const [x2, y2] = svg.tabula.center(to);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const [nx, ny] = [-uy, ux];
  const shaft = 9; const head = 36; const wing = 24; const back = 20; // in the board's units, 100 a square
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const [sx, sy] = [x1 + ux * back, y1 + uy * back];
  /** @param {number} x @param {number} y */
  const p = (x, y) => `${x.toFixed(1)},${y.toFixed(1)}`;
  const points = [p(sx + nx * shaft, sy + ny * shaft), p(bx + nx * shaft, by + ny * shaft), p(bx + nx * wing, by + ny * wing), p(x2, y2),
    p(bx - nx * wing, by - ny * wing), p(bx - nx * shaft, by - ny * shaft), p(sx - nx * shaft, sy - ny * shaft)];
  const g = svgEl('g', { 'aria-hidden': 'true', class: 'rv-arrow', 'data-test': 'review-arrow', 'data-move': `${from}${to}` });
  g.append(svgEl('polygon', { points: points.join(' ') }));
  svg.append(g);
}

/**
 * A position of the computer's chess line: `fen`, after the line's move `last` (tinted), with
 * its `next` move as an arrow.
 * @param {{ files: number, ranks: number, flipped: boolean, fen: string, check: boolean, last?: string, next?: string }} o
 */
export function chessLineBoard(o) {
  const pieces = fenPieces(o.fen);
  const next = squaresOf(o.next);
  /** @type {Map<string, string>} */
  const marks = new Map();
  if (next) for (const sq of next) marks.set(sq, 'rv-best');
  const king = o.fen.split(' ')[1] === 'w' ? 'K' : 'k';
  const svg = drawBoard({
    files: o.files, ranks: o.ranks, flipped: o.flipped, label: t('review-lineBoard', { layout: o.fen }),
    piece: (sq) => { const p = pieces.get(sq); const symbol = p ? chessSymbol(p) : null; return p && symbol ? { symbol, label: pieceLabel(p) } : null; },
    last: squaresOf(o.last), marks,
    check: o.check ? [...pieces].find(([, p]) => p === king)?.[0] ?? null : null,
  });
  if (next) drawArrow(svg, next[0], next[1]);
  return svg;
}

/**
 * The Querni position `before` a turn with the computer's turn `turn` (notation) of `side`
 * drawn on it: the path of its movement, and the chain it removes.
 * @param {{ before: string, turn: string, side: string, flipped: boolean }} o
 */
export function querniTurnBoard(o) {
  const cells = parsePosition(o.before);
  const parts = o.turn.split(' ');
  const movement = parts.find((p) => /^[a-j]\d/.test(p));
  const chain = parts.find((p) => p.startsWith('x'));
  const path = movement ? movement.split(/[-:]/) : [];
  /** @type {Map<string, string>} */
  const rings = new Map();
  /** @type {Map<string, string>} */
  const marks = new Map();
  if (path.length > 1) { marks.set(path[0], 'rv-best'); marks.set(path[path.length - 1], 'rv-best'); }
  if (chain) {
    // the chain's pieces ringed where they stand before the turn (the one that moves, if it
    // is among them, at the start of its path)
    const [low, high] = chain.slice(1).split('-').map(Number);
    cells.forEach((c, i) => {
      if (c && c.side === o.side && c.n >= low && c.n <= (high || low)) rings.set(String.fromCharCode(97 + (i % 10)) + (Math.floor(i / 10) + 1), 'hint');
    });
  }
  const svg = querniBoard(cells, { flipped: o.flipped, label: t('review-turnBoard', { layout: o.before }), marks, rings, paths: path.length > 1 ? [{ squares: path, cls: 'hint' }] : [] });
  svg.setAttribute('data-turn', o.turn);
  return svg;
}
