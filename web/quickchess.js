// QuickChess in the browser: every game of the booklet and 8x8 chess, against the computer,
// two people at one screen, or online by link, untimed or with clocks; Blind QuickChess's
// hidden setup (blind.js); the analysis board is in analysis.js.
import { drawBoard, fenPieces, BoardInput } from './board.js';
import { chessSymbol } from './pieces.js';
import { h, shareBox, tableLayout, confirmDialog, rulesLink, navigate } from './ui.js';
import { t, variantTitle, variantLong, gameTitle, VARIANTS, pieceLabel, chessEnd } from './text.js';
import { waitingRoom, seatName } from './duel.js';
import { blindSetup } from './blind.js';
import { play } from './sound.js';
import { lessonGameSeen, lessonBoxOf, boxWon } from './learn-progress.js';
import {
  timeControlPicker, playerBar, moveList, Stepper, stepNote, afterGame, nicknameField, startGame,
} from './table.js';
import { gamePage, isWaiting, turnBegins, chimeTurn } from './game-page.js';
import { gameReview } from './review.js';
import { GameCoach } from './coach.js';
import { Explorer } from './explorer.js';
import { phoneTabs } from './tabs.js';
/** @import { GamePage } from './game-page.js' */
/** @import { ChessView, SeriesView, LegalMove, MoveView, VerdictParts, PlayView, RoomView, RoomEvent, SeriesEvent, SeatInfo } from './types/protocol' */
/** @import { ChessIntent } from './types/protocol' */
/** @import { Piece } from './board.js' */

/** A QuickChess game's own view: a game's, or an Olympics' game with its series. @typedef {ChessView | SeriesView} QuickChessView */

/** The variants to choose from, `value` chosen. @param {string} [value] */
export function variantSelect(value = 'quickchess') {
  return h('select', { 'data-test': 'variant', 'aria-label': t('quickchess-variant') },
    ...VARIANTS.map((v) => h('option', { value: v, selected: v === value }, variantLong(v))));
}

/** A chess piece as a small picture. @param {string} letter a FEN letter (either case) @param {boolean} white */
export function pieceIcon(letter, white) {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'piece-icon');
  svg.setAttribute('aria-hidden', 'true');
  const u = document.createElementNS(NS, 'use');
  u.setAttribute('href', `#${white ? 'w' : 'b'}${letter.toUpperCase()}`);
  svg.append(u);
  return svg;
}

/**
 * A chess piece for the board: its symbol and its name.
 * @param {string | undefined} letter a FEN letter, or none for an empty square
 * @returns {Piece | null}
 */
export function chessPiece(letter) {
  const symbol = letter ? chessSymbol(letter) : null;
  return letter && symbol ? { symbol, label: pieceLabel(letter) } : null;
}

/**
 * The square of the king of the side to move in `fen`, if the last move gave check.
 * @param {string} fen @param {Map<string, string>} pieces its pieces (fenPieces) @param {boolean} check
 */
export function checkedKing(fen, pieces, check) {
  if (!check) return null;
  const king = fen.split(' ')[1] === 'w' ? 'K' : 'k';
  for (const [sq, p] of pieces) if (p === king) return sq;
  return null;
}

/**
 * The legal moves as the board input takes them: [from, to] pairs (a pass has no squares).
 * @param {LegalMove[]} legal
 * @returns {[string, string][]}
 */
export function pairsOf(legal) {
  const seen = new Set();
  /** @type {[string, string][]} */
  const out = [];
  for (const m of legal) {
    if (m.pass || m.from === null || m.to === null) continue;
    const k = `${m.from}-${m.to}`;
    if (!seen.has(k)) { seen.add(k); out.push([m.from, m.to]); }
  }
  return out;
}

/** The squares of a move to highlight; none for a pass (`0000`). @param {MoveView | null} move */
export function lastSquares(move) {
  return move && move.uci !== '0000' ? [move.uci.slice(0, 2), move.uci.slice(2, 4)] : null;
}

/**
 * A Pass button when passing is the side's only legal move (lesson games), else nothing.
 * @param {LegalMove[]} legal @param {(uci: string) => unknown} send
 */
