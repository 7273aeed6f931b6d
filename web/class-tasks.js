// A class's tasks in words, where each is done, and a student's assignments (on the home page
// and the class's page): each task with how far the student is, judged by the server from
// their play (crates/server/src/classes/tasks.rs), and a link to where it is played.
import { call, createGame, pathOf } from './api.js';
import { h, attempt, navigate } from './ui.js';
import { t, dateOnly, variantTitle, hasText } from './text.js';
import { whoAmI } from './players.js';

/** @import { ClassTask, Tally, MyAssignment } from './types/protocol' */

/** The chapters of Learn QuickChess ended by a lesson game, with their variant. */
export const CHAPTERS = /** @type {const} */ ([
  [2, 'power-pawns'], [3, 'kings-conquest'], [4, 'raging-rooks'], [5, 'bishops'],
  [6, 'mean-queens'], [7, 'rescue-the-queen'], [8, 'krazy-knights'], [9, 'quickchess'],
]);

/** A game's name as a task names it. @param {string} game */
function gameWords(game) {
  return hasText(`classes-game-${game}`) ? t(`classes-game-${game}`) : game;
}

/** A task in words. @param {ClassTask} task */
export function taskText(task) {
  switch (task.kind) {
    case 'puzzles': {
      const parts = [t('classes-task-puzzles', { count: task.count, game: gameWords(task.game) })];
      if (task.theme) parts.push(hasText(`puzzles-theme-${task.theme}`) ? t(`puzzles-theme-${task.theme}`) : task.theme);
      if (task.rating) parts.push(t('classes-task-rating', { min: task.rating.min, max: task.rating.max }));
      if (task.set) parts.push(t('classes-task-set', { count: task.set.length }));
      return parts.join(' · ');
    }
    case 'lesson':
      return t(task.goal === 'win' ? 'classes-task-lessonWin' : 'classes-task-lessonDraw', { variant: variantTitle(task.variant), level: task.level })
        + (task.fen ? ` · ${t('classes-task-fromPosition')}` : '');
    case 'cards':
      return t('classes-task-cards', { count: task.count, game: gameWords(task.game), moves: task.difficulty });
    case 'learn': {
      const chapter = CHAPTERS.find(([n]) => n === task.chapter);
      return t('classes-task-learn', { chapter: task.chapter, title: chapter ? variantTitle(chapter[1]) : '' });
    }
    case 'games':
      return t(task.against === 'computer' ? 'classes-task-gamesComputer' : 'classes-task-gamesClassmate',
        { count: task.count, game: task.variant ? variantTitle(task.variant) : gameWords(task.game) })
        + (task.level ? ` · ${t('classes-task-level', { level: task.level })}` : '');
  }
}

/** Where a task is played. @param {ClassTask} task */
export function taskLink(task) {
  switch (task.kind) {
    case 'puzzles': return task.game === 'querni' ? '/puzzles?game=querni' : '/puzzles';
    case 'lesson': return '/quickchess';
    case 'cards': return task.game === 'royal' ? '/royal' : '/checkmates';
    case 'learn': return `/learn/quickchess/${task.chapter}`;
    case 'games': return ({ querni: '/querni', 'checkmates-party': '/checkmates', 'royal-match': '/royal' })[task.game] || '/quickchess';
  }
}

/** How far a tally is, in words and as a bar. @param {Tally} tally */
export function tallyView(tally) {
  const met = tally.met !== null;
  return h('span', { class: `tally${met ? ' met' : ''}`, 'data-test': 'tally', 'data-done': tally.done, 'data-of': tally.of },
    h('progress', { max: tally.of, value: tally.done, 'aria-hidden': 'true' }),
    ' ', met ? `✓ ${t('classes-met')}` : t('classes-doneOf', { done: tally.done, of: tally.of }));
}

/** An assignment as its student sees it, each task linked to where it is played. @param {MyAssignment} a @param {boolean} withClass */
export function assignmentCard(a, withClass) {
  return h('li', { class: `card assignment${a.done ? ' done' : ''}`, 'data-test': 'my-assignment' },
    h('h3', { class: 'minor' }, a.title, a.done ? ` ✓` : ''),
    h('p', { class: 'muted small' },
      withClass ? h('a', { href: `/classes/${a.class}`, 'data-link': true }, a.class_name) : '',
      withClass ? ' · ' : '',
      a.due !== null ? t('classes-due', { date: dateOnly(a.due) }) : t('classes-noDue')),
    h('ol', { class: 'plain stack' }, ...a.tasks.map((task, i) => h('li', { class: 'row task-line', 'data-kind': task.kind },
      task.kind === 'lesson'
        ? h('button', { type: 'button', class: 'secondary', 'data-test': 'task-play', onclick: () => playLesson(task) }, taskText(task))
        : h('a', { href: taskLink(task), 'data-link': true, 'data-test': 'task-link' }, taskText(task)),
      tallyView(a.progress[i])))));
}

/**
 * Starts the lesson game a task asks for, against the computer at its level, from its
 * position: one tap from the assignment to the board.
 * @param {Extract<ClassTask, { kind: 'lesson' }>} task
 */
function playLesson(task) {
  attempt(async () => {
    const made = await createGame('quickchess', { variant: task.variant, color: 'white', ...(task.fen ? { fen: task.fen } : {}) }, [task.level]);
    navigate(pathOf('quickchess', made.id));
  });
}

/** The signed-in student's open assignments, for the home page (nothing when there are none). */
export function assignmentsSection() {
  const section = h('section', { class: 'stack', hidden: true, 'data-test': 'home-assignments' });
  // a guest has none: only a signed-in account asks
  whoAmI().then((me) => (me ? call('GET /api/me/assignments') : { assignments: [] })).then(({ assignments }) => {
    const open = assignments.filter((a) => !a.done);
    if (!open.length) return;
    section.replaceChildren(
      h('h2', {}, t('classes-yourAssignments')),
      h('ol', { class: 'plain stack' }, ...open.slice(0, 5).map((a) => assignmentCard(a, true))),
      h('p', {}, h('a', { href: '/classes', 'data-link': true }, t('classes-all'))));
    section.hidden = false;
  }).catch(() => { /* a guest, or the server busy: the home page goes without */ });
  return section;
}
