// A class's page (`/classes/{id}`). A teacher sees the join code, the students (accounts made
// for children, with their log-in cards; a password reset; remove, archive, restore), the
// assignment form, the progress table (a row per student, a column per task; CSV), the news and
// the students' room, and the class's settings. A student sees the news, their assignments in
// this class with how far they are, their classmates and (when open) the students' room.
import { call, errorText } from './api.js';
import { h, attempt, toast, confirmDialog, navigate } from './ui.js';
import { t, dateTime, dateOnly } from './text.js';
import { chatPanel } from './chat.js';
import { assignmentCard, taskText, tallyView } from './class-tasks.js';
import { assignmentForm } from './class-assign.js';
import { loginCards } from './class-cards.js';

/** @import { ClassView, ClassProgress, MemberView } from './types/protocol' */

/** Minutes, as the table shows time spent. @param {number} ms */
const minutes = (ms) => t('classes-minutes', { minutes: Math.round(ms / 60000) });

/** The progress table: a row per student, a column per task. @param {ClassProgress} p */
function progressTable(p) {
  const columns = p.assignments.flatMap((a) => a.tasks.map((task, i) => ({ a, task, i })));
  if (!p.students.length || !columns.length) return h('p', { class: 'muted' }, t(columns.length ? 'classes-noStudents' : 'classes-noAssignments'));
  const head = h('tr', {}, h('th', { scope: 'col' }, t('classes-student')),
    ...columns.map(({ a, task, i }) => h('th', { scope: 'col' },
      h('span', { class: 'small muted' }, `${a.title} · ${i + 1}`, a.due !== null ? ` · ${t('classes-due', { date: dateOnly(a.due) })}` : ''), h('br'), taskText(task))));
  const rows = p.students.map((s) => h('tr', { 'data-test': 'progress-row', 'data-student': s.username },
    h('th', { scope: 'row' }, h('a', { href: `/players/${encodeURIComponent(s.username)}/games`, 'data-link': true, translate: 'no' }, s.username)),
    ...s.tasks.map((x) => h('td', { title: x.met !== null ? `${minutes(x.ms)} · ${dateTime(x.met)}` : minutes(x.ms) },
      x.assigned ? tallyView(x) : h('span', { class: 'muted' }, '—')))));
  return h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': t('classes-progress') },
    h('table', { class: 'progress-table', 'data-test': 'progress-table' }, h('thead', {}, head), h('tbody', {}, ...rows)));
}

/**
 * The assignments given, each with its removal (a mistake, or work no longer wanted).
 * @param {string} id @param {ClassProgress} p @param {() => void} reload
 */
function givenList(id, p, reload) {
  if (!p.assignments.length) return '';
  return h('ul', { class: 'plain stack', 'data-test': 'given' }, ...p.assignments.map((a) => h('li', { class: 'row student-row' },
    h('span', {}, h('strong', {}, a.title), ' ', h('span', { class: 'muted small' },
      a.due !== null ? t('classes-due', { date: dateOnly(a.due) }) : t('classes-noDue'), ' · ', t('classes-taskCount', { count: a.tasks.length }))),
    h('button', {
      type: 'button', class: 'secondary small', 'data-test': 'assignment-remove',
      onclick: async () => {
        if (!(await confirmDialog(t('classes-confirm-unassign', { title: a.title }), t('classes-unassign')))) return;
        if (await attempt(() => call('POST /api/classes/{id}/assignments/{assignment}/remove', { params: { id, assignment: a.id } }))) reload();
      },
    }, t('classes-unassign')))));
}

/**
 * A student's row in the teacher's list, with what a teacher may do.
 * @param {string} id @param {MemberView} s @param {() => void} redraw
 * @param {(made: Array<{ username: string, password: string }>) => void} showCards
 */
