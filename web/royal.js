// The Royal Study in the browser: solo play and matches against a friend or a bot.
import { nickname } from './api.js';
import { drawBoard, parseBoard, BoardInput, dashedPairs } from './board.js';
import { royalSymbol } from './pieces.js';
import { h, shareBox, tableLayout, rulesLink } from './ui.js';
import { t, royalLabel, seatName } from './text.js';
import { afterGame, startGame, nicknameField, takeSeat, registeredMark } from './table.js';
import { gamePage, isWaiting } from './game-page.js';
import { play } from './sound.js';
import { printDeck } from './print.js';
/** @import { RSoloView, RoyalSoloEvent, MatchView, MatchEvent, WaitingView, TableView, ClosedTable, SeatInfo, RatingShown, PlayView, RoomView, RoomEvent } from './types/protocol' */
/** @import { RSoloIntent, MatchIntent, TableRequest } from './types/protocol' */
/** @import { GamePage } from './game-page.js' */

/**
 * How a solo run is drawn: on its page with the board's input, the last move and the
 * player's actions; in a replay, read-only.
 * @typedef {object} SoloContext
 * @property {boolean} [readOnly]
 * @property {BoardInput | null} [input]
 * @property {string[] | null} [last] the last move's squares
 * @property {(intent: RSoloIntent) => unknown} [act] sends an intent (a refusal is shown)
 */

/**
 * A match as its page and its replay draw it: the game's view with the room's part (a
 * replay's step has a table that says only whether it was closed).
 * @typedef {MatchView & { seats?: SeatInfo[], table?: TableView | ClosedTable | null, ratings?: RatingShown[] | null, too_short_to_rate?: boolean }} MatchShown
 */

/**
 * How a match is drawn: on its page with the board's input and the player's actions; in a
 * replay, read-only at the step's time (no input, no actions).
 * @typedef {object} MatchContext
 * @property {boolean} [readOnly]
 * @property {BoardInput | null} [input]
 * @property {string[] | null} [last] the last move's squares
 * @property {(intent: MatchIntent) => unknown} [act] sends an intent (a refusal is shown)
 * @property {(intent: MatchIntent | TableRequest) => Promise<unknown>} [send] sends an intent (a refusal is thrown: afterGame shows it)
 * @property {() => number} [serverNow] the server's time now
 * @property {(name: string) => unknown} [join] takes the free seat as `name`
 */

/**
 * Five pieces on 3x3; with `input` and `legal` ("a1-a2" moves) it can be played on.
 * @param {string} text the board in its notation
 * @param {{ legal?: string[], input?: BoardInput | null, last?: string[] | null, coords?: boolean, label?: string }} [o]
 */
export function royalBoard(text, { legal = [], input = null, last = null, coords = true, label } = {}) {
  const { map, files, ranks } = parseBoard(text);
  if (input) input.bind({ moves: dashedPairs(legal) });
  return drawBoard({
    files, ranks, coords, label: label || t('label-pieces', { layout: text }), last, input,
    piece: (sq) => { const ch = map.get(sq) ?? '.'; const s = royalSymbol(ch); return s ? { symbol: s, label: royalLabel(ch) } : null; },
  });
}

/** A card beside the board. @param {string} text the card in board notation @param {string} caption */
function cardBox(text, caption) {
  return h('div', { class: 'board-wrap side-board' }, h('div', { class: 'caption' }, caption),
    royalBoard(text, { coords: false, label: t('label-card', { layout: text }) }));
}

/**
 * What a card may do: its action, icon, words, and the level it comes with.
 * @type {[action: string, icon: string, key: string, level: number][]}
 */
const ACTIONS = [['turn-', '⟲', 'royal-turnLeft', 2], ['turn+', '⟳', 'royal-turnRight', 2], ['mirror-lr', '⇆', 'royal-mirrorLr', 3], ['mirror-tb', '⇅', 'royal-mirrorTb', 3]];

