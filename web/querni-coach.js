// The Querni coach on a game's page: near the end, the server proves which side forces its
// win whatever the other does, and in how many of its own turns (POST /api/querni/coach); the
// coach says it, names a turn that lost a win, and on request lists the turns that keep it.
// Far from the end it proves nothing and says so. Stepping back through the game, it speaks
// about the step shown. As the lesson games' coach (coach.js), it speaks in casual games and
// in any game once it is over, and the same button hides both.
import { call } from './api.js';
import { CoachState } from './coach-state.js';
import { h } from './ui.js';
import { t, querniNotation } from './text.js';
/** @import { QuerniCoachView, QuerniView, PlayView, QuerniSide } from './types/protocol' */

/**
 * Whether the coach may speak in this game: casual, or over.
 * @param {PlayView<QuerniView>} view
 */
export function querniCoachAllowed(view) {
  return !view.rated || view.over;
}

/**
 * The position after `ply` turns of the game, and the one before it.
 * @param {PlayView<QuerniView>} view @param {number} ply
 */
function positionsAt(view, ply) {
  const history = view.history || [];
  /** @param {number} k */
  const at = (k) => (k === 0 ? view.start : history[k - 1].after);
  return { position: at(ply), before: ply > 0 ? at(ply - 1) : null };
}

/**
 * The words on the last turn, if it was worth a word: a win lost (anyone's), or a win kept by
 * the viewer.
 * @param {QuerniCoachView} c @param {QuerniSide | null} mine the viewer's side (none at one screen)
 */
export function lastTurnWords(c, mine) {
  const last = c.last;
  if (!last || last.before.winner !== last.mover) return null;
  const you = mine === last.mover;
  if (!last.kept) {
    return { bad: true, words: t('querni-coach-lost', { who: you ? 'you' : last.mover, turns: last.before.turns }) };
  }
  return you ? { bad: false, words: t('querni-coach-kept') } : null;
}

/**
 * The coach of one Querni page: it answers about the position shown.
 * @extends {CoachState<QuerniCoachView>}
 */
export class QuerniCoach extends CoachState {
  /**
   * The key of the answer about the step `ply`: the position and the one before it.
   * @param {PlayView<QuerniView>} view @param {number} ply
   */
  key(view, ply) {
    const { position, before } = positionsAt(view, ply);
    return `${before || ''}|${position}`;
  }

  /**
   * Asks about the position after `ply` turns unless asked already.
   * @param {PlayView<QuerniView>} view @param {number} ply @param {QuerniSide | null} mine
   */
  follow(view, ply, mine) {
    if (this.off || !querniCoachAllowed(view)) return;
    const key = this.key(view, ply);
    if (this.answers.has(key)) return;
    this.answers.set(key, null);
    const live = ply === (view.history || []).length;
    const { position, before } = positionsAt(view, ply);
    /** @type {{ position: string, before?: string }} */
    const body = { position };
    if (before) body.before = before;
    call('POST /api/querni/coach', { body }).then((r) => {
      this.answers.set(key, r);
      const said = lastTurnWords(r, mine);
      if (said && said.bad && live) this.say(said.words);
      this.redraw();
    }).catch(() => {
      // the coach is help beside the game: a refusal (a busy server) leaves it silent
      this.answers.delete(key);
    });
  }

  /**
   * Turns the coach off or on (remembered in this browser).
   * @param {PlayView<QuerniView>} view @param {number} ply @param {QuerniSide | null} mine
   */
  toggle(view, ply, mine) {
    this.switchOff();
    this.follow(view, ply, mine);
    this.redraw();
  }

  /**
   * The words on the last turns before step `ply`: the viewer's own last turn (kept or lost;
   * it stays said after the opponent's reply) and the turn just played if it lost a win.
   * @param {PlayView<QuerniView>} view @param {number} ply @param {QuerniSide | null} mine
   */
  judged(view, ply, mine) {
    const now = this.answers.get(this.key(view, ply));
    const said = now ? lastTurnWords(now, mine) : null;
    const earlier = ply > 0 ? this.answers.get(this.key(view, ply - 1)) : null;
    const mineBefore = earlier && earlier.last && mine && earlier.last.mover === mine
      && (!now || !now.last || now.last.mover !== mine) ? lastTurnWords(earlier, mine) : null;
    return [mineBefore, said].filter((x) => x !== null);
  }

  /**
   * The coach's card about the step `ply` (nothing where it may not speak).
   * @param {PlayView<QuerniView>} view @param {number} ply @param {QuerniSide | null} mine
   */
  panel(view, ply, mine) {
    if (!querniCoachAllowed(view)) return '';
    const toggle = h('button', { class: 'secondary small', 'data-test': 'coach-toggle', 'aria-pressed': String(!this.off), onclick: () => this.toggle(view, ply, mine) },
      t(this.off ? 'coach-show' : 'coach-hide'));
    if (this.off) return h('div', { class: 'row coach-off' }, toggle);
    this.follow(view, ply, mine);
    const key = this.key(view, ply);
    const c = this.answers.get(key);
    /** @type {(Node | string)[]} */
    const lines = [];
    if (!c) lines.push(h('div', { class: 'muted', 'data-test': 'coach-thinking' }, t('coach-thinking')));
    else {
      for (const said of this.judged(view, ply, mine)) {
        lines.push(h('div', { class: said.bad ? 'coach-bad' : 'coach-good', 'data-test': said.bad ? 'coach-lost' : 'coach-kept' }, said.words));
      }
      if (c.win) {
        lines.push(h('div', { 'data-test': 'coach-value', 'data-winner': c.win.winner, 'data-turns': String(c.win.turns) },
          t('querni-coach-wins', { side: c.win.winner, turns: c.win.turns })));
      } else {
        lines.push(h('div', { class: 'muted', 'data-test': 'coach-unknown' },
          t(c.complete ? 'querni-coach-unknown' : 'querni-coach-unfinished', { turns: c.within })));
      }
      if (c.keeping.length) {
        const open = this.bestOf === key;
        lines.push(h('button', {
          class: 'secondary', 'data-test': 'coach-best', 'aria-expanded': String(open),
          onclick: () => { this.bestOf = open ? '' : key; this.redraw(); },
        }, t(open ? 'querni-coach-hideBest' : 'querni-coach-showBest')));
        if (open) {
          lines.push(h('div', { 'data-test': 'coach-best-moves' },
            t('querni-coach-bestList', { turns: c.keeping.map(querniNotation).join(', ') })));
        }
      }
    }
    return h('section', { class: 'card stack coach', 'data-test': 'coach', 'data-ply': c ? String(ply) : '', 'aria-label': t('coach-title') },
      h('div', { class: 'row coach-head' }, h('b', {}, t('coach-title')), toggle),
      ...lines);
  }
}