function studentRow(id, s, redraw, showCards) {
  /** @param {'password' | 'remove' | 'archive' | 'restore'} change @param {string} words */
  const act = (change, words) => h('button', {
    type: 'button', class: 'secondary small', 'data-test': `student-${change}`,
    onclick: async () => {
      if (change !== 'restore' && !(await confirmDialog(t(`classes-confirm-${change}`, { name: s.username }), words))) return;
      const r = await attempt(() => call('POST /api/classes/{id}/students/{name}/{change}', { params: { id, name: s.username, change } }));
      if (!r) return;
      if (r.password) showCards([{ username: r.username, password: r.password }]);
      else redraw();
    },
  }, words);
  const actions = s.standing === 'active'
    ? [s.made ? act('password', t('classes-resetPassword')) : '', act('archive', t('classes-archive')), act('remove', t('classes-remove'))]
    : [act('restore', t('classes-restore'))];
  return h('li', { class: 'stack', 'data-test': 'student', 'data-student': s.username },
    h('div', { class: 'row student-row' },
      h('a', { href: `/players/${encodeURIComponent(s.username)}/games`, 'data-link': true, translate: 'no', title: t('classes-theirGames') }, s.username),
      h('span', { class: 'muted small' }, t(s.made ? 'classes-made' : 'classes-joined'), s.standing !== 'active' ? ` · ${t(`classes-standing-${s.standing}`)}` : ''),
      h('span', { class: 'row' }, ...actions)),
    puzzleTries(id, s.username));
}

/** A student's latest puzzle tries, read when opened. @param {string} id @param {string} name */
function puzzleTries(id, name) {
  const list = h('ol', { class: 'plain stack small' });
  const d = h('details', { class: 'puzzle-tries', 'data-test': 'puzzle-tries' }, h('summary', {}, t('classes-puzzleTries')), list);
  d.addEventListener('toggle', () => {
    if (!d.open) return;
    call('GET /api/classes/{id}/students/{name}/puzzles', { params: { id, name } }).then(({ tries }) => {
      list.replaceChildren(...(tries.length ? tries.map((p) => h('li', { 'data-test': 'puzzle-try' },
        p.solved ? '✓ ' : '✗ ', t(p.solved ? 'classes-solved' : 'classes-missed'), ' · ',
        h('span', { translate: 'no' }, p.puzzle), ` · ${p.rating} · ${dateTime(p.at)}`)) : [h('li', { class: 'muted' }, t('classes-noTries'))]));
    }).catch((e) => list.replaceChildren(h('li', {}, errorText(e))));
  });
  return d;
}

/** The form that makes children's accounts, a name a line. @param {ClassView} view @param {(made: Array<{ username: string, password: string }>) => void} made */
function makeStudentsForm(view, made) {
  const names = h('textarea', { rows: 4, 'data-test': 'make-names', 'aria-describedby': `make-help-${view.id}`, autocomplete: 'off', spellcheck: 'false' });
  const form = h('form', { class: 'card stack form', 'data-test': 'make-form' },
    h('h3', { class: 'minor' }, t('classes-makeAccounts')),
    h('label', { class: 'stack' }, h('span', {}, t('classes-makeNames')), names),
    h('p', { class: 'muted small', id: `make-help-${view.id}` }, t('classes-makeHelp')),
    h('button', { type: 'submit', 'data-test': 'make-submit' }, t('classes-make')));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const wanted = names.value.split(/[\n,]/).map((x) => x.trim()).filter(Boolean);
    /** @type {Array<{ username: string, password: string }>} */
    const done = [];
    for (const username of wanted) {
      try {
        done.push(await call('POST /api/classes/{id}/students', { params: { id: view.id }, body: { username } }));
      } catch (err) {
        toast(`${username}: ${errorText(err)}`);
      }
    }
    names.value = wanted.filter((n) => !done.some((d) => d.username === n)).join('\n');
    if (done.length) made(done);
  });
  return form;
}