/**
 * The buttons that turn or mirror each card, as far as the level allows.
 * @param {number} level
 * @param {unknown[]} cards
 * @param {(intent: Extract<RSoloIntent | MatchIntent, { t: 'card' }>) => unknown} act a card's turn or
 *   mirror (the same intent in a solo run and in a match)
 * @param {boolean} disabled
 */
function cardButtons(level, cards, act, disabled) {
  return h('div', { class: 'stack' }, ...cards.map((_, i) => h('div', { class: 'row' },
    cards.length > 1 ? h('span', { class: 'muted' }, t('royal-cardN', { n: i + 1 })) : '',
    ...ACTIONS.filter(([, , , min]) => level >= min).map(([a, icon, key]) => h('button', {
      class: 'secondary small', disabled, 'data-action': cards.length > 1 ? `${i + 1}:${a}` : a, title: t(key), 'aria-label': t(key),
      onclick: () => act({ t: 'card', card: cards.length > 1 ? i + 1 : null, action: a }),
    }, icon, ' ', t(key))))));
}

/**
 * The squares of the last piece move among a frame's events (a step that is not a card's
 * turn or mirror), if there was one.
 * @param {RoomEvent<RoyalSoloEvent | MatchEvent>[]} events
 * @returns {string[] | null}
 */
function lastMoveOf(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    const step = 'step' in e ? e.step : '';
    if (step && step.includes('-') && /\d/.test(step) && !step.includes(':') && !step.startsWith('mirror')) return step.split('-');
  }
  return null;
}

/**
 * A step in words for a screen reader: a piece's move ("queen from b2 to c3"), or a card's
 * turn or mirror ("card 1: turn left").
 * @param {string} step as the events give it: `b2-c3`, `turn+`, `1:mirror-lr`
 * @param {string} layout the pieces after it
 */
function stepWords(step, layout) {
  const [card, action] = step.includes(':') ? step.split(':') : [null, step];
  const known = ACTIONS.find(([a]) => a === action);
  if (known) return card ? `${t('royal-cardN', { n: Number(card) })}: ${t(known[2])}` : t(known[2]);
  const [from, to] = step.split('-');
  return t('say-moved', { piece: royalLabel(parseBoard(layout).map.get(to) ?? ''), from, to });
}

/** The Royal Study's page: a solo run, or a match against a friend or a bot. @param {HTMLElement} main */
export function royalHome(main) {
  const level = h('select', { 'aria-label': t('royal-level') }, ...[1, 2, 3].map((l) => h('option', { value: l }, t(`royal-level-${l}`))));
  const bonus = h('input', { type: 'checkbox' });
  const bot = h('select', { 'data-test': 'bot-level', 'aria-label': t('form-level') }, ...[1, 2, 3, 4, 5, 6].map((l) => h('option', { value: l, selected: l === 3 }, t(l === 6 ? 'cm-botNeverWrong' : 'form-computerLevel', { level: l }))));
  // a match's clocks: the hourglass for challenges, and the rules' optional execution limit
  const hourglass = h('select', { 'data-test': 'hourglass', 'aria-label': t('royal-hourglass') }, ...[30, 60, 90, 120].map((s) => h('option', { value: s * 1000, selected: s === 60 }, t('royal-hourglassS', { s }))));
  const execLimit = h('select', { 'data-test': 'execution-limit', 'aria-label': t('royal-execLimit') }, h('option', { value: '' }, t('royal-noExecLimit')),
    ...[30, 60, 120].map((s) => h('option', { value: s * 1000 }, t('royal-execWithin', { s }))));
  const name = nicknameField();
  /** @param {string} kind @param {number[]} bots */
  const go = (kind, bots) => {
    /** @type {{ level: number, bonus: boolean, hourglass_ms?: number, execution_limit_ms?: number | null }} */
    const options = { level: Number(level.value), bonus: bonus.checked };
    if (kind === 'royal-match') {
      options.hourglass_ms = Number(hourglass.value);
      options.execution_limit_ms = execLimit.value ? Number(execLimit.value) : null;
    }
    return startGame(name, kind, options, bots);
  };
  main.append(
    h('h1', {}, t('game-royal')),
    h('p', { class: 'lead' }, t('royal-lead')),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, level, h('label', {}, bonus, t('royal-bonus'))),
      h('div', { class: 'row' },
        h('button', { onclick: () => go('royal-solo', []), 'data-test': 'solo' }, t('royal-solo'))),
      h('div', { class: 'row' }, hourglass, execLimit),
      h('div', { class: 'row' },
        bot, h('button', { onclick: () => go('royal-match', [Number(bot.value)]), 'data-test': 'vs-bot' }, t('royal-vsBot')),
        h('button', { class: 'secondary', onclick: () => go('royal-match', []), 'data-test': 'vs-friend' }, t('royal-vsFriend')))),
    h('h2', {}, t('home-howToPlay')),
    h('div', { class: 'card' }, h('p', {}, t('royal-how1')), h('p', {}, t('royal-how2')), h('p', {}, t('royal-how3')), h('p', { class: 'row' }, h('a', { href: '/learn/royal', 'data-link': true, 'data-test': 'walkthrough-link' }, t('learn-walkthrough')), rulesLink('royal'))),
    ...printDeck('royal'));
}

