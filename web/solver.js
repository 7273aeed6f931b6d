// The Check Mates solver page: set up a board and a task by clicking (or typing them), and see
// the least number of moves with one optimal solution played out.
import { call } from './api.js';
import { drawBoard, parseBoard } from './board.js';
import { tokenSymbol, needSymbol } from './pieces.js';
import { h, attempt, tableLayout } from './ui.js';
import { t, tokenLabel, needLabel, pointer } from './text.js';
import { setCell, lineFrames } from './line.js';
import { taskLegend } from './checkmates.js';

/** @typedef {import('./types/protocol').CheckMatesSolved} CheckmatesSolution */
/** @typedef {import('./types/protocol').CheckmatesSide} Side */
/**
 * What the page shows: the side, the board and task being set up with the letter each click
 * puts (`pen`, `taskPen`), and the answer with its line's frames and the one shown.
 * @typedef {object} SolverState
 * @property {Side} side
 * @property {string} board
 * @property {string} task
 * @property {string} pen
 * @property {string} taskPen
 * @property {CheckmatesSolution | null} result
 * @property {number} step
 * @property {ReturnType<typeof lineFrames> | null} frames
 * @property {number | null} playing the timer stepping through the line, while it plays
 */

// The examples each side starts with: neither task is met by its board already.
const PALETTES = {
  sliding: { board: ['b', 'r', 'g', 'j', '.'], task: ['b', 'r', 'g', '.'], startBoard: 'bgr/.j./rbg', startTask: 'bbr/g../...' },
  chess: { board: ['R', 'r', 'N', 'n', 'Q', 'q', 'K', '.'], task: ['R', 'N', 'Q', 'w', 'b', '.'], startBoard: 'RnQ/.K./qNr', startTask: 'Q.w/.b./R.b' },
};

/**
 * The solver page; gives back what stops its line playing when the page is left.
 * @param {HTMLElement} main
 */
