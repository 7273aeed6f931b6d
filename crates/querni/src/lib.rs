//! Querni, the numbered-chain duel, as fixed by RULES.md section 3.
//!
//! * [`position`]: the 10x7 board, pieces, the starting position and the position notation.
//! * [`turn`]: turns (movement, removal, both, or a pass) and their notation.
//! * [`rules`]: movement generation (steps and jump sequences), chains and removals, playing
//!   a turn, and the end of the game.
//! * [`eval`], [`search`], [`plan`], [`players`]: the computer opponent (alpha-beta search and
//!   the race planner) and the baseline players; [`race`], an experiment towards a stronger
//!   top level, measured but not played.
//! * [`exact`], [`proof`]: exact knowledge near the end: the fewest turns of a race with the
//!   opponent standing still, and which side forces its win whatever the other does (the
//!   coach's verdict).
//! * [`game`]: a whole game as a [`tabula_core::Game`] state machine (automatic passes,
//!   resignation, history) for the terminal and the server.
//!
//! # Examples
//!
//! ```
//! use tabula_querni::{Position, Searcher, Side, Status};
//! use tabula_querni::players::best_turn;
//!
//! // the starting position of seed 7: blue (capitals) on ranks 1-2 moves first
//! let start = Position::start(7);
//! assert_eq!(start.to_string(), "1naipkejm1/1oclgbdhf1/10/10/10/1DEIHOBAG1/1MLFCJNPK1 b 0");
//! assert_eq!(start.turn(), Side::Blue);
//!
//! // a jump sequence over two pieces, then a chain of 4-5-6 is removed
//! let (_, after) = start.play("e1:c3:a1 x4-6")?;
//! assert_eq!(after.to_string(), "1naipkejm1/1oclgbdhf1/10/10/10/3IHOBAG1/CML2JNPK1 r 0");
//! assert_eq!(after.status(), Status::Ongoing);
//!
//! // a refused turn says why, and the position is unchanged
//! let err = start.play("c2:e4").unwrap_err();
//! assert!(err.to_string().contains("there is no piece on d3 to jump over"));
//!
//! // the computer's choice at level 1 (a one-turn look-ahead), deterministic for a seed
//! let choice = best_turn(&start, 1, 1, &mut Searcher::default(), &mut || false);
//! assert_eq!(start.describe(choice.turn()).to_string(), "i1:g3 x4-6");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod eval;
pub mod exact;
pub mod game;
pub mod plan;
pub mod players;
pub mod position;
pub mod proof;
pub mod puzzle;
pub mod race;
pub mod review;
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
