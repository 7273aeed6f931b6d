//! A two-sided game clock, as on a chess table: each side has its own time; only the side to
//! move has its clock running; finishing a move stops it, adds the increment and starts the
//! other. Time is an input (`now`), as everywhere in the game crates.
//!
//! A correspondence control gives a side a fixed time for each move ([`TimeControl::per_move`]):
//! its clock is set back to the whole allowance after every move, time saved is not kept.
//!
//! As on lichess, a time control may make each side's first move free: that side's clock
//! starts only after its first move, so nobody loses time while the page loads. Instead a
//! side has [`FIRST_MOVE_MS`] to make its first move from the moment it could, or the game
//! is aborted (the game decides what that means; the clock only says when).

use crate::Millis;
use serde::{Deserialize, Serialize};

/// A time control: a base time per side and an increment added after each of a side's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeControl {
    /// Starting time per side.
    pub base_ms: Millis,
    /// Added after each of a side's moves.
    pub increment_ms: Millis,
    /// With a limit, each side's clock starts only after that side's first move, which it
    /// must make within the limit of the moment it could (else the game is aborted). Without
    /// one the clock of the side to move runs from the start: games stored before the rule
    /// have none, so their logs replay as they were played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub first_move_ms: Option<Millis>,
    /// Correspondence: `base_ms` is each move's allowance (days), set afresh after every move;
    /// no increment, and no first-move limit (the first move has its allowance too).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub per_move: bool,
}

/// How long a side may take over its first move before the game is aborted **[ours]**: as on
/// lichess, long enough to load the page and look at the board, short enough that a player
/// who never came back does not hold the opponent for long.
pub const FIRST_MOVE_MS: Millis = 30_000;

/// The clocks of two sides (0 and 1), at most one running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessClock {
    control: TimeControl,
    /// Time left of each side when its clock last stopped (or at the start).
    left: [Millis; 2],
    /// The side whose clock runs and since when.
    running: Option<(usize, Millis)>,
    /// Whether each side has made its first move (from the start without a first-move limit).
    moved: [bool; 2],
    /// The side to make its first move, and since when it could (its clock not running).
    waiting: Option<(usize, Millis)>,
    /// Whether each side berserked (halved its own time before its first move, for no
    /// increment: an arena tournament's bonus point for a win).
    berserked: [bool; 2],
}

impl ChessClock {
    /// Both sides with the full base time, no clock running.
    pub fn new(control: TimeControl) -> ChessClock {
        ChessClock {
            control,
            left: [control.base_ms; 2],
            running: None,
            moved: [control.first_move_ms.is_none(); 2],
            waiting: None,
            berserked: [false; 2],
        }
    }

    /// `side` berserks: its time is halved and it gets no increment from now on. Only before
    /// its first move, once, and only with a first-move limit (a clock running from the start
    /// has no "before"): whether it did.
    pub fn berserk(&mut self, side: usize) -> bool {
        if !self.may_berserk(side) {
            return false;
        }
        self.berserked[side] = true;
        self.left[side] = self.left[side].min(self.control.base_ms / 2);
        true
    }

    /// Whether `side` may berserk now (see [`ChessClock::berserk`]).
    pub fn may_berserk(&self, side: usize) -> bool {
        side < 2 && !self.moved[side] && !self.berserked[side]
    }