export function passButton(legal, send) {
  if (!legal.some((m) => m.pass)) return '';
  return h('div', { class: 'row', 'data-test': 'pass-row' },
    h('span', {}, t('quickchess-noMove')),
    h('button', { 'data-test': 'pass', onclick: () => send('0000') }, t('quickchess-pass')));
}

/** An exact verdict (endgame tables or the lesson solver) in words, from its parts. @param {VerdictParts} v */
export function verdictText(v) {
  return t(`verdict-${v.kind}`, { winner: v.winner, n: v.n });
}

/**
 * Resolves a from-to pair to a move, asking for the piece when a pawn promotes or rescues.
 * @param {string} from @param {string} to
 * @param {LegalMove[]} legal
 * @param {boolean} white whether White moves (the pieces offered are White's)
 * @param {(uci: string) => unknown} send
 */
export function chooseMove(from, to, legal, white, send) {
  const options = legal.filter((m) => m.from === from && m.to === to);
  if (options.length <= 1) { if (options[0]) send(options[0].uci); return; }
  // several moves between two squares differ in the piece a pawn becomes
  const box = h('dialog', { class: 'stack promotion', 'data-test': 'promotion' },
    h('div', {}, t('quickchess-choosePiece')),
    h('div', { class: 'row' }, ...options.map((m) => {
      const piece = m.promotion || '';
      return h('button', {
        class: 'secondary piece-choice', 'data-piece': m.promotion, title: pieceLabel(white ? piece.toUpperCase() : piece),
        onclick: () => { box.close(); send(m.uci); },
      }, pieceIcon(piece, white), t(`piece-${piece.toLowerCase()}`));
    })));
  box.addEventListener('close', () => box.remove());
  document.body.append(box);
  box.showModal();
}

/** The QuickChess page: a game against the computer, a friend, or at one screen. @param {HTMLElement} main */
export function quickchessHome(main) {
  const name = nicknameField();
  const variant = variantSelect();
  const level = h('select', { 'data-test': 'level', 'aria-label': t('form-level') }, ...[1, 2, 3, 4, 5, 6, 7, 8].map((l) => h('option', { value: l, selected: l === 4 }, t(l === 8 ? 'form-levelStrongest' : 'form-computerLevel', { level: l }))));
  const color = h('select', { 'data-test': 'color', 'aria-label': t('form-color') }, h('option', { value: 'white' }, t('quickchess-playWhite')), h('option', { value: 'black' }, t('quickchess-playBlack')));
  const clock = timeControlPicker();
  const options = () => {
    /** @type {import('./types/protocol').GameOptions} */
    const o = { variant: variant.value, color: /** @type {'white' | 'black'} */ (color.value) };
    const c = clock.value();
    if (c) o.clock = c;
    return o;
  };
  main.append(
    h('h1', {}, t('game-quickchess')),
    h('p', { class: 'lead' }, t('quickchess-lead')),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, variant, color),
      clock.el,
      h('div', { class: 'row' }, level, h('button', { 'data-test': 'vs-computer', onclick: () => startGame(name, 'quickchess', options(), [Number(level.value)]) }, t('form-playComputer'))),
      h('div', { class: 'row' },
        h('button', { class: 'secondary', 'data-test': 'vs-friend', onclick: () => startGame(name, 'quickchess', options(), []) }, t('form-playFriend')),
        h('button', { class: 'secondary', 'data-test': 'one-screen', onclick: () => startGame(name, 'quickchess-local', options(), []) }, t('form-oneScreen')),
        h('a', { class: 'button secondary', href: '/quickchess/analyse', 'data-link': true }, t('analysis-title')))),
    h('h2', {}, t('home-howToPlay')),
    h('div', { class: 'card' }, h('p', {}, t('quickchess-how1')), h('p', {}, t('quickchess-how2')), h('p', { class: 'row' }, h('a', { href: '/learn/quickchess', 'data-link': true, 'data-test': 'learn-link' }, t('learn-link')), rulesLink('quickchess'))));
}

/**
 * The pieces a side has captured (the other side's lost ones) and the balance, for a bar.
 * @param {QuickChessView} view @param {'white' | 'black'} side
 */
