// Correspondence games waiting for the signed-in player's move: the home page's "Your turn"
// list and the bell's. Each line opens the game; a challenge's game comes with the player's
// seat (its token derived from the server's secret), so it opens on any device. The server's
// shapes are in docs/web.md, "Correspondence games".
import { call, rememberSeat } from './api.js';
import { h } from './ui.js';
import { t, tParts } from './text.js';
import { gamePath } from './lobby.js';
import { fmtLeft } from './table.js';
import { gameName, whoAmI } from './players.js';

/** @import { TurnList, TurnView } from './types/protocol' */

/** The games waiting for this player's move, or null (signed out, offline). @returns {Promise<TurnList | null>} */
export async function myTurns() {
  try { return await call('GET /api/me/turns'); } catch { return null; }
}

/**
 * A line of a "your turn" list: the game and opponent, linked, and the time left.
 * @param {TurnView} g @param {number} now the server's clock @param {() => void} [onOpen]
 */
export function turnLine(g, now, onOpen) {
  const open = () => { if (g.seat) rememberSeat(g.seat.id, g.seat.seat, g.seat.token); onOpen?.(); };
  return h('li', { class: 'row between', 'data-test': 'turn' },
    h('a', { href: gamePath(g.kind, g.id), 'data-link': true, onclick: open }, gameName(g.kind)),
    // a name is in no language of the page's
    h('span', { class: 'muted' }, ...tParts('turns-line', { name: h('span', { translate: 'no' }, g.opponent), time: fmtLeft(Math.max(0, g.deadline - now)) })));
}

/** The home page's "Your turn" section: shown only to a player with games waiting. */
export function turnsSection() {
  const box = h('section', { class: 'stack', 'data-test': 'home-turns', hidden: true });
  // asked only for a signed-in player (a guest's would be refused)
  whoAmI().then((me) => (me ? myTurns() : null)).then((l) => {
    if (!l || !l.games.length) return;
    box.replaceChildren(h('h2', {}, t('turns-title')), h('ul', { class: 'plain stack' }, ...l.games.map((g) => turnLine(g, l.now))));
    box.hidden = false;
  });
  return box;
}
