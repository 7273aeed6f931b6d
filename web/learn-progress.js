// What this browser has done in Learn QuickChess, kept in localStorage under one key:
// box number -> { reach, capture, king: exercises passed; games: ids of the box's lesson games
// started from the course (and their rematches); won: the lesson game was won; read: box 1's
// rules were read }. A box is done when its lesson game is won (the game page reports every
// game's end here, and only a win of one of the box's own games counts), box 1, which has no
// game, once read.
const STORE = 'tabula:learn:quickchess';

/**
 * What was done in one box.
 * @typedef {object} BoxProgress
 * @property {boolean} [reach] the "where can it go?" exercise was passed
 * @property {boolean} [capture] the "capture every pawn" exercise was passed
 * @property {boolean} [king] the "where may the king not step?" exercise was passed
 * @property {string[]} [games] the box's lesson games (the last 20)
 * @property {boolean} [won] one of them was won
 * @property {boolean} [read] the rules of box 1 were read
 */
/** @typedef {Record<string, BoxProgress>} Progress by box number */
/** @typedef {'reach' | 'capture' | 'king' | 'read'} ExerciseName */
/**
 * What lessonGameSeen reads of a QuickChess game's view (a ChessView with the room's `table`):
 * the rematch that follows, once made, whether it is over, the viewer's colour and the winner.
 * @typedef {Pick<import('./types/protocol').ChessView, 'over' | 'color' | 'end'> & { table?: Pick<import('./types/protocol').TableView, 'next'> | null }} LessonGameView
 */

/**
 * The whole record (an unreadable one counts as empty).
 * @returns {Progress}
 */
export function progress() {
  try {
    const stored = localStorage.getItem(STORE);
    // what this browser stored earlier, as this module wrote it (or nothing usable)
    const p = stored ? JSON.parse(stored) : null;
    return p && typeof p === 'object' ? p : {};
  } catch { return {}; }
}

/** @param {Progress} p */
function save(p) {
  try { localStorage.setItem(STORE, JSON.stringify(p)); } catch { /* storage refused: progress is not kept */ }
}

/**
 * Records a step of box `n` as done.
 * @param {number} n
 * @param {ExerciseName} step
 */
export function mark(n, step) {
  const p = progress();
  p[n] = { ...(p[n] || {}), [step]: true };
  save(p);
}

/**
 * Remembers that game `id` is box `n`'s lesson game, so that winning it completes the box.
 * @param {number} n
 * @param {string} id
 */
export function lessonStarted(n, id) {
  const p = progress();
  const box = p[n] || {};
  p[n] = { ...box, games: [...(box.games || []), id].slice(-20) };
  save(p);
}

/**
 * Whether box `n`'s lesson game has been won.
 * @param {number} n
 */
export function boxWon(n) { return Boolean((progress()[n] || {}).won); }

/**
 * Whether box `n` is done: its lesson game won, or (box 1) its rules read.
 * @param {number} n
 */
export function boxDone(n) {
  const box = progress()[n] || {};
  return Boolean(box.won || box.read);
}

/**
 * Whether anything of box `n` was done.
 * @param {number} n
 */
export function boxStarted(n) { return Boolean(progress()[n]); }

/**
 * The game page shows every QuickChess game's state here. A rematch of a lesson game is a
 * lesson game too; a lesson game the player won marks its box done. Returns the box number
 * newly done, or null.
 * @param {string} id the game's
 * @param {LessonGameView} view
 * @returns {number | null}
 */
export function lessonGameSeen(id, view) {
  const p = progress();
  const n = Object.keys(p).find((k) => (p[k].games || []).includes(id));
  if (!n) return null;
  const next = view.table && view.table.next;
  const games = p[n].games || [];
  if (next && !games.includes(next)) p[n].games = [...games, next].slice(-20);
  let done = null;
  if (view.over && view.color && view.end && view.end.winner === view.color && !p[n].won) {
    p[n].won = true;
    done = Number(n);
  }
  save(p);
  return done;
}

/**
 * The box whose lesson game `id` is, or null.
 * @param {string} id
 */
export function lessonBoxOf(id) {
  const p = progress();
  const n = Object.keys(p).find((k) => (p[k].games || []).includes(id));
  return n ? Number(n) : null;
}
