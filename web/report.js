// A player's report of another to the moderators: a button that opens a dialog (why, and what
// happened in the player's words) and sends it (`POST /api/reports`). On a profile now; the
// chat's messages and the games will offer it too, naming the game or the message.
import { call } from './api.js';
import { h, toast, attempt } from './ui.js';
import { t, tParts } from './text.js';

/** @import { ReportReason } from './types/protocol' */

/** @type {ReportReason[]} */
const REASONS = ['cheating', 'abuse', 'spam', 'sandbagging', 'other'];
/** The reason chosen in the list (one of REASONS). @param {string} value @returns {ReportReason} */
const reasonOf = (value) => REASONS.find((r) => r === value) || 'other';

/** @param {string} name a player's name, in no language of the page's */
function nameOf(name) { return h('span', { translate: 'no' }, name); }

/**
 * A button that reports `name` (about a game or a chat message, if given).
 * @param {string} name
 * @param {{ game?: string, message?: number }} [about]
 */
export function reportButton(name, about = {}) {
  return h('button', { class: 'secondary small', 'data-test': 'report-player', onclick: () => openDialog(name, about) }, ...tParts('report-player', { name: nameOf(name) }));
}

/**
 * The report's dialog.
 * @param {string} name
 * @param {{ game?: string, message?: number }} about
 */
function openDialog(name, about) {
  const reason = h('select', { 'data-test': 'report-reason' }, ...REASONS.map((r) => h('option', { value: r }, t(`report-reason-${r}`))));
  const detail = h('textarea', { rows: 4, maxlength: 1000, 'data-test': 'report-detail', class: 'report-text' });
  const title = h('h2', { id: 'report-title' }, ...tParts('report-title', { name: nameOf(name) }));
  const d = h('dialog', { 'data-test': 'report-dialog', 'aria-labelledby': 'report-title' },
    h('div', { class: 'stack form' }, title,
      h('label', { class: 'stack' }, h('span', { class: 'muted' }, t('report-reason')), reason),
      h('label', { class: 'stack' }, h('span', { class: 'muted' }, t('report-detail')), detail),
      h('div', { class: 'row' },
        h('button', { 'data-test': 'report-send', onclick: () => { send(); } }, t('report-send')),
        h('button', { class: 'secondary', onclick: () => { d.close(); } }, t('dialog-cancel')))));
  const send = () => attempt(async () => {
    await call('POST /api/reports', { body: { player: name, reason: reasonOf(reason.value), detail: detail.value, ...about } });
    d.close();
    toast(t('report-sent'));
  }, { conflict: 'report-already' });
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
}
