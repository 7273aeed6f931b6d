// Tournaments: the list (upcoming with a countdown, running, finished) with a form to make
// one, and a tournament's page: its state and countdown, joining, withdrawing and coming
// back, the live standings and games (read again every two seconds while the page is open),
// and the player's own game, which the page opens as soon as it is paired. The server's
// shapes are in docs/web.md, "Tournaments".
import { call, rememberSeat, errorText } from './api.js';
import { h, toast, navigate, attempt, fmtClock } from './ui.js';
import { t, tParts, variantTitle, dateTime } from './text.js';
import { whoAmI } from './players.js';
import { gamePath } from './lobby.js';
import { chatPanel } from './chat.js';

/** @import { TournamentList, TournamentSummary, TournamentView, TournamentSpec, TournamentMade, TournamentJoined, TournamentGameRef } from './types/protocol' */

/** How often an open tournament's page reads it again. */
const POLL_MS = 2000;
// the lobby's clock presets (lobby.js), seconds + increment
const CLOCKS = ['60+0', '180+0', '180+2', '300+3', '600+0'];
const VARIANTS = ['quickchess', 'power-pawns', 'mean-queens', 'rescue-the-queen', 'chess'];
/** The game kind a tournament's pairings play (for the game's page). */
const KIND = { quickchess: 'quickchess', querni: 'querni', royal: 'royal-match', checkmates: 'checkmates-party' };

/**
 * A tournament's game in words: `QuickChess · Mean Queens · 3+2 · arena`.
 * @param {TournamentSpec} s
 */
export function describe(s) {
  const parts = [t(`game-${s.game}`)];
  if (s.variant && s.variant !== 'quickchess') parts.push(variantTitle(s.variant));
  if (s.side) parts.push(t(`cm-side-${s.side}`));
  if (s.deck && s.deck !== 'full') parts.push(t(`cm-deck-${s.deck}`));
  if (s.clock) parts.push(`${s.clock.initial_s / 60}+${s.clock.increment_s}`);
  parts.push(s.kind === 'arena' ? t('tour-arenaMinutes', { minutes: s.minutes ?? 0 })
    : s.kind === 'parties' ? t('tour-partiesRounds', { rounds: s.rounds ?? 0 }) : t('tour-swissRounds', { rounds: s.rounds ?? 0 }));
  if (s.rated) parts.push(t('tour-rated'));
  return parts.join(' · ');
}

/**
 * A tournament's name: its maker's, or one made of its spec in the reader's language
 * (`QuickChess 3+2 arena`, `Querni 1+0 арена`).
 * @param {{ name: string, named: boolean, spec: TournamentSpec }} s
 */
export function tourName(s) {
  if (s.named) return s.name;
  const sp = s.spec;
  const game = sp.game === 'quickchess' && sp.variant && sp.variant !== 'quickchess' ? variantTitle(sp.variant) : t(`game-${sp.game}`);
  const clock = sp.clock ? ` ${sp.clock.initial_s / 60}+${sp.clock.increment_s}` : '';
  return t('tour-generatedName', { game, clock, kind: t(`tour-kindWord-${sp.kind}`) });
}

/**
 * How long until `at`, as a clock (`4:05`, `1:02:03`).
 * @param {number} at @param {number} now
 */
function countdown(at, now) { return fmtClock(Math.max(0, at - now)).replace(/\.\d$/, ''); }

/**
 * Where a tournament is, in words, with its countdown.
 * @param {TournamentSummary} s @param {number} now
 */
function when(s, now) {
  if (s.status === 'created') return t('tour-startsIn', { time: countdown(s.starts, now) });
  if (s.status === 'started') return s.ends ? t('tour-endsIn', { time: countdown(s.ends, now) }) : t('tour-playing');
  return t('tour-finished');
}

/**
 * A tournament page's status line: where it is, its countdown, a Swiss event's round.
 * @param {TournamentView} v @param {number} now
 */
function statusText(v, now) {
  const round = v.spec.kind !== 'arena' && v.status !== 'created' ? ` · ${t('tour-roundOf', { round: v.round, rounds: v.spec.rounds ?? 0 })}` : '';
  return when(v, now) + round;
}

