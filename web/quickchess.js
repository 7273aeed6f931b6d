// QuickChess in the browser: every game of the booklet and 8x8 chess, against the computer,
// two people at one screen, or online by link; Blind QuickChess's hidden setup; and an
// analysis board with the engine's evaluation and best line.
import { api, createGame, GameSocket, nickname, rememberNickname } from './api.js';
import { drawBoard, Picker } from './board.js';
import { chessSymbol } from './pieces.js';
import { h, toast, navigate, attempt, shareBox } from './ui.js';
import { waitingRoom, seatName } from './duel.js';

export const VARIANTS = [
  ['power-pawns', 'Power Pawns (box 2): five pawns each; reach the far edge or capture everything'],
  ['kings-conquest', "King's Conquest (box 3): pawns and a king, which can be captured"],
  ['raging-rooks', 'Raging Rooks (box 4): pawns and a rook'],
  ['bishops', 'Bishops (box 5): pawns and a bishop'],
  ['mean-queens', 'Mean Queens (box 6): pawns and a queen'],
  ['rescue-the-queen', 'Rescue the Queen (box 7): capture all the pawns; the first to the edge becomes a queen'],
  ['krazy-knights', 'Krazy Knights (box 8): pawns and a knight'],
  ['mix:KRN', 'Mix & Match: pawns, king, rook and knight'],
  ['mix:RBQN', 'Mix & Match: pawns, rook, bishop, queen and knight'],
  ['quickchess', 'QuickChess (box 9): full game, box setup; pawns rescue captured pieces'],
  ['quickchess-classic', 'QuickChess, the older setup N Q K B R'],
  ['quickchess-fsf', "QuickChess as Fairy-Stockfish plays it (promotion to a queen only)"],
  ['pawn-blasters', 'Pawn Blasters (box 10): two-square first moves and en passant'],
  ['quickchess+blasters', 'QuickChess with Pawn Blasters'],
  ['queens-pro', "Queen's Pro Formation (box 10) with castling"],
  ['kings-pro', "King's Pro Formation (box 10) with castling"],
  ['blind', 'Blind QuickChess (box 11): each side places its pieces unseen'],
  ['olympics', 'QuickChess Olympics (box 11): five games in a row, a win 1 point, a draw 1/2'],
  ['chess', 'Chess (box 12): the traditional game on 8x8'],
];

function variantSelect(value = 'quickchess') {
  return h('select', { 'data-test': 'variant' }, ...VARIANTS.map(([v, d]) => h('option', { value: v, selected: v === value }, d)));
}

const pieceName = { Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', K: 'king', P: 'pawn' };

function pieceIcon(letter, white) {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'piece-icon');
  const u = document.createElementNS(NS, 'use');
  u.setAttribute('href', `#${white ? 'w' : 'b'}${letter.toUpperCase()}`);
  svg.append(u);
  return svg;
}

/** The squares of the last move to highlight (none after a pass, `0000`). */
function lastSquares(last) {
  return last && last.uci !== '0000' ? [last.uci.slice(0, 2), last.uci.slice(2, 4)] : null;
}

/** A "Pass" button when passing is the side's only legal move (lesson games), else nothing. */
function passButton(legal, send) {
  if (!legal.some((m) => m.pass)) return '';
  return h('div', { class: 'row' },
    h('span', {}, 'No piece can move: '),
    h('button', { 'data-test': 'pass', onclick: () => send('0000') }, 'Pass'));
}

/** A chess board from a view's `board` list; `legal` moves (objects with from/to/uci). */
function chessBoard(v, { legal = [], picker, onMove, redraw, last } = {}) {
  const map = new Map(v.board.map((b) => [b.square, b.piece]));
  const pairs = [...new Set(legal.filter((m) => !m.pass).map((m) => `${m.from}-${m.to}`))];
  const interactive = onMove && pairs.length;
  const handlers = interactive ? picker.handlers(pairs, onMove, redraw) : {};
  return drawBoard({
    files: v.width, ranks: v.height, label: `position ${v.fen || ''}`,
    symbol: (sq) => (map.has(sq) ? chessSymbol(map.get(sq)) : null),
    selected: interactive ? picker.selected : null,
    dests: interactive ? picker.dests(pairs) : null,
    last, ...handlers,
  });
}

