//! Querni, the numbered-chain duel, as fixed by RULES.md section 3.
//!
//! * [`position`]: the 10x7 board, pieces, the starting position and the position notation.
//! * [`turn`]: turns (movement, removal, both, or a pass) and their notation.
//! * [`rules`]: movement generation (steps and jump sequences), chains and removals, playing
//!   a turn, and the end of the game.
//! * [`eval`], [`search`], [`plan`], [`players`]: the computer opponent (alpha-beta search and
//!   the race planner) and the baseline players.
//! * [`game`]: a whole game as a [`tabula_core::Game`] state machine (automatic passes,
//!   resignation, history) for the terminal and the server.
#![deny(missing_docs)]

pub mod eval;
pub mod game;
pub mod plan;
pub mod players;
pub mod position;
pub mod rules;
pub mod search;
pub mod sim;
pub mod turn;

pub use game::{QuerniAction, QuerniConfig, QuerniEvent, QuerniGame};
pub use players::{MAX_LEVEL, Player};
pub use position::{NotationError, Position, Side};
pub use rules::{Status, TurnError, WinReason};
pub use search::{Budget, SearchResult, Searcher};
pub use turn::{Movement, Removal, Turn, TurnText};
