//! A whole game of Querni as a [`Game`]: turns typed by the players, automatic passes, the
//! end of the game, resignation and the history in notation.
//!
//! The position alone decides the rules; the game adds what a match needs around it: who
//! may act (each action names its side), a pass played for a side that has nothing to do,
//! and a record of every turn.

use crate::position::{Position, Side};
use crate::rules::{Status, TurnError, WinReason};
use crate::turn::TurnText;
use serde::{Deserialize, Serialize};
use tabula_core::{Game, Millis};

/// What fixes a game before it starts.
///
/// ```
/// use tabula_core::Game;
/// use tabula_querni::{QuerniAction, QuerniConfig, QuerniGame, Side};
///
/// let (mut game, _) = QuerniGame::start(QuerniConfig::default(), 7, 0)?;
/// let turn = |side, text: &str| QuerniAction::Turn { side, turn: text.into() };
/// game.apply(&turn(Side::Blue, "e1:c3:a1 x4-6"), 1_000)?;
/// // it is red's turn now: blue cannot play again
/// assert!(game.apply(&turn(Side::Blue, "b1-b3"), 2_000).is_err());
/// game.apply(&QuerniAction::Resign { side: Side::Red }, 3_000)?;
/// assert!(game.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuerniConfig {
    /// Start from this position instead of the seeded starting position.
    pub start: Option<Position>,
}

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum QuerniAction {
    /// A turn in notation (`c2-c3 x4-6`, `pass`, ...).
    Turn {
        /// Who plays it.
        side: Side,
        /// The turn.
        turn: String,
    },
    /// Giving up.
    Resign {
        /// Who resigns.
        side: Side,
    },
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum QuerniEvent {
    /// A turn was played.
    Played {
        /// By whom.
        side: Side,
        /// In notation, as the player wrote it (normalised spacing).
        turn: String,
        /// Passed automatically because the side had nothing to do.
        automatic: bool,
    },
    /// The game ended.
    Ended {
        /// How.
        status: Status,
    },
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuerniError {
    /// Not this side's turn.
    #[error("it is {0}'s turn")]
    NotYourTurn(Side),
    /// The game has ended.
    #[error("the game is over ({0})")]
    Over(Status),
    /// The turn is illegal.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// The configured start is already over.
    #[error("the starting position is already over ({0})")]
    StartOver(Status),
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuerniGame {
    start: Position,
    position: Position,
    status: Status,
    history: Vec<(Side, String)>,
}

impl QuerniGame {
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The starting position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Every turn so far, in notation, with the side that played it.
    pub fn history(&self) -> &[(Side, String)] {
        &self.history
    }

    /// Plays passes for sides that have nothing to do, until someone can act or the game ends.
    fn auto_pass(&mut self, events: &mut Vec<QuerniEvent>) {
        while !self.status.is_over() && self.position.must_pass() {
            let side = self.position.turn();
            self.position = self.position.play_unchecked(crate::Turn::PASS);
            self.history.push((side, "pass".into()));
            events.push(QuerniEvent::Played {
                side,
                turn: "pass".into(),
                automatic: true,
            });
            self.settle(events);
        }
    }

    fn settle(&mut self, events: &mut Vec<QuerniEvent>) {
        self.status = self.position.status();
        if self.status.is_over() {
            events.push(QuerniEvent::Ended {
                status: self.status,
            });
        }
    }
}

impl Game for QuerniGame {
    type Config = QuerniConfig;
    type Action = QuerniAction;
    type Event = QuerniEvent;
    type Error = QuerniError;

    fn start(
        config: QuerniConfig,
        seed: u64,
        _now: Millis,
    ) -> Result<(Self, Vec<QuerniEvent>), QuerniError> {
        let start = config.start.unwrap_or_else(|| Position::start(seed));
        let status = start.status();
        if status.is_over() {
            return Err(QuerniError::StartOver(status));
        }
        let mut game = QuerniGame {
            start,
            position: start,
            status,
            history: Vec::new(),
        };
        let mut events = Vec::new();
        game.auto_pass(&mut events);
        Ok((game, events))
    }

    fn apply(
        &mut self,
        action: &QuerniAction,
        _now: Millis,
    ) -> Result<Vec<QuerniEvent>, QuerniError> {
        if self.status.is_over() {
            return Err(QuerniError::Over(self.status));
        }
        let mut events = Vec::new();
        match action {
            QuerniAction::Resign { side } => {
                self.status = Status::Won {
                    winner: side.other(),
                    reason: WinReason::Resigned,
                };
                events.push(QuerniEvent::Ended {
                    status: self.status,
                });
            }
            QuerniAction::Turn { side, turn } => {
                let to_move = self.position.turn();
                if *side != to_move {
                    return Err(QuerniError::NotYourTurn(to_move));
                }
                let written = TurnText::parse(turn).map_err(TurnError::from)?;
                let checked = self.position.check(&written)?;
                let text = written.to_string();
                self.position = self.position.play_unchecked(checked);
                self.history.push((*side, text.clone()));
                events.push(QuerniEvent::Played {
                    side: *side,
                    turn: text,
                    automatic: false,
                });
                self.settle(&mut events);
                self.auto_pass(&mut events);
            }
        }
        Ok(events)
    }

    fn next_deadline(&self) -> Option<Millis> {
        None
    }

    fn is_over(&self) -> bool {
        self.status.is_over()
    }
}
