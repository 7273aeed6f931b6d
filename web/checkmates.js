// Check Mates in the browser: solo runs, party rooms and the solver.
import { api, createGame, GameSocket, seatOf, rememberSeat, nickname, rememberNickname } from './api.js';
import { drawBoard, parseBoard, Picker } from './board.js';
import { tokenSymbol, needSymbol } from './pieces.js';
import { h, toast, navigate, fmtTime, stars, attempt, shareBox } from './ui.js';

// --- drawing -------------------------------------------------------------------------------

export function cmBoard(side, text, { legal = [], onMove = null, last = null, picker = null, redraw = () => {} } = {}) {
  const { map, files, ranks } = parseBoard(text);
  const interactive = onMove && legal.length;
  const handlers = interactive ? picker.handlers(legal, onMove, redraw) : {};
  return drawBoard({
    files, ranks, label: `board ${text}`,
    symbol: (sq) => tokenSymbol(side, map.get(sq)),
    selected: interactive ? picker.selected : null,
    dests: interactive ? picker.dests(legal) : null,
    last, ...handlers,
  });
}

export function taskCard(side, text, { coords = false, label } = {}) {
  const { map, files, ranks } = parseBoard(text);
  return drawBoard({
    files, ranks, coords, label: label || `task ${text}`,
    light: '#f7f1e6', dark: '#efe6d6',
    symbol: (sq) => needSymbol(side, map.get(sq)),
  });
}

function taskBox(side, task, starCount, caption = 'task') {
  return h('div', { class: 'board-wrap side-board' },
    h('div', { class: 'caption' }, `${caption} ${starCount ? stars(starCount) : ''}`),
    taskCard(side, task, { label: `task ${task}` }),
    h('div', { class: 'muted', style: 'font-size:12px;text-align:center' }, 'turn it any way, never mirror'));
}

function lastMoveOf(frame) {
  const ev = (frame && frame.d && frame.d.events) || [];
  const m = [...ev].reverse().find((e) => e.mv);
  return m ? m.mv.split('-') : null;
}

// --- the Check Mates page ------------------------------------------------------------------

export function checkmatesHome(main) {
  const side = h('select', {}, h('option', { value: 'sliding' }, 'Sliding side (colours)'), h('option', { value: 'chess' }, 'Chess side (pieces)'));
  const deck = h('select', {}, h('option', { value: 'full' }, 'Full deck'), h('option', { value: 'one-star' }, 'Blitz: 1-star cards (easier)'), h('option', { value: 'two-star' }, 'Blitz: 2-star cards (harder)'));
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const go = async (kind) => {
    rememberNickname(name.value.trim());
    const g = await attempt(() => createGame(kind, { side: side.value, deck: deck.value }));
    if (g) navigate(kind === 'checkmates-solo' ? `/checkmates/solo/${g.id}` : `/checkmates/party/${g.id}`);
  };
  main.append(
    h('h1', {}, 'Check Mates'),
    h('p', { class: 'lead' }, 'Move tokens one square at a time (sliding side) or like chess pieces (chess side) onto the two empty squares. Nothing is captured. The task is met when the board shows its pattern, turned any way you like.'),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, side, deck),
      h('div', { class: 'row' },
        h('button', { onclick: () => go('checkmates-solo'), 'data-test': 'solo' }, 'Solo run: ten tasks against the clock'),
        h('button', { onclick: () => go('checkmates-party'), 'data-test': 'party' }, 'Party room: invite friends and bots'),
        h('a', { href: '/checkmates/solver', 'data-link': true }, 'Solver'))),
    h('h2', {}, 'How to play'),
    h('div', { class: 'card' },
      h('p', {}, 'A card is revealed. Everyone works out, without touching anything, how many moves would make the board show the task. Call out your number: a five-second count starts. Anyone with a lower number may interrupt, once per round, and the count starts again. When a count runs out, its caller proves the number on the board, moving tokens one at a time with no take-backs.'),
      h('p', {}, 'Meet the task within your number and the card is yours, face up, worth its stars. Miss it and it is yours face down: a penalty worth -1. Calling 0 when the board already matches wins the card at once. The board stays as it is for the next card. Most points wins; on a tie, fewer penalty cards.')));
}