/** The class's settings, for its teachers. @param {ClassView} view @param {() => void} redraw */
function settingsForm(view, redraw) {
  /** @param {'student_chat' | 'rated_games'} key */
  const toggle = (key) => {
    const box = h('input', { type: 'checkbox', checked: view[key], 'data-test': `setting-${key}` });
    box.addEventListener('change', () => attempt(async () => {
      await call('POST /api/classes/{id}/settings', { params: { id: view.id }, body: { [key]: box.checked } });
      redraw();
    }));
    return h('label', { class: 'check' }, box, h('span', {}, t(`classes-setting-${key}`)));
  };
  const name = h('input', { value: view.name, maxlength: 60, required: true, autocomplete: 'off', 'data-test': 'setting-name' });
  const description = h('textarea', { rows: 2, maxlength: 500, 'data-test': 'setting-description' }, view.description);
  const naming = h('form', { class: 'stack form' },
    h('label', { class: 'stack' }, h('span', {}, t('classes-field-name')), name),
    h('label', { class: 'stack' }, h('span', {}, t('classes-field-description')), description),
    h('button', { type: 'submit', class: 'secondary', 'data-test': 'setting-save' }, t('classes-save')));
  naming.addEventListener('submit', (e) => {
    e.preventDefault();
    attempt(async () => {
      await call('POST /api/classes/{id}/settings', { params: { id: view.id }, body: { name: name.value, description: description.value } });
      redraw();
    });
  });
  const teacher = h('input', { 'aria-label': t('classes-coTeacher'), placeholder: t('classes-coTeacher'), autocomplete: 'off', maxlength: 20 });
  const addTeacher = h('form', { class: 'row' }, teacher, h('button', { type: 'submit', class: 'secondary' }, t('classes-addTeacher')));
  addTeacher.addEventListener('submit', (e) => {
    e.preventDefault();
    attempt(async () => { await call('POST /api/classes/{id}/teachers', { params: { id: view.id }, body: { username: teacher.value.trim() } }); redraw(); });
  });
  const archive = h('button', { type: 'button', class: 'secondary' }, t(view.archived ? 'classes-unarchiveClass' : 'classes-archiveClass'));
  archive.addEventListener('click', () => attempt(async () => {
    await call('POST /api/classes/{id}/settings', { params: { id: view.id }, body: { archived: !view.archived } });
    redraw();
  }));
  return h('details', { class: 'card stack', 'data-test': 'class-settings' }, h('summary', {}, t('classes-settings')),
    naming, toggle('student_chat'), toggle('rated_games'),
    h('p', {}, t('classes-teachers'), ' ', h('span', { translate: 'no' }, view.teachers.join(', '))), addTeacher, archive);
}

/**
 * The teacher's view.
 * @param {HTMLElement} main @param {ClassView} view @param {() => void} redraw @param {Array<() => void>} closers
 */
function teacherView(main, view, redraw, closers) {
  const cardsBox = h('div');
  /** @param {Array<{ username: string, password: string }>} made */
  const showCards = (made) => {
    cardsBox.replaceChildren(loginCards(view.name, made));
    cardsBox.scrollIntoView({ block: 'nearest' });
    refreshStudents();
  };
  const students = h('ul', { class: 'plain stack students-list', 'data-test': 'students' });
  const refreshStudents = () => call('GET /api/classes/{id}', { params: { id: view.id } }).then((v) => {
    students.replaceChildren(...v.students.map((s) => studentRow(view.id, s, refreshStudents, showCards)));
    if (!v.students.length) students.append(h('li', { class: 'muted' }, t('classes-noStudents')));
  }).catch(() => {});
  const progress = h('div', { 'data-test': 'progress' }, t('home-loading'));
  const loadProgress = () => call('GET /api/classes/{id}/progress', { params: { id: view.id } })
    .then((p) => progress.replaceChildren(progressTable(p), givenList(view.id, p, loadProgress)))
    .catch((e) => progress.replaceChildren(errorText(e)));
  const news = chatPanel('news', view.id, { title: t('classes-news') });
  const room = chatPanel('students', view.id, { title: t('classes-room') });
  closers.push(news.close, room.close);
  main.append(
    h('p', { class: 'lead class-code' }, t('classes-code'), ' ', h('strong', { translate: 'no', 'data-test': 'class-code' }, view.code || '')),
    h('p', { class: 'muted' }, t('classes-codeHelp')),
    h('h2', {}, t('classes-students')), students, makeStudentsForm(view, showCards), cardsBox,
    h('h2', {}, t('classes-progress')), progress,
    h('p', { class: 'row' },
      h('button', { type: 'button', class: 'secondary', onclick: loadProgress, 'data-test': 'progress-refresh' }, t('classes-refresh')),
      h('a', { class: 'button secondary', href: `/api/classes/${view.id}/progress.csv`, download: '', 'data-test': 'progress-csv' }, t('classes-csv'))),
    h('h2', {}, t('classes-assignments')), assignmentForm(view, loadProgress),
    news.element, room.element, settingsForm(view, redraw));
  refreshStudents();
  loadProgress();
}

