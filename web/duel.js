// What the two duel games (Querni, QuickChess) share before play: the invitation a friend's
// link opens (who invited you, to which game, with which colour and clock), where the friend
// takes the empty seat, and the creator's wait for them.
import { nickname } from './api.js';
import { h, shareBox } from './ui.js';
import { t, seatName as nameOf } from './text.js';
import { describeClock, takeSeat } from './table.js';
/** @import { GameOptions, SeatInfo, WaitingView } from './types/protocol' */

/** The colour the friend gets: the other of the creator's choice. @param {string} kind @param {GameOptions | null} options */
function guestSide(kind, options) {
  const chosen = (options && options.color) || 'first';
  const querni = kind.startsWith('querni');
  const first = ['first', 'white', 'blue'].includes(chosen);
  if (querni) return first ? 'red' : 'blue';
  return first ? 'black' : 'white';
}

/**
 * The lobby of a duel: `title` names the game (the variant's title for QuickChess); the
 * creator waits with the link to send, anyone else is invited to take the empty seat.
 * @param {string} title
 * @param {WaitingView} view
 * @param {string} id the game's
 * @param {() => void} onJoined once the seat is taken
 */
export function waitingRoom(title, view, id, onJoined) {
  const options = view.options || {};
  const host = (view.seats || [])[0];
  if (view.you === 0) {
    return h('div', { class: 'stack' }, h('h1', {}, title),
      h('div', { class: 'card stack' }, h('p', {}, t('invite-waiting')),
        h('p', { class: 'muted' }, t('invite-terms', { side: guestSide(view.kind, options), clock: describeClock(options.clock) })),
        shareBox(t('invite-sendLink'))));
  }
  const name = h('input', { placeholder: t('form-nickname'), value: nickname(), maxlength: 24, 'aria-label': t('form-nickname') });
  const join = () => takeSeat(id, name.value.trim() || t('form-defaultName'), onJoined);
  return h('div', { class: 'stack' }, h('h1', {}, title),
    h('div', { class: 'card stack', 'data-test': 'invitation' },
      h('p', {}, t('invite-from', { name: nameOf(host), game: title })),
      h('p', {}, t('invite-terms', { side: guestSide(view.kind, options), clock: describeClock(options.clock) })),
      h('div', { class: 'row' }, name, h('button', { 'data-test': 'join', onclick: join }, t('invite-take')))));
}

/**
 * The name of whoever plays seat `seat` of a view: a nickname, or the computer's one name
 * (text.js, seatName).
 * @param {{ seats?: SeatInfo[] }} view
 * @param {number | null} seat
 */
export function seatName(view, seat) {
  const seats = view.seats || [];
  return nameOf(seats.find((x) => x.seat === seat), seats);
}
