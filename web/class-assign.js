// The form a teacher gives an assignment with (POST /api/classes/{id}/assignments): a title, a
// due date, the students (the whole class, or those ticked) and tasks of every game, each
// added from a kind and told in words as it will be shown to the students.
import { call } from './api.js';
import { h, attempt, toast } from './ui.js';
import { t, variantTitle, hasText } from './text.js';
import { CHAPTERS, taskText } from './class-tasks.js';

/** @import { ClassTask, ClassView } from './types/protocol' */

/** The lesson games a lesson task may ask for. */
const LESSONS = ['power-pawns', 'kings-conquest', 'raging-rooks', 'bishops', 'mean-queens', 'rescue-the-queen', 'krazy-knights'];
/** The puzzles' themes, by game (as the puzzles page offers them). */
const THEMES = {
  quickchess: ['mate-in-1', 'mate-in-2', 'mate-in-3', 'mate', 'fork', 'hanging-piece', 'promotion', 'rescue', 'endgame', 'defence', 'advantage'],
  querni: ['win-at-once', 'avoid-stranding', 'defence'],
};
/** The games whose finished games a task counts. */
const GAMES = ['quickchess', 'querni', 'checkmates-party', 'royal-match'];
/** The kinds of task, in the order offered. */
const KINDS = /** @type {const} */ (['puzzles', 'lesson', 'cards', 'learn', 'games']);

/**
 * A labelled field.
 * @param {string} label @param {HTMLElement} control
 */
function field(label, control) {
  return h('label', { class: 'stack' }, h('span', { class: 'muted small' }, label), control);
}

/** A select of `[value, words]`. @param {string} name @param {Array<[string, string]>} options @param {string} [value] */
function choice(name, options, value) {
  return h('select', { name }, ...options.map(([v, words]) => h('option', { value: v, selected: v === value }, words)));
}

/** A whole number input. @param {string} name @param {number} min @param {number} max @param {number} value */
function number(name, min, max, value) {
  return h('input', { name, type: 'number', min, max, value, inputmode: 'numeric', required: true });
}

/** The fields of a task of `kind`. @param {typeof KINDS[number]} kind */
function taskFields(kind) {
  const game = (/** @type {string[]} */ games) => choice('game', games.map((g) => [g, hasText(`classes-game-${g}`) ? t(`classes-game-${g}`) : g]));
  switch (kind) {
    case 'puzzles': {
      const theme = choice('theme', [['', t('classes-anyTheme')], ...THEMES.quickchess.map((x) => /** @type {[string, string]} */ ([x, t(`puzzles-theme-${x}`)]))]);
      const which = game(['quickchess', 'querni']);
      // the themes offered are the game's
      which.addEventListener('change', () => theme.replaceChildren(h('option', { value: '' }, t('classes-anyTheme')),
        ...THEMES[/** @type {'quickchess' | 'querni'} */ (which.value)].map((x) => h('option', { value: x }, t(`puzzles-theme-${x}`)))));
      return [field(t('classes-field-game'), which), field(t('classes-field-count'), number('count', 1, 200, 10)), field(t('classes-field-theme'), theme),
        field(t('classes-field-ratingMin'), h('input', { name: 'min', type: 'number', min: 0, max: 4000, inputmode: 'numeric' })),
        field(t('classes-field-ratingMax'), h('input', { name: 'max', type: 'number', min: 0, max: 4000, inputmode: 'numeric' })),
        field(t('classes-field-set'), h('input', { name: 'set', maxlength: 2000, autocomplete: 'off', spellcheck: 'false', translate: 'no' }))];
    }
    case 'lesson':
      return [field(t('classes-field-lesson'), choice('variant', LESSONS.map((v) => [v, variantTitle(v)]))),
        field(t('classes-field-goal'), choice('goal', [['draw', t('classes-goal-draw')], ['win', t('classes-goal-win')]])),
        field(t('classes-field-level'), number('level', 1, 8, 8)),
        field(t('classes-field-fen'), h('input', { name: 'fen', maxlength: 100, autocomplete: 'off', spellcheck: 'false', translate: 'no' }))];
    case 'cards':
      return [field(t('classes-field-game'), game(['checkmates', 'royal'])),
        field(t('classes-field-difficulty'), number('difficulty', 1, 30, 3)), field(t('classes-field-count'), number('count', 1, 200, 5))];
    case 'learn':
      return [field(t('classes-field-chapter'), choice('chapter', CHAPTERS.map(([n, v]) => [String(n), `${n}. ${variantTitle(v)}`])))];
    case 'games':
      return [field(t('classes-field-game'), game(GAMES)), field(t('classes-field-count'), number('count', 1, 200, 3)),
        field(t('classes-field-against'), choice('against', [['computer', t('classes-against-computer')], ['classmate', t('classes-against-classmate')]])),
        field(t('classes-field-levelAtLeast'), h('input', { name: 'level', type: 'number', min: 1, max: 8, inputmode: 'numeric' }))];
  }
}

