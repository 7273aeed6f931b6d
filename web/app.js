// The browser side of Tabula: a tiny router over the pages.
import { installSymbols } from './pieces.js';
import { installPrefs } from './prefs.js';
import { h } from './ui.js';
import { whoAmI } from './players.js';
import { t, loadTexts } from './text.js';

/**
 * A page: draws itself into `main` from the path's parts its route captured (a game's id, a
 * player's name), and may give back what to do when the player leaves it (close a socket,
 * stop a timer).
 * @typedef {(main: HTMLElement, ...params: string[]) => (void | (() => void))} Page
 */

// Each page's module loads when the page is first shown (a game's page does not wait for the
// puzzles' or the rules' code). The server names the modules of the page asked for as
// `modulepreload`s in the page it sends (crates/server/src/http/page_modules.rs), so they
// arrive with the app's own instead of after it.
/** @type {Array<[RegExp, () => Promise<Page>]>} */
const routes = [
  [/^\/$/, () => import('./home.js').then((m) => m.home)],
  [/^\/checkmates\/?$/, () => import('./checkmates.js').then((m) => m.checkmatesHome)],
  [/^\/checkmates\/solver\/?$/, () => import('./solver.js').then((m) => m.solver)],
  [/^\/checkmates\/solo\/(\w+)$/, () => import('./checkmates.js').then((m) => m.checkmatesSolo)],
  [/^\/checkmates\/party\/(\w+)$/, () => import('./checkmates.js').then((m) => m.checkmatesParty)],
  [/^\/royal\/?$/, () => import('./royal.js').then((m) => m.royalHome)],
  [/^\/royal\/solo\/(\w+)$/, () => import('./royal.js').then((m) => m.royalSolo)],
  [/^\/royal\/match\/(\w+)$/, () => import('./royal.js').then((m) => m.royalMatch)],
  [/^\/querni\/?$/, () => import('./querni.js').then((m) => m.querniHome)],
  [/^\/querni\/play\/(\w+)$/, () => import('./querni.js').then((m) => m.querniPlay)],
  [/^\/quickchess\/?$/, () => import('./quickchess.js').then((m) => m.quickchessHome)],
  [/^\/quickchess\/analyse\/?$/, () => import('./analysis.js').then((m) => m.quickchessAnalyse)],
  [/^\/quickchess\/play\/(\w+)$/, () => import('./quickchess.js').then((m) => m.quickchessPlay)],
  [/^\/replay\/(\w+)$/, () => import('./replay.js').then((m) => m.replay)],
  [/^\/account\/?$/, () => import('./players.js').then((m) => m.accountPage)],
  [/^\/players\/([\w-]+)$/, () => import('./players.js').then((m) => m.profilePage)],
  [/^\/players\/([\w-]+)\/games$/, () => import('./player-games.js').then((m) => m.playerGamesPage)],
  [/^\/classes\/?$/, () => import('./classes.js').then((m) => m.classesPage)],
  [/^\/classes\/(\w+)$/, () => import('./class.js').then((m) => m.classPage)],
  [/^\/leaderboard\/?$/, () => import('./players.js').then((m) => m.leaderboardPage)],
  [/^\/reset\/?$/, () => import('./players.js').then((m) => m.resetPage)],
  [/^\/admin\/?$/, () => import('./admin.js').then((m) => m.adminPage)],
  [/^\/tournaments\/?$/, () => import('./tournaments.js').then((m) => m.tournamentsPage)],
  [/^\/tournaments\/(\w+)$/, () => import('./tournaments.js').then((m) => m.tournamentPage)],
  [/^\/daily\/?$/, () => import('./daily.js').then((m) => m.dailyPage)],
  [/^\/puzzles\/?$/, () => import('./puzzles.js').then((m) => m.puzzlesPage)],
  [/^\/rules\/(\w+)$/, () => import('./rules.js').then((m) => m.rulesPage)],
  [/^\/learn\/quickchess\/?$/, () => import('./learn.js').then((m) => m.learnHome)],
  [/^\/learn\/quickchess\/(\d+)$/, () => import('./learn.js').then((m) => m.learnBox)],
  [/^\/learn\/checkmates\/?$/, () => import('./learn-puzzles.js').then((m) => m.learnCheckmates)],
  [/^\/learn\/royal\/?$/, () => import('./learn-puzzles.js').then((m) => m.learnRoyal)],
];

/** @type {(() => void) | null} what the page shown asked to run when it is left */
let cleanup = null;
/** Counts the pages asked for: a page whose code arrives after the player went on is not drawn. */
let asked = 0;
async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  openMenu(false);
  const main = document.getElementById('app');
  if (!main) return;
  const visit = ++asked;
  // the page left goes at once (its code is usually in the cache: the next one draws within
  // the same moment; on a slow network nothing of the old page stays to be clicked meanwhile)
  main.replaceChildren();
  for (const [re, load] of routes) {
    const m = location.pathname.match(re);
    if (!m) continue;
    /** @type {Page} */
    let page;
    try {
      page = await load();
    } catch (e) {
      console.warn(`the page's code did not load: ${e instanceof Error ? e.message : e}`);
      if (visit === asked) main.replaceChildren(h('p', { role: 'alert' }, t('net-pageFailed')));
      return;
    }
    if (visit !== asked) return;
    cleanup = page(main, ...m.slice(1)) || null;
    offlineNotice();
    return;
  }
  main.replaceChildren(h('h1', {}, t('notFound-title')), h('p', {}, h('a', { href: '/', 'data-link': true }, t('notFound-back'))));
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
// the challenge dialog and the bell, asked for by the pages (ui.js): loaded when first needed
window.addEventListener('tabula:challenge', (e) => {
  const { name, like } = /** @type {CustomEvent<{ name: string, like?: import('./ui.js').ChallengeLike }>} */ (e).detail;
  import('./challenges.js').then((m) => m.openChallenge(name, like)).catch(() => {});
});
window.addEventListener('tabula:signed-in', () => { import('./challenges.js').then((m) => m.startBell()).catch(() => {}); });
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
