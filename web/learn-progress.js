// What this browser has done in Learn QuickChess, kept in localStorage under one key:
// box number -> { reach, capture, king: exercises passed; games: ids of the box's lesson games
// started from the course (and their rematches); won: the lesson game was won }. A box is done
// when its lesson game is won: the game page reports every game's end here, and only a win of
// one of the box's own games counts.
const STORE = 'tabula:learn:quickchess';

/** The whole record (an unreadable one counts as empty). */
export function progress() {
  try {
    const p = JSON.parse(localStorage.getItem(STORE));
    return p && typeof p === 'object' ? p : {};
  } catch { return {}; }
}

function save(p) {
  try { localStorage.setItem(STORE, JSON.stringify(p)); } catch { /* storage refused: progress is not kept */ }
}

/** Records a step of box `n` as done (`reach`, `capture`, `king`). */
export function mark(n, step) {
  const p = progress();
  p[n] = { ...(p[n] || {}), [step]: true };
  save(p);
}

/** Remembers that game `id` is box `n`'s lesson game, so that winning it completes the box. */
export function lessonStarted(n, id) {
  const p = progress();
  const box = p[n] || {};
  p[n] = { ...box, games: [...(box.games || []), id].slice(-20) };
  save(p);
}

/** Whether box `n`'s lesson game has been won. */
export function boxWon(n) { return Boolean((progress()[n] || {}).won); }

/** Whether anything of box `n` was done. */
export function boxStarted(n) { return Boolean(progress()[n]); }

/**
 * The game page shows every QuickChess game's state here. A rematch of a lesson game is a
 * lesson game too; a lesson game the player won marks its box done. Returns the box number
 * newly done, or null.
 */
export function lessonGameSeen(id, view) {
  const p = progress();
  const n = Object.keys(p).find((k) => (p[k].games || []).includes(id));
  if (!n) return null;
  const next = view.table && view.table.next;
  if (next && !p[n].games.includes(next)) p[n].games = [...p[n].games, next].slice(-20);
  let done = null;
  if (view.over && view.color && view.end && view.end.winner === view.color && !p[n].won) {
    p[n].won = true;
    done = Number(n);
  }
  save(p);
  return done;
}

/** The box whose lesson game `id` is, or null. */
export function lessonBoxOf(id) {
  const p = progress();
  const n = Object.keys(p).find((k) => (p[k].games || []).includes(id));
  return n ? Number(n) : null;
}
