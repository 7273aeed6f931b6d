// What both coaches keep on a game page (coach.js for the lesson games, querni-coach.js for
// Querni): their answers by position, the position whose keeping moves are open, and whether
// the player turned the coach off (one choice in this browser for both).

const HIDDEN = 'tabula:coach-hidden';

/**
 * A coach's state on one page.
 * @template T the server's answer about a position
 */
export class CoachState {
  /** @param {() => void} redraw @param {(words: string) => void} say */
  constructor(redraw, say) {
    this.redraw = redraw;
    this.say = say;
    /** @type {Map<string, T | null>} the answers by position (null: asked, not yet answered) */
    this.answers = new Map();
    /** the position whose keeping moves are shown */
    this.bestOf = '';
    this.off = localStorage.getItem(HIDDEN) === '1';
  }

  /** Turns the coach off or on (remembered in this browser), its answers forgotten. */
  switchOff() {
    this.off = !this.off;
    localStorage.setItem(HIDDEN, this.off ? '1' : '0');
    this.answers.clear();
  }
}
