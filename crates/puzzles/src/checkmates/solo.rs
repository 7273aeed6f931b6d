//! Check Mates solo (RULES.md section 1, "Solo mode"): ten random cards against the clock.
//!
//! The clock starts with the game. The player moves tokens until the board meets the task on
//! top, which then goes away at once and the next is revealed (a task the board already meets
//! is done with no moves). After the tenth, the total time is rated; a time exactly on a
//! bound gets the lower rating.

use super::party::{CardSpec, DeckChoice, PartyError, build_deck};
use super::{Board, Side, Task};
use crate::moves::{IllegalMove, Move};
use serde::{Deserialize, Serialize};
use tabula_core::game::transactional;
use tabula_core::rng::seeded;
use tabula_core::{Game, Millis};

/// Cards in a solo run.
pub const SOLO_CARDS: usize = 10;

/// The ratings by total time (ms) for a side: `(bound, rating)` best first; a time strictly
/// below the bound earns the rating; a time at or past every bound earns the last.
pub fn rating_bounds(side: Side) -> (&'static [(Millis, &'static str)], &'static str) {
    match side {
        Side::Sliding => (
            &[
                (90_000, "Phenomenal!"),
                (150_000, "Precise thinking!"),
                (210_000, "On the brink of success!"),
            ],
            "Practice makes perfect!",
        ),
        Side::Chess => (
            &[
                (120_000, "Chess genius!"),
                (210_000, "Excellent moves!"),
                (300_000, "Promising results!"),
            ],
            "The first step to greatness!",
        ),
    }
}

/// The rating of a run of `total_ms` on `side`.
pub fn rating(side: Side, total_ms: Millis) -> &'static str {
    let (bounds, last) = rating_bounds(side);
    bounds
        .iter()
        .find(|(bound, _)| total_ms < *bound)
        .map_or(last, |(_, r)| r)
}

/// Everything fixed before a solo run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SoloConfig {
    /// The side played.
    pub side: Side,
    /// The deck to draw from.
    pub cards: Vec<CardSpec>,
    /// Full deck or blitz.
    pub deck: DeckChoice,
}

/// A player's action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CmSoloAction"))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SoloAction {
    /// Move a token.
    Move {
        /// The move.
        mv: Move,
    },
    /// Stop the run without finishing it.
    Abandon,
    /// Time passes (nothing in solo depends on it; kept for drivers).
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CmSoloEvent"))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SoloEvent {
    /// A task is on top.
    CardRevealed {
        /// Its index in the run, from 0.
        index: usize,
        /// The task.
        task: Task,
    },
    /// A token moved.
    Moved {
        /// The move.
        mv: Move,
        /// The board after it.
        board: Board,
    },
    /// The task on top is met.
    TaskMet {
        /// Its index.
        index: usize,
        /// Moves it took.
        moves: u32,
        /// When, from the start of the run.
        elapsed: Millis,
    },
    /// All tasks are met.
    Finished {
        /// Total time.
        total_ms: Millis,
        /// The rating.
        rating: String,
    },
    /// The player stopped.
    Abandoned,
}

/// Why an action was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    /// A configuration problem (shared with the party game).
    #[error(transparent)]
    Config(#[from] PartyError),
    /// The run has ended.
    #[error("the run is over")]
    Over,
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The game's time.
        last: Millis,
    },
    /// The move breaks a rule.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
}

/// A solo run in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloGame {
    side: Side,
    board: Board,
    tasks: Vec<Task>,
    current: usize,
    moves: Vec<u32>,
    /// Moves made on the task on top so far.
    pending: u32,
    met_at: Vec<Millis>,
    started_at: Millis,
    now: Millis,
    abandoned: bool,
}

