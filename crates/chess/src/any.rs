//! A position of any variant, whatever its board: what the CLI and the server hold.

use crate::geometry::{Geometry, Mini, Standard};
use crate::moves::Move;
use crate::notation::{PlayError, UciError};
use crate::position::{FenError, Position};
use crate::status::Outcome;
use crate::types::{Color, Piece, Role};
use crate::variant::Variant;

/// A position on the 5x6 or the 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// A QuickChess game (5x6).
    Mini(Position<Mini>),
    /// 8x8 chess.
    Standard(Position<Standard>),
}

macro_rules! each {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            AnyPosition::Mini($p) => $e,
            AnyPosition::Standard($p) => $e,
        }
    };
}

impl AnyPosition {
    /// The start position of `variant` (Blind: an empty board, before the placements).
    pub fn start(variant: Variant) -> AnyPosition {
        if variant.family == crate::variant::Family::Blind {
            return AnyPosition::Mini(Position::empty(variant, Color::White));
        }
        AnyPosition::from_fen(variant, &variant.start_fen())
            .expect("every variant's start FEN is valid")
    }

    /// Parses a FEN of `variant`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyPosition, FenError> {
        if variant.is_8x8() {
            Position::<Standard>::from_fen(variant, fen).map(AnyPosition::Standard)
        } else {
            Position::<Mini>::from_fen(variant, fen).map(AnyPosition::Mini)
        }
    }

    /// Board width in files.
    pub fn width(&self) -> u8 {
        each!(self, _p => width_of(_p))
    }

    /// Board height in ranks.
    pub fn height(&self) -> u8 {
        match self {
            AnyPosition::Mini(_) => Mini::H,
            AnyPosition::Standard(_) => Standard::H,
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        each!(self, p => p.variant())
    }

    /// FEN.
    pub fn fen(&self) -> String {
        each!(self, p => p.fen())
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        each!(self, p => p.turn())
    }

    /// Zobrist key.
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// The piece on a square index (`rank * width + file`).
    pub fn piece_at(&self, sq: u8) -> Option<Piece> {
        each!(self, p => p.piece_at(sq))
    }

    /// Legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        each!(self, p => p.legal_moves().0)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        each!(self, p => p.is_check())
    }

    /// The outcome on the board (repetition aside).
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// The move in UCI.
    pub fn uci(&self, m: &Move) -> String {
        each!(self, p => p.uci(m))
    }

    /// The move in SAN.
    pub fn san(&self, m: &Move) -> String {
        each!(self, p => p.san(m))
    }

    /// Finds the legal move written in UCI.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        each!(self, p => p.parse_uci(text))
    }

    /// Plays a legal move (from this position's list).
    pub fn play_unchecked(&self, m: Move) -> AnyPosition {
        match self {
            AnyPosition::Mini(p) => AnyPosition::Mini(p.play_unchecked(m)),
            AnyPosition::Standard(p) => AnyPosition::Standard(p.play_unchecked(m)),
        }
    }

    /// Plays a move given in UCI, or hands the position back with the reason.
    pub fn play_uci(self, text: &str) -> Result<AnyPosition, PlayError<AnyPosition>> {
        match self {
            AnyPosition::Mini(p) => {
                p.play_uci(text)
                    .map(AnyPosition::Mini)
                    .map_err(|e| PlayError {
                        message: e.message,
                        position: Box::new(AnyPosition::Mini(*e.position)),
                    })
            }
            AnyPosition::Standard(p) => {
                p.play_uci(text)
                    .map(AnyPosition::Standard)
                    .map_err(|e| PlayError {
                        message: e.message,
                        position: Box::new(AnyPosition::Standard(*e.position)),
                    })
            }
        }
    }

    /// Perft.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, p => p.perft(depth))
    }

    /// Perft by first move.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        each!(self, p => p.divide(depth))
    }

    /// Kinds a pawn of `c` may become on the last rank now.
    pub fn promotion_roles(&self, c: Color) -> Vec<Role> {
        each!(self, p => p.promotion_roles(c).to_vec())
    }

    /// The move number (starts at 1, grows after Black moves).
    pub fn fullmoves(&self) -> u32 {
        each!(self, p => p.fullmoves())
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        each!(self, p => p.halfmoves())
    }

    /// Name of a square index.
    pub fn square_name(&self, sq: u8) -> String {
        crate::geometry::square_name(sq, self.width())
    }
}

fn width_of<G: Geometry>(_p: &Position<G>) -> u8 {
    G::W
}