// --- solo ----------------------------------------------------------------------------------

/**
 * A solo run's page: the cards, the board, the count, and the results so far.
 * @param {HTMLElement} main @param {string} id
 */
export function royalSolo(main, id) {
  /** @type {string[] | null} the last move's squares, kept until the next (or a new card) */
  let last = null;
  /** what a screen reader hears of the latest update */
  let news = '';
  const input = new BoardInput({ onMove: (a, b) => game.act({ t: 'move', mv: `${a}-${b}` }), redraw: () => game.render() });
  /** @type {GamePage<PlayView<RSoloView>, RSoloIntent>} */
  const game = gamePage({
    main, id, input,
    // a run is played on from card to card: its page offers no rematch to follow
    followRematch: false,
    draw: (view) => royalSoloView(view, { input, last, act: game.act }),
    onView: (v, /** @type {RoomEvent<RoyalSoloEvent>[]} */ events, before) => {
      last = lastMoveOf(events) || (v.count === 0 ? null : last);
      if (before && v.complete && !before.complete) play('end');
      else if (lastMoveOf(events)) play('move');
      news = events.map((e) => {
        if (e.t === 'stepped') return stepWords(e.step, e.layout);
        if (e.t === 'completed') return `${t('royal-doneIn', { count: e.count })}. ${t('royal-best', { best: e.best, optimum: v.optimum })}`;
        return '';
      }).filter(Boolean).join('. ');
    },
    // each step and each card completed, said in the page's live region
    announce: () => news,
  });
  return () => game.close();
}

/**
 * A solo run: live on its page, or read-only in a replay.
 * @param {RSoloView} v @param {SoloContext} ctx
 */