    /// Whether each side berserked.
    pub fn berserked(&self) -> [bool; 2] {
        self.berserked
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs, if any.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(side, _)| side)
    }

    /// Time left of `side` at `now` (never below zero).
    pub fn left(&self, side: usize, now: Millis) -> Millis {
        match self.running {
            Some((s, since)) if s == side => self.left[s].saturating_sub(now.saturating_sub(since)),
            _ => self.left[side],
        }
    }

    /// Both sides' time left at `now`.
    pub fn both(&self, now: Millis) -> [Millis; 2] {
        [self.left(0, now), self.left(1, now)]
    }

    /// When the running side's time runs out.
    pub fn flag_at(&self) -> Option<Millis> {
        self.running.map(|(s, since)| since + self.left[s])
    }

    /// The side to make its first move (its clock not running yet), if any.
    pub fn waiting(&self) -> Option<usize> {
        self.waiting.map(|(side, _)| side)
    }

    /// When the side to make its first move runs out of time for it (the game is aborted).
    pub fn abort_at(&self) -> Option<Millis> {
        let limit = self.control.first_move_ms?;
        self.waiting.map(|(_, since)| since + limit)
    }

    /// The next moment the clock decides something: a flag or the first-move limit.
    pub fn deadline(&self) -> Option<Millis> {
        self.flag_at().or(self.abort_at())
    }

    /// The side that has missed its first move's limit at `now`.
    pub fn missed_first_move(&self, now: Millis) -> Option<usize> {
        self.abort_at()
            .filter(|&t| now >= t)
            .and_then(|_| self.waiting())
    }

    /// The running side, if its time has run out at `now`.
    pub fn flagged(&self, now: Millis) -> Option<usize> {
        self.flag_at()
            .filter(|&t| now >= t)
            .and_then(|_| self.running())
    }

    /// Stops the running clock at `now`, charging the time used (no increment).
    pub fn stop(&mut self, now: Millis) {
        if let Some((s, _)) = self.running {
            self.left[s] = self.left(s, now);
            self.running = None;
        }
        self.waiting = None;
    }

    /// Starts `side`'s clock at `now` (stopping the other without increment); a side yet to
    /// make its first move only starts waiting for it.
    pub fn start(&mut self, side: usize, now: Millis) {
        self.stop(now);
        self.resume(side, now);
    }

    fn resume(&mut self, side: usize, now: Millis) {
        if self.moved[side] {
            self.running = Some((side, now));
        } else {
            self.waiting = Some((side, now));
        }
    }

    /// The side to move has finished a move at `now`: its time used is charged and the
    /// increment added (a free first move is only marked made), and `next`'s clock starts.
    pub fn press(&mut self, now: Millis, next: usize) {
        if let Some((s, _)) = self.running {
            let increment = if self.berserked[s] {
                0
            } else {
                self.control.increment_ms
            };
            self.left[s] = if self.control.per_move {
                self.control.base_ms
            } else {
                self.left(s, now) + increment
            };
            self.running = None;
        }
        if let Some((s, _)) = self.waiting.take() {
            self.moved[s] = true;
        }
        self.resume(next, now);
    }

    /// A flag has fallen: the running side's time is zero and no clock runs.
    pub fn fall(&mut self) {
        if let Some((s, _)) = self.running.take() {
            self.left[s] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_berserk_halves_the_time_drops_the_increment_and_only_before_the_first_move() {
        let mut c = ChessClock::new(FREE);
        assert!(c.berserk(1));
        assert!(!c.berserk(1), "once");
        assert_eq!(c.both(0), [60_000, 30_000]);
        assert_eq!(c.berserked(), [false, true]);
        // side 0 makes its first move: now it may not berserk
        c.start(0, 0);
        c.press(1_000, 1);
        assert!(!c.berserk(0));
        // side 1's first move is free; its next move gets no increment
        c.press(2_000, 0);
        c.press(3_000, 1);
        c.press(8_000, 0);
        assert_eq!(c.left(1, 8_000), 25_000, "30 s less 5 s, no increment");
        assert_eq!(
            c.left(0, 8_000),
            60_000 + 2_000 - 1_000,
            "the other side's increment stays"
        );
        // a clock running from the start has no time before a first move
        let mut old = ChessClock::new(TC);
        assert!(!old.berserk(0));
    }

    const TC: TimeControl = TimeControl {
        base_ms: 60_000,
        increment_ms: 2_000,
        first_move_ms: None,
        per_move: false,
    };

    const FREE: TimeControl = TimeControl {
        first_move_ms: Some(FIRST_MOVE_MS),
        ..TC
    };

    #[test]
    fn a_correspondence_clock_gives_each_move_its_whole_allowance() {
        const DAY: Millis = 86_400_000;
        let mut c = ChessClock::new(TimeControl {
            base_ms: 3 * DAY,
            increment_ms: 0,
            first_move_ms: None,
            per_move: true,
        });
        // the first side's clock runs from the start: three days for its first move
        c.start(0, 0);
        assert_eq!((c.running(), c.flag_at()), (Some(0), Some(3 * DAY)));
        assert!(!c.may_berserk(0), "no berserk without a first-move limit");
        // a move after two days: the other side has three days from then
        c.press(2 * DAY, 1);
        assert_eq!(
            c.both(2 * DAY),
            [3 * DAY, 3 * DAY],
            "time saved is not kept"
        );
        assert_eq!(c.flag_at(), Some(5 * DAY));
        // its reply a minute before its time runs out; then the first side overruns
        c.press(5 * DAY - 60_000, 0);
        assert_eq!(c.left(1, 5 * DAY), 3 * DAY);
        assert_eq!(c.flagged(8 * DAY - 60_001), None);
        assert_eq!(c.flagged(8 * DAY - 60_000), Some(0));
    }

    #[test]
    fn a_side_clock_starts_only_after_its_first_move() {
        let mut c = ChessClock::new(FREE);
        c.start(0, 1_000);
        assert_eq!((c.running(), c.waiting()), (None, Some(0)));
        assert_eq!(c.both(20_000), [60_000, 60_000]);
        assert_eq!((c.flag_at(), c.abort_at()), (None, Some(31_000)));
        // the first side's first move: free, no increment; now the second side waits
        c.press(20_000, 1);
        assert_eq!((c.running(), c.waiting()), (None, Some(1)));
        assert_eq!(c.both(45_000), [60_000, 60_000]);
        assert_eq!(c.deadline(), Some(50_000));
        // the second side's first move: the first side's clock runs from now
        c.press(45_000, 0);
        assert_eq!((c.running(), c.waiting()), (Some(0), None));
        assert_eq!(c.both(55_000), [50_000, 60_000]);
        assert_eq!(c.abort_at(), None);
        c.press(55_000, 1);
        assert_eq!(c.both(56_000), [52_000, 59_000]);
        // once both have moved nobody waits again, not even after a restart
        c.start(0, 60_000);
        assert_eq!((c.waiting(), c.missed_first_move(10_000_000)), (None, None));
    }

    #[test]
    fn a_missed_first_move_is_told_at_the_limit() {
        let mut c = ChessClock::new(FREE);
        c.start(0, 0);
        c.press(5_000, 1);
        assert_eq!(c.missed_first_move(34_999), None);
        assert_eq!(c.missed_first_move(35_000), Some(1));
        c.stop(35_000);
        assert_eq!((c.waiting(), c.deadline()), (None, None));
    }

    #[test]
    fn without_a_first_move_limit_the_clock_runs_from_the_start() {
        let mut c = ChessClock::new(TC);
        c.start(0, 0);
        assert_eq!(
            (c.running(), c.waiting(), c.abort_at()),
            (Some(0), None, None)
        );
        assert_eq!(c.both(10_000), [50_000, 60_000]);
    }

    #[test]
    fn only_the_running_side_loses_time_and_a_press_adds_the_increment() {
        let mut c = ChessClock::new(TC);
        assert_eq!(c.both(5_000), [60_000, 60_000]);
        c.start(0, 1_000);
        assert_eq!(c.both(11_000), [50_000, 60_000]);
        c.press(11_000, 1);
        assert_eq!(c.both(11_000), [52_000, 60_000]);
        assert_eq!(c.both(14_000), [52_000, 57_000]);
        assert_eq!(c.flag_at(), Some(71_000));
        assert_eq!(c.flagged(70_999), None);
        assert_eq!(c.flagged(71_000), Some(1));
        c.stop(20_000);
        assert_eq!((c.running(), c.both(99_000)), (None, [52_000, 51_000]));
        c.start(1, 20_000);
        c.fall();
        assert_eq!((c.running(), c.both(30_000)), (None, [52_000, 0]));
    }

    #[test]
    fn time_left_never_goes_below_zero() {
        let mut c = ChessClock::new(TC);
        c.start(1, 0);
        assert_eq!(c.left(1, 10_000_000), 0);
        c.press(10_000_000, 0);
        assert_eq!(c.left(1, 10_000_000), TC.increment_ms);
    }
}
