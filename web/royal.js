// The Royal Study in the browser: solo play and matches against a friend or a bot.
import { api, createGame, GameSocket, rememberSeat, nickname, rememberNickname } from './api.js';
import { drawBoard, parseBoard, Picker } from './board.js';
import { royalSymbol } from './pieces.js';
import { h, toast, navigate, attempt, shareBox } from './ui.js';

export function royalBoard(text, { legal = [], onMove = null, last = null, picker = null, redraw = () => {}, coords = true, label } = {}) {
  const { map, files, ranks } = parseBoard(text);
  const interactive = onMove && legal.length;
  const handlers = interactive ? picker.handlers(legal, onMove, redraw) : {};
  return drawBoard({
    files, ranks, coords, label: label || `pieces ${text}`,
    symbol: (sq) => royalSymbol(map.get(sq)),
    selected: interactive ? picker.selected : null,
    dests: interactive ? picker.dests(legal) : null, last, ...handlers,
  });
}

function cardBox(text, caption) {
  return h('div', { class: 'board-wrap side-board' }, h('div', { class: 'caption' }, caption),
    royalBoard(text, { coords: false, label: `card ${text}` }));
}

const ACTIONS = [['turn-', '⟲ turn', 2], ['turn+', '⟳ turn', 2], ['mirror-lr', '⇆ mirror', 3], ['mirror-tb', '⇅ mirror', 3]];

function cardButtons(level, cards, act, disabled) {
  return h('div', { class: 'stack' }, ...cards.map((_, i) => h('div', { class: 'row' },
    cards.length > 1 ? h('span', { class: 'muted' }, `card ${i + 1}:`) : '',
    ...ACTIONS.filter(([, , min]) => level >= min).map(([a, label]) => h('button', {
      class: 'secondary small', disabled, 'data-action': cards.length > 1 ? `${i + 1}:${a}` : a,
      onclick: () => act({ t: 'card', card: cards.length > 1 ? i + 1 : null, action: a }),
    }, label)))));
}

function lastMoveOf(frame) {
  const ev = (frame && frame.d && frame.d.events) || [];
  const m = [...ev].reverse().find((e) => e.step && e.step.includes('-') && /\d/.test(e.step) && !e.step.includes(':') && !e.step.startsWith('mirror'));
  return m ? m.step.split('-') : null;
}

export function royalHome(main) {
  const level = h('select', {}, h('option', { value: 1 }, 'Level 1: reach the card'), h('option', { value: 2 }, 'Level 2: you may turn the card'), h('option', { value: 3 }, 'Level 3: turn and mirror'));
  const bonus = h('input', { type: 'checkbox' });
  const bot = h('select', { 'data-test': 'bot-level', 'aria-label': 'Bot level' }, ...[1, 2, 3, 4, 5, 6].map((l) => h('option', { value: l, selected: l === 3 }, `Bot level ${l}${l === 6 ? ' (never wrong)' : ''}`)));
  // a match's clocks: the hourglass for challenges, and the rules' optional execution limit
  const hourglass = h('select', { 'data-test': 'hourglass', 'aria-label': 'Hourglass' }, ...[30, 60, 90, 120].map((s) => h('option', { value: s * 1000, selected: s === 60 }, `Hourglass ${s} s`)));
  const execLimit = h('select', { 'data-test': 'execution-limit', 'aria-label': 'Execution time limit' }, h('option', { value: '' }, 'No execution time limit'),
    ...[30, 60, 120].map((s) => h('option', { value: s * 1000 }, `Execute within ${s} s`)));
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const go = async (kind, bots) => {
    rememberNickname(name.value.trim());
    const options = { level: Number(level.value), bonus: bonus.checked };
    if (kind === 'royal-match') {
      options.hourglass_ms = Number(hourglass.value);
      options.execution_limit_ms = execLimit.value ? Number(execLimit.value) : null;
    }
    const g = await attempt(() => createGame(kind, options, bots));
    if (g) navigate(kind === 'royal-solo' ? `/royal/solo/${g.id}` : `/royal/match/${g.id}`);
  };
  main.append(
    h('h1', {}, 'The Royal Study'),
    h('p', { class: 'lead' }, 'Five pieces on a 3x3 board. Each card shows a layout; reach it in as few chess moves as you can. The bishop stays on dark squares and the knight never visits the centre.'),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, level, h('label', {}, bonus, ' bonus challenge (two cards)')),
      h('div', { class: 'row' },
        h('button', { onclick: () => go('royal-solo', []), 'data-test': 'solo' }, 'Solo')),
      h('div', { class: 'row' }, hourglass, execLimit),
      h('div', { class: 'row' },
        bot, h('button', { onclick: () => go('royal-match', [Number(bot.value)]), 'data-test': 'vs-bot' }, 'Match against the bot'),
        h('button', { class: 'secondary', onclick: () => go('royal-match', []), 'data-test': 'vs-friend' }, 'Match with a friend'))),
    h('h2', {}, 'How to play'),
    h('div', { class: 'card' },
      h('p', {}, 'A card is drawn. The first to announce a number starts the hourglass; before it runs out the opponent may challenge. Unchallenged, the announcer must reach the card within the number; challenged, the challenger must do it in fewer. Whoever succeeds, or whoever the other fails against, scores. The pieces stay where they end; first to six points wins.'),
      h('p', {}, 'At level 2 a quarter turn of the card costs one move; at level 3 mirroring it costs one move too. In the bonus challenge two cards are completed in the order you choose.'),
      h('p', {}, 'A match may also limit the time of an execution (an optional rule): whoever runs out of it loses the point.')));
}