/** Resolves a from-to pair to a move, asking for the piece when it promotes or rescues. */
function chooseMove(pair, legal, white, container, send) {
  const [from, to] = pair.split('-');
  const options = legal.filter((m) => m.from === from && m.to === to);
  if (options.length <= 1) { send(options[0].uci); return; }
  const box = h('div', { class: 'card stack promotion', 'data-test': 'promotion' },
    h('div', {}, 'Your pawn reached the last rank. Choose the piece:'),
    h('div', { class: 'row' }, ...options.map((m) => h('button', {
      class: 'secondary piece-choice', 'data-piece': m.promotion, title: pieceName[m.promotion.toUpperCase()],
      onclick: () => { box.remove(); send(m.uci); },
    }, pieceIcon(m.promotion, white), pieceName[m.promotion.toUpperCase()]))));
  container.prepend(box);
}

export function quickchessHome(main) {
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const variant = variantSelect();
  const level = h('select', { 'data-test': 'level' }, ...[1, 2, 3, 4, 5, 6, 7, 8].map((l) => h('option', { value: l, selected: l === 4 }, `Computer level ${l}${l === 8 ? ' (strongest)' : ''}`)));
  const color = h('select', { 'data-test': 'color' }, h('option', { value: 'white' }, 'I play White'), h('option', { value: 'black' }, 'I play Black'));
  const go = async (kind, bots) => {
    rememberNickname(name.value.trim());
    const g = await attempt(() => createGame(kind, { variant: variant.value, color: color.value }, bots));
    if (g) navigate(`/quickchess/play/${g.id}`);
  };
  main.append(
    h('h1', {}, 'QuickChess'),
    h('p', { class: 'lead' }, 'Chess on a 5x6 board, learnt one piece at a time: the booklet\'s lesson games, full QuickChess and its options, up to traditional chess.'),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, variant, color),
      h('div', { class: 'row' }, level, h('button', { 'data-test': 'vs-computer', onclick: () => go('quickchess', [Number(level.value)]) }, 'Play the computer')),
      h('div', { class: 'row' },
        h('button', { class: 'secondary', 'data-test': 'vs-friend', onclick: () => go('quickchess', []) }, 'Play a friend online'),
        h('button', { class: 'secondary', 'data-test': 'one-screen', onclick: () => go('quickchess-local', []) }, 'Two players, one screen'),
        h('a', { class: 'button secondary', href: '/quickchess/analyse', 'data-link': true }, 'Analysis board'))),
    h('h2', {}, 'How to play'),
    h('div', { class: 'card' },
      h('p', {}, 'The pieces move as in chess. In the lesson games there is no check: a pawn reaching the far edge wins, and so does capturing everything; a player who cannot move passes; if nobody can move, the most advanced pawn (then the most pawns) decides.'),
      h('p', {}, 'In full QuickChess a pawn reaching the last rank rescues a piece you have lost (a queen-like prince if you lost none). Pawns move one square, there is no castling, and checkmate wins. Blind QuickChess starts with each player placing the pieces on their half, unseen.')));
}

