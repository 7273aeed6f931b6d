// Check Mates in the browser: solo runs and party rooms (the solver is in solver.js).
import { nickname } from './api.js';
import { drawBoard, parseBoard, BoardInput, dashedPairs } from './board.js';
import { tokenSymbol, needSymbol } from './pieces.js';
import { h, fmtTime, stars, shareBox, tableLayout, rulesLink } from './ui.js';
import { t, tokenLabel, needLabel, seatName, pointer } from './text.js';
import { animatedLine } from './line.js';
import { afterGame, startGame, nicknameField, takeSeat, newGameButton, registeredMark } from './table.js';
import { gamePage, isWaiting } from './game-page.js';
import { play } from './sound.js';
import { printDeck } from './print.js';
/** @import { CmSoloView, CmSoloEvent, PartyView, PartyEvent, RoundSettled, CheckmatesSide, WaitingView, TableView, ClosedTable, SeatInfo, RatingShown, PlayView, RoomView, RoomEvent } from './types/protocol' */
/** @import { SoloIntent, PartyIntent, LobbyOp, TableRequest } from './types/protocol' */
/** @import { GamePage } from './game-page.js' */

/**
 * A solo run as its page and its replay draw it: the game's view with the room's id and
 * table (a replay's step has a table that says only whether the game was closed).
 * @typedef {CmSoloView & { id: string, table?: TableView | ClosedTable | null }} SoloShown
 */

/**
 * How a solo run is drawn: on its page with the board's input, the last move and the task
 * just met (its index, until the next move); in a replay, read-only.
 * @typedef {{ readOnly?: boolean, input?: BoardInput | null, last?: string[] | null, met?: number | null }} SoloContext
 */

/**
 * A party as its page and its replay draw it: the game's view with the room's part (a
 * replay's step has the id and seats, and a table that says only whether it was closed).
 * @typedef {PartyView & { id: string, seats?: SeatInfo[], table?: TableView | ClosedTable | null, ratings?: RatingShown[] | null, too_short_to_rate?: boolean }} PartyShown
 */

/**
 * How a party is drawn: on its page with the board's input and the player's actions; in a
 * replay, read-only at the step's time (no input, no actions).
 * @typedef {object} PartyContext
 * @property {boolean} [readOnly]
 * @property {BoardInput | null} [input]
 * @property {string[] | null} [last] the last move's squares
 * @property {(intent: PartyIntent) => unknown} [act] sends an intent (a refusal is shown)
 * @property {(intent: PartyIntent | TableRequest) => Promise<unknown>} [send] sends an intent (a refusal is thrown: afterGame shows it)
 * @property {(op: LobbyOp) => unknown} [lobby] a change to the lobby (a refusal is shown)
 * @property {() => number} [serverNow] the server's time now
 * @property {(name: string) => unknown} [join] takes a seat as `name`
 */

// --- drawing -------------------------------------------------------------------------------

// A solo run's rating as the game sends it (the rulebook's English words, best first for each
// side), in the player's language.
/** @type {Record<string, string>} */
const RATINGS = {
  'Phenomenal!': 'cm-rating-sliding-1', 'Precise thinking!': 'cm-rating-sliding-2', 'On the brink of success!': 'cm-rating-sliding-3',
  'Practice makes perfect!': 'cm-rating-sliding-4', 'Chess genius!': 'cm-rating-chess-1', 'Excellent moves!': 'cm-rating-chess-2',
  'Promising results!': 'cm-rating-chess-3', 'The first step to greatness!': 'cm-rating-chess-4',
};
/** @param {string | null} rating */
const ratingWords = (rating) => (rating && RATINGS[rating] ? t(RATINGS[rating]) : rating);

/**
 * A Check Mates board; with `input` and `legal` ("a1-a2" moves) it can be played on.
 * @param {string} side `sliding` or `chess`
 * @param {string} text the board in its notation
 * @param {{ legal?: string[], input?: BoardInput | null, last?: string[] | null }} [o]
 */
export function cmBoard(side, text, { legal = [], input = null, last = null } = {}) {
  const { map, files, ranks } = parseBoard(text);
  if (input) input.bind({ moves: dashedPairs(legal) });
  return drawBoard({
    files, ranks, label: t('label-board', { layout: text }), last, input,
    piece: (sq) => { const ch = map.get(sq) ?? '.'; const s = tokenSymbol(side, ch); return s ? { symbol: s, label: tokenLabel(side, ch) } : null; },
  });
}

