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
//!
//! # Examples
//!
//! ```
//! use tabula_core::{ArrangementRanker, Square, Symmetry};
//!
//! // squares are named as on a chessboard, here on a 3x3 board
//! let b3 = Square::parse("b3", 3, 3)?;
//! assert_eq!((b3.file, b3.rank), (1, 2));
//! assert!(Square::parse("d1", 3, 3).is_err());
//!
//! // a quarter turn clockwise takes the top middle square to the right middle one
//! assert_eq!(Symmetry::Rotate90.apply(b3, 3).to_string(), "c2");
//! assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate270), Symmetry::Identity);
//!
//! // two empty squares, two of kind 1 and five of kind 2 on nine squares:
//! // 9! / (2! 2! 5!) = 756 arrangements, ranked 0..756 and back
//! let ranker = ArrangementRanker::new(&[2, 2, 5])?;
//! assert_eq!(ranker.total(), 756);
//! let cells = [1, 0, 2, 2, 0, 2, 1, 2, 2];
//! assert_eq!(ranker.unrank(ranker.rank(&cells)), cells);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod clock;
pub mod game;
pub mod grid;
pub mod rank;
pub mod review;
pub mod rng;
pub mod short_id;
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