function tray(view, side) {
  if (!view.material) return null;
  const other = side === 'white' ? 'black' : 'white';
  const lost = view.material.lost[other] || '';
  const balance = view.material.balance * (side === 'white' ? 1 : -1);
  return h('span', { class: 'tray', 'data-test': `captured-${side}`, title: t('quickchess-captured') },
    ...[...lost].map((p) => pieceIcon(p, other === 'white')),
    balance > 0 ? h('span', { class: 'balance' }, `+${balance}`) : '');
}

/** The Olympics' five games and their points so far (nothing for a single game). @param {PlayView<QuickChessView>} v */
function seriesPanel(v) {
  if (!('series' in v)) return '';
  const sr = v.series;
  /** @param {number} n */
  const seat = (n) => seatName(v, n);
  const head = sr.over
    ? t('olympics-over', { tie: sr.winner === null ? 'yes' : 'no', winner: sr.winner === null ? '' : seat(sr.winner), a: sr.points[0], b: sr.points[1] })
    : t('olympics-now', { game: sr.game, of: sr.of, first: seat(0), second: seat(1), a: sr.points[0], b: sr.points[1] });
  return h('div', { class: sr.over ? 'banner good' : 'banner', 'data-test': 'series' }, head,
    h('ol', { class: 'turns' }, ...sr.games.map((g, i) => h('li', {}, sr.results[i]
      ? t('olympics-result', { game: variantTitle(g), result: sr.results[i].result })
      : variantTitle(g)))));
}

/**
 * What a frame's events sound like: a capture, a check, a move, the end.
 * @param {RoomEvent<SeriesEvent>[]} events
 */
function soundOf(events) {
  const moved = events.filter((e) => e.t === 'moved');
  if (events.some((e) => e.t === 'game_over')) return 'end';
  if (!moved.length) return null;
  const m = moved[moved.length - 1];
  if (m.check) return 'check';
  return m.san.includes('x') ? 'capture' : 'move';
}

/** After a lesson game of Learn QuickChess: whether its box is done, and the way back. @param {string} id @param {QuickChessView} view */
function lessonNote(id, view) {
  const n = lessonBoxOf(id);
  if (!n || !view.over) return '';
  const won = view.end && view.end.winner === view.color;
  return h('div', { class: `banner ${won ? 'good' : ''}`, 'data-test': 'learn-outcome' },
    t(won ? 'learn-gameWon' : 'learn-gameNotWon', { n, done: boxWon(n) ? 'yes' : 'no' }), ' ',
    h('a', { href: `/learn/quickchess/${n}`, 'data-link': true, 'data-test': 'learn-back' }, t('learn-backToBox', { n })));
}

/**
 * The offers standing in a game (a draw, a takeback), each a banner; the player asked answers
 * a takeback there.
 * @param {PlayView<QuickChessView>} view
 * @param {(side: string) => string} who a side's player's name
 * @param {(intent: ChessIntent) => unknown} act
 * @returns {HTMLElement[]}
 */
function offerBanners(view, who, act) {
  const offers = [];
  if (!view.over && view.draw_offer) {
    offers.push(h('div', { class: 'banner', 'data-test': 'draw-offer' }, t('quickchess-drawOffered', { name: who(view.draw_offer) })));
  }
  if (!view.over && view.takeback) {
    const mine = view.color;
    const theirs = mine && view.takeback !== mine && !view.one_screen;
    offers.push(h('div', { class: 'banner stack', 'data-test': 'takeback-offer' },
      theirs ? t('table-takebackAsked', { name: who(view.takeback) }) : t('table-takebackWaiting'),
      theirs ? h('div', { class: 'row' },
        h('button', { 'data-test': 'accept-takeback', onclick: () => act({ t: 'accept_takeback' }) }, t('table-acceptTakeback')),
        h('button', { class: 'secondary', 'data-test': 'decline-takeback', onclick: () => act({ t: 'decline_takeback' }) }, t('table-declineTakeback'))) : ''));
  }
  return offers;
}

/**
 * The table's buttons: flip the board; for a player, a takeback (once they moved), a draw,
 * resigning; in an arena, berserk before the first move.
 * @param {PlayView<QuickChessView>} view
 * @param {string} startFen
 * @param {() => void} flip
 * @param {(intent: ChessIntent) => unknown} act
 * @returns {(Node | string)[]}
 */
