// What the duel tables (QuickChess, Querni) share: the player bars with their clocks, the move
// list stepped by clicks and the arrow keys, the time-control picker, and what comes after a
// game (the result, a rematch both must accept, a new game with the same settings).
import { call, createGame, createLike, followRematch, pathOf, nickname, rememberNickname, rememberSeat } from './api.js';
import { h, fmtClock, attempt, navigate, requestChallenge } from './ui.js';
import { t, tParts } from './text.js';
import { play } from './sound.js';
/** @import { ChessClock, QuerniClock, TableView, ClosedTable, SeatInfo, RatingShown, TableRequest } from './types/protocol' */

/** A duel's clocks: QuickChess's (white, black) or Querni's (blue, red). @typedef {ChessClock | QuerniClock} GameClock */

// --- time controls -------------------------------------------------------------------------

/** The common clocks offered in one tap, [minutes, seconds added a move], as lichess offers them. */
export const TIME_CONTROLS = [[1, 0], [3, 2], [5, 3], [10, 0], [15, 10]];
/** The days a correspondence game's move may take (the server's CORRESPONDENCE_DAYS). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 7, 14];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The clocks of the short forms (the lobby's seek, a challenge): none, five common ones,
 * and correspondence's days, as `<select>` values. */
export const CLOCK_CHOICES = ['', '60+0', '180+2', '300+3', '600+0', '900+10', ...CORRESPONDENCE_DAYS.map((d) => `${d}d`)];

/**
 * A clock choice's words: `3+2`, `3 days a move`, `No clock`.
 * @param {string} value one of CLOCK_CHOICES
 */
export function clockChoiceLabel(value) {
  if (!value) return t('clock-none');
  if (value.endsWith('d')) return t('clock-days', { days: Number(value.slice(0, -1)) });
  const [i, inc] = value.split('+');
  return `${Number(i) / 60}+${inc}`;
}

/**
 * A clock choice as the server takes it (undefined: none).
 * @param {string} value one of CLOCK_CHOICES
 * @returns {{ initial_s: number, increment_s: number, days?: number } | undefined}
 */
export function clockOfChoice(value) {
  if (!value) return undefined;
  if (value.endsWith('d')) return { initial_s: 0, increment_s: 0, days: Number(value.slice(0, -1)) };
  const [i, inc] = value.split('+').map(Number);
  return { initial_s: i, increment_s: inc };
}

/**
 * The choice of a clock the server gave (`''` for none or one not among the choices).
 * @param {{ initial_s: number, increment_s: number, days?: number } | null | undefined} clock
 */
export function choiceOfClock(clock) {
  if (!clock) return '';
  const v = clock.days ? `${clock.days}d` : `${clock.initial_s}+${clock.increment_s}`;
  return CLOCK_CHOICES.includes(v) ? v : '';
}

/**
 * Time left as shown: a clock (`4:05`) under a day, days and hours beyond.
 * @param {number} ms
 */
export function fmtLeft(ms) {
  if (ms < DAY_MS) return fmtClock(ms);
  return t('clock-daysLeft', { days: Math.floor(ms / DAY_MS), hours: Math.floor((ms % DAY_MS) / 3_600_000) });
}

/**
 * A clock's speed class as the rating pools count it (docs/web.md): the estimated length of a
 * game, initial + 40 x increment seconds, under 30 s ultrabullet, under 180 s bullet, under
 * 480 s blitz, under 1,500 s rapid, else classical; no clock is untimed.
 * @param {{ initial_s: number, increment_s?: number, days?: number } | null | undefined} clock
 */
export function clockSpeed(clock) {
  if (!clock) return 'untimed';
  if (clock.days) return 'correspondence';
  const s = clock.initial_s + 40 * (clock.increment_s || 0);
  return s < 30 ? 'ultrabullet' : s < 180 ? 'bullet' : s < 480 ? 'blitz' : s < 1500 ? 'rapid' : 'classical';
}

/** Each picker's radios need a group name of their own (a page may show more than one). */
let pickers = 0;

/**
 * The time control of a setup form: one tap on "No clock", a common clock (1+0 ... 15+10,
 * each with its speed) or "Custom", a group of radio buttons drawn as buttons; only "Custom"
 * shows the minutes and the seconds added a move, the fields that apply to it alone.
 */
