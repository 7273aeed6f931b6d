// Blind QuickChess's hidden setup: pick a piece from the palette, then a square of your half;
// tap a placed piece to take it back. The opponent's pieces stay hidden until both are done.
import { drawBoard, BoardInput } from './board.js';
import { chessSymbol } from './pieces.js';
import { h, tableLayout } from './ui.js';
import { t, pieceLabel } from './text.js';
/** @import { ChessView, SeriesView, SetupView, ChessIntent } from './types/protocol' */

/** @type {string | null} the piece letter chosen from the palette */
let placing = null;
/** @type {BoardInput | null} the setup board's input, kept across draws */
let input = null;

/**
 * The setup of a Blind QuickChess game before the reveal: the player's own half of the board,
 * the palette of pieces left, and how far the opponent is (a spectator sees only that).
 * @param {ChessView | SeriesView} v a view whose `setup` is there (before the reveal)
 * @param {(intent: ChessIntent) => unknown} act sends a placement (a refusal is shown)
 * @param {Node | string} series the Olympics' panel, if any
 * @param {() => void} render draws the page again
 */
export function blindSetup(v, act, series, render) {
  if (!v.color) {
    return tableLayout({ title: h('h1', {}, t('blind-title')), status: h('p', {}, t('blind-watching')), panel: [series] });
  }
  const setup = /** @type {SetupView} */ (v.setup);
  const white = v.color === 'white';
  const mine = new Map((setup.yours || []).map((p) => [p.square, p.role]));
  /** @type {Record<string, number>} */
  const counts = { K: 1, Q: 1, R: 1, B: 1, N: 1, P: 5 };
  for (const r of mine.values()) counts[r] -= 1;
  const half = white ? [1, 2, 3] : [4, 5, 6];
  const free = ['a', 'b', 'c', 'd', 'e'].flatMap((f) => half.map((r) => `${f}${r}`)).filter((s) => !mine.has(s));
  /** @param {string} sq @returns {string | null} the FEN letter of one's piece there */
  const letter = (sq) => {
    const role = mine.get(sq);
    return role ? (white ? role : role.toLowerCase()) : null;
  };
  input ||= new BoardInput({ onMove: () => {}, redraw: () => {} });
  input.redraw = render;
  input.onTap = (sq) => {
    if (mine.has(sq)) { act({ t: 'unplace', square: sq }); return true; }
    if (placing && free.includes(sq)) {
      const role = placing;
      placing = counts[role] > 1 ? role : null;
      act({ t: 'place', role, square: sq });
      return true;
    }
    return false;
  };
  input.bind({});
  const board = drawBoard({
    files: 5, ranks: 6, flipped: !white, label: t('blind-yourSetup'),
    piece: (sq) => {
      const l = letter(sq);
      const symbol = l && chessSymbol(l);
      return l && symbol ? { symbol, label: pieceLabel(l) } : null;
    },
    dests: placing ? new Map(free.map((s) => [s, true])) : null, input,
  });
  const other = white ? 1 : 0;
  const done = setup.done[white ? 0 : 1];
  return tableLayout({
    title: h('h1', {}, t('blind-title')),
    status: h('div', { class: 'banner' }, done ? t('blind-done') : t('blind-place')),
    board: h('div', { class: 'board-wrap' }, board),
    actions: h('div', { class: 'palette' }, ...Object.entries(counts).filter(([, n]) => n > 0).map(([r, n]) => {
      const b = h('button', {
        class: placing === r ? 'on' : '', 'data-role': r, title: t('blind-left', { piece: t(`piece-${r.toLowerCase()}`), count: n }),
        'aria-label': t('blind-left', { piece: t(`piece-${r.toLowerCase()}`), count: n }), 'aria-pressed': String(placing === r),
        onclick: () => { placing = r; render(); },
      });
      b.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#${white ? 'w' : 'b'}${r}"/></svg>`;
      return b;
    })),
    panel: [series, h('div', { class: 'muted', 'data-test': 'opponent-setup' }, t('blind-opponent', { count: setup.counts[other] }))],
    aspect: 5 / 6,
  });
}
