// The Royal Study in the browser: solo play and matches against a friend or a bot.
import { GameSocket, nickname } from './api.js';
import { drawBoard, parseBoard, BoardInput } from './board.js';
import { royalSymbol } from './pieces.js';
import { h, toast, attempt, shareBox, tableLayout } from './ui.js';
import { t, royalLabel } from './text.js';
import { afterGame, followTable, startGame, nicknameField, takeSeat, registeredMark } from './table.js';
import { play } from './sound.js';
import { rulesLink } from './rules.js';
import { printDeck } from './print.js';

/** Five pieces on 3x3; with `input` and `legal` ("a1-a2" moves) it can be played on. */
export function royalBoard(text, { legal = [], input = null, last = null, coords = true, label } = {}) {
  const { map, files, ranks } = parseBoard(text);
  if (input) input.bind({ moves: legal.map((m) => m.split('-')) });
  return drawBoard({
    files, ranks, coords, label: label || t('label-pieces', { layout: text }), last, input,
    piece: (sq) => { const s = royalSymbol(map.get(sq)); return s ? { symbol: s, label: royalLabel(map.get(sq)) } : null; },
  });
}

function cardBox(text, caption) {
  return h('div', { class: 'board-wrap side-board' }, h('div', { class: 'caption' }, caption),
    royalBoard(text, { coords: false, label: t('label-card', { layout: text }) }));
}

const ACTIONS = [['turn-', '⟲', 'royal-turnLeft', 2], ['turn+', '⟳', 'royal-turnRight', 2], ['mirror-lr', '⇆', 'royal-mirrorLr', 3], ['mirror-tb', '⇅', 'royal-mirrorTb', 3]];

function cardButtons(level, cards, act, disabled) {
  return h('div', { class: 'stack' }, ...cards.map((_, i) => h('div', { class: 'row' },
    cards.length > 1 ? h('span', { class: 'muted' }, t('royal-cardN', { n: i + 1 })) : '',
    ...ACTIONS.filter(([, , , min]) => level >= min).map(([a, icon, key]) => h('button', {
      class: 'secondary small', disabled, 'data-action': cards.length > 1 ? `${i + 1}:${a}` : a, title: t(key), 'aria-label': t(key),
      onclick: () => act({ t: 'card', card: cards.length > 1 ? i + 1 : null, action: a }),
    }, icon, ' ', t(key))))));
}

function lastMoveOf(frame) {
  const ev = (frame && frame.d && frame.d.events) || [];
  const m = [...ev].reverse().find((e) => e.step && e.step.includes('-') && /\d/.test(e.step) && !e.step.includes(':') && !e.step.startsWith('mirror'));
  return m ? m.step.split('-') : null;
}