export function timeControlPicker() {
  const group = `clock-${++pickers}`;
  /** @type {[value: string, label: string, speed: string][]} */
  const choices = [['none', t('clock-none'), ''],
    ...TIME_CONTROLS.map(([m, i]) => /** @type {[string, string, string]} */ ([`${m}+${i}`, `${m}+${i}`, t('clock-speed', { speed: clockSpeed({ initial_s: m * 60, increment_s: i }) })])),
    ['custom', t('clock-custom'), ''], ['days', t('clock-correspondence'), '']];
  const radios = choices.map(([value]) => h('input', { type: 'radio', name: group, value, checked: value === 'none' }));
  const minutes = h('input', { type: 'number', min: '0.05', max: '180', step: 'any', value: '5', inputmode: 'decimal', 'data-test': 'custom-minutes' });
  const increment = h('input', { type: 'number', min: '0', max: '600', step: '1', value: '3', inputmode: 'numeric', 'data-test': 'custom-increment' });
  const custom = h('div', { class: 'clock-custom', hidden: true, 'data-test': 'custom-clock' },
    h('label', {}, t('clock-minutes'), minutes), h('label', {}, t('clock-increment'), increment));
  const days = /** @type {HTMLSelectElement} */ (h('select', { 'data-test': 'clock-days-pick' }, ...CORRESPONDENCE_DAYS.map((d) => h('option', { value: d, selected: d === 3 }, t('clock-days', { days: d })))));
  const daysBox = h('div', { class: 'clock-custom', hidden: true, 'data-test': 'days-clock' }, h('label', {}, t('clock-correspondence'), days));
  const chosen = () => radios.find((r) => r.checked)?.value || 'none';
  const el = h('fieldset', { class: 'clock-picker', 'data-test': 'time-control' },
    h('legend', {}, t('clock-pick')),
    h('div', { class: 'clock-choices' }, ...choices.map(([value, label, speed], i) => h('label', { class: 'clock-choice', 'data-test': `clock-${value}` },
      radios[i], h('span', { class: 'clock-main' }, label), speed ? h('span', { class: 'clock-sub' }, speed) : ''))),
    custom, daysBox);
  el.addEventListener('change', () => { custom.hidden = chosen() !== 'custom'; daysBox.hidden = chosen() !== 'days'; });
  const value = () => {
    const v = chosen();
    if (v === 'none') return null;
    if (v === 'days') return { initial_s: 0, increment_s: 0, days: Number(days.value) };
    if (v === 'custom') {
      return { initial_s: Math.max(1, Math.round(Number(minutes.value) * 60)), increment_s: Math.max(0, Math.round(Number(increment.value) || 0)) };
    }
    const [m, i] = v.split('+').map(Number);
    return { initial_s: m * 60, increment_s: i };
  };
  return { el, value };
}

/**
 * "5+3", or words for a time control given as the options give it.
 * @param {{ initial_s: number, increment_s?: number, days?: number } | null | undefined} clock
 */
export function describeClock(clock) {
  if (!clock) return t('clock-untimed');
  if (clock.days) return t('clock-days', { days: clock.days });
  const m = clock.initial_s / 60;
  return t('clock-control', { minutes: Number.isInteger(m) ? m : m.toFixed(2), increment: clock.increment_s || 0 });
}

// --- clocks ----------------------------------------------------------------------------------

/** When a clock is low: under a tenth of the initial time, between 5 and 30 seconds. @param {GameClock} clock */
function lowAt(clock) { return Math.min(30_000, Math.max(5_000, (clock.initial_ms || 0) / 10)); }

/**
 * The time left of `side` now, from a view's clock and the server's time.
 * @param {GameClock} clock as it stood at the view's `now`
 * @param {string} side `white`, `black`, `blue` or `red`: the clock's `${side}_ms`
 * @param {number} now the view's `now`
 * @param {number} serverNow the server's time now
 */
export function leftNow(clock, side, now, serverNow) {
  const left = /** @type {Record<string, number>} */ (/** @type {unknown} */ (clock))[`${side}_ms`];
  return clock.running === side ? Math.max(0, left - (serverNow - now)) : left;
}

/** A side's clock in its bar. @param {GameClock} clock @param {string} side @param {number} now @param {number} serverNow */
function clockFace(clock, side, now, serverNow) {
  const left = leftNow(clock, side, now, serverNow);
  const cls = `game-clock${clock.running === side ? ' running' : ''}${left < lowAt(clock) ? ' low' : ''}`;
  return h('span', { class: cls, 'data-clock': side, 'aria-label': t('clock-left', { side, time: fmtLeft(left) }) }, fmtLeft(left));
}

