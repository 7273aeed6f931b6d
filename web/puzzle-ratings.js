// The puzzle ratings and best streaks a guest's browser keeps (localStorage): a signed-in
// player's ratings are the server's, a guest's travel with each try, so they are kept here; and
// a try's rating change in words.
import { t } from './text.js';
/** @import { PuzzleRating, PuzzleGame, Finished } from './types/protocol' */

/** Where a guest's rating of a game is kept. @param {PuzzleGame} game */
const ratingKey = (game) => `tabula:puzzles:${game}:rating`;
/** Where the best streak of a game is kept. @param {PuzzleGame} game */
const bestKey = (game) => `tabula:puzzles:${game}:best`;

/** A guest's rating of `game` as this browser keeps it, or null. @param {PuzzleGame} game @returns {PuzzleRating | null} */
export function storedRating(game) {
  try {
    const r = JSON.parse(localStorage.getItem(ratingKey(game)) || 'null');
    return r && [r.rating, r.deviation, r.volatility].every((x) => typeof x === 'number' && Number.isFinite(x)) ? r : null;
  } catch { return null; }
}
/** @param {PuzzleGame} game @param {PuzzleRating} r */
export function storeRating(game, r) {
  try { localStorage.setItem(ratingKey(game), JSON.stringify({ rating: r.rating, deviation: r.deviation, volatility: r.volatility })); } catch { /* storage refused */ }
}
/** The best streak of `game` in this browser. @param {PuzzleGame} game */
export function bestStreak(game) {
  try { return Number(localStorage.getItem(bestKey(game))) || 0; } catch { return 0; }
}
/** @param {PuzzleGame} game @param {number} n */
export function storeBest(game, n) {
  try { localStorage.setItem(bestKey(game), String(n)); } catch { /* storage refused */ }
}

/** A rating change in numbers: "+12", "−8", "±0". @param {number} before @param {number} after */
function change(before, after) {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/** The player's rating before and after a try, and the change. @param {Finished} end */
export function ratingWords(end) {
  const [before, after] = [end.before.rating, end.after.rating];
  return t('puzzles-ratingChange', { before: String(Math.round(before)), after: String(Math.round(after)), change: change(before, after) });
}

/**
 * Why a finished try moved no rating, in words: tried before, the solution seen today on this
 * network or in this browser, or the day's rated tries used up.
 * @param {{ unrated?: string | null }} end
 */
export function notRatedWords(end) {
  if (end.unrated === 'solution_seen') return t('puzzles-notRated-seen');
  if (end.unrated === 'daily_limit') return t('puzzles-notRated-limit');
  return t('puzzles-notRated');
}
