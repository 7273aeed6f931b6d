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
// game's view carries, built on the board as a game's table builds a turn (querni.js).
import { call, errorText, ServerError } from './api.js';
import { drawBoard, fenPieces, BoardInput } from './board.js';
import { h, toast, tableLayout, confirmDialog } from './ui.js';
import { t, hasText, querniNotation, querniTurnWords } from './text.js';
import { chessPiece, checkedKing, pairsOf, chooseMove } from './quickchess.js';
import { querniBoard, parsePosition, afterMovement, builtTurn, afterTurn, turnParts, sqName, sqIndex, FILES, RANKS } from './querni-board.js';
import { squaresOf } from './review-line.js';
import { moveList } from './table.js';
import { whoAmI } from './players.js';
import { play } from './sound.js';
import { storedRating, storeRating, bestStreak, storeBest, ratingWords, notRatedWords } from './puzzle-ratings.js';
/** @import { NextAnswer, PuzzleShown, PuzzleRating, PuzzleGame, TryAnswer, Finished, PositionView, CellPiece, QuerniSide, MovementView, QuerniLegal, TryBody } from './types/protocol' */

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

// --- the page ---------------------------------------------------------------------------------

/**
 * The puzzle being tried.
 * @typedef {object} Attempt
 * @property {PuzzleShown} puzzle
 * @property {'white' | 'black' | 'blue' | 'red'} side the solver's
 * @property {'solving' | 'waiting' | 'solved' | 'wrong'} phase
 * @property {string[]} line QuickChess: the moves from the puzzle's position (the solver's and the replies)
 * @property {string[]} mine QuickChess: the solver's moves sent
 * @property {PositionView | null} pos QuickChess: the position after `line`
 * @property {QuerniLegal | null} legal Querni: the solver's turns in the puzzle's position (the server's)
 * @property {string} note what the status says under the task (a reply played)
 * @property {(Finished & { expected?: string }) | null} end the server's word at the end
 * @property {string | null} played Querni: the turn sent
 * @property {string[]} san QuickChess: the solution in SAN, once the end came
 * @property {Shown | null} shown the solution being shown on the board
 */
/**
 * The solution on the board: the step shown (0: the puzzle's position), the positions, and the
 * timer that plays it out.
 * @typedef {{ step: number, fens: string[], checks: boolean[], timer: ReturnType<typeof setTimeout> | null }} Shown
 */

/**
 * The puzzles page.
 * @param {HTMLElement} main
 */