export function royalHome(main) {
  const level = h('select', { 'aria-label': t('royal-level') }, ...[1, 2, 3].map((l) => h('option', { value: l }, t(`royal-level-${l}`))));
  const bonus = h('input', { type: 'checkbox' });
  const bot = h('select', { 'data-test': 'bot-level', 'aria-label': t('form-level') }, ...[1, 2, 3, 4, 5, 6].map((l) => h('option', { value: l, selected: l === 3 }, t(l === 6 ? 'cm-botNeverWrong' : 'cm-botLevel', { level: l }))));
  // a match's clocks: the hourglass for challenges, and the rules' optional execution limit
  const hourglass = h('select', { 'data-test': 'hourglass', 'aria-label': t('royal-hourglass') }, ...[30, 60, 90, 120].map((s) => h('option', { value: s * 1000, selected: s === 60 }, t('royal-hourglassS', { s }))));
  const execLimit = h('select', { 'data-test': 'execution-limit', 'aria-label': t('royal-execLimit') }, h('option', { value: '' }, t('royal-noExecLimit')),
    ...[30, 60, 120].map((s) => h('option', { value: s * 1000 }, t('royal-execWithin', { s }))));
  const name = nicknameField();
  const go = (kind, bots) => {
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

export function royalSolo(main, id) {
  let view = null;
  let last = null;
  let sock;
  const act = (i) => attempt(() => sock.act(i));
  const input = new BoardInput({ onMove: (a, b) => act({ t: 'move', mv: `${a}-${b}` }), redraw: () => render() });
  const render = () => {
    if (!view || input.busy()) return;
    main.replaceChildren(royalSoloView(view, { input, last, act }));
  };
  sock = new GameSocket(id, (v, frame) => {
    const before = view;
    view = v;
    last = lastMoveOf(frame) || (v.count === 0 ? null : last);
    if (before && v.complete && !before.complete) play('end');
    else if (lastMoveOf(frame)) play('move');
    render();
  }, toast);
  return () => sock.close();
}

export function royalSoloView(v, ctx) {
  const result = v.results[v.results.length - 1] || {};
  const ro = ctx.readOnly;
  const cards = v.oriented.map((c, i) => cardBox(c, v.oriented.length > 1 ? t('royal-cardN', { n: i + 1 }) : t('royal-card')));
  const status = v.complete
    ? h('div', { class: `banner ${v.count === v.optimum ? 'good' : ''}`, 'data-test': 'complete' },
      h('div', { class: 'stat' }, t('royal-doneIn', { count: v.count })), t('royal-best', { best: result.best, optimum: v.optimum }))
    : h('div', { class: 'row' }, h('span', { class: 'stat', 'data-test': 'count' }, `${v.count}`), h('span', { class: 'muted' }, t('royal-countHelp')));
  const actions = v.complete
    ? (ro ? '' : [h('button', { class: 'secondary', onclick: () => ctx.act({ t: 'retry' }) }, t('royal-retry')), h('button', { 'data-test': 'next', onclick: () => ctx.act({ t: 'next' }) }, t('royal-nextCard'))])
    : [v.level > 1 && !ro ? cardButtons(v.level, v.cards, ctx.act, false) : '', ro ? '' : h('button', { class: 'secondary small', onclick: () => ctx.act({ t: 'retry' }) }, t('royal-restart'))];
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

export function royalMatch(main, id) {
  let view = null;
  let last = null;
  let sock;
  const input = new BoardInput({ onMove: (a, b) => ctx.act({ t: 'move', mv: `${a}-${b}` }), redraw: () => render() });
  const ctx = {
    input,
    act: (i) => attempt(() => sock.act(i)),
    send: (i) => sock.act(i),
    serverNow: () => sock.serverNow(),
    join: (name) => takeSeat(id, name, () => { sock.close(); connect(); }),
  };
  const render = () => {
    if (!view || input.busy()) return;
    if (followTable(view, id)) return;
    ctx.last = last;
    main.replaceChildren(matchView(view, ctx));
  };
  const connect = () => {
    sock = new GameSocket(id, (v, frame) => {
      const before = view;
      view = v;
      last = lastMoveOf(frame) || last;
      if (before && v.over && !before.over) play('end');
      else if (lastMoveOf(frame)) play('move');
      render();
    }, toast);
  };
  connect();
  const timer = setInterval(() => {
    const el = main.querySelector('[data-sand]');
    if (el && view && view.phase && view.phase.ends) el.textContent = secondsLeft(view.phase.ends, ctx);
    const left = main.querySelector('[data-exec-clock]');
    if (left && view && view.phase && view.phase.deadline) left.textContent = t('royal-left', { time: secondsLeft(view.phase.deadline, ctx) });
  }, 200);
  return () => { sock.close(); clearInterval(timer); };
}

// Whole seconds from the server's now until `at` (a server time), as `12 s`.
function secondsLeft(at, ctx) {
  if (!ctx.serverNow) return '';
  return t('cm-seconds', { s: Math.max(0, (at - ctx.serverNow()) / 1000).toFixed(0) });
}

export function matchView(v, ctx) {
  if (!v.phase) {
    const name = h('input', { placeholder: t('form-nickname'), value: nickname(), maxlength: 24, 'aria-label': t('form-nickname') });
    const host = (v.seats || [])[0];
    return h('div', { class: 'stack' }, h('h1', {}, t('royal-matchTitle')),
      v.you === 0 ? shareBox(t('royal-waiting'))
        : h('div', { class: 'card stack', 'data-test': 'invitation' },
          h('p', {}, t('invite-from', { name: host ? host.name : '?', game: t('royal-matchTitle') })),
          h('div', { class: 'row' }, name, h('button', { 'data-test': 'join', onclick: () => ctx.join(name.value.trim() || t('form-defaultName')) }, t('invite-take')))));
  }
  const you = v.you;
  const name = (s) => (v.players[s] ? v.players[s].name : t('cm-seat', { seat: s }));
  const ph = v.phase;
  const ro = ctx.readOnly;
  const scores = h('div', { class: 'row' }, ...v.players.map((p) => h('div', { class: 'player', 'data-player': p.seat },
    h('span', {}, h('strong', {}, p.name), registeredMark(p), ' ', p.bot ? h('span', { class: 'tag' }, t('cm-bot', { level: p.bot })) : '', p.seat === you ? h('span', { class: 'tag you' }, t('table-you')) : ''),
    h('span', { class: 'stat', 'data-score': p.seat }, v.scores[p.seat]))));
  let panel;
  const shown = ph.phase === 'executing' ? ph.oriented : v.cards;
  if (ph.phase === 'announcing') {
    panel = h('div', { class: 'stack' }, h('h3', {}, t('cm-howMany')),
      ro || you === null ? '' : h('div', { class: 'numpad' }, ...Array.from({ length: 21 }, (_, n) => h('button', { class: 'secondary', 'data-bid': n, onclick: () => ctx.act({ t: 'announce', bid: n }) }, n))));
  } else if (ph.phase === 'hourglass') {
    const opponent = you !== null && you !== undefined && you !== ph.announcer && !ro;
    panel = h('div', { class: 'stack' }, h('h3', {}, t('royal-announces', { name: name(ph.announcer), bid: ph.bid })), h('div', { class: 'clock', 'data-sand': true }, secondsLeft(ph.ends, ctx)),
      opponent ? h('div', { class: 'row' },
        h('button', { 'data-test': 'challenge', onclick: () => ctx.act({ t: 'challenge' }) }, t('royal-challenge')),
        h('button', { class: 'secondary', onclick: () => ctx.act({ t: 'accept' }) }, t('royal-letThem'))) : h('p', { class: 'muted' }, t('royal-sand')));
  } else if (ph.phase === 'executing') {
    const mine = ph.executor === you && !ro;
    panel = h('div', { class: 'stack' }, h('h3', {}, t(ph.role === 'challenger' ? 'royal-executesFewer' : 'royal-executesWithin', { name: name(ph.executor), bid: ph.bid })),
      h('div', { class: 'row' }, h('span', { class: 'stat', 'data-test': 'count' }, `${ph.count}`), h('span', { class: 'muted' }, t('royal-countHelp'))),
      ph.deadline ? h('div', { class: 'clock', 'data-exec-clock': true }, t('royal-left', { time: secondsLeft(ph.deadline, ctx) })) : '',
      mine ? h('div', { class: 'stack' }, v.level > 1 ? cardButtons(v.level, v.cards, ctx.act, false) : '', h('button', { class: 'secondary small', onclick: () => ctx.act({ t: 'give_up' }) }, t('cm-giveUp'))) : '');
  } else {
    const closed = v.table && v.table.closed;
    panel = h('div', { class: 'stack' },
      closed ? h('div', { class: 'banner bad', 'data-test': 'closed' }, t('table-closed'))
        : h('div', { class: 'banner good', 'data-test': 'winner' }, h('div', { class: 'stat' }, ph.winner === null ? t('royal-draw') : t('royal-wins', { name: name(ph.winner) })), `${v.scores[0]} : ${v.scores[1]}`),
      ro ? '' : afterGame(v, (i) => ctx.send(i), name));
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

