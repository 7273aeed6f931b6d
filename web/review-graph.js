// The evaluation graph of a reviewed game: the first side's chances of winning after each move
// (White's for chess, Blue's for Querni), that side's area under the curve and the other's above
// it, the marked moves as dots and the move shown as a line. It is one control: a tap or click
// picks the move under it, the arrow keys step (it is a slider to a screen reader, its value
// the move and what the computer says of it).
import { h } from './ui.js';
import { svgEl } from './board.js';
/** @import { Mark } from './types/protocol' */

/** The graph's drawing units: as wide as it is precise, its height the percentage. */
const W = 1000;
const H = 100;

/**
 * What the graph shows.
 * @typedef {object} GraphOptions
 * @property {number[]} wins the first side's chances after each ply (0 to 100), ply 1 first
 * @property {(Mark | null)[]} marks the mark of each ply
 * @property {number} current the ply shown (0: the start)
 * @property {'chess' | 'querni'} game whose colours: White and Black, or Blue and Red
 * @property {string} label the control's name
 * @property {(ply: number) => string} valueText the ply in words (the slider's value)
 * @property {(ply: number) => void} onPick a ply chosen (0 to the last)
 */

/** The x of a ply: the middle of its column. @param {number} ply @param {number} n plies in all */
const xOf = (ply, n) => ((ply - 0.5) / n) * W;

/**
 * The graph (see GraphOptions) as an element to put in a page.
 * @param {GraphOptions} o
 * @returns {HTMLDivElement}
 */
export function evalGraph(o) {
  const n = o.wins.length;
  const y = (/** @type {number} */ win) => H - Math.max(0, Math.min(100, win));
  // stretched to the width it is given (the strokes keep their width: non-scaling-stroke),
  // so the dots, which would be stretched too, are drawn over it in HTML
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', 'aria-hidden': 'true', class: 'rv-graph-svg' });
  svg.append(svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'rv-second' }));
  if (n) {
    const pts = o.wins.map((w, i) => `${xOf(i + 1, n).toFixed(1)},${y(w).toFixed(1)}`);
    // the first side's area reaches the edges at the first and last move's height
    const area = [`0,${H}`, `0,${y(o.wins[0]).toFixed(1)}`, ...pts, `${W},${y(o.wins[n - 1]).toFixed(1)}`, `${W},${H}`];
    svg.append(svgEl('polygon', { points: area.join(' '), class: 'rv-first' }));
    svg.append(svgEl('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'rv-mid' }));
    svg.append(svgEl('polyline', { points: pts.join(' '), class: 'rv-curve' }));
    if (o.current >= 1) {
      const x = xOf(o.current, n);
      svg.append(svgEl('line', { x1: x, y1: 0, x2: x, y2: H, class: 'rv-now' }));
    }
  }
  const dots = o.marks.map((m, i) => (m
    ? h('span', { class: `rv-dot rv-${m}`, style: `left:${(xOf(i + 1, n) / W) * 100}%;top:${y(o.wins[i])}%` })
    : null));
  const el = h('div', {
    class: `rv-graph rv-${o.game}`, role: 'slider', tabindex: 0, 'data-test': 'review-graph',
    'aria-label': o.label, 'aria-valuemin': 0, 'aria-valuemax': n, 'aria-valuenow': o.current,
    'aria-valuetext': o.valueText(o.current), 'aria-orientation': 'horizontal',
    onclick: (e) => {
      const box = el.getBoundingClientRect();
      if (!n || !box.width) return;
      const ply = Math.min(n, Math.max(1, Math.floor(((e.clientX - box.left) / box.width) * n) + 1));
      o.onPick(ply);
    },
    onkeydown: (e) => {
      const page = Math.max(1, Math.round(n / 10));
      /** @type {Record<string, number>} */
      const keys = {
        ArrowLeft: o.current - 1, ArrowDown: o.current - 1, ArrowRight: o.current + 1, ArrowUp: o.current + 1,
        PageDown: o.current - page, PageUp: o.current + page, Home: 0, End: n,
      };
      const to = keys[e.key];
      if (to === undefined) return;
      // the page steps through the game with the same keys: this step is the graph's alone
      e.preventDefault();
      e.stopPropagation();
      o.onPick(Math.max(0, Math.min(n, to)));
    },
  }, svg, ...dots);
  return el;
}