// --- solo ----------------------------------------------------------------------------------

export function royalSolo(main, id) {
  const picker = new Picker();
  let view = null;
  let last = null;
  let sock;
  const render = () => {
    if (!view) return;
    main.replaceChildren(royalSoloView(view, { picker, last, redraw: render, act: (i) => attempt(() => sock.act(i)) }));
  };
  sock = new GameSocket(id, (v, frame) => { view = v; last = lastMoveOf(frame) || (v.count === 0 ? null : last); render(); }, toast);
  return () => sock.close();
}

export function royalSoloView(v, ctx) {
  const result = v.results[v.results.length - 1] || {};
  const ro = ctx.readOnly;
  const cards = v.oriented.map((c, i) => cardBox(c, v.oriented.length > 1 ? `card ${i + 1}` : 'card'));
  const panel = v.complete
    ? h('div', { class: 'stack' },
      h('div', { class: `banner ${v.count === v.optimum ? 'good' : ''}`, 'data-test': 'complete' },
        h('div', { class: 'stat' }, `Done in ${v.count}`), `Your best on this card: ${result.best}. The optimum is ${v.optimum}.`),
      ro ? '' : h('div', { class: 'row' }, h('button', { class: 'secondary', onclick: () => ctx.act({ t: 'retry' }) }, 'Retry from the start'), h('button', { 'data-test': 'next', onclick: () => ctx.act({ t: 'next' }) }, 'Next card')))
    : h('div', { class: 'stack' },
      h('div', { class: 'stat', 'data-test': 'count' }, `${v.count}`), h('div', { class: 'muted' }, 'moves and card actions so far'),
      v.level > 1 && !ro ? cardButtons(v.level, v.cards, ctx.act, false) : '',
      ro ? '' : h('div', { class: 'row' }, h('button', { class: 'secondary small', onclick: () => ctx.act({ t: 'retry' }) }, 'Restart this card')));
  const table = h('table', {}, h('tr', {}, h('th', {}, 'Card'), h('th', {}, 'Best'), h('th', {}, 'Attempts')),
    ...v.results.map((r, i) => h('tr', {}, h('td', {}, i + 1), h('td', {}, r.best ?? '-'), h('td', {}, r.attempts))));
  return h('div', { class: 'stack' },
    h('div', {}, h('h1', {}, 'The Royal Study: solo'), h('div', { class: 'muted' }, `level ${v.level} · card ${v.results.length} · ${v.cards_left} left in the deck`)),
    h('div', { class: 'play' },
      h('div', { class: 'board-wrap main-board' }, royalBoard(v.layout, { legal: ro ? [] : v.legal, onMove: (mv) => ctx.act({ t: 'move', mv }), last: ctx.last, picker: ctx.picker, redraw: ctx.redraw })),
      h('div', { class: 'stack' }, h('div', { class: 'boards' }, ...cards), panel, table)));
}

// --- match ---------------------------------------------------------------------------------

export function royalMatch(main, id) {
  const picker = new Picker();
  let view = null;
  let last = null;
  let sock;
  const ctx = {
    picker,
    redraw: () => render(),
    act: (i) => attempt(() => sock.act(i)),
    serverNow: () => sock.serverNow(),
    join: async (name) => {
      rememberNickname(name);
      const r = await attempt(() => api('POST', `/api/games/${id}/join`, { name }));
      if (r) { rememberSeat(id, r.seat, r.token); sock.close(); connect(); }
    },
  };
  const render = () => { if (view) { ctx.last = last; main.replaceChildren(matchView(view, ctx)); } };
  const connect = () => { sock = new GameSocket(id, (v, frame) => { view = v; last = lastMoveOf(frame) || last; render(); }, toast); };
  connect();
  const timer = setInterval(() => {
    const el = main.querySelector('[data-sand]');
    if (el && view && view.phase && view.phase.ends) el.textContent = secondsLeft(view.phase.ends, ctx);
    const left = main.querySelector('[data-exec-clock]');
    if (left && view && view.phase && view.phase.deadline) left.textContent = `${secondsLeft(view.phase.deadline, ctx)} left`;
  }, 200);
  return () => { sock.close(); clearInterval(timer); };
}

