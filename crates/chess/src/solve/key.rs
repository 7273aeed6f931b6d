//! Exact keys: a lesson position in 128 bits, and its slice (everything a non-pawn piece's
//! move leaves unchanged).

use crate::geometry::{Mini, squares};
use crate::position::Position;
use crate::types::{Color, Role};

/// Every square's occupant in 4 bits (0 empty, 1 + colour * 6 + role), the side to move, the
/// en passant file and the Rescue-the-Queen flags: equal keys are equal positions (clocks
/// aside), whatever the Zobrist keys say.
pub fn position_key(pos: &Position<Mini>) -> u128 {
    let mut k = 0u128;
    for c in Color::ALL {
        for r in Role::ALL {
            let code = 1 + c.index() as u128 * 6 + r.index() as u128;
            for s in squares(pos.pieces(c, r)) {
                k |= code << (4 * u32::from(s));
            }
        }
    }
    k | tail(pos) << 120 | (pos.turn().index() as u128) << 127
}

/// En passant file (7: none) and the rescued flags, 5 bits.
fn tail(pos: &Position<Mini>) -> u128 {
    let ep = pos.ep_square().map_or(7, |s| u128::from(s % 5));
    ep | u128::from(pos.rescued(Color::White)) << 3 | u128::from(pos.rescued(Color::Black)) << 4
}

/// The slice: both sides' pawns, the en passant file, the rescued flags and how many pieces of
/// each kind each side has. Only a capture, a pawn move or a promotion changes it, and none of
/// those can be undone, so slices are never revisited.
pub fn slice_key(pos: &Position<Mini>) -> u128 {
    let mut k = u128::from(pos.pieces(Color::White, Role::Pawn))
        | u128::from(pos.pieces(Color::Black, Role::Pawn)) << 30;
    let mut shift = 60;
    for c in Color::ALL {
        for r in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            k |= u128::from(pos.pieces(c, r).count_ones()) << shift;
            shift += 3;
        }
    }
    k | tail(pos) << 90
}