impl SoloGame {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The ten (or fewer, with a small blitz deck) tasks of the run.
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }

    /// Index of the task on top (equal to the number of tasks when finished).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The task on top, if the run goes on.
    pub fn task(&self) -> Option<&Task> {
        if self.abandoned {
            None
        } else {
            self.tasks.get(self.current)
        }
    }

    /// Moves used on each finished task.
    pub fn moves(&self) -> &[u32] {
        &self.moves
    }

    /// When the run started.
    pub fn started_at(&self) -> Millis {
        self.started_at
    }

    /// Total time, once every task is met.
    pub fn total_ms(&self) -> Option<Millis> {
        (self.current == self.tasks.len())
            .then(|| self.met_at.last().copied().unwrap_or(self.started_at) - self.started_at)
    }

    /// The rating, once every task is met.
    pub fn rating(&self) -> Option<&'static str> {
        self.total_ms().map(|t| rating(self.side, t))
    }

    /// Whether the player abandoned the run.
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    /// Takes tasks off the top while the board meets them, recording time and moves.
    fn settle(&mut self, at: Millis, events: &mut Vec<SoloEvent>) {
        while let Some(task) = self.tasks.get(self.current) {
            if self.abandoned || task.met_by(&self.board).is_none() {
                break;
            }
            self.moves.push(self.pending);
            self.met_at.push(at);
            events.push(SoloEvent::TaskMet {
                index: self.current,
                moves: self.pending,
                elapsed: at - self.started_at,
            });
            self.pending = 0;
            self.current += 1;
            match self.tasks.get(self.current) {
                Some(next) => events.push(SoloEvent::CardRevealed {
                    index: self.current,
                    task: *next,
                }),
                None => {
                    let total = at - self.started_at;
                    events.push(SoloEvent::Finished {
                        total_ms: total,
                        rating: rating(self.side, total).to_string(),
                    });
                }
            }
        }
    }

    fn act(&mut self, action: &SoloAction, now: Millis) -> Result<Vec<SoloEvent>, SoloError> {
        if now < self.now {
            return Err(SoloError::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        if self.is_over() && *action != SoloAction::Tick {
            return Err(SoloError::Over);
        }
        self.now = now;
        let mut events = Vec::new();
        match action {
            SoloAction::Tick => {}
            SoloAction::Abandon => {
                self.abandoned = true;
                events.push(SoloEvent::Abandoned);
            }
            SoloAction::Move { mv } => {
                self.board = self.board.play(*mv)?;
                events.push(SoloEvent::Moved {
                    mv: *mv,
                    board: self.board,
                });
                self.pending += 1;
                self.settle(now, &mut events);
            }
        }
        Ok(events)
    }
}

impl Game for SoloGame {
    type Config = SoloConfig;
    type Action = SoloAction;
    type Event = SoloEvent;
    type Error = SoloError;

    fn start(
        config: SoloConfig,
        seed: u64,
        now: Millis,
    ) -> Result<(Self, Vec<SoloEvent>), SoloError> {
        let mut rng = seeded(seed);
        let deck = build_deck(config.side, &config.cards, config.deck, &mut rng)?;
        let board = Board::random_setup(config.side, &mut rng);
        let tasks: Vec<Task> = deck.into_iter().take(SOLO_CARDS).map(|(t, _)| t).collect();
        let mut game = SoloGame {
            side: config.side,
            board,
            tasks,
            current: 0,
            moves: Vec::new(),
            pending: 0,
            met_at: Vec::new(),
            started_at: now,
            now,
            abandoned: false,
        };
        let mut events = vec![SoloEvent::CardRevealed {
            index: 0,
            task: game.tasks[0],
        }];
        game.settle(now, &mut events);
        Ok((game, events))
    }

    fn apply(&mut self, action: &SoloAction, now: Millis) -> Result<Vec<SoloEvent>, SoloError> {
        transactional(self, |g| g.act(action, now))
    }

    fn next_deadline(&self) -> Option<Millis> {
        None
    }

    fn is_over(&self) -> bool {
        self.abandoned || self.current == self.tasks.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_use_strict_bounds() {
        let s = Side::Sliding;
        assert_eq!(rating(s, 89_999), "Phenomenal!");
        assert_eq!(
            rating(s, 90_000),
            "Precise thinking!",
            "exactly on a bound: the lower rating"
        );
        assert_eq!(rating(s, 149_999), "Precise thinking!");
        assert_eq!(rating(s, 150_000), "On the brink of success!");
        assert_eq!(rating(s, 210_000), "Practice makes perfect!");
        let c = Side::Chess;
        assert_eq!(rating(c, 119_999), "Chess genius!");
        assert_eq!(rating(c, 120_000), "Excellent moves!");
        assert_eq!(rating(c, 210_000), "Promising results!");
        assert_eq!(rating(c, 299_999), "Promising results!");
        assert_eq!(rating(c, 300_000), "The first step to greatness!");
    }
}
