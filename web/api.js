// Talking to the server: JSON requests, seat tokens kept in the browser, and one WebSocket
// per game that hands each view to its page (and keeps the server's clock), reconnecting by
// itself with a visible notice while the connection is down.
import { t, language, hasText } from './text.js';

/**
 * Shows or hides the "reconnecting" notice under the header (`restarting`: the server said it
 * is restarting, so the wait is expected and short).
 * @param {boolean} down @param {boolean} [restarting]
 */
function netNotice(down, restarting = false) {
  const el = document.getElementById('net');
  if (!el) return;
  el.textContent = t(restarting ? 'net-restarting' : 'net-reconnecting');
  el.classList.toggle('show', down);
}

/** @import { Cause } from './types/protocol' */

/**
 * A refusal or failure the server answered with: its words, its kind, its cause and when to
 * retry.
 */
export class ServerError extends Error {
  /**
   * @param {string} message the server's words (English)
   * @param {string} code its kind (`refused`, `conflict`, ...)
   * @param {number | null} [retryAfter] seconds
   * @param {Cause | null} [cause] the rule it met (`seats_full`, `illegal`, ...): null when
   *   the answer did not come from the server's API
   */
  constructor(message, code, retryAfter = null, cause = null) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
    /** @type {Cause | null} */
    this.cause = cause;
  }
}

/**
 * An error as the player reads it. The server words its refusals in English, with a kind
 * (`code`) and a cause beside; in English they are shown as they are (they name what and
 * where), in the other languages as the catalogue words the cause (`cause-...`), or else the
 * kind, or as `context` words a page chose for the kind (`{ unauthorized:
 * 'account-wrongPassword' }`).
 * @param {unknown} e what was thrown
 * @param {Record<string, string>} [context] message keys by error code
 * @returns {string}
 */
export function errorText(e, context = {}) {
  if (!(e instanceof ServerError)) {
    // an Error, or anything else thrown: its message if it has one
    const message = e ? /** @type {{ message?: string }} */ (e).message : undefined;
    return message || String(e);
  }
  if (context[e.code]) return t(context[e.code], { s: e.retryAfter || 1 });
  if (language() === 'en') return e.message;
  if (e.cause && hasText(`cause-${e.cause}`)) return t(`cause-${e.cause}`);
  return t(`error-${e.code}`, { s: e.retryAfter || 1 });
}

/** @import { Routes, LobbyOp, TableRequest } from './types/protocol' */

/**
 * What a request of `route` sends: the values of its `{param}`s, its query and its body (which
 * an endpoint that reads one must be given).
 * @template {keyof Routes} R
 * @typedef {{ params?: Record<string, string | number>, query?: Record<string, string | number | boolean | undefined> }
 *   & (Routes[R]['body'] extends undefined ? { body?: undefined } : { body: Routes[R]['body'] })} CallParts
 */

/**
 * A request to one of the server's JSON endpoints, typed by the table the server makes of them
 * (`Routes` in types/protocol.d.ts, from crates/server/src/http/contract.rs): the body is the
 * endpoint's own type and so is the answer, so a renamed field fails `tsc`, not a player. The
 * parts (each `{param}`'s value, encoded here; the query; the body) may be left out only by an
 * endpoint without a body. A refusal or failure throws a ServerError.
 * @type {<R extends keyof Routes>(route: R, ...parts: Routes[R]['body'] extends undefined ? [CallParts<R>?] : [CallParts<R>]) => Promise<Routes[R]['answer']>}
 */
export const call = async (route, ...[parts]) => {
  const space = route.indexOf(' ');
  /** @type {{ params?: Record<string, string | number>, query?: Record<string, string | number | boolean | undefined>, body?: unknown }} */
  const given = parts || {};
  let path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name) => {
    const value = given.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(given.query || {}).filter(([, v]) => v !== undefined && v !== '');
  if (query.length) path += `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}`;
  // the answer is the endpoint's by the server's contract (the table above is made from it)
  return /** @type {any} */ (await send(route.slice(0, space), path, given.body));
};

/**
 * How many of the page's requests are under way, kept on `window.tabulaRequests`: a page has
 * its data once none is (the browser tests wait for that rather than for a network quiet for
 * half a second, which cost them a minute a run).
 */
const requestCount = /** @type {Window & { tabulaRequests?: number }} */ (window);
requestCount.tabulaRequests = 0;

/**
 * One request as JSON; a refusal or failure throws a ServerError.
 * @param {string} method @param {string} path @param {unknown} [body] sent as JSON
 * @returns {Promise<unknown>}
 */
