//! "Which squares next to your king may it not step on?": a seeded position and its answer.
//!
//! The answer comes from the attack tables, the way the rules define it: in King's Conquest
//! (no check) a king may not step next to the other king; under the check rules of full
//! QuickChess it may not step onto a square Black attacks (looking through the square the king
//! leaves, so stepping back along a rook's line is no escape); and never onto its own pieces.

use super::ExerciseError;
use crate::geometry::{Geometry, Mini, squares};
use crate::position::Position;
use crate::types::{Color, Piece, Role};
use crate::variant::{Family, Variant};
use tabula_core::rng::{ChaCha8Rng, Rng, mix, seeded};

/// A king-squares exercise: White's king among other pieces, White to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingSquares {
    /// The position (White to move).
    pub position: Position<Mini>,
    /// The white king's square.
    pub king: u8,
    /// The squares next to the king.
    pub neighbours: u64,
    /// Those of them it may not step on.
    pub forbidden: u64,
}

/// How many positions are tried before giving up.
const TRIES: usize = 2_000;

/// The squares next to `king` that White's king may not step on in `p`, by the attack
/// tables (not by generating moves, so the move generator can check it).
pub fn forbidden_squares(p: &Position<Mini>, king: u8) -> u64 {
    let t = Mini::tables();
    let neighbours = t.king(king);
    let own = p.by_color(Color::White);
    let barred = if p.variant().has_check() {
        // the king is not in the way of the attacks on the squares behind it
        let occ = p.occupied() & !(1u64 << king);
        squares(neighbours)
            .filter(|&s| p.attackers(s, Color::Black, occ) != 0)
            .fold(0u64, |bb, s| bb | 1u64 << s)
    } else {
        p.king(Color::Black).map_or(0, |k| t.king(k))
    };
    neighbours & (own | barred)
}

/// A king-squares exercise for `variant` (King's Conquest, Mix & Match with a king, or full
/// QuickChess with its check rules), made from `seed`: at least two squares barred and at
/// least one free.
pub fn king_squares(variant: Variant, seed: u64) -> Result<KingSquares, ExerciseError> {
    let checked = matches!(variant.family, Family::QuickChess);
    let lesson_king = matches!(variant.family, Family::Lesson(set) if set.has_king());
    if !checked && !lesson_king {
        return Err(ExerciseError::NotForVariant {
            variant: variant.name(),
            what: "king-squares",
            expected: "kings-conquest, a mix: with K, or quickchess",
        });
    }
    let mut rng = seeded(mix(&[seed, 0x4B_1A_65]));
    let t = Mini::tables();
    for _ in 0..TRIES {
        // the king away from the edge, so it has eight squares about it
        let king = (rng.random_range(1..=4u8)) * Mini::W + rng.random_range(1..=3u8);
        let Some(pos) = place_around(variant, king, checked, &mut rng) else {
            continue;
        };
        if pos.check_rules().is_err() || pos.outcome().is_some() || pos.is_check() {
            continue;
        }
        let neighbours = t.king(king);
        let forbidden = forbidden_squares(&pos, king);
        let barred_by_black = forbidden & !pos.by_color(Color::White);
        let free = neighbours & !forbidden;
        if barred_by_black.count_ones() >= 2 && free.count_ones() >= 2 {
            return Ok(KingSquares {
                position: pos,
                king,
                neighbours,
                forbidden,
            });
        }
    }
    Err(ExerciseError::NotFound {
        variant: variant.name(),
        what: "king-squares",
        seed,
    })
}

/// The king on `king`, Black's king two squares away, and a few pieces: for King's Conquest a
/// pawn of each side, for full QuickChess two different pieces of Black's and a white pawn.
fn place_around(
    variant: Variant,
    king: u8,
    checked: bool,
    rng: &mut ChaCha8Rng,
) -> Option<Position<Mini>> {
    let t = Mini::tables();
    let mut pos = Position::<Mini>::empty(variant, Color::White);
    let mut taken = 1u64 << king;
    let white = |role| Piece {
        color: Color::White,
        role,
    };
    let black = |role| Piece {
        color: Color::Black,
        role,
    };
    pos.place(king, white(Role::King));
    // two steps away: near enough to share squares, not next to each other
    let near =
        squares(t.king(king)).fold(0u64, |bb, s| bb | t.king(s)) & !(t.king(king) | 1u64 << king);
    let other = pick(near, rng)?;
    pos.place(other, black(Role::King));
    taken |= 1u64 << other;
    let middle = Mini::rank(1) | Mini::rank(2) | Mini::rank(3) | Mini::rank(4);
    let mut put = |pos: &mut Position<Mini>, piece: Piece, area: u64, rng: &mut ChaCha8Rng| {
        let sq = pick(area & !taken, rng)?;
        pos.place(sq, piece);
        taken |= 1u64 << sq;
        Some(())
    };
    put(&mut pos, white(Role::Pawn), middle, rng)?;
    if checked {
        // two different pieces, as a game would have them (one queen, one rook, ...)
        const ATTACKERS: [Role; 4] = [Role::Rook, Role::Bishop, Role::Knight, Role::Queen];
        let first = rng.random_range(0..ATTACKERS.len());
        let second = (first + rng.random_range(1..ATTACKERS.len())) % ATTACKERS.len();
        for i in [first, second] {
            put(&mut pos, black(ATTACKERS[i]), Mini::ALL, rng)?;
        }
    } else {
        put(&mut pos, black(Role::Pawn), middle, rng)?;
    }
    Some(pos)
}

/// A random square of `bb`.
fn pick(bb: u64, rng: &mut ChaCha8Rng) -> Option<u8> {
    let list: Vec<u8> = squares(bb).collect();
    (!list.is_empty()).then(|| list[rng.random_range(0..list.len())])
}
