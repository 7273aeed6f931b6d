// Accounts, profiles and leaderboards: the account page (sign up, log in, change the password,
// log out everywhere, delete the account), a player's profile with the rating history drawn
// as SVG, and the leaderboard of each rating pool.
import { call, errorText, pathOf } from './api.js';
import { playerGamesLink } from './review.js';
import { reportButton } from './report.js';
import { h, toast, navigate, attempt, requestChallenge, announceSignedIn } from './ui.js';
import { t, tParts, hasText, gameTitle, dateTime, dateOnly } from './text.js';

/**
 * The signed-in account (`GET /api/me`).
 * @typedef {import('./types/protocol').Me} Account
 */
/** @import { PlayedGame, RatingStep } from './types/protocol' */

/**
 * `quickchess:blitz` as words.
 * @param {string} pool
 */
export function poolName(pool) {
  const [game, speed] = pool.split(':');
  // the puzzle pools (`puzzles:quickchess`) are named as puzzles, not as the game's play
  if (game === 'puzzles') return t('pool-puzzles', { game: speed || 'quickchess' });
  return t('pool', { game, speed: speed || 'none' });
}

/**
 * A game's name from its kind, as the profile and the lobby list it.
 * @param {string} kind
 */
export function gameName(kind) { return hasText(`game-kind-${kind}`) || kind.startsWith('quickchess') ? gameTitle(kind) : kind; }

/**
 * A rating as shown: `1500?` while provisional.
 * @param {{ rating: number, provisional: boolean }} r
 */
export function ratingText(r) { return `${r.rating}${r.provisional ? '?' : ''}`; }

/** @type {Account | null | undefined} the signed-in account, null for none, undefined until asked */
let me;
/**
 * The signed-in account (asked once for the page's life, unless `refresh`), or null.
 * @param {boolean} [refresh]
 * @returns {Promise<Account | null>}
 */
export async function whoAmI(refresh = false) {
  if (me !== undefined && !refresh) return me;
  try { me = await call('GET /api/me'); } catch { me = null; }
  updateHeader();
  return me;
}

/** Shows the account (or "sign in") in the header's link. */
export function updateHeader() {
  const link = document.getElementById('account-link');
  if (!link) return;
  link.textContent = me ? me.name : t('nav-signIn');
  // a name is in no language of the page's
  if (me) link.setAttribute('translate', 'no'); else link.removeAttribute('translate');
  link.setAttribute('href', me ? `/players/${me.name}` : '/account');
  // a signed-in player's bell: challenges, on every page
  if (me) announceSignedIn();
}

/**
 * The button that challenges `name` (its dialog loads when pressed).
 * @param {string} name
 */
function challengeButton(name) {
  return h('button', { class: 'small', 'data-test': 'challenge', onclick: () => requestChallenge(name) }, t('challenge-button'));
}

// Every seat token this browser holds as a guest: signing up or in makes their games yours.
function guestTokens() {
  /** @type {string[]} */
  const tokens = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith('tabula:seat:')) {
      // a seat as api.js's rememberSeat stored it, {seat, token}
      try { tokens.push(JSON.parse(localStorage.getItem(k) || '').token); } catch { /* not a seat */ }
    }
  }
  return tokens.filter(Boolean);
}

/** @param {string} label @param {HTMLElement} input */
function field(label, input) { return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), input); }

/**
 * The account page: signing up or in, or (signed in) logging out, the password, deleting.
 * @param {HTMLElement} main
 */