export function quickchessPlay(main, id) {
  const picker = new Picker();
  let view = null;
  let sock;
  let placing = null; // the piece letter chosen from the palette (Blind setup)
  const send = (uci) => attempt(() => sock.act({ t: 'move', uci }));

  const setupPanel = (v) => {
    const white = v.color === 'white';
    const mine = new Map((v.setup.yours || []).map((p) => [p.square, p.role]));
    const counts = { K: 1, Q: 1, R: 1, B: 1, N: 1, P: 5 };
    for (const r of mine.values()) counts[r] -= 1;
    const half = white ? [1, 2, 3] : [4, 5, 6];
    const board = drawBoard({
      files: 5, ranks: 6, label: 'your setup',
      symbol: (sq) => (mine.has(sq) ? chessSymbol(white ? mine.get(sq) : mine.get(sq).toLowerCase()) : null),
      dests: placing ? new Set(['a', 'b', 'c', 'd', 'e'].flatMap((f) => half.map((r) => `${f}${r}`)).filter((s) => !mine.has(s))) : null,
      onDown: (sq) => {
        if (mine.has(sq)) { attempt(() => sock.act({ t: 'unplace', square: sq })); return; }
        if (placing) { const role = placing; placing = counts[role] > 1 ? role : null; attempt(() => sock.act({ t: 'place', role, square: sq })); }
      },
    });
    const other = white ? 1 : 0;
    return h('div', { class: 'play' },
      h('div', { class: 'board-wrap' }, board),
      h('div', { class: 'stack' },
        h('div', { class: 'banner' }, v.setup.done[white ? 0 : 1] ? 'Your pieces are placed. Waiting for your opponent.' : 'Place your pieces on your half: pick a piece, then a square (tap a placed piece to take it back).'),
        h('div', { class: 'palette' }, ...Object.entries(counts).filter(([, n]) => n > 0).map(([r, n]) => h('button', {
          class: placing === r ? 'on' : '', 'data-role': r, title: `${pieceName[r]} (${n} left)`,
          onclick: () => { placing = r; render(); },
        }, pieceIcon(r, white)))),
        h('div', { class: 'muted', 'data-test': 'opponent-setup' }, `Your opponent has placed ${v.setup.counts[other]} of 10 pieces.`)));
  };

  const seriesPanel = (v) => {
    if (!v.series) return '';
    const sr = v.series;
    const seat = (n) => seatName(v, n);
    const head = sr.over
      ? `The Olympics are over: ${sr.winner === null ? 'a tie' : `${seat(sr.winner)} wins`} (${sr.points[0]} to ${sr.points[1]})`
      : `Olympics, game ${sr.game} of ${sr.of}: ${seat(0)} ${sr.points[0]}, ${seat(1)} ${sr.points[1]}`;
    return h('div', { class: sr.over ? 'banner good' : 'banner', 'data-test': 'series' }, head,
      h('ol', { class: 'turns' }, ...sr.games.map((g, i) => h('li', {}, g, sr.results[i] ? ` ${sr.results[i].result} (${sr.results[i].outcome})` : ''))));
  };

  const render = () => {
    if (!view) return;
    if (view.status === 'lobby') { main.replaceChildren(waitingRoom('QuickChess', view, id, () => { sock.close(); connect(); })); return; }
    if (view.setup) {
      main.replaceChildren(h('h1', {}, 'Blind QuickChess'), seriesPanel(view), view.color ? setupPanel(view) : h('p', {}, 'The players are placing their pieces unseen.'));
      return;
    }
    const last = lastSquares(view.last);
    const side = h('div', { class: 'stack' });
    const board = chessBoard(view, {
      legal: view.your_turn ? view.legal : [], picker, last, redraw: render,
      onMove: (pair) => chooseMove(pair, view.legal, view.turn === 'white', side, send),
    });
    const who = (c) => seatName(view, view.sides[c]);
    let status;
    if (view.over || (view.series && view.outcome)) status = h('div', { class: 'banner good', 'data-test': 'result' }, `${view.outcome} (${view.result})`);
    else {
      const check = view.check ? 'Check! ' : '';
      status = h('div', { class: view.check ? 'banner bad' : 'banner', 'data-test': 'to-move' },
        `${check}${view.your_turn ? `Your move (${view.turn})` : `${who(view.turn)} (${view.turn}) to move`}`);
    }
    const pairs = [];
    for (let i = 0; i < view.moves.length; i += 2) pairs.push(`${i / 2 + 1}. ${view.moves[i].san}${view.moves[i + 1] ? ' ' + view.moves[i + 1].san : ''}`);
    side.append(
      seriesPanel(view),
      status,
      view.solved ? h('div', { class: 'banner', 'data-test': 'solved', title: 'from the endgame tables or the lesson-game solver' }, view.solved) : '',
      view.your_turn && !view.over ? passButton(view.legal, send) : '',
      view.draw_offer ? h('div', { class: 'banner' }, `${view.draw_offer} offers a draw.`) : '',
      h('div', { class: 'row' },
        h('span', { class: 'tag' }, `White: ${who('white')}`), h('span', { class: 'tag' }, `Black: ${who('black')}`)),
      h('div', { class: 'moves', 'data-test': 'moves' }, pairs.join('  ') || 'No moves yet.'),
      view.over ? '' : h('div', { class: 'row' },
        view.color ? h('button', { class: 'secondary', onclick: () => attempt(() => sock.act({ t: 'offer_draw' })) }, view.draw_offer && view.draw_offer !== view.color ? 'Accept the draw' : 'Offer a draw') : '',
        view.color ? h('button', { class: 'secondary', onclick: () => { if (confirm('Resign this game?')) attempt(() => sock.act({ t: 'resign' })); } }, 'Resign') : ''),
      h('a', { href: `/quickchess/analyse?variant=${encodeURIComponent(view.variant)}&fen=${encodeURIComponent(view.fen)}`, 'data-link': true }, 'Analyse this position'),
      view.one_screen ? '' : shareBox('Link to this game:'),
      h('a', { href: `/replay/${id}`, 'data-link': true }, 'Replay'));
    main.replaceChildren(h('h1', {}, `QuickChess: ${view.variant}`), h('div', { class: 'play' }, h('div', { class: 'board-wrap' }, board), side));
  };
  const connect = () => { sock = new GameSocket(id, (v) => { view = v; render(); }, toast); };
  connect();
  return () => sock.close();
}

