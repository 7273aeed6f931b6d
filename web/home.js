// The home page: what Tabula is in one line, the lobby's "Play now" (so that a phone shows it
// on its first screen), the four games and how they are played, and recent replays.
import { call } from './api.js';
import { h, rulesLink } from './ui.js';
import { t, gameTitle, dateTime, list as inWords, seatName } from './text.js';
import { cmBoard } from './checkmates.js';
import { royalBoard } from './royal.js';
import { lobbySection } from './lobby.js';
import { tournamentsSection } from './tournaments.js';
import { turnsSection } from './turns.js';
import { assignmentsSection } from './class-tasks.js';


/**
 * The home page; gives back what closes the lobby's socket when the page is left.
 * @param {HTMLElement} main
 */
export function home(main) {
  const lobby = lobbySection();
  main.append(
    h('h1', {}, t('home-title')),
    h('p', { class: 'lead tagline', 'data-test': 'tagline' }, t('home-tagline')),
    turnsSection(),
    assignmentsSection(),
    lobby.element,
    tournamentsSection(),
    h('h2', {}, t('home-games')),
    h('p', { class: 'lead' }, t('home-lead')),
    h('div', { class: 'grid' },
      h('div', { class: 'card' },
        h('div', { style: 'width:120px;float:right;margin-left:8px' }, cmBoard('sliding', 'bgr/.j./rbg')),
        h('h2', {}, t('game-checkmates')),
        h('p', {}, t('home-checkmates')),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/checkmates', 'data-link': true }, t('home-play')), h('a', { href: '/checkmates/solver', 'data-link': true }, t('nav-solver')), rulesLink('checkmates'))),
      h('div', { class: 'card' },
        h('div', { style: 'width:120px;float:right;margin-left:8px' }, royalBoard('K.N/.Q./R.B', { coords: false })),
        h('h2', {}, t('game-royal')),
        h('p', {}, t('home-royal')),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/royal', 'data-link': true }, t('home-play')), rulesLink('royal'))),
      h('div', { class: 'card' },
        h('h2', {}, t('game-querni')),
        h('p', {}, t('home-querni')),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/querni', 'data-link': true }, t('home-play')), rulesLink('querni'))),
      h('div', { class: 'card' },
        h('h2', {}, t('game-quickchess')),
        h('p', {}, t('home-quickchess')),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/quickchess', 'data-link': true }, t('home-play')), h('a', { href: '/learn/quickchess', 'data-link': true }, t('learn-link')), h('a', { href: '/quickchess/analyse', 'data-link': true }, t('analysis-title')), rulesLink('quickchess')))),
  );
  main.append(
    h('p', { class: 'row' }, h('a', { href: '/daily', 'data-link': true }, t('home-daily')), h('a', { href: '/leaderboard', 'data-link': true }, t('home-leaderboards'))),
    h('h2', {}, t('home-recent')));
  const list = h('div', { class: 'stack', 'data-test': 'recent' }, t('home-loading'));
  main.append(list);
  call('GET /api/games/recent').then((games) => {
    list.replaceChildren(...(games.length ? games.map((g) => {
      const players = (g.players || []).map((s) => seatName(s));
      return h('div', { class: 'card row', style: 'justify-content:space-between' },
        h('a', { href: `/replay/${g.id}`, 'data-link': true }, gameTitle(g.kind, g.variant)),
        h('span', { class: 'muted' }, h('span', { translate: 'no' }, inWords(players)), ', ', dateTime(g.finished)));
    }) : [h('span', { class: 'muted' }, t('home-noRecent'))]));
  }).catch(() => list.replaceChildren(t('home-recentFailed')));
  return lobby.close;
}
