// The daily puzzle: the day's five puzzles, the same for everyone, played on the board (the
// server says what is legal and referees the solution), then the day's ranking, the streak,
// and yesterday's optimal solutions.
import { api, nickname } from './api.js';
import { BoardInput } from './board.js';
import { h, toast, attempt, fmtTime } from './ui.js';
import { cmBoard, taskCard } from './checkmates.js';
import { royalBoard } from './royal.js';

const TITLES = {
  'checkmates-sliding': 'Check Mates, sliding side', 'checkmates-chess': 'Check Mates, chess side',
  'royal-1': 'The Royal Study, level 1', 'royal-2': 'The Royal Study, level 2', 'royal-3': 'The Royal Study, level 3',
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function target(p, text) {
  return p.id.startsWith('checkmates')
    ? taskCard(p.id.split('-')[1], text, { label: `target ${text}` })
    : royalBoard(text, { coords: false, label: `target ${text}` });
}

// One puzzle being played: its board, the steps so far, and the moves the server allows.
function play(p, box, onSolved) {
  const steps = [];
  let state = null;
  const input = new BoardInput({ onMove: (a, b) => step(`${a}-${b}`), redraw: () => redraw() });
  const redraw = () => {
    const side = p.id.startsWith('checkmates') ? p.id.split('-')[1] : null;
    const board = side
      ? cmBoard(side, state.board, { legal: state.legal, input })
      : royalBoard(state.board, { legal: state.legal, input, label: `board ${state.board}` });
    box.replaceChildren(
      h('div', { class: 'boards' },
        h('div', { class: 'board-wrap main-board' }, h('div', { class: 'caption' }, 'Board'), board),
        h('div', { class: 'board-wrap side-board' }, h('div', { class: 'caption' }, 'Target'), target(p, state.target))),
      h('p', {}, `${state.count} move(s) so far; the best is ${p.optimum}.`),
      h('div', { class: 'row' },
        ...state.actions.map((a) => h('button', { class: 'secondary small', onclick: () => step(a) }, a)),
        h('button', { class: 'secondary small', disabled: !steps.length, onclick: () => { steps.pop(); load(); } }, 'Undo'),
        h('button', { class: 'secondary small', disabled: !steps.length, onclick: () => { steps.length = 0; load(); } }, 'Start again')));
  };
  const load = () => attempt(async () => {
    state = await api('POST', `/api/daily/${p.id}/position`, { steps });
    if (state.done) {
      const r = await api('POST', `/api/daily/${p.id}/solve`, { solution: steps, name: nickname() || 'Guest' });
      onSolved(r);
      return;
    }
    redraw();
  });
  const step = (s) => { steps.push(s); load(); };
  api('POST', `/api/daily/${p.id}/start`).then(load).catch((e) => toast(e.message));
}

function ranking(p, into) {
  api('GET', `/api/daily/${p.id}/ranking`).then((r) => {
    into.replaceChildren(r.results.length ? h('table', { 'data-test': 'ranking' },
      h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Moves'), h('th', {}, 'Time')),
      ...r.results.slice(0, 20).map((x) => h('tr', {}, h('td', {}, x.rank), h('td', {}, x.name), h('td', {}, x.moves), h('td', {}, fmtTime(x.ms)))))
      : h('p', { class: 'muted' }, 'Nobody has solved it yet today.'));
  });
}

export function dailyPage(main) {
  main.append(h('h1', {}, 'The daily puzzle'), h('p', { class: 'muted' }, 'Loading...'));
  api('GET', '/api/daily').then((d) => {
    const weekday = WEEKDAYS[d.weekday];
    main.replaceChildren(
      h('h1', {}, 'The daily puzzle'),
      h('p', { class: 'lead' }, `${d.day}, ${weekday}: five puzzles, the same for everyone, harder through the week. Your time runs from when you open one; fewest moves first, then the quickest.`),
      h('p', { 'data-test': 'streak' }, d.streak ? `Your streak: ${d.streak} day(s) in a row.` : 'Solve one today to start a streak.'));
    for (const p of d.puzzles) {
      const mine = d.mine.find((m) => m.puzzle === p.id);
      const box = h('div', { class: 'stack' });
      const table = h('div', {});
      const show = (result) => {
        box.replaceChildren(h('p', { class: 'banner good', 'data-test': 'daily-result' },
          `Solved in ${result.moves} move(s), ${fmtTime(result.ms)}${result.moves === p.optimum ? ': the best possible' : `; the best is ${p.optimum}`}.`));
        ranking(p, table);
      };
      if (mine && mine.result) show(mine.result);
      else box.append(h('div', { class: 'row' }, h('button', { 'data-test': `open-${p.id}`, onclick: () => play(p, box, (r) => show(r.result || r)) }, 'Start (the clock starts now)')));
      main.append(h('section', { class: 'card stack', 'data-test': `daily-${p.id}` },
        h('h2', {}, TITLES[p.id]), h('p', { class: 'muted' }, `Best possible: ${p.optimum}. Solved by ${mine ? mine.solvers : 0} so far.`), box, table));
      if (mine && mine.result) ranking(p, table);
    }
    main.append(h('h2', {}, `Yesterday (${d.yesterday.day})`),
      ...d.yesterday.puzzles.map((p) => h('p', {}, h('strong', {}, `${TITLES[p.id]}: `), `${p.optimum} move(s): `, h('code', {}, p.solution.join(' ')))));
  }).catch((e) => main.replaceChildren(h('h1', {}, 'The daily puzzle'), h('p', {}, e.message)));
}
