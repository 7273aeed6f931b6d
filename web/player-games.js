// A player's games (`/players/{name}/games`, GET /api/players/{name}/games): every finished game
// found by game, variant, result, colour, opponent, rated or not, time control and dates,
// newest first, a page at a time; each with the small board of its last position, the result
// and the accuracy once reviewed, linked to its replay. The filters are in the address (a
// search can be shared and survives a reload), and the downloads take the same filters.
import { call, errorText } from './api.js';
import { drawBoard, fenPieces } from './board.js';
import { chessPiece } from './quickchess.js';
import { gameName, poolName } from './players.js';
import { h, navigate } from './ui.js';
import { t, tParts, dateTime, VARIANTS, variantTitle } from './text.js';

/** @import { GamesPage, ListedGame } from './types/protocol' */

/** The games offered in the filter, by kind. */
const KINDS = ['quickchess', 'quickchess-local', 'querni', 'querni-local', 'checkmates-party', 'checkmates-solo', 'royal-match', 'royal-solo'];
/** The time controls' classes offered. */
const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'untimed'];
/** The filters, in the address's order. */
const FILTERS = ['kind', 'variant', 'result', 'color', 'opponent', 'rated', 'speed', 'since', 'until'];

/**
 * A select of `values` (the first option: any), `value` chosen.
 * @param {string} name @param {string} label @param {string} value
 * @param {Array<[string, string]>} values each value with its words
 */
function select(name, label, value, values) {
  const s = h('select', { name, 'data-test': `filter-${name}` },
    h('option', { value: '' }, t('games-any')),
    ...values.map(([v, words]) => h('option', { value: v, selected: v === value }, words)));
  return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), s);
}

/**
 * A text or date input.
 * @param {string} name @param {string} label @param {string} value @param {string} type
 */
function input(name, label, value, type) {
  return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label),
    h('input', { name, type, value, 'data-test': `filter-${name}`, maxlength: type === 'text' ? 40 : undefined, autocomplete: 'off' }));
}

/** The filters' form, set from `q`. @param {URLSearchParams} q @param {(q: URLSearchParams) => void} apply */
function filtersForm(q, apply) {
  const v = (/** @type {string} */ k) => q.get(k) || '';
  const form = h('form', { class: 'card games-filters', role: 'search', 'aria-label': t('games-filters'), 'data-test': 'games-filters' },
    select('kind', t('games-game'), v('kind'), KINDS.map((k) => [k, gameName(k)])),
    select('variant', t('games-variant'), v('variant'), VARIANTS.filter((x) => x !== 'olympics').map((x) => [x, variantTitle(x)])),
    select('result', t('games-result'), v('result'), [['win', t('profile-won')], ['draw', t('profile-drawn')], ['loss', t('profile-lost')]]),
    select('color', t('games-color'), v('color'), [['white', t('games-white')], ['black', t('games-black')]]),
    input('opponent', t('games-opponent'), v('opponent'), 'text'),
    select('rated', t('games-rated'), v('rated'), [['true', t('profile-rated')], ['false', t('profile-casual')]]),
    select('speed', t('games-speed'), v('speed'), SPEEDS.map((s) => [s, t(`explorer-speed-${s}`)])),
    input('since', t('games-since'), v('since'), 'date'),
    input('until', t('games-until'), v('until'), 'date'),
    h('div', { class: 'row games-filter-actions' },
      h('button', { type: 'submit', 'data-test': 'games-search' }, t('games-search')),
      h('button', { type: 'button', class: 'secondary', onclick: () => apply(new URLSearchParams()) }, t('games-clear'))));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = new URLSearchParams();
    const data = new FormData(form);
    for (const k of FILTERS) {
      const value = String(data.get(k) || '').trim();
      if (value) next.set(k, value);
    }
    apply(next);
  });
  return form;
}

/** The small board of a game's last position, named by it. @param {string} fen @param {boolean} flipped */
function smallBoard(fen, flipped) {
  const rows = fen.split(' ')[0].split('/');
  const files = [...rows[0].matchAll(/(\d+)|[a-zA-Z]/g)].reduce((n, m) => n + (m[1] ? Number(m[1]) : 1), 0);
  const pieces = fenPieces(fen);
  return drawBoard({
    files, ranks: rows.length, flipped, coords: false, cls: 'mini-board',
    label: t('label-position', { layout: fen }), piece: (sq) => chessPiece(pieces.get(sq)),
  });
}

