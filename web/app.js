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
import { puzzlesPage } from './puzzles.js';
import { rulesPage } from './rules.js';
import { learnHome, learnBox } from './learn.js';
import { learnCheckmates, learnRoyal } from './learn-puzzles.js';
import { t, loadTexts } from './text.js';

/**
 * A page: draws itself into `main` from the path's parts its route captured (a game's id, a
 * player's name), and may give back what to do when the player leaves it (close a socket,
 * stop a timer).
 * @typedef {(main: HTMLElement, ...params: string[]) => (void | (() => void))} Page
 */

/** @type {Array<[RegExp, Page]>} */
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
  [/^\/puzzles\/?$/, puzzlesPage],
  [/^\/rules\/(\w+)$/, rulesPage],
  [/^\/learn\/quickchess\/?$/, learnHome],
  [/^\/learn\/quickchess\/(\d+)$/, learnBox],
  [/^\/learn\/checkmates\/?$/, learnCheckmates],
  [/^\/learn\/royal\/?$/, learnRoyal],
];

/** @type {(() => void) | null} what the page shown asked to run when it is left */
let cleanup = null;
function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  openMenu(false);
  const main = document.getElementById('app');
  if (!main) return;
  main.replaceChildren();
  for (const [re, page] of routes) {
    const m = location.pathname.match(re);
    if (m) { cleanup = page(main, ...m.slice(1)) || null; offlineNotice(); return; }
  }
  main.append(h('h1', {}, t('notFound-title')), h('p', {}, h('a', { href: '/', 'data-link': true }, t('notFound-back'))));
  offlineNotice();
}

// The header's menu: on a phone the links fold behind one button (app.css shows them as a
// list of full-width rows when it is open); wider screens show them always and hide the button.
const menuButton = document.getElementById('menu-toggle');
/** Opens or closes the header's menu. @param {boolean} open */
function openMenu(open) {
  document.querySelector('header.top')?.classList.toggle('menu-open', open);
  menuButton?.setAttribute('aria-expanded', String(open));
}
menuButton?.addEventListener('click', () => openMenu(menuButton.getAttribute('aria-expanded') !== 'true'));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && menuButton?.getAttribute('aria-expanded') === 'true') { openMenu(false); menuButton.focus(); }
});

/** Whether the page shown is a game being played (a socket carries its moves). */
const inGame = () => /^\/(quickchess\/play|querni\/play|royal\/(match|solo)|checkmates\/(party|solo))\//.test(location.pathname);
/**
 * Says, under the header, when the browser is offline: in a game that moves wait for the
 * connection, elsewhere that pages read before still open (the service worker keeps them).
 * While it shows, the socket's own "reconnecting" notice (#net) is hidden by app.css.
 */
function offlineNotice() {
  const el = document.getElementById('offline');
  if (!el) return;
  const offline = !navigator.onLine;
  // the live region speaks when its words change, so they are set only while offline
  el.textContent = offline ? t(inGame() ? 'net-offlineGame' : 'net-offline') : '';
  el.classList.toggle('show', offline);
}
window.addEventListener('online', offlineNotice);
window.addEventListener('offline', offlineNotice);

/**
 * Registers the service worker (web/sw.js). The first time it takes over a page, that page was
 * loaded without it: the page tells it what it loaded so that it keeps those too.
 */
function installWorker() {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  const controlled = Boolean(workers.controller);
  workers.addEventListener('controllerchange', () => {
    if (controlled) return; // a newer worker: it keeps what the pages load from now on
    const loaded = performance.getEntriesByType('resource').map((r) => new URL(r.name))
      .filter((u) => u.origin === location.origin).map((u) => u.pathname + u.search);
    workers.controller?.postMessage({ keep: [location.pathname, ...new Set(loaded)] });
  }, { once: true });
  workers.register('/sw.js').catch((e) => console.warn(`no offline copy: ${e instanceof Error ? e.message : e}`));
}

document.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a[data-link]') : null;
  if (a instanceof HTMLAnchorElement && a.origin === location.origin && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    history.pushState({}, '', a.pathname + a.search);
    route();
  }
});
window.addEventListener('popstate', route);
window.addEventListener('tabula:navigate', route);
// every word comes from the language's catalogues, loaded before anything is drawn (a load
// cut short, as when the page is left at once, draws what it has)
try { await loadTexts(); } catch (e) { console.warn(`the texts did not load: ${e instanceof Error ? e.message : e}`); }
// the header's links, HTML elements of index.html
for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-text]'))) a.textContent = t(a.dataset.text || '');
for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-label]'))) b.setAttribute('aria-label', t(b.dataset.label || ''));
installSymbols();
whoAmI();
installPrefs();
route();
installWorker();
