// What the two duel games (Querni, QuickChess) share: the waiting room of an online game,
// where the creator shares the link and the friend takes the empty seat.
import { api, rememberSeat, nickname, rememberNickname } from './api.js';
import { h, attempt, shareBox } from './ui.js';

export function waitingRoom(title, view, id, onJoined) {
  if (view.you === 0) {
    return h('div', { class: 'stack' }, h('h1', {}, title),
      h('div', { class: 'card stack' }, h('p', {}, 'Waiting for your opponent.'), shareBox('Send them this link:')));
  }
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const join = async () => {
    const n = name.value.trim() || 'Player';
    rememberNickname(n);
    const r = await attempt(() => api('POST', `/api/games/${id}/join`, { name: n }));
    if (r) { rememberSeat(id, r.seat, r.token); onJoined(); }
  };
  return h('div', { class: 'stack' }, h('h1', {}, title),
    h('div', { class: 'card row' }, name, h('button', { 'data-test': 'join', onclick: join }, 'Take the empty seat')));
}

// The name of whoever plays the seat: a nickname, or the computer with its level.
export function seatName(view, seat) {
  const s = (view.seats || []).find((x) => x.seat === seat);
  if (!s) return '?';
  return s.bot ? `Computer (level ${s.bot})` : s.name;
}