/**
 * The student's view.
 * @param {HTMLElement} main @param {ClassView} view @param {Array<() => void>} closers
 */
function studentView(main, view, closers) {
  const mine = h('ol', { class: 'plain stack', 'data-test': 'class-assignments' }, t('home-loading'));
  call('GET /api/me/assignments').then(({ assignments }) => {
    const here = assignments.filter((a) => a.class === view.id);
    mine.replaceChildren(...(here.length ? here.map((a) => assignmentCard(a, false)) : [h('li', { class: 'muted' }, t('classes-noAssignmentsYet'))]));
  }).catch((e) => mine.replaceChildren(errorText(e)));
  const news = chatPanel('news', view.id, { title: t('classes-news') });
  closers.push(news.close);
  main.append(h('h2', {}, t('classes-assignments')), mine, news.element);
  if (view.student_chat) {
    const room = chatPanel('students', view.id, { title: t('classes-room') });
    closers.push(room.close);
    main.append(room.element);
  }
  const leave = h('button', { type: 'button', class: 'secondary', 'data-test': 'class-leave' }, t('classes-leave'));
  leave.addEventListener('click', async () => {
    if (!(await confirmDialog(t('classes-confirm-leave', { name: view.name }), t('classes-leave')))) return;
    if (await attempt(() => call('POST /api/classes/{id}/leave', { params: { id: view.id } }))) navigate('/classes');
  });
  main.append(h('h2', {}, t('classes-students')),
    h('p', { translate: 'no' }, view.students.map((s) => s.username).join(', ') || '—'),
    h('p', { class: 'muted' }, t('classes-teachers'), ' ', h('span', { translate: 'no' }, view.teachers.join(', '))), leave);
}

/**
 * A class's page; gives back what stops its rooms' reads when the page is left.
 * @param {HTMLElement} main @param {string} id
 */
export function classPage(main, id) {
  /** @type {Array<() => void>} */
  const closers = [];
  const stop = () => { for (const c of closers.splice(0)) c(); };
  const draw = () => {
    stop();
    call('GET /api/classes/{id}', { params: { id } }).then((view) => {
      main.replaceChildren(
        h('p', {}, h('a', { href: '/classes', 'data-link': true, class: 'class-back' }, t('classes-back'))),
        h('h1', {}, view.name, view.archived ? ` (${t('classes-archived')})` : ''),
        view.description ? h('p', { class: 'lead' }, view.description) : '');
      if (view.role === 'teacher') teacherView(main, view, draw, closers);
      else studentView(main, view, closers);
    }).catch((e) => main.replaceChildren(h('h1', {}, t('classes-title')), h('p', { role: 'alert' }, errorText(e))));
  };
  main.append(h('p', { class: 'muted' }, t('home-loading')));
  draw();
  return stop;
}
