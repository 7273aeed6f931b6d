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
//!   an independent generator (`tests/chess/perft.rs`).
//!
//! # Examples
//!
//! Positions, moves and perft, on the 5x6 board and on 8x8:
//!
//! ```
//! use tabula_chess::{AnyPosition, Variant};
//!
//! let quickchess = Variant::parse("quickchess")?;
//! let start = AnyPosition::start(quickchess);
//! assert_eq!(start.fen(), "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1");
//! assert_eq!(start.legal_moves().len(), 6); // each pawn one step, and the knight
//! // a move in UCI hands back the new position (or the old one with the error)
//! let after = start.play_uci("a2a3")?;
//! assert_eq!(after.fen(), "rbkqn/ppppp/5/P4/1PPPP/RBKQN b - - 0 1");
//! assert!(start.play_uci("a2a4").is_err(), "pawns step one square in QuickChess");
//!
//! // the pawn on e5 rescues the one piece White has lost, a rook
//! let rescue = AnyPosition::from_fen(quickchess, "rbk2/4P/5/5/5/1BKQN w - - 0 1")?;
//! let m = rescue.parse_uci("e5e6r")?;
//! assert_eq!(rescue.san(&m), "e6=R+");
//!
//! let chess = AnyPosition::start(Variant::CHESS);
//! assert_eq!(chess.perft(3), 8_902);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A whole game (repetitions, draw offers, the result) and the engine:
//!
//! ```
//! use tabula_chess::engine::{Engine, Limits, Score, Unlimited};
//! use tabula_chess::{AnyPosition, ChessAction, ChessConfig, ChessGame, Color, Variant};
//! use tabula_core::Game;
//!
//! let config = ChessConfig { variant: "quickchess".into(), fen: None, clock: None };
//! let (mut game, _) = ChessGame::start(config, 1, 0)?;
//! game.apply(&ChessAction::Move { player: Color::White, uci: "a2a3".into() }, 1_000)?;
//! game.apply(&ChessAction::OfferDraw { player: Color::Black }, 2_000)?;
//! game.apply(&ChessAction::OfferDraw { player: Color::White }, 3_000)?; // accepted
//! assert_eq!(game.outcome().map(|o| o.result()), Some("1/2-1/2"));
//!
//! // the engine finds the mate in one
//! let pos = AnyPosition::from_fen(Variant::QUICKCHESS, "k4/2K2/5/5/5/4Q w - - 0 1")?;
//! let limits = Limits { depth: Some(4), nodes: None };
//! let result = Engine::new(1).search_any(&pos, &[], limits, &mut Unlimited);
//! assert_eq!(result.best.map(|m| pos.uci(&m)).as_deref(), Some("e1a1"));
//! assert_eq!(result.report.score, Score::Mate(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod any;
pub mod attacks;
pub mod engine;
pub mod exercise;
mod fen;
pub mod game;
pub mod geometry;
mod legality;
mod magics;
mod movegen;
pub mod moves;
mod notation;
mod perft;
pub mod pgn;
mod position;
pub mod puzzle;
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
