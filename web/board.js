// One SVG board renderer for every game (3x3, 5x6, 8x8 and Querni's 10x7): a <rect> per
// square, pieces as <use> of symbols (with an optional number on top, for Querni), and hooks
// for what a game marks: the last move, a king in check, legal destinations, jump paths,
// rings around pieces (a Querni chain, a hint), squares to tint. The board turns over for
// Black (`flipped`).
//
// Input is a BoardInput kept by the page across redraws: click a piece then a square, or drag
// the piece (it follows the pointer); Tab to the board, arrow keys to move between squares,
// Enter or Space to pick up and put down. A move that is not allowed shakes the board and
// says why. In timed games a move may be made ahead of one's turn (a premove).
import { t } from './text.js';
import { toast } from './ui.js';
import { play } from './sound.js';

const NS = 'http://www.w3.org/2000/svg';
export const S = 100; // square size in SVG units

export function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }
export function fileOf(sq) { return sq.charCodeAt(0) - 97; }
export function rankOf(sq) { return Number(sq.slice(1)) - 1; }

// Board notation ("bgr/.j./rbg") to a map square -> character.
export function parseBoard(text) {
  const map = new Map();
  const ranks = text.split('/');
  ranks.forEach((row, i) => {
    const rank = ranks.length - 1 - i;
    [...row].forEach((ch, file) => map.set(squareName(file, rank), ch));
  });
  return { map, files: ranks[0].length, ranks: ranks.length };
}