/**
 * Keeps the clocks on the page running between updates and warns (once) when the player's
 * own clock gets low. `get()` returns the view, the server's time now and the player's side.
 * @param {ParentNode} root where the clocks are drawn (`data-clock`: their side)
 * @param {() => { view: { clock?: GameClock | null, now: number } | null, serverNow: number, mine: string | null | undefined }} get
 * @returns {() => void} stops them
 */
export function runClocks(root, get) {
  let warned = false;
  const timer = setInterval(() => {
    const { view, serverNow, mine } = get();
    const clock = view && view.clock;
    if (!view || !clock || !clock.running) return;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-clock]'))) {
      const side = el.dataset.clock ?? '';
      const left = leftNow(clock, side, view.now, serverNow);
      el.textContent = fmtLeft(left);
      const low = left < lowAt(clock);
      el.classList.toggle('low', low);
      if (low && side === mine && clock.running === mine && !warned) { warned = true; play('lowtime'); }
    }
  }, 100);
  return () => clearInterval(timer);
}

// --- player bars -------------------------------------------------------------------------------

/**
 * A player's bar: a colour dot, the name (and "you"), the pieces captured with the balance,
 * and the clock. `side` names the colour (white, black, blue, red).
 * @param {{ seats?: SeatInfo[], clock: GameClock | null, now: number }} view
 * @param {object} bar
 * @param {string} bar.side
 * @param {string} bar.name
 * @param {boolean} bar.you whether it is this screen's player
 * @param {boolean} bar.toMove
 * @param {Node | null} [bar.tray] what it shows beside the name (captured pieces, pieces left)
 * @param {string | null} [bar.dot] the colour of its dot
 * @param {number} bar.serverNow
 * @param {number | null} [bar.seat] its seat (for the registered mark)
 */
export function playerBar(view, { side, name, you, toMove, tray = null, dot = null, serverNow, seat = null }) {
  const s = (view.seats || []).find((x) => x.seat === seat);
  return h('div', { class: `player-bar${toMove ? ' to-move' : ''}`, 'data-test': `bar-${side}` },
    dot ? h('span', { class: 'dot', style: `background:${dot}` }) : '',
    h('span', { class: 'who' }, name, s ? registeredMark(s) : ''),
    you ? h('span', { class: 'tag you' }, t('table-you')) : '',
    h('span', { class: 'tray' }, tray || ''),
    view.clock ? clockFace(view.clock, side, view.now, serverNow) : '');
}

// --- the move list -------------------------------------------------------------------------------

/**
 * The moves as buttons: `entries` [{label, num}] (num: the move number shown before it, if
 * any), `current` the step shown (1-based; 0 the start), `onPick(step)`.
 * @param {{ label: string, num?: string | null }[]} entries
 * @param {number} current
 * @param {(step: number) => void} onPick
 */
