// Challenges: the dialog that challenges a player (from their profile, the friends list or a
// finished game: game, variant, clock, side, rated or casual), and the header's bell, on every
// page of a signed-in player: its socket (`/api/lobby/ws?bell=true`) rings when a challenge of
// the player's is made or answered, and the bell then asks for the list (and now and then
// besides, for expiries and a socket that cannot connect); it counts those waiting for an
// answer, lists them to accept, decline or cancel, and opens the game as soon as a challenge
// is accepted (on either side). The server's shapes are in docs/web.md, "Challenges".
import { call, rememberSeat } from './api.js';
import { h, toast, navigate, attempt } from './ui.js';
import { t, tParts, variantTitle } from './text.js';
import { gamePath } from './lobby.js';
import { myTurns, turnLine } from './turns.js';
import { CLOCK_CHOICES, clockChoiceLabel, clockOfChoice, choiceOfClock, describeClock } from './table.js';

/** @import { ChallengeList, ChallengeView, ChallengeBody, LobbyFrame, TurnList, MyAssignment } from './types/protocol' */

/** How often the bell asks without being rung (expiries; a socket that cannot connect). */
const POLL_MS = 30_000;
/** The wait before the bell's socket connects again, doubled up to the most. */
const RECONNECT_MS = [1000, 30_000];
const VARIANTS = ['quickchess', 'power-pawns', 'mean-queens', 'rescue-the-queen', 'chess'];

/** @param {string} name a player's name, in no language of the page's */
function who(name) { return h('span', { translate: 'no' }, name); }

/** @param {string} label @param {HTMLElement} control */
function field(label, control) { return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), control); }

/**
 * A challenge's game in words: `QuickChess · Mean Queens · 3+2 · rated`.
 * @param {ChallengeView} c
 */
function describe(c) {
  const o = c.game.options || {};
  const parts = [t(c.game.kind === 'royal-match' ? 'game-royal' : `game-${c.game.kind}`)];
  if (o.variant && o.variant !== 'quickchess') parts.push(variantTitle(o.variant));
  if (o.clock) parts.push(clockChoiceLabel(choiceOfClock(o.clock)) || describeClock(o.clock));
  parts.push(t(c.game.rated ? 'challenge-rated' : 'challenge-casual'));
  return parts.join(' · ');
}

/**
 * The dialog that challenges `name`, its choices set to `like`'s (a finished game's settings,
 * when challenged from its page).
 * @param {string} name
 * @param {{ kind: string, options?: { variant?: string | null, clock?: { initial_s: number, increment_s: number, days?: number } | null } | null }} [like]
 */
export function openChallenge(name, like) {
  const game = h('select', { 'data-test': 'challenge-game' }, h('option', { value: 'quickchess' }, t('game-quickchess')), h('option', { value: 'querni' }, t('game-querni')), h('option', { value: 'royal-match' }, t('game-royal')));
  const variant = h('select', { 'data-test': 'challenge-variant' }, ...VARIANTS.map((v) => h('option', { value: v }, v === 'chess' ? t('lobby-chess8x8') : variantTitle(v))));
  const clock = h('select', { 'data-test': 'challenge-clock' }, ...CLOCK_CHOICES.map((c) => h('option', { value: c, selected: c === '300+3' }, clockChoiceLabel(c))));
  const side = h('select', { 'data-test': 'challenge-side' }, h('option', { value: 'random' }, t('challenge-sideRandom')), h('option', { value: 'first' }, t('challenge-sideFirst')), h('option', { value: 'second' }, t('challenge-sideSecond')));
  const rated = h('input', { type: 'checkbox', 'data-test': 'challenge-rated' });
  const variantField = field(t('lobby-variant'), variant);
  const clockField = field(t('clock-pick'), clock);
  const sync = () => { variantField.hidden = game.value !== 'quickchess'; clockField.hidden = game.value === 'royal-match'; };
  if (like && ['quickchess', 'querni', 'royal-match'].includes(like.kind)) {
    game.value = like.kind;
    const o = like.options || {};
    if (o.variant && VARIANTS.includes(o.variant)) variant.value = o.variant;
    const c = choiceOfClock(o.clock);
    if (c) clock.value = c;
  }
  game.addEventListener('change', sync);
  sync();
  const title = h('h2', { id: 'challenge-title' }, ...tParts('challenge-title', { name: who(name) }));
  const d = h('dialog', { 'data-test': 'challenge-dialog', 'aria-labelledby': 'challenge-title' },
    h('div', { class: 'stack form' }, title,
      h('div', { class: 'row' }, field(t('lobby-game'), game), variantField, clockField, field(t('challenge-side'), side)),
      h('label', { class: 'row' }, rated, t('challenge-ratedLabel')),
      h('div', { class: 'row' },
        h('button', { 'data-test': 'challenge-send', onclick: () => send() }, t('challenge-send')),
        h('button', { class: 'secondary', onclick: () => { d.close(); } }, t('dialog-cancel')))));
  const send = () => attempt(async () => {
    const color = side.value === 'random' ? (Math.random() < 0.5 ? 'first' : 'second') : side.value;
    /** @type {ChallengeBody} */
    const body = {
      to: name,
      kind: game.value === 'querni' ? 'querni' : game.value === 'royal-match' ? 'royal-match' : 'quickchess',
      options: {
        ...(game.value === 'quickchess' ? { variant: variant.value } : {}),
        ...(clock.value && game.value !== 'royal-match' ? { clock: clockOfChoice(clock.value) } : {}),
        color: color === 'second' ? 'second' : 'first',
      },
      rated: rated.checked,
    };
    await call('POST /api/challenges', { body });
    d.close();
    toast(t('challenge-sent', { name }));
    refresh();
  }, { action: t('challenge-send') });
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
}

