// Small DOM helpers shared by the pages, and the one layout every game page uses.
import { t } from './text.js';

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false || c === '') continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

let toastTimer;
export function toast(message) {
  const el = document.getElementById('toast');
  el.textContent = message;
  el.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), 3200);
}

export function navigate(path) {
  history.pushState({}, '', path);
  window.dispatchEvent(new Event('tabula:navigate'));
}

/** Minutes and seconds with tenths (a solo run's time). */
export function fmtTime(ms) {
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}

/** A game clock: hours when there are, tenths under ten seconds. */
export function fmtClock(ms) {
  const total = Math.max(0, ms);
  if (total < 10_000) return (total / 1000).toFixed(1);
  const s = Math.floor(total / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export function stars(n) { return '★'.repeat(n); }

// Runs `f` on an action and shows the server's refusal, if any, as a toast.
export async function attempt(f) {
  try { return await f(); } catch (e) { toast(e.message); return null; }
}

export function shareBox(label, url = location.origin + location.pathname) {
  return h('div', { class: 'stack' },
    h('div', { class: 'muted' }, label),
    h('div', { class: 'row' },
      h('span', { class: 'share', 'data-share': url }, url),
      h('button', { class: 'secondary small', onclick: () => { navigator.clipboard?.writeText(url); toast(t('share.copied')); } }, t('share.copy'))));
}

/** Asks a yes/no question in a dialog; resolves true for yes. */
export function confirmDialog(question, yes, no = t('dialog.cancel')) {
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
 */
export function tableLayout({ title, status, top, board, bottom, actions, panel, aspect = 1, wide = false }) {
  const part = (cls, content, extra = {}) => (content ? h('div', { class: cls, ...extra }, content) : '');
  return h('div', { class: `table${wide ? ' wide' : ''}`, style: `--aspect:${aspect}` },
    part('t-title', title),
    part('t-status', status),
    h('div', { class: 't-column' }, part('t-top', top), part('t-board', board), part('t-bottom', bottom)),
    part('t-actions', actions, { 'data-test': 'actions' }),
    part('t-panel stack', panel));
}
