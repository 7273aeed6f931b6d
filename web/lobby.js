// The lobby on the home page: open seeks (live), a form to seek a game or pair at once, open
// Check Mates tables, and games being played now to watch.
import { call, viewKind, rememberSeat, nickname, rememberNickname, errorText, createGame, pathOf } from './api.js';
import { h, toast, navigate, attempt } from './ui.js';
import { whoAmI, poolName, gameName } from './players.js';
import { t, variantTitle, seatName } from './text.js';
import { registeredMark, CLOCK_CHOICES, clockChoiceLabel, clockOfChoice, choiceOfClock, describeClock } from './table.js';

/** @typedef {import('./players.js').Account} Account */
/** @typedef {import('./types/protocol').GameOptions} GameOptions */
/** @typedef {import('./types/protocol').Kind} Kind */
/** @typedef {import('./types/protocol').LobbyView} LobbyView */
/** @typedef {import('./types/protocol').SeekView} SeekView */
/** @typedef {import('./types/protocol').PlayingItem} PlayingItem */
/** @typedef {import('./types/protocol').LobbyFrame} LobbyFrame */
/** @typedef {import('./types/protocol').Paired} Paired */

/**
 * A seek's body (`POST /api/lobby/seeks`, `/api/lobby/quick`).
 * @typedef {import('./types/protocol').SeekBody} SeekRequest
 */

// the setup forms' presets (table.js, TIME_CONTROLS): 1+0, 3+2, 5+3, 10+0, 15+10
const VARIANTS = ['quickchess', 'power-pawns', 'mean-queens', 'rescue-the-queen', 'chess'];
/** The computer's levels in each game the lobby offers; the strongest is named so. */
const LEVELS = { quickchess: 8, querni: 5, 'royal-match': 6 };
/** The level "Play the computer" starts at: a newcomer's first game should be winnable. */
const FIRST_LEVEL = 2;

/**
 * The players of a game being played, each computer by its one name in the page's language.
 * @param {PlayingItem} g
 */
function names(g) {
  return g.players.map((name, seat) => seatName({ seat, name, bot: g.bots?.[seat] ?? null }));
}

/**
 * The page of a game the lobby pairs or lists (its replay for a kind it does not know).
 * @param {string} kind
 * @param {string} id
 */
export function gamePath(kind, id) {
  /** @type {Partial<Record<string, string>>} */
  const pages = {
    quickchess: `/quickchess/play/${id}`, querni: `/querni/play/${id}`, 'royal-match': `/royal/match/${id}`,
    'checkmates-party': `/checkmates/party/${id}`,
  };
  return pages[kind] || `/replay/${id}`;
}

/**
 * A seek's or game's game in words: `QuickChess · Mean Queens · 5+3`.
 * @param {SeekView | PlayingItem} s
 */
function describe(s) {
  const o = s.options || {};
  const parts = [gameName(s.kind)];
  if (s.kind === 'quickchess' && o.variant && o.variant !== 'quickchess') parts.push(variantTitle(o.variant));
  if (o.clock) parts.push(clockChoiceLabel(choiceOfClock(o.clock)) || describeClock(o.clock));
  return parts.join(' · ');
}

/**
 * The form to seek a game, or to pair at once with a waiting seek.
 * @param {Account | null} account
 */
