// Classes (`/classes`, issue #55): the signed-in account's classes, those it teaches and those
// it is in, with a class made (any account but a child's) and a class joined by its code.
import { call, errorText } from './api.js';
import { h, attempt, navigate } from './ui.js';
import { t } from './text.js';
import { whoAmI } from './players.js';

/** @import { ClassList } from './types/protocol' */

/** The form that makes a class. */
function makeForm() {
  const name = h('input', { name: 'name', required: true, maxlength: 60, autocomplete: 'off', 'data-test': 'class-name' });
  const description = h('textarea', { name: 'description', rows: 2, maxlength: 500, 'data-test': 'class-description' });
  const form = h('form', { class: 'card stack form', 'data-test': 'class-make' },
    h('h2', { class: 'minor' }, t('classes-makeClass')),
    h('p', { class: 'muted' }, t('classes-makeClassHelp')),
    h('label', { class: 'stack' }, h('span', {}, t('classes-field-name')), name),
    h('label', { class: 'stack' }, h('span', {}, t('classes-field-description')), description),
    h('button', { type: 'submit', 'data-test': 'class-make-submit' }, t('classes-makeClass')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    attempt(async () => {
      const made = await call('POST /api/classes', { body: { name: name.value, description: description.value || null } });
      navigate(`/classes/${made.id}`);
    });
  });
  return form;
}

/** The form that joins a class by its code. */
function joinForm() {
  const code = h('input', { name: 'code', required: true, maxlength: 16, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', 'data-test': 'class-code-input' });
  const form = h('form', { class: 'card stack form', 'data-test': 'class-join' },
    h('h2', { class: 'minor' }, t('classes-join')),
    h('label', { class: 'stack' }, h('span', {}, t('classes-joinCode')), code),
    h('button', { type: 'submit', 'data-test': 'class-join-submit' }, t('classes-join')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    attempt(async () => {
      const joined = await call('POST /api/classes/join', { body: { code: code.value } });
      navigate(`/classes/${joined.id}`);
    }, { not_found: 'classes-noSuchCode' });
  });
  return form;
}

/** The classes of a list, a card each. @param {ClassList} list */
function classCards(list) {
  if (!list.classes.length) return h('p', { class: 'muted' }, t('classes-none'));
  return h('ul', { class: 'plain grid', 'data-test': 'class-list' }, ...list.classes.map((c) =>
    h('li', { class: `card stack${c.archived ? ' muted' : ''}` },
      h('a', { href: `/classes/${c.id}`, 'data-link': true, class: 'class-link', 'data-test': 'class-link' }, c.name),
      h('span', { class: 'muted small' }, t(c.role === 'teacher' ? 'classes-youTeach' : 'classes-youLearn'), ' · ',
        t('classes-studentCount', { count: c.students }), c.archived ? ` · ${t('classes-archived')}` : ''))));
}

/** The classes page. @param {HTMLElement} main */
export function classesPage(main) {
  main.append(h('h1', {}, t('classes-title')), h('p', { class: 'lead' }, t('classes-lead')));
  const body = h('div', { class: 'stack' }, t('home-loading'));
  main.append(body);
  whoAmI().then(async (me) => {
    if (!me) {
      body.replaceChildren(h('p', {}, h('a', { class: 'button', href: '/account', 'data-link': true }, t('classes-signIn'))));
      return;
    }
    const list = await call('GET /api/classes');
    body.replaceChildren(classCards(list), h('div', { class: 'grid' }, list.class_account ? '' : makeForm(), joinForm()));
  }).catch((e) => body.replaceChildren(errorText(e)));
}
