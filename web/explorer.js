// The opening explorer (GET /api/explorer): the moves played from a QuickChess or chess
// position in Tabula's finished games, how each scored and at what rating, the exact value of
// each where the endgame tables or the lesson books know it, and the latest games through the
// position. A panel of the analysis board and of a finished game's page, where on a phone it
// is a tab of its own (tabs.js); elsewhere (a replay) a section that opens with a tap.
import { call } from './api.js';
import { h } from './ui.js';
import { t } from './text.js';

/** @import { PhoneTab } from './tabs.js' */
/** @import { ExplorerAnswer, ExplorerMove, RecentShown, VerdictParts } from './types/protocol' */

/** The speed classes offered, in the order shown (`computer`: games against the computer). */
const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'untimed', 'computer'];
/** The rating bands offered (the server takes any `LO-HI` in hundreds). */
const BANDS = ['', '0-1200', '1200-1400', '1400-1600', '1600-1800', '1800-2000', '2000-2200', '2200-4000'];

/** An exact value in words. @param {VerdictParts} v */
const valueText = (v) => t(`verdict-${v.kind}`, { winner: v.winner, n: v.n });

/** A share of `of` as a whole percent. @param {number} n @param {number} of */
const percent = (n, of) => (of ? Math.round((100 * n) / of) : 0);

/**
 * How a move (or the position) scored: a bar of White's wins, draws and Black's wins, read
 * out as its numbers.
 * @param {{ games: number, white: number, draws: number, black: number }} s
 */
function scoreBar(s) {
  const [w, d, b] = [percent(s.white, s.games), percent(s.draws, s.games), percent(s.black, s.games)];
  const label = t('explorer-score', { white: w, draws: d, black: b });
  /** @param {string} cls @param {number} p */
  const part = (cls, p) => (p ? h('span', { class: cls, style: `flex-grow:${p}` }, p >= 15 ? `${p}%` : '') : '');
  return h('div', { class: 'explorer-bar', role: 'img', 'aria-label': label, title: label },
    part('w', w), part('d', d), part('b', b));
}

/** A game of the recent list, linked to its replay. @param {RecentShown} g */
function recentGame(g) {
  /** @param {string} name @param {number | null} rating */
  const who = (name, rating) => (rating ? `${name} (${rating})` : name);
  // names, a result and a move: nothing to translate
  return h('li', {},
    h('a', { href: `/replay/${g.id}`, 'data-link': true, translate: 'no' },
      t('explorer-recentGame', { white: who(g.white, g.white_rating), black: who(g.black, g.black_rating), result: g.result, move: g.san })));
}

/** The explorer's panel for one page: its filters, kept while the player moves on. */
export class Explorer {
  /**
   * @param {{ open?: boolean }} [options] whether it starts open (a game's page: closed)
   */
  constructor({ open = true } = {}) {
    /** @type {Record<string, string>} the position's query, the last asked */
    this.position = {};
    /** the query last answered or asked, to ask each position once */
    this.asked = '';
    /** @type {ExplorerAnswer | null} */
    this.answer = null;
    /** @type {(uci: string) => void} */
    this.onMove = () => {};
    this.engine = false;
    this.results = h('div', { class: 'stack', 'aria-live': 'polite', 'data-test': 'explorer-results' });
    this.rated = h('input', { type: 'checkbox', 'data-test': 'explorer-rated', onchange: () => this.refresh() });
    this.band = h('select', { 'data-test': 'explorer-band', 'aria-label': t('explorer-band'), onchange: () => this.refresh() },
      ...BANDS.map((b) => h('option', { value: b }, b ? t('explorer-bandRange', { range: b }) : t('explorer-bandAll'))));
    /** @type {Set<string>} */
    this.speeds = new Set(SPEEDS.filter((s) => s !== 'computer'));
    this.speedButtons = SPEEDS.map((s) => {
      const b = h('button', {
        class: 'secondary small', type: 'button', 'data-speed': s, 'aria-pressed': String(this.speeds.has(s)),
        onclick: () => {
          if (this.speeds.has(s)) this.speeds.delete(s); else this.speeds.add(s);
          b.setAttribute('aria-pressed', String(this.speeds.has(s)));
          this.refresh();
        },
      }, t(`explorer-speed-${s}`));
      return b;
    });
    this.player = h('input', { 'data-test': 'explorer-player', placeholder: t('explorer-playerPlaceholder'), 'aria-label': t('explorer-player'), autocomplete: 'off', onchange: () => this.refresh() });
    this.color = h('select', { 'aria-label': t('explorer-color'), onchange: () => this.refresh() },
      h('option', { value: 'white' }, t('explorer-asWhite')), h('option', { value: 'black' }, t('explorer-asBlack')));
    const engine = h('input', { type: 'checkbox', 'data-test': 'explorer-engine', onchange: () => { this.engine = engine.checked; this.refresh(); } });
    const filters = h('details', { class: 'stack explorer-filters' },
      h('summary', {}, t('explorer-filters')),
      h('label', { class: 'row' }, this.rated, t('explorer-ratedOnly')),
      h('div', { class: 'row' }, this.band),
      h('div', { class: 'row', role: 'group', 'aria-label': t('explorer-speeds') }, ...this.speedButtons),
      h('div', { class: 'row' }, this.player, this.color),
      h('label', { class: 'row' }, engine, t('explorer-engine')));
    this.filters = filters;
    this.root = h('details', { class: 'card stack explorer', 'data-test': 'explorer' },
      h('summary', { 'data-test': 'explorer-open' }, t('explorer-title')), filters, this.results);
    this.root.open = open;
    /** the panel as a phone's tab: no section to open, the tab opened it */
    this.bare = h('div', { class: 'card stack explorer', 'data-test': 'explorer' });
    this.root.addEventListener('toggle', () => { if (this.root.open) this.refresh(); });
  }