function tableActions(view, startFen, flip, act) {
  const mine = view.color; // one screen: the side to move
  const myMoves = view.one_screen ? view.moves.length : view.moves.filter((_, i) => (i % 2 === 0) === (startFen.split(' ')[1] === (mine === 'white' ? 'w' : 'b'))).length;
  /** @type {(Node | string)[]} */
  const actions = [h('button', { class: 'secondary', 'data-test': 'flip', title: t('table-flip'), onclick: flip }, h('span', { 'aria-hidden': 'true' }, '⇅ '), t('table-flipShort'))];
  if (mine && !view.over) {
    actions.push(
      h('button', { class: 'secondary', 'data-test': 'takeback', disabled: !myMoves || Boolean(view.takeback), onclick: () => act({ t: 'offer_takeback' }) }, t('table-takeback')),
      view.one_screen ? '' : h('button', { class: 'secondary', 'data-test': 'draw', onclick: () => act({ t: 'offer_draw' }) }, view.draw_offer && view.draw_offer !== mine ? t('quickchess-acceptDraw') : t('quickchess-offerDraw')),
      h('button', { class: 'secondary', 'data-test': 'resign', onclick: async () => { if (await confirmDialog(t('table-resignQuestion'), t('table-resign'))) act({ t: 'resign' }); } }, t('table-resign')));
  }
  // an arena tournament's game, before one's first move: halve one's time for a bonus point
  if (view.may_berserk) actions.push(h('button', { 'data-test': 'berserk', title: t('tour-berserkHelp'), onclick: () => act({ t: 'berserk' }) }, t('tour-berserk')));
  return actions;
}

/**
 * The moves as the move list numbers them (`1.`, or `1…` for a game Black starts).
 * @param {PlayView<QuickChessView>} view @param {string} startFen
 */
function moveEntries(view, startFen) {
  const whiteFirst = startFen.split(' ')[1] === 'w';
  return view.moves.map((m, i) => {
    const whiteMove = (i % 2 === 0) === whiteFirst;
    const num = Math.floor((i + (whiteFirst ? 0 : 1)) / 2) + 1;
    return { label: m.san, num: whiteMove ? `${num}.` : (i === 0 ? `${num}…` : null) };
  });
}

/**
 * In the variants where a pawn that reaches the end brings back a lost piece: which of the
 * player's lost pieces may still come back.
 * @param {PlayView<QuickChessView>} view
 */
function rescueNote(view) {
  const mine = view.color;
  /** @type {Record<string, string> | null} */
  const lost = view.material && view.material.lost;
  const lostMine = mine && lost ? lost[mine].replace(/p/g, '') : '';
  return mine && lostMine && /quickchess|blind|pro/.test(view.variant) && !view.over
    ? h('div', { class: 'muted', 'data-test': 'rescue-note' }, t('quickchess-rescuable', { pieces: [...lostMine].map((p) => t(`piece-${p}`)) })) : '';
}

/**
 * A QuickChess game's page: the board with the players' bars and clocks, the moves, the
 * offers (draw, takeback), and what comes after; the lobby while a friend is awaited, and
 * Blind QuickChess's setup before the reveal.
 * @param {HTMLElement} main @param {string} id
 */