/**
 * A task card: the squares it asks for, on card colours.
 * @param {string} side `sliding` or `chess`
 * @param {string} text the card in board notation
 * @param {{ coords?: boolean, label?: string }} [o]
 */
export function taskCard(side, text, { coords = false, label } = {}) {
  const { map, files, ranks } = parseBoard(text);
  return drawBoard({
    files, ranks, coords, label: label || t('label-task', { layout: text }),
    light: 'var(--card-light)', dark: 'var(--card-dark)',
    piece: (sq) => { const ch = map.get(sq) ?? '.'; const s = needSymbol(side, ch); return s ? { symbol: s, label: needLabel(side, ch) } : null; },
  });
}

/**
 * What each symbol on a task card asks for: the symbols the card shows, explained.
 * @param {string} side `sliding` or `chess`
 * @param {string} task the card in board notation
 */
export function taskLegend(side, task) {
  const letters = [...new Set([...task.replace(/[/.]/g, '')])];
  const rows = letters.map((ch) => [needSymbol(side, ch), t(`legend-${side}-${ch === 'b' && side === 'chess' ? 'bk' : ch}`)]);
  rows.push([side === 'sliding' ? 'tok-j' : 'tok-K', t(`legend-${side}-joker`)]);
  const legend = h('div', { class: 'legend', 'data-test': 'legend' });
  for (const [symbol, words] of rows) {
    const icon = h('span', {});
    icon.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#${symbol}"/></svg>`;
    legend.append(icon, h('span', {}, words));
  }
  legend.append(h('span', {}), h('span', {}, t('legend-rotate')));
  return legend;
}

/**
 * The task card of the moment with its stars and legend.
 * @param {string} side @param {string} task @param {number | null} starCount @param {string} [caption]
 */
function taskBox(side, task, starCount, caption = t('cm-task')) {
  return h('div', { class: 'row', style: 'align-items:flex-start' },
    h('div', { class: 'board-wrap side-board' },
      h('div', { class: 'caption' }, starCount ? t('cm-taskStars', { caption, stars: stars(starCount) }) : caption),
      taskCard(side, task, { label: t('label-task', { layout: task }) })),
    taskLegend(side, task));
}

/**
 * The squares of the last move among a frame's events, if one moved.
 * @param {RoomEvent<CmSoloEvent | PartyEvent>[]} events
 * @returns {string[] | null}
 */
function lastMoveOf(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if ('mv' in e && e.mv) return e.mv.split('-');
  }
  return null;
}

// --- the Check Mates page ------------------------------------------------------------------

/** The Check Mates page: a solo run or a party, and the solver. @param {HTMLElement} main */
export function checkmatesHome(main) {
  const side = h('select', { 'aria-label': t('cm-side') }, h('option', { value: 'sliding' }, t('cm-sliding')), h('option', { value: 'chess' }, t('cm-chess')));
  const deck = h('select', { 'aria-label': t('cm-deck') }, h('option', { value: 'full' }, t('cm-fullDeck')), h('option', { value: 'one-star' }, t('cm-oneStar')), h('option', { value: 'two-star' }, t('cm-twoStar')));
  const name = nicknameField();
  /** @param {string} kind */
  const go = (kind) => startGame(name, kind, { side: side.value, deck: deck.value }, []);
  main.append(
    h('h1', {}, t('game-checkmates')),
    h('p', { class: 'lead' }, t('cm-lead')),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, side, deck),
      h('div', { class: 'row' },
        h('button', { onclick: () => go('checkmates-solo'), 'data-test': 'solo' }, t('cm-solo')),
        h('button', { onclick: () => go('checkmates-party'), 'data-test': 'party' }, t('cm-party')),
        h('a', { href: '/checkmates/solver', 'data-link': true }, t('nav-solver')))),
    h('h2', {}, t('home-howToPlay')),
    h('div', { class: 'card' }, h('p', {}, t('cm-how1')), h('p', {}, t('cm-how2')), h('p', { class: 'row' }, h('a', { href: '/learn/checkmates', 'data-link': true, 'data-test': 'walkthrough-link' }, t('learn-walkthrough')), rulesLink('checkmates'))),
    ...printDeck('checkmates'));
}

// --- solo ----------------------------------------------------------------------------------

/**
 * A solo run's page: the task, the board, the time, and the tasks met.
 * @param {HTMLElement} main @param {string} id
 */
