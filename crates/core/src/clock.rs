//! A two-sided game clock, as on a chess table: each side has its own time; only the side to
//! move has its clock running; finishing a move stops it, adds the increment and starts the
//! other. Time is an input (`now`), as everywhere in the game crates.

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
}

/// The clocks of two sides (0 and 1), at most one running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessClock {
    control: TimeControl,
    /// Time left of each side when its clock last stopped (or at the start).
    left: [Millis; 2],
    /// The side whose clock runs and since when.
    running: Option<(usize, Millis)>,
}

impl ChessClock {
    /// Both sides with the full base time, no clock running.
    pub fn new(control: TimeControl) -> ChessClock {
        ChessClock {
            control,
            left: [control.base_ms; 2],
            running: None,
        }
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
    }

    /// Starts `side`'s clock at `now` (stopping the other without increment).
    pub fn start(&mut self, side: usize, now: Millis) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// The running side has finished a move at `now`: its time used is charged, the
    /// increment added, and `next`'s clock starts.
    pub fn press(&mut self, now: Millis, next: usize) {
        if let Some((s, _)) = self.running {
            self.left[s] = self.left(s, now) + self.control.increment_ms;
        }
        self.running = Some((next, now));
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

    const TC: TimeControl = TimeControl {
        base_ms: 60_000,
        increment_ms: 2_000,
    };

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
