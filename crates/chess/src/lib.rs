//! Variant chess for Tabula: the QuickChess lesson games, full QuickChess with its options,
//! and traditional 8x8 chess, in one rules engine.
//!
//! - [`Variant`]: every game of the booklet (and 8x8 chess) with its options; all rules are
//!   derived from it.
//! - [`Position`]: a position on a board geometry ([`Mini`] 5x6 or [`Standard`] 8x8), with
//!   FEN, legal moves, copy-make [`Position::play`] that hands the position back on error,
//!   SAN and UCI, a Zobrist key, and the game's outcome; [`AnyPosition`] hides the geometry.
//! - [`solve`]: the lesson games solved by retrograde analysis over pawn-structure slices,
//!   with proofs a separate verifier replays.
//! - [`tablebase`]: exact win/draw/loss and distance-to-mate tables of QuickChess endings,
//!   built by retrograde analysis and checked against the move generator.
//! - Perft ([`Position::perft`]) checks the generator against Fairy-Stockfish, shakmaty and
//!   an independent generator (`tests/perft.rs`).
#![deny(missing_docs)]

mod any;
pub mod attacks;
pub mod engine;
mod fen;
pub mod game;
pub mod geometry;
mod legality;
mod magics;
mod movegen;
pub mod moves;
mod notation;
mod perft;
mod position;
pub mod solve;
mod status;
pub mod tablebase;
pub mod types;
pub mod variant;
pub mod zobrist;

pub use any::AnyPosition;
pub use fen::parse_square;
pub use game::{ChessAction, ChessConfig, ChessError, ChessEvent, ChessGame, TimeControl};
pub use geometry::{Geometry, Mini, Standard};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::{PlayError, UciError};
pub use position::{FenError, Position, Promotions};
pub use status::{DrawReason, Outcome, TieBreakCause, WinReason};
pub use types::{Color, Piece, Role};
pub use variant::{Family, Objective, PieceSet, Promotion, Variant, VariantError};