export function checkmatesSolo(main, id) {
  /** @type {string[] | null} the last move's squares, kept until the next */
  let last = null;
  /** @type {number | null} the task just met (its index), said until the next move */
  let met = null;
  const input = new BoardInput({ onMove: (a, b) => game.act({ t: 'move', mv: `${a}-${b}` }), redraw: () => game.render() });
  /** @type {GamePage<PlayView<CmSoloView>, SoloIntent>} */
  const game = gamePage({
    main, id, input,
    draw: (view) => soloView(view, { input, last, met }),
    onView: (v, /** @type {RoomEvent<CmSoloEvent>[]} */ events, before) => {
      const moved = lastMoveOf(events);
      last = moved || last;
      if (before && v.history.length > before.history.length) {
        met = v.history.length - 1;
        play(v.finished ? 'end' : 'check');
      } else if (moved) {
        met = null;
        play('move');
      }
    },
    // the run's time and the task's, counted on between updates
    tick: {
      ms: 100,
      run: (view, serverNow) => {
        if (view.over) return;
        const run = serverNow - view.started_at;
        const c = main.querySelector('[data-clock]');
        if (c) c.textContent = fmtTime(run - lastMet(view));
        const total = main.querySelector('[data-total]');
        if (total) total.textContent = t('cm-runTime', { time: fmtTime(run) });
      },
    },
    // a screen reader hears each move and each task met: one move can meet the next tasks
    // too (the board already meets them when they are revealed), so every task met is said,
    // after the move that met them
    announce: (v, before) => {
      if (!before) return '';
      const side = /** @type {CheckmatesSide} */ (v.side);
      const moved = v.board !== before.board && last ? movedWords(side, v.board, last) : '';
      if (v.history.length > before.history.length) {
        const met = [];
        for (let i = before.history.length; i < v.history.length; i++) met.push(metWords(v, i));
        const tasks = met.join(' ') + (v.finished ? ` ${finishWords(v)}` : '');
        return moved ? `${moved}. ${tasks}` : tasks;
      }
      return moved;
    },
  });
  return () => game.close();
}

/** When the task being played was revealed, from the run's start: when the last was met. @param {CmSoloView} v */
function lastMet(v) { return v.history.length ? v.history[v.history.length - 1].elapsed : 0; }

/** The time a met task took (the run's times are counted from its start). @param {CmSoloView} v @param {number} i */
function taskTime(v, i) { return v.history[i].elapsed - (i ? v.history[i - 1].elapsed : 0); }

/** "Task 3 met in 4 moves (minimum 4), 0:12.3". @param {CmSoloView} v @param {number} i */
function metWords(v, i) {
  const x = v.history[i];
  return t('cm-taskMet', { n: i + 1, moves: x.moves, optimum: x.optimum, time: fmtTime(taskTime(v, i)) });
}

/** A finished run's rating and time. @param {CmSoloView} v */
function finishWords(v) { return `${ratingWords(v.rating)} ${t('cm-allTen', { time: fmtTime(v.elapsed) })}`; }

/**
 * A move in words for a screen reader: the token and its squares.
 * @param {string} side @param {string} board the board after it @param {string[]} squares from, to
 */
function movedWords(side, board, squares) {
  const [from, to] = squares;
  const ch = parseBoard(board).map.get(to) ?? '.';
  return t('say-moved', { piece: tokenLabel(side, ch), from, to });
}

/**
 * A solo run: live on its page, or read-only in a replay.
 * @param {SoloShown} v @param {SoloContext} ctx
 */