// --- solo ----------------------------------------------------------------------------------

export function checkmatesSolo(main, id) {
  const picker = new Picker();
  let view = null;
  let last = null;
  let sock;
  const render = () => {
    if (!view) return;
    main.replaceChildren(soloView(view, {
      picker, last, redraw: render,
      move: (mv) => attempt(() => sock.act({ t: 'move', mv })),
      serverNow: () => sock.serverNow(),
    }));
  };
  sock = new GameSocket(id, (v, frame) => { view = v; last = lastMoveOf(frame) || last; render(); }, toast);
  const timer = setInterval(() => {
    const c = main.querySelector('[data-clock]');
    if (c && view && !view.over) c.textContent = fmtTime(sock.serverNow() - view.started_at);
  }, 100);
  return () => { sock.close(); clearInterval(timer); };
}

export function soloView(v, ctx) {
  const side = v.side;
  const header = h('div', { class: 'row', style: 'justify-content:space-between' },
    h('div', {}, h('h1', {}, 'Check Mates solo'), h('div', { class: 'muted' }, `${side} side · task ${Math.min(v.index + 1, v.total)} of ${v.total}`)),
    h('div', { class: 'clock', 'data-clock': true }, fmtTime(v.elapsed)));
  const history = h('table', {},
    h('tr', {}, h('th', {}, 'Task'), h('th', {}, 'Moves'), h('th', {}, 'Minimum'), h('th', {}, 'Time')),
    ...v.history.map((t, i) => h('tr', {}, h('td', {}, i + 1), h('td', { class: t.moves === t.optimum ? 'good' : '' }, t.moves), h('td', {}, t.optimum), h('td', {}, fmtTime(t.elapsed)))));
  let right;
  if (v.finished) {
    right = h('div', { class: 'stack' },
      h('div', { class: 'banner good', 'data-test': 'rating' }, h('div', { class: 'stat' }, v.rating), `All ten tasks in ${fmtTime(v.elapsed)}.`),
      h('div', { class: 'row' }, h('a', { class: 'button', href: '/checkmates', 'data-link': true }, 'Play again'), h('a', { href: `/replay/${v.id}`, 'data-link': true }, 'Replay')),
      history);
  } else {
    right = h('div', { class: 'stack' },
      h('div', { class: 'boards' }, taskBox(side, v.task, null, 'task')),
      h('p', { class: 'muted' }, ctx.readOnly ? '' : 'Click a token, then an empty square (or drag it). The next task appears as soon as the board meets this one.'),
      history);
  }
  return h('div', { class: 'stack' }, header,
    h('div', { class: 'play' },
      h('div', { class: 'board-wrap main-board' }, cmBoard(side, v.board, { legal: ctx.readOnly ? [] : v.legal, onMove: ctx.move, last: ctx.last, picker: ctx.picker, redraw: ctx.redraw })),
      right));
}

// --- party ---------------------------------------------------------------------------------

export function checkmatesParty(main, id) {
  const picker = new Picker();
  let view = null;
  let last = null;
  let sock;
  const ctx = {
    picker,
    redraw: () => render(),
    act: (intent) => attempt(() => sock.act(intent)),
    lobby: (op) => attempt(() => sock.lobby(op)),
    serverNow: () => sock.serverNow(),
    join: async (name) => {
      rememberNickname(name);
      const r = await attempt(() => api('POST', `/api/games/${id}/join`, { name }));
      if (r) { rememberSeat(id, r.seat, r.token); sock.close(); connect(); }
    },
  };
  const render = () => { if (view) { ctx.last = last; main.replaceChildren(partyView(view, ctx)); } };
  const connect = () => { sock = new GameSocket(id, (v, frame) => { view = v; last = lastMoveOf(frame) || (v.phase && v.phase.phase === 'bidding' ? null : last); render(); }, toast); };
  connect();
  const timer = setInterval(() => updateCountdowns(main, sock.serverNow()), 100);
  return () => { sock.close(); clearInterval(timer); };
}

