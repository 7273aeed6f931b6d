// The lobby on the home page: open seeks (live), a form to seek a game or pair at once, open
// Check Mates tables, and games being played now to watch.
import { api, rememberSeat, nickname, rememberNickname } from './api.js';
import { h, toast, navigate, attempt } from './ui.js';
import { whoAmI, poolName, gameName } from './players.js';

const CLOCKS = [['', 'No clock'], ['60+0', '1+0'], ['180+2', '3+2'], ['300+3', '5+3'], ['600+5', '10+5'], ['900+10', '15+10']];
const VARIANTS = [['quickchess', 'QuickChess'], ['power-pawns', 'Power Pawns'], ['mean-queens', 'Mean Queens'], ['rescue-the-queen', 'Rescue the Queen'], ['chess', 'Chess (8x8)']];

export function gamePath(kind, id) {
  return {
    quickchess: `/quickchess/play/${id}`, querni: `/querni/play/${id}`, 'royal-match': `/royal/match/${id}`,
    'checkmates-party': `/checkmates/party/${id}`,
  }[kind] || `/replay/${id}`;
}

function describe(s) {
  const o = s.options || {};
  const parts = [gameName(s.kind)];
  if (s.kind === 'quickchess' && o.variant && o.variant !== 'quickchess') parts.push(o.variant);
  if (o.clock) parts.push(`${o.clock.initial_s / 60}+${o.clock.increment_s}`);
  return parts.join(' · ');
}

function seekForm(account) {
  const game = h('select', { 'data-test': 'seek-game' }, h('option', { value: 'quickchess' }, 'QuickChess'), h('option', { value: 'querni' }, 'Querni'), h('option', { value: 'royal-match' }, 'The Royal Study'));
  const variant = h('select', { 'data-test': 'seek-variant' }, ...VARIANTS.map(([v, n]) => h('option', { value: v }, n)));
  const clock = h('select', { 'data-test': 'seek-clock' }, ...CLOCKS.map(([v, n]) => h('option', { value: v }, n)));
  const rated = h('input', { type: 'checkbox', 'data-test': 'seek-rated', disabled: !account });
  const near = h('input', { type: 'checkbox' });
  const name = h('input', { placeholder: 'Your nickname', value: nickname(), maxlength: 24 });
  const sync = () => { variant.hidden = game.value !== 'quickchess'; };
  game.addEventListener('change', sync);
  sync();
  const spec = async () => {
    const options = {};
    if (game.value === 'quickchess') options.variant = variant.value;
    if (game.value === 'royal-match') options.level = 2;
    if (clock.value && game.value !== 'royal-match') {
      const [i, inc] = clock.value.split('+').map(Number);
      options.clock = { initial_s: i, increment_s: inc };
    }
    const body = { kind: game.value, options, rated: rated.checked, name: name.value || 'Player' };
    if (near.checked && account) {
      const pool = (account.ratings || []).find((r) => r.pool.startsWith(game.value === 'royal-match' ? 'royal' : game.value));
      const r = pool ? pool.rating : 1500;
      body.range = [Math.max(0, r - 200), r + 200];
    }
    rememberNickname(name.value);
    return body;
  };
  return h('div', { class: 'card stack' },
    h('h3', {}, 'Find an opponent'),
    h('div', { class: 'row' }, game, variant, clock),
    h('div', { class: 'row' },
      account ? '' : name,
      h('label', { class: 'row' }, rated, account ? 'Rated' : 'Rated (sign in first)'),
      account ? h('label', { class: 'row' }, near, 'Only opponents within 200 of my rating') : ''),
    h('div', { class: 'row' },
      h('button', { 'data-test': 'seek', onclick: () => attempt(async () => { await api('POST', '/api/lobby/seeks', await spec()); toast('Your seek is in the lobby; keep this page open'); }) }, 'Seek a game'),
      h('button', { class: 'secondary', 'data-test': 'quick', onclick: () => attempt(async () => {
        const r = await api('POST', '/api/lobby/quick', await spec());
        if (r.paired) { rememberSeat(r.paired.game, r.paired.seat, r.paired.token); navigate(gamePath(game.value, r.paired.game)); } else toast('Nobody was waiting for this game: your seek is in the lobby');
      }) }, 'Quick pairing')));
}

function seekRow(s, account) {
  const act = s.mine
    ? h('button', { class: 'secondary small', onclick: () => attempt(() => api('POST', `/api/lobby/seeks/${s.id}/withdraw`, {})) }, 'Cancel')
    : h('button', { class: 'small', 'data-test': 'accept', disabled: s.rated && !account, onclick: () => attempt(async () => {
      const r = await api('POST', `/api/lobby/seeks/${s.id}/accept`, { name: nickname() || 'Player' });
      rememberSeat(r.game, r.seat, r.token);
      navigate(gamePath(s.kind, r.game));
    }) }, 'Play');
  return h('tr', { 'data-test': 'seek-row' },
    h('td', {}, s.name, s.rating ? ` (${s.rating})` : ''), h('td', {}, describe(s)),
    h('td', {}, s.rated ? `Rated · ${poolName(s.pool)}` : 'Casual', s.range ? ` · ${s.range[0]}-${s.range[1]}` : ''), h('td', {}, act));
}

export function lobbySection() {
  const box = h('section', { class: 'stack', 'data-test': 'lobby' }, h('h2', {}, 'Lobby'), h('p', { class: 'muted' }, 'Loading...'));
  let ws = null;
  let closed = false;
  whoAmI().then(async (account) => {
    const form = seekForm(account);
    const list = h('div', {});
    box.replaceChildren(h('h2', {}, 'Lobby'), h('div', { class: 'play' }, form, list));
    const render = (l) => {
      list.replaceChildren(
        h('h3', {}, 'Open seeks'),
        l.seeks.length ? h('table', {}, ...l.seeks.map((s) => seekRow(s, account))) : h('p', { class: 'muted' }, 'Nobody is seeking a game right now: seek one, and it waits here for an opponent.'),
        l.tables.length ? h('h3', {}, 'Check Mates tables to join') : '',
        ...l.tables.map((t) => h('div', {}, h('a', { href: `/checkmates/party/${t.id}`, 'data-link': true }, `${t.host}'s table`), ` · ${t.seats} of 6 seats taken`)),
        h('h3', {}, 'Playing now'),
        l.playing.length ? h('div', { class: 'stack' }, ...l.playing.map((g) => h('div', {},
          h('a', { href: gamePath(g.kind, g.id), 'data-link': true }, g.players.join(' vs ')), ` · ${describe(g)}${g.rated ? ' · rated' : ''}`)))
          : h('p', { class: 'muted' }, 'No game is being played right now.'));
    };
    try { render(await api('GET', '/api/lobby')); } catch (e) { list.replaceChildren(e.message); }
    const connect = () => {
      if (closed) return;
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(`${proto}://${location.host}/api/lobby/ws`);
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.t === 'lobby') render(m.d);
        if (m.t === 'paired') {
          rememberSeat(m.d.game, m.d.seat, m.d.token);
          toast('Your seek was taken: the game begins');
          const kind = (m.d.kind) || null;
          api('GET', `/api/games/${m.d.game}`).then((g) => navigate(gamePath(kind || g.view.kind, m.d.game)));
        }
      };
      ws.onclose = () => { if (!closed) setTimeout(connect, 1500); };
    };
    connect();
  });
  return { element: box, close: () => { closed = true; if (ws) ws.close(); } };
}
