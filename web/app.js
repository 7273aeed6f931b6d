// The browser side of Tabula: a tiny router over the pages.
import { installSymbols } from './pieces.js';
import { installPrefs } from './prefs.js';
import { home } from './home.js';
import { checkmatesHome, checkmatesSolo, checkmatesParty } from './checkmates.js';
import { solver } from './solver.js';
import { royalHome, royalSolo, royalMatch } from './royal.js';
import { replay } from './replay.js';
import { querniHome, querniPlay } from './querni.js';
import { quickchessHome, quickchessPlay } from './quickchess.js';
import { quickchessAnalyse } from './analysis.js';
import { h } from './ui.js';
import { accountPage, profilePage, leaderboardPage, whoAmI } from './players.js';
import { dailyPage } from './daily.js';
import { t } from './text.js';

const routes = [
  [/^\/$/, home],
  [/^\/checkmates\/?$/, checkmatesHome],
  [/^\/checkmates\/solver\/?$/, solver],
  [/^\/checkmates\/solo\/(\w+)$/, checkmatesSolo],
  [/^\/checkmates\/party\/(\w+)$/, checkmatesParty],
  [/^\/royal\/?$/, royalHome],
  [/^\/royal\/solo\/(\w+)$/, royalSolo],
  [/^\/royal\/match\/(\w+)$/, royalMatch],
  [/^\/querni\/?$/, querniHome],
  [/^\/querni\/play\/(\w+)$/, querniPlay],
  [/^\/quickchess\/?$/, quickchessHome],
  [/^\/quickchess\/analyse\/?$/, quickchessAnalyse],
  [/^\/quickchess\/play\/(\w+)$/, quickchessPlay],
  [/^\/replay\/(\w+)$/, replay],
  [/^\/account\/?$/, accountPage],
  [/^\/players\/([\w-]+)$/, profilePage],
  [/^\/leaderboard\/?$/, leaderboardPage],
  [/^\/daily\/?$/, dailyPage],
];

let cleanup = null;
function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  const main = document.getElementById('app');
  main.replaceChildren();
  for (const [re, page] of routes) {
    const m = location.pathname.match(re);
    if (m) { cleanup = page(main, ...m.slice(1)) || null; return; }
  }
  main.append(h('h1', {}, t('notFound.title')), h('p', {}, h('a', { href: '/', 'data-link': true }, t('notFound.back'))));
}

document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-link]');
  if (a && a.origin === location.origin && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    history.pushState({}, '', a.pathname + a.search);
    route();
  }
});
window.addEventListener('popstate', route);
window.addEventListener('tabula:navigate', route);
for (const a of document.querySelectorAll('[data-text]')) a.textContent = t(a.dataset.text);
installSymbols();
whoAmI();
installPrefs();
route();
