// The computer's review of a finished game (docs/web.md, "Reviews"): the Review button, the
// wait in the server's queue, then each side's accuracy and marks, the evaluation graph
// (review-graph.js), the marks beside the moves, and for the move shown what the computer says
// of it, with its better line played out on the board. Also the links that take a game home
// (PGN, or Querni's text) and a player's games.
//
// A game page is drawn anew on every view, so the review keeps its state here, in one object
// per page (gameReview), and the page asks it for its parts each time it draws: the panel, the
// marks of its move list, and the board (its own while the better line is shown).
import { call, errorText } from './api.js';
import { h } from './ui.js';
import { t, querniNotation, querniTurnWords } from './text.js';
import { seatName } from './duel.js';
import { moveList } from './table.js';
import { evalGraph } from './review-graph.js';
import { chessLineBoard, querniTurnBoard } from './review-line.js';
/**
 * @import { ReviewAnswer, GameReview, Eval, Mark, MarkCounts, ChessView, SeriesView, QuerniView, SeatInfo, PositionView } from './types/protocol'
 * @import { BoardSvg } from './board.js'
 */

/** A finished game as the review reads it: a chess game's view or a Querni game's, with its seats. @typedef {(ChessView | SeriesView | QuerniView) & { seats?: SeatInfo[] }} ReviewedGame */

/**
 * One ply as the panel shows it, whichever game it is.
 * @typedef {object} Step
 * @property {number} ply from 1
 * @property {string} side who played it: white, black, blue or red
 * @property {string} num its number as the move list writes it (`12.`, `12…`, `7. ●`)
 * @property {string} played the move in SAN, or the turn in Querni's notation
 * @property {number} win the first side's chances after it (White's, Blue's), 0 to 100
 * @property {string} evalText the evaluation after it, as shown
 * @property {Mark | null} mark
 * @property {string | null} best the computer's choice before it, as shown
 * @property {string | null} bestRaw the same as the server wrote it (Querni: its notation)
 * @property {boolean} same whether the move played was the computer's choice
 * @property {string[]} lineSan the computer's line from the position before it (chess)
 * @property {string[]} lineUci the same in UCI
 */

/**
 * The better line being shown: the ply it replaces, the step of the line on the board, and
 * the positions reached so far (`fens[0]` is the one before the ply).
 * @typedef {{ ply: number, step: number, fens: string[], checks: boolean[], busy: boolean }} Line
 */

/** The steepness of lichess's Win% curve over centipawns (docs/web.md, "Reviews"). */
const CHESS_K = 0.00368208;
/** The marks' signs, as PGN writes them. @type {Record<Mark, string>} */
export const SIGNS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** A number with its sign and two decimals, as chess writes an evaluation. @param {number} x */
function signed(x) {
  const abs = Math.abs(x).toFixed(2);
  return abs === '0.00' ? abs : `${x > 0 ? '+' : '−'}${abs}`;
}

/**
 * White's chances after a move (lichess's Win%, a mate a sure thing): the graph's height.
 * @param {Eval} e @param {string | undefined} end the result, when the move ended the game
 * @param {boolean} byWhite whether White made the move
 */
export function whiteWin(e, end, byWhite) {
  if ('cp' in e) return end && e.cp === 0 ? 50 : 50 + 50 * (2 / (1 + Math.exp(-CHESS_K * e.cp)) - 1);
  if (e.mate !== 0) return e.mate > 0 ? 100 : 0;
  // mate 0: the move ended the game with a win (a mate, or a pawn on the far edge)
  if (end === '1-0' || end === '0-1') return end === '1-0' ? 100 : 0;
  return byWhite ? 100 : 0;
}

/** A chess evaluation in words: `+0.35`, "White mates in 3", or the result. @param {Eval} e @param {string | undefined} end */
function chessEval(e, end) {
  if (end) return end;
  if ('cp' in e) return signed(e.cp / 100);
  return t('review-mateIn', { side: e.mate >= 0 ? 'white' : 'black', moves: Math.abs(e.mate) });
}

/**
 * Every ply of a review, as the panel shows it.
 * @param {GameReview} report @param {ReviewedGame} view
 * @returns {Step[]}
 */
