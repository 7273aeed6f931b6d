// The chat panel of a game (its players' room, or its spectators') and of a tournament: the
// messages, read again every few seconds while the panel is open, each shown as text (never
// as HTML) with Mute (this browser stops showing that player) and Report (to the moderators);
// a line to write in for signed-in players, and the reason when one cannot. A player may keep
// the chat closed in rated games ("Hide in rated games", remembered by this browser).
import { call } from './api.js';
import { h, attempt } from './ui.js';
import { t, tParts, dateTime } from './text.js';
import { reportButton } from './report.js';

/** @import { ChatLine } from './types/protocol' */

/** How often an open panel reads its room. */
const POLL_MS = 3000;
const MUTED = 'tabula:chat-muted';
const RATED_OFF = 'tabula:chat-rated-off';

/** The players this browser mutes, by name. @returns {Set<string>} */
function muted() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED) || '[]')); } catch { return new Set(); }
}

/** @param {Set<string>} names */
function saveMuted(names) { localStorage.setItem(MUTED, JSON.stringify([...names])); }

/** The routes of each kind of room. */
const ROUTES = {
  games: ['GET /api/games/{id}/chat', 'POST /api/games/{id}/chat'],
  tournaments: ['GET /api/tournaments/{id}/chat', 'POST /api/tournaments/{id}/chat'],
  news: ['GET /api/classes/{id}/rooms/{room}', 'POST /api/classes/{id}/rooms/{room}'],
  students: ['GET /api/classes/{id}/rooms/{room}', 'POST /api/classes/{id}/rooms/{room}'],
};

/**
 * A chat panel.
 * @param {'games' | 'tournaments' | 'news' | 'students'} kind a game's or a tournament's room, or
 *   a class's news or students' room (`id` is the class's)
 * @param {string} id
 * @param {{ rated?: boolean, game?: string, title?: string }} [about] a rated game's panel starts
 *   closed for a player who hides the chat in rated games; `game` is named in a report;
 *   `title` heads the panel (else "Chat")
 * @returns {{ element: HTMLElement, close: () => void }}
 */
