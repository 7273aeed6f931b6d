// One SVG board renderer for every game (3x3, 5x6, 8x8 and Querni's 10x7): a <rect> per
// square, pieces as <use> of symbols (with an optional number on top, for Querni), and hooks
// for what a game marks: the last move, a king in check, legal destinations, jump paths,
// rings around pieces (a Querni chain, a hint), squares to tint. The board turns over for
// Black (`flipped`). What a player does on it is board-input.js's: drawBoard only hands the
// drawn board to the input it is given.
import { t } from './text.js';

const NS = 'http://www.w3.org/2000/svg';
export const S = 100; // square size in SVG units

/**
 * A piece as drawBoard draws it: the `<symbol>` to use, its accessible name, an optional
 * number on top (Querni) and a class for its group.
 * @typedef {{ symbol: string, label: string, text?: string | number, cls?: string }} Piece
 */

/**
 * What drawBoard draws (see there).
 * @typedef {object} BoardOptions
 * @property {number} files
 * @property {number} ranks
 * @property {(square: string) => Piece | null} piece what stands on a square
 * @property {boolean} [flipped] the board seen from the top side (Black, Red)
 * @property {string[] | null} [last] the squares of the last move, tinted
 * @property {string | null} [check] the square of a king in check
 * @property {Set<string> | Map<string, unknown> | null} [dests] squares to mark as destinations
 * @property {Map<string, string>} [marks] square -> class: a tint
 * @property {Map<string, string>} [rings] square -> class: a ring around the piece
 * @property {{ squares: string[], cls?: string }[]} [paths] polylines through square centres
 * @property {boolean} [coords] false: no file letters and rank numbers
 * @property {string} [light] the light squares' colour
 * @property {string} [dark] the dark squares' colour
 * @property {string} [label] the accessible name
 * @property {string} [cls] a class for the <svg>
 * @property {import('./board-input.js').BoardInput | null} [input] what the player may do
 *   on the board, bound to the moment (see BoardInput.bind)
 */

/**
 * What a drawn board keeps for its input: its geometry and the layers drawn over later.
 * @typedef {object} DrawnBoard
 * @property {(square: string) => [number, number]} xy the top left corner of a square
 * @property {(square: string) => [number, number]} center the centre of a square
 * @property {number} files
 * @property {number} ranks
 * @property {string} id the prefix of the squares' element ids
 * @property {SVGGElement} overlay the layer over the pieces (selection, cursor, destinations)
 * @property {SVGGElement} pieces
 * @property {BoardOptions} o what it was drawn from
 */

/** A board's <svg> as drawBoard returns it. @typedef {SVGSVGElement & { tabula: DrawnBoard }} BoardSvg */

/** @param {number} file @param {number} rank @returns {string} the square's name (0, 0 is a1) */
export function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }
/** @param {string} sq @returns {number} the file, from 0 */
export function fileOf(sq) { return sq.charCodeAt(0) - 97; }
/** @param {string} sq @returns {number} the rank, from 0 */
export function rankOf(sq) { return Number(sq.slice(1)) - 1; }

/**
 * Board notation ("bgr/.j./rbg") to a map square -> character.
 * @param {string} text
 * @returns {{ map: Map<string, string>, files: number, ranks: number }}
 */
export function parseBoard(text) {
  /** @type {Map<string, string>} */
  const map = new Map();
  const ranks = text.split('/');
  ranks.forEach((row, i) => {
    const rank = ranks.length - 1 - i;
    [...row].forEach((ch, file) => map.set(squareName(file, rank), ch));
  });
  return { map, files: ranks[0].length, ranks: ranks.length };
}

/**
 * The pieces of a FEN's board field as a map square -> letter.
 * @param {string} fen
 * @returns {Map<string, string>}
 */
export function fenPieces(fen) {
  /** @type {Map<string, string>} */
  const map = new Map();
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const rank = rows.length - 1 - i;
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([a-zA-Z])/g)) {
      if (m[1]) file += Number(m[1]);
      else { map.set(squareName(file, rank), m[2]); file++; }
    }
  });
  return map;
}

/**
 * An SVG element with attributes (those null or undefined left out) and text.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} name
 * @param {Record<string, string | number | null | undefined>} [attrs]
 * @param {string} [text]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svgEl(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The mark of a destination at `sq` (top left corner x, y): a ring around a piece that
 * would be taken, a dot on an empty square.
 * @param {BoardOptions} o @param {string} sq @param {number} x @param {number} y
 */
export function destMark(o, sq, x, y) {
  return o.piece(sq)
    ? svgEl('circle', { cx: x + S / 2, cy: y + S / 2, r: 44, class: 'dest-ring' })
    : svgEl('circle', { cx: x + S / 2, cy: y + S / 2, r: 16, class: 'dest', 'data-dest': sq });
}

let boardCount = 0;

/**
 * Draws a board (see BoardOptions); with `o.input`, the input takes it over (listens to it,
 * draws the selection and the keyboard cursor).
 * @param {BoardOptions} o
 * @returns {BoardSvg}
 */
