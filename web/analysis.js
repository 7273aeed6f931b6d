// The QuickChess analysis board: set up a variant and a position, try moves, ask the engine
// for its evaluation and best line, see what Tabula's players played there (the opening
// explorer), and start a game from there.
import { call, createGame } from './api.js';
import { drawBoard, fenPieces, BoardInput } from './board.js';
import { h, navigate, attempt, tableLayout } from './ui.js';
import { t } from './text.js';
import { variantSelect, chessPiece, checkedKing, pairsOf, chooseMove, passButton, verdictText } from './quickchess.js';
import { pgnBox } from './pgn-import.js';
import { Explorer } from './explorer.js';
import { phoneTabs } from './tabs.js';

/** @import { PositionView, PositionQuery } from './types/protocol' */

/**
 * The analysis board (the variant and FEN may come in the query string).
 * @param {HTMLElement} main
 */
export function quickchessAnalyse(main) {
  const params = new URLSearchParams(location.search);
  const variant = variantSelect(params.get('variant') || 'quickchess');
  const fen = h('input', { placeholder: t('analysis-fenPlaceholder'), value: params.get('fen') || '', class: 'wide', 'data-test': 'fen', 'aria-label': t('analysis-fen') });
  let flipped = false;
  // the position set up (the FEN box's when "Set up" was pressed, a pasted game's start): the
  // moves are tried from it, and the box itself follows the board (it shows the position now)
  let base = params.get('fen') || '';
  // another variant starts from its own start position (an empty box), not this one's FEN
  variant.addEventListener('change', () => { fen.value = ''; });
  /** @type {string[]} the moves tried from the position set up, in UCI (a link may bring some) */
  let moves = (params.get('moves') || '').split(',').filter((m) => /^[a-h0-9]{4,5}$/.test(m));
  // what Tabula's players played here (explorer.js); a move picked in it is played on the board
  const explorer = new Explorer();
  // on a phone the position's panel and the explorer are tabs (tabs.js); the one shown stays
  const tabs = { chosen: 'position' };
  /** @type {PositionView | null} the position after them, once the server answered */
  let state = null;
  const out = h('div', { class: 'stack' });
  /** @param {boolean} analyse whether the engine searches it too */
  const load = async (analyse) => {
    /** @type {PositionQuery} */
    const body = { variant: variant.value, fen: base.trim() || undefined, moves };
    // an evaluation asks the lesson games' coach too (the moves that keep the value)
    // (and on a phone the position's tab is shown, where the evaluation appears)
    if (analyse) { body.analyse_ms = 1500; body.coach = true; tabs.chosen = 'position'; }
    const r = await attempt(() => call('POST /api/chess/position', { body }));
    if (!r) { moves.pop(); return; }
    state = r;
    fen.value = r.fen;
    draw();
  };
  const input = new BoardInput({
    onMove: (from, to) => { if (state) chooseMove(from, to, state.legal, state.turn === 'white', (uci) => { moves.push(uci); load(false); }); },
    redraw: () => draw(),
  });
  /**
   * A game from the position shown, the player with the side to move.
   * @param {string} kind `quickchess` (against the computer) or `quickchess-local`
   * @param {number[]} bots
   */
  const playFrom = async (kind, bots) => {
    const position = state;
    if (!position) return;
    const g = await attempt(() => createGame(kind, { variant: position.variant, fen: position.fen, color: position.turn }, bots));
    if (g) navigate(`/quickchess/play/${g.id}`);
  };
  const draw = () => {
    if (input.busy() || !state) return;
    const pieces = fenPieces(state.fen);
    input.bind({ moves: state.outcome ? [] : pairsOf(state.legal) });
    const board = drawBoard({
      files: state.width, ranks: state.height,
      flipped, label: t('label-position', { layout: state.fen }), piece: (sq) => chessPiece(pieces.get(sq)),
      check: checkedKing(state.fen, pieces, state.check), input,
    });
    const a = state.analysis;
    const score = a ? ('mate' in a.score ? (a.score.mate >= 0 ? t('analysis-mateIn', { moves: a.score.mate }) : t('analysis-matedIn', { moves: -a.score.mate })) : (a.score.cp / 100).toFixed(2)) : '';
    const solved = state.solved;
    const keeping = state.coach ? state.coach.keeping.map((m) => m.san) : [];
    // the position's panel: its moves, its exact value, the engine's word, its FEN, a game from it
    const position = [
      h('div', { class: 'muted' }, state.moves_san.length ? t('analysis-moves', { moves: state.moves_san.join(' ') }) : t('analysis-tryMoves')),
      solved ? h('div', { class: 'card stack', 'data-test': 'solved', title: t('verdict-source') },
        h('div', {}, h('b', {}, verdictText(solved))),
        solved.best_san ? h('div', { class: 'muted' }, t('analysis-perfectPlay', { move: solved.best_san })) : '',
        keeping.length ? h('div', { class: 'muted', 'data-test': 'coach-best-moves' },
          t(solved.wdl === 'loss' ? 'coach-bestLosing' : 'coach-bestList', { moves: keeping.join(', ') })) : '') : '',
      a ? h('div', { class: 'card stack', 'data-test': 'evaluation' },
        h('div', {}, h('b', {}, t('analysis-best')), ' ', a.best_san, ' ', t('analysis-score', { side: state.turn, score })),
        h('div', { class: 'muted' }, t('analysis-line', { line: a.pv_san.join(' ') })),
        h('div', { class: 'muted' }, t('analysis-depth', { depth: a.depth, nodes: a.nodes }))) : '',
      h('div', { class: 'muted', style: 'word-break:break-all' }, t('analysis-fenIs', { fen: state.fen })),
      state.outcome ? '' : h('div', { class: 'row' },
        h('button', { class: 'secondary small', onclick: () => playFrom('quickchess', [4]) }, t('analysis-playComputer')),
        h('button', { class: 'secondary small', onclick: () => playFrom('quickchess-local', []) }, t('analysis-playTwo'))),
    ];
    out.replaceChildren(tableLayout({
      status: h('div', { class: 'stack' },
        h('div', { class: 'banner' }, state.outcome || t(state.check ? 'analysis-toMoveCheck' : 'analysis-toMove', { side: state.turn })),
        state.outcome ? '' : passButton(state.legal, (uci) => { moves.push(uci); load(false); })),
      board: h('div', { class: 'board-wrap' }, board),
      actions: [
        h('button', { 'data-test': 'analyse', onclick: () => load(true) }, t('analysis-evaluate')),
        h('button', { class: 'secondary', onclick: () => { moves.pop(); load(false); } }, t('analysis-takeBack')),
        h('button', { class: 'secondary', onclick: () => { moves = []; load(false); } }, t('analysis-reset')),
        h('button', { class: 'secondary', 'data-test': 'flip', onclick: () => { flipped = !flipped; draw(); } }, '⇅ ', t('table-flipShort')),
      ],
      panel: phoneTabs(t('tabs-panels'), [{ id: 'position', label: t('tabs-position'), content: () => position },
        explorer.tab(state.variant, base.trim(), state.moves_uci, (uci) => { moves.push(uci); load(false); })], tabs),
      aspect: state.width / state.height,
    }));
  };
  main.append(h('h1', {}, t('analysis-title')),
    h('div', { class: 'card row' }, variant, fen, h('button', { class: 'secondary', 'data-test': 'set-up', onclick: () => { base = fen.value; moves = []; load(false); } }, t('analysis-setUp'))),
    // a game pasted as PGN: its start, and its moves as the server played them
    pgnBox((game) => { variant.value = game.variant; base = game.fen; moves = game.moves; load(false); }),
    out);
  load(false);
}
