// Accounts, profiles and leaderboards: the account page (sign up, log in, change the password,
// log out everywhere, delete the account), a player's profile with the rating history drawn
// as SVG, and the leaderboard of each rating pool.
import { api } from './api.js';
import { h, toast, navigate, attempt } from './ui.js';

const POOL_NAMES = {
  checkmates: 'Check Mates', royal: 'The Royal Study',
};
const GAME_NAMES = {
  'checkmates-party': 'Check Mates party', 'checkmates-solo': 'Check Mates solo', 'royal-match': 'The Royal Study match',
  'royal-solo': 'The Royal Study solo', querni: 'Querni', 'querni-local': 'Querni (one screen)', quickchess: 'QuickChess',
  'quickchess-local': 'QuickChess (one screen)',
};

// `quickchess:blitz` as words.
export function poolName(pool) {
  if (POOL_NAMES[pool]) return POOL_NAMES[pool];
  const [game, speed] = pool.split(':');
  const g = { querni: 'Querni', quickchess: 'QuickChess', chess: 'Chess' }[game] || game;
  return `${g} ${speed || ''}`.trim();
}

export function gameName(kind) { return GAME_NAMES[kind] || kind; }

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
  link.textContent = me ? me.name : 'Sign in';
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
    main.replaceChildren(h('h1', {}, account ? `Your account: ${account.name}` : 'Sign in or sign up'));
    if (!account) {
      const name = h('input', { autocomplete: 'username', maxlength: 20, 'data-test': 'username' });
      const pass = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'password' });
      const go = (path) => attempt(async () => {
        const r = await api('POST', path, { username: name.value, password: pass.value, seats: guestTokens() });
        await whoAmI(true);
        toast(r.claimed ? `Signed in; ${r.claimed} game(s) of this browser are now yours` : 'Signed in');
        navigate(`/players/${r.name}`);
      });
      main.append(
        h('p', { class: 'lead' }, 'An account is optional: guests play every game with a nickname. With one, your games and ratings follow you to any browser, and you can play rated games in the lobby. The games you played in this browser as a guest become yours.'),
        h('div', { class: 'card stack', style: 'max-width:380px' },
          field('Username (3 to 20 letters, digits, _ or -)', name), field('Password (at least 8 characters)', pass),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'login', onclick: () => go('/api/auth/login') }, 'Log in'),
            h('button', { class: 'secondary', 'data-test': 'signup', onclick: () => go('/api/auth/signup') }, 'Sign up'))));
      return;
    }
    const old = h('input', { type: 'password', autocomplete: 'current-password' });
    const fresh = h('input', { type: 'password', autocomplete: 'new-password' });
    const confirm = h('input', { type: 'password', autocomplete: 'current-password' });
    main.append(
      h('p', {}, h('a', { href: `/players/${account.name}`, 'data-link': true }, 'Your profile'), ' · ',
        h('a', { href: '/leaderboard', 'data-link': true }, 'Leaderboards')),
      h('div', { class: 'grid' },
        h('div', { class: 'card stack' }, h('h3', {}, 'Log out'),
          h('div', { class: 'row' },
            h('button', { 'data-test': 'logout', onclick: () => attempt(async () => { await api('POST', '/api/auth/logout', {}); await whoAmI(true); render(null); }) }, 'Log out'),
            h('button', { class: 'secondary', onclick: () => attempt(async () => { const r = await api('POST', '/api/auth/logout', { everywhere: true }); await whoAmI(true); toast(`${r.sessions_ended} session(s) ended`); render(null); }) }, 'Log out everywhere'))),
        h('div', { class: 'card stack' }, h('h3', {}, 'Change the password'), field('Current password', old), field('New password', fresh),
          h('button', { onclick: () => attempt(async () => { await api('POST', '/api/auth/password', { old: old.value, new: fresh.value }); toast('Password changed; your other sessions have ended'); }) }, 'Change')),
        h('div', { class: 'card stack' }, h('h3', {}, 'Delete the account'),
          h('p', { class: 'muted' }, 'Your games stay, shown as played by a deleted player; your ratings and name go.'),
          field('Password', confirm),
          h('button', { class: 'secondary', onclick: () => attempt(async () => { await api('POST', '/api/auth/delete', { password: confirm.value }); await whoAmI(true); toast('The account is deleted'); render(null); }) }, 'Delete my account'))));
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
  svg.setAttribute('aria-label', 'rating history');
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
  if (g.players === 2) return g.score > 0.5 ? 'won' : g.score < 0.5 ? 'lost' : 'drawn';
  return `place ${g.place} of ${g.players}`;
}

export function profilePage(main, name) {
  main.append(h('h1', {}, name), h('p', { class: 'muted' }, 'Loading...'));
  api('GET', `/api/users/${encodeURIComponent(name)}`).then((p) => {
    main.replaceChildren(
      h('h1', { 'data-test': 'profile-name' }, p.name),
      h('p', { class: 'muted' }, `Playing since ${new Date(p.created).toLocaleDateString()}`),
      h('h2', {}, 'Ratings'),
      p.ratings.length ? h('div', { class: 'row', 'data-test': 'ratings' }, ...p.ratings.map((r) => h('div', { class: 'card' },
        h('div', { class: 'muted' }, poolName(r.pool)), h('div', { class: 'stat' }, ratingText(r)),
        h('div', { class: 'muted' }, `${r.games} rated game(s)${r.provisional ? ' · provisional' : ''}`))))
        : h('p', { class: 'muted' }, 'No rated games yet.'),
      chart(p.history),
      h('h2', {}, 'Games'),
      p.stats.length ? h('table', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Played'), h('th', {}, 'Won'), h('th', {}, 'Drawn'), h('th', {}, 'Lost')),
        ...p.stats.map((s) => h('tr', {}, h('td', {}, gameName(s.kind)), h('td', {}, s.played), h('td', {}, s.won), h('td', {}, s.drawn), h('td', {}, s.lost)))) : '',
      h('div', { class: 'stack', 'data-test': 'games' }, ...(p.games.length ? p.games.map((g) => h('div', {},
        h('a', { href: `/replay/${g.game}`, 'data-link': true }, gameName(g.kind)), ` · ${g.rated ? 'rated' : 'casual'} · ${resultWord(g)} · ${new Date(g.finished).toLocaleString()}`))
        : [h('p', { class: 'muted' }, 'No finished games yet.')])));
  }).catch((e) => main.replaceChildren(h('h1', {}, name), h('p', {}, e.message)));
}

const POOLS = ['quickchess:untimed', 'quickchess:blitz', 'quickchess:rapid', 'chess:blitz', 'querni:untimed', 'querni:blitz', 'royal', 'checkmates'];

export function leaderboardPage(main) {
  const pick = h('select', {}, ...POOLS.map((p) => h('option', { value: p }, poolName(p))));
  const table = h('div', {});
  const load = () => api('GET', `/api/leaderboard/${pick.value}`).then((b) => {
    table.replaceChildren(b.players.length ? h('table', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Games')),
      ...b.players.map((r) => h('tr', {}, h('td', {}, r.rank), h('td', {}, h('a', { href: `/players/${r.name}`, 'data-link': true }, r.name)), h('td', {}, ratingText(r)), h('td', {}, r.games))))
      : h('p', { class: 'muted' }, 'Nobody has a rating here yet.'));
  }).catch((e) => table.replaceChildren(e.message));
  pick.addEventListener('change', load);
  main.append(h('h1', {}, 'Leaderboards'), h('p', { class: 'row' }, pick), table);
  load();
}