  /**
   * The panel for the position after `moves` (UCI) from `fen` (the variant's start when
   * empty) of `variant`; `onMove` plays a move picked in it.
   * @param {string} variant @param {string} fen @param {string[]} moves
   * @param {(uci: string) => void} onMove
   */
  panel(variant, fen, moves, onMove) {
    this.onMove = onMove;
    this.position = { variant, moves: moves.join(',') };
    if (fen) this.position.fen = fen;
    if (this.root.open) this.refresh();
    return this.root;
  }

  /**
   * The panel as a tab of `phoneTabs` (tabs.js) for the position after `moves`, as `panel`
   * takes it: on a phone, asked for when its tab is shown; on a wide screen, the section.
   * @param {string} variant @param {string} fen @param {string[]} moves
   * @param {(uci: string) => void} onMove
   * @returns {PhoneTab}
   */
  tab(variant, fen, moves, onMove) {
    return {
      id: 'explorer',
      label: t('explorer-tab'),
      content: (asTab) => {
        const section = this.panel(variant, fen, moves, onMove);
        if (!asTab) {
          this.root.append(this.filters, this.results);
          return section;
        }
        this.bare.replaceChildren(this.filters, this.results);
        this.refresh();
        return this.bare;
      },
    };
  }

  /** Asks for the position with the filters chosen, unless that was the last question. */
  async refresh() {
    /** @type {Record<string, string | number>} */
    const query = { ...this.position };
    if (this.rated.checked) query.rated = 'true';
    const player = this.player.value.trim();
    if (player) {
      query.player = player;
      query.color = this.color.value;
    } else if (this.band.value) query.ratings = this.band.value;
    const speeds = SPEEDS.filter((s) => this.speeds.has(s));
    if (speeds.join() !== SPEEDS.slice(0, 7).join()) query.speeds = speeds.join(',');
    if (this.engine) query.engine_ms = 800;
    const key = JSON.stringify(query);
    if (key === this.asked || !query.variant) return;
    this.asked = key;
    if (!speeds.length) { this.show(h('p', { class: 'muted' }, t('explorer-noSpeed'))); return; }
    this.results.setAttribute('aria-busy', 'true');
    try {
      const answer = await call('GET /api/explorer', { query });
      if (key !== this.asked) return; // the player moved on meanwhile
      this.answer = answer;
      this.show(this.drawn(answer));
    } catch (e) {
      if (key !== this.asked) return;
      this.asked = '';
      this.show(h('p', { class: 'banner bad', role: 'alert' }, e instanceof Error ? e.message : String(e)));
    } finally {
      this.results.removeAttribute('aria-busy');
    }
  }

  /** @param {Node} content */
  show(content) {
    this.results.replaceChildren(content);
  }

  /** The answer drawn. @param {ExplorerAnswer} a */
  drawn(a) {
    const total = h('div', { class: 'row explorer-total' },
      h('span', {}, t('explorer-games', { games: a.games })), a.games ? scoreBar(a) : '');
    const value = a.value ? h('div', { class: 'muted', 'data-test': 'explorer-value' }, valueText(a.value)) : '';
    const moves = a.moves.length
      ? h('ul', { class: 'explorer-moves' }, ...a.moves.map((m) => this.moveRow(m)))
      : h('p', { class: 'muted' }, t('explorer-none'));
    const recent = a.recent.length
      ? h('div', { class: 'stack' }, h('h3', {}, t('explorer-recent')), h('ul', { class: 'explorer-recent' }, ...a.recent.map(recentGame)))
      : '';
    return h('div', { class: 'stack' }, total, value, moves, recent);
  }

  /** One move's row: the move to play, its games, its score, its rating and value. @param {ExplorerMove} m */
  moveRow(m) {
    const notes = [];
    if (m.rating) notes.push(t('explorer-rating', { rating: m.rating }));
    if (m.value) notes.push(valueText(m.value));
    if (m.engine) notes.push('mate' in m.engine ? t('explorer-engineMate', { moves: m.engine.mate }) : t('explorer-engineCp', { score: (m.engine.cp / 100).toFixed(2) }));
    return h('li', { 'data-uci': m.uci },
      h('div', { class: 'row explorer-move' },
        h('button', { class: 'secondary', 'data-test': 'explorer-move', 'aria-label': t('explorer-play', { move: m.san, games: m.games }), onclick: () => this.onMove(m.uci), translate: 'no' }, m.san),
        h('span', { class: 'explorer-count' }, String(m.games)),
        scoreBar(m)),
      notes.length ? h('div', { class: 'muted small' }, notes.join(' · ')) : '');
  }
}
