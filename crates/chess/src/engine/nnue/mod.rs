//! A learned evaluation of the 5x6 QuickChess boards: a small efficiently updatable neural
//! network (NNUE), trained on our own self-play positions (BENCHMARKS.md says how).
//!
//! The network sees the board from both sides. Each side's view (a *perspective*) has one
//! input per (piece colour relative to that side, piece kind, square), 2 x 6 x 30 = 360 inputs,
//! with the board mirrored top to bottom for Black, so that both sides see their own pieces
//! coming from the bottom: a position and its colour-flipped mirror then look the same to the
//! side to move and score the same, which halves what the network must learn. One hidden layer
//! of [`HIDDEN`] neurons, shared by both perspectives, sums the weights of the inputs that are
//! present (the *accumulator*); a move changes two to four inputs, so the search updates the
//! accumulators by those rows instead of summing all pieces again ([`stack`]). The two
//! accumulators, the side to move's first, pass through a squared clipped ReLU to one output:
//! the score in centipawns for the side to move. The output layer may have several sets of
//! weights (*output buckets*, up to [`MAX_BUCKETS`]), one chosen by the number of pieces on
//! the board ([`bucket`]): an ending is then judged by weights of its own, not by a compromise
//! with the opening, at no cost to the accumulators.
//!
//! Weights are integers (the hidden layer scaled by [`QA`], the output layer by [`QB`]), so the evaluation is exact and identical on every machine, and fixed-size
//! `i16` arrays let the compiler vectorise the sums without `unsafe`. The trained network is
//! embedded in the binary ([`embedded`]); its file format ([`format`]) carries a version, the
//! network's shape and a checksum, and a file that does not match is refused with an error.
//! [`FloatNetwork`] is the same network in floating point, as the trainer holds it, with the
//! quantisation that turns it into a file.
//!
//! The network covers full QuickChess on the 5x6 board with its three setups and rules
//! ([`covers`]); lesson games and 8x8 chess keep the hand-written evaluation.

pub mod float;
pub mod format;
mod network;
pub(crate) mod stack;

pub use float::FloatNetwork;
pub use format::NetError;
pub use network::{Accumulator, Network};

use crate::geometry::{Mini, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::{Family, Variant};
use std::sync::{Arc, OnceLock};

/// Squares of the 5x6 board.
pub const SQUARES: usize = 30;
/// Inputs of one perspective: (own or opposing piece, kind, square).
pub const INPUTS: usize = 2 * 6 * SQUARES;
/// Neurons of the hidden layer (per perspective).
pub const HIDDEN: usize = 256;
/// The hidden layer's scale: its float weights times `QA` are the integers; an accumulator of
/// `QA` is the activation's clip at 1.0.
pub const QA: i32 = 255;
/// The output layer's scale (fine, since the activations are rounded to eight bits).
pub const QB: i32 = 1024;
/// Centipawns per unit of the network's float output.
pub const SCALE: i32 = 400;
/// The largest evaluation the network gives, in centipawns (far from mate scores).
pub const LIMIT: i32 = 10_000;
/// The most output buckets a network file may have.
pub const MAX_BUCKETS: usize = 8;
/// The most pieces a covered position holds: full QuickChess's twenty at the start (a pawn's
/// promotion or rescue replaces it).
const MOST_PIECES: usize = 20;

/// The output bucket, of `buckets`, that scores a board with `pieces` pieces: the range from
/// the two kings to the twenty of the start cut into `buckets` equal parts (with one bucket,
/// always 0).
#[inline]
pub fn bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / (MOST_PIECES - 1)).min(buckets.max(1) - 1)
}

/// The square seen from `perspective`: Black's view is mirrored top to bottom.
#[inline]
pub fn oriented(perspective: Color, sq: u8) -> usize {
    let sq = usize::from(sq);
    match perspective {
        Color::White => sq,
        Color::Black => (5 - sq / 5) * 5 + sq % 5,
    }
}

/// The input of a piece (`color`, `role`) on `sq` in `perspective`'s view.
#[inline]
pub fn feature(perspective: Color, color: Color, role: Role, sq: u8) -> usize {
    let theirs = usize::from(color != perspective);
    (theirs * 6 + role.index()) * SQUARES + oriented(perspective, sq)
}

/// The inputs present in `pos` for `perspective`, in no particular order.
pub fn features(pos: &Position<Mini>, perspective: Color) -> Vec<usize> {
    let mut out = Vec::with_capacity(pos.occupied().count_ones() as usize);
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in squares(pos.pieces(color, role)) {
                out.push(feature(perspective, color, role, sq));
            }
        }
    }
    out
}

/// Whether the network evaluates positions of `variant`: full QuickChess on the 5x6 board
/// (the box setup with the rescue rule, the classic setup, and Fairy-Stockfish's version),
/// without test options. Lesson games win differently and 8x8 is another board.
pub fn covers(variant: Variant) -> bool {
    matches!(
        variant.family,
        Family::QuickChess | Family::QuickChessClassic | Family::QuickChessFsf
    ) && !variant.blasters
        && variant.promotion_override.is_none()
}

/// The network file built into the engine.
const EMBEDDED: &[u8] = include_bytes!("quickchess.nnue");

/// The embedded network, read once; an error if the file built in is not a network this code
/// can use (then the engine keeps the hand-written evaluation).
pub fn embedded() -> Result<&'static Arc<Network>, &'static NetError> {
    static NET: OnceLock<Result<Arc<Network>, NetError>> = OnceLock::new();
    NET.get_or_init(|| Network::from_bytes(EMBEDDED).map(Arc::new))
        .as_ref()
}

/// The network's score of `pos` for the side to move, in centipawns, summed from scratch;
/// `None` when the network does not cover the variant or is not available.
pub fn evaluate(pos: &Position<Mini>) -> Option<i32> {
    if !covers(pos.variant()) {
        return None;
    }
    let net = embedded().ok()?;
    Some(net.evaluate(pos))
}

#[cfg(test)]
mod tests;