function seekForm(account) {
  /** @type {Kind[]} the games a seek may be of */
  const seekable = ['quickchess', 'querni', 'royal-match'];
  const game = h('select', { 'data-test': 'seek-game' }, h('option', { value: 'quickchess' }, t('game-quickchess')), h('option', { value: 'querni' }, t('game-querni')), h('option', { value: 'royal-match' }, t('game-royal')));
  /** The game chosen. @returns {Kind} */
  const kindChosen = () => seekable.find((k) => k === game.value) || 'quickchess';
  const variant = h('select', { 'data-test': 'seek-variant' }, ...VARIANTS.map((v) => h('option', { value: v }, v === 'chess' ? t('lobby-chess8x8') : variantTitle(v))));
  const clock = h('select', { 'data-test': 'seek-clock' }, ...CLOCK_CHOICES.map((v) => h('option', { value: v }, clockChoiceLabel(v))));
  const rated = h('input', { type: 'checkbox', 'data-test': 'seek-rated', disabled: !account });
  const near = h('input', { type: 'checkbox', 'data-test': 'seek-near' });
  const name = h('input', { placeholder: t('form-nickname'), 'aria-label': t('form-nickname'), value: nickname(), maxlength: 24 });
  const level = h('select', { 'data-test': 'lobby-level' });
  // every choice with its words shown above it (two lists both showing "QuickChess" said
  // nothing of which is the game and which the variant)
  /** @param {string} words @param {HTMLElement} control */
  const labelled = (words, control) => h('label', { class: 'stack lobby-choice' }, h('span', { class: 'muted small' }, words), control);
  const [gameField, variantField, clockField, levelField] = [labelled(t('lobby-game'), game), labelled(t('lobby-variant'), variant), labelled(t('clock-pick'), clock), labelled(t('form-level'), level)];
  // the fields that apply to the game chosen: a variant for QuickChess, no clock in The
  // Royal Study, and that game's computer levels
  const sync = () => {
    variantField.hidden = game.value !== 'quickchess';
    clockField.hidden = game.value === 'royal-match';
    const top = LEVELS[/** @type {keyof typeof LEVELS} */ (game.value)] || 5;
    level.replaceChildren(...Array.from({ length: top }, (_, i) => i + 1).map((l) => h('option', { value: l, selected: l === FIRST_LEVEL },
      l < top ? t('form-computerLevel', { level: l }) : game.value === 'royal-match' ? t('cm-botNeverWrong') : t('form-levelStrongest', { level: l }))));
  };
  game.addEventListener('change', sync);
  sync();
  /** @returns {Promise<SeekRequest>} */
  const spec = async () => {
    /** @type {GameOptions} */
    const options = {};
    if (game.value === 'quickchess') options.variant = variant.value;
    if (game.value === 'royal-match') options.level = 2;
    if (clock.value && game.value !== 'royal-match') {
      options.clock = clockOfChoice(clock.value);
    }
    /** @type {SeekRequest} */
    const body = { kind: kindChosen(), options, rated: rated.checked, name: name.value || t('form-defaultName') };
    if (near.checked && account) {
      const pool = (account.ratings || []).find((r) => r.pool.startsWith(game.value === 'royal-match' ? 'royal' : game.value));
      const r = pool ? pool.rating : 1500;
      body.range = [Math.max(0, r - 200), r + 200];
    }
    rememberNickname(name.value);
    return body;
  };
  // the same game against the computer, at once: QuickChess and Querni as White and Blue with
  // the clock chosen, The Royal Study as a match at level 2 (as a seek makes it)
  const computer = () => attempt(async () => {
    const { kind, options = {} } = await spec();
    /** @type {GameOptions} */
    const vs = kind === 'royal-match' ? options || {} : { ...options, color: kind === 'querni' ? 'blue' : 'white' };
    const g = await createGame(kind, vs, [Number(level.value)]);
    navigate(pathOf(kind, g.id));
  });
  return h('div', { class: 'card stack lobby-form' },
    h('h3', {}, t('lobby-find')),
    h('div', { class: 'row' }, gameField, variantField, clockField),
    h('div', { class: 'row' },
      account ? '' : name,
      h('label', { class: 'check' }, rated, h('span', {}, t(account ? 'lobby-rated' : 'lobby-ratedSignIn'))),
      account ? h('label', { class: 'check' }, near, h('span', {}, t('lobby-near'))) : ''),
    h('div', { class: 'row' },
      h('button', { 'data-test': 'quick', onclick: () => attempt(async () => {
        const r = await call('POST /api/lobby/quick', { body: await spec() });
        if ('paired' in r) { rememberSeat(r.paired.game, r.paired.seat, r.paired.token); navigate(gamePath(game.value, r.paired.game)); } else toast(t('lobby-nobodyWaiting'));
      }) }, t('lobby-quick')),
      h('button', { class: 'secondary', 'data-test': 'seek', onclick: () => attempt(async () => { await call('POST /api/lobby/seeks', { body: await spec() }); toast(t('lobby-seekPlaced')); }) }, t('lobby-seek'))),
    h('div', { class: 'row end' }, levelField, h('button', { 'data-test': 'lobby-computer', onclick: computer }, t('form-playComputer'))));
}

/**
 * A seek in the lobby's list: one's own to withdraw, another's to accept.
 * @param {SeekView} s
 * @param {Account | null} account
 */
