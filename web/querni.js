// Querni in the browser: against the computer, two people at one screen, or online by link.
//
// A turn is built on the board and sent whole: tap a piece to see where it can go (jump paths
// drawn), tap a destination; then, if you like, tap the first and last piece of a chain to
// remove it; "End of turn" sends it, "Cancel" starts again. The server checks everything.
import { api, createGame, GameSocket, nickname, rememberNickname } from './api.js';
import { h, toast, navigate, attempt, shareBox } from './ui.js';
import { waitingRoom, seatName } from './duel.js';

const NS = 'http://www.w3.org/2000/svg';
const S = 60;
const FILES = 10;
const RANKS = 7;

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const sqName = (i) => String.fromCharCode(97 + (i % FILES)) + (Math.floor(i / FILES) + 1);
const sqIndex = (name) => (name.charCodeAt(0) - 97) + (Number(name.slice(1)) - 1) * FILES;
const center = (name) => {
  const i = sqIndex(name);
  const f = i % FILES;
  const r = Math.floor(i / FILES);
  return [26 + f * S + S / 2, (RANKS - 1 - r) * S + S / 2];
};

// The squares a written turn touches: every landing square of its movement.
function turnSquares(text) {
  const mv = (text || '').split(' ').find((p) => /^[a-j]\d/.test(p));
  if (!mv) return [];
  return mv.split(/[-:]/);
}

/**
 * Draws the board. `cells`: 70 entries {side, n} or null. Options: selected square, dests
 * (Map to -> path), path (array of squares, drawn), last (array of squares), chain (Set of
 * squares), onTap(square).
 */
export function querniBoard(cells, o = {}) {
  const svg = el('svg', { viewBox: `0 0 ${FILES * S + 26} ${RANKS * S + 26}`, class: 'board querni', role: 'img', 'aria-label': 'Querni board' });
  for (let r = 0; r < RANKS; r++) {
    for (let f = 0; f < FILES; f++) {
      const name = sqName(r * FILES + f);
      const x = 26 + f * S;
      const y = (RANKS - 1 - r) * S;
      svg.append(el('rect', { x, y, width: S, height: S, class: 'sq', fill: (f + r) % 2 ? 'var(--light)' : '#e9dcc4', 'data-sq': name }));
      if (o.last && o.last.includes(name)) svg.append(el('rect', { x, y, width: S, height: S, class: 'last' }));
      if (o.selected === name) svg.append(el('rect', { x, y, width: S, height: S, class: 'sel' }));
    }
  }
  const drawPath = (path, cls) => {
    if (!path || path.length < 2) return;
    const pts = path.map(center).map(([x, y]) => `${x},${y}`).join(' ');
    svg.append(el('polyline', { points: pts, class: cls, fill: 'none' }));
  };
  if (o.lastPath) drawPath(o.lastPath, 'qpath last-path');
  if (o.dests) for (const path of o.dests.values()) drawPath(path, 'qpath');
  if (o.path) drawPath(o.path, 'qpath chosen');
  cells.forEach((c, i) => {
    if (!c) return;
    const name = sqName(i);
    const [x, y] = center(name);
    const g = el('g', { 'data-piece': name, class: `qpiece ${c.side}` });
    g.append(el('circle', { cx: x, cy: y, r: S * 0.42, class: o.chain && o.chain.has(name) ? 'chain' : '' }));
    g.append(el('text', { x, y: y + 7, 'text-anchor': 'middle' }, String(c.n)));
    g.style.pointerEvents = 'none';
    svg.append(g);
  });
  if (o.dests) {
    for (const to of o.dests.keys()) {
      const [x, y] = center(to);
      svg.append(el('circle', { cx: x, cy: y, r: 10, class: 'dest', 'data-dest': to, style: 'pointer-events:none' }));
    }
  }
  for (let f = 0; f < FILES; f++) svg.append(el('text', { x: 26 + f * S + S / 2, y: RANKS * S + 19, 'text-anchor': 'middle', class: 'coord' }, String.fromCharCode(97 + f)));
  for (let r = 0; r < RANKS; r++) svg.append(el('text', { x: 12, y: (RANKS - 1 - r) * S + S / 2 + 5, 'text-anchor': 'middle', class: 'coord' }, String(r + 1)));
  svg.addEventListener('pointerdown', (e) => {
    const t = document.elementFromPoint(e.clientX, e.clientY);
    const sq = t && t.getAttribute && t.getAttribute('data-sq');
    if (sq && o.onTap) { e.preventDefault(); o.onTap(sq); }
  });
  return svg;
}

