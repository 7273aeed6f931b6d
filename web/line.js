// An optimal line played out on a small 3x3 board: the solver page steps through it, and a
// Check Mates round that was missed (or won in more moves than needed) shows it by itself.
import { drawBoard, parseBoard } from './board.js';
import { tokenSymbol } from './pieces.js';
import { h } from './ui.js';
import { t, tokenLabel } from './text.js';

/** A board text with square `sq` set to `ch`. @param {string} text @param {string} sq @param {string} ch */
export function setCell(text, sq, ch) {
  const rows = text.split('/').map((r) => [...r]);
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1));
  rows[rows.length - rank][file] = ch;
  return rows.map((r) => r.join('')).join('/');
}

/**
 * A board along a line: its text, the last move's squares and the move (none at the start).
 * @typedef {{ board: string, last: string[] | null, move: string | null }} LineFrame
 */

/**
 * The boards along a line of moves ("a1-a2"), the start first.
 * @param {string} board @param {string[]} moves
 * @returns {LineFrame[]}
 */
export function lineFrames(board, moves) {
  let b = board;
  /** @type {LineFrame[]} */
  const frames = [{ board: b, last: null, move: null }];
  for (const m of moves) {
    const [from, to] = m.split('-');
    const p = parseBoard(b);
    b = setCell(setCell(b, to, p.map.get(from) ?? '.'), from, '.');
    frames.push({ board: b, last: [from, to], move: m });
  }
  return frames;
}

/**
 * A Check Mates board (read-only) of `side`.
 * @param {string} side `sliding` or `chess`
 * @param {string} text
 * @param {{ last?: string[] | null, label?: string }} [o]
 */
export function tokenBoard(side, text, { last = null, label } = {}) {
  const { map, files, ranks } = parseBoard(text);
  return drawBoard({
    files, ranks, label: label || t('label-board', { layout: text }), last,
    piece: (sq) => { const ch = map.get(sq) ?? '.'; const s = tokenSymbol(side, ch); return s ? { symbol: s, label: tokenLabel(side, ch) } : null; },
  });
}

/**
 * The line playing now: its key, step and timer (one at a time on a page).
 * @type {{ key: string | null, step: number, timer: ReturnType<typeof setInterval> | undefined }}
 */
let playing = { key: null, step: 0, timer: undefined };

/**
 * A small board that plays `moves` from `board` over and over, with the move shown; it is
 * drawn anew by each render of the page and keeps its place.
 * @param {string} side `sliding` or `chess`
 * @param {string} board the start
 * @param {string[]} moves
 * @param {string} caption
 */
export function animatedLine(side, board, moves, caption) {
  const key = `${side}|${board}|${moves.join(',')}`;
  const frames = lineFrames(board, moves);
  if (playing.key !== key) {
    clearInterval(playing.timer);
    playing = { key, step: 0, timer: undefined };
    playing.timer = setInterval(() => {
      const el = /** @type {HTMLElement | null} */ (document.querySelector('[data-line]'));
      if (!el || el.dataset.line !== key) { clearInterval(playing.timer); playing.key = null; return; }
      playing.step = (playing.step + 1) % (frames.length + 1); // a pause on the last board
      el.replaceChildren(...content());
    }, 900);
  }
  const content = () => {
    const f = frames[Math.min(playing.step, frames.length - 1)];
    return [
      h('div', { class: 'line-board' }, tokenBoard(side, f.board, { last: f.last, label: t('label-line', { layout: f.board }) })),
      h('div', { class: 'muted', 'data-test': 'line-step' }, f.move
        ? t('line-step', { step: Math.min(playing.step, frames.length - 1), total: moves.length, move: f.move })
        : t('line-start', { total: moves.length })),
    ];
  };
  return h('div', { class: 'stack', 'data-test': 'optimal-line' }, h('div', { class: 'muted' }, caption),
    h('div', { class: 'row', 'data-line': key, style: 'align-items:center' }, ...content()));
}
