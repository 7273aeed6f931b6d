// The loop every live game page runs: a socket to the game (reconnecting by itself, and anew
// once the player takes a seat), the latest view kept, the page drawn again on each view (but
// not under a piece being dragged, and not once the game moved on to its rematch), and the
// clocks ticking between updates. A page says only what is its own: how a view is drawn,
// what a new view changes besides (sounds, a move being built), and what its clocks are.
import { GameSocket } from './api.js';
import { followTable, runClocks } from './table.js';
import { attempt, toast, h } from './ui.js';
import { play } from './sound.js';
import { chatPanel } from './chat.js';

/** @import { TableView, WaitingView, RoomView, LobbyOp, TableRequest } from './types/protocol' */
/** @import { GameClock } from './table.js' */

/**
 * What the loop reads of every view: the room's table (for the rematch), the viewer's seat,
 * the server's time, and a duel's clocks.
 * @typedef {{ table: TableView | null, you?: number | null, now: number, clock?: GameClock | null }} LiveView
 */

/**
 * What a game page brings to the loop. V is the game's view as the page gets it (RoomView of
 * the game's own for a game with a lobby), E the game's events.
 * @template {LiveView} V
 * @template E
 * @typedef {object} GamePageOptions
 * @property {HTMLElement} main the page's element, filled anew by each drawing
 * @property {string} id the game
 * @property {(view: V) => Node} draw the page for a view
 * @property {(view: V, events: E[], before: V | null) => void} [onView] what a view changes
 *   besides the drawing (the page's own state, sounds), before it is drawn: `events` are what
 *   happened (none when the socket (re)connects), `before` the view it replaces
 * @property {{ busy(): boolean } | null} [input] the board's input: a page is not drawn again
 *   while a piece is being dragged (it is when the piece lands)
 * @property {boolean} [followRematch] whether a rematch created while the page is open is
 *   followed (table.js, followTable); true unless said otherwise
 * @property {((view: V) => string | null | undefined) | null} [clockSide] for pages with
 *   game clocks (the duels): the player's side, whose clock warns when low (runClocks)
 * @property {{ ms: number, run: (view: V, serverNow: number) => void } | null} [tick] for a
 *   page's own countdowns: `run` every `ms` milliseconds once there is a view
 * @property {((view: V, before: V | null) => string) | null} [announce] what a screen reader
 *   says of a view (the moves made since `before`, in the notation the page shows, and the
 *   end): said in the page's live region, kept beside `main` across drawings ('' says nothing)
 * @property {boolean} [chat] a chat panel beside the game (the players' room for its players,
 *   the spectators' for everyone else)
 */

/**
 * A game page's hold on its game: V its views, I its intents (ChessIntent, QuerniIntent, ...).
 * A page names both in the type of the const that keeps the hold (`GamePage<V, ChessIntent>`).
 * @template V, I
 * @typedef {object} GamePage
 * @property {V | null} view the latest view (null until the first arrives)
 * @property {() => void} render draws the page again (the page's own changes: a piece picked,
 *   the board flipped, a step of the game shown)
 * @property {(intent: I | TableRequest) => Promise<unknown>} act sends an intent; a refusal is
 *   shown (a toast) and the promise resolves to null
 * @property {(intent: I | TableRequest) => Promise<unknown>} send sends an intent; the promise rejects
 *   with a refusal (for callers that show it themselves: afterGame)
 * @property {(op: LobbyOp) => Promise<unknown>} lobby a change to the lobby; a refusal is shown
 * @property {() => number} serverNow the server's time now
 * @property {() => void} reconnect a new socket, once a seat was taken: it carries the seat's
 *   token
 * @property {(words: string) => void} say says something in the page's live region (a screen
 *   reader hears it; nothing is shown)
 * @property {() => void} close the socket and the timers, when the page is left
 */

/**
 * Runs a live game page (see GamePageOptions) until `close()`, which the page returns to the
 * router with its own cleanup.
 * @template {LiveView} V
 * @template E, I
 * @param {GamePageOptions<V, E>} options
 * @returns {GamePage<V, I>}
 */
export function gamePage({ main, id, draw, onView = () => {}, input = null, followRematch = true, clockSide = null, tick = null, announce = null, chat = false }) {
  /** @type {V | null} */
  let view = null;
  // the live region: outside `main`, which each drawing fills anew (a region drawn anew is
  // not read), and the last few things said kept in it
  const region = announce ? h('div', { class: 'visually-hidden', 'aria-live': 'polite', 'data-test': 'announce' }) : null;
  if (region) main.after(region);
  /** @param {string} words */
  const say = (words) => {
    if (!region || !words) return;
    region.append(h('p', {}, words));
    while (region.childElementCount > 3) region.firstElementChild?.remove();
  };
  /** @type {{ element: HTMLElement, close: () => void } | null} the chat, once the first view says whether the game is rated */
  let talk = null;
  // the game is drawn anew into `stage`; the chat stays below it, inside the page's <main>
  const stage = h('div', { class: 'stage' });
  const render = () => {
    if (!view || (input && input.busy())) return;
    if (followRematch && followTable(view, id)) return;
    if (stage.parentNode !== main) main.replaceChildren(stage, talk ? talk.element : '');
    stage.replaceChildren(draw(view));
  };
  /** @returns {GameSocket<V, E, I>} */
  const connect = () => new GameSocket(id, (v, frame) => {
    const before = view;
    view = v;
    if (chat && !talk) {
      talk = chatPanel('games', id, { rated: Boolean(/** @type {{ rated?: boolean }} */ (v).rated), game: id });
    }
    onView(v, frame.t === 'update' ? frame.d.events || [] : [], before);
    render();
    if (announce) say(announce(v, before));
  }, toast);
  let sock = connect();
  const stopClocks = clockSide
    ? runClocks(main, () => ({ view, serverNow: sock.serverNow(), mine: view && clockSide(view) }))
    : () => {};
  const ticking = tick ? setInterval(() => { if (view) tick.run(view, sock.serverNow()); }, tick.ms) : null;
  return {
    get view() { return view; },
    render,
    act: (intent) => attempt(() => sock.act(intent)),
    send: (intent) => sock.act(intent),
    lobby: (op) => attempt(() => sock.lobby(op)),
    serverNow: () => sock.serverNow(),
    reconnect: () => { sock.close(); sock = connect(); },
    say,
    close: () => { sock.close(); stopClocks(); if (ticking !== null) clearInterval(ticking); region?.remove(); if (talk) { talk.close(); talk.element.remove(); } },
  };
}

/**
 * Whether a room's view is its waiting table (the lobby before the start) rather than the game.
 * @template V
 * @param {RoomView<V>} view
 * @returns {view is WaitingView}
 */
export function isWaiting(view) { return view.status === 'lobby'; }

/**
 * What turnBegins reads of a duel's view.
 * @typedef {{ your_turn: boolean, one_screen: boolean }} DuelTurn
 */

/**
 * Whether a duel's view hands the turn to this screen's player: it was not theirs before
 * (or the game had not begun). At one screen every turn is the screen's, and none is
 * announced.
 * @param {RoomView<DuelTurn> | null} before
 * @param {RoomView<DuelTurn>} view
 */
export function turnBegins(before, view) {
  if (!before || isWaiting(view) || !view.your_turn || view.one_screen) return false;
  return isWaiting(before) || !before.your_turn;
}

/** The sound of one's turn, a moment after the move's own. */
export function chimeTurn() { setTimeout(() => play('turn'), 150); }