/** The bell, once started: its count (seen) and its words (read). @type {{ button: HTMLButtonElement, badge: HTMLElement, words: HTMLElement } | null} */
let bell = null;
/** @type {ChallengeList | null} */
let latest = null;
/** @type {TurnList | null} the correspondence games waiting for this player's move */
let turns = null;
/** @type {MyAssignment[]} the student's assignments not yet done */
let assignments = [];
/** The assignments the bell's list showed already (this browser's): the badge counts the others. */
const SEEN = 'tabula:assignments-seen';
/** @returns {Set<string>} */
function seenAssignments() {
  try { return new Set(JSON.parse(localStorage.getItem(SEEN) || '[]')); } catch { return new Set(); }
}
/** The open assignments, for the bell (none for an account in no class, or on a failure). */
async function openAssignments() {
  try { return (await call('GET /api/me/assignments')).assignments.filter((a) => !a.done); } catch { return []; }
}
/** Challenges this page announced or opened already. */
const told = new Set();
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/**
 * Opens the game an accepted challenge made, once.
 * @param {ChallengeView} c
 */
function openGame(c) {
  if (!c.seat || told.has(`open:${c.id}`) || sessionStorage.getItem(`tabula:challenge-opened:${c.id}`)) return;
  told.add(`open:${c.id}`);
  sessionStorage.setItem(`tabula:challenge-opened:${c.id}`, '1');
  rememberSeat(c.seat.id, c.seat.seat, c.seat.token);
  navigate(gamePath(c.game.kind, c.seat.id));
}

/** Asks for the challenges again and shows them. */
async function refresh() {
  clearTimeout(timer);
  try {
    const [list, mine, given] = await Promise.all([call('GET /api/challenges'), myTurns(), openAssignments()]);
    latest = list;
    turns = mine;
    assignments = given;
    const seen = seenAssignments();
    const fresh = given.filter((a) => !seen.has(a.id)).length;
    const waiting = list.incoming.filter((c) => c.status === 'open');
    for (const c of waiting) {
      if (!told.has(c.id)) { told.add(c.id); toast(t('challenge-incoming', { name: c.from })); }
    }
    for (const c of list.outgoing) if (c.status === 'accepted') openGame(c);
    if (bell) {
      const count = waiting.length + (turns?.games.length ?? 0) + fresh;
      bell.badge.textContent = count ? String(count) : '';
      // the button's name is its content: the count seen, then the words read
      bell.words.textContent = [t('challenge-bell', { count: waiting.length }), turns?.games.length ? t('turns-count', { count: turns.games.length }) : '',
        fresh ? t('classes-bell', { count: fresh }) : ''].filter(Boolean).join('. ');
      bell.button.classList.toggle('ringing', count > 0);
    }
  } catch { /* signed out, or offline: the next ask tries again */ }
  if (bell && document.visibilityState !== 'hidden') timer = setTimeout(refresh, POLL_MS);
}

/**
 * A line of the bell's list.
 * @param {ChallengeView} c @param {boolean} incoming @param {HTMLDialogElement} d
 */
