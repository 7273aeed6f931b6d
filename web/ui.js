// Small DOM helpers shared by the pages, and the one layout every game page uses.
import { t } from './text.js';
import { errorText } from './api.js';

/**
 * An attribute's value: `true` sets it empty, `false`, null and undefined leave it out.
 * @typedef {string | number | boolean | null | undefined} AttrValue
 */
/**
 * The `on...` attributes `h` adds as listeners, each given its own kind of event, whose
 * `currentTarget` is the element made (so `e.currentTarget.value` of an input needs no cast).
 * @template {HTMLElement} E
 * @typedef {{ [K in keyof HTMLElementEventMap as `on${K}`]?: (event: HTMLElementEventMap[K] & { currentTarget: E }) => unknown }} Handlers
 */
/**
 * The attributes of an element `h` makes: any attribute by name (`class`, `data-test`,
 * `aria-label`, ...), and listeners. A listener of an event not in the DOM's list takes an
 * event the checker knows nothing of (`never`): give its parameter a type.
 * @template {HTMLElement} E
 * @typedef {Handlers<E> & { [name: string]: AttrValue | ((event: never) => unknown) }} Attrs
 */
/**
 * What `h` takes as a child: a node, or text (a number is written out); null, undefined,
 * false and '' are left out, so `cond && h(...)` may stand in a list of children.
 * @typedef {Node | string | number | false | null | undefined} Child
 */
/**
 * A child or an array of them (flattened one level, as `h` does).
 * @typedef {Child | Child[]} Children
 */

/**
 * An HTML element `tag` with `attrs` and `children`; its type follows the tag (`h('input')` is
 * an HTMLInputElement), so callers reach `.value` or `.checked` without a cast.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs<HTMLElementTagNameMap[K]> | null} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    else if (k === 'class') e.className = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false || c === '') continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/**
 * Shows `message` for a few seconds in the page's toast (index.html's `#toast`).
 * @param {string} message
 */
export function toast(message) {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = message;
  el.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), 3200);
}

/**
 * Goes to `path` inside the app, as a link with `data-link` does (app.js routes it).
 * @param {string} path
 */
export function navigate(path) {
  history.pushState({}, '', path);
  window.dispatchEvent(new Event('tabula:navigate'));
}

/**
 * Minutes and seconds with tenths (a solo run's time).
 * @param {number} ms
 */
export function fmtTime(ms) {
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}

/**
 * A game clock: hours when there are, tenths under ten seconds.
 * @param {number} ms
 */
export function fmtClock(ms) {
  const total = Math.max(0, ms);
  if (total < 10_000) return (total / 1000).toFixed(1);
  const s = Math.floor(total / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** @param {number} n */
export function stars(n) { return '★'.repeat(n); }

/**
 * Runs `f` on an action and shows the server's refusal, if any, as a toast (in the words
 * `context` gives its kind, see errorText); resolves to what `f` gave, or null if it failed.
 * @template T
 * @param {() => T} f
 * @param {Record<string, string>} [context] catalogue keys by error code (`{ conflict: 'account-nameTaken' }`)
 * @returns {Promise<Awaited<T> | null>}
 */
export async function attempt(f, context = {}) {
  try { return await f(); } catch (e) { toast(errorText(e, context)); return null; }
}

/**
 * A link to share (the page's own by default) with a button that copies it.
 * @param {string} label
 * @param {string} [url]
 */
export function shareBox(label, url = location.origin + location.pathname) {
  return h('div', { class: 'stack' },
    h('div', { class: 'muted' }, label),
    h('div', { class: 'row' },
      h('span', { class: 'share', 'data-share': url }, url),
      h('button', { class: 'secondary small', onclick: () => { navigator.clipboard?.writeText(url); toast(t('share-copied')); } }, t('share-copy'))));
}

/**
 * Asks a yes/no question in a dialog; resolves true for yes.
 * @param {string} question
 * @param {string} yes the yes button's words
 * @param {string} [no] the no button's words
 * @returns {Promise<boolean>}
 */
export function confirmDialog(question, yes, no = t('dialog-cancel')) {
  return new Promise((resolve) => {
    const d = h('dialog', { 'data-test': 'confirm' },
      h('p', {}, question),
      h('div', { class: 'row' },
        h('button', { 'data-test': 'confirm-yes', onclick: () => { d.close(); resolve(true); } }, yes),
        h('button', { class: 'secondary', 'data-test': 'confirm-no', onclick: () => { d.close(); resolve(false); } }, no)));
    d.addEventListener('close', () => { d.remove(); resolve(false); });
    document.body.append(d);
    d.showModal();
  });
}

/**
 * The table every game page is laid out on: `title`, `status`, the board with the bars above
 * (`top`) and below (`bottom`) it, `actions` and a `panel`. On a phone they stack in that
 * order, the actions right under the board; on a wider screen the status, actions and panel
 * stand beside the board. `aspect` is the board's width over its height; `wide` for boards
 * wider than tall.
 * @param {object} layout
 * @param {Children} [layout.title]
 * @param {Children} [layout.status]
 * @param {Children} [layout.top]
 * @param {Children} [layout.board]
 * @param {Children} [layout.bottom]
 * @param {Children} [layout.actions]
 * @param {Children} [layout.panel]
 * @param {number} [layout.aspect]
 * @param {boolean} [layout.wide]
 */
export function tableLayout({ title, status, top, board, bottom, actions, panel, aspect = 1, wide = false }) {
  /** @param {string} cls @param {Children} content @param {Attrs<HTMLDivElement>} [extra] */
  const part = (cls, content, extra = {}) => (content ? h('div', { class: cls, ...extra }, content) : '');
  return h('div', { class: `table${wide ? ' wide' : ''}`, style: `--aspect:${aspect}` },
    part('t-title', title),
    part('t-status', status),
    h('div', { class: 't-column' }, part('t-top', top), part('t-board', board), part('t-bottom', bottom)),
    part('t-actions', actions, { 'data-test': 'actions' }),
    part('t-panel stack', panel));
}

/**
 * A link to a game's rules page (for the game's own page and the home page; here rather than in
 * rules.js, so that a game's page does not load every game's rules to link to its own).
 * @param {string} game
 */
export function rulesLink(game) {
  return h('a', { href: `/rules/${game}`, 'data-link': true, 'data-test': 'rules-link' }, t('rules-link'));
}

/**
 * @typedef {{ kind: string, options?: { variant?: string | null, clock?: { initial_s: number, increment_s: number, days?: number } | null } | null }} ChallengeLike
 * a finished game's settings, to challenge its opponent to the same again
 */

/**
 * Asks for the dialog that challenges `name` (app.js opens it, loading challenges.js when first
 * asked): a page that offers a challenge does not import the dialog, which itself builds on
 * the lobby and the players' pages, so no import goes back up.
 * @param {string} name
 * @param {ChallengeLike} [like]
 */
export function requestChallenge(name, like) {
  window.dispatchEvent(new CustomEvent('tabula:challenge', { detail: { name, like } }));
}

/** Says a player is signed in on this page: app.js starts the bell (challenges.js). */
export function announceSignedIn() {
  window.dispatchEvent(new Event('tabula:signed-in'));
}