export function accountPage(main) {
  /** @param {Account | null} account */
  const render = (account) => {
    main.replaceChildren(h('h1', {}, account ? t('account-title', { name: account.name }) : t('account-signInOrUp')));
    if (!account) {
      const name = h('input', { autocomplete: 'username', maxlength: 20, 'data-test': 'username' });
      const pass = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'password' });
      /** @param {'POST /api/auth/login' | 'POST /api/auth/signup'} route @param {Record<string, string>} context */
      const go = (route, context) => attempt(async () => {
        const r = await call(route, { body: { username: name.value, password: pass.value, seats: guestTokens() } });
        await whoAmI(true);
        toast(r.claimed ? t('account-signedInClaimed', { count: r.claimed }) : t('account-signedIn'));
        navigate(`/players/${r.name}`);
      }, context);
      main.append(
        h('p', { class: 'lead' }, t('account-lead')),
        h('div', { class: 'card stack', style: 'max-width:380px' },
          field(t('account-username'), name), field(t('account-password'), pass),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'login', onclick: () => go('POST /api/auth/login', { unauthorized: 'account-wrongLogin', bad_input: 'account-badInput', rate_limited: 'account-slowDown' }) }, t('account-logIn')),
            h('button', { class: 'secondary', 'data-test': 'signup', onclick: () => go('POST /api/auth/signup', { conflict: 'account-nameTaken', bad_input: 'account-badInput', rate_limited: 'account-slowDown' }) }, t('account-signUp')))));
      return;
    }
    const old = h('input', { type: 'password', autocomplete: 'current-password' });
    const fresh = h('input', { type: 'password', autocomplete: 'new-password' });
    const confirm = h('input', { type: 'password', autocomplete: 'current-password' });
    main.append(
      h('p', {}, h('a', { href: `/players/${account.name}`, 'data-link': true }, t('account-profile')), ' · ',
        h('a', { href: '/leaderboard', 'data-link': true }, t('home-leaderboards')),
        account.admin ? [' · ', h('a', { href: '/admin', 'data-link': true, 'data-test': 'moderation-link' }, t('nav-moderation'))] : ''),
      h('div', { class: 'grid' },
        friendsCard(),
        h('div', { class: 'card stack' }, h('h3', {}, t('account-logOut')),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'logout', onclick: () => attempt(async () => { await call('POST /api/auth/logout', { body: {} }); await whoAmI(true); render(null); }) }, t('account-logOut')),
            h('button', { class: 'secondary', onclick: () => attempt(async () => { const r = await call('POST /api/auth/logout', { body: { everywhere: true } }); await whoAmI(true); toast(t('account-sessionsEnded', { count: r.sessions_ended })); render(null); }) }, t('account-logOutEverywhere')))),
        h('div', { class: 'card stack' }, h('h3', {}, t('account-changePassword')), field(t('account-currentPassword'), old), field(t('account-newPassword'), fresh),
          h('button', { onclick: () => attempt(async () => { await call('POST /api/auth/password', { body: { old: old.value, new: fresh.value } }); toast(t('account-passwordChanged')); }, { unauthorized: 'account-wrongPassword', bad_input: 'account-badInput' }) }, t('account-change'))),
        h('div', { class: 'card stack' }, h('h3', {}, t('account-delete')),
          h('p', { class: 'muted' }, t('account-deleteExplain')),
          field(t('account-passwordShort'), confirm),
          h('button', { class: 'secondary', onclick: () => attempt(async () => { await call('POST /api/auth/delete', { body: { password: confirm.value } }); await whoAmI(true); toast(t('account-deleted')); render(null); }, { unauthorized: 'account-wrongPassword' }) }, t('account-deleteMine')))));
  };
  whoAmI(true).then(render);
}

/** @import { Relation } from './types/protocol' */

/**
 * Follow or unfollow, block or unblock, and report: the buttons of a profile for a signed-in
 * visitor, drawn again after each change.
 * @param {HTMLElement} box
 * @param {string} name
 */
function relationButtons(box, name) {
  /** @param {Relation} r */
  const draw = (r) => {
    /** @param {string} action @param {string} label @param {string} [cls] */
    const button = (action, label, cls = 'secondary small') => h('button', { class: cls, 'data-test': action, onclick: () => attempt(async () => {
      draw(await call('POST /api/users/{name}/{change}', { params: { name, change: action } }));
    }) }, label);
    box.replaceChildren(
      r.blocked ? '' : challengeButton(name),
      r.blocked ? '' : button(r.following ? 'unfollow' : 'follow', t(r.following ? 'friends-unfollow' : 'friends-follow'), r.following ? 'secondary small' : 'small'),
      button(r.blocked ? 'unblock' : 'block', t(r.blocked ? 'friends-unblock' : 'friends-block')),
      reportButton(name));
  };
  call('GET /api/users/{name}/relation', { params: { name } }).then(draw).catch(() => {});
}

/**
 * The friends of the account page: whom the player follows, online or not, each game they are
 * playing to watch; and whom they block, to unblock.
 */
