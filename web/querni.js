// Querni in the browser: against the computer, two people at one screen, or online by link,
// untimed or with clocks.
//
// A turn is built on the board and sent whole: tap (or drag) a piece to see where it can go,
// with the jump paths drawn, and put it down; then, if you like, tap the first and last piece
// of a chain to remove it; "End of turn" sends it ("Pass" asks first), "Cancel" starts again.
// The last turn's path and removed chain stay marked until the next tap; a hint is drawn on
// the board. The server checks everything.
import { call } from './api.js';
import { BoardInput } from './board.js';
import { h, toast, attempt, shareBox, tableLayout, confirmDialog, rulesLink } from './ui.js';
import { t, querniEnd, querniTurnWords, querniNotation } from './text.js';
import { waitingRoom, seatName } from './duel.js';
import { play } from './sound.js';
import {
  timeControlPicker, playerBar, moveList, Stepper, stepNote, afterGame, nicknameField, startGame,
} from './table.js';
import { gamePage, isWaiting, turnBegins, chimeTurn } from './game-page.js';
import { gameReview } from './review.js';
import { QuerniCoach } from './querni-coach.js';
import { FILES, RANKS, SIDES, sqName, sqIndex, parsePosition, afterMovement, builtTurn, querniBoard } from './querni-board.js';
/** @import { QuerniView, QuerniSide, QuerniEvent, MovementView, TurnStep, GameOptions, PlayView, RoomView, RoomEvent, SeatInfo } from './types/protocol' */
/** @import { QuerniIntent } from './types/protocol' */
/** @import { BoardOptions } from './board.js' */
/** @import { GamePage } from './game-page.js' */

/**
 * The marks of a turn of the history: its path and the squares of its removed chain.
 * @param {TurnStep | null | undefined} entry
 */
function turnMarks(entry) {
  /** @type {Map<string, string>} */
  const marks = new Map();
  /** @type {{ squares: string[], cls: string }[]} */
  const paths = [];
  if (!entry) return { marks, paths };
  if (entry.path && entry.path.length > 1) {
    paths.push({ squares: entry.path, cls: 'last-path' });
    marks.set(entry.path[0], 'last');
    marks.set(entry.path[entry.path.length - 1], 'last');
  }
  for (const sq of entry.removed || []) marks.set(sq, 'removed');
  return { marks, paths };
}

/** The Querni page: a game against the computer, a friend, or at one screen. @param {HTMLElement} main */
export function querniHome(main) {
  const name = nicknameField();
  const level = h('select', { 'data-test': 'level', 'aria-label': t('form-level') }, ...[1, 2, 3, 4, 5].map((l) => h('option', { value: l, selected: l === 3 }, t(l === 5 ? 'form-levelStrongest' : 'form-computerLevel', { level: l }))));
  const color = h('select', { 'data-test': 'color', 'aria-label': t('form-color') }, h('option', { value: 'blue' }, t('querni-playBlue')), h('option', { value: 'red' }, t('querni-playRed')));
  const clock = timeControlPicker();
  const options = () => {
    /** @type {GameOptions} */
    const o = { color: /** @type {QuerniSide} */ (color.value) };
    const c = clock.value();
    if (c) o.clock = c;
    return o;
  };
  main.append(
    h('h1', {}, t('game-querni')),
    h('p', { class: 'lead' }, t('querni-lead')),
    h('div', { class: 'card stack' },
      h('div', { class: 'row' }, name, color),
      clock.el,
      h('div', { class: 'row' }, level, h('button', { 'data-test': 'vs-computer', onclick: () => startGame(name, 'querni', options(), [Number(level.value)]) }, t('form-playComputer'))),
      h('div', { class: 'row' },
        h('button', { class: 'secondary', 'data-test': 'vs-friend', onclick: () => startGame(name, 'querni', options(), []) }, t('form-playFriend')),
        h('button', { class: 'secondary', 'data-test': 'one-screen', onclick: () => startGame(name, 'querni-local', options(), []) }, t('form-oneScreen')))),
    h('h2', {}, t('home-howToPlay')),
    h('div', { class: 'card' }, h('p', {}, t('querni-how1')), h('p', {}, t('querni-how2')), h('p', {}, t('querni-how3')), h('p', {}, rulesLink('querni'))));
}

/**
 * The turn being built on the board: the movement chosen, a chain begun or chosen to remove,
 * the computer's suggestion, and whether the board was touched since the last turn (whose
 * marks are hidden then).
 */