function line(c, incoming, d) {
  const act = (/** @type {'accept' | 'decline' | 'cancel'} */ what) => attempt(async () => {
    const r = await call(`POST /api/challenges/{id}/${what}`, { params: { id: c.id } });
    d.close();
    if (what === 'accept' && r.seat) openGame(r); else await refresh();
  });
  const words = incoming ? tParts('challenge-from', { name: who(c.from) }) : tParts('challenge-to', { name: who(c.to) });
  const tools = c.status !== 'open' ? [h('span', { class: 'tag' }, t(`challenge-status-${c.status}`)),
    c.status === 'accepted' && c.seat ? h('a', { class: 'button small', href: gamePath(c.game.kind, c.seat.id), 'data-link': true, onclick: () => d.close() }, t('challenge-play')) : '']
    : incoming ? [h('button', { class: 'small', 'data-test': 'challenge-accept', onclick: () => act('accept') }, t('challenge-accept')),
      h('button', { class: 'secondary small', 'data-test': 'challenge-decline', onclick: () => act('decline') }, t('challenge-decline'))]
      : [h('button', { class: 'secondary small', 'data-test': 'challenge-cancel', onclick: () => act('cancel') }, t('challenge-cancel'))];
  return h('li', { class: 'stack', style: 'gap:4px', 'data-test': incoming ? 'challenge-in' : 'challenge-out' },
    h('span', {}, ...words), h('span', { class: 'muted' }, describe(c)), h('span', { class: 'row' }, ...tools));
}

/** The bell's list, in a dialog. */
function openList() {
  const list = latest || { incoming: [], outgoing: [], now: Date.now() };
  const d = /** @type {HTMLDialogElement} */ (h('dialog', { 'data-test': 'bell-list', 'aria-labelledby': 'bell-title' }));
  const mine = turns?.games ?? [];
  // the assignments shown are seen: the badge stops counting them
  localStorage.setItem(SEEN, JSON.stringify(assignments.map((a) => a.id)));
  d.append(h('div', { class: 'stack' },
    assignments.length ? [h('h2', {}, t('classes-yourAssignments')), h('ul', { class: 'plain stack', 'data-test': 'bell-assignments' },
      ...assignments.map((a) => h('li', {}, h('a', { href: `/classes/${a.class}`, 'data-link': true, onclick: () => d.close() }, a.title), ' ',
        h('span', { class: 'muted' }, a.class_name))))] : '',
    mine.length ? [h('h2', {}, t('turns-title')), h('ul', { class: 'plain stack', 'data-test': 'bell-turns' }, ...mine.map((g) => turnLine(g, turns?.now ?? Date.now(), () => d.close())))] : '',
    h('h2', { id: 'bell-title' }, t('challenge-title-list')),
    list.incoming.length || list.outgoing.length
      ? h('ul', { class: 'plain stack' }, ...list.incoming.map((c) => line(c, true, d)), ...list.outgoing.map((c) => line(c, false, d)))
      : h('p', { class: 'muted' }, t('challenge-none')),
    h('p', {}, h('button', { class: 'secondary', onclick: () => d.close() }, t('challenge-close')))));
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
}

/**
 * The bell's socket: every `ring` asks for the list; a restart's frame says when to come
 * back, any other close is retried later and later.
 * @param {number} wait the wait before the next try
 */
function listen(wait = RECONNECT_MS[0]) {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/api/lobby/ws?bell=true`);
  let again = Math.min(wait * 2, RECONNECT_MS[1]);
  ws.onmessage = (e) => {
    /** @type {LobbyFrame} */
    const m = JSON.parse(e.data);
    if (m.t === 'ring') { again = RECONNECT_MS[0]; refresh(); }
    if (m.t === 'restart') again = m.d.retry_ms;
  };
  ws.onclose = () => setTimeout(() => listen(again), again);
}

/** Puts the bell in the header and starts listening (once; a signed-in page calls it). */
export function startBell() {
  if (bell) return;
  const box = document.querySelector('header.top .prefs');
  if (!box) return;
  const badge = h('span', { class: 'badge' });
  const words = h('span', { class: 'visually-hidden' }, t('challenge-bell', { count: 0 }));
  const button = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'bell', 'data-test': 'bell', title: t('challenge-title-list'), onclick: () => refresh().then(openList) }));
  button.innerHTML = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15zM10 21h4" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>';
  button.append(badge, words);
  bell = { button, badge, words };
  box.prepend(button);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') refresh(); });
  // the socket's first ring asks at once
  listen();
}