export function soloView(v, ctx) {
  const side = /** @type {CheckmatesSide} */ (v.side); // a run has tasks, so a side
  // each task's own time (the run counts its times from its start), and the run's beneath
  const history = h('div', { class: 'scroll-x' }, h('table', { 'data-test': 'solo-history' },
    h('tr', {}, h('th', {}, t('cm-taskCol')), h('th', {}, t('cm-moves')), h('th', {}, t('cm-minimum')), h('th', {}, t('cm-taskTime'))),
    ...v.history.map((x, i) => h('tr', {}, h('td', {}, i + 1), h('td', { class: x.moves === x.optimum ? 'good' : '' }, x.moves), h('td', {}, x.optimum),
      h('td', { 'data-test': 'task-time' }, fmtTime(taskTime(v, i))))),
    v.history.length ? h('tr', { class: 'total' }, h('th', {}, t('cm-total')), h('td', {}, v.history.reduce((n, x) => n + x.moves, 0)),
      h('td', {}, v.history.reduce((n, x) => n + (x.optimum ?? 0), 0)), h('td', { 'data-test': 'run-time' }, fmtTime(lastMet(v)))) : ''));
  const met = ctx.met !== null && ctx.met !== undefined && v.history[ctx.met] && !v.finished
    ? h('div', { class: `banner ${v.history[ctx.met].moves === v.history[ctx.met].optimum ? 'good' : ''}`, 'data-test': 'task-met' }, metWords(v, ctx.met)) : '';
  const status = v.finished
    ? h('div', { class: 'banner good', 'data-test': 'rating' }, h('div', { class: 'stat' }, ratingWords(v.rating)), t('cm-allTen', { time: fmtTime(v.elapsed) }))
    : h('div', { class: 'row', style: 'justify-content:space-between' },
      h('div', { class: 'muted' }, t('cm-soloProgress', { side: t(`cm-side-${side}`), n: Math.min(v.index + 1, v.total), total: v.total })),
      h('div', { class: 'stack solo-clocks' },
        h('div', { class: 'row' }, h('span', { class: 'muted' }, t('cm-taskClock')), h('span', { class: 'clock', 'data-clock': true }, fmtTime(v.elapsed - lastMet(v)))),
        h('div', { class: 'muted', 'data-total': true }, t('cm-runTime', { time: fmtTime(v.elapsed) }))));
  const actions = v.finished && !ctx.readOnly ? [
    v.table && 'kind' in v.table ? newGameButton(v.table, t('cm-again')) : '',
    h('a', { class: 'button secondary', href: `/replay/${v.id}`, 'data-link': true }, t('replay-link')),
  ] : '';
  return tableLayout({
    title: h('h1', {}, t('cm-soloTitle')),
    status: h('div', { class: 'stack' }, met, status, v.finished || !v.task ? '' : taskBox(side, v.task, null)),
    board: h('div', { class: 'board-wrap' }, cmBoard(side, v.board, { legal: ctx.readOnly ? [] : v.legal, input: ctx.readOnly ? null : ctx.input, last: ctx.last })),
    actions,
    panel: [
      v.finished || ctx.readOnly ? '' : h('p', { class: 'muted', 'data-test': 'solo-help' }, t('cm-soloHelp', { input: pointer() })),
      history,
    ],
  });
}

// --- party ---------------------------------------------------------------------------------

/**
 * A party's page: the lobby, then the rounds (the card, the announcements, the proof), the
 * players' cards and scores, and the standings.
 * @param {HTMLElement} main @param {string} id
 */
export function checkmatesParty(main, id) {
  /** @type {string[] | null} the last move's squares, kept through the proof */
  let last = null;
  const input = new BoardInput({ onMove: (a, b) => game.act({ t: 'move', mv: `${a}-${b}` }), redraw: () => game.render() });
  /** @type {PartyContext} */
  const ctx = {
    input,
    last,
    act: (intent) => game.act(intent),
    send: (intent) => game.send(intent),
    lobby: (op) => game.lobby(op),
    serverNow: () => game.serverNow(),
    join: (name) => takeSeat(id, name, () => game.reconnect()),
  };
  /** @type {GamePage<RoomView<PartyView>, PartyIntent>} */
  const game = gamePage({
    main, id, chat: true, input,
    draw: (view) => { ctx.last = last; return partyView(view, ctx); },
    onView: (v, /** @type {RoomEvent<PartyEvent>[]} */ events, before) => {
      last = lastMoveOf(events) || (!isWaiting(v) && v.phase.phase === 'bidding' ? null : last);
      if (lastMoveOf(events)) play('move');
      if (isWaiting(v) || !before) return;
      const was = isWaiting(before) ? null : before; // the game as it was (none in the lobby)
      if (v.over && !(was && was.over)) play('end');
      else if (v.last && JSON.stringify(v.last) !== JSON.stringify(was ? was.last : undefined)) play(roundWon(v.last) ? 'check' : 'refuse');
    },
    tick: { ms: 100, run: (_, serverNow) => updateCountdowns(main, serverNow) },
    announce: (v, before) => partyWords(v, before, last),
  });
  return () => game.close();
}