class TurnBuilder {
  constructor() {
    /** @type {MovementView | null} the movement chosen */
    this.move = null;
    /** @type {number | null} the number of the first tapped chain piece */
    this.chainStart = null;
    /** @type {[low: number, high: number, loses: boolean] | null} the chain to remove */
    this.removal = null;
    /** @type {{ text: string, movement: MovementView | null, removal: number[] | null } | null} the computer's suggestion */
    this.hint = null;
    this.touched = false;
  }

  /** Starts the turn again (the suggestion stays). */
  reset() { this.move = null; this.chainStart = null; this.removal = null; this.touched = false; }

  /** The turn as the notation writes it (`pass` for nothing). */
  text() { return builtTurn(this.move, this.removal); }

  /** The cells as the turn being built leaves them. @param {QuerniView} view */
  cellsNow(view) { return afterMovement(view.cells, this.move); }

  /** The number of the mover's piece on `sq`, if any. @param {QuerniView} view @param {string} sq */
  numberAt(view, sq) { const c = this.cellsNow(view)[sqIndex(sq)]; return c && c.side === view.turn ? c.n : null; }

  /**
   * Chooses the chain from piece `a` to piece `b` to remove, if it is one that may be removed
   * now (a chain that would strand a piece is warned of).
   * @param {QuerniView} view @param {number} a @param {number} b
   * @returns {boolean} whether it was
   */
  choose(view, a, b) {
    const [low, high] = [Math.min(a, b), Math.max(a, b)];
    const removable = this.move ? this.move.removals : (view.legal ? view.legal.removals : []);
    const found = removable.find(([lo, hi]) => lo === low && hi === high);
    if (!found) return false;
    this.removal = found;
    this.chainStart = null;
    if (found[2]) toast(t('querni-strandWarning', { low, high }));
    return true;
  }

  /**
   * Before any movement, a piece picked (`sel`, or a chain begun) and another of one's own on
   * `sq` that close a removable chain remove it without moving.
   * @param {QuerniView} view @param {string} sq @param {string | null} sel
   * @returns {boolean} whether they did
   */
  claim(view, sq, sel) {
    if (!view.your_turn || !view.legal || this.move) return false;
    const b = this.numberAt(view, sq);
    const a = sel ? this.numberAt(view, sel) : this.chainStart;
    if (a === null || b === null || a === b || !this.choose(view, a, b)) return false;
    this.touched = true;
    return true;
  }

  /**
   * A tap on `sq` in the player's turn: a chain begins at one's own piece there, or the second
   * tap closes it.
   * @param {QuerniView} view @param {string} sq
   * @returns {string | null} why the chain cannot be removed, if it cannot
   */
  tap(view, sq) {
    this.touched = true;
    const n = this.numberAt(view, sq);
    const start = this.chainStart;
    if (n === null) return null;
    if (start === null || this.removal) {
      this.chainStart = n;
      this.removal = null;
      return null;
    }
    if (this.choose(view, start, n)) return null;
    this.chainStart = null;
    return t('querni-notAChain', { low: Math.min(start, n), high: Math.max(start, n) });
  }

  /**
   * What the turn being built and the suggestion mark on the board: the movement's path, the
   * chain's pieces (or the one it begins with), the suggestion's path and chain.
   * @param {QuerniView} view @param {ReturnType<typeof parsePosition>} cells
   * @param {{ squares: string[], cls: string }[]} paths @param {Map<string, string>} rings
   */
  mark(view, cells, paths, rings) {
    if (this.move) paths.push({ squares: this.move.path, cls: 'chosen' });
    /** @param {number} n @returns {number} the cell of the mover's piece `n` (-1: none) */
    const mineAt = (n) => cells.findIndex((c) => c && c.side === view.turn && c.n === n);
    if (this.removal) for (let n = this.removal[0]; n <= this.removal[1]; n++) if (mineAt(n) >= 0) rings.set(sqName(mineAt(n)), 'chain');
    if (this.chainStart !== null && !this.removal && mineAt(this.chainStart) >= 0) rings.set(sqName(mineAt(this.chainStart)), 'chain');
    if (!this.hint || this.move) return;
    const { movement, removal: chain } = this.hint;
    if (movement) paths.push({ squares: movement.path, cls: 'hint' });
    if (chain) {
      const after = cells.slice();
      if (movement) { after[sqIndex(movement.to)] = after[sqIndex(movement.from)]; after[sqIndex(movement.from)] = null; }
      after.forEach((c, i) => { if (c && c.side === view.turn && c.n >= chain[0] && c.n <= chain[1]) rings.set(sqName(i), 'hint'); });
    }
  }
}