function updateCountdowns(root, now) {
  for (const el of root.querySelectorAll('[data-ends]')) {
    const ends = Number(el.dataset.ends);
    const total = Number(el.dataset.total);
    const left = Math.max(0, ends - now);
    const bar = el.querySelector('div');
    if (bar) bar.style.width = `${(100 * left) / total}%`;
    const label = root.querySelector(`[data-left="${el.dataset.ends}"]`);
    if (label) label.textContent = `${(left / 1000).toFixed(1)} s`;
  }
}

function countdown(ends, total, now) {
  const left = Math.max(0, ends - now);
  return h('div', { class: 'stack' },
    h('div', { class: 'countdown', 'data-ends': ends, 'data-total': total }, h('div', { style: `width:${(100 * left) / total}%` })),
    h('div', { class: 'muted', 'data-left': ends }, `${(left / 1000).toFixed(1)} s`));
}

function lobbyView(v, ctx) {
  const you = v.you;
  const host = you === 0;
  const level = h('select', {}, ...[1, 2, 3, 4, 5, 6].map((l) => h('option', { value: l, selected: l === 3 }, `Bot level ${l}${l === 6 ? ' (never wrong)' : ''}`)));
  const seats = h('div', { class: 'players' }, ...v.seats.map((s) => h('div', { class: 'player' },
    h('span', {}, s.name, ' ', s.bot ? h('span', { class: 'tag' }, `bot ${s.bot}`) : '', s.seat === you ? h('span', { class: 'tag you' }, 'you') : ''),
    host && s.seat !== 0 ? h('button', { class: 'secondary small', onclick: () => ctx.lobby({ op: 'remove', seat: s.seat }) }, 'Remove') : '')));
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const opts = v.options || {};
  return h('div', { class: 'stack' },
    h('h1', {}, 'Check Mates party'),
    h('div', { class: 'muted' }, `${opts.side || 'sliding'} side · ${opts.deck || 'full'} deck · ${v.seats.length} of ${v.max_seats} seats`),
    shareBox('Send this link to the players:'),
    h('div', { class: 'card stack' }, h('h3', {}, 'At the table'), seats,
      host ? h('div', { class: 'row' }, level, h('button', { class: 'secondary', 'data-test': 'add-bot', onclick: () => ctx.lobby({ op: 'add_bot', level: Number(level.value) }) }, 'Add a bot'),
        h('button', { 'data-test': 'start', onclick: () => ctx.lobby({ op: 'start' }) }, 'Start the game')) : '',
      you === null || you === undefined
        ? h('div', { class: 'row' }, name, h('button', { 'data-test': 'join', onclick: () => ctx.join(name.value.trim() || 'Player') }, 'Take a seat'))
        : (host ? '' : h('p', { class: 'muted' }, 'Waiting for the host to start.'))));
}