/** The task a task's fields say. @param {typeof KINDS[number]} kind @param {HTMLElement} box @returns {ClassTask} */
function readTask(kind, box) {
  /** @param {string} name */
  const v = (name) => /** @type {HTMLInputElement | HTMLSelectElement | null} */ (box.querySelector(`[name="${name}"]`))?.value.trim() || '';
  const n = (/** @type {string} */ name) => Number(v(name));
  switch (kind) {
    case 'puzzles': {
      const game = v('game') === 'querni' ? 'querni' : 'quickchess';
      const rating = v('min') || v('max') ? { min: n('min') || 0, max: n('max') || 4000 } : null;
      const set = v('set') ? v('set').split(/[\s,]+/).filter(Boolean) : null;
      return { kind, game, count: n('count'), theme: v('theme') || null, rating, set };
    }
    case 'lesson': return { kind, variant: v('variant'), goal: v('goal') === 'win' ? 'win' : 'draw', level: n('level'), fen: v('fen') || null };
    case 'cards': return { kind, game: v('game') === 'royal' ? 'royal' : 'checkmates', difficulty: n('difficulty'), count: n('count') };
    case 'learn': return { kind, chapter: n('chapter') };
    case 'games': return { kind, game: v('game'), count: n('count'), against: v('against') === 'classmate' ? 'classmate' : 'computer', level: v('level') ? n('level') : null };
  }
}

/**
 * The form to give `view`'s class an assignment; `given` runs once one is given.
 * @param {ClassView} view @param {() => void} given
 */
export function assignmentForm(view, given) {
  /** @type {Array<{ kind: typeof KINDS[number], box: HTMLElement }>} */
  const tasks = [];
  const list = h('ol', { class: 'plain stack', 'data-test': 'assign-tasks' });
  const kind = choice('kind', KINDS.map((k) => [k, t(`classes-kind-${k}`)]));
  const add = () => {
    const k = /** @type {typeof KINDS[number]} */ (kind.value);
    const box = h('li', { class: 'card stack task-box', 'data-test': 'assign-task', 'data-kind': k });
    const entry = { kind: k, box };
    const remove = h('button', { type: 'button', class: 'secondary small', 'data-test': 'assign-remove' }, t('classes-removeTask'));
    remove.addEventListener('click', () => { tasks.splice(tasks.indexOf(entry), 1); box.remove(); });
    box.append(h('strong', {}, t(`classes-kind-${k}`)), h('div', { class: 'grid task-fields' }, ...taskFields(k)), remove);
    tasks.push(entry);
    list.append(box);
  };
  const students = view.students.filter((s) => s.standing === 'active');
  const title = h('input', { name: 'title', required: true, maxlength: 100, 'data-test': 'assign-title', autocomplete: 'off' });
  const due = h('input', { name: 'due', type: 'date', 'data-test': 'assign-due' });
  const ticks = students.map((s) => h('input', { type: 'checkbox', value: s.username }));
  const form = h('form', { class: 'card stack form', 'data-test': 'assign-form', 'aria-label': t('classes-newAssignment') },
    h('h3', { class: 'minor' }, t('classes-newAssignment')),
    field(t('classes-field-title'), title), field(t('classes-field-due'), due),
    students.length ? h('fieldset', { class: 'stack' }, h('legend', {}, t('classes-forWhom')),
      ...students.map((s, i) => h('label', { class: 'check' }, ticks[i], h('span', { translate: 'no' }, s.username)))) : '',
    list,
    h('div', { class: 'row' }, field(t('classes-field-kind'), kind),
      h('button', { type: 'button', class: 'secondary', 'data-test': 'assign-add', onclick: add }, t('classes-addTask'))),
    h('button', { type: 'submit', 'data-test': 'assign-give' }, t('classes-give')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!tasks.length) { toast(t('classes-noTasks')); return; }
    const picked = ticks.filter((x) => x.checked).map((x) => x.value);
    // a date is due at its day's end where the teacher is
    const dueAt = due.value ? new Date(`${due.value}T23:59:59`).getTime() : undefined;
    const body = { title: title.value.trim(), due: dueAt, tasks: tasks.map((x) => readTask(x.kind, x.box)), students: picked.length ? picked : null };
    attempt(async () => {
      await call('POST /api/classes/{id}/assignments', { params: { id: view.id }, body });
      toast(t('classes-given', { title: body.title }));
      form.reset();
      tasks.length = 0;
      list.replaceChildren();
      given();
    });
  });
  return form;
}