export function stepsOf(report, view) {
  if (report.game === 'querni') {
    return report.turns.map((x) => ({
      ply: x.ply, side: x.side, num: `${x.ply}. ${x.side === 'blue' ? '●' : '○'}`, played: querniNotation(x.turn), win: x.blue_win,
      evalText: Math.abs(x.eval) >= 100000 ? t('review-querniDecided', { side: x.eval > 0 ? 'blue' : 'red' }) : t('review-querniChances', { percent: Math.round(x.blue_win) }),
      mark: x.class, best: x.best === null ? null : querniNotation(x.best), bestRaw: x.best, same: x.best === x.turn, lineSan: [], lineUci: [],
    }));
  }
  const fen = 'start_fen' in view ? view.start_fen : null;
  const whiteFirst = (fen || '').split(' ')[1] !== 'b';
  return report.moves.map((m) => {
    const white = (m.ply % 2 === 1) === whiteFirst;
    const n = Math.floor((m.ply - 1 + (whiteFirst ? 0 : 1)) / 2) + 1;
    return {
      ply: m.ply, side: white ? 'white' : 'black', num: white ? `${n}.` : `${n}…`, played: m.san, win: whiteWin(m.eval, m.end, white),
      evalText: chessEval(m.eval, m.end), mark: m.class, best: m.best_san, bestRaw: m.best, same: m.best === m.uci,
      lineSan: m.best_line, lineUci: m.best_line_uci,
    };
  });
}

/** The moves a view has played: a chess game's moves, a Querni game's turns. @param {unknown} view */
export function plyOf(view) {
  const v = /** @type {{ moves?: unknown[], history?: unknown[] } | null} */ (view);
  return v ? (v.moves || v.history || []).length : 0;
}

/**
 * The step of a replay that shows ply `ply` of the game as it ended: the first step from
 * which the game never goes back before it (a takeback returns to a ply already shown).
 * @param {unknown[]} views the replay's steps' views
 * @param {number} ply
 */
export function frameOfPly(views, ply) {
  let i = views.length - 1;
  while (i > 0 && plyOf(views[i - 1]) >= ply) i--;
  return i;
}

/** Whether a view is one of a game the computer reviews, and finished. @param {unknown} view @returns {view is ReviewedGame} */
function reviewable(view) {
  const v = /** @type {{ over?: unknown, moves?: unknown, history?: unknown } | null} */ (view);
  return Boolean(v && v.over === true && (Array.isArray(v.moves) || Array.isArray(v.history)));
}

/** Whether a finished game is Querni's. @param {ReviewedGame} view @returns {view is QuerniView & { seats?: SeatInfo[] }} */
const isQuerni = (view) => 'history' in view;

/**
 * The link that takes a finished game home: its PGN (QuickChess, chess), or a Querni game as text.
 * @param {string} id @param {boolean} querni
 */
export function gameFileLink(id, querni) {
  return h('a', { class: 'rv-download', href: `/api/games/${id}/pgn`, download: '', 'data-test': 'download-game' },
    h('span', { 'aria-hidden': 'true' }, '⤓'), t(querni ? 'review-downloadText' : 'review-downloadPgn'));
}

/** The link to a player's QuickChess and chess games in one PGN file. @param {string} name */
export function playerGamesLink(name) {
  return h('a', { class: 'rv-download', href: `/api/players/${encodeURIComponent(name)}/games.pgn`, download: '', 'data-test': 'download-games' },
    h('span', { 'aria-hidden': 'true' }, '⤓'), t('review-downloadAll'));
}

/** The step of the game shown, if the review has it. @param {Step[]} steps @param {number} ply */
const stepAt = (steps, ply) => (ply >= 1 && ply <= steps.length ? steps[ply - 1] : null);

/**
 * Each side's accuracy and marks, a row each.
 * @param {GameReview} r @param {ReviewedGame} view
 */
