//! Correction history: what searches learnt about the static evaluation's errors.
//!
//! The evaluation misjudges some pawn structures the same way again and again (a passer it
//! underrates, a blocked wing it overrates). When a search result shows the evaluation was
//! off, the error is remembered under the side to move and a hash of both sides' pawns, and
//! later evaluations of positions with those pawns are moved by the remembered amount. The
//! pruning decisions that trust the static evaluation then err less.

use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Role};

/// Pawn-structure slots per side.
const SIZE: usize = 1 << 14;
/// Entries are centipawns times this, so small updates are not lost to rounding.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
pub const MAX: i32 = 80;

/// The table, by side to move and pawn structure.
#[derive(Clone, Debug)]
pub struct Corrections {
    entries: Vec<i32>,
}

impl Default for Corrections {
    fn default() -> Self {
        Corrections {
            entries: vec![0; 2 * SIZE],
        }
    }
}

impl Corrections {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The slot of `pos`: side to move and a multiplicative hash of each side's pawns.
    pub fn slot<G: Geometry>(pos: &Position<G>) -> usize {
        let white = pos.pieces(Color::White, Role::Pawn);
        let black = pos.pieces(Color::Black, Role::Pawn);
        let h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        pos.turn.index() * SIZE + (h >> 50) as usize
    }

    /// `raw`, the evaluation of a position in `slot`, plus the error learnt there.
    pub fn corrected(&self, raw: i32, slot: usize) -> i32 {
        raw + self.entries[slot] / GRAIN
    }

    /// Moves the correction of `slot` toward `error` (search result minus raw evaluation,
    /// limited to [`MAX`]), by a share that grows with the depth of the search that found it.
    pub fn learn(&mut self, slot: usize, error: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, 16);
        let entry = &mut self.entries[slot];
        let target = error.clamp(-MAX, MAX) * GRAIN;
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }
}

#[cfg(test)]
mod tests {
    use super::{Corrections, MAX};
    use crate::geometry::Mini;
    use crate::position::Position;
    use crate::variant::Variant;

    fn slot_of(fen: &str) -> usize {
        Corrections::slot(&Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap())
    }

    #[test]
    fn the_slot_depends_on_pawns_and_side_only() {
        let start = slot_of("rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1");
        // pieces moved, pawns unchanged: the same slot
        assert_eq!(start, slot_of("rbkq1/ppppp/4n/5/PPPPP/RBKQN w - - 0 1"));
        // black to move: the other side's half
        assert_ne!(start, slot_of("rbkqn/ppppp/5/5/PPPPP/RBKQN b - - 0 1"));
        // a pawn moved
        assert_ne!(start, slot_of("rbkqn/ppppp/5/P4/1PPPP/RBKQN w - - 0 1"));
    }

    #[test]
    fn corrections_approach_the_error_and_stay_bounded() {
        let mut c = Corrections::default();
        assert_eq!(c.corrected(37, 5), 37, "nothing learnt yet");
        for _ in 0..10 {
            c.learn(5, 60, 3);
        }
        let part = c.corrected(0, 5);
        assert!(
            part > 0 && part < 30,
            "shallow results move it part way: {part}"
        );
        for _ in 0..400 {
            c.learn(5, 60, 12);
        }
        assert!((55..=60).contains(&c.corrected(0, 5)));
        // a huge error moves it at most to the limit
        for _ in 0..400 {
            c.learn(5, -5000, 12);
        }
        assert!((-MAX..=-MAX + 5).contains(&c.corrected(0, 5)));
        assert_eq!(c.corrected(10, 6), 10, "other slots untouched");
        c.clear();
        assert_eq!(c.corrected(10, 5), 10);
    }
}
