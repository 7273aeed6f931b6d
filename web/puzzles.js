// Puzzles (/puzzles): QuickChess and Querni positions where one move, or a short line, is
// best. The server picks a puzzle near the player's puzzle rating (or, in a streak, harder at
// each step until the first miss), judges every move (the solution reaches the browser only
// at the end) and answers a QuickChess move with the opponent's reply; at the end it moves
// the ratings (Glicko-2): a signed-in player's are stored by the server, a guest's are kept
// here, in localStorage, and sent with each request. A miss shows the solution, played out on
// the board from the start.
//
// A streak moves no rating: its tries say so to the server, which judges them all the same.
//
// The legal moves come from the server: QuickChess's from the analysis board's endpoint
// (POST /api/chess/position), Querni's turns from POST /api/querni/legal, the same list a
// game's view carries, built on the board as a game's table builds a turn (querni.js). The
// board of the puzzle being tried, and the Querni turn built on it, are puzzle-board.js's.
import { call, errorText, ServerError } from './api.js';
import { BoardInput } from './board.js';
import { h, toast, tableLayout, confirmDialog } from './ui.js';
import { t, hasText, querniNotation, querniTurnWords } from './text.js';
import { chooseMove } from './quickchess.js';
import { FILES, RANKS } from './querni-board.js';
import { moveList } from './table.js';
import { whoAmI } from './players.js';
import { play } from './sound.js';
import { storedRating, storeRating, bestStreak, storeBest, ratingWords, notRatedWords } from './puzzle-ratings.js';
import { QuerniTurn, chessBoard, querniTable } from './puzzle-board.js';
/**
 * @import { PuzzleShown, PuzzleRating, PuzzleGame, TryAnswer, Finished, PositionView, TryBody } from './types/protocol'
 * @import { Attempt, Shown } from './puzzle-board.js'
 */

/** A theme's name in words (a theme the page does not know, as the server names it). @param {string} x */
const themeName = (x) => (hasText(`puzzles-theme-${x}`) ? t(`puzzles-theme-${x}`) : x);

/** The themes of each game's puzzles, as the server names them (`crates/*\/src/puzzle`). */
const THEMES = {
  quickchess: ['mate-in-1', 'mate-in-2', 'mate-in-3', 'mate', 'fork', 'hanging-piece', 'promotion', 'rescue', 'endgame', 'defence', 'advantage'],
  querni: ['win-at-once', 'avoid-stranding', 'defence'],
};
/** How long the opponent's reply waits before it is played (ms). */
const REPLY_MS = 550;
/** How long each move of a solution shown stays before the next (ms). */
const SOLUTION_MS = 900;

// --- an attempt, in words and sounds ----------------------------------------------------------

/** A QuickChess position reached from `fen` by `moves` (the analysis board's endpoint). @param {string} fen @param {string[]} moves @returns {Promise<PositionView>} */
const position = (fen, moves) => call('POST /api/chess/position', { body: { variant: 'quickchess', fen, moves } });

/** A new attempt at puzzle `p`, its solver the side to move. @param {PuzzleShown} p @returns {Attempt} */
function attemptAt(p) {
  const turn = p.position.split(' ')[1];
  return {
    puzzle: p, side: p.game === 'querni' ? (turn === 'r' ? 'red' : 'blue') : (turn === 'b' ? 'black' : 'white'),
    phase: 'solving', line: [], mine: [], pos: null, legal: null, note: '', end: null, played: null, san: [], shown: null,
  };
}

/** What the solver is asked. @param {Attempt} a */
const task = (a) => (a.puzzle.game === 'querni' ? t('puzzles-findTurn', { side: a.side }) : t('puzzles-findMove', { side: a.side }));

