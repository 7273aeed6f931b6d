//! Positions of one material as table indices, and back.
//!
//! The index of a position is `turn + 2 * (s0 + 30 s1 + 30^2 s2 + ...)` over the squares of
//! the material's slots ([`Material::slots`]). Every square-set has an index, so most indices
//! are not positions (two pieces on one square, a pawn on its first or last rank, identical
//! pieces out of ascending order, the side not to move in check): those hold
//! [`super::value::INVALID`]. Simple arithmetic beats a compact index here: a 5-piece table
//! of 48.6 million one-byte entries fits in memory easily.

use super::material::{Material, ROLES};
use crate::geometry::{Geometry, Mini, squares};
use crate::position::Position;
use crate::types::{Color, Piece, Role};
use crate::variant::Variant;

/// Squares of the 5x6 board.
pub const SQUARES: usize = 30;

/// The index arithmetic of one material.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The material.
    pub material: Material,
    slots: Vec<(Color, Role)>,
    len: usize,
}

impl Layout {
    /// The layout of `material`.
    pub fn new(material: Material) -> Layout {
        let slots = material.slots();
        let len = 2 * SQUARES.pow(slots.len() as u32);
        Layout {
            material,
            slots,
            len,
        }
    }

    /// Number of indices (valid or not).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: every layout has indices.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of a position of exactly this material (identical pieces in ascending square
    /// order, so every position has one index).
    pub fn index_of(&self, pos: &Position<Mini>) -> usize {
        let mut idx = 0usize;
        let mut scale = 2usize;
        for c in Color::ALL {
            let mut put = |bb: u64| {
                for s in squares(bb) {
                    idx += scale * s as usize;
                    scale *= SQUARES;
                }
            };
            put(pos.pieces(c, Role::King));
            for r in ROLES {
                put(pos.pieces(c, r));
            }
        }
        idx + pos.turn().index()
    }

    /// The position at `idx`, built with `variant`'s rules, or `None` if the index is not a
    /// legal position of this material.
    pub fn position(&self, idx: usize, variant: Variant) -> Option<Position<Mini>> {
        let turn = if idx.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let mut rest = idx / 2;
        let mut p = Position::<Mini>::empty(variant, turn);
        let mut previous: Option<((Color, Role), u8)> = None;
        for &(color, role) in &self.slots {
            let sq = (rest % SQUARES) as u8;
            rest /= SQUARES;
            if p.occupied() >> sq & 1 == 1 {
                return None;
            }
            // identical pieces only in ascending order: one index per position
            if let Some((kind, before)) = previous
                && kind == (color, role)
                && before > sq
            {
                return None;
            }
            if role == Role::Pawn {
                let rank = sq / Mini::W;
                if rank == 0 || rank == Mini::H - 1 {
                    return None;
                }
            }
            p.put(sq, Piece { color, role });
            previous = Some(((color, role), sq));
        }
        // the side that just moved may not have left its king attacked (kings side by side
        // included)
        let them = turn.other();
        let k = p.king(them)?;
        if p.attackers(k, turn, p.occupied()) != 0 {
            return None;
        }
        Some(p)
    }
}

/// The position with colours exchanged and the board turned upside down (rank 1 <-> 6), the
/// side to move exchanged too: the same game seen from the other side.
pub fn flip(pos: &Position<Mini>) -> Position<Mini> {
    let mut p = Position::<Mini>::empty(pos.variant(), pos.turn().other());
    for c in Color::ALL {
        for r in Role::ALL {
            for s in squares(pos.pieces(c, r)) {
                let mirrored = (Mini::H - 1 - s / Mini::W) * Mini::W + s % Mini::W;
                p.put(
                    mirrored,
                    Piece {
                        color: c.other(),
                        role: r,
                    },
                );
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_and_positions_round_trip() {
        let m = Material::parse("KRPvKB").unwrap();
        let layout = Layout::new(m);
        assert_eq!(layout.len(), 2 * 30usize.pow(5));
        let v = Variant::QUICKCHESS;
        let p = Position::<Mini>::from_fen(v, "1b3/4k/5/1P3/2K2/R4 b - - 0 1").unwrap();
        let idx = layout.index_of(&p);
        let back = layout.position(idx, v).unwrap();
        assert_eq!(back.fen(), p.fen());
        // two white pawns: only the ascending order is a position
        let layout = Layout::new(Material::parse("KPPvK").unwrap());
        let p = Position::<Mini>::from_fen(v, "4k/5/1P3/P4/5/2K2 w - - 0 1").unwrap();
        let idx = layout.index_of(&p);
        assert_eq!(layout.position(idx, v).unwrap().fen(), p.fen());
        let valid = (0..layout.len())
            .filter(|&i| layout.position(i, v).is_some())
            .count();
        assert!(
            valid < layout.len() / 2,
            "{valid} valid of {}",
            layout.len()
        );
    }

    #[test]
    fn a_flip_is_its_own_inverse() {
        let v = Variant::QUICKCHESS;
        let p = Position::<Mini>::from_fen(v, "1b3/4k/5/1P3/2K2/R4 b - - 0 1").unwrap();
        let f = flip(&p);
        assert_eq!(f.fen(), "r4/2k2/1p3/5/4K/1B3 w - - 0 1");
        assert_eq!(flip(&f).fen(), p.fen());
    }
}
