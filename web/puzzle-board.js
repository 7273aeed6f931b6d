// A puzzle being tried, on its board (the puzzles page, puzzles.js): what the page keeps of the
// attempt, the Querni turn being built on the board (as a game's table builds one, querni.js),
// and each game's board as the attempt shows it: the position now, the turn played, or the
// solution's step shown.
import { drawBoard, fenPieces } from './board.js';
import { toast } from './ui.js';
import { t } from './text.js';
import { chessPiece, checkedKing, pairsOf } from './quickchess.js';
import { querniBoard, parsePosition, afterMovement, builtTurn, afterTurn, turnParts, sqName, sqIndex } from './querni-board.js';
import { squaresOf } from './review-line.js';
/**
 * @import { PuzzleShown, Finished, PositionView, CellPiece, QuerniSide, MovementView, QuerniLegal } from './types/protocol'
 * @import { BoardInput } from './board.js'
 */

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
 * What a Querni board marks: squares marked, pieces ringed, paths drawn (querniBoard's options).
 * @typedef {{ marks: Map<string, string>, rings: Map<string, string>, paths: { squares: string[], cls: string }[] }} QuerniMarks
 */

/** The solver's Querni turns (none before the server's answer). @param {Attempt} a @returns {QuerniLegal} */
const legalOf = (a) => a.legal || { movements: [], removals: [] };

/**
 * The Querni turn being built on a puzzle's board: the movement chosen, and a chain begun or
 * chosen to remove.
 */
export class QuerniTurn {
  constructor() {
    /** @type {MovementView | null} */
    this.move = null;
    /** @type {number | null} the number of the first tapped piece of a chain */
    this.chainStart = null;
    /** @type {[number, number, boolean] | null} */
    this.removal = null;
  }

  /** Starts the turn again. */
  reset() { this.move = null; this.chainStart = null; this.removal = null; }

  /** The turn as the notation writes it (`pass` for nothing). */
  text() { return builtTurn(this.move, this.removal); }

  /** The cells as the turn being built leaves them. @param {Attempt} a */
  cellsNow(a) { return afterMovement(parsePosition(a.puzzle.position), this.move); }

  /** The number of the solver's piece on `sq`, if any. @param {Attempt} a @param {string} sq */
  numberAt(a, sq) { const c = this.cellsNow(a)[sqIndex(sq)]; return c && c.side === a.side ? c.n : null; }

  /** The movement from `from` to `to`, if it is one of the solver's (else none). @param {Attempt} a @param {string} from @param {string} to */
  pick(a, from, to) { this.move = legalOf(a).movements.find((m) => m.from === from && m.to === to) || null; }

  /** A chain chosen to remove (one that would strand a piece is warned of). @param {[number, number, boolean]} found */
  choose(found) {
    this.removal = found;
    this.chainStart = null;
    if (found[2]) toast(t('querni-strandWarning', { low: found[0], high: found[1] }));
  }

  /**
   * Before any movement, a piece picked (`sel`, or a chain begun) and another of the solver's
   * on `sq` that close a removable chain remove it without moving.
   * @param {Attempt} a @param {string} sq @param {string | null} sel
   * @returns {boolean} whether they did
   */
  claim(a, sq, sel) {
    if (this.move) return false;
    const b = this.numberAt(a, sq);
    const first = sel ? this.numberAt(a, sel) : this.chainStart;
    if (first === null || b === null || first === b) return false;
    const found = legalOf(a).removals.find(([lo, hi]) => lo === Math.min(first, b) && hi === Math.max(first, b));
    if (!found) return false;
    this.choose(found);
    return true;
  }

  /**
   * A tap on `sq`: a chain begins at the solver's piece there, or the second tap closes it.
   * @param {Attempt} a @param {string} sq
   * @returns {string | null} why the chain cannot be removed, if it cannot
   */
  tap(a, sq) {
    const n = this.numberAt(a, sq);
    if (n === null) return null;
    if (this.chainStart === null || this.removal) { this.chainStart = n; this.removal = null; return null; }
    const lo = Math.min(this.chainStart, n);
    const hi = Math.max(this.chainStart, n);
    const found = (this.move ? this.move.removals : legalOf(a).removals).find(([l, x]) => l === lo && x === hi);
    if (!found) { this.chainStart = null; return t('querni-notAChain', { low: lo, high: hi }); }
    this.choose(found);
    return null;
  }

  /**
   * What the turn being built marks on the board: the movement's path, the chain's pieces (or
   * the one it begins with).
   * @param {(CellPiece | null)[]} cells @param {QuerniSide} side @param {QuerniMarks} m
   */
  mark(cells, side, m) {
    if (this.move) m.paths.push({ squares: this.move.path, cls: 'chosen' });
    /** @param {number} n */
    const ring = (n) => { const i = cells.findIndex((c) => c && c.side === side && c.n === n); if (i >= 0) m.rings.set(sqName(i), 'chain'); };
    if (this.removal) for (let n = this.removal[0]; n <= this.removal[1]; n++) ring(n);
    else if (this.chainStart !== null) ring(this.chainStart);
  }
}

/**
 * The QuickChess board: the position now, or the solution's step shown.
 * @param {Attempt} a @param {BoardInput} input
 */
export function chessBoard(a, input) {
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
}

/** The marks of a Querni turn played: its path, its ends. @param {string | null} text @param {QuerniMarks} m */
function markPlayed(text, m) {
  const { path } = turnParts(text || '');
  if (path.length > 1) {
    m.paths.push({ squares: path, cls: 'last-path' });
    m.marks.set(path[0], 'last');
    m.marks.set(path[path.length - 1], 'last');
  }
}

/**
 * The solution's turn drawn on the puzzle's position: its path, its chain ringed.
 * @param {(CellPiece | null)[]} start @param {QuerniSide} side @param {string} turn @param {QuerniMarks} m
 */
function markSolution(start, side, turn, m) {
  const { path, chain } = turnParts(turn);
  if (path.length > 1) { m.paths.push({ squares: path, cls: 'hint' }); m.marks.set(path[0], 'rv-best'); m.marks.set(path[path.length - 1], 'rv-best'); }
  if (chain) start.forEach((c, i) => { if (c && c.side === side && c.n >= chain[0] && c.n <= chain[1]) m.rings.set(sqName(i), 'hint'); });
}

/**
 * The Querni board: the turn being built, the turn played, or the solution shown.
 * @param {Attempt} a @param {QuerniTurn} turn @param {BoardInput} input
 */
export function querniTable(a, turn, input) {
  const side = /** @type {QuerniSide} */ (a.side);
  const start = parsePosition(a.puzzle.position);
  /** @type {QuerniMarks} */
  const m = { marks: new Map(), rings: new Map(), paths: [] };
  let cells = start;
  let atStart = true; // whether the board shows the puzzle's position (its label names it)
  const shown = a.shown;
  const end = a.end;
  if (shown && end) {
    const solution = end.solution.join(' ');
    if (shown.step === 0) markSolution(start, side, solution, m);
    else {
      cells = afterTurn(start, side, solution);
      atStart = false;
      markPlayed(solution, m);
    }
    input.bind({ moves: [] });
  } else if (a.played) {
    cells = afterTurn(start, side, a.played);
    atStart = false;
    markPlayed(a.played, m);
    input.bind({ moves: [] });
  } else {
    const solving = a.phase === 'solving';
    const legal = legalOf(a);
    const move = turn.move;
    cells = turn.cellsNow(a);
    atStart = !move;
    input.bind({ moves: solving && !move ? legal.movements.map((x) => [x.from, x.to]) : [] });
    if (!move && !turn.chainStart && !turn.removal) markPlayed(a.puzzle.last, m);
    if (solving && input.selected && !move) for (const x of legal.movements.filter((y) => y.from === input.selected)) m.paths.push({ squares: x.path, cls: '' });
    turn.mark(cells, side, m);
  }
  return querniBoard(cells, { flipped: side === 'red', ...m, input, label: atStart ? t('label-position', { layout: a.puzzle.position }) : t('querni-board') });
}