export function partyView(v, ctx) {
  if (!v.phase) return lobbyView(v, ctx);
  const now = ctx.serverNow ? ctx.serverNow() : v.now;
  const you = v.you;
  const name = (seat) => (v.players[seat] ? v.players[seat].name : `Seat ${seat}`);
  const phase = v.phase;
  const header = h('div', { class: 'row', style: 'justify-content:space-between' },
    h('div', {}, h('h1', {}, 'Check Mates party'), h('div', { class: 'muted' }, `${v.side} side · round ${v.round} · ${v.cards_left} cards left${v.set_aside ? ` · ${v.set_aside} set aside` : ''}`)),
    ctx.readOnly ? '' : h('a', { href: `/replay/${v.id}`, 'data-link': true, class: 'muted' }, 'replay'));
  const players = h('div', { class: 'players' }, ...v.players.map((p) => h('div', { class: `player${phase.prover === p.seat ? ' active' : ''}`, 'data-player': p.seat },
    h('div', {}, h('strong', {}, p.name), ' ', p.bot ? h('span', { class: 'tag' }, `bot ${p.bot}`) : '', p.seat === you ? h('span', { class: 'tag you' }, 'you') : '',
      h('div', { class: 'minis' }, ...p.face_up.map((c) => h('span', { title: `${c.task} ${stars(c.stars)}` }, taskCard(v.side, c.task))),
        p.penalties.length ? h('span', { class: 'tag bad' }, `${p.penalties.length} penalty`) : '')),
    h('div', { class: 'stat', 'data-score': p.seat }, p.score))));
  let panel;
  if (v.over) {
    const standings = v.standings || [];
    panel = h('div', { class: 'stack' },
      h('div', { class: 'banner good', 'data-test': 'winner' }, h('div', { class: 'stat' }, standings.filter((s) => s.winner).map((s) => name(s.player)).join(' & ') + (standings.filter((s) => s.winner).length > 1 ? ' share the win' : ' wins'))),
      h('table', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Score'), h('th', {}, 'Stars'), h('th', {}, 'Penalties')),
        ...standings.map((s) => h('tr', {}, h('td', {}, name(s.player), s.winner ? ' 🏆' : ''), h('td', {}, s.score), h('td', {}, s.stars), h('td', {}, s.penalties)))),
      h('p', { class: 'muted' }, 'Ties go to the player with fewer penalty cards; players still level share the win.'),
      ctx.readOnly ? '' : h('a', { href: `/replay/${v.id}`, 'data-link': true }, 'Replay this game'));
  } else if (phase.phase === 'bidding') {
    const lead = phase.bids[phase.bids.length - 1];
    const mine = phase.bids.find((b) => b.player === you);
    const canBid = !ctx.readOnly && you !== null && you !== undefined && !mine;
    const pad = h('div', { class: 'numpad' }, ...Array.from({ length: 14 }, (_, n) => h('button', {
      class: 'secondary', disabled: !canBid || (lead && n >= lead.bid), 'data-bid': n,
      onclick: () => ctx.act({ t: 'announce', bid: n }),
    }, n)));
    panel = h('div', { class: 'stack' },
      h('h3', {}, lead ? `${name(lead.player)} says ${lead.bid}` : 'How many moves?'),
      phase.count_ends ? countdown(phase.count_ends, v.count_ms || 5000, now) : h('div', { class: 'muted' }, 'The first to call out a number starts a five-second count.'),
      h('div', { class: 'bids' }, ...phase.bids.map((b, i) => h('span', { class: `bid${i === phase.bids.length - 1 ? ' lead' : ''}` }, `${name(b.player)}: ${b.bid}`))),
      canBid ? h('div', { class: 'stack' }, h('div', { class: 'muted' }, lead ? 'Interrupt with a lower number:' : 'Call out your number:'), pad) : (mine ? h('div', { class: 'muted' }, 'You have called out this round.') : ''));
  } else if (phase.phase === 'proving') {
    const mineToProve = phase.prover === you && !ctx.readOnly;
    panel = h('div', { class: 'stack' },
      h('h3', {}, `${name(phase.prover)} proves ${phase.bid}: ${phase.moves.length} move${phase.moves.length === 1 ? '' : 's'} made`),
      mineToProve ? h('div', { class: 'stack' },
        h('p', { class: 'muted' }, 'Click a token, then an empty square (or drag it). No take-backs.'),
        h('div', { class: 'row' },
          h('button', { class: 'secondary', onclick: () => ctx.act({ t: 'stop' }) }, 'Stop here'),
          h('button', { class: 'secondary', onclick: () => ctx.act({ t: 'give_up' }) }, 'Give up'))) : h('p', { class: 'muted' }, 'Watch the proof.'));
  }
  const lastBox = v.last ? (() => {
    const r = v.last.result;
    const text = r.set_aside ? `Nobody called out in time: the card was set aside. The minimum was ${v.last.optimum}.`
      : r.success && r.bid === 0 ? `${name(r.player)} called 0: the board already met the task. The card (${stars(v.last.stars)}) is theirs.`
      : r.success ? `${name(r.player)} met the task in ${r.moves} of ${r.bid} and takes the card (${stars(v.last.stars)}). The minimum was ${v.last.optimum}.`
        : `${name(r.player)} missed ${r.bid}${r.reason === 'zero_not_met' ? ' (0 was called but the board did not match)' : ''}: a penalty card. The minimum was ${v.last.optimum}.`;
    return h('div', { class: `banner ${r.success ? 'good' : r.set_aside ? '' : 'bad'}`, 'data-test': 'last-round' }, text);
  })() : '';
  const card = phase.card ? taskBox(v.side, phase.card.task, phase.card.stars) : '';
  const legal = phase.phase === 'proving' && phase.prover === you && !ctx.readOnly ? v.legal : [];
  return h('div', { class: 'stack' }, header,
    h('div', { class: 'play' },
      h('div', { class: 'stack' },
        h('div', { class: 'board-wrap main-board' }, cmBoard(v.side, v.board, { legal, onMove: (mv) => ctx.act({ t: 'move', mv }), last: ctx.last, picker: ctx.picker, redraw: ctx.redraw }))),
      h('div', { class: 'stack' }, h('div', { class: 'row', style: 'align-items:flex-start;gap:18px' }, card, h('div', { style: 'flex:1' }, panel)), lastBox, players)));
}