function sidesTable(r, view) {
  /** @type {[string, number | null, MarkCounts][]} */
  const rows = r.game === 'querni'
    ? [['blue', r.accuracy.blue, r.marks.blue], ['red', r.accuracy.red, r.marks.red]]
    : [['white', r.accuracy.white, r.marks.white], ['black', r.accuracy.black, r.marks.black]];
  const seats = /** @type {Record<string, number>} */ (view.sides);
  /** @type {Mark[]} */
  const kinds = ['inaccuracy', 'mistake', 'blunder'];
  return h('table', { class: 'rv-sides', 'data-test': 'review-sides' },
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('review-player')),
      h('th', { scope: 'col' }, t('review-accuracy')),
      ...kinds.map((k) => h('th', { scope: 'col', class: `rv-count rv-${k}`, title: t(`review-count-${k}`) },
        h('span', { 'aria-hidden': 'true' }, SIGNS[k]), h('span', { class: 'visually-hidden' }, t(`review-count-${k}`)))))),
    h('tbody', {}, ...rows.map(([side, accuracy, marks]) => h('tr', { 'data-side': side },
      h('th', { scope: 'row' }, h('span', { class: `rv-side rv-side-${side}`, 'aria-hidden': 'true' }),
        h('span', { class: 'visually-hidden' }, `${t(`side-${side}`)}: `), h('span', { translate: 'no', class: 'rv-name' }, seatName(view, seats[side]))),
      h('td', { class: 'rv-accuracy', 'data-test': `accuracy-${side}` }, accuracy === null ? '–' : t('review-percent', { n: accuracy })),
      ...kinds.map((k) => h('td', { class: `rv-count${marks[k] ? ` rv-${k}` : ''}` }, marks[k]))))));
}

/**
 * The evaluation graph of a review: each ply's chances and mark; a ply picked is shown.
 * @param {Step[]} steps @param {number} shown the ply shown @param {boolean} querni
 * @param {(ply: number) => void} onPick
 */
function reviewGraph(steps, shown, querni, onPick) {
  return evalGraph({
    wins: steps.map((s) => s.win), marks: steps.map((s) => s.mark), current: shown, game: querni ? 'querni' : 'chess',
    label: t('review-graph', { side: querni ? 'blue' : 'white' }),
    valueText: (q) => {
      const s = stepAt(steps, q);
      return s ? t('review-graphValue', { move: s.num, played: s.played, eval: s.evalText, mark: s.mark || 'none' }) : t('review-atStart');
    },
    onPick,
  });
}

/**
 * What the computer says of the move shown: its mark and evaluation, and its own choice, with
 * the button that shows (or hides) its better line.
 * @param {ReviewedGame} view @param {Step | null} step
 * @param {boolean} showing whether the better line of this move is shown
 * @param {(step: Step) => void} toggleLine the button's click
 */
function moveNote(view, step, showing, toggleLine) {
  if (!step) return h('p', { class: 'muted rv-move', 'data-test': 'review-move' }, t('review-pick'));
  const querni = isQuerni(view);
  return h('div', { class: 'rv-move stack', 'data-test': 'review-move' },
    h('div', { class: 'row' },
      h('strong', { translate: 'no' }, `${step.num} ${step.played}`),
      step.mark ? h('span', { class: `rv-badge rv-${step.mark}`, 'data-test': 'review-mark' },
        h('span', { 'aria-hidden': 'true' }, SIGNS[step.mark]), t(`review-mark-${step.mark}`)) : '',
      h('span', { class: 'rv-eval', 'data-test': 'review-eval' }, step.evalText)),
    step.same ? h('div', { class: 'good' }, h('span', { 'aria-hidden': 'true' }, '✓ '), t('review-same'))
      : step.best ? h('div', { 'data-test': 'review-best' }, t('review-best', { move: step.best }),
        querni && step.bestRaw ? h('span', { class: 'muted' }, ` (${querniTurnWords(step.bestRaw)})`) : '') : '',
    !step.same && step.bestRaw && (querni || step.lineUci.length) ? h('div', { class: 'row' }, h('button', {
      class: showing ? 'secondary' : '', 'data-test': 'show-line', onclick: () => toggleLine(step),
    }, t(showing ? (querni ? 'review-turnBack' : 'review-lineBack') : querni ? 'review-showTurn' : 'review-showLine'))) : '');
}

/**
 * The wait in the server's queue, in words, with a spinner.
 * @param {'waiting' | 'running' | 'asking'} status @param {number} place the game's place in the queue
 */
function waitNote(status, place) {
  const words = status === 'waiting' ? t('review-waiting', { place }) : t(status === 'running' ? 'review-running' : 'review-asking');
  return h('p', { class: 'rv-wait', role: 'status', tabindex: -1, 'data-test': 'review-status' }, h('span', { class: 'rv-spinner', 'aria-hidden': 'true' }), words);
}

/**
 * The better line's board with what goes under it, in place of the page's board.
 * @param {Node} board @param {...(Node | string)} parts
 */
const lineFrame = (board, ...parts) => h('div', { class: 'rv-line-wrap stack', 'data-test': 'review-line-board' },
  h('div', { class: 'board-wrap' }, board),
  h('div', { class: 'rv-line stack', role: 'group', 'aria-label': t('review-line') }, ...parts));