export function puzzlesPage(main) {
  const params = new URLSearchParams(location.search);
  /** @type {PuzzleGame} */
  let game = params.get('game') === 'querni' ? 'querni' : 'quickchess';
  let theme = THEMES[game].includes(params.get('theme') || '') ? /** @type {string} */ (params.get('theme')) : '';
  /** @type {'rated' | 'streak'} */
  let mode = params.get('mode') === 'streak' ? 'streak' : 'rated';
  let streak = 0;
  let closed = false;
  /** @type {boolean | null} whether a player is signed in (null: not known yet) */
  let signedIn = null;
  /** @type {PuzzleRating | null} */
  let rating = null;
  /** @type {[number, number] | null} */
  let tried = null;
  /** @type {Attempt | null} */
  let now = null;
  let loads = 0; // each load's number: an answer to an older one is dropped
  /** @type {string | null} why no puzzle is shown */
  let failure = null;

  // the live region: beside `main`, which is drawn anew (a region drawn anew is not read)
  const region = h('div', { class: 'visually-hidden', 'aria-live': 'polite', 'data-test': 'announce' });
  main.after(region);
  /** @param {string} words */
  const say = (words) => {
    region.append(h('p', {}, words));
    while (region.childElementCount > 3) region.firstElementChild?.remove();
  };

  // --- the choices ---
  const gameSelect = h('select', { 'data-test': 'puzzle-game', onchange: () => { game = /** @type {PuzzleGame} */ (gameSelect.value); if (!THEMES[game].includes(theme)) theme = ''; fillThemes(); restart(); } },
    h('option', { value: 'quickchess', selected: game === 'quickchess' }, t('game-quickchess')),
    h('option', { value: 'querni', selected: game === 'querni' }, t('game-querni')));
  const themeSelect = h('select', { 'data-test': 'puzzle-theme', onchange: () => { theme = themeSelect.value; restart(); } });
  const fillThemes = () => themeSelect.replaceChildren(h('option', { value: '' }, t('puzzles-themeAll')),
    ...THEMES[game].map((x) => h('option', { value: x, selected: x === theme }, themeName(x))));
  fillThemes();
  const modeSelect = h('select', { 'data-test': 'puzzle-mode', onchange: () => { mode = modeSelect.value === 'streak' ? 'streak' : 'rated'; restart(); } },
    h('option', { value: 'rated', selected: mode === 'rated' }, t('puzzles-mode-rated')),
    h('option', { value: 'streak', selected: mode === 'streak' }, t('puzzles-mode-streak')));
  /** @param {string} words @param {HTMLSelectElement} select */
  const choice = (words, select) => h('label', { class: 'stack puzzle-choice' }, h('span', { class: 'muted' }, words), select);
  const stats = h('div', { class: 'puzzle-stats', 'data-test': 'puzzle-stats' });
  const out = h('div', { class: 'stack', 'data-test': 'puzzle-area' }, h('p', { class: 'muted' }, t('home-loading')));
  main.append(
    h('h1', {}, t('puzzles-title')),
    h('p', { class: 'lead' }, t('puzzles-lead')),
    h('div', { class: 'card puzzle-controls' }, choice(t('puzzles-game'), gameSelect), choice(t('puzzles-theme'), themeSelect), choice(t('puzzles-mode'), modeSelect)),
    stats, out);

  /** The choices in the address, so that a reload or a link keeps them. */
  const keepInAddress = () => {
    const q = new URLSearchParams();
    if (game !== 'quickchess') q.set('game', game);
    if (theme) q.set('theme', theme);
    if (mode !== 'rated') q.set('mode', mode);
    const search = q.toString();
    history.replaceState(history.state, '', `/puzzles${search ? `?${search}` : ''}`);
  };

  const drawStats = () => {
    const best = bestStreak(game);
    stats.replaceChildren(
      h('span', { class: 'puzzle-stat', 'data-test': 'puzzle-rating' }, rating ? t('puzzles-rating', { rating: String(Math.round(rating.rating)) }) : ''),
      tried ? h('span', { class: 'puzzle-stat muted', 'data-test': 'puzzle-tried' }, t('puzzles-tried', { tried: tried[0], solved: tried[1] })) : '',
      signedIn === false ? h('span', { class: 'puzzle-stat muted' }, t('puzzles-guestNote')) : '',
      mode === 'streak' ? h('span', { class: 'puzzle-stat', 'data-test': 'puzzle-streak' }, t('puzzles-streak', { count: streak })) : '',
      mode === 'streak' ? h('span', { class: 'puzzle-stat muted', 'data-test': 'puzzle-best' }, t('puzzles-best', { count: best })) : '');
  };

  // --- loading a puzzle ---
  const restart = () => { streak = 0; keepInAddress(); load(); };

  const load = async () => {
    const mine = ++loads;
    stopShowing();
    now = null;
    failure = null;
    input.selected = null;
    resetTurn();
    if (signedIn === null) signedIn = Boolean(await whoAmI());
    /** @type {Record<string, string | number>} */
    const query = { game };
    if (theme) query.theme = theme;
    if (mode === 'streak') query.streak = streak;
    const kept = signedIn ? null : storedRating(game);
    if (kept) Object.assign(query, kept);
    try {
      const next = await call('GET /api/puzzles/next', { query });
      if (mine !== loads || closed) return;
      rating = next.rating;
      tried = next.tried;
      const p = next.puzzle;
      const turn = p.position.split(' ')[1];
      /** @type {Attempt} */
      const a = {
        puzzle: p, side: p.game === 'querni' ? (turn === 'r' ? 'red' : 'blue') : (turn === 'b' ? 'black' : 'white'),
        phase: 'solving', line: [], mine: [], pos: null, legal: null, note: '', end: null, played: null, san: [], shown: null,
      };
      if (p.game === 'quickchess') a.pos = await position(p.position, []);
      else a.legal = await call('POST /api/querni/legal', { body: { position: p.position } });
      if (mine !== loads || closed) return;
      now = a;
      say(task(a));
    } catch (e) {
      if (mine !== loads || closed) return;
      failure = e instanceof ServerError && e.code === 'not_found' ? t('puzzles-none') : errorText(e);
    }
    draw();
  };

  /** @param {string} fen @param {string[]} moves @returns {Promise<PositionView>} */
  const position = (fen, moves) => call('POST /api/chess/position', { body: { variant: 'quickchess', fen, moves } });

  /**
   * A try's body: a guest's rating goes with it; a streak's says so (it moves no rating).
   * @param {string[]} moves @returns {TryBody}
   */
  const tryBody = (moves) => ({ moves, rating: signedIn ? null : storedRating(game) || rating, streak: mode === 'streak' });

  /** What the solver is asked. @param {Attempt} a */
  const task = (a) => (a.puzzle.game === 'querni' ? t('puzzles-findTurn', { side: a.side }) : t('puzzles-findMove', { side: a.side }));

  // --- the end of a try ---
  /**
   * The server's word at the end: the ratings, the streak, the words.
   * @param {Attempt} a @param {Exclude<TryAnswer, { verdict: 'continue' }>} r
   */
  const finish = async (a, r) => {
    a.phase = r.verdict;
    a.end = r;
    rating = r.after;
    if (!signedIn && r.rated && mode !== 'streak') storeRating(game, r.after);
    if (tried && r.rated) tried = [tried[0] + 1, tried[1] + (r.verdict === 'solved' ? 1 : 0)];
    if (mode === 'streak') {
      if (r.verdict === 'solved') {
        streak++;
        if (streak > bestStreak(game)) storeBest(game, streak);
      }
    }
    if (a.puzzle.game === 'quickchess') {
      // the solution in SAN (for the words and the list)
      try { a.san = (await position(a.puzzle.position, r.solution)).moves_san; } catch { a.san = r.solution; }
    }
    play(r.verdict === 'solved' ? 'end' : 'refuse');
    say(mode === 'streak' ? verdictWords(a) : `${verdictWords(a)} ${r.rated ? ratingWords(r) : notRatedWords(r)}`);
  };

  /** The verdict in words (the move expected after a miss). @param {Attempt} a */
  const verdictWords = (a) => {
    const end = a.end;
    if (!end) return '';
    if (a.phase === 'solved') return t('puzzles-solved');
    const expected = end.expected || '';
    if (a.puzzle.game === 'querni') return `${t('puzzles-wrong')} ${t('puzzles-expectedTurn', { turn: querniTurnWords(expected) })}`;
    const at = 2 * (a.mine.length - 1);
    return `${t('puzzles-wrong')} ${t('puzzles-expectedMove', { move: a.san[at] || expected })}`;
  };

  // --- QuickChess: a move, judged; the reply ---
  /** @param {string} uci */
  const chessMove = async (uci) => {
    const a = now;
    if (!a || a.phase !== 'solving' || !a.pos) return;
    a.phase = 'waiting';
    a.note = '';
    a.line.push(uci);
    a.mine.push(uci);
    const mine = loads;
    const [after, verdict] = await Promise.allSettled([
      position(a.puzzle.position, a.line),
      call('POST /api/puzzles/{id}/try', { params: { id: a.puzzle.id }, body: tryBody(a.mine) }),
    ]);
    if (mine !== loads || closed) return;
    if (after.status === 'rejected' || verdict.status === 'rejected') {
      // not taken: the board as it was
      a.line.pop();
      a.mine.pop();
      a.phase = 'solving';
      toast(errorText(after.status === 'rejected' ? after.reason : /** @type {PromiseRejectedResult} */ (verdict).reason));
      draw();
      return;
    }
    a.pos = after.value;
    soundOf(a.pos);
    const r = verdict.value;
    if (r.verdict === 'continue') {
      say(t('puzzles-goodMove'));
      draw();
      setTimeout(async () => {
        if (mine !== loads || closed) return;
        a.line.push(r.reply);
        try {
          a.pos = await position(a.puzzle.position, a.line);
        } catch (e) { toast(errorText(e)); return; }
        if (mine !== loads || closed) return;
        soundOf(a.pos);
        const san = a.pos.moves_san[a.pos.moves_san.length - 1] || r.reply;
        a.note = t('puzzles-replied', { side: a.side === 'white' ? 'black' : 'white', move: san });
        a.phase = 'solving';
        say(a.note);
        draw();
      }, REPLY_MS);
      return;
    }
    await finish(a, r);
    if (mine !== loads || closed) return;
    draw();
  };

  /** The sound of the last move of a position's moves. @param {PositionView} pos */
  const soundOf = (pos) => {
    const san = pos.moves_san[pos.moves_san.length - 1] || '';
    play(/[+#]$/.test(san) ? 'check' : san.includes('x') ? 'capture' : 'move');
  };

  // --- Querni: a turn built on the board (as a game's table builds one), then sent ---
  /** @type {MovementView | null} */
  let move = null;
  /** @type {number | null} the number of the first tapped piece of a chain */
  let chainStart = null;
  /** @type {[number, number, boolean] | null} */
  let removal = null;
  const resetTurn = () => { move = null; chainStart = null; removal = null; };
  /** @param {Attempt} a */
  const startCells = (a) => parsePosition(a.puzzle.position);
  /** The solver's turns (none before the server's answer). @param {Attempt} a @returns {QuerniLegal} */
  const legalOf = (a) => a.legal || { movements: [], removals: [] };
  /** The cells as the turn being built leaves them. @param {Attempt} a */
  const cellsNow = (a) => afterMovement(startCells(a), move);
  /** The number of the solver's piece on `sq`, if any. @param {Attempt} a @param {string} sq */
  const numberAt = (a, sq) => { const c = cellsNow(a)[sqIndex(sq)]; return c && c.side === a.side ? c.n : null; };
  /** The Querni attempt being solved, if any. */
  const building = () => (now && now.puzzle.game === 'querni' && now.phase === 'solving' && !now.shown ? now : null);
  /** @param {[number, number, boolean]} found */
  const chose = (found) => {
    removal = found;
    chainStart = null;
    if (found[2]) toast(t('querni-strandWarning', { low: found[0], high: found[1] }));
  };
  const turnText = () => builtTurn(move, removal);
  const sendTurn = async () => {
    const a = building();
    if (!a) return;
    const turn = turnText();
    if (turn === 'pass' && !(await confirmDialog(t('querni-passQuestion'), t('querni-pass')))) return;
    a.phase = 'waiting';
    draw();
    const mine = loads;
    try {
      const r = await call('POST /api/puzzles/{id}/try', { params: { id: a.puzzle.id }, body: tryBody([turn]) });
      if (mine !== loads || closed) return;
      if (r.verdict === 'continue') throw new Error(`a Querni puzzle went on after ${turn}`);
      a.played = turn;
      play(/x/.test(turn) ? 'capture' : 'move');
      await finish(a, r);
    } catch (e) {
      if (mine !== loads || closed) return;
      a.phase = 'solving';
      toast(errorText(e));
    }
    resetTurn();
    draw();
  };

  const input = new BoardInput({
    onMove: (from, to) => {
      const a = now;
      if (!a || a.phase !== 'solving' || a.shown) return;
      if (a.puzzle.game === 'quickchess') {
        if (a.pos) chooseMove(from, to, a.pos.legal, a.side === 'white', chessMove);
        return;
      }
      move = legalOf(a).movements.find((m) => m.from === from && m.to === to) || null;
      draw();
    },
    onClaim: (sq, sel) => {
      // before any movement: a piece picked (or a chain begun) and another that close a
      // removable chain remove it without moving
      const a = building();
      if (!a || move) return false;
      const b = numberAt(a, sq);
      const first = sel ? numberAt(a, sel) : chainStart;
      if (first === null || b === null || first === b) return false;
      const found = legalOf(a).removals.find(([lo, hi]) => lo === Math.min(first, b) && hi === Math.max(first, b));
      if (!found) return false;
      chose(found);
      input.selected = null;
      draw();
      return true;
    },
    onTap: (sq) => {
      const a = building();
      if (!a) return false;
      const n = numberAt(a, sq);
      if (n === null) { draw(); return true; }
      if (chainStart === null || removal) { chainStart = n; removal = null; draw(); return true; }
      const lo = Math.min(chainStart, n);
      const hi = Math.max(chainStart, n);
      const found = (move ? move.removals : legalOf(a).removals).find(([l, x]) => l === lo && x === hi);
      if (!found) { input.refuse(t('querni-notAChain', { low: lo, high: hi })); chainStart = null; draw(); return true; }
      chose(found);
      draw();
      return true;
    },
    redraw: () => draw(),
  });

  // --- the solution, played out on the board ---
  const stopShowing = () => {
    if (now && now.shown && now.shown.timer) { clearTimeout(now.shown.timer); now.shown.timer = null; }
  };
  /** Shows the solution from the puzzle's position, a move at a time. @param {Attempt} a */
  const showSolution = async (a) => {
    const end = a.end;
    if (!end) return;
    stopShowing();
    const total = end.solution.length;
    if (a.puzzle.game === 'quickchess') {
      const mine = loads;
      try {
        const positions = await Promise.all(end.solution.map((_, i) => position(a.puzzle.position, end.solution.slice(0, i + 1))));
        if (mine !== loads || closed) return;
        a.shown = { step: 0, fens: [a.puzzle.position, ...positions.map((p) => p.fen)], checks: [false, ...positions.map((p) => p.check)], timer: null };
      } catch (e) { toast(errorText(e)); return; }
    } else {
      a.shown = { step: 0, fens: [], checks: [], timer: null };
    }
    say(t('puzzles-solutionShown'));
    const shown = a.shown;
    const advance = () => {
      if (closed || now !== a || a.shown !== shown) return;
      if (shown.step >= total) { shown.timer = null; draw(); return; }
      shown.step++;
      play('move');
      shown.timer = shown.step < total ? setTimeout(advance, SOLUTION_MS) : null;
      draw();
    };
    shown.timer = setTimeout(advance, SOLUTION_MS);
    draw();
  };
  /** Steps the solution shown to `k` (and stops playing it). @param {Attempt} a @param {number} k */
  const stepTo = (a, k) => {
    if (!a.shown || !a.end) return;
    stopShowing();
    a.shown.step = Math.max(0, Math.min(a.end.solution.length, k));
    draw();
  };

  // --- drawing ---
  const draw = () => {
    if (closed || input.busy()) return;
    drawStats();
    if (failure) {
      out.replaceChildren(h('div', { class: 'banner', 'data-test': 'puzzle-none' }, failure),
        h('div', { class: 'row' }, h('button', { onclick: () => load() }, t('puzzles-tryAgain'))));
      return;
    }
    const a = now;
    if (!a) return;
    const board = a.puzzle.game === 'quickchess' ? chessBoard(a) : querniTable(a);
    out.replaceChildren(h('div', { 'data-test': 'puzzle', 'data-puzzle': a.puzzle.id, 'data-phase': a.phase, 'data-game': a.puzzle.game, 'data-ply': a.line.length }, tableLayout({
      status: status(a),
      board: h('div', { class: 'board-wrap' }, board),
      actions: actions(a),
      panel: panel(a),
      aspect: a.puzzle.game === 'quickchess' ? (a.pos ? a.pos.width / a.pos.height : 5 / 6) : FILES / RANKS,
      wide: a.puzzle.game === 'querni',
    })));
  };

  /** The QuickChess board: the position now, or the solution's step shown. @param {Attempt} a */
  const chessBoard = (a) => {
    const pos = /** @type {PositionView} */ (a.pos);
    const shown = a.shown;
    const end = a.end;
    const fen = shown ? shown.fens[shown.step] : pos.fen;
    const lastUci = shown && end ? (shown.step ? end.solution[shown.step - 1] : a.puzzle.last) : (a.line.length ? a.line[a.line.length - 1] : a.puzzle.last);
    const check = shown ? shown.checks[shown.step] : pos.check;
    const pieces = fenPieces(fen);
    const white = a.side === 'white';
    const solving = a.phase === 'solving' && !shown;
    input.bind({
      moves: solving ? pairsOf(pos.legal) : [],
      own: solving ? new Set([...pieces].filter(([, p]) => (p === p.toUpperCase()) === white).map(([sq]) => sq)) : new Set(),
    });
    return drawBoard({
      files: pos.width, ranks: pos.height, flipped: !white, label: t('label-position', { layout: fen }),
      piece: (sq) => chessPiece(pieces.get(sq)), last: squaresOf(lastUci || undefined),
      check: checkedKing(fen, pieces, check), input,
    });
  };

  /** The Querni board: the turn being built, the turn played, or the solution shown. @param {Attempt} a */
  const querniTable = (a) => {
    const side = /** @type {QuerniSide} */ (a.side);
    const start = startCells(a);
    /** @type {Map<string, string>} */
    const marks = new Map();
    /** @type {Map<string, string>} */
    const rings = new Map();
    /** @type {{ squares: string[], cls: string }[]} */
    const paths = [];
    /** The marks of a turn played: its path, its ends. @param {string | null} text */
    const markTurn = (text) => {
      const { path } = turnParts(text || '');
      if (path.length > 1) {
        paths.push({ squares: path, cls: 'last-path' });
        marks.set(path[0], 'last');
        marks.set(path[path.length - 1], 'last');
      }
    };
    let cells = start;
    let atStart = true; // whether the board shows the puzzle's position (its label names it)
    const shown = a.shown;
    const end = a.end;
    if (shown && end) {
      const turn = end.solution.join(' ');
      if (shown.step === 0) {
        // the solution's turn drawn on the puzzle's position: its path, its chain ringed
        const { path, chain } = turnParts(turn);
        if (path.length > 1) { paths.push({ squares: path, cls: 'hint' }); marks.set(path[0], 'rv-best'); marks.set(path[path.length - 1], 'rv-best'); }
        if (chain) start.forEach((c, i) => { if (c && c.side === side && c.n >= chain[0] && c.n <= chain[1]) rings.set(sqName(i), 'hint'); });
      } else {
        cells = afterTurn(start, side, turn);
        atStart = false;
        markTurn(turn);
      }
      input.bind({ moves: [] });
    } else if (a.played) {
      cells = afterTurn(start, side, a.played);
      atStart = false;
      markTurn(a.played);
      input.bind({ moves: [] });
    } else {
      const solving = a.phase === 'solving';
      const legal = legalOf(a);
      cells = cellsNow(a);
      atStart = !move;
      input.bind({ moves: solving && !move ? legal.movements.map((m) => [m.from, m.to]) : [] });
      if (!move && !chainStart && !removal) markTurn(a.puzzle.last);
      if (solving && input.selected && !move) for (const m of legal.movements.filter((x) => x.from === input.selected)) paths.push({ squares: m.path, cls: '' });
      if (move) paths.push({ squares: move.path, cls: 'chosen' });
      /** @param {number} n */
      const ring = (n) => { const i = cells.findIndex((c) => c && c.side === side && c.n === n); if (i >= 0) rings.set(sqName(i), 'chain'); };
      if (removal) for (let n = removal[0]; n <= removal[1]; n++) ring(n);
      else if (chainStart !== null) ring(chainStart);
    }
    return querniBoard(cells, { flipped: side === 'red', marks, rings, paths, input, label: atStart ? t('label-position', { layout: a.puzzle.position }) : t('querni-board') });
  };

  /** The status above the board: the task, the verdict. @param {Attempt} a */
  const status = (a) => {
    const end = a.end;
    /** @type {Node[]} */
    const parts = [];
    if (!end) {
      parts.push(h('div', { class: 'banner', 'data-test': 'puzzle-task' }, task(a)));
      if (a.note) parts.push(h('div', { class: 'muted', 'data-test': 'puzzle-note' }, a.note));
      else if (a.puzzle.solver_moves > 1 && !a.mine.length) parts.push(h('div', { class: 'muted' }, t('puzzles-moves', { count: a.puzzle.solver_moves })));
      if (building()) parts.push(h('div', { class: 'muted', 'data-test': 'pending' }, t('querni-soFar', { turn: querniNotation(turnText()) })));
      return h('div', { class: 'stack' }, ...parts);
    }
    const solved = a.phase === 'solved';
    parts.push(h('div', { class: `banner ${solved ? 'good' : 'bad'}`, 'data-test': solved ? 'puzzle-solved' : 'puzzle-wrong' },
      h('strong', {}, verdictWords(a)),
      // a streak moves no rating: nothing said of it
      mode === 'streak' ? ''
        : end.rated ? h('div', { 'data-test': 'rating-change' }, ratingWords(end))
          : h('div', { class: 'muted', 'data-test': 'not-rated' }, notRatedWords(end))));
    if (mode === 'streak' && !solved) parts.push(h('div', { class: 'banner', 'data-test': 'streak-over' }, t('puzzles-streakOver', { count: streak })));
    return h('div', { class: 'stack' }, ...parts);
  };

  /** The buttons under the board. @param {Attempt} a */
  const actions = (a) => {
    if (building()) {
      return [
        h('button', { 'data-test': 'end-turn', onclick: sendTurn }, turnText() === 'pass' ? t('querni-pass') : t('querni-endTurn')),
        h('button', { class: 'secondary', 'data-test': 'cancel', onclick: () => { resetTurn(); input.selected = null; draw(); } }, t('querni-cancel')),
      ];
    }
    if (!a.end) return null;
    const over = mode === 'streak' && a.phase === 'wrong';
    /** @type {Node[]} */
    const buttons = [over
      ? h('button', { 'data-test': 'start-again', onclick: () => { streak = 0; load(); } }, t('puzzles-startAgain'))
      : h('button', { 'data-test': 'next-puzzle', onclick: () => load() }, t('puzzles-next'))];
    if (!a.shown) buttons.push(h('button', { class: 'secondary', 'data-test': 'show-solution', onclick: () => showSolution(a) }, t('puzzles-showSolution')));
    return buttons;
  };

  /** What the end shows beside the board: the solution, the puzzle's rating, its themes. @param {Attempt} a */
  const panel = (a) => {
    const end = a.end;
    if (!end) return null;
    const total = end.solution.length;
    /** @type {Node[]} */
    const parts = [];
    const shown = a.shown;
    if (shown) {
      parts.push(h('div', { class: 'row puzzle-steps', 'data-test': 'solution-steps' },
        h('button', { class: 'secondary', 'data-test': 'solution-first', 'aria-label': t('puzzles-stepFirst'), disabled: shown.step === 0, onclick: () => stepTo(a, 0) }, '⇤'),
        h('button', { class: 'secondary', 'data-test': 'solution-prev', 'aria-label': t('puzzles-stepBack'), disabled: shown.step === 0, onclick: () => stepTo(a, shown.step - 1) }, '◀'),
        h('span', { class: 'muted', 'data-test': 'solution-step' }, t('review-lineStep', { step: shown.step, total })),
        h('button', { class: 'secondary', 'data-test': 'solution-next', 'aria-label': t('puzzles-stepForward'), disabled: shown.step >= total, onclick: () => stepTo(a, shown.step + 1) }, '▶')));
    }
    if (a.puzzle.game === 'quickchess') {
      const blackFirst = a.side === 'black';
      const fullmove = Number(a.puzzle.position.split(' ')[5]) || 1;
      const entries = (a.san.length ? a.san : end.solution).map((label, i) => {
        const white = (i % 2 === 0) !== blackFirst;
        const num = fullmove + Math.floor((i + (blackFirst ? 1 : 0)) / 2);
        return { label, num: white ? `${num}.` : (i === 0 ? `${num}…` : null) };
      });
      parts.push(h('div', { class: 'stack' }, h('strong', {}, t('puzzles-solution')),
        moveList(entries, shown ? shown.step : -1, (step) => { if (a.shown) stepTo(a, step); else showSolution(a).then(() => stepTo(a, step)); })));
    } else {
      const turn = end.solution.join(' ');
      parts.push(h('div', { class: 'stack', 'data-test': 'querni-solution' }, h('strong', {}, t('puzzles-solution')),
        h('div', {}, h('span', { translate: 'no' }, querniNotation(turn)), ' ', h('span', { class: 'muted' }, `(${querniTurnWords(turn)})`))));
    }
    parts.push(h('div', { class: 'muted', 'data-test': 'puzzle-rated' }, t('puzzles-puzzleRating', { rating: String(end.puzzle_rating) })));
    if (end.themes.length) parts.push(h('div', { class: 'row', 'data-test': 'puzzle-themes' }, h('span', { class: 'muted' }, t('puzzles-themes')), ...end.themes.map((x) => h('span', { class: 'tag' }, themeName(x)))));
    return parts;
  };

  keepInAddress();
  drawStats();
  load();
  return () => { closed = true; stopShowing(); region.remove(); };
}
