// What a player does on a board drawn by board-render.js, kept by the page across redraws:
// click a piece then a square, or drag the piece (it follows the pointer); Tab to the board,
// arrow keys to move between squares, Enter or Space to pick up and put down. A move that is
// not allowed shakes the board and says why. In timed games a move may be made ahead of one's
// turn (a premove). The input never decides what is legal: the page binds it to the moves the
// server sent (`bind`), and it hands back what the player chose.
import { t } from './text.js';
import { toast } from './ui.js';
import { play } from './sound.js';
import { S, squareName, fileOf, rankOf, svgEl, destMark } from './board-render.js';
/** @import { BoardSvg } from './board-render.js' */

/**
 * A move the board allows, as [from, to]; a third element, if given, is what `dests()` maps
 * the destination to (true otherwise).
 * @typedef {[string, string, unknown?]} MovePair
 */

/**
 * What may be done now (see BoardInput.bind).
 * @typedef {object} Play
 * @property {MovePair[]} moves the moves allowed
 * @property {boolean} premove moves of `own` pieces may be made ahead of the turn
 * @property {Set<string>} own the squares of the player's pieces
 * @property {string | null} why what to say when a piece is touched that may not move
 */

/**
 * A piece being dragged (or pressed, until the pointer moves far enough to drag it).
 * @typedef {object} Drag
 * @property {string} from its square
 * @property {number} x where the pointer went down
 * @property {number} y
 * @property {number} id the pointer
 * @property {boolean} moved whether it has begun to move
 * @property {Element | null} ghost the copy that follows the pointer
 * @property {[number, number]} [origin] the top left corner of its square
 * @property {boolean} [again] pressed when already selected (a click then unselects it)
 */

/**
 * Moves written "a1-a2" (Check Mates, The Royal Study) as the pairs `bind` takes.
 * @param {string[]} moves
 * @returns {MovePair[]}
 */
export function dashedPairs(moves) {
  return moves.map((m) => {
    const [from, to] = m.split('-');
    return [from, to];
  });
}