/**
 * The computer's suggested turn as the board marks it: its movement among the legal ones and
 * the chain it removes.
 * @param {string} text the turn, as the notation writes it
 * @param {NonNullable<QuerniView['legal']>} legal
 */
function suggested(text, legal) {
  const parts = text.split(' ');
  const mv = parts.find((p) => /^[a-j]\d/.test(p));
  const rm = parts.find((p) => p.startsWith('x'));
  return {
    text,
    movement: mv ? legal.movements.find((m) => m.text === mv) || null : null,
    removal: rm ? rm.slice(1).split('-').map(Number) : null,
  };
}

/**
 * The sound of what happened: the end, a capture, a turn (or one taken back); none else.
 * @param {RoomEvent<QuerniEvent>[]} events
 * @returns {'end' | 'capture' | 'move' | null}
 */
function soundOf(events) {
  /** @type {QuerniEvent[]} */
  const turns = events.filter((e) => 'type' in e);
  if (turns.some((e) => e.type === 'ended')) return 'end';
  if (turns.some((e) => e.type === 'played' && /x/.test(e.turn))) return 'capture';
  if (turns.some((e) => e.type === 'played' || e.type === 'taken_back')) return 'move';
  return null;
}

/**
 * What a screen reader hears of a new view: each turn as the history shows it, and the end.
 * @param {RoomView<QuerniView>} v @param {RoomView<QuerniView> | null} before
 */
function spoken(v, before) {
  if (!before || isWaiting(v) || isWaiting(before)) return '';
  const said = (v.history || []).slice((before.history || []).length).map((e) => querniNotation(e.turn));
  if (v.over && !before.over) said.push(querniEnd(v.end, { blue: seatName(v, v.sides.blue), red: seatName(v, v.sides.red) }));
  return said.join('. ');
}

/**
 * A takeback asked for, as a banner; the player asked answers it there.
 * @param {PlayView<QuerniView>} view @param {QuerniSide | null} mine
 * @param {(side: QuerniSide) => string} who @param {(intent: QuerniIntent) => unknown} act
 * @returns {HTMLElement[]}
 */
function takebackBanner(view, mine, who, act) {
  if (view.over || !view.takeback) return [];
  const theirs = mine && view.takeback !== mine;
  return [h('div', { class: 'banner stack', 'data-test': 'takeback-offer' },
    theirs ? t('table-takebackAsked', { name: who(view.takeback) }) : t('table-takebackWaiting'),
    theirs ? h('div', { class: 'row' },
      h('button', { 'data-test': 'accept-takeback', onclick: () => act({ t: 'accept_takeback' }) }, t('table-acceptTakeback')),
      h('button', { class: 'secondary', 'data-test': 'decline-takeback', onclick: () => act({ t: 'decline_takeback' }) }, t('table-declineTakeback'))) : '')];
}

/**
 * A player's buttons: a takeback (once they played a turn of their own), resigning; in an
 * arena, berserk before the first turn.
 * @param {PlayView<QuerniView>} view @param {QuerniSide | null} mine
 * @param {(intent: QuerniIntent) => unknown} act
 * @returns {HTMLElement[]}
 */
function playerButtons(view, mine, act) {
  const out = [];
  if ((mine || view.one_screen) && !view.over) {
    const typed = (view.history || []).filter((e) => !e.auto && (view.one_screen || e.side === mine)).length;
    out.push(
      h('button', { class: 'secondary', 'data-test': 'takeback', disabled: !typed || Boolean(view.takeback), onclick: () => act({ t: 'offer_takeback' }) }, t('table-takeback')),
      h('button', { class: 'secondary', 'data-test': 'resign', onclick: async () => { if (await confirmDialog(t('table-resignQuestion'), t('table-resign'))) act({ t: 'resign' }); } }, t('table-resign')));
  }
  // an arena tournament's game, before one's first turn: halve one's time for a bonus point
  if (view.may_berserk) out.push(h('button', { 'data-test': 'berserk', title: t('tour-berserkHelp'), onclick: () => act({ t: 'berserk' }) }, t('tour-berserk')));
  return out;
}

/**
 * A Querni game's page: the board where a turn is built, the players' bars and clocks, the
 * history, the takeback, and what comes after; the lobby while a friend is awaited.
 * @param {HTMLElement} main @param {string} id
 */