/**
 * One tournament in a list.
 * @param {TournamentSummary} s @param {number} now
 */
function summaryCard(s, now) {
  return h('div', { class: 'card row between', 'data-test': 'tournament-item' },
    h('span', { class: 'stack', style: 'gap:2px' },
      h('a', { href: `/tournaments/${s.id}`, 'data-link': true, translate: s.named ? 'no' : null }, tourName(s)),
      h('span', { class: 'muted' }, describe(s.spec))),
    h('span', { class: 'muted', 'data-countdown': s.status === 'created' ? s.starts : '', 'data-ends': s.status === 'started' && s.ends ? s.ends : '' }, when(s, now)));
}

/**
 * The tournaments upcoming and running, for the home page (nothing when there are none).
 * @returns {HTMLElement}
 */
export function tournamentsSection() {
  const box = h('section', { class: 'stack', 'data-test': 'home-tournaments', hidden: true });
  call('GET /api/tournaments').then((l) => {
    const shown = [...l.running, ...l.upcoming].slice(0, 5);
    if (!shown.length) return;
    box.replaceChildren(h('h2', {}, t('tour-title')), ...shown.map((s) => summaryCard(s, l.now)),
      h('p', {}, h('a', { href: '/tournaments', 'data-link': true }, t('tour-all'))));
    box.hidden = false;
  }).catch(() => { /* the home page goes on without them */ });
  return box;
}

/**
 * A labelled field of the form.
 * @param {string} label @param {HTMLElement} control
 */
function field(label, control) { return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), control); }

/** The form to make a tournament (signed-in players). */
function makeForm() {
  const kind = h('select', { 'data-test': 'tour-kind' }, h('option', { value: 'arena' }, t('tour-arena')), h('option', { value: 'swiss' }, t('tour-swiss')), h('option', { value: 'parties' }, t('tour-parties')));
  const game = h('select', { 'data-test': 'tour-game' }, ...['quickchess', 'querni', 'royal', 'checkmates'].map((g) => h('option', { value: g }, t(`game-${g}`))));
  const side = h('select', { 'data-test': 'tour-side' }, ...['sliding', 'chess'].map((v) => h('option', { value: v }, t(`cm-side-${v}`))));
  const deck = h('select', { 'data-test': 'tour-deck' }, ...['full', 'one-star', 'two-star'].map((v) => h('option', { value: v }, t(`cm-deck-${v}`))));
  const variant = h('select', { 'data-test': 'tour-variant' }, ...VARIANTS.map((v) => h('option', { value: v }, v === 'chess' ? t('lobby-chess8x8') : variantTitle(v))));
  const clock = h('select', { 'data-test': 'tour-clock' }, ...CLOCKS.map((c) => h('option', { value: c, selected: c === '180+2' }, `${Number(c.split('+')[0]) / 60}+${c.split('+')[1]}`)));
  const minutes = h('input', { type: 'number', min: 2, max: 720, value: 30, inputmode: 'numeric', 'data-test': 'tour-minutes' });
  const rounds = h('input', { type: 'number', min: 1, max: 15, value: 5, inputmode: 'numeric', 'data-test': 'tour-rounds' });
  const startsIn = h('select', { 'data-test': 'tour-starts' }, ...[1, 5, 15, 60].map((m) => h('option', { value: m * 60 }, t('tour-inMinutes', { minutes: m }))));
  const rated = h('input', { type: 'checkbox', 'data-test': 'tour-rated', checked: true });
  const name = h('input', { maxlength: 60, 'data-test': 'tour-name', placeholder: t('tour-nameOptional') });
  const variantField = field(t('lobby-variant'), variant);
  const clockField = field(t('clock-pick'), clock);
  const minutesField = field(t('tour-minutes'), minutes);
  const roundsField = field(t('tour-rounds'), rounds);
  const sideField = field(t('cm-side'), side);
  const deckField = field(t('cm-deck'), deck);
  // Check Mates is played in parties, and parties are Check Mates: each choice follows the other
  const sync = (/** @type {Event | null} */ e) => {
    if (e?.target === kind && (kind.value === 'parties') !== (game.value === 'checkmates')) game.value = kind.value === 'parties' ? 'checkmates' : 'quickchess';
    if (e?.target === game && (kind.value === 'parties') !== (game.value === 'checkmates')) kind.value = game.value === 'checkmates' ? 'parties' : 'arena';
    const party = game.value === 'checkmates';
    variantField.hidden = game.value !== 'quickchess';
    clockField.hidden = game.value === 'royal' || party;
    sideField.hidden = !party;
    deckField.hidden = !party;
    minutesField.hidden = kind.value !== 'arena';
    roundsField.hidden = kind.value === 'arena';
  };
  kind.addEventListener('change', sync);
  game.addEventListener('change', sync);
  sync(null);
  const submit = h('button', { type: 'submit', 'data-test': 'tour-make' }, t('tour-make'));
  const form = h('form', { class: 'card stack form', 'data-test': 'tour-form' },
    h('h2', {}, t('tour-makeTitle')),
    h('div', { class: 'row' }, field(t('tour-kind'), kind), field(t('lobby-game'), game), variantField, clockField, sideField, deckField),
    h('div', { class: 'row' }, minutesField, roundsField, field(t('tour-starts'), startsIn), field(t('tour-name'), name)),
    h('label', { class: 'row' }, rated, t('tour-ratedLabel')),
    h('p', {}, submit));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    attempt(async () => {
      const [initial, increment] = clock.value.split('+').map(Number);
      const party = game.value === 'checkmates';
      /** @type {TournamentSpec} */
      const spec = {
        kind: kind.value === 'swiss' ? 'swiss' : kind.value === 'parties' ? 'parties' : 'arena',
        game: game.value === 'querni' ? 'querni' : game.value === 'royal' ? 'royal' : party ? 'checkmates' : 'quickchess',
        variant: game.value === 'quickchess' ? variant.value : null,
        clock: game.value === 'royal' || party ? null : { initial_s: initial, increment_s: increment },
        ...(party ? { side: side.value === 'chess' ? 'chess' : 'sliding', deck: deck.value === 'one-star' ? 'one-star' : deck.value === 'two-star' ? 'two-star' : 'full' } : {}),
        minutes: kind.value === 'arena' ? Number(minutes.value) : null,
        rounds: kind.value !== 'arena' ? Number(rounds.value) : null,
        rated: rated.checked,
        starts_in_s: Number(startsIn.value),
        name: name.value.trim() || null,
      };
      const made = await call('POST /api/tournaments', { body: spec });
      navigate(`/tournaments/${made.id}`);
    }, { action: t('tour-make') });
  });
  return form;
}