function friendsCard() {
  const card = h('div', { class: 'card stack', 'data-test': 'friends' }, h('h3', {}, t('friends-title')), h('p', { class: 'muted' }, t('home-loading')));
  const load = () => call('GET /api/me/friends').then((f) => {
    card.replaceChildren(h('h3', {}, t('friends-title')),
      f.following.length ? h('ul', { class: 'plain stack' }, ...f.following.map((x) => h('li', { class: 'row', 'data-test': 'friend', 'data-name': x.name },
        h('span', { class: `dot ${x.online ? 'on' : 'off'}`, role: 'img', 'aria-label': t(x.online ? 'friends-online' : 'friends-offline') }),
        h('a', { href: `/players/${encodeURIComponent(x.name)}`, 'data-link': true, translate: 'no' }, x.name),
        challengeButton(x.name),
        ...x.playing.map((g) => h('a', { class: 'button secondary small', href: pathOf(g.kind, g.id), 'data-link': true, 'data-test': 'watch' }, t('friends-watch', { game: gameName(g.kind) }))))))
        : h('p', { class: 'muted' }, t('friends-none')),
      f.blocked.length ? h('h3', {}, t('friends-blocked')) : '',
      ...f.blocked.map((name) => h('div', { class: 'row', 'data-test': 'blocked' }, h('span', { translate: 'no' }, name),
        h('button', { class: 'secondary small', onclick: () => attempt(async () => { await call('POST /api/users/{name}/{change}', { params: { name, change: 'unblock' } }); await load(); }) }, t('friends-unblock')))));
  }).catch(() => card.remove());
  load();
  return card;
}

/**
 * A rating history as an SVG line per pool, each starting from the rating before its first
 * game; the y axis is labelled at its ends.
 * @param {RatingStep[]} history
 */
function chart(history) {
  const NS = 'http://www.w3.org/2000/svg';
  const W = 640, H = 200, L = 52, P = 16;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('profile-ratingHistory'));
  if (!history.length) return svg;
  const pools = [...new Set(history.map((p) => p.pool))];
  const series = pools.map((pool) => {
    const own = history.filter((p) => p.pool === pool);
    const pts = own.map((p, i) => ({ i: i + 1, rating: p.rating }));
    const first = own[0];
    return [{ i: 0, rating: first.rating - first.change }, ...pts];
  });
  const all = series.flat().map((p) => p.rating);
  const lo = Math.floor((Math.min(...all) - 10) / 10) * 10, hi = Math.ceil((Math.max(...all) + 10) / 10) * 10;
  const n = Math.max(...series.map((s) => s.length - 1), 1);
  /** @param {number} i a game's place in its pool's line */
  const x = (i) => L + (i / n) * (W - L - P);
  /** @param {number} r a rating */
  const y = (r) => H - P - ((r - lo) / (hi - lo)) * (H - 2 * P);
  /** @param {string} name @param {Record<string, string | number>} attrs @param {string | number} [text] */
  const add = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = String(text);
    svg.append(e);
  };
  add('rect', { x: L, y: P, width: W - L - P, height: H - 2 * P, class: 'frame' });
  for (const r of [lo, hi]) add('text', { x: L - 6, y: y(r) + 4, 'text-anchor': 'end' }, r);
  const colours = ['var(--accent)', 'var(--good)', 'var(--gold)', '#4a6fa5', '#8a4fa5'];
  series.forEach((pts, k) => {
    const colour = colours[k % colours.length];
    add('polyline', { points: pts.map((p) => `${x(p.i)},${y(p.rating)}`).join(' '), fill: 'none', stroke: colour, 'stroke-width': 2.5 });
    for (const p of pts) add('circle', { cx: x(p.i), cy: y(p.rating), r: 3.5, fill: colour });
    add('text', { x: W - P - 4, y: P + 14 + 16 * k, 'text-anchor': 'end', style: `fill:${colour}` }, poolName(pools[k]));
  });
  return svg;
}

/** @param {PlayedGame} g */
function resultWord(g) {
  if (g.players === 2) return t(g.score > 0.5 ? 'profile-won' : g.score < 0.5 ? 'profile-lost' : 'profile-drawn');
  return t('profile-place', { place: g.place, players: g.players });
}

/**
 * A player's profile: ratings, the rating history, their record per game and latest games.
 * @param {HTMLElement} main
 * @param {string} name
 */
