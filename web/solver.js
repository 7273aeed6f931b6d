// The Check Mates solver page: set up a board and a task by clicking (or typing them), and see
// the least number of moves with one optimal solution played out.
import { api } from './api.js';
import { drawBoard, parseBoard } from './board.js';
import { tokenSymbol, needSymbol } from './pieces.js';
import { h, attempt, tableLayout } from './ui.js';
import { t, tokenLabel, needLabel } from './text.js';
import { setCell, lineFrames } from './line.js';
import { taskLegend } from './checkmates.js';

// The examples each side starts with: neither task is met by its board already.
const PALETTES = {
  sliding: { board: ['b', 'r', 'g', 'j', '.'], task: ['b', 'r', 'g', '.'], startBoard: 'bgr/.j./rbg', startTask: 'bbr/g../...' },
  chess: { board: ['R', 'r', 'N', 'n', 'Q', 'q', 'K', '.'], task: ['R', 'N', 'Q', 'w', 'b', '.'], startBoard: 'RnQ/.K./qNr', startTask: 'Q.w/.b./R.b' },
};

export function solver(main) {
  const state = { side: 'sliding', board: PALETTES.sliding.startBoard, task: PALETTES.sliding.startTask, pen: 'b', taskPen: 'b', result: null, step: 0, frames: null, playing: null };
  const stop = () => { clearInterval(state.playing); state.playing = null; };
  const play = () => {
    stop();
    if (state.step >= state.frames.length - 1) state.step = 0;
    state.playing = setInterval(() => { if (state.step < state.frames.length - 1) { state.step++; render(); } else { stop(); render(); } }, 800);
    render();
  };
  const edit = (changes) => { stop(); Object.assign(state, { result: null, frames: null, step: 0 }, changes); render(); };
  const solve = async () => {
    stop();
    const r = await attempt(() => api('POST', '/api/solve/checkmates', { side: state.side, board: state.board, task: state.task }));
    if (!r) return;
    state.result = r;
    state.frames = r.moves === null ? null : lineFrames(state.board, r.solution);
    state.step = 0;
    if (state.frames) play(); else render();
  };
  const palette = (items, current, symbol, label, set) => h('div', { class: 'palette' }, ...items.map((ch) => {
    const b = h('button', { class: ch === current ? 'on' : '', title: ch === '.' ? t('solver.emptyPen') : label(ch), 'aria-label': ch === '.' ? t('solver.emptyPen') : label(ch), 'aria-pressed': String(ch === current), 'data-pen': ch, onclick: () => { set(ch); render(); } });
    const sym = symbol(ch);
    b.innerHTML = sym ? `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#${sym}"/></svg>` : '<svg viewBox="0 0 100 100" aria-hidden="true"><rect x="20" y="20" width="60" height="60" fill="none" stroke="#a99" stroke-dasharray="6 6"/></svg>';
    return b;
  }));
  const render = () => {
    const P = PALETTES[state.side];
    const frame = state.frames ? state.frames[state.step] : null;
    const shown = frame ? frame.board : state.board;
    const bp = parseBoard(shown);
    const boardSvg = drawBoard({
      files: bp.files, ranks: bp.ranks, last: frame ? frame.last : null, label: `board ${shown}`,
      piece: (sq) => { const s = tokenSymbol(state.side, bp.map.get(sq)); return s ? { symbol: s, label: tokenLabel(state.side, bp.map.get(sq)) } : null; },
    });
    boardSvg.addEventListener('click', (e) => {
      const sq = e.target.getAttribute && e.target.getAttribute('data-sq');
      if (sq && !state.frames) edit({ board: setCell(state.board, sq, state.pen) });
    });
    const tp = parseBoard(state.task);
    const taskSvg = drawBoard({
      files: 3, ranks: 3, light: 'var(--card-light)', dark: 'var(--card-dark)', label: `task ${state.task}`,
      piece: (sq) => { const s = needSymbol(state.side, tp.map.get(sq)); return s ? { symbol: s, label: needLabel(state.side, tp.map.get(sq)) } : null; },
    });
    taskSvg.addEventListener('click', (e) => {
      const sq = e.target.getAttribute && e.target.getAttribute('data-sq');
      if (sq) edit({ task: setCell(state.task, sq, state.taskPen) });
    });
    const boardInput = h('input', { value: state.board, size: 12, 'data-test': 'board-text', 'aria-label': t('solver.boardText'), onchange: (e) => edit({ board: e.target.value.trim() }) });
    const taskInput = h('input', { value: state.task, size: 12, 'data-test': 'task-text', 'aria-label': t('solver.taskText'), onchange: (e) => edit({ task: e.target.value.trim() }) });
    const sideSel = h('select', { 'aria-label': t('cm.side'), onchange: (e) => { const Q = PALETTES[e.target.value]; edit({ side: e.target.value, board: Q.startBoard, task: Q.startTask, pen: Q.board[0], taskPen: Q.task[0] }); } },
      h('option', { value: 'sliding', selected: state.side === 'sliding' }, t('cm.side.sliding')), h('option', { value: 'chess', selected: state.side === 'chess' }, t('cm.side.chess')));
    const r = state.result;
    const result = r ? (r.moves === null
      ? h('div', { class: 'banner bad', 'data-test': 'result' }, t('solver.unsolvable'))
      : h('div', { class: 'banner good stack', 'data-test': 'result' },
        h('div', {}, h('strong', {}, t('solver.minimum', { moves: r.moves })), ' ', t('solver.turned', { degrees: r.rotation })),
        h('div', { class: 'row' }, r.solution.map((m, i) => h('span', { class: `tag${i + 1 === state.step ? ' you' : ''}` }, m))),
        h('div', { class: 'row' },
          h('button', { class: 'secondary small', 'aria-label': t('replay.first'), onclick: () => { stop(); state.step = 0; render(); } }, '«'),
          h('button', { class: 'secondary small', 'aria-label': t('replay.prev'), onclick: () => { stop(); state.step = Math.max(0, state.step - 1); render(); } }, '◀'),
          h('button', { class: 'small', onclick: () => (state.playing ? (stop(), render()) : play()) }, state.playing ? t('replay.pause') : t('replay.play')),
          h('button', { class: 'secondary small', 'aria-label': t('replay.next'), onclick: () => { stop(); state.step = Math.min(state.frames.length - 1, state.step + 1); render(); } }, '▶'),
          h('button', { class: 'secondary small', onclick: () => edit({}) }, t('solver.edit')),
          h('span', { class: 'muted', 'data-test': 'step' }, t('solver.step', { step: state.step, total: state.frames.length - 1 }))))) : '';
    main.replaceChildren(tableLayout({
      title: h('div', {}, h('h1', {}, t('solver.title')), h('p', { class: 'lead' }, t('solver.lead'))),
      status: h('div', { class: 'row' }, sideSel, h('button', { onclick: solve, 'data-test': 'solve' }, t('solver.solve'))),
      top: h('div', { class: 'stack' }, h('div', { class: 'muted' }, t('solver.boardHelp')), palette(P.board, state.pen, (ch) => tokenSymbol(state.side, ch), (ch) => tokenLabel(state.side, ch), (ch) => { state.pen = ch; })),
      board: h('div', { class: 'board-wrap' }, boardSvg),
      bottom: h('div', { class: 'row' }, t('solver.board'), boardInput),
      actions: result,
      panel: [
        h('div', { class: 'muted' }, t('solver.taskHelp')),
        palette(P.task, state.taskPen, (ch) => needSymbol(state.side, ch), (ch) => needLabel(state.side, ch), (ch) => { state.taskPen = ch; }),
        h('div', { class: 'row', style: 'align-items:flex-start' }, h('div', { class: 'board-wrap', style: 'width:min(200px, 45vw)' }, taskSvg), taskLegend(state.side, state.task)),
        h('div', { class: 'row' }, t('solver.task'), taskInput),
      ],
    }));
  };
  render();
  return stop;
}