export function querniHome(main) {
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const level = h('select', { 'data-test': 'level' }, ...[1, 2, 3, 4, 5].map((l) => h('option', { value: l, selected: l === 3 }, `Computer level ${l}${l === 5 ? ' (strongest)' : ''}`)));
  const color = h('select', { 'data-test': 'color' }, h('option', { value: 'blue' }, 'I play blue (first)'), h('option', { value: 'red' }, 'I play red'));
  const go = async (kind, bots) => {
    rememberNickname(name.value.trim());
    const g = await attempt(() => createGame(kind, { color: color.value }, bots));
    if (g) navigate(`/querni/play/${g.id}`);
  };
  main.append(
    h('h1', {}, 'Querni'),
    h('p', { class: 'lead' }, 'Sixteen numbered pieces each on a 10x7 board. Move, then lift off chains of three or more of your consecutive numbers standing next to one another. Clear your board first to win.'),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, color),
      h('div', { class: 'row' }, level, h('button', { 'data-test': 'vs-computer', onclick: () => go('querni', [Number(level.value)]) }, 'Play the computer')),
      h('div', { class: 'row' },
        h('button', { class: 'secondary', 'data-test': 'vs-friend', onclick: () => go('querni', []) }, 'Play a friend online'),
        h('button', { class: 'secondary', 'data-test': 'one-screen', onclick: () => go('querni-local', []) }, 'Two players, one screen'))),
    h('h2', {}, 'How to play'),
    h('div', { class: 'card' },
      h('p', {}, 'On your turn, move one piece: step to any of the eight neighbouring empty squares, or jump over one neighbouring piece (of either colour) in a straight line to the empty square beyond, and keep jumping, changing direction if you like, never landing twice on the same square. A step and jumps are never mixed.'),
      h('p', {}, 'Then you may remove one chain: three or more of your pieces with consecutive numbers (say 4, 5, 6), each touching the one numbered one less. You may remove part of a chain, or wait. You may also pass.'),
      h('p', {}, 'Remove all sixteen to win. But a removal that leaves any of your numbers in a run shorter than three (they could never form a chain again) loses at once. Thirty turns in a row without a removal is a draw.')));
}

