// One SVG board renderer for every game: a <rect> per square, pieces as <use> of symbols.

const NS = 'http://www.w3.org/2000/svg';
const S = 100; // square size in SVG units

export function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }

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

function el(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/**
 * Draws a board. `opts`: files, ranks, symbol(sq) -> symbol id or null, selected (sq),
 * dests (Set of sq), last ([from, to]), onDown(sq), onUp(sq), coords (bool), light, dark,
 * label (accessible name).
 */
export function drawBoard(opts) {
  const { files, ranks } = opts;
  const margin = opts.coords === false ? 0 : 26;
  const svg = el('svg', {
    viewBox: `0 0 ${files * S + margin} ${ranks * S + margin}`,
    class: 'board',
    role: 'img',
    'aria-label': opts.label || 'board',
  });
  const light = opts.light || 'var(--light)';
  const dark = opts.dark || 'var(--dark)';
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const sq = squareName(file, rank);
      const x = margin + file * S;
      const y = (ranks - 1 - rank) * S;
      const isDark = (file + rank) % 2 === 0;
      const rect = el('rect', { x, y, width: S, height: S, fill: isDark ? dark : light, class: 'sq', 'data-sq': sq });
      svg.append(rect);
      if (opts.last && opts.last.includes(sq)) svg.append(el('rect', { x, y, width: S, height: S, class: 'last' }));
      if (opts.selected === sq) svg.append(el('rect', { x, y, width: S, height: S, class: 'sel' }));
      const sym = opts.symbol(sq);
      if (sym) {
        const u = el('use', { href: `#${sym}`, x: x + 4, y: y + 4, width: S - 8, height: S - 8, 'data-piece': sq });
        u.style.pointerEvents = 'none';
        svg.append(u);
      }
      if (opts.dests && opts.dests.has(sq)) {
        const dot = sym ? el('circle', { cx: x + S / 2, cy: y + S / 2, r: 44, class: 'dest', fill: 'none' })
                        : el('circle', { cx: x + S / 2, cy: y + S / 2, r: 16, class: 'dest' });
        if (sym) { dot.setAttribute('stroke', 'var(--dest)'); dot.setAttribute('stroke-width', '8'); dot.style.fill = 'none'; }
        svg.append(dot);
      }
    }
  }
  if (margin) {
    for (let file = 0; file < files; file++) {
      const t = el('text', { x: margin + file * S + S / 2, y: ranks * S + 19, 'text-anchor': 'middle', class: 'coord' });
      t.textContent = String.fromCharCode(97 + file);
      svg.append(t);
    }
    for (let rank = 0; rank < ranks; rank++) {
      const t = el('text', { x: 12, y: (ranks - 1 - rank) * S + S / 2 + 5, 'text-anchor': 'middle', class: 'coord' });
      t.textContent = String(rank + 1);
      svg.append(t);
    }
  }
  const sqAt = (evt) => {
    const target = document.elementFromPoint(evt.clientX, evt.clientY);
    return target && target.getAttribute ? target.getAttribute('data-sq') : null;
  };
  svg.addEventListener('pointerdown', (e) => { const sq = sqAt(e); if (sq && opts.onDown) { e.preventDefault(); opts.onDown(sq); } });
  svg.addEventListener('pointerup', (e) => { const sq = sqAt(e); if (sq && opts.onUp) opts.onUp(sq); });
  return svg;
}

/**
 * Move input on top of a board: click a piece then a destination, or drag it there. `legal`
 * lists moves as "a1-a2" (or UCI strings with `uci: true`); `onMove(move)` is called with a
 * legal move.
 */
export class Picker {
  constructor() { this.selected = null; this.pressed = null; }

  dests(legal) {
    const set = new Set();
    if (!this.selected) return set;
    for (const m of legal) { const [a, b] = m.split('-'); if (a === this.selected) set.add(b); }
    return set;
  }

  handlers(legal, onMove, redraw) {
    const fromOf = new Set(legal.map((m) => m.split('-')[0]));
    return {
      onDown: (sq) => {
        if (this.selected && legal.includes(`${this.selected}-${sq}`)) {
          const m = `${this.selected}-${sq}`;
          this.selected = null; this.pressed = null;
          onMove(m);
          return;
        }
        this.selected = fromOf.has(sq) ? sq : null;
        this.pressed = this.selected;
        redraw();
      },
      onUp: (sq) => {
        if (this.pressed && sq !== this.pressed && legal.includes(`${this.pressed}-${sq}`)) {
          const m = `${this.pressed}-${sq}`;
          this.selected = null; this.pressed = null;
          onMove(m);
        }
        this.pressed = null;
      },
    };
  }
}