/**
 * Ticks every countdown of the page each second (a start, an arena's end); once one has run
 * out, `over` runs (the list is read again: the tournament started or finished), a couple of
 * seconds later, the time the director takes. Gives back what stops it.
 * @param {HTMLElement} main @param {number} offset the server's clock less this one's
 * @param {() => void} over
 */
function tickCountdowns(main, offset, over) {
  let due = false;
  const timer = setInterval(() => {
    const now = Date.now() + offset;
    for (const e of main.querySelectorAll('[data-countdown], [data-ends]')) {
      const el = /** @type {HTMLElement} */ (e);
      const starts = Number(el.dataset.countdown);
      const ends = Number(el.dataset.ends);
      if (starts) el.textContent = t('tour-startsIn', { time: countdown(starts, now) });
      if (ends) el.textContent = t('tour-endsIn', { time: countdown(ends, now) });
      if (!due && ((starts && starts <= now) || (ends && ends <= now))) {
        due = true;
        setTimeout(over, 2000);
      }
    }
  }, 1000);
  return () => clearInterval(timer);
}

/**
 * The tournaments page: upcoming, running and finished ones, and the form to make one.
 * @param {HTMLElement} main
 */
export function tournamentsPage(main) {
  main.append(h('h1', {}, t('tour-title')), h('p', { class: 'muted' }, t('home-loading')));
  /** @type {() => void} */
  let stop = () => {};
  let left = false;
  // the lists, drawn again whenever a countdown runs out (a tournament started or finished);
  // the form is made once, so what a player typed in it stays
  /** @type {HTMLElement | null} */
  let form = null;
  const show = () => Promise.all([call('GET /api/tournaments'), whoAmI()]).then(([l, account]) => {
    if (left) return;
    const section = (/** @type {string} */ title, /** @type {TournamentSummary[]} */ items, /** @type {string} */ test) =>
      h('section', { class: 'stack', 'data-test': test }, h('h2', {}, title),
        items.length ? items.map((s) => summaryCard(s, l.now)) : h('p', { class: 'muted' }, t('tour-none')));
    form ??= account ? makeForm() : h('p', { class: 'card' }, h('a', { href: '/account', 'data-link': true }, t('tour-signInToMake')));
    main.replaceChildren(h('h1', {}, t('tour-title')), h('p', { class: 'lead' }, t('tour-lead')),
      section(t('tour-running'), l.running, 'tour-running'),
      section(t('tour-upcoming'), l.upcoming, 'tour-upcoming'),
      form,
      section(t('tour-finishedList'), l.finished.slice(0, 20), 'tour-finished'));
    stop();
    stop = tickCountdowns(main, l.now - Date.now(), () => { show(); });
  }).catch((e) => main.replaceChildren(h('h1', {}, t('tour-title')), h('p', {}, errorText(e))));
  show();
  return () => { left = true; stop(); };
}