/** Whether a round settled with its proof met (not missed, not set aside). @param {RoundSettled} round */
function roundWon(round) {
  return 'success' in round.result && round.result.success;
}

/** Runs the countdowns drawn on the page on to `now`. @param {ParentNode} root @param {number} now */
function updateCountdowns(root, now) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-ends]'))) {
    const ends = Number(el.dataset.ends);
    const total = Number(el.dataset.total);
    const left = Math.max(0, ends - now);
    const bar = el.querySelector('div');
    if (bar) bar.style.width = `${(100 * left) / total}%`;
    const label = root.querySelector(`[data-left="${el.dataset.ends}"]`);
    if (label) label.textContent = t('cm-seconds', { s: (left / 1000).toFixed(1) });
  }
}

/** A bar running out from `ends - total` to `ends`. @param {number} ends @param {number} total @param {number} now */
function countdown(ends, total, now) {
  const left = Math.max(0, ends - now);
  return h('div', { class: 'stack' },
    h('div', { class: 'countdown', 'data-ends': ends, 'data-total': total }, h('div', { style: `width:${(100 * left) / total}%` })),
    h('div', { class: 'muted', 'data-left': ends }, t('cm-seconds', { s: (left / 1000).toFixed(1) })));
}

/**
 * The table before the start: who sits, the link to send, the host's bots and start, a seat
 * for whoever is invited.
 * @param {WaitingView} v @param {PartyContext} ctx
 */
function lobbyView(v, ctx) {
  const you = v.you;
  const host = v.host ?? 0;
  const isHost = you === host;
  const level = h('select', { 'aria-label': t('form-level') }, ...[1, 2, 3, 4, 5, 6].map((l) => h('option', { value: l, selected: l === 3 }, t(l === 6 ? 'cm-botNeverWrong' : 'form-computerLevel', { level: l }))));
  const seats = h('div', { class: 'players' }, ...v.seats.map((s) => h('div', { class: 'player', 'data-seat': s.seat },
    h('span', {}, h('span', { translate: s.bot ? null : 'no' }, seatName(s, v.seats)), registeredMark(s), ' ', s.seat === you ? h('span', { class: 'tag you' }, t('table-you')) : '', s.seat === host ? h('span', { class: 'tag' }, t('cm-host')) : ''),
    isHost && s.seat !== 0 && s.seat !== you ? h('button', { class: 'secondary small', onclick: () => ctx.lobby?.({ op: 'remove', seat: s.seat }) }, t('cm-remove')) : '')));
  const name = h('input', { placeholder: t('form-nickname'), value: nickname(), maxlength: 24, 'aria-label': t('form-nickname') });
  const opts = v.options || {};
  const hostName = seatName(v.seats.find((s) => s.seat === host));
  return h('div', { class: 'stack' },
    h('h1', {}, t('cm-partyTitle')),
    h('div', { class: 'muted' }, t('cm-lobbyLine', { side: t(`cm-side-${opts.side || 'sliding'}`), deck: t(`cm-deck-${opts.deck || 'full'}`), seats: v.seats.length, max: v.max_seats })),
    you === null || you === undefined ? h('div', { class: 'banner', 'data-test': 'invitation' }, t('cm-invited', { name: hostName })) : '',
    shareBox(t('cm-sendLink')),
    h('div', { class: 'card stack' }, h('h2', { class: 'minor' }, t('cm-atTable')), seats,
      isHost ? h('div', { class: 'row' }, level, h('button', { class: 'secondary', 'data-test': 'add-bot', onclick: () => ctx.lobby?.({ op: 'add_bot', level: Number(level.value) }) }, t('cm-addBot')),
        h('button', { 'data-test': 'start', onclick: () => ctx.lobby?.({ op: 'start' }) }, t('cm-start'))) : '',
      you === null || you === undefined
        ? h('div', { class: 'row' }, name, h('button', { 'data-test': 'join', onclick: () => ctx.join?.(name.value.trim() || t('form-defaultName')) }, t('cm-takeSeat')))
        : (isHost ? '' : h('p', { class: 'muted' }, t('cm-waitHost', { name: hostName })))));
}

/**
 * The round just settled: who met or missed what, and an optimal line when it was missed
 * (or met in more moves than needed).
 * @param {CheckmatesSide} side @param {RoundSettled} last @param {(seat: number) => string} name
 */
