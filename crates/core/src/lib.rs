//! Shared building blocks for every Tabula game.
//!
//! Nothing here knows about a particular game. The pieces are small and pure:
//!
//! - [`Square`]: a square of a rectangular board, written `a1` style (files from the left,
//!   ranks from the bottom, as RULES.md fixes for every game);
//! - [`grid`]: parsing of board strings (`bgr/.j./rbg`) into cells, with errors that name the
//!   offending character and its position;
//! - [`Symmetry`]: the eight symmetries of a square board (the dihedral group D4), used for
//!   task rotations in Check Mates and card turns and mirrors in The Royal Study;
//! - [`SquareSet`]: a small bit-set of squares;
//! - [`ArrangementRanker`]: a bijection between arrangements of a multiset of tokens on a board
//!   and dense integers, so solvers can index tables by state;
//! - [`rng`]: seeded, platform-independent randomness;
//! - [`Game`]: the deterministic, replayable state machine every game implements;
//! - [`clock`]: a two-sided game clock with base time and increment (QuickChess, Querni).
#![deny(missing_docs)]

pub mod clock;
pub mod game;
pub mod grid;
pub mod rank;
pub mod rng;
pub mod square;
pub mod squareset;
pub mod symmetry;

pub use clock::{ChessClock, TimeControl};
pub use game::{Game, Millis, ReplayError};
pub use grid::{GridCell, GridError, parse_grid};
pub use rank::{ArrangementRanker, RankerError};
pub use square::{Square, SquareError};
pub use squareset::SquareSet;
pub use symmetry::Symmetry;