export function royalSoloView(v, ctx) {
  const result = v.results[v.results.length - 1];
  const ro = ctx.readOnly;
  const cards = v.oriented.map((c, i) => cardBox(c, v.oriented.length > 1 ? t('royal-cardN', { n: i + 1 }) : t('royal-card')));
  const status = v.complete
    ? h('div', { class: `banner ${v.count === v.optimum ? 'good' : ''}`, 'data-test': 'complete' },
      h('div', { class: 'stat' }, t('royal-doneIn', { count: v.count })), t('royal-best', { best: result ? result.best : undefined, optimum: v.optimum }))
    : h('div', { class: 'row' }, h('span', { class: 'stat', 'data-test': 'count' }, `${v.count}`), h('span', { class: 'muted' }, t('royal-countHelp')));
  const actions = v.complete
    ? (ro ? '' : [h('button', { class: 'secondary', onclick: () => ctx.act?.({ t: 'retry' }) }, t('royal-retry')), h('button', { 'data-test': 'next', onclick: () => ctx.act?.({ t: 'next' }) }, t('royal-nextCard'))])
    : [v.level > 1 && !ro && ctx.act ? cardButtons(v.level, v.cards, ctx.act, false) : '', ro ? '' : h('button', { class: 'secondary small', onclick: () => ctx.act?.({ t: 'retry' }) }, t('royal-restart'))];
  const table = h('div', { class: 'scroll-x' }, h('table', {}, h('tr', {}, h('th', {}, t('royal-cardCol')), h('th', {}, t('royal-bestCol')), h('th', {}, t('royal-attempts'))),
    ...v.results.map((r, i) => h('tr', {}, h('td', {}, i + 1), h('td', {}, r.best ?? '-'), h('td', {}, r.attempts)))));
  return tableLayout({
    title: h('div', {}, h('h1', {}, t('royal-soloTitle')), h('div', { class: 'muted' }, t('royal-soloLine', { level: v.level, card: v.results.length, left: v.cards_left }))),
    status: h('div', { class: 'stack' }, status, h('div', { class: 'row' }, ...cards)),
    board: h('div', { class: 'board-wrap' }, royalBoard(v.layout, { legal: ro ? [] : v.legal, input: ro ? null : ctx.input, last: ctx.last })),
    actions,
    panel: [table],
  });
}

// --- match ---------------------------------------------------------------------------------

/**
 * A match's page: the invitation, then the rounds (announcing, the hourglass, the
 * execution), the scores, and what comes after.
 * @param {HTMLElement} main @param {string} id
 */
export function royalMatch(main, id) {
  /** @type {string[] | null} the last move's squares, kept until the next */
  let last = null;
  /** what a screen reader hears of the latest update */
  let news = '';
  const input = new BoardInput({ onMove: (a, b) => game.act({ t: 'move', mv: `${a}-${b}` }), redraw: () => game.render() });
  /** @type {MatchContext} */
  const ctx = {
    input,
    last,
    act: (i) => game.act(i),
    send: (i) => game.send(i),
    serverNow: () => game.serverNow(),
    join: (name) => takeSeat(id, name, () => game.reconnect()),
  };
  /** @param {RoomView<MatchView> | null} view */
  const isOver = (view) => Boolean(view && !isWaiting(view) && view.over);
  /** @type {GamePage<RoomView<MatchView>, MatchIntent>} */
  const game = gamePage({
    main, id, chat: true, input,
    draw: (view) => { ctx.last = last; return matchView(view, ctx); },
    onView: (v, /** @type {RoomEvent<MatchEvent>[]} */ events, before) => {
      last = lastMoveOf(events) || last;
      if (before && isOver(v) && !isOver(before)) play('end');
      else if (lastMoveOf(events)) play('move');
      news = isWaiting(v) ? '' : events.map((e) => matchEventWords(v, e)).filter(Boolean).join('. ');
    },
    // the announcements, challenges, steps, points and the end, said in the live region
    announce: () => news,
    // the hourglass and the execution's time limit, counted down between updates
    tick: {
      ms: 200,
      run: (view) => {
        const ph = isWaiting(view) ? null : view.phase;
        const el = main.querySelector('[data-sand]');
        if (el && ph && 'ends' in ph && ph.ends) el.textContent = secondsLeft(ph.ends, ctx);
        const aside = main.querySelector('[data-aside]');
        if (aside && ph && 'set_aside_at' in ph && ph.set_aside_at) aside.textContent = t('royal-asideIn', { time: secondsLeft(ph.set_aside_at, ctx) });
        const left = main.querySelector('[data-exec-clock]');
        if (left && ph && 'deadline' in ph && ph.deadline) left.textContent = t('royal-left', { time: secondsLeft(ph.deadline, ctx) });
      },
    },
  });
  return () => game.close();
}

