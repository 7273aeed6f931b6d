// The daily puzzle: the day's five puzzles, the same for everyone, played on the board (the
// server says what is legal and referees the solution), then the day's ranking, the streak,
// and yesterday's optimal solutions.
import { call, nickname, errorText } from './api.js';
import { BoardInput } from './board.js';
import { h, toast, attempt, fmtTime } from './ui.js';
import { cmBoard, taskCard } from './checkmates.js';
import { royalBoard } from './royal.js';
import { t, language } from './text.js';

/** @import { DailyPuzzle, DailyPosition, DailyJudged } from './types/protocol' */

/** @type {Record<string, string>} the Royal Study's card actions (as the server names them) in words */
const ACTION_WORDS = { 'turn-': 'royal-turnLeft', 'turn+': 'royal-turnRight', 'mirror-lr': 'royal-mirrorLr', 'mirror-tb': 'royal-mirrorTb' };
/** A puzzle's title from its id (`checkmates-sliding`, `royal-2`). @param {string} id */
const title = (id) => t(`daily-puzzle-${id}`);
/** Which game a puzzle is of, for the words that count its moves: Три на три's rulebook counts
 * movements of tokens (движения), The Royal Study's chess moves (ходы). @param {string} id */
const gameOf = (id) => (id.startsWith('checkmates') ? 'checkmates' : 'royal');
/** The weekday in this language; the server counts 0 for Monday (2024-01-01 was one). @param {number} n */
const weekdayName = (n) => new Date(Date.UTC(2024, 0, 1 + n)).toLocaleDateString(language(), { weekday: 'long', timeZone: 'UTC' });

/**
 * A puzzle's target drawn: a Check Mates task card or a Royal Study card.
 * @param {DailyPuzzle} p
 * @param {string} text
 */
function target(p, text) {
  return p.id.startsWith('checkmates')
    ? taskCard(p.id.split('-')[1], text, { label: t('daily-targetLabel', { layout: text }) })
    : royalBoard(text, { coords: false, label: t('daily-targetLabel', { layout: text }) });
}

/**
 * One puzzle being played: its board, the steps so far, and the moves the server allows.
 * @param {DailyPuzzle} p
 * @param {HTMLElement} box where it is played
 * @param {(solved: DailyJudged) => void} onSolved
 */
function play(p, box, onSolved) {
  /** @type {string[]} */
  const steps = [];
  /** @type {DailyPosition | null} the position after `steps`, once the server said it */
  let state = null;
  const input = new BoardInput({ onMove: (a, b) => step(`${a}-${b}`), redraw: () => redraw() });
  const redraw = () => {
    if (!state) return;
    const side = p.id.startsWith('checkmates') ? p.id.split('-')[1] : null;
    const board = side
      ? cmBoard(side, state.board, { legal: state.legal, input })
      : royalBoard(state.board, { legal: state.legal, input, label: t('daily-boardLabel', { layout: state.board }) });
    box.replaceChildren(
      h('div', { class: 'boards' },
        h('div', { class: 'board-wrap main-board' }, h('div', { class: 'caption' }, t('solver-board')), board),
        h('div', { class: 'board-wrap side-board' }, h('div', { class: 'caption' }, t('daily-target')), target(p, state.target ?? p.target))),
      h('p', {}, t('daily-soFar', { count: state.count, optimum: p.optimum, game: gameOf(p.id) })),
      h('div', { class: 'row' },
        ...state.actions.map((a) => h('button', { class: 'secondary small', onclick: () => step(a) }, ACTION_WORDS[a] ? t(ACTION_WORDS[a]) : a)),
        h('button', { class: 'secondary small', disabled: !steps.length, onclick: () => { steps.pop(); load(); } }, t('daily-undo')),
        h('button', { class: 'secondary small', disabled: !steps.length, onclick: () => { steps.length = 0; load(); } }, t('daily-startAgain'))));
  };
  const load = () => attempt(async () => {
    state = await call('POST /api/daily/{puzzle}/position', { params: { puzzle: p.id }, body: { steps } });
    if (state.done) {
      const r = await call('POST /api/daily/{puzzle}/solve', { params: { puzzle: p.id }, body: { solution: steps, name: nickname() || t('daily-guest') } });
      onSolved(r);
      return;
    }
    redraw();
  });
  /** @param {string} s a move (`a1-a2`) or a card action */
  const step = (s) => { steps.push(s); load(); };
  call('POST /api/daily/{puzzle}/start', { params: { puzzle: p.id } }).then(load).catch((e) => toast(errorText(e)));
}