export function quickchessPlay(main, id) {
  let flipped = false;
  /** @type {[string, string] | null} a move made ahead of the turn */
  let premove = null;
  /** @param {string} uci */
  const send = (uci) => game.act({ t: 'move', uci });
  const input = new BoardInput({
    onMove: (from, to) => { const view = game.view; if (view && !isWaiting(view)) chooseMove(from, to, view.legal, view.turn === 'white', send); },
    onPremove: (from, to) => { premove = [from, to]; game.render(); },
    onTap: () => { if (premove) { premove = null; game.render(); return true; } return false; },
    redraw: () => game.render(),
  });
  const stepper = new Stepper(() => { const view = game.view; return view && !isWaiting(view) ? view.moves.length : 0; }, () => game.render());
  // the computer's review, once the game is over (review.js)
  const review = gameReview(id, () => game.render(), (ply) => stepper.go(ply));
  // the lesson games' perfect-play coach (coach.js), asked after each move
  const coach = new GameCoach(() => game.render(), (words) => game.say(words));
  // after the game, the opening explorer at the step shown (a move picked goes on in analysis)
  const explorer = new Explorer({ open: false });
  // after the game on a phone, the game's panel and the explorer are tabs (tabs.js)
  const tabs = { chosen: 'game' };

  /** @type {GamePage<RoomView<QuickChessView>, ChessIntent>} */
  const game = gamePage({
    main, id, chat: true, input,
    draw: (view) => {
      if (isWaiting(view)) return waitingRoom(gameTitle('quickchess', (view.options || {}).variant || 'quickchess'), view, id, game.reconnect);
      if (view.setup) return blindSetup(view, game.act, seriesPanel(view), game.render);
      return table(view);
    },
    onView: (v, /** @type {RoomEvent<SeriesEvent>[]} */ events, before) => {
      const sound = soundOf(events);
      if (sound) play(sound);
      if (isWaiting(v)) return; // nothing is played in the lobby
      lessonGameSeen(id, v);
      coach.follow(v);
      if (turnBegins(before, v)) {
        // it is our turn: a premove goes now if it is legal, else it is dropped
        if (premove) {
          const [from, to] = premove;
          premove = null;
          const options = v.legal.filter((m) => m.from === from && m.to === to);
          if (options.length) send(options[0].uci);
        } else if (sound !== 'end') chimeTurn();
      }
      if (v.over) premove = null;
    },
    clockSide: (view) => (isWaiting(view) ? undefined : view.color),
    // a screen reader hears each move as the move list shows it, and the end
    announce: (v, before) => {
      if (!before || isWaiting(v) || isWaiting(before)) return '';
      const said = v.moves.slice(before.moves.length).map((m) => m.san);
      if (v.over && !before.over) said.push(chessEnd(v.end, { white: seatName(v, v.sides.white), black: seatName(v, v.sides.black) }));
      return said.join('. ');
    },
  });

  /**
   * The game's table: the board (as it stands, or at the step shown), bars, offers, moves.
   * @param {PlayView<QuickChessView>} view
   */
  const table = (view) => {
    const n = view.moves.length;
    const shown = stepper.shown();
    const live = stepper.live();
    // the position is known once a Blind setup is over, which it is when the table is drawn
    const startFen = /** @type {string} */ (view.start_fen);
    const fen = shown === n ? /** @type {string} */ (view.fen) : (shown === 0 ? startFen : view.moves[shown - 1].fen);
    const pieces = fenPieces(fen);
    const lastMove = shown > 0 ? view.moves[shown - 1] : null;
    const givesCheck = lastMove ? /[+#]$/.test(lastMove.san) : false;
    const mine = view.color; // one screen: the side to move
    const bottom = view.one_screen || !mine ? 'white' : mine;
    const orientedBlack = (bottom === 'black') !== flipped;
    const top = orientedBlack ? 'white' : 'black';
    const low = orientedBlack ? 'black' : 'white';
    const timed = Boolean(view.clock);
    const own = new Set([...pieces].filter(([, p]) => (p === p.toUpperCase()) === (mine === 'white')).map(([sq]) => sq));
    input.bind({
      moves: live && view.your_turn ? pairsOf(view.legal) : [],
      premove: live && timed && !view.one_screen && Boolean(mine) && !view.your_turn && !view.over,
      own: mine && !view.one_screen ? own : new Set(),
      why: mine && !view.over ? t('board-notYourTurn') : null,
    });
    /** @type {Map<string, string>} */
    const marks = new Map();
    if (premove && live) for (const sq of premove) marks.set(sq, 'premove');
    const board = drawBoard({
      files: view.width, ranks: view.height, flipped: orientedBlack, label: t('label-position', { layout: fen }),
      piece: (sq) => chessPiece(pieces.get(sq)),
      last: lastSquares(lastMove),
      check: checkedKing(fen, pieces, givesCheck), marks, input,
    });
    /** @type {Record<string, number>} */
    const seatOf = view.sides;
    /** @param {string} c a colour */
    const who = (c) => seatName(view, seatOf[c]);
    /** @param {'white' | 'black'} side */
    const bar = (side) => playerBar(view, {
      side, name: who(side), seat: view.sides[side], you: !view.one_screen && mine === side, toMove: !view.over && view.turn === side,
      tray: tray(view, side), serverNow: game.serverNow(),
    });
    const status = view.over
      ? h('div', { class: 'banner good', 'data-test': 'result' }, chessEnd(view.end, { white: who('white'), black: who('black') }), ` (${view.result})`)
      : h('div', { class: view.check ? 'banner bad' : 'banner', 'data-test': 'to-move' },
        view.your_turn && !view.one_screen ? t(view.check ? 'quickchess-yourMoveCheck' : 'quickchess-yourMove', { side: view.turn })
          : t(view.check ? 'quickchess-toMoveCheck' : 'quickchess-toMove', { name: who(view.turn), side: view.turn }));
    const offers = offerBanners(view, who, game.act);
    const flip = () => { flipped = !flipped; game.render(); };
    const actions = tableActions(view, startFen, flip, game.act);
    const gamePanel = [
      seriesPanel(view),
      review.marks(moveList(moveEntries(view, startFen), shown, (s) => stepper.go(s))),
      stepNote(stepper),
      rescueNote(view),
      view.over ? afterGame(view, game.send, (s) => seatName(view, s)) : '',
      view.over ? review.panel(view, shown) : '',
      h('div', { class: 'row' },
        h('a', { href: `/quickchess/analyse?variant=${encodeURIComponent(view.variant)}&fen=${encodeURIComponent(fen)}`, 'data-link': true }, t('quickchess-analyse')),
        h('a', { href: `/replay/${id}`, 'data-link': true }, t('replay-link'))),
      view.one_screen ? '' : shareBox(t('share-game')),
    ];
    const line = view.moves.slice(0, shown).map((m) => m.uci);
    const panel = view.over
      ? phoneTabs(t('tabs-panels'), [{ id: 'game', label: t('tabs-game'), content: () => gamePanel },
        explorer.tab(view.variant, startFen, line, (uci) => {
          navigate(`/quickchess/analyse?variant=${encodeURIComponent(view.variant)}&fen=${encodeURIComponent(startFen)}&moves=${[...line, uci].join(',')}`);
        })], tabs)
      : gamePanel;
    // the exact verdict (tables, solver) in a casual game, unless the coach says it already
    const coachCard = coach.panel(view, shown);
    const exact = view.solved && live && !view.rated && !coachCard
      ? h('div', { class: 'banner', 'data-test': 'solved', title: t('verdict-source') }, verdictText(view.solved)) : '';
    const pass = live && view.your_turn && !view.over ? passButton(view.legal, send) : '';
    return tableLayout({
      title: h('h1', {}, gameTitle('quickchess', view.variant)),
      status: h('div', { class: 'stack' }, status, lessonNote(id, view), exact, pass, ...offers, coachCard),
      top: bar(top), board: review.board(h('div', { class: 'board-wrap' }, board), view, shown), bottom: bar(low),
      actions, panel, aspect: view.width / view.height,
    });
  };
  return () => { game.close(); stepper.close(); review.close(); };
}

/**
 * A read-only picture of a game state (for replays).
 * @param {QuickChessView & { seats?: SeatInfo[] }} view
 * @param {{ flipped?: boolean }} [ctx]
 */
export function chessStatic(view, ctx = {}) {
  if (view.setup) return h('div', { class: 'banner' }, t('blind-replay', { white: view.setup.counts[0], black: view.setup.counts[1] }));
  const fen = /** @type {string} */ (view.fen); // known once the Blind setup is over
  const pieces = fenPieces(fen);
  const last = lastSquares(view.last);
  const board = drawBoard({
    files: view.width, ranks: view.height, flipped: Boolean(ctx.flipped), label: t('label-position', { layout: fen }),
    piece: (sq) => chessPiece(pieces.get(sq)), last, check: checkedKing(fen, pieces, view.check),
  });
  /** @type {Record<string, string>} */
  const names = { white: seatName(view, view.sides.white), black: seatName(view, view.sides.black) };
  return tableLayout({
    status: h('div', { class: 'banner' }, view.over ? chessEnd(view.end, names) : t(view.check ? 'quickchess-toMoveCheck' : 'quickchess-toMove', { name: names[view.turn], side: view.turn })),
    board: h('div', { class: 'board-wrap' }, board),
    panel: [h('div', { class: 'muted' }, gameTitle('quickchess', view.variant)),
      h('div', { class: 'movelist' }, view.moves.map((m) => m.san).join(' ') || t('table-noMoves'))],
    aspect: view.width / view.height,
  });
}