export function chatPanel(kind, id, about = {}) {
  const params = { id, room: kind };
  const [readRoute, writeRoute] = /** @type {['GET /api/games/{id}/chat', 'POST /api/games/{id}/chat']} */ (ROUTES[kind]);
  const hideRated = localStorage.getItem(RATED_OFF) === '1';
  const list = h('ol', { class: 'chat-lines plain', 'data-test': 'chat-lines' });
  const note = h('p', { class: 'muted small', 'data-test': 'chat-note' });
  const input = h('input', { maxlength: 300, 'aria-label': t('chat-write'), placeholder: t('chat-write'), 'data-test': 'chat-input', autocomplete: 'off' });
  const send = h('button', { type: 'submit', 'data-test': 'chat-send' }, t('chat-send'));
  const form = h('form', { class: 'row chat-form' }, input, send);
  const ratedBox = h('input', { type: 'checkbox', 'data-test': 'chat-rated-off', checked: hideRated });
  ratedBox.addEventListener('change', () => localStorage.setItem(RATED_OFF, ratedBox.checked ? '1' : '0'));
  const details = h('details', { class: 'card chat', 'data-test': 'chat', open: !(about.rated && hideRated) },
    h('summary', {}, h('h2', { class: 'minor', style: 'display:inline' }, about.title || t('chat-title'))),
    h('div', { role: 'log', 'aria-live': 'polite', 'aria-label': about.title || t('chat-title') }, list), note, form,
    // the choice is about games: a tournament's room has none
    kind === 'games' ? h('label', { class: 'row small muted' }, ratedBox, t('chat-hideRated')) : '');
  /** @type {ChatLine[]} */
  let lines = [];
  let last = 0;
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  /** @type {Set<number>} the lines whose Mute and Report tools are open: a redraw keeps them open */
  const openTools = new Set();
  const draw = () => {
    const mutedNow = muted();
    const shown = lines.filter((l) => !mutedNow.has(l.name));
    // the control with the focus (a screen reader's place) is found again in the new list
    const focused = document.activeElement instanceof HTMLElement && list.contains(document.activeElement)
      ? { id: document.activeElement.closest('li')?.dataset.id, test: document.activeElement.dataset.test }
      : undefined;
    list.replaceChildren(...shown.map((l) => {
      // the writer's name opens the message's tools: Mute and Report
      const tools = h('span', { class: 'chat-tools', hidden: !openTools.has(l.id) },
        h('button', { class: 'secondary small', 'data-test': 'chat-mute', onclick: () => { const m = muted(); m.add(l.name); saveMuted(m); for (const x of lines) if (x.name === l.name) openTools.delete(x.id); draw(); } },
          ...tParts('chat-mute', { name: h('span', { translate: 'no' }, l.name) })),
        reportButton(l.name, { message: l.id, ...(about.game ? { game: about.game } : {}) }));
      const who = h('button', { class: 'link chat-name', 'aria-expanded': String(openTools.has(l.id)), 'data-test': 'chat-name', translate: 'no', title: t('chat-tools') }, l.name);
      who.addEventListener('click', () => {
        tools.hidden = !tools.hidden;
        if (tools.hidden) openTools.delete(l.id); else openTools.add(l.id);
        who.setAttribute('aria-expanded', String(!tools.hidden));
      });
      return h('li', { class: 'chat-line', 'data-id': l.id }, who, ' ', h('span', { class: 'chat-text' }, l.body), tools);
    }));
    if (!shown.length) list.append(h('li', { class: 'muted' }, t('chat-empty')));
    if (focused?.id && focused.test) {
      /** @type {HTMLElement | null} */ (list.querySelector(`li[data-id="${CSS.escape(focused.id)}"] [data-test="${CSS.escape(focused.test)}"]`))?.focus();
    }
    return unmuteButton();
  };
  /** Show again: offered while some lines are hidden by a mute. */
  const unmuteButton = () => {
    const mutedNow = muted();
    const hidden = lines.filter((l) => mutedNow.has(l.name)).length;
    return hidden ? h('button', { class: 'secondary small', 'data-test': 'chat-unmute', onclick: () => { saveMuted(new Set()); draw(); } }, t('chat-unmuteAll')) : '';
  };
  let drawn = false;

  /** @type {Promise<void>} the read under way: reads run one after another */
  let reading = Promise.resolve();
  // Each line is kept once, by its number, in the order the server numbered them (the order
  // sent, on every node): a poll and a send's read that cross, or the panel opening as it is
  // made, can never show a line twice.
  /** @param {ChatLine[]} messages */
  const merge = (messages) => {
    const known = new Set(lines.map((l) => l.id));
    const fresh = messages.filter((m) => !known.has(m.id));
    if (!fresh.length) return false;
    lines = [...lines, ...fresh].sort((a, b) => a.id - b.id).slice(-100);
    last = Math.max(last, lines[lines.length - 1].id);
    return true;
  };
  const read = () => {
    reading = reading.catch(() => {}).then(() => readOnce());
    return reading;
  };
  const readOnce = async () => {
    const v = await call(readRoute, { params, query: { after: last } });
    if (stopped) return;
    const added = merge(v.messages);
    form.hidden = Boolean(v.cannot_write);
    // nothing new: the list stays as it is (a redraw every poll would close an open menu)
    const unmute = added || !drawn ? draw() : unmuteButton();
    drawn = true;
    // a guest is asked to sign in; a muted player is told until when (a date in the reader's
    // language) and the moderator's words, as text
    const c = v.cannot_write;
    const why = !c ? '' : c.why === 'sign_in'
      ? h('a', { class: 'button secondary', href: '/account', 'data-link': true }, t('chat-signIn'))
      : c.why === 'class_account'
      ? h('span', { 'data-test': 'chat-class-account' }, t('chat-classAccount'))
      : h('span', { 'data-test': 'chat-muted' }, c.until === null ? t('chat-mutedForNow') : t('chat-mutedUntil', { date: dateTime(c.until) }),
        ' ', h('span', { translate: 'no' }, c.reason));
    note.replaceChildren(why, unmute);
  };
  /** whether a poll's read is under way (one loop of polls at a time) */
  let polling = false;
  const poll = () => {
    clearTimeout(timer);
    if (stopped || !details.open || polling) return;
    polling = true;
    read().catch(() => { /* the next read tries again */ })
      .finally(() => { polling = false; if (!stopped) timer = setTimeout(poll, POLL_MS); });
  };
  // (opening fires `toggle`, also as the panel is made open: the reads queue, never cross)
  details.addEventListener('toggle', () => { if (details.open) poll(); });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    attempt(async () => {
      await call(writeRoute, { params, body: { text } });
      input.value = '';
      await read();
    }, { action: t('chat-send') });
  });
  poll();
  return { element: details, close: () => { stopped = true; clearTimeout(timer); } };
}