export function querniPlay(main, id) {
  let view = null;
  let sock;
  // the turn being built
  let sel = null; // selected piece square
  let move = null; // chosen movement {from, to, path, text, removals}
  let chainStart = null; // number of the first tapped chain piece
  let removal = null; // [low, high]
  const reset = () => { sel = null; move = null; chainStart = null; removal = null; };

  const cellsNow = () => {
    const cells = view.cells.slice();
    if (move) {
      const from = sqIndex(move.from);
      cells[sqIndex(move.to)] = cells[from];
      cells[from] = null;
    }
    return cells;
  };
  const mySide = () => view.turn;
  const available = () => (move ? move.removals : view.legal.removals);
  const numberAt = (sq) => { const c = cellsNow()[sqIndex(sq)]; return c && c.side === mySide() ? c.n : null; };

  const tap = (sq) => {
    if (!view || !view.your_turn) return;
    const legal = view.legal;
    if (!move) {
      const dest = sel && legal.movements.find((m) => m.from === sel && m.to === sq);
      if (dest) { move = dest; sel = null; render(); return; }
      const n = numberAt(sq);
      // a second own piece that closes a removable chain with the first: remove without moving
      if (sel && n !== null) {
        const a = numberAt(sel);
        const pair = [Math.min(a, n), Math.max(a, n)];
        if (available().some(([lo, hi]) => lo === pair[0] && hi === pair[1])) { removal = pair; sel = null; render(); return; }
      }
      sel = legal.movements.some((m) => m.from === sq) ? sq : (n !== null ? sq : null);
      render();
      return;
    }
    const n = numberAt(sq);
    if (n === null) return;
    if (chainStart === null || removal) { chainStart = n; removal = null; render(); return; }
    const pair = [Math.min(chainStart, n), Math.max(chainStart, n)];
    const found = available().find(([lo, hi]) => lo === pair[0] && hi === pair[1]);
    if (found) {
      removal = pair;
      if (found[2]) toast(`Careful: removing ${pair[0]}-${pair[1]} strands numbers that can never form a chain again; you would lose at once.`);
    } else { toast(`${pair[0]}-${pair[1]} is not a chain you can remove`); chainStart = null; }
    render();
  };

  const turnText = () => {
    const parts = [];
    if (move) parts.push(move.text);
    if (removal) parts.push(`x${removal[0]}-${removal[1]}`);
    return parts.join(' ') || 'pass';
  };
  const send = async (turn) => {
    const done = await attempt(() => sock.act({ t: 'turn', turn }));
    if (done) reset();
    render();
  };

  const render = () => {
    if (!view) return;
    if (view.status === 'lobby') {
      main.replaceChildren(waitingRoom('Querni', view, id, () => { sock.close(); connect(); }));
      return;
    }
    const history = view.history || [];
    const lastTurn = history.length ? history[history.length - 1] : null;
    const lastSquares = lastTurn ? turnSquares(lastTurn.turn) : [];
    let dests = null;
    if (sel && !move && view.your_turn) {
      dests = new Map(view.legal.movements.filter((m) => m.from === sel).map((m) => [m.to, m.path]));
    }
    const chain = new Set();
    const cells = cellsNow();
    if (removal) cells.forEach((c, i) => { if (c && c.side === mySide() && c.n >= removal[0] && c.n <= removal[1]) chain.add(sqName(i)); });
    else if (chainStart !== null) cells.forEach((c, i) => { if (c && c.side === mySide() && c.n === chainStart) chain.add(sqName(i)); });
    const board = querniBoard(cells, {
      selected: sel, dests, path: move ? move.path : null, chain, onTap: tap,
      last: move ? [] : lastSquares, lastPath: move ? null : lastSquares,
    });
    const who = (side) => seatName(view, view.sides[side]);
    const status = view.over
      ? h('div', { class: 'banner good', 'data-test': 'result' }, `Game over: ${view.result}`)
      : h('div', { class: 'banner', 'data-test': 'to-move' }, view.your_turn ? `Your turn (${view.turn})` : `${who(view.turn)} (${view.turn}) to play`);
    const building = view.your_turn ? h('div', { class: 'stack' },
      h('div', { class: 'muted', 'data-test': 'pending' }, `Your turn so far: ${turnText()}`),
      h('div', { class: 'row' },
        h('button', { 'data-test': 'end-turn', onclick: () => send(turnText()) }, 'End of turn'),
        h('button', { class: 'secondary', 'data-test': 'cancel', onclick: () => { reset(); render(); } }, 'Cancel'),
        h('button', { class: 'secondary', 'data-test': 'hint', onclick: async () => {
          const r = await attempt(() => api('POST', '/api/querni/hint', { position: view.position }));
          if (r) toast(`Hint: ${r.turn}`);
        } }, 'Hint'),
        h('button', { class: 'secondary', onclick: () => { if (confirm('Resign this game?')) attempt(() => sock.act({ t: 'resign' })); } }, 'Resign'))) : '';
    main.replaceChildren(
      h('h1', {}, 'Querni'),
      h('div', { class: 'play play-wide' },
        h('div', { class: 'board-wrap querni-wrap' }, board),
        h('div', { class: 'stack' },
          status,
          h('div', { class: 'row' },
            h('span', { class: 'tag blue-tag' }, `Blue: ${who('blue')}, ${view.left.blue} left`),
            h('span', { class: 'tag red-tag' }, `Red: ${who('red')}, ${view.left.red} left`)),
          h('div', { class: 'muted', 'data-test': 'quiet' }, `${view.quiet} of ${view.draw_at} turns without a removal (a draw at ${view.draw_at})`),
          building,
          lastTurn ? h('div', { class: 'muted', 'data-test': 'last-turn' }, `Last turn: ${lastTurn.side} ${lastTurn.turn}`) : '',
          h('details', {}, h('summary', {}, `Turns (${history.length})`), h('ol', { class: 'turns' }, ...history.map((t) => h('li', {}, `${t.side}: ${t.turn}`)))),
          view.one_screen ? '' : shareBox('Link to this game (to watch, or for your opponent):'),
          h('a', { href: `/replay/${id}`, 'data-link': true }, 'Replay'))));
  };

  const connect = () => {
    sock = new GameSocket(id, (v) => {
      const turnChanged = !view || (v.history || []).length !== (view.history || []).length;
      view = v;
      if (turnChanged) reset();
      render();
    }, toast);
  };
  connect();
  return () => sock.close();
}

// A read-only picture of a game state (for replays).
export function querniStatic(view) {
  const history = view.history || [];
  const last = history.length ? turnSquares(history[history.length - 1].turn) : [];
  return h('div', { class: 'play play-wide' },
    h('div', { class: 'board-wrap querni-wrap' }, querniBoard(view.cells, { last, lastPath: last })),
    h('div', { class: 'stack' },
      h('div', { class: 'banner' }, view.over ? `Game over: ${view.result}` : `${view.turn} to play`),
      h('div', { class: 'muted' }, `Blue ${view.left.blue} left, red ${view.left.red} left; ${view.quiet} of ${view.draw_at} turns without a removal`),
      history.length ? h('div', { class: 'muted' }, `Last turn: ${history[history.length - 1].side} ${history[history.length - 1].turn}`) : ''));
}