async function send(method, path, body) {
  requestCount.tabulaRequests = (requestCount.tabulaRequests || 0) + 1;
  try {
    const res = await fetch(path, {
      method,
      headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
    if (!res.ok) throw new ServerError(data.error || `HTTP ${res.status}`, data.code || (res.status >= 500 ? 'internal' : 'bad_input'), data.retry_after_s ?? null, data.cause ?? null);
    return data;
  } finally {
    requestCount.tabulaRequests = (requestCount.tabulaRequests || 1) - 1;
  }
}

/**
 * The kind every room's view names (`kind`), read from a view whose game the page does not know
 * yet ('' if it names none).
 * @param {unknown} view
 * @returns {string}
 */
export function viewKind(view) {
  return typeof view === 'object' && view !== null && 'kind' in view && typeof view.kind === 'string' ? view.kind : '';
}

/**
 * A seat this browser holds: whoever holds the token plays the seat.
 * @typedef {{ seat: number, token: string }} HeldSeat
 */

/** The seat held in game `gameId`, remembered per game. @param {string} gameId @returns {HeldSeat | null} */
export function seatOf(gameId) {
  const stored = localStorage.getItem(`tabula:seat:${gameId}`);
  try { return stored ? JSON.parse(stored) : null; } catch { return null; }
}
/** @param {string} gameId @param {number} seat @param {string} token */
export function rememberSeat(gameId, seat, token) {
  localStorage.setItem(`tabula:seat:${gameId}`, JSON.stringify({ seat, token }));
}
/** The nickname last used in this browser ('' if none). */
export function nickname() { return localStorage.getItem('tabula:name') || ''; }
/** @param {string} n */
export function rememberNickname(n) { localStorage.setItem('tabula:name', n); }

/** @type {Record<string, string>} */
const PAGES = {
  'checkmates-solo': '/checkmates/solo/', 'checkmates-party': '/checkmates/party/',
  'royal-solo': '/royal/solo/', 'royal-match': '/royal/match/',
  querni: '/querni/play/', 'querni-local': '/querni/play/',
  quickchess: '/quickchess/play/', 'quickchess-local': '/quickchess/play/',
};

/** The page of a game of `kind`. @param {string} kind @param {string} id */
export function pathOf(kind, id) { return `${PAGES[kind] || '/replay/'}${id}`; }

/**
 * A new game from a game's `table` (its kind, options and bots): "the same again".
 * @param {{ kind: string, options?: object | null, bots?: number[] | null }} table
 */
export function createLike(table) {
  return createGame(table.kind, table.options || {}, table.bots || []);
}

/** Takes one's seat in a rematch: the same token holds the same seat there. @param {string} fromId @param {string} toId */
export function followRematch(fromId, toId) {
  const s = seatOf(fromId);
  if (s) rememberSeat(toId, s.seat, s.token);
}

/**
 * Creates a game and remembers its seat (the creator's, seat 0).
 * @param {string} kind
 * @param {object} [options] the kind's options (docs/web.md)
 * @param {number[]} [bots] the computer players' levels
 * @returns {Promise<{ id: string, seat: number, token: string }>}
 */
export async function createGame(kind, options = {}, bots = []) {
  const created = await call('POST /api/games', { body: { kind, name: nickname() || t('form-defaultName'), options, bots } });
  rememberSeat(created.id, created.seat, created.token);
  return created;
}

/**
 * A `state` or `update` frame as a game's page reads it. The server's frames carry the view
 * and the events untyped (ServerFrame: the frame does not say which game's they are); the page
 * that opened the socket knows its game, and names their types as V and E.
 * @template V, E
 * @typedef {{ t: 'state', d: { v: number, seat: number | null, view: V } }
 *   | { t: 'update', d: { v: number, events: E[], view: V } }} ViewFrame
 */

/** @typedef {import('./types/protocol').ServerFrame} ServerFrame */

/** A request waiting for its answer: its promise's ends. @typedef {{ resolve: (d: unknown) => void, reject: (e: Error) => void }} Pending */

/**
 * A live connection to one game. `onView(view, frame)` runs on every state or update, with
 * the view and events of the page's game (V and E, see ViewFrame); `onError(message)` on a
 * refusal no request waits for, or when the socket's seat changed. I is the game's intents
 * (ChessIntent, QuerniIntent, ...: the page that opens the socket knows its game).
 * @template V, E, I
 */
export class GameSocket {
  /**
   * @param {string} gameId
   * @param {(view: V, frame: ViewFrame<V, E>) => void} onView
   * @param {(message: string) => void} [onError]
   */
  constructor(gameId, onView, onError) {
    this.gameId = gameId;
    this.onView = onView;
    this.onError = onError || (() => {});
    this.version = -1;
    /** the server's clock minus this browser's, from the last view's `now` */
    this.offset = 0;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    this.nextId = 1;
    this.closed = false;
    this.failures = 0;
    /** @type {number | null} the wait the server asked for when it said it was restarting */
    this.restartIn = null;
    this.ws = this.open();
  }

  // The seat token travels in a header (the WebSocket subprotocol offer), never in the URL,
  // where it would land in server logs and browser history.
  open() {
    const seat = seatOf(this.gameId);
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${proto}://${location.host}/api/games/${this.gameId}/ws`;
    const ws = seat ? new WebSocket(url, ['tabula', `tabula-token.${seat.token}`]) : new WebSocket(url);
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onopen = () => { this.failures = 0; this.restartIn = null; netNotice(false); };
    ws.onclose = (e) => {
      if (this.closed) return;
      for (const { reject } of this.pending.values()) reject(new Error(t('net-lost')));
      this.pending.clear();
      // a restart (close code 1012, announced by a `restart` frame) is no failure: come back
      // after the wait the server asked for, spread at random so every client does not
      // return at the same moment
      const restart = this.restartIn ?? (e.code === 1012 ? 1000 : null);
      if (restart === null) this.failures += 1;
      netNotice(true, restart !== null);
      // otherwise quickly at first, then less often (at most every 8 s)
      const wait = restart !== null ? restart * (1 + Math.random()) : Math.min(8000, 500 * 2 ** Math.min(this.failures, 4));
      this.restartIn = null;
      setTimeout(() => { if (!this.closed) this.ws = this.open(); }, wait);
    };
    return ws;
  }

  /** @param {ServerFrame} msg */
  receive(msg) {
    const d = msg.d || {};
    if (msg.t === 'restart') { this.restartIn = msg.d.retry_ms; netNotice(true, true); }
    if (msg.t === 'seat') this.onError(msg.d.seat === null || msg.d.seat === undefined ? t('net-seatRemoved') : t('net-seatMoved', { seat: msg.d.seat })); // the host moved or removed this seat
    if (msg.t === 'state' || msg.t === 'update') {
      if (msg.t === 'update' && msg.d.v < this.version) return; // an old frame
      this.version = msg.d.v;
      // the view is the page's game's (V): the frame cannot say which game's it is
      const frame = /** @type {ViewFrame<V, E>} */ (msg);
      const view = /** @type {{ now?: unknown } | null} */ (msg.d.view);
      if (view && typeof view.now === 'number') this.offset = view.now - Date.now();
      this.onView(frame.d.view, frame);
    }
    const id = 'id' in d && typeof d.id === 'number' ? d.id : null;
    const waiting = id === null ? undefined : this.pending.get(id);
    if (id !== null && waiting) {
      this.pending.delete(id);
      if (msg.t === 'error') waiting.reject(refusal(msg.d)); else waiting.resolve(d);
    } else if (msg.t === 'error') {
      this.onError(errorText(refusal(msg.d)));
    }
  }

  /**
   * Sends a frame and waits for its ack (or error).
   * @param {string} type the frame's `t` @param {unknown} d
   * @returns {Promise<unknown>} the ack's data
   */
  request(type, d) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.ws.readyState !== WebSocket.OPEN) {
        this.pending.delete(id);
        reject(new Error(t('net-notConnected')));
        return;
      }
      this.ws.send(JSON.stringify({ t: type, d, id }));
    });
  }

  /** An intent for the game, or a request to its room (docs/web.md, `act`). @param {I | TableRequest} intent */
  act(intent) { return this.request('act', intent); }
  /** A change to the lobby (`add_bot`, `remove`, `options`, `start`). @param {LobbyOp} op */
  lobby(op) { return this.request('lobby', op); }
  /** The server's time now, from this browser's clock and the last view's `now`. */
  serverNow() { return Date.now() + this.offset; }
  close() { this.closed = true; netNotice(false); this.ws.close(); }
}

/**
 * An error frame as the error it stands for.
 * @param {{ message: string, code: string, cause: Cause, retry_after_ms?: number | null }} d
 */
function refusal(d) {
  return new ServerError(d.message, d.code, d.retry_after_ms ? Math.ceil(d.retry_after_ms / 1000) : null, d.cause);
}