// The pieces of a FEN's board field as a map square -> letter.
export function fenPieces(fen) {
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

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

let boardCount = 0;

/**
 * Draws a board. `o`: files, ranks, flipped, piece(sq) -> {symbol, label, text?} | null,
 * last ([squares]), check (square), dests (Set or Map of squares), marks (Map square ->
 * class: a tint), rings (Map square -> class), paths ([{squares, cls}]), coords (false: none),
 * light, dark (square colours), label (the accessible name), cls (a class for the <svg>),
 * input (a BoardInput, bound to what may be done now: see BoardInput.bind).
 */
export function drawBoard(o) {
  const { files, ranks } = o;
  const id = `b${++boardCount}`;
  const svg = el('svg', {
    viewBox: `0 0 ${files * S} ${ranks * S}`, class: `board ${o.cls || ''}`.trim(), role: o.input ? 'application' : 'img',
    'aria-label': o.label || t('board.label'), 'aria-roledescription': t('board.role'),
  });
  const xy = (sq) => {
    const f = fileOf(sq);
    const r = rankOf(sq);
    return o.flipped ? [(files - 1 - f) * S, r * S] : [f * S, (ranks - 1 - r) * S];
  };
  const center = (sq) => { const [x, y] = xy(sq); return [x + S / 2, y + S / 2]; };
  const light = o.light || 'var(--light)';
  const dark = o.dark || 'var(--dark)';
  const squares = el('g');
  const tints = el('g');
  const pieces = el('g');
  const overlay = el('g');
  svg.append(squares, tints);
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const sq = squareName(file, rank);
      const [x, y] = xy(sq);
      const isDark = (file + rank) % 2 === 0;
      const p = o.piece(sq);
      const name = p ? t('board.square', { square: sq, piece: p.label }) : t('board.empty', { square: sq });
      squares.append(el('rect', { x, y, width: S, height: S, fill: isDark ? dark : light, class: 'sq', 'data-sq': sq, id: `${id}-${sq}`, 'aria-label': name }));
      if (o.last && o.last.includes(sq)) tints.append(el('rect', { x, y, width: S, height: S, class: 'last' }));
      const mark = o.marks && o.marks.get(sq);
      if (mark) tints.append(el('rect', { x, y, width: S, height: S, class: mark }));
      if (o.check === sq) {
        tints.append(el('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.48, class: 'check', fill: 'url(#check-glow)' }));
      }
      if (o.coords !== false) {
        const cls = `coord ${isDark ? 'on-dark' : 'on-light'}`;
        const bottomRow = o.flipped ? rank === ranks - 1 : rank === 0;
        const leftCol = o.flipped ? file === files - 1 : file === 0;
        if (bottomRow) squares.append(el('text', { x: x + S - 6, y: y + S - 7, 'text-anchor': 'end', class: cls }, String.fromCharCode(97 + file)));
        if (leftCol) squares.append(el('text', { x: x + 5, y: y + 19, class: cls }, String(rank + 1)));
      }
    }
  }
  for (const path of o.paths || []) {
    if (!path.squares || path.squares.length < 2) continue;
    const pts = path.squares.map(center).map(([x, y]) => `${x},${y}`).join(' ');
    tints.append(el('polyline', { points: pts, class: `path ${path.cls || ''}` }));
  }
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const sq = squareName(file, rank);
      const p = o.piece(sq);
      if (!p) continue;
      const [x, y] = xy(sq);
      const g = el('g', { 'data-piece': sq, class: p.cls || null });
      g.append(el('use', { href: `#${p.symbol}`, x: x + 4, y: y + 4, width: S - 8, height: S - 8 }));
      if (p.text !== undefined) g.append(el('text', { x: x + S / 2, y: y + S / 2 + 13, 'text-anchor': 'middle', class: 'piece-text' }, String(p.text)));
      const ring = o.rings && o.rings.get(sq);
      if (ring) g.append(el('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.44, class: `ring ${ring}` }));
      g.style.pointerEvents = 'none';
      pieces.append(g);
    }
  }
  svg.append(pieces, overlay);
  if (o.dests) {
    for (const sq of o.dests.keys()) {
      const [x, y] = xy(sq);
      overlay.append(o.piece(sq)
        ? el('circle', { cx: x + S / 2, cy: y + S / 2, r: 44, class: 'dest-ring' })
        : el('circle', { cx: x + S / 2, cy: y + S / 2, r: 16, class: 'dest', 'data-dest': sq }));
    }
  }
  const defs = el('defs');
  const glow = el('radialGradient', { id: 'check-glow' });
  glow.append(el('stop', { offset: '0%', 'stop-color': 'var(--check)' }), el('stop', { offset: '100%', 'stop-color': 'rgba(220,30,30,0)' }));
  defs.append(glow);
  svg.prepend(defs);
  svg.tabula = { xy, center, files, ranks, id, overlay, pieces, o };
  if (o.input) o.input.attach(svg);
  return svg;
}

/** The square under a pointer event on a board drawn by drawBoard. */
function squareAt(svg, evt) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const pt = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(m.inverse());
  const { files, ranks, o } = svg.tabula;
  const col = Math.floor(pt.x / S);
  const row = Math.floor(pt.y / S);
  if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
  return o.flipped ? squareName(files - 1 - col, row) : squareName(col, ranks - 1 - row);
}

/**
 * What a player does on a board, kept across redraws. `onMove(from, to)` gets a move the
 * board allows; `onPremove(from, to)` a move made ahead of one's turn; `onTap(sq)` any other
 * click (Querni's chain picking); `redraw()` draws the page again.
 */
export class BoardInput {
  constructor({ onMove, onPremove = null, onTap = null, onClaim = null, redraw }) {
    Object.assign(this, { onMove, onPremove, onTap, onClaim, redraw });
    this.selected = null;
    this.cursor = null;
    this.wantFocus = false;
    this.play = { moves: [], premove: false, own: new Set(), why: null };
    this.drag = null;
  }

  /**
   * What may be done now: `moves` (pairs [from, to] allowed), `premove` (moves of `own`
   * pieces may be made ahead of the turn), `why` (what to say when a piece is touched that
   * may not move: "not your turn", ...).
   */
  bind(play) {
    this.play = { moves: [], premove: false, own: new Set(), why: null, ...play };
    if (this.selected && !this.movable(this.selected)) this.selected = null;
    return this;
  }

  movable(sq) {
    return this.play.moves.some(([f]) => f === sq) || (this.play.premove && this.play.own.has(sq));
  }

  destsOf(sq) {
    const set = new Map();
    if (!sq) return set;
    for (const [f, to, extra] of this.play.moves) if (f === sq) set.set(to, extra ?? true);
    return set;
  }

  legal(from, to) { return this.play.moves.some(([f, t2]) => f === from && t2 === to); }

  /** The destinations to draw: those of the selected piece. */
  dests() { return this.destsOf(this.selected); }

  refuse(message) {
    const svg = this.svg;
    if (svg) {
      svg.classList.remove('shake');
      void svg.getBoundingClientRect();
      svg.classList.add('shake');
    }
    play('refuse');
    toast(message);
  }

  /** A click (or Enter) on `sq`. */
  press(sq) {
    const sel = this.selected;
    if (sel !== sq && this.onClaim && this.onClaim(sq, sel)) { this.selected = null; return; }
    if (sel && sel !== sq) {
      if (this.legal(sel, sq)) { this.selected = null; this.onMove(sel, sq); return; }
      if (this.play.premove && this.play.own.has(sel) && this.onPremove && !this.play.own.has(sq)) {
        this.selected = null; this.onPremove(sel, sq); return;
      }
    }
    if (sel === sq) { this.selected = null; this.redraw(); return; }
    if (this.movable(sq)) { this.selected = sq; this.redraw(); return; }
    if (sel) {
      this.selected = null;
      this.refuse(t('board.cannotGo', { from: sel, to: sq }));
      this.redraw();
      return;
    }
    if (this.onTap && this.onTap(sq)) return;
    if (!this.play.own.has(sq)) return;
    if (this.play.moves.length) this.refuse(t('board.noMove', { square: sq }));
    else if (this.play.why) this.refuse(this.play.why);
  }

  /** Marks the selected square and its destinations over the board. */
  markSelection(svg) {
    const { overlay, xy, o } = svg.tabula;
    if (!this.selected) return;
    const [x, y] = xy(this.selected);
    overlay.prepend(el('rect', { x, y, width: S, height: S, class: 'sel' }));
    for (const [to] of this.destsOf(this.selected)) {
      if (o.dests && o.dests.has(to)) continue;
      const [dx, dy] = xy(to);
      overlay.append(o.piece(to)
        ? el('circle', { cx: dx + S / 2, cy: dy + S / 2, r: 44, class: 'dest-ring' })
        : el('circle', { cx: dx + S / 2, cy: dy + S / 2, r: 16, class: 'dest', 'data-dest': to }));
    }
  }

  attach(svg) {
    this.svg = svg;
    const { overlay, xy } = svg.tabula;
    svg.setAttribute('tabindex', '0');
    // the selection and the keyboard cursor, drawn over the board
    this.markSelection(svg);
    const cursor = this.cursor || this.selected || (svg.tabula.o.flipped ? squareName(svg.tabula.files - 1, svg.tabula.ranks - 1) : 'a1');
    this.cursor = cursor;
    const [cx, cy] = xy(cursor);
    overlay.append(el('rect', { x: cx + 3, y: cy + 3, width: S - 6, height: S - 6, rx: 6, class: 'cursor' }));
    svg.setAttribute('aria-activedescendant', `${svg.tabula.id}-${cursor}`);
    this.listen(svg);
    if (this.wantFocus) queueMicrotask(() => { if (svg.isConnected) svg.focus({ preventScroll: true }); });
  }

  listen(svg) {
    svg.addEventListener('focus', () => { this.wantFocus = true; });
    svg.addEventListener('focusout', () => setTimeout(() => { if (svg.isConnected) this.wantFocus = false; }, 0));
    svg.addEventListener('keydown', (e) => this.key(e));
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.moveDrag(e));
    svg.addEventListener('pointerup', (e) => this.up(e));
    svg.addEventListener('pointercancel', () => this.endDrag());
  }

  key(e) {
    const { files, ranks, o } = this.svg.tabula;
    let f = fileOf(this.cursor);
    let r = rankOf(this.cursor);
    const sign = o.flipped ? -1 : 1;
    const moves = { ArrowUp: [0, sign], ArrowDown: [0, -sign], ArrowLeft: [-sign, 0], ArrowRight: [sign, 0] };
    if (moves[e.key]) {
      e.preventDefault();
      e.stopPropagation();
      f = Math.min(files - 1, Math.max(0, f + moves[e.key][0]));
      r = Math.min(ranks - 1, Math.max(0, r + moves[e.key][1]));
      this.cursor = squareName(f, r);
      this.redraw();
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); this.press(this.cursor); return; }
    if (e.key === 'Escape' && this.selected) { e.preventDefault(); this.selected = null; this.redraw(); }
  }

  down(e) {
    const sq = squareAt(this.svg, e);
    if (!sq) return;
    e.preventDefault();
    this.cursor = sq;
    if (this.movable(sq) && sq !== this.selected) {
      this.drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, ghost: null };
      this.svg.setPointerCapture?.(e.pointerId);
      return;
    }
    if (this.selected === sq && this.movable(sq)) {
      this.drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, ghost: null, again: true };
      this.svg.setPointerCapture?.(e.pointerId);
      return;
    }
    this.press(sq);
  }

  moveDrag(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    const svg = this.svg;
    if (!d.moved) {
      d.moved = true;
      const g = svg.querySelector(`g[data-piece="${d.from}"]`);
      if (g) {
        d.ghost = g.cloneNode(true);
        d.ghost.removeAttribute('data-piece');
        d.ghost.classList.add('ghost');
        g.classList.add('lifted');
        svg.append(d.ghost);
        d.origin = svg.tabula.xy(d.from);
      }
      if (this.selected !== d.from) {
        this.selected = d.from;
        this.markSelection(svg);
      }
    }
    if (d.ghost) {
      const m = svg.getScreenCTM();
      const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      const [ox, oy] = d.origin;
      d.ghost.setAttribute('transform', `translate(${pt.x - ox - S / 2} ${pt.y - oy - S / 2})`);
    }
  }

  up(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const sq = squareAt(this.svg, e);
    this.endDrag();
    if (!d.moved) {
      if (d.again) { this.selected = null; this.redraw(); return; }
      this.selected = d.from;
      this.redraw();
      return;
    }
    if (!sq || sq === d.from) { this.redraw(); return; }
    this.selected = d.from;
    this.press(sq);
  }

  endDrag() {
    const d = this.drag;
    this.drag = null;
    if (d && d.ghost) {
      d.ghost.remove();
      this.svg.querySelector(`g[data-piece="${d.from}"]`)?.classList.remove('lifted');
    }
  }

  /** Whether a drag is under way (a page should not redraw then). */
  busy() { return Boolean(this.drag && this.drag.moved); }
}
