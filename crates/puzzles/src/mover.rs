//! How the pieces of both 3x3 games move.
//!
//! Every token moves onto an empty square and nothing is captured, so a move is legal when its
//! geometry fits the piece and the squares it passes over are empty. On a 3x3 board "any
//! distance" is at most two squares, so The Royal Study's rook, bishop and queen move exactly
//! like Check Mates' chess-side rook and queen ("1 or 2 squares").

use tabula_core::{Square, SquareSet};

/// A way of moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// One square up, down, left or right (Check Mates sliding side).
    Step,
    /// Exactly one square in any of the eight directions.
    King,
    /// Along a rank or file, not passing over tokens.
    Rook,
    /// Along a diagonal, not passing over tokens.
    Bishop,
    /// Like a rook or a bishop.
    Queen,
    /// An L (two squares one way, one square to the side), jumping over tokens.
    Knight,
}

impl Mover {
    /// The rule in words, for referee messages.
    pub const fn rule(self) -> &'static str {
        match self {
            Mover::Step => "moves one square up, down, left or right",
            Mover::King => "moves exactly one square in any direction",
            Mover::Rook => "moves along a rank or a file",
            Mover::Bishop => "moves along a diagonal",
            Mover::Queen => "moves along a rank, a file or a diagonal",
            Mover::Knight => "moves in an L: two squares one way and one to the side",
        }
    }

    /// If this piece's geometry allows `from` -> `to` (3x3 indices), the squares it passes
    /// over (which must be empty); `None` if the piece never moves like that.
    pub fn passes_over(self, from: u8, to: u8) -> Option<SquareSet> {
        let (a, b) = (Square::from_index(from, 3), Square::from_index(to, 3));
        let df = i8::try_from(b.file).ok()? - i8::try_from(a.file).ok()?;
        let dr = i8::try_from(b.rank).ok()? - i8::try_from(a.rank).ok()?;
        if from == to || from > 8 || to > 8 {
            return None;
        }
        let (adf, adr) = (df.abs(), dr.abs());
        let straight = adf == 0 || adr == 0;
        let diagonal = adf == adr;
        let fits = match self {
            Mover::Step => adf + adr == 1,
            Mover::King => adf.max(adr) == 1,
            Mover::Rook => straight,
            Mover::Bishop => diagonal,
            Mover::Queen => straight || diagonal,
            Mover::Knight => (adf == 1 && adr == 2) || (adf == 2 && adr == 1),
        };
        if !fits {
            return None;
        }
        if self == Mover::Knight || adf.max(adr) == 1 {
            return Some(SquareSet::EMPTY);
        }
        // A two-square line move passes over the square between.
        let mid = Square::new((a.file as i8 + df / 2) as u8, (a.rank as i8 + dr / 2) as u8);
        Some(SquareSet::single(mid.index(3)))
    }
}

/// All geometric moves of one mover from each square: `(to, squares passed over)`.
#[derive(Clone, Debug)]
pub struct MoveTable {
    from: [Vec<(u8, SquareSet)>; 9],
}

impl MoveTable {
    /// The table for `mover`.
    pub fn new(mover: Mover) -> Self {
        Self {
            from: std::array::from_fn(|from| {
                (0..9u8)
                    .filter_map(|to| mover.passes_over(from as u8, to).map(|over| (to, over)))
                    .collect()
            }),
        }
    }

    /// Destinations from `from` with the squares passed over.
    pub fn targets(&self, from: u8) -> &[(u8, SquareSet)] {
        &self.from[from as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idx(s: &str) -> u8 {
        Square::parse(s, 3, 3).unwrap().index(3)
    }

    #[test]
    fn move_counts_from_each_kind_of_square() {
        // (mover, from corner, from edge, from centre) on an empty board
        let cases = [
            (Mover::Step, 2, 3, 4),
            (Mover::King, 3, 5, 8),
            (Mover::Rook, 4, 4, 4),
            (Mover::Bishop, 2, 2, 4),
            (Mover::Queen, 6, 6, 8),
            (Mover::Knight, 2, 2, 0),
        ];
        for (m, corner, edge, centre) in cases {
            let t = MoveTable::new(m);
            assert_eq!(t.targets(idx("a1")).len(), corner, "{m:?} corner");
            assert_eq!(t.targets(idx("b1")).len(), edge, "{m:?} edge");
            assert_eq!(t.targets(idx("b2")).len(), centre, "{m:?} centre");
        }
    }

    #[test]
    fn long_moves_pass_over_the_middle_square() {
        assert_eq!(
            Mover::Rook.passes_over(idx("a1"), idx("a3")),
            Some(SquareSet::single(idx("a2")))
        );
        assert_eq!(
            Mover::Queen.passes_over(idx("a1"), idx("c3")),
            Some(SquareSet::single(idx("b2")))
        );
        assert_eq!(
            Mover::Knight.passes_over(idx("a1"), idx("b3")),
            Some(SquareSet::EMPTY)
        );
        assert_eq!(Mover::Rook.passes_over(idx("a1"), idx("b2")), None);
        assert_eq!(Mover::Bishop.passes_over(idx("a1"), idx("a2")), None);
        assert_eq!(Mover::King.passes_over(idx("a1"), idx("a3")), None);
        assert_eq!(Mover::Step.passes_over(idx("a1"), idx("b2")), None);
    }
}