/**
 * The name of a match's seat: its player's, or the computer's.
 * @param {MatchShown} v @param {number} seat
 */
function matchName(v, seat) {
  const p = v.players.find((x) => x.seat === seat);
  return p ? seatName(p, v.players) : t('cm-seat', { seat });
}

/**
 * One event of a match in words, for a screen reader.
 * @param {MatchShown} v the view after it @param {RoomEvent<MatchEvent>} e
 */
function matchEventWords(v, e) {
  /** @param {number} seat */
  const name = (seat) => matchName(v, seat);
  switch (e.t) {
    case 'cards_set_aside': return t('royal-setAside');
    case 'announced': return t('royal-announces', { name: name(e.player), bid: e.bid });
    case 'challenged': return t('replay-act-challenge', { name: name(e.player) });
    case 'execution_started': {
      const ph = v.phase;
      const bid = 'bid' in ph ? ph.bid : '';
      return t(e.role === 'challenger' ? 'royal-executesFewer' : 'royal-executesWithin', { name: name(e.executor), bid });
    }
    case 'stepped': return `${name(e.player)}: ${stepWords(e.step, e.layout)}`;
    case 'point_scored': return t('royal-point', { name: name(e.player), reason: t(`royal-reason-${e.reason}`), optimum: v.last ? v.last.optimum : '' });
    case 'match_over': return e.winner === null ? t('royal-draw') : t('royal-wins', { name: name(e.winner) });
    default: return '';
  }
}

/**
 * Whole seconds from the server's now until `at` (a server time), as `12 s`.
 * @param {number} at @param {{ serverNow?: () => number }} ctx
 */
function secondsLeft(at, ctx) {
  if (!ctx.serverNow) return '';
  return t('cm-seconds', { s: Math.max(0, (at - ctx.serverNow()) / 1000).toFixed(0) });
}

/**
 * A match: the invitation before it starts, then the game, live on its page or read-only in a
 * replay.
 * @param {WaitingView | MatchShown} v @param {MatchContext} ctx
 */