export function profilePage(main, name) {
  main.append(h('h1', {}, name), h('p', { class: 'muted' }, t('home-loading')));
  call('GET /api/users/{name}', { params: { name } }).then((p) => {
    const reportBox = h('div', { class: 'row', 'data-test': 'relation' });
    // a signed-in player may follow, block and report another
    whoAmI().then((viewer) => { if (viewer && viewer.name !== p.name) relationButtons(reportBox, p.name); });
    main.replaceChildren(
      h('h1', { 'data-test': 'profile-name' }, p.name),
      h('p', { class: 'muted' }, t('profile-since', { date: dateOnly(p.created) })),
      reportBox,
      h('h2', {}, t('profile-ratings')),
      p.ratings.length ? h('div', { class: 'row', 'data-test': 'ratings' }, ...p.ratings.map((r) => h('div', { class: 'card' },
        h('div', { class: 'muted' }, poolName(r.pool)), h('div', { class: 'stat' }, ratingText(r)),
        h('div', { class: 'muted' }, t('profile-ratedGames', { count: r.games, provisional: r.provisional ? 'yes' : 'no' })))))
        : h('p', { class: 'muted' }, t('profile-noRated')),
      chart(p.history),
      h('h2', {}, t('profile-games')),
      // every game searched, and their QuickChess and chess games to take home in one PGN file
      h('div', { class: 'row' },
        h('a', { class: 'button', href: `/players/${encodeURIComponent(p.name)}/games`, 'data-link': true, 'data-test': 'all-games' }, t('games-all')),
        p.stats.some((s) => s.kind.startsWith('quickchess')) ? playerGamesLink(p.name) : '',
        p.stats.length ? h('a', { class: 'rv-download', href: `/api/players/${encodeURIComponent(p.name)}/games.jsonl`, download: '', 'data-test': 'download-jsonl' },
          h('span', { 'aria-hidden': 'true' }, '⤓'), t('games-downloadJson')) : ''),
      p.stats.length ? h('table', {}, h('tr', {}, h('th', {}, t('profile-game')), h('th', {}, t('profile-played')), h('th', {}, t('profile-wonCol')), h('th', {}, t('profile-drawnCol')), h('th', {}, t('profile-lostCol'))),
        ...p.stats.map((s) => h('tr', {}, h('td', {}, gameName(s.kind)), h('td', {}, s.played), h('td', {}, s.won), h('td', {}, s.drawn), h('td', {}, s.lost)))) : '',
      h('div', { class: 'stack', 'data-test': 'games' }, ...(p.games.length ? p.games.map((g) => h('div', {},
        h('a', { href: `/replay/${g.game}`, 'data-link': true }, gameName(g.kind)), ` · ${t(g.rated ? 'profile-rated' : 'profile-casual')} · ${resultWord(g)} · ${dateTime(g.finished)}`))
        : [h('p', { class: 'muted' }, t('home-noRecent'))])));
  }).catch((e) => main.replaceChildren(h('h1', {}, name), h('p', {}, errorText(e, { not_found: 'profile-noSuchPlayer' }))));
}


/** The pools to offer when the server does not list them (a server older than the list). */
const POOLS = ['quickchess:blitz', 'quickchess:rapid', 'quickchess:untimed', 'chess:blitz', 'querni:blitz', 'querni:untimed', 'royal', 'checkmates'];

/**
 * The pool the page opens on: the one the address asks for (`?pool=`), else the viewer's own
 * pool with the most rated games, else the busiest, so that it never opens on an empty pool
 * while players are rated elsewhere.
 * @param {Array<{ pool: string }>} pools the pools with players, the busiest first
 * @param {Account | null} account
 */
export function openingPool(pools, account) {
  const asked = new URLSearchParams(location.search).get('pool');
  if (asked && pools.some((p) => p.pool === asked)) return asked;
  const mine = (account ? account.ratings : []).filter((r) => pools.some((p) => p.pool === r.pool)).sort((a, b) => b.games - a.games)[0];
  return mine ? mine.pool : pools[0].pool;
}

/**
 * The leaderboards: each pool with players is offered with their number, the page opens on
 * the viewer's pool or the busiest (openingPool) and keeps the pool shown in the address;
 * with no rated player anywhere yet, it says how rated games come about.
 * @param {HTMLElement} main
 */
