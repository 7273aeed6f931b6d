//! A whole game of Querni as a [`Game`]: turns typed by the players, automatic passes, the
//! end of the game, resignation and the history in notation.
//!
//! The position alone decides the rules; the game adds what a match needs around it: who
//! may act (each action names its side), a pass played for a side that has nothing to do,
//! a record of every turn, optional clocks (a side whose time runs out loses) and takebacks
//! asked for and granted.

use crate::position::{Position, Side};
use crate::rules::{Status, TurnError, WinReason};
use crate::turn::TurnText;
use serde::{Deserialize, Serialize};
use tabula_core::clock::{ChessClock, TimeControl};
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
    /// Clocks, if the game is timed.
    pub clock: Option<TimeControl>,
}

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// Ask to take one's last turn back (an offer by the other side is accepted instead).
    OfferTakeback {
        /// Who asks.
        side: Side,
    },
    /// Grant the other side's takeback: the game goes back to before its last turn.
    AcceptTakeback {
        /// Who grants it.
        side: Side,
    },
    /// Refuse the other side's takeback.
    DeclineTakeback {
        /// Who refuses.
        side: Side,
    },
    /// Berserk (an arena tournament's): halve one's own time before one's first turn, for
    /// no increment.
    Berserk {
        /// Who.
        side: Side,
    },
    /// Time passes (a clock runs out).
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// A takeback was asked for.
    TakebackOffered {
        /// By whom.
        side: Side,
    },
    /// A takeback was refused.
    TakebackDeclined {
        /// By whom.
        side: Side,
    },
    /// A side berserked: its time is halved.
    Berserked {
        /// Who.
        side: Side,
    },
    /// Turns were taken back: `side`'s last turn and every turn after it.
    TakenBack {
        /// Whose turn was taken back.
        side: Side,
        /// How many turns of the history were undone (automatic passes included).
        turns: usize,
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
    /// A takeback that cannot be asked for, granted or refused.
    #[error("{0}")]
    Takeback(String),
    /// A berserk after one's first turn, twice, or in an untimed game.
    #[error("berserk is only before one's first turn in a timed game, once")]
    Berserk,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuerniGame {
    start: Position,
    position: Position,
    status: Status,
    history: Vec<(Side, String)>,
    /// For each entry of the history: whether a player typed it (not an automatic pass).
    typed: Vec<bool>,
    clock: Option<ChessClock>,
    takeback_offer: Option<Side>,
    now: Millis,
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

    /// Whether the `i`th turn of the history was an automatic pass.
    pub fn automatic(&self, i: usize) -> bool {
        !self.typed.get(i).copied().unwrap_or(true)
    }

    /// A pending takeback request.
    pub fn takeback_offer(&self) -> Option<Side> {
        self.takeback_offer
    }

    /// Time left of blue and red at `now`, if timed.
    pub fn clocks(&self, now: Millis) -> Option<[Millis; 2]> {
        self.clock.map(|c| c.both(now))
    }

    /// Whether `side` may berserk now: the game goes on, is timed with a first-turn limit, and
    /// `side` has neither played nor berserked.
    pub fn may_berserk(&self, side: Side) -> bool {
        !self.status.is_over() && self.clock.is_some_and(|c| c.may_berserk(side.index()))
    }

    /// Whether each side berserked (Blue's first).
    pub fn berserked(&self) -> [bool; 2] {
        self.clock.map(|c| c.berserked()).unwrap_or_default()
    }

    /// The side whose clock is running (none before the side to move has made its first move
    /// when first moves are free, after the end, or without clocks).
    pub fn clock_running(&self) -> Option<Side> {
        self.clock
            .and_then(|c| c.running())
            .map(|i| if i == 0 { Side::Blue } else { Side::Red })
    }

    /// The time control, if timed.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.map(|c| c.control())
    }

    /// Plays passes for sides that have nothing to do, until someone can act or the game ends.
    fn auto_pass(&mut self, events: &mut Vec<QuerniEvent>) {
        while !self.status.is_over() && self.position.must_pass() {
            let side = self.position.turn();
            self.position = self.position.play_unchecked(crate::Turn::PASS);
            self.history.push((side, "pass".into()));
            self.typed.push(false);
            if let Some(c) = &mut self.clock {
                c.start(side.other().index(), self.now);
            }
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
            self.end(events);
        }
    }

    fn end(&mut self, events: &mut Vec<QuerniEvent>) {
        self.takeback_offer = None;
        if let Some(c) = &mut self.clock {
            c.stop(self.now);
        }
        events.push(QuerniEvent::Ended {
            status: self.status,
        });
    }

    /// Runs the clock up to `now`: a side whose time has run out loses, at the moment it ran
    /// out; a side that has not made its first move within its limit aborts the game.
    fn advance(&mut self, now: Millis, events: &mut Vec<QuerniEvent>) {
        let Some(clock) = &mut self.clock else {
            return;
        };
        if let (Some(side), Some(at)) = (clock.missed_first_move(now), clock.abort_at()) {
            self.now = at;
            self.status = Status::Aborted {
                side: if side == 0 { Side::Blue } else { Side::Red },
            };
            return self.end(events);
        }
        let (Some(side), Some(at)) = (clock.flagged(now), clock.flag_at()) else {
            return;
        };
        clock.fall();
        self.now = at;
        let loser = if side == 0 { Side::Blue } else { Side::Red };
        self.status = Status::Won {
            winner: loser.other(),
            reason: WinReason::Timeout,
        };
        self.end(events);
    }

    /// The index in the history of `side`'s last typed turn.
    fn last_turn_of(&self, side: Side) -> Result<usize, QuerniError> {
        (0..self.history.len())
            .rev()
            .find(|&i| self.typed[i] && self.history[i].0 == side)
            .ok_or_else(|| {
                QuerniError::Takeback(format!("{} has no turn to take back", side.name()))
            })
    }

    /// Takes back `side`'s last typed turn and everything after it, by replaying the turns
    /// before it from the start; the clocks keep the time already used.
    fn take_back(&mut self, side: Side, events: &mut Vec<QuerniEvent>) -> Result<(), QuerniError> {
        let last = self.last_turn_of(side)?;
        let undone = self.history.len() - last;
        let kept: Vec<(Side, String)> = (0..last)
            .filter(|&i| self.typed[i])
            .map(|i| self.history[i].clone())
            .collect();
        self.position = self.start;
        self.status = self.start.status();
        self.history.clear();
        self.typed.clear();
        let mut replayed = Vec::new();
        self.auto_pass(&mut replayed);
        for (s, text) in kept {
            self.play_turn(s, &text, &mut replayed)?;
        }
        if let Some(c) = &mut self.clock {
            c.start(self.position.turn().index(), self.now);
        }
        self.takeback_offer = None;
        events.push(QuerniEvent::TakenBack {
            side,
            turns: undone,
        });
        Ok(())
    }

    /// Plays a typed turn of `side` and the automatic passes after it.
    fn play_turn(
        &mut self,
        side: Side,
        turn: &str,
        events: &mut Vec<QuerniEvent>,
    ) -> Result<(), QuerniError> {
        let to_move = self.position.turn();
        if side != to_move {
            return Err(QuerniError::NotYourTurn(to_move));
        }
        let written = TurnText::parse(turn).map_err(TurnError::from)?;
        let checked = self.position.check(&written)?;
        let text = written.to_string();
        self.position = self.position.play_unchecked(checked);
        self.history.push((side, text.clone()));
        self.typed.push(true);
        events.push(QuerniEvent::Played {
            side,
            turn: text,
            automatic: false,
        });
        self.settle(events);
        self.auto_pass(events);
        Ok(())
    }

    /// Applies an action at `now` (an earlier time than the last action's counts as that
    /// time: time never goes back, and untimed drivers may pass any time).
    fn act(&mut self, action: &QuerniAction, now: Millis) -> Result<Vec<QuerniEvent>, QuerniError> {
        let now = now.max(self.now);
        let mut events = Vec::new();
        if !self.status.is_over() {
            self.advance(now, &mut events);
        }
        self.now = now;
        if self.status.is_over() {
            return if *action == QuerniAction::Tick {
                Ok(events)
            } else {
                Err(QuerniError::Over(self.status))
            };
        }
        match action {
            QuerniAction::Tick => {}
            QuerniAction::Berserk { side } => {
                let done = self.clock.as_mut().is_some_and(|c| c.berserk(side.index()));
                if !done {
                    return Err(QuerniError::Berserk);
                }
                events.push(QuerniEvent::Berserked { side: *side });
            }
            QuerniAction::Resign { side } => {
                self.status = Status::Won {
                    winner: side.other(),
                    reason: WinReason::Resigned,
                };
                self.end(&mut events);
            }
            QuerniAction::Turn { side, turn } => {
                let mover = self.position.turn();
                self.play_turn(*side, turn, &mut events)?;
                if let Some(c) = &mut self.clock
                    && !self.status.is_over()
                {
                    // the mover's time is charged with the increment (nothing for a free
                    // first move); automatic passes after the turn did not use any time
                    let next = self.position.turn();
                    c.start(mover.index(), now);
                    c.press(now, next.index());
                }
                self.takeback_offer = None;
            }
            QuerniAction::OfferTakeback { side } => {
                if self.takeback_offer == Some(side.other()) {
                    self.take_back(side.other(), &mut events)?;
                } else {
                    self.last_turn_of(*side)?;
                    self.takeback_offer = Some(*side);
                    events.push(QuerniEvent::TakebackOffered { side: *side });
                }
            }
            QuerniAction::AcceptTakeback { side } | QuerniAction::DeclineTakeback { side } => {
                if self.takeback_offer != Some(side.other()) {
                    return Err(QuerniError::Takeback(format!(
                        "{} has not asked for a takeback",
                        side.other().name()
                    )));
                }
                if matches!(action, QuerniAction::AcceptTakeback { .. }) {
                    self.take_back(side.other(), &mut events)?;
                } else {
                    self.takeback_offer = None;
                    events.push(QuerniEvent::TakebackDeclined { side: *side });
                }
            }
        }
        Ok(events)
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
        now: Millis,
    ) -> Result<(Self, Vec<QuerniEvent>), QuerniError> {
        let start = config.start.unwrap_or_else(|| Position::start(seed));
        let status = start.status();
        if status.is_over() {
            return Err(QuerniError::StartOver(status));
        }
        let clock = config.clock.map(|tc| {
            let mut c = ChessClock::new(tc);
            c.start(start.turn().index(), now);
            c
        });
        let mut game = QuerniGame {
            start,
            position: start,
            status,
            history: Vec::new(),
            typed: Vec::new(),
            clock,
            takeback_offer: None,
            now,
        };
        let mut events = Vec::new();
        game.auto_pass(&mut events);
        Ok((game, events))
    }

    fn apply(
        &mut self,
        action: &QuerniAction,
        now: Millis,
    ) -> Result<Vec<QuerniEvent>, QuerniError> {
        tabula_core::game::transactional(self, |g| g.act(action, now))
    }

    fn next_deadline(&self) -> Option<Millis> {
        if self.status.is_over() {
            return None;
        }
        self.clock?.deadline()
    }

    fn is_over(&self) -> bool {
        self.status.is_over()
    }
}