export function drawBoard(o) {
  const { files, ranks } = o;
  const id = `b${++boardCount}`;
  const svg = /** @type {BoardSvg} */ (svgEl('svg', {
    viewBox: `0 0 ${files * S} ${ranks * S}`, class: `board ${o.cls || ''}`.trim(), role: o.input ? 'grid' : 'img',
    'aria-label': o.label || t('board-label'), 'aria-roledescription': t('board-role'),
  }));
  // a board to play on is a grid (its rows top to bottom as seen, each square a cell named by
  // its square and piece, the keyboard's cursor its active descendant); a board only to look
  // at is a picture, named by its position
  const grid = Boolean(o.input);
  /** @param {string} sq @returns {[number, number]} */
  const xy = (sq) => {
    const f = fileOf(sq);
    const r = rankOf(sq);
    return o.flipped ? [(files - 1 - f) * S, r * S] : [f * S, (ranks - 1 - r) * S];
  };
  /** @param {string} sq @returns {[number, number]} */
  const center = (sq) => { const [x, y] = xy(sq); return [x + S / 2, y + S / 2]; };
  const light = o.light || 'var(--light)';
  const dark = o.dark || 'var(--dark)';
  const squares = svgEl('g', { role: grid ? 'presentation' : null });
  const coords = svgEl('g', { 'aria-hidden': 'true' });
  const tints = svgEl('g', { 'aria-hidden': 'true' });
  const pieces = svgEl('g', { 'aria-hidden': 'true' });
  const overlay = svgEl('g', { 'aria-hidden': 'true' });
  svg.append(squares, coords, tints);
  /** @type {Map<number, SVGGElement>} the rows of a grid, by their place from the top */
  const rows = new Map();
  for (let row = 0; row < ranks; row++) {
    const g = svgEl('g', { role: grid ? 'row' : null });
    rows.set(row, g);
    squares.append(g);
  }
  // the squares as seen: rows from the top, each from the left
  for (let row = 0; row < ranks; row++) {
    for (let col = 0; col < files; col++) {
      const file = o.flipped ? files - 1 - col : col;
      const rank = o.flipped ? row : ranks - 1 - row;
      const sq = squareName(file, rank);
      const [x, y] = xy(sq);
      const isDark = (file + rank) % 2 === 0;
      const p = o.piece(sq);
      const name = p ? t('board-square', { square: sq, piece: p.label }) : t('board-empty', { square: sq });
      /** @type {SVGGElement} */ (rows.get(row)).append(svgEl('rect', {
        x, y, width: S, height: S, fill: isDark ? dark : light, class: 'sq', 'data-sq': sq, id: `${id}-${sq}`,
        role: grid ? 'gridcell' : null, 'aria-label': grid ? name : null,
      }));
      if (o.last && o.last.includes(sq)) tints.append(svgEl('rect', { x, y, width: S, height: S, class: 'last' }));
      const mark = o.marks && o.marks.get(sq);
      if (mark) tints.append(svgEl('rect', { x, y, width: S, height: S, class: mark }));
      if (o.check === sq) {
        tints.append(svgEl('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.48, class: 'check', fill: 'url(#check-glow)' }));
      }
      if (o.coords !== false) {
        const cls = `coord ${isDark ? 'on-dark' : 'on-light'}`;
        const bottomRow = o.flipped ? rank === ranks - 1 : rank === 0;
        const leftCol = o.flipped ? file === files - 1 : file === 0;
        // `file` and `rank` let app.css move them when it turns a board (Querni on a phone)
        if (bottomRow) coords.append(svgEl('text', { x: x + S - 6, y: y + S - 7, 'text-anchor': 'end', class: `${cls} file` }, String.fromCharCode(97 + file)));
        if (leftCol) coords.append(svgEl('text', { x: x + 5, y: y + 19, class: `${cls} rank` }, String(rank + 1)));
      }
    }
  }
  for (const path of o.paths || []) {
    if (!path.squares || path.squares.length < 2) continue;
    const pts = path.squares.map(center).map(([x, y]) => `${x},${y}`).join(' ');
    tints.append(svgEl('polyline', { points: pts, class: `path ${path.cls || ''}` }));
  }
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const sq = squareName(file, rank);
      const p = o.piece(sq);
      if (!p) continue;
      const [x, y] = xy(sq);
      const g = svgEl('g', { 'data-piece': sq, class: p.cls || null });
      g.append(svgEl('use', { href: `#${p.symbol}`, x: x + 4, y: y + 4, width: S - 8, height: S - 8 }));
      if (p.text !== undefined) g.append(svgEl('text', { x: x + S / 2, y: y + S / 2 + 13, 'text-anchor': 'middle', class: 'piece-text' }, String(p.text)));
      const ring = o.rings && o.rings.get(sq);
      if (ring) g.append(svgEl('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.44, class: `ring ${ring}` }));
      g.style.pointerEvents = 'none';
      pieces.append(g);
    }
  }
  svg.append(pieces, overlay);
  if (o.dests) {
    for (const sq of o.dests.keys()) {
      const [x, y] = xy(sq);
      overlay.append(destMark(o, sq, x, y));
    }
  }
  const defs = svgEl('defs');
  const glow = svgEl('radialGradient', { id: 'check-glow' });
  glow.append(svgEl('stop', { offset: '0%', 'stop-color': 'var(--check)' }), svgEl('stop', { offset: '100%', 'stop-color': 'rgba(220,30,30,0)' }));
  defs.append(glow);
  svg.prepend(defs);
  svg.tabula = { xy, center, files, ranks, id, overlay, pieces, o };
  if (o.input) o.input.attach(svg);
  return svg;
}