export function querniPlay(main, id) {
  let flipped = false;
  const turn = new TurnBuilder();
  const reset = () => { turn.reset(); input.selected = null; };

  /** The game being played (the board takes input only then), or null. */
  const playing = () => { const view = game.view; return view && !isWaiting(view) ? view : null; };

  const input = new BoardInput({
    onMove: (from, to) => {
      const view = playing();
      if (!view || !view.legal) return;
      turn.move = view.legal.movements.find((m) => m.from === from && m.to === to) || null;
      turn.touched = true;
      game.render();
    },
    onClaim: (sq, sel) => {
      const view = playing();
      if (!view || !turn.claim(view, sq, sel)) return false;
      input.selected = null;
      game.render();
      return true;
    },
    onTap: (sq) => {
      const view = playing();
      if (!view || !view.your_turn) return false;
      const refused = turn.tap(view, sq);
      if (refused) input.refuse(refused);
      game.render();
      return true;
    },
    redraw: () => { turn.touched = true; game.render(); },
  });
  const stepper = new Stepper(() => { const view = playing(); return view ? (view.history || []).length : 0; }, () => game.render());
  // the computer's review, once the game is over (review.js)
  const review = gameReview(id, () => game.render(), (ply) => stepper.go(ply));
  // what best play gives near the end (querni-coach.js), asked after each turn
  const coach = new QuerniCoach(() => game.render(), (words) => game.say(words));

  const send = async () => {
    const text = turn.text();
    if (text === 'pass' && !(await confirmDialog(t('querni-passQuestion'), t('querni-pass')))) return;
    const done = await game.act({ t: 'turn', turn: text });
    if (done) { reset(); turn.hint = null; }
    game.render();
  };
  const askHint = async () => {
    const asked = playing();
    if (!asked) return;
    const r = await attempt(() => call('POST /api/querni/hint', { body: { position: asked.position } }));
    const view = playing(); // the latest: a view may have come meanwhile
    if (!r || !view || !view.legal) return;
    turn.hint = suggested(r.turn, view.legal);
    game.render();
  };

  /** The side this screen plays: none at one screen (both) or for a spectator. @param {QuerniView} view */
  const mySide = (view) => (view.one_screen ? null : SIDES.find((s) => view.sides[s] === view.you) || null);
  /** @param {RoomView<QuerniView> | null} view @returns {number} the turns played */
  const turnsOf = (view) => (view && !isWaiting(view) ? (view.history || []).length : 0);

  /** @type {GamePage<RoomView<QuerniView>, QuerniIntent>} */
  const game = gamePage({
    main, id, chat: true, input,
    draw: (view) => (isWaiting(view) ? waitingRoom(t('game-querni'), view, id, game.reconnect) : table(view)),
    onView: (v, /** @type {RoomEvent<QuerniEvent>[]} */ events, before) => {
      if (!before || turnsOf(v) !== turnsOf(before)) { reset(); turn.hint = null; }
      const sound = soundOf(events);
      if (sound) play(sound);
      if (!isWaiting(v) && turnBegins(before, v) && !v.over) chimeTurn();
    },
    clockSide: (view) => (isWaiting(view) ? undefined : SIDES.find((s) => view.sides[s] === view.you)),
    announce: spoken,
  });

  /**
   * The game's table: the board (with the turn being built, or at the step shown), bars,
   * the takeback, the history.
   * @param {PlayView<QuerniView>} view
   */
  const table = (view) => {
    const history = view.history || [];
    const shown = stepper.shown();
    const live = stepper.live();
    const building = live && view.your_turn;
    const legal = building ? view.legal : null; // only the seat to move has its legal turns
    const cells = live ? turn.cellsNow(view) : parsePosition(shown === 0 ? view.start : history[shown - 1].after);
    const mine = mySide(view);
    const orientedRed = (mine === 'red') !== flipped;
    input.bind({ moves: legal && !turn.move ? legal.movements.map((m) => [m.from, m.to]) : [], why: mine && !view.over ? t('board-notYourTurn') : null, own: new Set() });
    // what the board marks: the last turn (until the next tap), the turn being built, a hint
    const { marks, paths } = turnMarks(live && turn.touched ? null : history[shown - 1]);
    /** @type {Map<string, string>} */
    const rings = new Map();
    if (legal && input.selected && !turn.move) {
      for (const m of legal.movements.filter((x) => x.from === input.selected)) paths.push({ squares: m.path, cls: '' });
    }
    if (building) turn.mark(view, cells, paths, rings);
    const board = querniBoard(cells, { flipped: orientedRed, marks, paths, rings, input });
    /** @param {QuerniSide} side */
    const who = (side) => seatName(view, view.sides[side]);
    /** @param {QuerniSide} side */
    const bar = (side) => playerBar(view, {
      side, name: who(side), seat: view.sides[side], you: mine === side, toMove: !view.over && view.turn === side, dot: `var(--${side}-piece)`,
      tray: h('span', { class: 'muted', 'data-test': `left-${side}` }, t('querni-left', { count: view.left[side] })), serverNow: game.serverNow(),
    });
    const status = view.over
      ? h('div', { class: 'banner good', 'data-test': 'result' }, querniEnd(view.end, { blue: who('blue'), red: who('red') }))
      : h('div', { class: 'banner', 'data-test': 'to-move' }, view.your_turn && !view.one_screen ? t('querni-yourTurn', { side: view.turn }) : t('querni-toPlay', { name: who(view.turn), side: view.turn }));
    const offers = takebackBanner(view, mine, who, game.act);
    /** @type {Node[]} */
    const actions = [];
    if (building) {
      actions.push(
        h('button', { 'data-test': 'end-turn', onclick: send }, turn.text() === 'pass' ? t('querni-pass') : t('querni-endTurn')),
        h('button', { class: 'secondary', 'data-test': 'cancel', onclick: () => { reset(); game.render(); } }, t('querni-cancel')),
        h('button', { class: 'secondary', 'data-test': 'hint', onclick: askHint }, t('querni-hint')));
    }
    actions.push(h('button', { class: 'secondary', 'data-test': 'flip', title: t('table-flip'), onclick: () => { flipped = !flipped; game.render(); } }, h('span', { 'aria-hidden': 'true' }, '⇅ '), t('table-flipShort')));
    actions.push(...playerButtons(view, mine, game.act));
    const pending = building ? h('div', { class: 'muted', 'data-test': 'pending' }, t('querni-soFar', { turn: querniNotation(turn.text()) })) : '';
    const hintWords = building && turn.hint ? h('div', { class: 'banner', 'data-test': 'hint-text' }, t('querni-hintIs', { words: querniTurnWords(turn.hint.text) })) : '';
    const lastTurn = history.length ? history[history.length - 1] : null;
    const entries = history.map((e, i) => ({ label: querniNotation(e.turn), num: `${i + 1}.${e.side === 'blue' ? '●' : '○'}` }));
    const top = orientedRed ? 'blue' : 'red';
    const bottom = orientedRed ? 'red' : 'blue';
    return tableLayout({
      title: h('h1', {}, t('game-querni')),
      status: h('div', { class: 'stack' }, status, ...offers, pending, hintWords, coach.panel(view, shown, mine)),
      top: bar(top), board: review.board(h('div', { class: 'board-wrap' }, board), view, shown), bottom: bar(bottom),
      actions,
      panel: [
        h('div', { class: 'muted', 'data-test': 'quiet' }, t('querni-quiet', { quiet: view.quiet, at: view.draw_at })),
        lastTurn ? h('div', { class: 'muted', 'data-test': 'last-turn' }, t('querni-lastTurn', { side: lastTurn.side, turn: querniNotation(lastTurn.turn) })) : '',
        review.marks(moveList(entries, shown, (s) => stepper.go(s))),
        stepNote(stepper),
        view.over ? afterGame(view, game.send, (s) => seatName(view, s)) : '',
        view.over ? review.panel(view, shown) : '',
        h('a', { href: `/replay/${id}`, 'data-link': true }, t('replay-link')),
        view.one_screen ? '' : shareBox(t('share-gameOrWatch')),
      ],
      aspect: FILES / RANKS, wide: true,
    });
  };

  return () => { game.close(); stepper.close(); review.close(); };
}

/**
 * A read-only picture of a game state (for replays).
 * @param {QuerniView & { seats?: SeatInfo[] }} view
 */
export function querniStatic(view) {
  const history = view.history || [];
  const { marks, paths } = turnMarks(history[history.length - 1]);
  const names = { blue: seatName(view, view.sides.blue), red: seatName(view, view.sides.red) };
  return tableLayout({
    status: h('div', { class: 'banner' }, view.over ? querniEnd(view.end, names) : t('querni-toPlay', { name: names[view.turn], side: view.turn })),
    board: h('div', { class: 'board-wrap' }, querniBoard(view.cells, { marks, paths })),
    panel: [
      h('div', { class: 'muted' }, t('querni-leftBoth', { blue: view.left.blue, red: view.left.red, quiet: view.quiet, at: view.draw_at })),
      history.length ? h('div', { class: 'muted' }, t('querni-lastTurn', { side: history[history.length - 1].side, turn: querniNotation(history[history.length - 1].turn) })) : '',
    ],
    aspect: FILES / RANKS, wide: true,
  });
}
