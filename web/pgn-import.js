// A game pasted as PGN onto the analysis board. The browser knows no chess rules and reads no
// PGN: it sends the text, and the server (POST /api/chess/position {"pgn"}) reads the first
// game with the PGN reader of the game crate, plays its moves from its start and answers with
// the variant, the start and the moves in UCI; what is wrong with a game (a move that is not
// legal, by its number and line; a variant Tabula does not play) comes back in its words.
import { call, errorText, ServerError } from './api.js';
import { h } from './ui.js';
import { t } from './text.js';
/** @import { PositionView } from './types/protocol' */

/**
 * The analysis board's "paste a game" box: `load` gets the game's variant, start position
 * and moves in UCI, once the server has played them all.
 * @param {(game: { variant: string, fen: string, moves: string[] }) => void} load
 */
export function pgnBox(load) {
  const text = h('textarea', { rows: 5, class: 'pgn-text', 'data-test': 'pgn-text', 'aria-label': t('pgn-paste'), placeholder: '[Event "…"]\n1. e4 e5 2. Nf3 …', spellcheck: 'false' });
  const note = h('p', { class: 'muted', role: 'status', 'data-test': 'pgn-note' });
  const button = h('button', {
    'data-test': 'pgn-load',
    onclick: async () => {
      button.disabled = true;
      try {
        const at = await call('POST /api/chess/position', { body: { pgn: text.value } });
        note.textContent = t('pgn-loaded', { moves: at.moves_uci.length });
        load({ variant: at.variant, fen: at.start_fen, moves: at.moves_uci });
      } catch (e) {
        // what is wrong with the game is the server's own words (in every language: it names
        // the move and the line), said inside a sentence of the page's language
        note.textContent = e instanceof ServerError && e.code === 'bad_input'
          ? t('pgn-unreadable', { why: e.message })
          : errorText(e);
      }
      button.disabled = false;
    },
  }, t('pgn-load'));
  return h('details', { class: 'card pgn-box', 'data-test': 'pgn-box' },
    h('summary', {}, t('pgn-paste')),
    h('div', { class: 'stack' }, text, h('div', { class: 'row' }, button), note));
}