/** The verdict in words (the move expected after a miss). @param {Attempt} a */
function verdictWords(a) {
  const end = a.end;
  if (!end) return '';
  if (a.phase === 'solved') return t('puzzles-solved');
  const expected = end.expected || '';
  if (a.puzzle.game === 'querni') return `${t('puzzles-wrong')} ${t('puzzles-expectedTurn', { turn: querniTurnWords(expected) })}`;
  const at = 2 * (a.mine.length - 1);
  return `${t('puzzles-wrong')} ${t('puzzles-expectedMove', { move: a.san[at] || expected })}`;
}

/** The sound of the last move of a position's moves. @param {PositionView} pos */
function soundOf(pos) {
  const san = pos.moves_san[pos.moves_san.length - 1] || '';
  play(/[+#]$/.test(san) ? 'check' : san.includes('x') ? 'capture' : 'move');
}

// --- the solution, beside the board -----------------------------------------------------------

/**
 * The buttons that step the solution shown on the board.
 * @param {Shown} shown @param {number} total the solution's moves @param {(k: number) => void} stepTo
 */
function solutionSteps(shown, total, stepTo) {
  return h('div', { class: 'row puzzle-steps', 'data-test': 'solution-steps' },
    h('button', { class: 'secondary', 'data-test': 'solution-first', 'aria-label': t('puzzles-stepFirst'), disabled: shown.step === 0, onclick: () => stepTo(0) }, '⇤'),
    h('button', { class: 'secondary', 'data-test': 'solution-prev', 'aria-label': t('puzzles-stepBack'), disabled: shown.step === 0, onclick: () => stepTo(shown.step - 1) }, '◀'),
    h('span', { class: 'muted', 'data-test': 'solution-step' }, t('review-lineStep', { step: shown.step, total })),
    h('button', { class: 'secondary', 'data-test': 'solution-next', 'aria-label': t('puzzles-stepForward'), disabled: shown.step >= total, onclick: () => stepTo(shown.step + 1) }, '▶'));
}

/**
 * A QuickChess solution as a move list, numbered from the puzzle's position; a move picked
 * shows the solution at that step.
 * @param {Attempt} a @param {Finished} end @param {(step: number) => void} pick
 */
function chessSolution(a, end, pick) {
  const blackFirst = a.side === 'black';
  const fullmove = Number(a.puzzle.position.split(' ')[5]) || 1;
  const entries = (a.san.length ? a.san : end.solution).map((label, i) => {
    const white = (i % 2 === 0) !== blackFirst;
    const num = fullmove + Math.floor((i + (blackFirst ? 1 : 0)) / 2);
    return { label, num: white ? `${num}.` : (i === 0 ? `${num}…` : null) };
  });
  return h('div', { class: 'stack' }, h('strong', {}, t('puzzles-solution')), moveList(entries, a.shown ? a.shown.step : -1, pick));
}

/** A Querni solution: its turn in notation and in words. @param {Finished} end */
function querniSolution(end) {
  const turn = end.solution.join(' ');
  return h('div', { class: 'stack', 'data-test': 'querni-solution' }, h('strong', {}, t('puzzles-solution')),
    h('div', {}, h('span', { translate: 'no' }, querniNotation(turn)), ' ', h('span', { class: 'muted' }, `(${querniTurnWords(turn)})`)));
}

// --- the page ---------------------------------------------------------------------------------

/**
 * The puzzles page: the choices (game, theme, mode), the player's rating and tries, the
 * puzzle being tried, and its drawing. Each load of a puzzle has a number: an answer that
 * comes after a newer load began, or after the page was left, is dropped.
 */
class PuzzlesPage {
  /** @param {HTMLElement} main */
  constructor(main) {
    const params = new URLSearchParams(location.search);
    /** @type {PuzzleGame} */
    this.game = params.get('game') === 'querni' ? 'querni' : 'quickchess';
    this.theme = THEMES[this.game].includes(params.get('theme') || '') ? /** @type {string} */ (params.get('theme')) : '';
    /** @type {'rated' | 'streak'} */
    this.mode = params.get('mode') === 'streak' ? 'streak' : 'rated';
    this.streak = 0;
    this.closed = false;
    /** @type {boolean | null} whether a player is signed in (null: not known yet) */
    this.signedIn = null;
    /** @type {PuzzleRating | null} */
    this.rating = null;
    /** @type {[number, number] | null} */
    this.tried = null;
    /** @type {Attempt | null} */
    this.now = null;
    this.loads = 0; // each load's number: an answer to an older one is dropped
    /** @type {string | null} why no puzzle is shown */
    this.failure = null;
    this.turn = new QuerniTurn();
    this.input = this.boardInput();

    // the live region: beside `main`, which is drawn anew (a region drawn anew is not read)
    this.region = h('div', { class: 'visually-hidden', 'aria-live': 'polite', 'data-test': 'announce' });
    main.after(this.region);
    this.themeSelect = h('select', { 'data-test': 'puzzle-theme', onchange: () => { this.theme = this.themeSelect.value; this.restart(); } });
    this.fillThemes();
    this.stats = h('div', { class: 'puzzle-stats', 'data-test': 'puzzle-stats' });
    this.out = h('div', { class: 'stack', 'data-test': 'puzzle-area' }, h('p', { class: 'muted' }, t('home-loading')));
    main.append(h('h1', {}, t('puzzles-title')), h('p', { class: 'lead' }, t('puzzles-lead')), this.choices(), this.stats, this.out);
  }

  /** The choices of game, theme and mode; a change loads another puzzle. */
  choices() {
    const gameSelect = h('select', { 'data-test': 'puzzle-game', onchange: () => { this.chooseGame(/** @type {PuzzleGame} */ (gameSelect.value)); } },
      h('option', { value: 'quickchess', selected: this.game === 'quickchess' }, t('game-quickchess')),
      h('option', { value: 'querni', selected: this.game === 'querni' }, t('game-querni')));
    const modeSelect = h('select', { 'data-test': 'puzzle-mode', onchange: () => { this.mode = modeSelect.value === 'streak' ? 'streak' : 'rated'; this.restart(); } },
      h('option', { value: 'rated', selected: this.mode === 'rated' }, t('puzzles-mode-rated')),
      h('option', { value: 'streak', selected: this.mode === 'streak' }, t('puzzles-mode-streak')));
    /** @param {string} words @param {HTMLSelectElement} select */
    const choice = (words, select) => h('label', { class: 'stack puzzle-choice' }, h('span', { class: 'muted' }, words), select);
    return h('div', { class: 'card puzzle-controls' }, choice(t('puzzles-game'), gameSelect), choice(t('puzzles-theme'), this.themeSelect), choice(t('puzzles-mode'), modeSelect));
  }

  /** A game chosen: its themes offered (the theme kept if it is one of them), another puzzle loaded. @param {PuzzleGame} game */
  chooseGame(game) {
    this.game = game;
    if (!THEMES[game].includes(this.theme)) this.theme = '';
    this.fillThemes();
    this.restart();
  }

  /** The theme choice's options: the game's themes. */
  fillThemes() {
    this.themeSelect.replaceChildren(h('option', { value: '' }, t('puzzles-themeAll')),
      ...THEMES[this.game].map((x) => h('option', { value: x, selected: x === this.theme }, themeName(x))));
  }

  /** Says `words` in the live region (the last three kept). @param {string} words */
  say(words) {
    this.region.append(h('p', {}, words));
    while (this.region.childElementCount > 3) this.region.firstElementChild?.remove();
  }

  /** The choices in the address, so that a reload or a link keeps them. */
  keepInAddress() {
    const q = new URLSearchParams();
    if (this.game !== 'quickchess') q.set('game', this.game);
    if (this.theme) q.set('theme', this.theme);
    if (this.mode !== 'rated') q.set('mode', this.mode);
    const search = q.toString();
    history.replaceState(history.state, '', `/puzzles${search ? `?${search}` : ''}`);
  }

  /** The player's rating, tries and streak above the puzzle. */
  drawStats() {
    const best = bestStreak(this.game);
    const { rating, tried, signedIn, mode, streak } = this;
    this.stats.replaceChildren(
      h('span', { class: 'puzzle-stat', 'data-test': 'puzzle-rating' }, rating ? t('puzzles-rating', { rating: String(Math.round(rating.rating)) }) : ''),
      tried ? h('span', { class: 'puzzle-stat muted', 'data-test': 'puzzle-tried' }, t('puzzles-tried', { tried: tried[0], solved: tried[1] })) : '',
      signedIn === false ? h('span', { class: 'puzzle-stat muted' }, t('puzzles-guestNote')) : '',
      mode === 'streak' ? h('span', { class: 'puzzle-stat', 'data-test': 'puzzle-streak' }, t('puzzles-streak', { count: streak })) : '',
      mode === 'streak' ? h('span', { class: 'puzzle-stat muted', 'data-test': 'puzzle-best' }, t('puzzles-best', { count: best })) : '');
  }

  // --- loading a puzzle ---

  /** A new choice: the streak starts again, the address keeps it, another puzzle comes. */
  restart() { this.streak = 0; this.keepInAddress(); this.load(); }

  /** Whether load `mine`'s answer came too late: a newer load began, or the page was left. @param {number} mine */
  stale(mine) { return mine !== this.loads || this.closed; }

  /** Loads the next puzzle, with the solver's moves (QuickChess) or turns (Querni) in it. */
  async load() {
    const mine = ++this.loads;
    this.stopShowing();
    this.now = null;
    this.failure = null;
    this.input.selected = null;
    this.turn.reset();
    if (this.signedIn === null) this.signedIn = Boolean(await whoAmI());
    /** @type {Record<string, string | number>} */
    const query = { game: this.game };
    if (this.theme) query.theme = this.theme;
    if (this.mode === 'streak') query.streak = this.streak;
    const kept = this.signedIn ? null : storedRating(this.game);
    if (kept) Object.assign(query, kept);
    try {
      const next = await call('GET /api/puzzles/next', { query });
      if (this.stale(mine)) return;
      this.rating = next.rating;
      this.tried = next.tried;
      const p = next.puzzle;
      const a = attemptAt(p);
      if (p.game === 'quickchess') a.pos = await position(p.position, []);
      else a.legal = await call('POST /api/querni/legal', { body: { position: p.position } });
      if (this.stale(mine)) return;
      this.now = a;
      this.say(task(a));
    } catch (e) {
      if (this.stale(mine)) return;
      this.failure = e instanceof ServerError && e.code === 'not_found' ? t('puzzles-none') : errorText(e);
    }
    this.draw();
  }

  /**
   * A try's body: a guest's rating goes with it; a streak's says so (it moves no rating).
   * @param {string[]} moves @returns {TryBody}
   */
  tryBody(moves) { return { moves, rating: this.signedIn ? null : storedRating(this.game) || this.rating, streak: this.mode === 'streak' }; }

  // --- the end of a try ---

  /**
   * The server's word at the end: the ratings, the streak, the words.
   * @param {Attempt} a @param {Exclude<TryAnswer, { verdict: 'continue' }>} r
   */
  async finish(a, r) {
    a.phase = r.verdict;
    a.end = r;
    this.rating = r.after;
    if (!this.signedIn && r.rated && this.mode !== 'streak') storeRating(this.game, r.after);
    if (this.tried && r.rated) this.tried = [this.tried[0] + 1, this.tried[1] + (r.verdict === 'solved' ? 1 : 0)];
    if (this.mode === 'streak') {
      if (r.verdict === 'solved') {
        this.streak++;
        if (this.streak > bestStreak(this.game)) storeBest(this.game, this.streak);
      }
    }
    if (a.puzzle.game === 'quickchess') {
      // the solution in SAN (for the words and the list)
      try { a.san = (await position(a.puzzle.position, r.solution)).moves_san; } catch { a.san = r.solution; }
    }
    play(r.verdict === 'solved' ? 'end' : 'refuse');
    this.say(this.mode === 'streak' ? verdictWords(a) : `${verdictWords(a)} ${r.rated ? ratingWords(r) : notRatedWords(r)}`);
  }

  // --- QuickChess: a move, judged; the reply ---

  /** The solver's QuickChess move, sent to be judged with the position it reaches. @param {string} uci */
  async chessMove(uci) {
    const a = this.now;
    if (!a || a.phase !== 'solving' || !a.pos) return;
    a.phase = 'waiting';
    a.note = '';
    a.line.push(uci);
    a.mine.push(uci);
    const mine = this.loads;
    const [after, verdict] = await Promise.allSettled([
      position(a.puzzle.position, a.line),
      call('POST /api/puzzles/{id}/try', { params: { id: a.puzzle.id }, body: this.tryBody(a.mine) }),
    ]);
    if (this.stale(mine)) return;
    if (after.status === 'rejected' || verdict.status === 'rejected') {
      // not taken: the board as it was
      a.line.pop();
      a.mine.pop();
      a.phase = 'solving';
      toast(errorText(after.status === 'rejected' ? after.reason : /** @type {PromiseRejectedResult} */ (verdict).reason));
      this.draw();
      return;
    }
    a.pos = after.value;
    soundOf(a.pos);
    const r = verdict.value;
    if (r.verdict === 'continue') {
      this.say(t('puzzles-goodMove'));
      this.draw();
      setTimeout(() => this.playReply(a, r.reply, mine), REPLY_MS);
      return;
    }
    await this.finish(a, r);
    if (this.stale(mine)) return;
    this.draw();
  }

  /** The opponent's reply to a good move, played on the board; the solver's turn again. @param {Attempt} a @param {string} reply @param {number} mine */
  async playReply(a, reply, mine) {
    if (this.stale(mine)) return;
    a.line.push(reply);
    try {
      a.pos = await position(a.puzzle.position, a.line);
    } catch (e) { toast(errorText(e)); return; }
    if (this.stale(mine)) return;
    soundOf(a.pos);
    const san = a.pos.moves_san[a.pos.moves_san.length - 1] || reply;
    a.note = t('puzzles-replied', { side: a.side === 'white' ? 'black' : 'white', move: san });
    a.phase = 'solving';
    this.say(a.note);
    this.draw();
  }

  // --- Querni: a turn built on the board (as a game's table builds one), then sent ---

  /** The Querni attempt being solved, if any. */
  building() {
    const a = this.now;
    return a && a.puzzle.game === 'querni' && a.phase === 'solving' && !a.shown ? a : null;
  }

  /** The Querni turn built (a pass once confirmed), sent to be judged. */
  async sendTurn() {
    const a = this.building();
    if (!a) return;
    const turn = this.turn.text();
    if (turn === 'pass' && !(await confirmDialog(t('querni-passQuestion'), t('querni-pass')))) return;
    a.phase = 'waiting';
    this.draw();
    const mine = this.loads;
    try {
      const r = await call('POST /api/puzzles/{id}/try', { params: { id: a.puzzle.id }, body: this.tryBody([turn]) });
      if (this.stale(mine)) return;
      if (r.verdict === 'continue') throw new Error(`a Querni puzzle went on after ${turn}`);
      a.played = turn;
      play(/x/.test(turn) ? 'capture' : 'move');
      await this.finish(a, r);
    } catch (e) {
      if (this.stale(mine)) return;
      a.phase = 'solving';
      toast(errorText(e));
    }
    this.turn.reset();
    this.draw();
  }

  /** The board's input: a QuickChess move sent; a Querni turn built by moves, claims and taps. */
  boardInput() {
    const input = new BoardInput({
      onMove: (from, to) => {
        const a = this.now;
        if (!a || a.phase !== 'solving' || a.shown) return;
        if (a.puzzle.game === 'quickchess') {
          if (a.pos) chooseMove(from, to, a.pos.legal, a.side === 'white', (uci) => this.chessMove(uci));
          return;
        }
        this.turn.pick(a, from, to);
        this.draw();
      },
      onClaim: (sq, sel) => {
        const a = this.building();
        if (!a || !this.turn.claim(a, sq, sel)) return false;
        input.selected = null;
        this.draw();
        return true;
      },
      onTap: (sq) => {
        const a = this.building();
        if (!a) return false;
        const refused = this.turn.tap(a, sq);
        if (refused) input.refuse(refused);
        this.draw();
        return true;
      },
      redraw: () => this.draw(),
    });
    return input;
  }

  // --- the solution, played out on the board ---

  /** Stops playing the solution out (the step shown stays). */
  stopShowing() {
    const shown = this.now && this.now.shown;
    if (shown && shown.timer) { clearTimeout(shown.timer); shown.timer = null; }
  }

  /** Shows the solution from the puzzle's position, a move at a time. @param {Attempt} a */
  async showSolution(a) {
    const end = a.end;
    if (!end) return;
    this.stopShowing();
    const total = end.solution.length;
    if (a.puzzle.game === 'quickchess') {
      const mine = this.loads;
      try {
        const positions = await Promise.all(end.solution.map((_, i) => position(a.puzzle.position, end.solution.slice(0, i + 1))));
        if (this.stale(mine)) return;
        a.shown = { step: 0, fens: [a.puzzle.position, ...positions.map((p) => p.fen)], checks: [false, ...positions.map((p) => p.check)], timer: null };
      } catch (e) { toast(errorText(e)); return; }
    } else {
      a.shown = { step: 0, fens: [], checks: [], timer: null };
    }
    this.say(t('puzzles-solutionShown'));
    const shown = a.shown;
    const advance = () => {
      if (this.closed || this.now !== a || a.shown !== shown) return;
      if (shown.step >= total) { shown.timer = null; this.draw(); return; }
      shown.step++;
      play('move');
      shown.timer = shown.step < total ? setTimeout(advance, SOLUTION_MS) : null;
      this.draw();
    };
    shown.timer = setTimeout(advance, SOLUTION_MS);
    this.draw();
  }

  /** Steps the solution shown to `k` (and stops playing it). @param {Attempt} a @param {number} k */
  stepTo(a, k) {
    if (!a.shown || !a.end) return;
    this.stopShowing();
    a.shown.step = Math.max(0, Math.min(a.end.solution.length, k));
    this.draw();
  }

  // --- drawing ---

  /** The page drawn again: the stats, and the puzzle (or why there is none). */
  draw() {
    if (this.closed || this.input.busy()) return;
    this.drawStats();
    if (this.failure) {
      this.out.replaceChildren(h('div', { class: 'banner', 'data-test': 'puzzle-none' }, this.failure),
        h('div', { class: 'row' }, h('button', { onclick: () => this.load() }, t('puzzles-tryAgain'))));
      return;
    }
    const a = this.now;
    if (!a) return;
    const board = a.puzzle.game === 'quickchess' ? chessBoard(a, this.input) : querniTable(a, this.turn, this.input);
    this.out.replaceChildren(h('div', { 'data-test': 'puzzle', 'data-puzzle': a.puzzle.id, 'data-phase': a.phase, 'data-game': a.puzzle.game, 'data-ply': a.line.length }, tableLayout({
      status: this.status(a),
      board: h('div', { class: 'board-wrap' }, board),
      actions: this.actions(a),
      panel: this.panel(a),
      aspect: a.puzzle.game === 'quickchess' ? (a.pos ? a.pos.width / a.pos.height : 5 / 6) : FILES / RANKS,
      wide: a.puzzle.game === 'querni',
    })));
  }

  /** The status above the board: the task, the verdict. @param {Attempt} a */
  status(a) {
    const end = a.end;
    /** @type {Node[]} */
    const parts = [];
    if (!end) {
      parts.push(h('div', { class: 'banner', 'data-test': 'puzzle-task' }, task(a)));
      if (a.note) parts.push(h('div', { class: 'muted', 'data-test': 'puzzle-note' }, a.note));
      else if (a.puzzle.solver_moves > 1 && !a.mine.length) parts.push(h('div', { class: 'muted' }, t('puzzles-moves', { count: a.puzzle.solver_moves })));
      if (this.building()) parts.push(h('div', { class: 'muted', 'data-test': 'pending' }, t('querni-soFar', { turn: querniNotation(this.turn.text()) })));
      return h('div', { class: 'stack' }, ...parts);
    }
    const solved = a.phase === 'solved';
    const inStreak = this.mode === 'streak';
    parts.push(h('div', { class: `banner ${solved ? 'good' : 'bad'}`, 'data-test': solved ? 'puzzle-solved' : 'puzzle-wrong' },
      h('strong', {}, verdictWords(a)),
      // a streak moves no rating: nothing said of it
      inStreak ? ''
        : end.rated ? h('div', { 'data-test': 'rating-change' }, ratingWords(end))
          : h('div', { class: 'muted', 'data-test': 'not-rated' }, notRatedWords(end))));
    if (inStreak && !solved) parts.push(h('div', { class: 'banner', 'data-test': 'streak-over' }, t('puzzles-streakOver', { count: this.streak })));
    return h('div', { class: 'stack' }, ...parts);
  }

  /** The buttons under the board. @param {Attempt} a */
  actions(a) {
    if (this.building()) {
      return [
        h('button', { 'data-test': 'end-turn', onclick: () => this.sendTurn() }, this.turn.text() === 'pass' ? t('querni-pass') : t('querni-endTurn')),
        h('button', { class: 'secondary', 'data-test': 'cancel', onclick: () => { this.turn.reset(); this.input.selected = null; this.draw(); } }, t('querni-cancel')),
      ];
    }
    if (!a.end) return null;
    const over = this.mode === 'streak' && a.phase === 'wrong';
    /** @type {Node[]} */
    const buttons = [over
      ? h('button', { 'data-test': 'start-again', onclick: () => { this.streak = 0; this.load(); } }, t('puzzles-startAgain'))
      : h('button', { 'data-test': 'next-puzzle', onclick: () => this.load() }, t('puzzles-next'))];
    if (!a.shown) buttons.push(h('button', { class: 'secondary', 'data-test': 'show-solution', onclick: () => this.showSolution(a) }, t('puzzles-showSolution')));
    return buttons;
  }

  /** What the end shows beside the board: the solution, the puzzle's rating, its themes. @param {Attempt} a */
  panel(a) {
    const end = a.end;
    if (!end) return null;
    /** @type {Node[]} */
    const parts = [];
    /** @param {number} k */
    const stepTo = (k) => this.stepTo(a, k);
    if (a.shown) parts.push(solutionSteps(a.shown, end.solution.length, stepTo));
    parts.push(a.puzzle.game === 'quickchess'
      ? chessSolution(a, end, (step) => { if (a.shown) stepTo(step); else this.showSolution(a).then(() => stepTo(step)); })
      : querniSolution(end));
    parts.push(h('div', { class: 'muted', 'data-test': 'puzzle-rated' }, t('puzzles-puzzleRating', { rating: String(end.puzzle_rating) })));
    if (end.themes.length) parts.push(h('div', { class: 'row', 'data-test': 'puzzle-themes' }, h('span', { class: 'muted' }, t('puzzles-themes')), ...end.themes.map((x) => h('span', { class: 'tag' }, themeName(x)))));
    return parts;
  }

  /** The page left: nothing more is drawn or played out, and the live region goes. */
  close() {
    this.closed = true;
    this.stopShowing();
    this.region.remove();
  }
}

/**
 * The puzzles page.
 * @param {HTMLElement} main
 */
export function puzzlesPage(main) {
  const page = new PuzzlesPage(main);
  page.keepInAddress();
  page.drawStats();
  page.load();
  return () => page.close();
}