/** The square under a pointer event on a board drawn by drawBoard. @param {BoardSvg} svg @param {PointerEvent} evt */
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
 * click (Querni's chain picking), true when it took the click; `onClaim(sq, selected)` a
 * click the page may take before the board does (true when it did); `redraw()` draws the
 * page again.
 */
export class BoardInput {
  /**
   * @param {object} handlers
   * @param {(from: string, to: string) => void} handlers.onMove
   * @param {((from: string, to: string) => void) | null} [handlers.onPremove]
   * @param {((sq: string) => boolean) | null} [handlers.onTap]
   * @param {((sq: string, selected: string | null) => boolean) | null} [handlers.onClaim]
   * @param {() => void} handlers.redraw
   */
  constructor({ onMove, onPremove = null, onTap = null, onClaim = null, redraw }) {
    this.onMove = onMove;
    this.onPremove = onPremove;
    this.onTap = onTap;
    this.onClaim = onClaim;
    this.redraw = redraw;
    /** @type {string | null} the piece picked up */
    this.selected = null;
    /** @type {string | null} the keyboard's square */
    this.cursor = null;
    /** whether the board had the focus: the next board drawn takes it back */
    this.wantFocus = false;
    /** @type {Play} */
    this.play = { moves: [], premove: false, own: new Set(), why: null };
    /** @type {Drag | null} */
    this.drag = null;
    /** @type {BoardSvg | null} the board drawn last */
    this.svg = null;
  }

  /**
   * What may be done now: `moves` (pairs [from, to] allowed), `premove` (moves of `own`
   * pieces may be made ahead of the turn), `why` (what to say when a piece is touched that
   * may not move: "not your turn", ...).
   * @param {Partial<Play>} play
   */
  bind(play) {
    this.play = { moves: [], premove: false, own: new Set(), why: null, ...play };
    if (this.selected && !this.movable(this.selected)) this.selected = null;
    return this;
  }

  /** @param {string} sq */
  movable(sq) {
    return this.play.moves.some(([f]) => f === sq) || (this.play.premove && this.play.own.has(sq));
  }

  /** @param {string | null} sq @returns {Map<string, unknown>} the destinations of the piece on `sq` */
  destsOf(sq) {
    /** @type {Map<string, unknown>} */
    const set = new Map();
    if (!sq) return set;
    for (const [f, to, extra] of this.play.moves) if (f === sq) set.set(to, extra ?? true);
    return set;
  }

  /** @param {string} from @param {string} to */
  legal(from, to) { return this.play.moves.some(([f, t2]) => f === from && t2 === to); }

  /** The destinations to draw: those of the selected piece. */
  dests() { return this.destsOf(this.selected); }

  /** Shakes the board, with the refusal's sound, and says why. @param {string} message */
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

  /** A click (or Enter) on `sq`. @param {string} sq */
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
      this.refuse(t('board-cannotGo', { from: sel, to: sq }));
      this.redraw();
      return;
    }
    if (this.onTap && this.onTap(sq)) return;
    if (!this.play.own.has(sq)) return;
    if (this.play.moves.length) this.refuse(t('board-noMove', { square: sq }));
    else if (this.play.why) this.refuse(this.play.why);
  }

  /** Marks the selected square and its destinations over the board. @param {BoardSvg} svg */
  markSelection(svg) {
    const { overlay, xy, o } = svg.tabula;
    if (!this.selected) return;
    const [x, y] = xy(this.selected);
    svg.getElementById(`${svg.tabula.id}-${this.selected}`)?.setAttribute('aria-selected', 'true');
    overlay.prepend(svgEl('rect', { x, y, width: S, height: S, class: 'sel' }));
    for (const [to] of this.destsOf(this.selected)) {
      if (o.dests && o.dests.has(to)) continue;
      const [dx, dy] = xy(to);
      overlay.append(destMark(o, to, dx, dy));
    }
  }

  /** Takes over a board just drawn (drawBoard calls it). @param {BoardSvg} svg */
  attach(svg) {
    this.svg = svg;
    const { overlay, xy } = svg.tabula;
    svg.setAttribute('tabindex', '0');
    // the selection and the keyboard cursor, drawn over the board
    this.markSelection(svg);
    const cursor = this.cursor || this.selected || (svg.tabula.o.flipped ? squareName(svg.tabula.files - 1, svg.tabula.ranks - 1) : 'a1');
    this.cursor = cursor;
    const [cx, cy] = xy(cursor);
    overlay.append(svgEl('rect', { x: cx + 3, y: cy + 3, width: S - 6, height: S - 6, rx: 6, class: 'cursor' }));
    svg.setAttribute('aria-activedescendant', `${svg.tabula.id}-${cursor}`);
    this.listen(svg);
    if (this.wantFocus) queueMicrotask(() => { if (svg.isConnected) svg.focus({ preventScroll: true }); });
  }

  /** @param {BoardSvg} svg */
  listen(svg) {
    svg.addEventListener('focus', () => { this.wantFocus = true; });
    svg.addEventListener('focusout', () => setTimeout(() => { if (svg.isConnected) this.wantFocus = false; }, 0));
    svg.addEventListener('keydown', (e) => this.key(e));
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.moveDrag(e));
    svg.addEventListener('pointerup', (e) => this.up(e));
    svg.addEventListener('pointercancel', () => this.endDrag());
  }

  /** The arrow keys move the cursor; Enter or Space presses its square; Escape drops the piece. @param {KeyboardEvent} e */
  key(e) {
    // the cursor is set when a board is attached, before it listens
    if (!this.svg || !this.cursor) return;
    const { files, ranks, o } = this.svg.tabula;
    let f = fileOf(this.cursor);
    let r = rankOf(this.cursor);
    const sign = o.flipped ? -1 : 1;
    /** @type {Record<string, [number, number]>} */
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

  /** @param {PointerEvent} e */
  down(e) {
    const svg = this.svg;
    if (!svg) return;
    const sq = squareAt(svg, e);
    if (!sq) return;
    e.preventDefault();
    this.cursor = sq;
    // the page may take the tap first (Querni: a picked piece and another that close a chain),
    // even on a piece that could be dragged: as a click does (press)
    if (sq !== this.selected && this.onClaim && this.onClaim(sq, this.selected)) {
      this.selected = null;
      return;
    }
    if (this.movable(sq) && sq !== this.selected) {
      this.drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, ghost: null };
      svg.setPointerCapture?.(e.pointerId);
      return;
    }
    if (this.selected === sq && this.movable(sq)) {
      this.drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, ghost: null, again: true };
      svg.setPointerCapture?.(e.pointerId);
      return;
    }
    this.press(sq);
  }

  /** @param {PointerEvent} e */
  moveDrag(e) {
    const d = this.drag;
    const svg = this.svg;
    if (!d || !svg || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    if (!d.moved) {
      d.moved = true;
      const g = svg.querySelector(`g[data-piece="${d.from}"]`);
      if (g) {
        const ghost = /** @type {Element} */ (g.cloneNode(true));
        ghost.removeAttribute('data-piece');
        ghost.classList.add('ghost');
        g.classList.add('lifted');
        svg.append(ghost);
        d.ghost = ghost;
        d.origin = svg.tabula.xy(d.from);
      }
      if (this.selected !== d.from) {
        this.selected = d.from;
        this.markSelection(svg);
      }
    }
    const m = svg.getScreenCTM();
    if (d.ghost && d.origin && m) {
      const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      const [ox, oy] = d.origin;
      d.ghost.setAttribute('transform', `translate(${pt.x - ox - S / 2} ${pt.y - oy - S / 2})`);
    }
  }

  /** @param {PointerEvent} e */
  up(e) {
    const d = this.drag;
    const svg = this.svg;
    if (!d || !svg || e.pointerId !== d.id) return;
    const sq = squareAt(svg, e);
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
      this.svg?.querySelector(`g[data-piece="${d.from}"]`)?.classList.remove('lifted');
    }
  }

  /** Whether a drag is under way (a page should not redraw then). */
  busy() { return Boolean(this.drag && this.drag.moved); }
}