/**
 * A game of the tournament: its players, its result, a link to watch or replay it.
 * @param {TournamentGameRef} g @param {string} kind
 */
function gameLine(g, kind) {
  const result = g.outcome === 'win' ? '1-0' : g.outcome === 'loss' ? '0-1' : g.outcome === 'draw' ? '½-½'
    : g.outcome === 'party' ? t('tour-partyOver') : g.outcome ? '–' : t('tour-live');
  return h('li', { class: 'row between' },
    h('span', { translate: 'no' }, g.players.join(kind === 'checkmates-party' ? ', ' : ' – ')),
    h('span', { class: 'row' }, g.round ? h('span', { class: 'muted' }, t('tour-roundN', { round: g.round })) : '',
      h('a', { href: g.outcome ? `/replay/${g.id}` : gamePath(kind, g.id), 'data-link': true }, result)));
}

/**
 * The standings table.
 * @param {TournamentView} v @param {string | null} me
 */
function standingsTable(v, me) {
  const swiss = v.spec.kind === 'swiss';
  const parties = v.spec.kind === 'parties';
  return h('table', { 'data-test': 'standings' },
    h('caption', { class: 'muted', style: 'text-align:left' }, t('tour-standings')),
    h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('cm-player')), h('th', { scope: 'col' }, t('tour-score')), h('th', { scope: 'col' }, t('board-games')),
      swiss ? [h('th', { scope: 'col', title: t('tour-buchholzLong') }, t('tour-buchholz')), h('th', { scope: 'col', title: t('tour-sbLong') }, t('tour-sb'))] : '',
      parties ? h('th', { scope: 'col', title: t('tour-firstsLong') }, t('tour-firsts')) : ''),
    ...v.standings.map((s) => h('tr', { class: s.name === me ? 'me' : '' },
      h('td', {}, s.rank),
      h('td', {}, h('a', { href: `/players/${s.name}`, 'data-link': true, translate: 'no' }, s.name),
        s.streak ? [' ', h('span', { class: 'tag', title: t('tour-streakLong') }, t('tour-streak'))] : '',
        s.active ? '' : [' ', h('span', { class: 'muted' }, t('tour-away'))]),
      h('td', {}, s.score), h('td', {}, s.games),
      swiss ? [h('td', {}, s.buchholz ?? ''), h('td', {}, s.sonneborn_berger ?? '')] : '',
      parties ? h('td', {}, s.firsts ?? '') : '')));
}

/**
 * A tournament's page.
 * @param {HTMLElement} main
 * @param {string} id
 */
