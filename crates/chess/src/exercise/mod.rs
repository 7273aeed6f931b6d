//! Exercises of Learn QuickChess, made up from a seed and proved by the rules engine.
//!
//! Each box of the booklet's path teaches one piece; its exercises are positions on the 5x6
//! board whose answers the engine works out, never answers typed in by hand:
//!
//! - [`capture_all`]: the box's piece and a few black pawns; a breadth-first search over the
//!   piece's legal moves (the move generator of the box's own lesson game) proves the fewest
//!   moves that capture every pawn. **[ours]** Black's pawns stand still while the piece
//!   moves, as if Black passed every turn: the exercise is about the piece's moves, and a
//!   pawn that walked away would make "in N moves" depend on Black's choices.
//! - [`king_squares`]: a king with pieces about it; which of the squares next to it the king
//!   may not step on comes from the attack tables (a square next to the other king in King's
//!   Conquest, an attacked square under the check rules of full QuickChess, or one of its own
//!   pieces).
//!
//! The generators are pure and seeded: the same variant and seed give the same exercise.
//!
//! ```
//! use tabula_chess::exercise::{capture_all, king_squares};
//! use tabula_chess::Variant;
//!
//! let rooks = Variant::parse("raging-rooks")?;
//! let e = capture_all(rooks, 7)?;
//! assert!(e.pawns.count_ones() >= 2);
//! assert_eq!(e.solution.len(), e.minimum as usize);
//!
//! let full = Variant::parse("quickchess")?;
//! let k = king_squares(full, 7)?;
//! assert!(k.forbidden != 0 && k.forbidden & !k.neighbours == 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod capture;
mod king;
#[cfg(test)]
mod tests;

pub use capture::{CaptureAll, capture_all, fewest_moves_to_capture_all};
pub use king::{KingSquares, forbidden_squares, king_squares};

use crate::types::Role;
use crate::variant::{Family, Variant};

/// Why no exercise could be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExerciseError {
    /// The variant is not one of the boxes this kind of exercise belongs to.
    #[error("`{variant}` has no {what} exercise: {expected}")]
    NotForVariant {
        /// The variant's name.
        variant: String,
        /// The kind of exercise.
        what: &'static str,
        /// The variants that have one.
        expected: &'static str,
    },
    /// No position with a proved answer was found within the search's bounds (the unit
    /// tests show every box finds one for many seeds; this is the guard, not the rule).
    #[error("no {what} exercise found for `{variant}` with seed {seed}")]
    NotFound {
        /// The variant's name.
        variant: String,
        /// The kind of exercise.
        what: &'static str,
        /// The seed.
        seed: u64,
    },
}

/// The piece a box teaches: the pawn in Power Pawns and Rescue the Queen, the one piece a
/// single-piece lesson adds (King's Conquest, Raging Rooks, Bishops, Mean Queens, Krazy
/// Knights); none for Mix & Match and the full games.
pub fn lesson_piece(variant: Variant) -> Option<Role> {
    match variant.family {
        Family::PowerPawns | Family::RescueTheQueen => Some(Role::Pawn),
        Family::Lesson(set) if set.0.count_ones() == 1 => crate::variant::PieceSet::LETTERS
            .iter()
            .find(|&&l| set.has(l))
            .and_then(|&l| Role::from_char(l)),
        _ => None,
    }
}
