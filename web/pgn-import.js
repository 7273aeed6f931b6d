// A game pasted as PGN onto the analysis board. The browser knows no chess rules: it only
// reads the PGN's words (the tags, the moves in SAN, less the comments, variations and move
// numbers), and the server plays them, one at a time, finding each among the legal moves of
// the position it reached (POST /api/chess/position lists them with their SAN). A move the
// server does not find is reported by its number.
import { api, errorText } from './api.js';
import { h } from './ui.js';
import { t, VARIANTS } from './text.js';
/** @import { PositionView } from './types/protocol' */

/**
 * The first game of a PGN text as words: its tags, and its moves as written.
 * @typedef {{ tags: Record<string, string>, sans: string[] }} PgnWords
 */

/**
 * Reads the first game of a PGN text into its tags and SAN moves (nothing is checked here).
 * @param {string} text
 * @returns {PgnWords}
 */
export function readPgn(text) {
  /** @type {Record<string, string>} */
  const tags = {};
  let rest = text.replace(/\r/g, '');
  // the tags before the moves (of the first game: a second game's tags come after a result)
  for (;;) {
    const m = /^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(rest);
    if (!m) break;
    tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
    rest = rest.slice(m[0].length);
  }
  // comments (both kinds), then variations from the innermost out, then NAGs
  let moves = rest.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  for (let before = ''; before !== moves;) { before = moves; moves = moves.replace(/\([^()]*\)/g, ' '); }
  /** @type {string[]} */
  const sans = [];
  for (const word of moves.replace(/\$\d+/g, ' ').split(/\s+/)) {
    if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word) || word.startsWith('[')) break; // the game's end, or the next game
    const san = word.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
    if (san && !/^\d+\.*$/.test(san)) sans.push(san);
  }
  return { tags, sans };
}

/**
 * The variant a `Variant` tag names: chess for none, `Standard` or `From Position` (as lichess
 * writes them), else Tabula's own name of it; null for a game Tabula does not play.
 * @param {string | undefined} tag
 */
export function variantOfTag(tag) {
  const v = (tag || '').trim();
  if (!v || ['standard', 'chess', 'from position'].includes(v.toLowerCase())) return 'chess';
  return VARIANTS.includes(v) ? v : null;
}

/** A SAN as it compares: without check, mate and the `e.p.` some write. @param {string} san */
const bare = (san) => san.replace(/[+#]/g, '').replace(/e\.p\.$/, '').replace(/0/g, 'O');

/**
 * The moves of a PGN in UCI, the server playing them from the game's start.
 * @param {string} variant @param {string | undefined} fen @param {string[]} sans
 * @returns {Promise<string[]>}
 */
export async function movesOf(variant, fen, sans) {
  /** @type {string[]} */
  const moves = [];
  for (const [i, san] of sans.entries()) {
    /** @type {PositionView} */
    const at = await api('POST', '/api/chess/position', { variant, fen, moves });
    const found = at.legal.find((m) => bare(m.san) === bare(san));
    if (!found) throw new Error(t('pgn-badMove', { n: i + 1, move: san }));
    moves.push(found.uci);
  }
  return moves;
}

/**
 * The analysis board's "paste a game" box: `load` gets the game's variant, start position
 * (empty for the variant's own) and moves in UCI, once the server has played them all.
 * @param {(game: { variant: string, fen: string, moves: string[] }) => void} load
 */
export function pgnBox(load) {
  const text = h('textarea', { rows: 5, class: 'pgn-text', 'data-test': 'pgn-text', 'aria-label': t('pgn-paste'), placeholder: '[Event "…"]\n1. e4 e5 2. Nf3 …', spellcheck: 'false' });
  const note = h('p', { class: 'muted', role: 'status', 'data-test': 'pgn-note' });
  const button = h('button', {
    'data-test': 'pgn-load',
    onclick: async () => {
      const { tags, sans } = readPgn(text.value);
      const variant = variantOfTag(tags.Variant);
      if (!variant) { note.textContent = t('pgn-variant', { variant: tags.Variant || '' }); return; }
      button.disabled = true;
      note.textContent = t('pgn-reading', { moves: sans.length });
      try {
        const moves = await movesOf(variant, tags.FEN, sans);
        note.textContent = t('pgn-loaded', { moves: moves.length });
        load({ variant, fen: tags.FEN || '', moves });
      } catch (e) {
        note.textContent = errorText(e);
      }
      button.disabled = false;
    },
  }, t('pgn-load'));
  return h('details', { class: 'card pgn-box', 'data-test': 'pgn-box' },
    h('summary', {}, t('pgn-paste')),
    h('div', { class: 'stack' }, text, h('div', { class: 'row' }, button), note));
}