// --- solver --------------------------------------------------------------------------------

const PALETTES = {
  sliding: { board: ['b', 'r', 'g', 'j', '.'], task: ['b', 'r', 'g', '.'], startBoard: 'bgr/.j./rbg', startTask: 'b../r../...' },
  chess: { board: ['R', 'r', 'N', 'n', 'Q', 'q', 'K', '.'], task: ['R', 'N', 'Q', 'w', 'b', '.'], startBoard: 'RnQ/.K./qNr', startTask: 'R.w/.b./Q.b' },
};

function setCell(text, sq, ch) {
  const rows = text.split('/').map((r) => [...r]);
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1));
  rows[rows.length - rank][file] = ch;
  return rows.map((r) => r.join('')).join('/');
}

export function solver(main) {
  const state = { side: 'sliding', board: PALETTES.sliding.startBoard, task: PALETTES.sliding.startTask, pen: 'b', taskPen: 'b', result: null, step: 0, frames: null, playing: null };
  const render = () => {
    const P = PALETTES[state.side];
    const palette = (items, current, symbol, set) => h('div', { class: 'palette' }, ...items.map((ch) => {
      const b = h('button', { class: ch === current ? 'on' : '', title: ch === '.' ? 'empty / any' : ch, 'data-pen': ch, onclick: () => { set(ch); render(); } });
      const sym = symbol(ch);
      b.innerHTML = sym ? `<svg viewBox="0 0 100 100"><use href="#${sym}"/></svg>` : '<svg viewBox="0 0 100 100"><rect x="20" y="20" width="60" height="60" fill="none" stroke="#a99" stroke-dasharray="6 6"/></svg>';
      return b;
    }));
    const frame = state.frames ? state.frames[state.step] : null;
    const shownBoard = frame ? frame.board : state.board;
    const boardSvg = drawBoard({
      ...(() => { const p = parseBoard(shownBoard); return { files: p.files, ranks: p.ranks, symbol: (sq) => tokenSymbol(state.side, p.map.get(sq)) }; })(),
      last: frame ? frame.last : null, label: `board ${shownBoard}`,
      onDown: (sq) => { if (state.frames) return; state.board = setCell(state.board, sq, state.pen); state.result = null; render(); },
    });
    const taskSvg = (() => {
      const p = parseBoard(state.task);
      return drawBoard({ files: 3, ranks: 3, coords: true, light: '#f7f1e6', dark: '#efe6d6', label: `task ${state.task}`, symbol: (sq) => needSymbol(state.side, p.map.get(sq)),
        onDown: (sq) => { state.task = setCell(state.task, sq, state.taskPen); state.result = null; state.frames = null; render(); } });
    })();
    const boardInput = h('input', { value: state.board, size: 12, 'data-test': 'board-text', onchange: (e) => { state.board = e.target.value.trim(); state.frames = null; state.result = null; render(); } });
    const taskInput = h('input', { value: state.task, size: 12, 'data-test': 'task-text', onchange: (e) => { state.task = e.target.value.trim(); state.frames = null; state.result = null; render(); } });
    const sideSel = h('select', { onchange: (e) => { state.side = e.target.value; const Q = PALETTES[state.side]; Object.assign(state, { board: Q.startBoard, task: Q.startTask, pen: Q.board[0], taskPen: Q.task[0], result: null, frames: null }); render(); } },
      h('option', { value: 'sliding', selected: state.side === 'sliding' }, 'Sliding side'), h('option', { value: 'chess', selected: state.side === 'chess' }, 'Chess side'));
    const solve = async () => {
      stop();
      const r = await attempt(() => api('POST', '/api/solve/checkmates', { side: state.side, board: state.board, task: state.task }));
      if (!r) return;
      state.result = r;
      if (r.moves === null) { state.frames = null; render(); return; }
      let b = state.board;
      state.frames = [{ board: b, last: null }];
      for (const m of r.solution) {
        const [from, to] = m.split('-');
        const p = parseBoard(b);
        b = setCell(setCell(b, to, p.map.get(from)), from, '.');
        state.frames.push({ board: b, last: [from, to], move: m });
      }
      state.step = 0;
      play();
    };
    const stop = () => { clearInterval(state.playing); state.playing = null; };
    const play = () => {
      stop();
      if (state.step >= state.frames.length - 1) state.step = 0;
      state.playing = setInterval(() => { if (state.step < state.frames.length - 1) { state.step++; render(); } else stop(); }, 800);
      render();
    };
    const result = state.result ? (state.result.moves === null
      ? h('div', { class: 'banner bad', 'data-test': 'result' }, 'Unsolvable: no board reachable from this one meets the task in any rotation.')
      : h('div', { class: 'banner good stack', 'data-test': 'result' },
        h('div', {}, h('strong', {}, `Minimum: ${state.result.moves} move${state.result.moves === 1 ? '' : 's'}`), ` (the task turned ${state.result.rotation}°)`),
        h('div', {}, state.result.solution.map((m, i) => h('span', { class: `tag${i + 1 === state.step ? ' you' : ''}`, style: 'margin-right:4px' }, m))),
        h('div', { class: 'row' },
          h('button', { class: 'secondary small', onclick: () => { stop(); state.step = 0; render(); } }, '«'),
          h('button', { class: 'secondary small', onclick: () => { stop(); state.step = Math.max(0, state.step - 1); render(); } }, '◀'),
          h('button', { class: 'small', onclick: () => (state.playing ? (stop(), render()) : play()) }, state.playing ? 'Pause' : 'Play'),
          h('button', { class: 'secondary small', onclick: () => { stop(); state.step = Math.min(state.frames.length - 1, state.step + 1); render(); } }, '▶'),
          h('button', { class: 'secondary small', onclick: () => { stop(); state.frames = null; state.result = null; state.step = 0; render(); } }, 'Edit'),
          h('span', { class: 'muted', 'data-test': 'step' }, `move ${state.step} of ${state.frames.length - 1}`)))) : '';
    main.replaceChildren(h('div', { class: 'stack' },
      h('h1', {}, 'Check Mates solver'),
      h('p', { class: 'lead' }, 'Set up a board and a task by clicking, and see the least number of moves with one optimal solution.'),
      h('div', { class: 'row' }, sideSel, h('button', { onclick: solve, 'data-test': 'solve' }, 'Solve')),
      h('div', { class: 'play' },
        h('div', { class: 'stack' }, h('div', { class: 'caption muted' }, 'Board: pick a token, click squares'), palette(P.board, state.pen, (ch) => tokenSymbol(state.side, ch), (ch) => { state.pen = ch; }),
          h('div', { class: 'board-wrap main-board' }, boardSvg), h('div', { class: 'row' }, 'Board ', boardInput)),
        h('div', { class: 'stack' }, h('div', { class: 'caption muted' }, 'Task: pick a constraint, click squares'), palette(P.task, state.taskPen, (ch) => needSymbol(state.side, ch), (ch) => { state.taskPen = ch; }),
          h('div', { class: 'board-wrap', style: 'width:220px' }, taskSvg), h('div', { class: 'row' }, 'Task ', taskInput), result))));
  };
  render();
  return () => clearInterval(state.playing);
}
