// The home page: the four games, how they are played, and recent replays.
import { api } from './api.js';
import { h } from './ui.js';
import { cmBoard } from './checkmates.js';
import { royalBoard } from './royal.js';
import { lobbySection } from './lobby.js';

export function home(main) {
  main.append(
    h('h1', {}, 'Tabula'),
    h('p', { class: 'lead' }, 'Four small-board games with exact rules, an optimal solver or a computer opponent, and play in your browser: alone, against bots, or with friends by link.'),
    h('div', { class: 'grid' },
      h('div', { class: 'card' },
        h('div', { style: 'width:120px;float:right;margin-left:8px' }, cmBoard('sliding', 'bgr/.j./rbg')),
        h('h3', {}, 'Check Mates'),
        h('p', {}, 'Seven tokens on a 3x3 board and a task card. Work out in your head how few moves make the tokens match the card (you may turn the card, not mirror it). Call out your number; anyone may interrupt with a lower one within five seconds. The last caller proves it on the board.'),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/checkmates', 'data-link': true }, 'Play'), h('a', { href: '/checkmates/solver', 'data-link': true }, 'Solver'))),
      h('div', { class: 'card' },
        h('div', { style: 'width:120px;float:right;margin-left:8px' }, royalBoard('K.N/.Q./R.B', { coords: false })),
        h('h3', {}, 'The Royal Study'),
        h('p', {}, 'King, queen, rook, bishop and knight on 3x3. Reach the layout on the card in as few chess moves as you can. At level 2 you may turn the card, at level 3 mirror it too; each turn costs a move. Announce, challenge, execute: first to six points.'),
        h('p', {}, h('a', { class: 'button', href: '/royal', 'data-link': true }, 'Play'))),
      h('div', { class: 'card' },
        h('h3', {}, 'Querni'),
        h('p', {}, 'A duel of numbered pieces on a 10x7 board: step or jump (over pieces of either colour, as far as the jumps go), then lift off a chain of three or more of your consecutive numbers standing next to one another. Clear all sixteen to win, but never strand numbers that can no longer make a chain.'),
        h('p', {}, h('a', { class: 'button', href: '/querni', 'data-link': true }, 'Play'))),
      h('div', { class: 'card' },
        h('h3', {}, 'QuickChess'),
        h('p', {}, 'Chess on 5x6, learnt one piece at a time through the booklet\'s lesson games (a pawn on the far edge wins), up to full QuickChess, where a pawn reaching the end rescues a lost piece, Blind QuickChess, and 8x8 chess. Play the computer at eight levels, a friend, or analyse.'),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/quickchess', 'data-link': true }, 'Play'), h('a', { href: '/quickchess/analyse', 'data-link': true }, 'Analysis board')))),
  );
  const lobby = lobbySection();
  main.append(lobby.element,
    h('p', {}, h('a', { href: '/daily', 'data-link': true }, 'The daily puzzle'), ' · ', h('a', { href: '/leaderboard', 'data-link': true }, 'Leaderboards')),
    h('h2', {}, 'Recent games'));
  const list = h('div', { class: 'stack muted' }, 'Loading...');
  main.append(list);
  api('GET', '/api/games/recent').then((games) => {
    list.replaceChildren(...(games.length ? games.map((g) => h('div', {}, h('a', { href: `/replay/${g.id}`, 'data-link': true }, `${g.kind} ${g.id}`), ' ', new Date(g.finished).toLocaleString())) : ['No finished games yet.']));
  }).catch(() => list.replaceChildren('Could not load recent games.'));
  return lobby.close;
}