function lastRound(side, last, name) {
  const r = last.result;
  const proof = 'set_aside' in r ? null : r; // a card set aside had no proof
  const text = roundWords(last, name);
  const missed = !proof || !proof.success || proof.moves > (last.optimum ?? 0);
  const line = missed && last.solution && last.solution.length
    ? animatedLine(side, last.board, last.solution, t('cm-bestLine', { optimum: last.optimum })) : '';
  return h('div', { class: `banner stack ${proof && proof.success ? 'good' : !proof ? '' : 'bad'}`, 'data-test': 'last-round' }, h('div', {}, text), line);
}

/**
 * How a round settled, in words: who met or missed what.
 * @param {RoundSettled} last @param {(seat: number) => string} name
 */
function roundWords(last, name) {
  const r = last.result;
  const proof = 'set_aside' in r ? null : r; // a card set aside had no proof
  return !proof ? t('cm-setAside', { optimum: last.optimum })
    : proof.success && proof.bid === 0 ? t('cm-zeroWon', { name: name(proof.player), stars: stars(last.stars) })
      : proof.success ? t('cm-met', { name: name(proof.player), moves: proof.moves, bid: proof.bid, stars: stars(last.stars), optimum: last.optimum })
        : t(proof.reason === 'zero_not_met' ? 'cm-missedZero' : 'cm-missed', { name: name(proof.player), bid: proof.bid, optimum: last.optimum });
}

/**
 * The name of a party's seat: its player's, or the computer's (numbered apart when several of
 * one level sit at the table).
 * @param {PartyShown} v @param {number} seat
 */
function partyName(v, seat) {
  const p = v.players.find((x) => x.seat === seat);
  return p ? seatName(p, v.players) : t('cm-seat', { seat });
}

/**
 * What a screen reader hears of a party's new view: the numbers called out, the moves of a
 * proof, how the round settled and who won.
 * @param {RoomView<PartyView>} v @param {RoomView<PartyView> | null} before @param {string[] | null} last
 */
function partyWords(v, before, last) {
  if (!before || isWaiting(v)) return '';
  const was = isWaiting(before) ? null : before;
  /** @param {number} seat */
  const name = (seat) => partyName(v, seat);
  const said = [];
  const phase = v.phase;
  if (phase.phase === 'bidding') {
    const known = was && was.phase.phase === 'bidding' && was.round === v.round ? was.phase.bids.length : 0;
    for (const b of phase.bids.slice(known)) said.push(t('cm-says', { name: name(b.player), bid: b.bid }));
  }
  if (phase.phase === 'proving' && last && was && v.board !== was.board) {
    said.push(`${name(phase.prover)}: ${movedWords(v.side, v.board, last)}`);
  }
  if (v.last && JSON.stringify(v.last) !== JSON.stringify(was ? was.last : null)) said.push(roundWords(v.last, name));
  if (v.over && !(was && was.over)) {
    const winners = (v.standings || []).filter((s) => s.winner).map((s) => name(s.player));
    if (winners.length) said.push(t('cm-winners', { names: winners, count: winners.length }));
  }
  return said.join(' ');
}

/**
 * A party: its lobby, or the game, live on its page or read-only in a replay.
 * @param {WaitingView | PartyShown} v @param {PartyContext} ctx
 */
