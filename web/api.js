// Talking to the server: JSON requests, seat tokens kept in the browser, and one WebSocket
// per game that keeps the latest view (and the server's clock) up to date.

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
    this.ws.onclose = () => { if (!this.closed) setTimeout(() => this.connect(), 1000); };
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
        reject(new Error('not connected yet; try again'));
        return;
      }
      this.ws.send(JSON.stringify({ t, d, id }));
    });
  }

  act(intent) { return this.request('act', intent); }
  lobby(op) { return this.request('lobby', op); }
  serverNow() { return Date.now() + this.offset; }
  close() { this.closed = true; this.ws.close(); }
}