export function moveList(entries, current, onPick) {
  // a list of its moves (each an item: the number, if any, and the move's button); none yet,
  // only the words that say so (a list without items is no list)
  const list = h('div', { class: 'movelist', 'data-test': 'moves', role: entries.length ? 'list' : null, 'aria-label': entries.length ? t('table-moves') : null });
  if (!entries.length) list.append(h('span', { class: 'empty' }, t('table-noMoves')));
  entries.forEach((e, i) => {
    list.append(h('span', { class: 'entry', role: 'listitem' }, e.num ? h('span', { class: 'num' }, e.num) : '', h('button', {
      class: i + 1 === current ? 'current' : '', 'data-step': i + 1,
      'aria-current': i + 1 === current ? 'step' : null, onclick: () => onPick(i + 1),
    }, e.label)));
  });
  queueMicrotask(() => list.querySelector('.current')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  return list;
}

/**
 * Stepping through a game while it goes on: `step` is null while showing the game as it
 * stands, else the number of moves shown. The arrow keys (left, right, Home, End) step
 * unless typing or on the board.
 */
export class Stepper {
  /** @param {() => number} total the moves there are @param {() => void} redraw */
  constructor(total, redraw) {
    /** @type {number | null} */
    this.step = null;
    this.total = total;
    this.redraw = redraw;
    /** @param {KeyboardEvent} e */
    this.onKey = (e) => {
      const target = /** @type {Element | null} */ (e.target);
      if (e.defaultPrevented || target?.closest?.('input, select, textarea, svg.board, dialog')) return;
      const n = this.total();
      const at = this.step ?? n;
      /** @type {Record<string, number>} */
      const steps = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: n };
      const to = steps[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.go(to);
    };
    document.addEventListener('keydown', this.onKey);
  }

  /** Shows step `to` (the game as it stands at the last). @param {number} to */
  go(to) {
    const n = this.total();
    const clamped = Math.max(0, Math.min(n, to));
    this.step = clamped === n ? null : clamped;
    this.redraw();
  }

  /** The step shown: the total while live. */
  shown() { return this.step ?? this.total(); }

  live() { return this.step === null; }

  close() { document.removeEventListener('keydown', this.onKey); }
}

/** The note shown while looking at an earlier step, with the way back. @param {Stepper} stepper */
export function stepNote(stepper) {
  if (stepper.live()) return '';
  return h('div', { class: 'row step-note', 'data-test': 'step-note' },
    h('span', { class: 'muted' }, t('table-viewing', { step: stepper.shown(), total: stepper.total() })),
    h('button', { class: 'secondary small', 'data-test': 'live', onclick: () => stepper.go(stepper.total()) }, t('table-backToGame')));
}

// --- after the game ------------------------------------------------------------------------------

/**
 * The rematch each game page already had when it was opened (it is not followed then).
 * @type {Map<string, string | null>}
 */
const nextAtOpening = new Map();

/**
 * Goes to the rematch when it is created while the page is open (a seated player takes their
 * seat there); a finished game opened later stays on its page, with a link to it.
 * @param {{ table: TableView | null, you?: number | null }} view
 * @param {string} id the game's
 * @returns {boolean} whether the page is left for the rematch
 */
export function followTable(view, id) {
  const table = view.table;
  const next = table && table.next;
  if (!nextAtOpening.has(id)) nextAtOpening.set(id, next || null);
  if (table && next && nextAtOpening.get(id) !== next && view.you !== null && view.you !== undefined) {
    followRematch(id, next);
    navigate(pathOf(table.kind, next));
    return true;
  }
  return false;
}

/**
 * What afterGame reads of a finished game's view: its table (a replay's step has only whether
 * it was closed), the viewer's seat and the rating changes.
 * @typedef {object} FinishedView
 * @property {TableView | ClosedTable | null} [table]
 * @property {number | null} [you]
 * @property {RatingShown[] | null} [ratings]
 * @property {boolean} [too_short_to_rate]
 * @property {SeatInfo[]} [seats] who sat where (a signed-in player may challenge the others)
 */

/**
 * Rematch (both must agree; the computer at once) and new game with the same settings.
 * `act(intent)` sends to the game (its refusal shown here); `name(seat)` names a seat.
 * @param {FinishedView} view
 * @param {(intent: TableRequest) => Promise<unknown>} act
 * @param {(seat: number) => string} name
 */
export function afterGame(view, act, name) {
  /** @type {Partial<TableView>} */
  const table = view.table || {};
  const seated = view.you !== null && view.you !== undefined;
  const asked = table.rematch || [];
  const mine = seated && asked.includes(/** @type {number} */ (view.you));
  const others = asked.filter((s) => s !== view.you);
  const items = [];
  if (table.closed === 'moderator') {
    return h('div', { class: 'banner', 'data-test': 'closed-by-moderator' }, t('table-closedByModerator'));
  }
  // a tournament's game (opened from its page): back there for the next pairing, no rematch
  const tournament = sessionStorage.getItem(`tabula:tour-of:${location.pathname.split('/').pop()}`);
  if (tournament) {
    return h('div', { class: 'stack' }, ratingChanges(view, name),
      h('p', { class: 'row' }, h('a', { class: 'button', href: `/tournaments/${tournament}`, 'data-link': true, 'data-test': 'back-to-tournament' }, t('tour-back'))));
  }
  if (table.next) {
    items.push(h('a', { class: 'button', href: pathOf(table.kind || '', table.next), 'data-link': true, 'data-test': 'to-rematch' }, t('table-toRematch')));
  } else if (seated) {
    if (table.declined !== null && table.declined !== undefined && table.declined !== view.you) {
      items.push(h('div', { class: 'muted', 'data-test': 'rematch-declined' }, t('table-rematchDeclined', { name: name(table.declined) })));
    }
    if (others.length && !mine) {
      items.push(h('div', { class: 'banner', 'data-test': 'rematch-offer' }, t('table-rematchOffered', { name: name(others[0]) })),
        h('div', { class: 'row' },
          h('button', { 'data-test': 'accept-rematch', onclick: () => attempt(() => act({ t: 'rematch' })) }, t('table-acceptRematch')),
          h('button', { class: 'secondary', 'data-test': 'decline-rematch', onclick: () => attempt(() => act({ t: 'decline_rematch' })) }, t('table-declineRematch'))));
    } else if (mine) {
      items.push(h('div', { class: 'muted', 'data-test': 'rematch-waiting' }, t('table-rematchWaiting')));
    } else {
      items.push(h('button', { 'data-test': 'rematch', onclick: () => attempt(() => act({ t: 'rematch' })) }, t('table-rematch')));
    }
  }
  if (table.kind) items.push(newGameButton({ kind: table.kind, options: table.options, bots: table.bots }, t('table-newGame'), 'secondary'));
  for (const s of challengeable(view)) {
    const like = { kind: table.kind || '', options: table.options };
    items.push(h('button', { class: 'secondary', 'data-test': 'challenge-opponent', onclick: () => requestChallenge(s.name, like) },
      ...tParts('challenge-title', { name: h('span', { translate: 'no' }, s.name) })));
  }
  return h('div', { class: 'stack' }, ratingChanges(view, name), h('div', { class: 'row' }, ...items));
}

/**
 * The seats a signed-in player may challenge from a finished duel: the other signed-in
 * players (not the computer, not guests), when the viewer sat there signed in.
 * @param {FinishedView} view
 */
function challengeable(view) {
  const kind = view.table && 'kind' in view.table ? view.table.kind : '';
  const seats = view.seats || [];
  const me = seats.find((s) => s.seat === view.you);
  if (!me || !me.registered || !['quickchess', 'querni', 'royal-match'].includes(kind || '')) return [];
  return seats.filter((s) => s.seat !== view.you && s.registered && s.bot === null);
}

/**
 * The mark of a registered player beside a name (a seat, seek or table of the server's
 * views, each with `registered`): a guest cannot take a registered name, so the mark says
 * who is who.
 * @param {{ registered?: boolean } | null | undefined} s
 */
export function registeredMark(s) {
  if (!s || !s.registered) return '';
  return h('span', { class: 'registered', title: t('player-registered'), 'aria-label': t('player-registered'), role: 'img' }, '✓');
}

/**
 * A rated game's rating changes, one line per player ("?" marks a provisional rating).
 * @param {FinishedView} view @param {(seat: number) => string} name
 */
function ratingChanges(view, name) {
  const changes = view.ratings || [];
  if (view.too_short_to_rate) return h('div', { class: 'muted', 'data-test': 'too-short' }, t('table-tooShortToRate'));
  if (!changes.length) return '';
  return h('div', { class: 'row', 'data-test': 'rating-changes' }, ...changes.map((c) => h('span', { class: 'tag', 'data-seat': c.seat },
    t('table-ratingChange', { name: name(c.seat), before: String(c.before), after: `${c.after}${c.provisional ? '?' : ''}`, change: c.change >= 0 ? `+${c.change}` : `${c.change}` }))));
}

/**
 * A button that starts a new game with the settings of a game's `table`.
 * @param {{ kind: string, options?: object | null, bots?: number[] | null }} table
 * @param {string} label
 * @param {string} [cls]
 */
export function newGameButton(table, label, cls = '') {
  return h('button', {
    class: cls, 'data-test': 'new-game',
    onclick: async () => {
      const g = await attempt(() => createLike(table));
      if (g) navigate(pathOf(table.kind, g.id));
    },
  }, label);
}

/** The nickname field and a game creation that remembers it (the home pages' forms). */
export function nicknameField() {
  return h('input', { placeholder: t('form-nickname'), value: nickname(), maxlength: 24, 'aria-label': t('form-nickname') });
}

/**
 * Takes the free seat of game `id` as `name`; `then()` once the seat is ours.
 * @param {string} id @param {string} name @param {() => void} then
 */
export async function takeSeat(id, name, then) {
  rememberNickname(name);
  const r = await attempt(() => call('POST /api/games/{id}/join', { params: { id }, body: { name } }));
  if (r) { rememberSeat(id, r.seat, r.token); then(); }
}

/**
 * Creates a game as the nickname in `nameField` (remembered) and goes to its page.
 * @param {HTMLInputElement} nameField
 * @param {string} kind
 * @param {object} options the kind's options (docs/web.md)
 * @param {number[]} bots the computer players' levels
 */
export async function startGame(nameField, kind, options, bots) {
  rememberNickname(nameField.value.trim());
  const g = await attempt(() => createGame(kind, options, bots));
  if (g) navigate(pathOf(kind, g.id));
}