/**
 * The computer's Querni turn in place of the one played: drawn on the position before it, in
 * notation and in words.
 * @param {QuerniView} view @param {Step} step @param {boolean} flipped @param {HTMLElement} close the button that hides it
 */
function querniLine(view, step, flipped, close) {
  const history = view.history || [];
  const before = step.ply >= 2 ? history[step.ply - 2].after : view.start;
  return lineFrame(querniTurnBoard({ before, turn: step.bestRaw || 'pass', side: step.side, flipped }),
    h('p', { class: 'rv-line-moves' }, t('review-lineFrom', { played: step.played }), ' ', h('span', { translate: 'no', class: 'rv-next' }, step.best || ''),
      ' ', h('span', { class: 'muted' }, `(${querniTurnWords(step.bestRaw || 'pass')})`)),
    h('div', { class: 'row rv-line-steps' }, close));
}

/**
 * The review of a game on its page: the state the page, drawn anew on every view, cannot keep
 * (the wait in the server's queue, the review once done, the better line shown), and the parts
 * the page asks for each time it draws. Made by gameReview.
 */
class Review {
  /**
   * @param {string} id the game's
   * @param {() => void} redraw draws the page again
   * @param {(ply: number) => void} go shows the game after that many plies
   */
  constructor(id, redraw, go) {
    this.id = id;
    this.redraw = redraw;
    this.go = go;
    /** @type {'unknown' | 'looking' | 'idle' | 'asking' | 'waiting' | 'running' | 'done' | 'failed'} */
    this.status = 'unknown';
    this.place = 0;
    /** @type {GameReview | null} */
    this.report = null;
    this.failure = '';
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.closed = false;
    /** @type {Line | null} */
    this.line = null;
    /** @type {string | null} the control to give the focus back to once the page is drawn again */
    this.refocus = null;
    /** @type {string | null} what the line's board could not be shown for */
    this.lineError = null;
  }

  /** The page drawn again, the control that was used keeping the focus. @param {string | null} [control] */
  again(control = null) {
    this.refocus = control;
    if (!this.closed) this.redraw();
  }

  /**
   * Asks the server for the review (POST: to queue it), and again while it waits in the queue.
   * @param {'GET' | 'POST'} method
   */
  async request(method) {
    this.timer = null;
    const before = `${this.status} ${this.place}`;
    try {
      const r = await call(`${method} /api/games/{id}/review`, { params: { id: this.id } });
      if (r.status === 'done') { this.status = 'done'; this.report = r.review; } else {
        this.status = r.status;
        this.place = r.status === 'waiting' ? r.place : 0;
        // the queue moves on its own: look again in a moment, until the page is left
        if (!this.closed) this.timer = setTimeout(() => this.request('GET'), 1500);
      }
    } catch (e) {
      const code = /** @type {{ code?: string }} */ (e).code;
      if (method === 'GET' && code === 'not_found') this.status = 'idle';
      else { this.status = 'failed'; this.failure = errorText(e, { rate_limited: 'review-tooMany', unavailable: 'review-busy' }); }
    }
    const status = this.status;
    // the same wait is not drawn again (a screen reader would say it again)
    if (`${status} ${this.place}` === before && status !== 'failed') return;
    // the focus, if it was in the panel, goes to what took the place of what had it: the
    // wait, then the review's heading
    const active = document.activeElement;
    const ours = Boolean(active && active.closest('[data-test=review]'));
    this.again(ours ? (status === 'done' ? 'rv-title' : status === 'idle' || status === 'failed' ? 'review-ask' : 'review-status') : null);
  }

  /** A ply picked in the panel (the graph, its own move list): the page shows it. @param {number} ply @param {string} control */
  pick(ply, control) {
    this.line = null;
    this.refocus = control;
    this.go(ply);
  }

  /**
   * Hides the better line of the move of `step` if it was shown, else shows it. A chess line
   * starts from the position before the move (a Querni turn's board is drawn from the game's
   * history).
   * @param {ReviewedGame} view @param {Step} step @param {boolean} showing whether it was shown when the page was drawn
   */
  toggleLine(view, step, showing) {
    if (showing) { this.line = null; this.again('show-line'); return; }
    const querni = isQuerni(view);
    const moves = 'moves' in view ? view.moves : [];
    const before = querni ? '' : step.ply >= 2 ? moves[step.ply - 2].fen : ('start_fen' in view ? view.start_fen : null);
    if (before === null) return;
    this.line = { ply: step.ply, step: 0, fens: [before], checks: [false], busy: false };
    this.lineError = null;
    this.again(querni ? 'line-close' : 'line-next');
    // on a phone the board is above the panel: bring it into sight
    queueMicrotask(() => document.querySelector('[data-test=review-line-board]')?.scrollIntoView({ block: 'nearest' }));
  }

