// Accounts, profiles and leaderboards: the account page (sign up, log in, change the password,
// log out everywhere, delete the account), a player's profile with the rating history drawn
// as SVG, and the leaderboard of each rating pool.
import { api, errorText } from './api.js';
import { h, toast, navigate, attempt } from './ui.js';
import { t, hasText, gameTitle, dateTime, dateOnly } from './text.js';

// `quickchess:blitz` as words.
export function poolName(pool) {
  const [game, speed] = pool.split(':');
  return t('pool', { game, speed: speed || 'none' });
}

/** A game's name from its kind, as the profile and the lobby list it. */
export function gameName(kind) { return hasText(`game-kind-${kind}`) || kind.startsWith('quickchess') ? gameTitle(kind) : kind; }

export function ratingText(r) { return `${r.rating}${r.provisional ? '?' : ''}`; }

// The signed-in account (cached for the page's life), or null.
let me;
export async function whoAmI(refresh = false) {
  if (me !== undefined && !refresh) return me;
  try { me = await api('GET', '/api/me'); } catch { me = null; }
  updateHeader();
  return me;
}

export function updateHeader() {
  const link = document.getElementById('account-link');
  if (!link) return;
  link.textContent = me ? me.name : t('nav-signIn');
  link.setAttribute('href', me ? `/players/${me.name}` : '/account');
}

// Every seat token this browser holds as a guest: signing up or in makes their games yours.
function guestTokens() {
  const tokens = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith('tabula:seat:')) {
      try { tokens.push(JSON.parse(localStorage.getItem(k)).token); } catch { /* not a seat */ }
    }
  }
  return tokens.filter(Boolean);
}

function field(label, input) { return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), input); }

export function accountPage(main) {
  const render = (account) => {
    main.replaceChildren(h('h1', {}, account ? t('account-title', { name: account.name }) : t('account-signInOrUp')));
    if (!account) {
      const name = h('input', { autocomplete: 'username', maxlength: 20, 'data-test': 'username' });
      const pass = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'password' });
      const go = (path, context) => attempt(async () => {
        const r = await api('POST', path, { username: name.value, password: pass.value, seats: guestTokens() });
        await whoAmI(true);
        toast(r.claimed ? t('account-signedInClaimed', { count: r.claimed }) : t('account-signedIn'));
        navigate(`/players/${r.name}`);
      }, context);
      main.append(
        h('p', { class: 'lead' }, t('account-lead')),
        h('div', { class: 'card stack', style: 'max-width:380px' },
          field(t('account-username'), name), field(t('account-password'), pass),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'login', onclick: () => go('/api/auth/login', { unauthorized: 'account-wrongLogin', bad_input: 'account-badInput', rate_limited: 'account-slowDown' }) }, t('account-logIn')),
            h('button', { class: 'secondary', 'data-test': 'signup', onclick: () => go('/api/auth/signup', { conflict: 'account-nameTaken', bad_input: 'account-badInput', rate_limited: 'account-slowDown' }) }, t('account-signUp')))));
      return;
    }
    const old = h('input', { type: 'password', autocomplete: 'current-password' });
    const fresh = h('input', { type: 'password', autocomplete: 'new-password' });
    const confirm = h('input', { type: 'password', autocomplete: 'current-password' });
    main.append(
      h('p', {}, h('a', { href: `/players/${account.name}`, 'data-link': true }, t('account-profile')), ' · ',
        h('a', { href: '/leaderboard', 'data-link': true }, t('home-leaderboards'))),
      h('div', { class: 'grid' },
        h('div', { class: 'card stack' }, h('h3', {}, t('account-logOut')),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'logout', onclick: () => attempt(async () => { await api('POST', '/api/auth/logout', {}); await whoAmI(true); render(null); }) }, t('account-logOut')),
            h('button', { class: 'secondary', onclick: () => attempt(async () => { const r = await api('POST', '/api/auth/logout', { everywhere: true }); await whoAmI(true); toast(t('account-sessionsEnded', { count: r.sessions_ended })); render(null); }) }, t('account-logOutEverywhere')))),
        h('div', { class: 'card stack' }, h('h3', {}, t('account-changePassword')), field(t('account-currentPassword'), old), field(t('account-newPassword'), fresh),
          h('button', { onclick: () => attempt(async () => { await api('POST', '/api/auth/password', { old: old.value, new: fresh.value }); toast(t('account-passwordChanged')); }, { unauthorized: 'account-wrongPassword', bad_input: 'account-badInput' }) }, t('account-change'))),
        h('div', { class: 'card stack' }, h('h3', {}, t('account-delete')),
          h('p', { class: 'muted' }, t('account-deleteExplain')),
          field(t('account-passwordShort'), confirm),
          h('button', { class: 'secondary', onclick: () => attempt(async () => { await api('POST', '/api/auth/delete', { password: confirm.value }); await whoAmI(true); toast(t('account-deleted')); render(null); }, { unauthorized: 'account-wrongPassword' }) }, t('account-deleteMine')))));
  };
  whoAmI(true).then(render);
}