// Whole seconds from the server's now until `at` (a server time), as `12 s`.
function secondsLeft(at, ctx) {
  if (!ctx.serverNow) return '';
  return `${Math.max(0, (at - ctx.serverNow()) / 1000).toFixed(0)} s`;
}

export function matchView(v, ctx) {
  if (!v.phase) {
    const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
    return h('div', { class: 'stack' }, h('h1', {}, 'The Royal Study: match'),
      v.you === 0 ? shareBox('Waiting for your opponent. Send them this link:') : h('div', { class: 'row' }, name, h('button', { 'data-test': 'join', onclick: () => ctx.join(name.value.trim() || 'Player') }, 'Take the empty seat')));
  }
  const you = v.you;
  const name = (s) => (v.players[s] ? v.players[s].name : `Seat ${s}`);
  const ph = v.phase;
  const ro = ctx.readOnly;
  const scores = h('div', { class: 'row' }, ...v.players.map((p) => h('div', { class: 'player', 'data-player': p.seat },
    h('span', {}, h('strong', {}, p.name), ' ', p.bot ? h('span', { class: 'tag' }, `bot ${p.bot}`) : '', p.seat === you ? h('span', { class: 'tag you' }, 'you') : ''),
    h('span', { class: 'stat', 'data-score': p.seat }, v.scores[p.seat]))));
  let panel;
  const shown = ph.phase === 'executing' ? ph.oriented : v.cards;
  if (ph.phase === 'announcing') {
    panel = h('div', { class: 'stack' }, h('h3', {}, 'How many moves?'),
      ro || you === null ? '' : h('div', { class: 'numpad' }, ...Array.from({ length: 21 }, (_, n) => h('button', { class: 'secondary', 'data-bid': n, onclick: () => ctx.act({ t: 'announce', bid: n }) }, n))));
  } else if (ph.phase === 'hourglass') {
    const opponent = you !== null && you !== undefined && you !== ph.announcer && !ro;
    panel = h('div', { class: 'stack' }, h('h3', {}, `${name(ph.announcer)} announces ${ph.bid}`), h('div', { class: 'clock', 'data-sand': true }, secondsLeft(ph.ends, ctx)),
      opponent ? h('div', { class: 'row' },
        h('button', { 'data-test': 'challenge', onclick: () => ctx.act({ t: 'challenge' }) }, `Challenge: I can do it in fewer`),
        h('button', { class: 'secondary', onclick: () => ctx.act({ t: 'accept' }) }, 'Let them play')) : h('p', { class: 'muted' }, 'The opponent may challenge until the sand runs out.'));
  } else if (ph.phase === 'executing') {
    const mine = ph.executor === you && !ro;
    const limit = ph.role === 'challenger' ? `challenged ${ph.bid} and must finish in fewer` : `must finish within ${ph.bid}`;
    panel = h('div', { class: 'stack' }, h('h3', {}, `${name(ph.executor)} executes: ${limit}`), h('div', { class: 'stat', 'data-test': 'count' }, `${ph.count}`), h('div', { class: 'muted' }, 'moves and card actions so far'),
      ph.deadline ? h('div', { class: 'clock', 'data-exec-clock': true }, `${secondsLeft(ph.deadline, ctx)} left`) : '',
      mine ? h('div', { class: 'stack' }, v.level > 1 ? cardButtons(v.level, v.cards, ctx.act, false) : '', h('button', { class: 'secondary small', onclick: () => ctx.act({ t: 'give_up' }) }, 'Give up')) : '');
  } else {
    panel = h('div', { class: 'banner good', 'data-test': 'winner' }, h('div', { class: 'stat' }, ph.winner === null ? 'A draw' : `${name(ph.winner)} wins`), `${v.scores[0]} : ${v.scores[1]}`);
  }
  const lastBox = v.last ? h('div', { class: 'banner', 'data-test': 'last-round' }, `Point to ${name(v.last.scorer)} (${v.last.reason.replaceAll('_', ' ')}). The optimum was ${v.last.optimum}.`) : '';
  const legal = ph.phase === 'executing' && ph.executor === you && !ro ? v.legal : [];
  return h('div', { class: 'stack' },
    h('div', { class: 'row', style: 'justify-content:space-between' }, h('div', {}, h('h1', {}, 'The Royal Study: match'), h('div', { class: 'muted' }, `level ${v.level}${v.bonus ? ' · bonus challenge' : ''} · round ${v.round} · first to ${v.target}`)), scores),
    h('div', { class: 'play' },
      h('div', { class: 'board-wrap main-board' }, royalBoard(v.layout, { legal, onMove: (mv) => ctx.act({ t: 'move', mv }), last: ctx.last, picker: ctx.picker, redraw: ctx.redraw })),
      h('div', { class: 'stack' }, h('div', { class: 'boards' }, ...(shown || []).map((c, i) => cardBox(c, shown.length > 1 ? `card ${i + 1}` : 'card'))), panel, lastBox)));
}
