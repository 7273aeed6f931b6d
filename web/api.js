// Talking to the server: JSON requests, seat tokens kept in the browser, and one WebSocket
// per game that keeps the latest view (and the server's clock) up to date, reconnecting by
// itself with a visible notice while the connection is down.
import { t } from './text.js';

/** Shows or hides the "reconnecting" notice under the header. */
function netNotice(down) {
  const el = document.getElementById('net');
  if (!el) return;
  el.textContent = t('net.reconnecting');
  el.classList.toggle('show', down);
}

export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

// Seats are remembered per game: {seat, token}. Whoever holds the token plays the seat.
export function seatOf(gameId) {
  try { return JSON.parse(localStorage.getItem(`tabula:seat:${gameId}`)); } catch { return null; }
}
export function rememberSeat(gameId, seat, token) {
  localStorage.setItem(`tabula:seat:${gameId}`, JSON.stringify({ seat, token }));
}
export function nickname() { return localStorage.getItem('tabula:name') || ''; }
export function rememberNickname(n) { localStorage.setItem('tabula:name', n); }

const PAGES = {
  'checkmates-solo': '/checkmates/solo/', 'checkmates-party': '/checkmates/party/',
  'royal-solo': '/royal/solo/', 'royal-match': '/royal/match/',
  querni: '/querni/play/', 'querni-local': '/querni/play/',
  quickchess: '/quickchess/play/', 'quickchess-local': '/quickchess/play/',
};

/** The page of a game of `kind`. */
export function pathOf(kind, id) { return `${PAGES[kind] || '/replay/'}${id}`; }

/** A new game from a game's `table` (its kind, options and bots): "the same again". */
export function createLike(table) {
  return createGame(table.kind, table.options || {}, table.bots || []);
}

/** Takes one's seat in a rematch: the same token holds the same seat there. */
export function followRematch(fromId, toId) {
  const s = seatOf(fromId);
  if (s) rememberSeat(toId, s.seat, s.token);
}

export async function createGame(kind, options = {}, bots = []) {
  const created = await api('POST', '/api/games', { kind, name: nickname() || 'Player', options, bots });
  rememberSeat(created.id, created.seat, created.token);
  return created;
}

// A live connection to one game. `onView(view, frame)` runs on every state or update.
export class GameSocket {
  constructor(gameId, onView, onError) {
    this.gameId = gameId;
    this.onView = onView;
    this.onError = onError || (() => {});
    this.version = -1;
    this.offset = 0;
    this.pending = new Map();
    this.nextId = 1;
    this.closed = false;
    this.failures = 0;
    this.connect();
  }

  // The seat token travels in a header (the WebSocket subprotocol offer), never in the URL,
  // where it would land in server logs and browser history.
  connect() {
    const seat = seatOf(this.gameId);
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${proto}://${location.host}/api/games/${this.gameId}/ws`;
    this.ws = seat ? new WebSocket(url, ['tabula', `tabula-token.${seat.token}`]) : new WebSocket(url);
    this.ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    this.ws.onopen = () => { this.failures = 0; netNotice(false); };
    this.ws.onclose = () => {
      if (this.closed) return;
      for (const { reject } of this.pending.values()) reject(new Error(t('net.lost')));
      this.pending.clear();
      this.failures += 1;
      netNotice(true);
      // quickly at first, then less often (at most every 8 s)
      setTimeout(() => { if (!this.closed) this.connect(); }, Math.min(8000, 500 * 2 ** Math.min(this.failures, 4)));
    };
  }

  receive(msg) {
    const d = msg.d || {};
    if (msg.t === 'seat') this.onError(d.message); // the host removed this seat: now watching
    if (msg.t === 'state' || msg.t === 'update') {
      if (msg.t === 'update' && d.v < this.version) return; // an old frame
      this.version = d.v;
      if (d.view && typeof d.view.now === 'number') this.offset = d.view.now - Date.now();
      this.view = d.view;
      this.onView(d.view, msg);
    }
    if (d.id && this.pending.has(d.id)) {
      const { resolve, reject } = this.pending.get(d.id);
      this.pending.delete(d.id);
      if (msg.t === 'error') reject(new Error(d.message)); else resolve(d);
    } else if (msg.t === 'error') {
      this.onError(d.message);
    }
  }

  // Sends a frame and waits for its ack (or error).
  request(t, d) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.ws.readyState !== WebSocket.OPEN) {
        this.pending.delete(id);
        reject(new Error(t('net.notConnected')));
        return;
      }
      this.ws.send(JSON.stringify({ t, d, id }));
    });
  }

  act(intent) { return this.request('act', intent); }
  lobby(op) { return this.request('lobby', op); }
  serverNow() { return Date.now() + this.offset; }
  close() { this.closed = true; netNotice(false); this.ws.close(); }
}