// A rating history as an SVG line per pool, each starting from the rating before its first
// game; the y axis is labelled at its ends.
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
    const pts = history.filter((p) => p.pool === pool).map((p, i) => ({ i: i + 1, rating: p.rating }));
    const first = history.find((p) => p.pool === pool);
    return [{ i: 0, rating: first.rating - first.change }, ...pts];
  });
  const all = series.flat().map((p) => p.rating);
  const lo = Math.floor((Math.min(...all) - 10) / 10) * 10, hi = Math.ceil((Math.max(...all) + 10) / 10) * 10;
  const n = Math.max(...series.map((s) => s.length - 1), 1);
  const x = (i) => L + (i / n) * (W - L - P);
  const y = (r) => H - P - ((r - lo) / (hi - lo)) * (H - 2 * P);
  const add = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
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

function resultWord(g) {
  if (g.players === 2) return t(g.score > 0.5 ? 'profile-won' : g.score < 0.5 ? 'profile-lost' : 'profile-drawn');
  return t('profile-place', { place: g.place, players: g.players });
}

export function profilePage(main, name) {
  main.append(h('h1', {}, name), h('p', { class: 'muted' }, t('home-loading')));
  api('GET', `/api/users/${encodeURIComponent(name)}`).then((p) => {
    main.replaceChildren(
      h('h1', { 'data-test': 'profile-name' }, p.name),
      h('p', { class: 'muted' }, t('profile-since', { date: dateOnly(p.created) })),
      h('h2', {}, t('profile-ratings')),
      p.ratings.length ? h('div', { class: 'row', 'data-test': 'ratings' }, ...p.ratings.map((r) => h('div', { class: 'card' },
        h('div', { class: 'muted' }, poolName(r.pool)), h('div', { class: 'stat' }, ratingText(r)),
        h('div', { class: 'muted' }, t('profile-ratedGames', { count: r.games, provisional: r.provisional ? 'yes' : 'no' })))))
        : h('p', { class: 'muted' }, t('profile-noRated')),
      chart(p.history),
      h('h2', {}, t('profile-games')),
      p.stats.length ? h('table', {}, h('tr', {}, h('th', {}, t('profile-game')), h('th', {}, t('profile-played')), h('th', {}, t('profile-wonCol')), h('th', {}, t('profile-drawnCol')), h('th', {}, t('profile-lostCol'))),
        ...p.stats.map((s) => h('tr', {}, h('td', {}, gameName(s.kind)), h('td', {}, s.played), h('td', {}, s.won), h('td', {}, s.drawn), h('td', {}, s.lost)))) : '',
      h('div', { class: 'stack', 'data-test': 'games' }, ...(p.games.length ? p.games.map((g) => h('div', {},
        h('a', { href: `/replay/${g.game}`, 'data-link': true }, gameName(g.kind)), ` · ${t(g.rated ? 'profile-rated' : 'profile-casual')} · ${resultWord(g)} · ${dateTime(g.finished)}`))
        : [h('p', { class: 'muted' }, t('home-noRecent'))])));
  }).catch((e) => main.replaceChildren(h('h1', {}, name), h('p', {}, errorText(e, { not_found: 'profile-noSuchPlayer' }))));
}

const POOLS = ['quickchess:untimed', 'quickchess:blitz', 'quickchess:rapid', 'chess:blitz', 'querni:untimed', 'querni:blitz', 'royal', 'checkmates'];

export function leaderboardPage(main) {
  const pick = h('select', { 'aria-label': t('board-pool') }, ...POOLS.map((p) => h('option', { value: p }, poolName(p))));
  const table = h('div', {});
  const load = () => api('GET', `/api/leaderboard/${pick.value}`).then((b) => {
    table.replaceChildren(b.players.length ? h('table', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('cm-player')), h('th', {}, t('board-rating')), h('th', {}, t('board-games'))),
      ...b.players.map((r) => h('tr', {}, h('td', {}, r.rank), h('td', { translate: 'no' }, h('a', { href: `/players/${r.name}`, 'data-link': true }, r.name)), h('td', {}, ratingText(r)), h('td', {}, r.games))))
      : h('p', { class: 'muted' }, t('board-nobody')));
  }).catch((e) => table.replaceChildren(errorText(e)));
  pick.addEventListener('change', load);
  main.append(h('h1', {}, t('home-leaderboards')), h('p', { class: 'row' }, pick), table);
  load();
}