  /**
   * Shows step `k` of the better line shown, asking the server for its position (the moves
   * of a variant are the server's to make).
   * @param {ReviewedGame} view @param {Step} step @param {number} k
   */
  async lineTo(view, step, k) {
    const shown = this.line;
    if (!shown || shown.busy || isQuerni(view)) return;
    if (shown.fens[k] === undefined) {
      shown.busy = true;
      try {
        const r = await call('POST /api/chess/position', { body: { variant: view.variant, fen: shown.fens[0], moves: step.lineUci.slice(0, k) } });
        shown.fens[k] = r.fen;
        shown.checks[k] = r.check;
        this.lineError = null;
      } catch (e) {
        this.lineError = errorText(e);
      }
      shown.busy = false;
      if (shown.fens[k] === undefined) { this.again('line-next'); return; }
    }
    shown.step = k;
    this.again(k === step.lineUci.length ? 'line-prev' : 'line-next');
  }

  /**
   * The panel under a finished game: the Review button, the wait, or the review; and the
   * link to download the game. `ownMoves`: the page shows no move list of its own (a
   * replay), so the review's marked list is in the panel.
   * @param {ReviewedGame} view @param {number} ply the plies shown @param {{ ownMoves?: boolean }} [o]
   */
  panel(view, ply, o = {}) {
    if (!view.over) return '';
    if (this.status === 'unknown') { this.status = 'looking'; this.request('GET'); }
    const status = this.status;
    const querni = isQuerni(view);
    /** @type {(Node | string)[]} */
    const body = [];
    if (status === 'done' && this.report) {
      const steps = stepsOf(this.report, view);
      const shown = Math.min(ply, steps.length);
      const step = stepAt(steps, shown);
      const showing = Boolean(step && this.line && this.line.ply === step.ply);
      body.push(sidesTable(this.report, view), reviewGraph(steps, shown, querni, (q) => this.pick(q, 'review-graph')),
        moveNote(view, step, showing, (s) => this.toggleLine(view, s, showing)));
      if (o.ownMoves) body.push(this.marks(moveList(steps.map((s) => ({ label: s.played, num: s.num })), shown, (q) => this.pick(q, `step-${q}`))));
    } else if (status === 'waiting' || status === 'running' || status === 'asking') {
      body.push(waitNote(status, this.place));
    } else {
      if (status === 'failed') body.push(h('p', { class: 'bad', role: 'alert', 'data-test': 'review-error' }, this.failure));
      body.push(h('p', { class: 'muted' }, t('review-what')), h('div', { class: 'row' }, h('button', {
        'data-test': 'review-ask',
        onclick: () => { this.status = 'asking'; this.again('review-status'); this.request('POST'); },
      }, t(status === 'failed' ? 'review-again' : 'review-ask'))));
    }
    body.push(h('div', { class: 'row' }, gameFileLink(this.id, querni)));
    if (this.refocus) {
      const control = this.refocus;
      this.refocus = null;
      queueMicrotask(() => /** @type {HTMLElement | null} */ (document.querySelector(`[data-test="${control}"]`))?.focus({ preventScroll: true }));
    }
    return h('section', { class: 'card stack rv', 'data-test': 'review', 'aria-labelledby': 'rv-title' },
      h('h2', { id: 'rv-title', tabindex: -1, 'data-test': 'rv-title' }, t('review-title')), ...body);
  }