export function matchView(v, ctx) {
  if (!('phase' in v)) {
    const name = h('input', { placeholder: t('form-nickname'), value: nickname(), maxlength: 24, 'aria-label': t('form-nickname') });
    const host = (v.seats || [])[0];
    return h('div', { class: 'stack' }, h('h1', {}, t('royal-matchTitle')),
      v.you === 0 ? shareBox(t('royal-waiting'))
        : h('div', { class: 'card stack', 'data-test': 'invitation' },
          h('p', {}, t('invite-from', { name: seatName(host), game: t('royal-matchTitle') })),
          h('div', { class: 'row' }, name, h('button', { 'data-test': 'join', onclick: () => ctx.join?.(name.value.trim() || t('form-defaultName')) }, t('invite-take')))));
  }
  const you = v.you;
  /** @param {number} s */
  const name = (s) => matchName(v, s);
  const ph = v.phase;
  const ro = ctx.readOnly;
  const scores = h('div', { class: 'row' }, ...v.players.map((p) => h('div', { class: 'player', 'data-player': p.seat },
    h('span', {}, h('strong', { translate: p.bot ? null : 'no' }, name(p.seat)), registeredMark(p), ' ', p.seat === you ? h('span', { class: 'tag you' }, t('table-you')) : ''),
    h('span', { class: 'stat', 'data-score': p.seat }, v.scores[p.seat]))));
  let panel;
  const shown = ph.phase === 'executing' ? ph.oriented : v.cards;
  if (ph.phase === 'announcing') {
    panel = h('div', { class: 'stack' }, h('h2', { class: 'minor' }, t('cm-howMany')),
      ph.set_aside_at ? h('p', { class: 'muted', 'data-aside': true }, t('royal-asideIn', { time: secondsLeft(ph.set_aside_at, ctx) })) : '',
      ro || you === null ? '' : h('div', { class: 'numpad' }, ...Array.from({ length: 21 }, (_, n) => h('button', { class: 'secondary', 'data-bid': n, onclick: () => ctx.act?.({ t: 'announce', bid: n }) }, n))));
  } else if (ph.phase === 'hourglass') {
    const opponent = you !== null && you !== undefined && you !== ph.announcer && !ro;
    panel = h('div', { class: 'stack' }, h('h2', { class: 'minor' }, t('royal-announces', { name: name(ph.announcer), bid: ph.bid })), h('div', { class: 'clock', 'data-sand': true }, secondsLeft(ph.ends, ctx)),
      opponent ? h('div', { class: 'row' },
        h('button', { 'data-test': 'challenge', onclick: () => ctx.act?.({ t: 'challenge' }) }, t('royal-challenge')),
        h('button', { class: 'secondary', onclick: () => ctx.act?.({ t: 'accept' }) }, t('royal-letThem'))) : h('p', { class: 'muted' }, t('royal-sand')));
  } else if (ph.phase === 'executing') {
    const mine = ph.executor === you && !ro;
    panel = h('div', { class: 'stack' }, h('h2', { class: 'minor' }, t(ph.role === 'challenger' ? 'royal-executesFewer' : 'royal-executesWithin', { name: name(ph.executor), bid: ph.bid })),
      h('div', { class: 'row' }, h('span', { class: 'stat', 'data-test': 'count' }, `${ph.count}`), h('span', { class: 'muted' }, t('royal-countHelp'))),
      ph.deadline ? h('div', { class: 'clock', 'data-exec-clock': true }, t('royal-left', { time: secondsLeft(ph.deadline, ctx) })) : '',
      mine ? h('div', { class: 'stack' }, v.level > 1 && ctx.act ? cardButtons(v.level, v.cards, ctx.act, false) : '', h('button', { class: 'secondary small', onclick: () => ctx.act?.({ t: 'give_up' }) }, t('cm-giveUp'))) : '');
  } else {
    const closed = v.table && v.table.closed;
    panel = h('div', { class: 'stack' },
      closed ? h('div', { class: 'banner bad', 'data-test': 'closed' }, t('table-closed'))
        : h('div', { class: 'banner good', 'data-test': 'winner' }, h('div', { class: 'stat' }, ph.winner === null ? t('royal-draw') : t('royal-wins', { name: name(ph.winner) })), `${v.scores[0]} : ${v.scores[1]}`),
      ro || !ctx.send ? '' : afterGame(v, ctx.send, name));
  }
  if (v.table && v.table.closed && ph.phase !== 'over') panel = h('div', { class: 'banner bad', 'data-test': 'closed' }, t('table-closed'));
  const lastBox = v.last ? h('div', { class: 'banner', 'data-test': 'last-round' }, t('royal-point', { name: name(v.last.scorer), reason: t(`royal-reason-${v.last.reason}`), optimum: v.last.optimum })) : '';
  const legal = ph.phase === 'executing' && ph.executor === you && !ro ? v.legal : [];
  return tableLayout({
    title: h('div', { class: 'row', style: 'justify-content:space-between' }, h('div', {}, h('h1', {}, t('royal-matchTitle')), h('div', { class: 'muted' }, t('royal-matchLine', { level: v.level, bonus: v.bonus ? 'yes' : 'no', round: v.round, target: v.target }))), scores),
    status: h('div', { class: 'row' }, ...(shown || []).map((c, i) => cardBox(c, shown.length > 1 ? t('royal-cardN', { n: i + 1 }) : t('royal-card')))),
    board: h('div', { class: 'board-wrap' }, royalBoard(v.layout, { legal, input: ro ? null : ctx.input, last: ctx.last })),
    actions: panel,
    panel: [lastBox],
  });
}