/** A game of the list. @param {ListedGame} g */
function gameRow(g) {
  const result = g.result ? t(`profile-${g.result === 'win' ? 'won' : g.result === 'loss' ? 'lost' : 'drawn'}`)
    : t('profile-place', { place: g.place, players: g.players });
  const facts = [
    g.color ? t(`games-as-${g.color}`) : '',
    result,
    t(g.rated ? 'profile-rated' : 'profile-casual'),
    g.pool.includes(':') ? poolName(g.pool) : '',
    g.accuracy != null ? t('games-accuracy', { accuracy: g.accuracy }) : '',
  ].filter(Boolean);
  return h('li', { class: 'card games-row', 'data-test': 'game-row', 'data-result': g.result || '' },
    g.final ? h('div', { class: 'games-board' }, smallBoard(g.final, g.color === 'black')) : '',
    h('div', { class: 'stack' },
      h('a', { href: `/replay/${g.id}`, 'data-link': true, class: 'games-title' }, gameName(g.kind === 'quickchess' && g.variant ? 'quickchess' : g.kind),
        g.variant && g.variant !== 'quickchess' ? ` · ${variantTitle(g.variant)}` : ''),
      // the opponents' names are not words of the page's language
      h('div', {}, ...(g.opponents.length ? [...tParts('games-against', { names: h('span', { translate: 'no' }, g.opponents.join(', ')) }), ' · '] : []), facts.join(' · ')),
      h('div', { class: 'muted' }, dateTime(g.finished))));
}

/**
 * The downloads of every game the filters take.
 * @param {string} name @param {URLSearchParams} q
 */
function downloads(name, q) {
  const filters = q.toString();
  /** @param {string} ext @param {string} words @param {string} test */
  const link = (ext, words, test) => h('a', { class: 'button secondary', href: `/api/players/${encodeURIComponent(name)}/games.${ext}${filters ? `?${filters}` : ''}`, download: '', 'data-test': test },
    h('span', { 'aria-hidden': 'true' }, '⤓ '), words);
  const chessOnly = !q.get('kind') || q.get('kind')?.startsWith('quickchess');
  return h('div', { class: 'row' }, chessOnly ? link('pgn', t('games-downloadPgn'), 'download-pgn') : '', link('jsonl', t('games-downloadJsonShown'), 'download-jsonl'));
}

/**
 * A player's games, searched.
 * @param {HTMLElement} main
 * @param {string} name
 */
export function playerGamesPage(main, name) {
  const q = new URLSearchParams(location.search);
  /** @param {URLSearchParams} next */
  const apply = (next) => navigate(`/players/${encodeURIComponent(name)}/games${next.toString() ? `?${next}` : ''}`);
  const list = h('ol', { class: 'games-list', 'data-test': 'games-list', 'aria-live': 'polite' });
  const status = h('p', { class: 'muted', role: 'status' }, t('home-loading'));
  const more = h('button', { class: 'secondary', hidden: true, 'data-test': 'games-more' }, t('games-more'));
  main.replaceChildren(
    h('h1', {}, t('games-title', { name })),
    h('p', {}, h('a', { href: `/players/${encodeURIComponent(name)}`, 'data-link': true }, t('games-profile', { name }))),
    filtersForm(q, apply), downloads(name, q), status, list, more);
  /** @type {Record<string, string>} */
  const query = {};
  for (const k of FILTERS) { const v = q.get(k); if (v) query[k] = v; }
  /** @param {string | undefined} after */
  const load = async (after) => {
    more.hidden = true;
    try {
      /** @type {GamesPage} */
      const page = await call('GET /api/players/{name}/games', { params: { name }, query: { ...query, after } });
      list.append(...page.games.map(gameRow));
      status.textContent = list.children.length ? t('games-shown', { count: list.children.length }) : t('games-none');
      if (page.next) {
        const next = page.next;
        more.hidden = false;
        more.onclick = () => load(next);
      }
    } catch (e) {
      status.textContent = errorText(e, { not_found: 'profile-noSuchPlayer' });
    }
  };
  load(undefined);
}
