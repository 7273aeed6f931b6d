// The perfect-play coach on a lesson game's page: after each move it asks the server what
// perfect play gives (the books of the games solved on the full board, tables solved once few
// pawns are left), says it, names a move that threw a win or a draw away, and on request shows
// the moves that keep the value; stepping back through the game, it speaks about the step
// shown (after the game, a review by perfect play). It speaks in casual games (against the computer, a friend, at
// one screen) and in any game once it is over: a rated game is played without help.
import { call } from './api.js';
import { CoachState } from './coach-state.js';
import { h } from './ui.js';
import { t } from './text.js';
/** @import { CoachView, ChessView, PlayView } from './types/protocol' */

/**
 * Whether the coach may speak in this game: a lesson game it may know, casual or over.
 * @param {PlayView<ChessView>} view
 */
export function coachAllowed(view) {
  return view.coached && (!view.rated || view.over) && !view.setup;
}

/** The side to move's opponent. @param {string} side */
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * The winner under perfect play, if any, from a value for the side to move.
 * @param {string | null} value @param {string} turn
 */
function winnerOf(value, turn) {
  if (value === 'win') return turn;
  if (value === 'loss') return other(turn);
  return null;
}

/**
 * The words on the last move, if it was worth a word: a value thrown away (anyone's), or a
 * value kept by the viewer.
 * @param {CoachView} c @param {PlayView<ChessView>} view
 */
export function lastMoveWords(c, view) {
  const last = c.last;
  if (!last) return null;
  /** @type {Record<string, number>} */
  const rank = { loss: 0, draw: 1, win: 2 };
  const you = !view.one_screen && view.color === last.mover;
  const who = you ? 'you' : last.mover;
  if (rank[last.after] < rank[last.before]) {
    return { bad: true, words: t('coach-lost', { who, what: last.before, now: last.after }) };
  }
  return you ? { bad: false, words: t('coach-kept') } : null;
}

/**
 * The moves up to `ply`, as the key of the coach's answer about the position after them (a
 * takeback and a new move make a new key, so no answer outlives the line it was about).
 * @param {PlayView<ChessView>} view @param {number} ply
 */
const lineKey = (view, ply) => view.moves.slice(0, ply).map((m) => m.uci).join(' ');

/**
 * The side to move after `ply` moves of the game.
 * @param {PlayView<ChessView>} view @param {number} ply
 */
function turnAt(view, ply) {
  const first = (view.start_fen || '').split(' ')[1] === 'b' ? 'black' : 'white';
  return ply % 2 === 0 ? first : other(first);
}

/**
 * The coach of one game page: it answers about the position shown (the live one, or a step
 * of the game being looked back at).
 * @extends {CoachState<CoachView>}
 */
export class GameCoach extends CoachState {
  /**
   * Asks about the position after `ply` moves (the live one by default) unless asked already.
   * @param {PlayView<ChessView>} view @param {number} [ply]
   */
  follow(view, ply = view.moves.length) {
    if (this.off || !coachAllowed(view) || !view.start_fen) return;
    const key = lineKey(view, ply);
    if (this.answers.has(key)) return;
    this.answers.set(key, null);
    const live = ply === view.moves.length;
    const body = { variant: view.variant, fen: view.start_fen, moves: view.moves.slice(0, ply).map((m) => m.uci), coach: true };
    call('POST /api/chess/position', { body }).then((r) => {
      if (!r.coach) return;
      this.answers.set(key, r.coach);
      const said = lastMoveWords(r.coach, view);
      if (said && said.bad && live) this.say(said.words);
      this.redraw();
    }).catch(() => {
      // the coach is help beside the game: a refusal (a busy server) leaves it silent
      this.answers.delete(key);
    });
  }

  /**
   * Turns the coach off or on (remembered in this browser); on, it asks about the position.
   * @param {PlayView<ChessView>} view @param {number} ply the step shown
   */
  toggle(view, ply) {
    this.switchOff();
    this.follow(view, ply);
    this.redraw();
  }

  /**
   * The words on the last moves before step `ply`: the viewer's own last move (kept or
   * thrown; it stays said after the opponent's reply) and the move just made if it threw
   * something away.
   * @param {PlayView<ChessView>} view @param {number} ply
   */
  judged(view, ply) {
    const now = this.answers.get(lineKey(view, ply));
    const said = now ? lastMoveWords(now, view) : null;
    const earlier = ply > 0 ? this.answers.get(lineKey(view, ply - 1)) : null;
    const mineBefore = earlier && earlier.last && !view.one_screen && earlier.last.mover === view.color
      && (!now || !now.last || now.last.mover !== view.color) ? lastMoveWords(earlier, view) : null;
    return [mineBefore, said].filter((x) => x !== null);
  }

  /**
   * The coach's card about the position after `ply` moves (nothing where it may not speak).
   * @param {PlayView<ChessView>} view @param {number} ply the step shown
   */
  panel(view, ply) {
    if (!coachAllowed(view)) return '';
    const toggle = h('button', { class: 'secondary small', 'data-test': 'coach-toggle', 'aria-pressed': String(!this.off), onclick: () => this.toggle(view, ply) },
      t(this.off ? 'coach-show' : 'coach-hide'));
    if (this.off) return h('div', { class: 'row coach-off' }, toggle);
    this.follow(view, ply); // a step looked back at: asked once
    const key = lineKey(view, ply);
    const c = this.answers.get(key);
    /** @type {(Node | string)[]} */
    const lines = [];
    if (!c) lines.push(h('div', { class: 'muted', 'data-test': 'coach-thinking' }, t('coach-thinking')));
    else if (!c.value) lines.push(h('div', { class: 'muted', 'data-test': 'coach-unknown' }, t('coach-unknown')));
    else {
      for (const said of this.judged(view, ply)) {
        lines.push(h('div', { class: said.bad ? 'coach-bad' : 'coach-good', 'data-test': said.bad ? 'coach-lost' : 'coach-kept' }, said.words));
      }
      const winner = winnerOf(c.value, turnAt(view, ply));
      lines.push(h('div', { 'data-test': 'coach-value', 'data-value': c.value },
        winner ? t('coach-wins', { side: winner }) : t('coach-draw')));
      if (c.keeping.length) {
        const open = this.bestOf === key;
        lines.push(h('button', {
          class: 'secondary', 'data-test': 'coach-best', 'aria-expanded': String(open),
          onclick: () => { this.bestOf = open ? '' : key; this.redraw(); },
        }, t(open ? 'coach-hideBest' : 'coach-showBest')));
        if (open) {
          lines.push(h('div', { 'data-test': 'coach-best-moves' },
            t(c.value === 'loss' ? 'coach-bestLosing' : 'coach-bestList', { moves: c.keeping.map((m) => m.san).join(', ') })));
        }
      }
    }
    return h('section', {
      class: 'card stack coach', 'data-test': 'coach', 'data-ply': c ? String(ply) : '', 'aria-label': t('coach-title'),
      title: c && c.source ? t(c.source === 'book' ? 'coach-fromBook' : 'coach-fromTable') : null,
    },
    h('div', { class: 'row coach-head' }, h('b', {}, t('coach-title')), toggle),
    ...lines);
  }
}
