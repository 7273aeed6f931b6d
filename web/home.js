// The home page: the four games, how they are played, and recent replays.
import { api } from './api.js';
import { h } from './ui.js';
import { t, gameTitle } from './text.js';
import { cmBoard } from './checkmates.js';
import { royalBoard } from './royal.js';
import { lobbySection } from './lobby.js';

export function home(main) {
  main.append(
    h('h1', {}, t('home.title')),
    h('p', { class: 'lead' }, t('home.lead')),
    h('div', { class: 'grid' },
      h('div', { class: 'card' },
        h('div', { style: 'width:120px;float:right;margin-left:8px' }, cmBoard('sliding', 'bgr/.j./rbg')),
        h('h3', {}, t('game.checkmates')),
        h('p', {}, t('home.checkmates')),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/checkmates', 'data-link': true }, t('home.play')), h('a', { href: '/checkmates/solver', 'data-link': true }, t('nav.solver')))),
      h('div', { class: 'card' },
        h('div', { style: 'width:120px;float:right;margin-left:8px' }, royalBoard('K.N/.Q./R.B', { coords: false })),
        h('h3', {}, t('game.royal')),
        h('p', {}, t('home.royal')),
        h('p', {}, h('a', { class: 'button', href: '/royal', 'data-link': true }, t('home.play')))),
      h('div', { class: 'card' },
        h('h3', {}, t('game.querni')),
        h('p', {}, t('home.querni')),
        h('p', {}, h('a', { class: 'button', href: '/querni', 'data-link': true }, t('home.play')))),
      h('div', { class: 'card' },
        h('h3', {}, t('game.quickchess')),
        h('p', {}, t('home.quickchess')),
        h('p', { class: 'row' }, h('a', { class: 'button', href: '/quickchess', 'data-link': true }, t('home.play')), h('a', { href: '/quickchess/analyse', 'data-link': true }, t('analysis.title'))))),
  );
  const lobby = lobbySection();
  main.append(lobby.element,
    h('p', { class: 'row' }, h('a', { href: '/daily', 'data-link': true }, t('home.daily')), h('a', { href: '/leaderboard', 'data-link': true }, t('home.leaderboards'))),
    h('h2', {}, t('home.recent')));
  const list = h('div', { class: 'stack', 'data-test': 'recent' }, t('home.loading'));
  main.append(list);
  api('GET', '/api/games/recent').then((games) => {
    list.replaceChildren(...(games.length ? games.map((g) => {
      const players = (g.players || []).map((s) => (s.bot ? t('duel.computer', { level: s.bot }) : s.name));
      return h('div', { class: 'card row', style: 'justify-content:space-between' },
        h('a', { href: `/replay/${g.id}`, 'data-link': true }, gameTitle(g.kind, g.variant)),
        h('span', { class: 'muted' }, t('home.recentLine', { players, when: new Date(g.finished) })));
    }) : [h('span', { class: 'muted' }, t('home.noRecent'))]));
  }).catch(() => list.replaceChildren(t('home.recentFailed')));
  return lobby.close;
}