  /**
   * The marks of a reviewed game beside the moves of a move list (table.js moveList: its
   * buttons' `data-step` are the plies), coloured, with their words for screen readers.
   * @template {HTMLElement} L
   * @param {L} list
   * @returns {L}
   */
  marks(list) {
    const report = this.report;
    if (this.status !== 'done' || !report) return list;
    const marks = report.game === 'querni' ? report.turns.map((x) => x.class) : report.moves.map((m) => m.class);
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('button[data-step]'))) {
      const mark = marks[Number(b.dataset.step) - 1];
      if (!mark) continue;
      b.classList.add(`rv-marked`, `rv-${mark}`);
      b.dataset.mark = mark;
      b.append(h('span', { class: `rv-sign rv-${mark}`, 'aria-hidden': 'true' }, SIGNS[mark]), h('span', { class: 'visually-hidden' }, `, ${t(`review-mark-${mark}`)}`));
      if (!b.dataset.test) b.dataset.test = `step-${b.dataset.step}`;
    }
    return list;
  }

  /**
   * The board as the review shows it: the page's own (`wrap`), or, while the better line of
   * the move shown is played out, the line's position with the computer's next move drawn
   * as an arrow and the steps under it.
   * @param {HTMLElement} wrap the page's board in its wrapper
   * @param {ReviewedGame} view @param {number} ply the plies shown
   * @returns {HTMLElement}
   */
  board(wrap, view, ply) {
    if (this.line && this.line.ply !== ply) this.line = null; // the page moved to another move
    const line = this.line;
    if (!line || this.status !== 'done' || !this.report) return wrap;
    const step = stepAt(stepsOf(this.report, view), ply);
    if (!step) return wrap;
    const own = /** @type {BoardSvg | null} */ (wrap.querySelector('svg.board'));
    const flipped = Boolean(own && own.tabula.o.flipped);
    const close = h('button', { class: 'secondary', 'data-test': 'line-close', onclick: () => { this.line = null; this.again('show-line'); } }, t(isQuerni(view) ? 'review-turnBack' : 'review-lineBack'));
    if (isQuerni(view)) return querniLine(view, step, flipped, close);
    const k = line.step;
    const total = step.lineUci.length;
    const said = step.lineSan.map((san, i) => h('span', { class: i === k ? 'rv-next' : i < k ? 'rv-played' : '', translate: 'no' }, san));
    return lineFrame(chessLineBoard({
      files: view.width, ranks: view.height, flipped, fen: line.fens[k], check: line.checks[k], last: step.lineUci[k - 1], next: step.lineUci[k],
    }),
    h('p', { class: 'rv-line-moves' }, h('span', {}, t('review-lineFrom', { played: step.played })), ' ', ...said.flatMap((x) => [x, ' '])),
    this.lineError ? h('p', { class: 'bad', role: 'alert' }, this.lineError) : '',
    h('div', { class: 'row rv-line-steps' },
      h('button', { class: 'secondary', 'data-test': 'line-prev', 'aria-label': t('review-linePrev'), disabled: k === 0, onclick: () => this.lineTo(view, step, k - 1) }, '◀'),
      h('span', { class: 'muted', 'data-test': 'line-step', 'aria-live': 'polite' }, t('review-lineStep', { step: k, total })),
      h('button', { class: 'secondary', 'data-test': 'line-next', 'aria-label': t('review-lineNext'), disabled: k >= total, onclick: () => this.lineTo(view, step, k + 1) }, '▶'),
      close));
  }

  /**
   * The review on a drawing made without it (a replay's step): its board, the marks of its
   * move list (or the review's own list in place of a plain one) and the panel, put in.
   * @param {Node} root the drawing (ui.js tableLayout)
   * @param {unknown} last the view of the game as it ended
   * @param {number} ply the plies shown
   */
  into(root, last, ply) {
    if (!reviewable(last) || !(root instanceof HTMLElement)) return;
    const wrap = /** @type {HTMLElement | null} */ (root.querySelector('.board-wrap'));
    if (wrap) { const b = this.board(wrap, last, ply); if (b !== wrap) wrap.replaceWith(b); }
    const list = /** @type {HTMLElement | null} */ (root.querySelector('[data-test=moves]'));
    if (list) this.marks(list);
    const plain = list ? null : root.querySelector('.t-panel > .movelist');
    const own = !list && this.status === 'done';
    if (plain && own) plain.remove();
    const panel = this.panel(last, ply, { ownMoves: own });
    const place = root.querySelector('.t-panel');
    if (place) place.append(panel); else root.append(panel);
  }

  /** The page left: the waiting stops. */
  close() {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * The review of game `id` on its page. `redraw()` draws the page again; `go(ply)` shows the
 * game after that many plies (the page's own stepping). The page calls `panel`, `marks` and
 * `board` each time it draws a finished game (or `into` on a drawing it made), and `close`
 * when it is left (the waiting stops).
 * @param {string} id
 * @param {() => void} redraw
 * @param {(ply: number) => void} go
 */
export function gameReview(id, redraw, go) {
  return new Review(id, redraw, go);
}