export function leaderboardPage(main) {
  main.append(h('h1', {}, t('home-leaderboards')), h('p', { class: 'muted' }, t('home-loading')));
  const listed = call('GET /api/leaderboard')
    .catch(() => ({ pools: POOLS.map((pool) => ({ pool, players: -1 })) }));
  Promise.all([listed, whoAmI()]).then(([{ pools }, account]) => {
    main.replaceChildren(h('h1', {}, t('home-leaderboards')));
    if (!pools.length) {
      main.append(h('div', { class: 'card stack', 'data-test': 'board-empty' },
        h('p', {}, t('board-none')),
        h('p', { class: 'row' },
          account ? '' : h('a', { class: 'button', href: '/account', 'data-link': true }, t('board-signIn')),
          h('a', { class: account ? 'button' : 'button secondary', href: '/', 'data-link': true }, t('board-findRated')))));
      return;
    }
    const opening = openingPool(pools, account);
    const pick = h('select', { 'data-test': 'pool' }, ...pools.map((p) => h('option', { value: p.pool, selected: p.pool === opening },
      p.players < 0 ? poolName(p.pool) : t('board-poolOption', { pool: poolName(p.pool), players: p.players }))));
    const table = h('div', {});
    const load = () => call('GET /api/leaderboard/{pool}', { params: { pool: pick.value } }).then((b) => {
      table.replaceChildren(b.players.length ? h('table', { 'data-test': 'leaderboard' }, h('tr', {}, h('th', {}, '#'), h('th', {}, t('cm-player')), h('th', {}, t('board-rating')), h('th', {}, t('board-games'))),
        ...b.players.map((r) => h('tr', { class: account && r.name === account.name ? 'me' : '' }, h('td', {}, r.rank),
          h('td', {}, h('a', { href: `/players/${r.name}`, 'data-link': true, translate: 'no' }, r.name), account && r.name === account.name ? [' ', h('span', { class: 'tag you' }, t('table-you'))] : ''),
          h('td', {}, ratingText(r)), h('td', {}, r.games))))
        : h('p', { class: 'muted' }, t('board-nobody')));
    }).catch((e) => table.replaceChildren(errorText(e)));
    pick.addEventListener('change', () => {
      history.replaceState(history.state, '', `/leaderboard?pool=${encodeURIComponent(pick.value)}`);
      load();
    });
    main.append(h('p', { class: 'row' }, h('label', {}, t('board-pool'), pick)), table);
    load();
  });
}

/**
 * The page of a one-time link a moderator made (`/reset#<token>`): a new password for the
 * account it was made for. The token stays after `#`, so no server's or proxy's log sees it.
 * @param {HTMLElement} main
 */
export function resetPage(main) {
  const token = location.hash.slice(1);
  main.append(h('h1', {}, t('reset-title')), h('p', { class: 'muted' }, t('home-loading')));
  const dead = () => main.replaceChildren(h('h1', {}, t('reset-title')), h('p', { class: 'banner bad', 'data-test': 'reset-dead' }, t('reset-dead')));
  if (!token) { dead(); return; }
  call('POST /api/auth/reset/check', { body: { token } }).then(({ name }) => {
    const fresh = h('input', { type: 'password', autocomplete: 'new-password', 'data-test': 'reset-password' });
    const again = h('input', { type: 'password', autocomplete: 'new-password', 'data-test': 'reset-again' });
    // the account's name for the browser's password manager, not shown as a field
    const user = h('input', { type: 'text', autocomplete: 'username', value: name, hidden: true, 'aria-hidden': 'true', tabindex: -1 });
    main.replaceChildren(h('h1', {}, t('reset-title')),
      h('p', { class: 'lead' }, ...tParts('reset-for', { name: h('span', { translate: 'no' }, name) })),
      h('form', { class: 'card stack form', style: 'max-width:380px', onsubmit: (/** @type {SubmitEvent} */ e) => {
        e.preventDefault();
        if (fresh.value !== again.value) { toast(t('reset-mismatch')); return; }
        attempt(async () => {
          await call('POST /api/auth/reset', { body: { token, password: fresh.value } });
          history.replaceState({}, '', '/reset');
          toast(t('reset-done'));
          navigate('/account');
        }, { bad_input: 'account-badInput', not_found: 'reset-dead' });
      } }, user, field(t('reset-new'), fresh), field(t('reset-confirm'), again),
      h('div', { class: 'row' }, h('button', { type: 'submit', 'data-test': 'reset-submit' }, t('reset-set')))));
  }).catch(dead);
}