/**
 * The day's ranking of a puzzle (its first 20), drawn into `into`; `counted(n)` hears how
 * many it ranks (the ranking answers at most its first 100).
 * @param {DailyPuzzle} p
 * @param {HTMLElement} into
 * @param {(n: number) => void} counted
 */
function ranking(p, into, counted) {
  call('GET /api/daily/{puzzle}/ranking', { params: { puzzle: p.id } }).then((r) => {
    counted(r.results.length);
    into.replaceChildren(r.results.length ? h('table', { 'data-test': 'ranking' },
      h('tr', {}, h('th', {}, '#'), h('th', {}, t('cm-player')), h('th', {}, t('daily-movesCol', { game: gameOf(p.id) })), h('th', {}, t('cm-time'))),
      ...r.results.slice(0, 20).map((x) => h('tr', {}, h('td', {}, x.rank), h('td', { translate: 'no' }, x.name), h('td', {}, x.moves), h('td', {}, fmtTime(x.ms)))))
      : h('p', { class: 'muted' }, t('daily-nobody')));
  });
}

/**
 * The daily puzzle page.
 * @param {HTMLElement} main
 */
export function dailyPage(main) {
  main.append(h('h1', {}, t('home-daily')), h('p', { class: 'muted' }, t('home-loading')));
  call('GET /api/daily').then((d) => {
    main.replaceChildren(
      h('h1', {}, t('home-daily')),
      h('p', { class: 'lead' }, t('daily-lead', { day: d.day, weekday: weekdayName(d.weekday) })),
      h('p', { 'data-test': 'streak' }, d.streak ? t('daily-streak', { days: d.streak }) : t('daily-noStreak')));
    for (const p of d.puzzles) {
      const mine = d.mine.find((m) => m.puzzle === p.id);
      const box = h('div', { class: 'stack' });
      const table = h('div', {});
      // How many solved it: the count the page opened with grows as the day goes on (the
      // player's own solution, others' meanwhile), so every newer count it hears of (the
      // solution's answer, the ranking shown under it) is written in.
      let solvers = mine ? mine.solvers : 0;
      const count = h('p', { class: 'muted', 'data-test': 'daily-count' });
      /** @param {number} n */
      const counted = (n) => {
        solvers = Math.max(solvers, n);
        count.textContent = t('daily-bestPossible', { optimum: p.optimum, solvers });
      };
      counted(solvers);
      // the result kept, or (if it is not among the ranking's first) the moves just counted
      /** @param {{ moves: number, ms?: number }} result */
      const show = (result) => {
        box.replaceChildren(h('p', { class: 'banner good', 'data-test': 'daily-result' },
          t('daily-solved', { game: gameOf(p.id), moves: result.moves, time: result.ms === undefined ? '?' : fmtTime(result.ms), best: result.moves === p.optimum ? 'yes' : 'no', optimum: p.optimum })));
        ranking(p, table, counted);
      };
      if (mine && mine.result) show(mine.result);
      else box.append(h('div', { class: 'row' }, h('button', { 'data-test': `open-${p.id}`, onclick: () => play(p, box, (r) => { counted(r.of); show(r.result || r); }) }, t('daily-start'))));
      main.append(h('section', { class: 'card stack', 'data-test': `daily-${p.id}` }, h('h2', {}, title(p.id)), count, box, table));
    }
    main.append(h('h2', {}, t('daily-yesterday', { day: d.yesterday.day })),
      ...d.yesterday.puzzles.map((p) => h('p', {}, h('strong', {}, `${title(p.id)}: `), t('daily-yesterdayMoves', { moves: p.optimum, game: gameOf(p.id) }), ' ', h('code', {}, p.solution.map((step) => (ACTION_WORDS[step] ? t(ACTION_WORDS[step]) : step)).join(', ')))));
  }).catch((e) => main.replaceChildren(h('h1', {}, t('home-daily')), h('p', {}, errorText(e))));
}