export function quickchessAnalyse(main) {
  const params = new URLSearchParams(location.search);
  const variant = variantSelect(params.get('variant') || 'quickchess');
  const fen = h('input', { placeholder: 'FEN (empty: the start)', value: params.get('fen') || '', class: 'wide', 'data-test': 'fen' });
  const picker = new Picker();
  let moves = [];
  let state = null;
  const out = h('div', { class: 'stack' });
  const load = async (analyse) => {
    const body = { variant: variant.value, fen: fen.value.trim() || undefined, moves };
    if (analyse) body.analyse_ms = 1500;
    const r = await attempt(() => api('POST', '/api/chess/position', body));
    if (!r) { moves.pop(); return; }
    state = r;
    draw();
  };
  const draw = () => {
    const board = chessBoard(state, {
      legal: state.outcome ? [] : state.legal, picker, redraw: draw,
      onMove: (pair) => chooseMove(pair, state.legal, state.turn === 'white', out, (uci) => { moves.push(uci); load(false); }),
    });
    const a = state.analysis;
    const score = a ? (a.score.mate !== undefined ? `mate in ${a.score.mate}` : `${(a.score.cp / 100).toFixed(2)}`) : '';
    out.replaceChildren(
      h('div', { class: 'play' }, h('div', { class: 'board-wrap' }, board),
        h('div', { class: 'stack' },
          h('div', { class: 'banner' }, state.outcome || `${state.turn} to move${state.check ? ', in check' : ''}`),
          h('div', { class: 'muted' }, state.moves_san.length ? `Moves: ${state.moves_san.join(' ')}` : 'Click pieces to try moves.'),
          state.outcome ? '' : passButton(state.legal, (uci) => { moves.push(uci); load(false); }),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'analyse', onclick: () => load(true) }, 'Evaluate'),
            h('button', { class: 'secondary', onclick: () => { moves.pop(); load(false); } }, 'Take back'),
            h('button', { class: 'secondary', onclick: () => { moves = []; load(false); } }, 'Reset')),
          state.solved ? h('div', { class: 'card stack', 'data-test': 'solved' },
            h('div', {}, h('b', {}, state.solved.text)),
            state.solved.best_san ? h('div', { class: 'muted' }, `Perfect play: ${state.solved.best_san}`) : '') : '',
          a ? h('div', { class: 'card stack', 'data-test': 'evaluation' },
            h('div', {}, h('b', {}, 'Best: '), a.best_san, ` (${state.turn} to move: ${score})`),
            h('div', { class: 'muted' }, `Line: ${a.pv_san.join(' ')}`),
            h('div', { class: 'muted' }, `depth ${a.depth}, ${a.nodes.toLocaleString()} positions`)) : '',
          h('div', { class: 'muted' }, `FEN: ${state.fen}`),
          state.outcome ? '' : h('div', { class: 'row' },
            h('button', { class: 'secondary small', onclick: () => playFrom('quickchess', [4]) }, 'Play from here against the computer'),
            h('button', { class: 'secondary small', onclick: () => playFrom('quickchess-local', []) }, 'Play from here, two players')))));
  };
  const playFrom = async (kind, bots) => {
    const color = state.turn;
    const g = await attempt(() => createGame(kind, { variant: state.variant, fen: state.fen, color }, bots));
    if (g) navigate(`/quickchess/play/${g.id}`);
  };
  main.append(h('h1', {}, 'Analysis board'),
    h('div', { class: 'card row' }, variant, fen, h('button', { class: 'secondary', onclick: () => { moves = []; load(false); } }, 'Set up')),
    out);
  load(false);
}

// A read-only picture of a game state (for replays).
export function chessStatic(view) {
  if (view.setup) return h('div', { class: 'banner' }, `Blind setup: ${view.setup.counts[0]} and ${view.setup.counts[1]} of 10 pieces placed (hidden until both are done).`);
  const last = lastSquares(view.last);
  return h('div', { class: 'play' },
    h('div', { class: 'board-wrap' }, chessBoard(view, { last })),
    h('div', { class: 'stack' },
      h('div', { class: 'banner' }, view.over ? `${view.outcome} (${view.result})` : `${view.check ? 'Check! ' : ''}${view.turn} to move`),
      h('div', { class: 'moves' }, view.moves.map((m) => m.san).join(' '))));
}