export function solver(main) {
  /** @type {SolverState} */
  const state = { side: 'sliding', board: PALETTES.sliding.startBoard, task: PALETTES.sliding.startTask, pen: 'b', taskPen: 'b', result: null, step: 0, frames: null, playing: null };
  const stop = () => { clearInterval(state.playing ?? undefined); state.playing = null; };
  const play = () => {
    stop();
    const frames = state.frames;
    if (!frames) return;
    if (state.step >= frames.length - 1) state.step = 0;
    state.playing = setInterval(() => { if (state.step < frames.length - 1) { state.step++; render(); } else { stop(); render(); } }, 800);
    render();
  };
  /** @param {Partial<SolverState>} changes */
  const edit = (changes) => { stop(); Object.assign(state, { result: null, frames: null, step: 0 }, changes); render(); };
  const solve = async () => {
    stop();
    const r = await attempt(() => call('POST /api/solve/checkmates', { body: { side: state.side, board: state.board, task: state.task } }));
    if (!r) return;
    state.result = r;
    state.frames = r.moves === null ? null : lineFrames(state.board, r.solution);
    state.step = 0;
    if (state.frames) play(); else render();
  };
  /**
   * A row of buttons, one per letter a click may put.
   * @param {string[]} items
   * @param {string} current
   * @param {(ch: string) => string | null} symbol
   * @param {(ch: string) => string} label
   * @param {(ch: string) => void} set
   */
  const palette = (items, current, symbol, label, set) => h('div', { class: 'palette' }, ...items.map((ch) => {
    const b = h('button', { class: ch === current ? 'on' : '', title: ch === '.' ? t('solver-emptyPen') : label(ch), 'aria-label': ch === '.' ? t('solver-emptyPen') : label(ch), 'aria-pressed': String(ch === current), 'data-pen': ch, onclick: () => { set(ch); render(); } });
    const sym = symbol(ch);
    b.innerHTML = sym ? `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#${sym}"/></svg>` : '<svg viewBox="0 0 100 100" aria-hidden="true"><rect x="20" y="20" width="60" height="60" fill="none" stroke="#a99" stroke-dasharray="6 6"/></svg>';
    return b;
  }));
  const render = () => {
    const P = PALETTES[state.side];
    const frame = state.frames ? state.frames[state.step] : null;
    const shown = frame ? frame.board : state.board;
    const bp = parseBoard(shown);
    /** @param {string} sq */
    const onBoard = (sq) => bp.map.get(sq) ?? '.';
    const boardSvg = drawBoard({
      files: bp.files, ranks: bp.ranks, last: frame ? frame.last : null, label: t('label-board', { layout: shown }),
      piece: (sq) => { const s = tokenSymbol(state.side, onBoard(sq)); return s ? { symbol: s, label: tokenLabel(state.side, onBoard(sq)) } : null; },
    });
    boardSvg.addEventListener('click', (e) => {
      const sq = e.target instanceof Element && e.target.getAttribute('data-sq');
      if (sq && !state.frames) edit({ board: setCell(state.board, sq, state.pen) });
    });
    const tp = parseBoard(state.task);
    /** @param {string} sq */
    const onTask = (sq) => tp.map.get(sq) ?? '.';
    const taskSvg = drawBoard({
      files: 3, ranks: 3, light: 'var(--card-light)', dark: 'var(--card-dark)', label: t('label-task', { layout: state.task }),
      piece: (sq) => { const s = needSymbol(state.side, onTask(sq)); return s ? { symbol: s, label: needLabel(state.side, onTask(sq)) } : null; },
    });
    taskSvg.addEventListener('click', (e) => {
      const sq = e.target instanceof Element && e.target.getAttribute('data-sq');
      if (sq) edit({ task: setCell(state.task, sq, state.taskPen) });
    });
    const boardInput = h('input', { value: state.board, size: 12, 'data-test': 'board-text', 'aria-label': t('solver-boardText'), onchange: (e) => edit({ board: e.currentTarget.value.trim() }) });
    const taskInput = h('input', { value: state.task, size: 12, 'data-test': 'task-text', 'aria-label': t('solver-taskText'), onchange: (e) => edit({ task: e.currentTarget.value.trim() }) });
    const sideSel = h('select', { 'aria-label': t('cm-side'), onchange: (e) => {
      const side = /** @type {Side} */ (e.currentTarget.value); // one of the two options below
      const Q = PALETTES[side];
      edit({ side, board: Q.startBoard, task: Q.startTask, pen: Q.board[0], taskPen: Q.task[0] }); } },
      h('option', { value: 'sliding', selected: state.side === 'sliding' }, t('cm-side-sliding')), h('option', { value: 'chess', selected: state.side === 'chess' }, t('cm-side-chess')));
    const r = state.result;
    const frames = state.frames; // there are frames when there is a solution
    const result = r ? (r.moves === null || !frames
      ? h('div', { class: 'banner bad', 'data-test': 'result' }, t('solver-unsolvable'))
      : h('div', { class: 'banner good stack', 'data-test': 'result' },
        h('div', {}, h('strong', {}, t('solver-minimum', { moves: r.moves })), ' ', t('solver-turned', { degrees: r.rotation })),
        h('div', { class: 'row' }, r.solution.map((m, i) => h('span', { class: `tag${i + 1 === state.step ? ' you' : ''}` }, m))),
        h('div', { class: 'row' },
          h('button', { class: 'secondary small', 'aria-label': t('replay-first'), onclick: () => { stop(); state.step = 0; render(); } }, '«'),
          h('button', { class: 'secondary small', 'aria-label': t('replay-prev'), onclick: () => { stop(); state.step = Math.max(0, state.step - 1); render(); } }, '◀'),
          h('button', { class: 'small', onclick: () => (state.playing ? (stop(), render()) : play()) }, state.playing ? t('replay-pause') : t('replay-play')),
          h('button', { class: 'secondary small', 'aria-label': t('replay-next'), onclick: () => { stop(); state.step = Math.min(frames.length - 1, state.step + 1); render(); } }, '▶'),
          h('button', { class: 'secondary small', onclick: () => edit({}) }, t('solver-edit')),
          h('span', { class: 'muted', 'data-test': 'step' }, t('solver-step', { step: state.step, total: frames.length - 1 }))))) : '';
    main.replaceChildren(tableLayout({
      title: h('div', {}, h('h1', {}, t('solver-title')), h('p', { class: 'lead' }, t('solver-lead', { input: pointer() }))),
      status: h('div', { class: 'row' }, sideSel, h('button', { onclick: solve, 'data-test': 'solve' }, t('solver-solve'))),
      top: h('div', { class: 'stack' }, h('div', { class: 'muted' }, t('solver-boardHelp', { input: pointer() })), palette(P.board, state.pen, (ch) => tokenSymbol(state.side, ch), (ch) => tokenLabel(state.side, ch), (ch) => { state.pen = ch; })),
      board: h('div', { class: 'board-wrap' }, boardSvg),
      bottom: h('div', { class: 'row' }, t('solver-board'), boardInput),
      actions: result,
      panel: [
        h('div', { class: 'muted' }, t('solver-taskHelp', { input: pointer() })),
        palette(P.task, state.taskPen, (ch) => needSymbol(state.side, ch), (ch) => needLabel(state.side, ch), (ch) => { state.taskPen = ch; }),
        h('div', { class: 'row', style: 'align-items:flex-start' }, h('div', { class: 'board-wrap', style: 'width:min(200px, 45vw)' }, taskSvg), taskLegend(state.side, state.task)),
        h('div', { class: 'row' }, t('solver-task'), taskInput),
      ],
    }));
  };
  render();
  return stop;
}