function seekRow(s, account) {
  const act = s.mine
    ? h('button', { class: 'secondary small', onclick: () => attempt(() => call('POST /api/lobby/seeks/{id}/withdraw', { params: { id: s.id } })) }, t('dialog-cancel'))
    : h('button', { class: 'small', 'data-test': 'accept', disabled: s.rated && !account, onclick: () => attempt(async () => {
      const r = await call('POST /api/lobby/seeks/{id}/accept', { params: { id: s.id }, body: { name: nickname() || t('form-defaultName') } });
      rememberSeat(r.game, r.seat, r.token);
      navigate(gamePath(s.kind, r.game));
    }) }, t('home-play'));
  return h('tr', { 'data-test': 'seek-row' },
    h('td', { translate: 'no' }, s.name, registeredMark(s), s.rating ? ` (${s.rating})` : ''), h('td', {}, describe(s)),
    h('td', {}, s.rated ? t('lobby-ratedPool', { pool: poolName(s.pool) }) : t('lobby-casual'), s.range ? ` · ${s.range[0]}-${s.range[1]}` : ''), h('td', {}, act));
}

/**
 * The lobby, live while it is shown: `close` ends its socket (and with it this browser's seeks).
 * @returns {{ element: HTMLElement, close: () => void }}
 */
export function lobbySection() {
  const box = h('section', { class: 'stack', 'data-test': 'lobby' }, h('h2', {}, t('home-playNow')), h('p', { class: 'muted' }, t('home-loading')));
  /** @type {WebSocket | null} */
  let ws = null;
  let closed = false;
  whoAmI().then(async (account) => {
    const form = seekForm(account);
    const list = h('section', { class: 'lobby-lists', 'aria-label': t('lobby-title') });
    box.replaceChildren(h('h2', {}, t('home-playNow')), h('div', { class: 'play' }, form, list));
    // the lobby as last received: the whole of it (`lobby`), then its changes (`lobby_diff`:
    // seeks added and removed, the tables and games when they changed)
    /** @type {LobbyView | null} */
    let lobby = null;
    /** @param {LobbyView} l */
    const render = (l) => {
      lobby = l;
      list.replaceChildren(
        h('h3', {}, t('lobby-seeks')),
        l.seeks.length ? h('table', {}, ...l.seeks.map((s) => seekRow(s, account))) : h('p', { class: 'muted' }, t('lobby-noSeeks')),
        l.more_seeks ? h('p', { class: 'muted', 'data-test': 'more-seeks' }, t('lobby-moreSeeks', { count: l.more_seeks })) : '',
        l.tables.length ? h('h3', {}, t('lobby-tables')) : '',
        ...l.tables.map((tb) => h('div', {}, h('a', { href: `/checkmates/party/${tb.id}`, 'data-link': true, translate: 'no' }, t('lobby-hostTable', { name: tb.host })), registeredMark(tb), ` · ${t('lobby-seats', { seats: tb.seats, max: 6 })}`)),
        h('h3', {}, t('lobby-playing')),
        l.playing.length ? h('div', { class: 'stack' }, ...l.playing.map((g) => h('div', {},
          h('a', { href: gamePath(g.kind, g.id), 'data-link': true, translate: 'no' }, t('lobby-versus', { a: names(g)[0] ?? '', b: names(g).slice(1).join(', ') })), ` · ${describe(g)}${g.rated ? ` · ${t('profile-rated')}` : ''}`)))
          : h('p', { class: 'muted' }, t('lobby-noGames')));
    };
    try { render(await call('GET /api/lobby')); } catch (e) { list.replaceChildren(errorText(e)); }
    const connect = () => {
      if (closed) return;
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(`${proto}://${location.host}/api/lobby/ws`);
      ws.onmessage = (e) => {
        /** @type {LobbyFrame} */
        const m = JSON.parse(e.data);
        if (m.t === 'lobby') render(m.d);
        if (m.t === 'lobby_diff' && lobby) {
          const gone = new Set(m.d.remove);
          const seeks = lobby.seeks.filter((s) => !gone.has(s.id));
          for (const s of m.d.add) if (!seeks.some((x) => x.id === s.id)) seeks.push(s);
          render({ ...lobby, seeks, more_seeks: m.d.more_seeks, tables: m.d.tables || lobby.tables, playing: m.d.playing || lobby.playing });
        }
        if (m.t === 'paired') {
          rememberSeat(m.d.game, m.d.seat, m.d.token);
          toast(t('lobby-paired'));
          // a pairing does not say the game's kind: its view does (every view has `kind`)
          const game = m.d.game;
          call('GET /api/games/{id}', { params: { id: game } }).then((g) => navigate(gamePath(viewKind(g.view), game)));
        }
      };
      ws.onclose = () => { if (!closed) setTimeout(connect, 1500); };
    };
    connect();
  });
  return { element: box, close: () => { closed = true; if (ws) ws.close(); } };
}