export function partyView(v, ctx) {
  if (!('phase' in v)) return lobbyView(v, ctx);
  const now = ctx.serverNow ? ctx.serverNow() : v.now;
  const you = v.you;
  /** @param {number} seat */
  const name = (seat) => partyName(v, seat);
  const phase = v.phase;
  const prover = 'prover' in phase ? phase.prover : undefined;
  const closed = v.table && v.table.closed;
  const players = h('div', { class: 'players' }, ...v.players.map((p) => h('div', { class: `player${prover === p.seat ? ' active' : ''}`, 'data-player': p.seat },
    h('div', {}, h('strong', { translate: p.bot ? null : 'no' }, name(p.seat)), registeredMark((v.seats || []).find((x) => x.seat === p.seat)), ' ', p.seat === you ? h('span', { class: 'tag you' }, t('table-you')) : '',
      h('div', { class: 'minis' }, ...p.face_up.map((c) => h('span', { title: `${c.task} ${stars(c.stars)}` }, taskCard(v.side, c.task))),
        p.penalties.length ? h('span', { class: 'tag bad' }, t('cm-penalties', { count: p.penalties.length })) : '')),
    h('div', { class: 'stat', 'data-score': p.seat }, p.score))));
  let panel;
  if (v.over) {
    const standings = v.standings || [];
    const winners = standings.filter((s) => s.winner).map((s) => name(s.player));
    panel = h('div', { class: 'stack' },
      closed ? h('div', { class: 'banner bad', 'data-test': 'closed' }, t('table-closed')) : h('div', { class: 'banner good', 'data-test': 'winner' }, h('div', { class: 'stat' }, t('cm-winners', { names: winners, count: winners.length }))),
      standings.length ? h('div', { class: 'scroll-x' }, h('table', {}, h('tr', {}, h('th', {}, t('cm-player')), h('th', {}, t('cm-score')), h('th', {}, t('cm-stars')), h('th', {}, t('cm-penaltyCards'))),
        ...standings.map((s) => h('tr', {}, h('td', {}, name(s.player), s.winner ? ' 🏆' : ''), h('td', {}, s.score), h('td', {}, s.stars), h('td', {}, s.penalties))))) : '',
      standings.length ? h('p', { class: 'muted' }, t('cm-tieRule')) : '',
      ctx.readOnly || !ctx.send ? '' : afterGame(v, ctx.send, name));
  } else if (phase.phase === 'bidding') {
    const lead = phase.bids[phase.bids.length - 1];
    const mine = phase.bids.find((b) => b.player === you);
    const canBid = !ctx.readOnly && you !== null && you !== undefined && !mine;
    const pad = h('div', { class: 'numpad' }, ...Array.from({ length: 14 }, (_, n) => h('button', {
      class: 'secondary', disabled: !canBid || (lead && n >= lead.bid), 'data-bid': n,
      onclick: () => ctx.act?.({ t: 'announce', bid: n }),
    }, n)));
    panel = h('div', { class: 'stack' },
      h('h2', { class: 'minor' }, lead ? t('cm-says', { name: name(lead.player), bid: lead.bid }) : t('cm-howMany')),
      phase.count_ends ? countdown(phase.count_ends, v.count_ms || 5000, now) : h('div', { class: 'muted' }, t('cm-firstCall')),
      h('div', { class: 'bids' }, ...phase.bids.map((b, i) => h('span', { class: `bid${i === phase.bids.length - 1 ? ' lead' : ''}` }, t('cm-bidOf', { name: name(b.player), bid: b.bid })))),
      canBid ? h('div', { class: 'stack' }, h('div', { class: 'muted' }, lead ? t('cm-interrupt') : t('cm-callOut')), pad) : (mine ? h('div', { class: 'muted' }, t('cm-calledOut')) : ''));
  } else if (phase.phase === 'proving') {
    const mineToProve = phase.prover === you && !ctx.readOnly;
    panel = h('div', { class: 'stack' },
      h('h2', { class: 'minor' }, t('cm-proves', { name: name(phase.prover), bid: phase.bid, moves: phase.moves.length })),
      mineToProve ? h('div', { class: 'stack' },
        h('p', { class: 'muted' }, t('cm-proveHelp', { input: pointer() })),
        h('div', { class: 'row' },
          h('button', { class: 'secondary', onclick: () => ctx.act?.({ t: 'stop' }) }, t('cm-stop')),
          h('button', { class: 'secondary', onclick: () => ctx.act?.({ t: 'give_up' }) }, t('cm-giveUp')))) : h('p', { class: 'muted' }, t('cm-watchProof')));
  }
  const legal = phase.phase === 'proving' && phase.prover === you && !ctx.readOnly ? v.legal : [];
  return tableLayout({
    title: h('div', { class: 'row', style: 'justify-content:space-between' },
      h('div', {}, h('h1', {}, t('cm-partyTitle')), h('div', { class: 'muted' }, t('cm-partyLine', { side: t(`cm-side-${v.side}`), round: v.round, left: v.cards_left, aside: v.set_aside || 0 }))),
      ctx.readOnly ? '' : h('a', { href: `/replay/${v.id}`, 'data-link': true, class: 'muted' }, t('replay-link'))),
    status: 'card' in phase ? taskBox(v.side, phase.card.task, phase.card.stars) : '',
    board: h('div', { class: 'board-wrap' }, cmBoard(v.side, v.board, { legal, input: ctx.readOnly ? null : ctx.input, last: ctx.last })),
    actions: panel,
    panel: [v.last ? lastRound(v.side, v.last, name) : '', players],
  });
}