export function tournamentPage(main, id) {
  main.append(h('h1', {}, t('tour-title')), h('p', { class: 'muted' }, t('home-loading')));
  const status = h('p', { class: 'lead', 'data-test': 'tour-status', role: 'status' });
  const actions = h('p', { class: 'row', 'data-test': 'tour-actions' });
  const yours = h('div', { 'data-test': 'tour-yours', 'aria-live': 'polite' });
  const body = h('div', { class: 'stack' });
  const talk = chatPanel('tournaments', id);
  /** @type {TournamentView | null} */
  let view = null;
  let offset = 0;
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  const act = (/** @type {'join' | 'withdraw'} */ what) => attempt(async () => {
    const r = await call(`POST /api/tournaments/{id}/${what}`, { params: { id } });
    toast(t(`tour-entry-${r.entry}`));
    await load();
  });

  const draw = (/** @type {TournamentView} */ v, /** @type {string | null} */ me) => {
    document.title = `${tourName(v)} · Tabula`;
    status.textContent = statusText(v, Date.now() + offset);
    const over = v.status === 'finished';
    actions.replaceChildren(
      over ? '' : !me ? h('a', { class: 'button', href: '/account', 'data-link': true }, t('tour-signInToJoin'))
        : v.you?.active ? h('button', { class: 'secondary', 'data-test': 'tour-withdraw', onclick: () => act('withdraw') }, t(v.status === 'started' ? 'tour-pause' : 'tour-withdraw'))
          : h('button', { 'data-test': 'tour-join', onclick: () => act('join') }, t(v.you ? 'tour-comeBack' : 'tour-join')));
    const game = v.you?.game;
    if (game && !over) {
      const path = gamePath(KIND[v.spec.game], game.id);
      rememberSeat(game.id, game.seat, game.token);
      yours.replaceChildren(h('p', { class: 'card row between' }, t('tour-yourGame'), h('a', { class: 'button', href: path, 'data-link': true, 'data-test': 'tour-play' }, t('tour-play'))));
      // each game opened once: back from it, the page stays
      if (sessionStorage.getItem(`tabula:tour-opened:${id}`) !== game.id) {
        sessionStorage.setItem(`tabula:tour-opened:${id}`, game.id);
        sessionStorage.setItem(`tabula:tour-of:${game.id}`, id);
        navigate(path);
      }
    } else {
      yours.replaceChildren(v.you?.active && v.status === 'started' ? h('p', { class: 'muted', 'data-test': 'tour-waiting' }, t('tour-waiting')) : '');
    }
    body.replaceChildren(
      v.standings.length ? standingsTable(v, me) : h('p', { class: 'muted' }, t('tour-noPlayers')),
      v.games.length ? h('section', { class: 'stack' }, h('h2', {}, t('tour-games')), h('ul', { class: 'plain stack', 'data-test': 'tour-games' }, v.games.map((g) => gameLine(g, KIND[v.spec.game])))) : '');
  };

  const load = async () => {
    const [v, account] = await Promise.all([call('GET /api/tournaments/{id}', { params: { id } }), whoAmI()]);
    if (stopped) return;
    offset = v.now - Date.now();
    if (!view) {
      main.replaceChildren(h('h1', { translate: v.named ? 'no' : null }, tourName(v)),
        h('p', { class: 'muted' }, describe(v.spec), v.by ? [' · ', h('span', {}, ...tParts('tour-by', { name: h('span', { translate: 'no' }, v.by) }))] : '', ' · ', dateTime(v.starts)),
        status, actions, yours, body, talk.element);
    }
    view = v;
    draw(v, account?.name ?? null);
  };
  const poll = () => {
    if (stopped) return;
    load().catch((e) => { if (!view) main.replaceChildren(h('h1', {}, t('tour-title')), h('p', {}, errorText(e))); })
      .finally(() => { if (!stopped && view?.status !== 'finished') timer = setTimeout(poll, POLL_MS); });
  };
  poll();
  // the countdown between two reads
  const tick = setInterval(() => { if (view) status.textContent = statusText(view, Date.now() + offset); }, 1000);
  return () => { stopped = true; clearTimeout(timer); clearInterval(tick); talk.close(); };
}

/**
 * The tournament a game was played in, if this browser opened it from the tournament's page
 * (for the game's "back to the tournament").
 * @param {string} gameId
 */
export function tournamentOf(gameId) { return sessionStorage.getItem(`tabula:tour-of:${gameId}`); }
