//! A Check Mates task: a 3x3 pattern of constraints, met under any rotation.

use super::{Board, Side};
use crate::notation::{NotationError, write_grid};
use std::fmt;
use tabula_core::{Symmetry, parse_grid};

/// A task pattern. `.` means "anything"; a letter constrains its square (sliding: `b r g`;
/// chess: `R N Q` for that piece of either colour, `w`/`b` for any white/black piece).
/// The joker / king satisfies every constraint; an empty square satisfies none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Task {
    side: Side,
    /// Constraint code per square (`a1` first), 0 = unconstrained.
    cells: [u8; 9],
}

impl Task {
    /// Parses a task like `r.b/.g./...` (sliding) or `R.w/.b./Q.b` (chess).
    pub fn parse(side: Side, text: &str) -> Result<Self, NotationError> {
        let letters = side.constraint_letters();
        let expected = match side {
            Side::Sliding => "a colour b, r, g or '.' for any content",
            Side::Chess => {
                "a piece R, N, Q, a colour w (white) or b (black), or '.' for any content"
            }
        };
        let mut cells = [0u8; 9];
        for cell in parse_grid(text, 3, 3)? {
            if cell.ch == '.' {
                continue;
            }
            match letters.iter().position(|&l| l == cell.ch) {
                Some(i) => cells[cell.square.index(3) as usize] = i as u8 + 1,
                None => {
                    return Err(NotationError::BadChar {
                        ch: cell.ch,
                        column: cell.column,
                        square: cell.square,
                        expected,
                    });
                }
            }
        }
        Ok(Self { side, cells })
    }

    /// A task from constraint codes per square (0 = unconstrained); `None` if a code is
    /// not one of the side's constraints.
    pub fn from_cells(side: Side, cells: [u8; 9]) -> Option<Self> {
        let kinds = side.constraint_letters().len() as u8;
        cells
            .iter()
            .all(|&c| c <= kinds)
            .then_some(Self { side, cells })
    }

    /// The side the task belongs to.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Constraint code per square, `a1` first (0 = unconstrained).
    pub fn cells(&self) -> [u8; 9] {
        self.cells
    }

    /// Number of constrained squares.
    pub fn constraint_count(&self) -> u32 {
        self.cells.iter().filter(|&&c| c != 0).count() as u32
    }

    /// Stars the task is worth on a card, if a card can carry it.
    pub fn stars(&self) -> Option<u8> {
        self.side.stars(self.constraint_count())
    }

    /// The pattern turned by `symmetry`: the constraint on square `s` moves to `symmetry(s)`.
    pub fn transformed(&self, symmetry: Symmetry) -> Task {
        let mut cells = [0u8; 9];
        for s in 0..9u8 {
            cells[symmetry.apply_index(s, 3) as usize] = self.cells[s as usize];
        }
        Task {
            side: self.side,
            cells,
        }
    }

    /// One representative of the task's four rotations (the smallest), so that tasks equal
    /// up to rotation (which have the same goal boards) share one key.
    pub fn canonical(&self) -> Task {
        Symmetry::ROTATIONS
            .iter()
            .map(|&r| self.transformed(r))
            .min()
            .unwrap_or(*self)
    }

    /// Whether `board` meets the pattern exactly as printed (no rotation).
    pub fn met_as_shown(&self, board: &Board) -> bool {
        let masks = self.side.constraint_masks();
        let cells = board.cells();
        self.cells
            .iter()
            .zip(cells.iter())
            .all(|(&c, &t)| c == 0 || masks[c as usize - 1] >> t & 1 == 1)
    }

    /// The first rotation (0, 90, 180, 270 degrees clockwise) under which `board` meets the
    /// task, or `None` if no rotation does. Mirror images do not count.
    pub fn met_by(&self, board: &Board) -> Option<Symmetry> {
        if board.side() != self.side {
            return None;
        }
        Symmetry::ROTATIONS
            .into_iter()
            .find(|&r| self.transformed(r).met_as_shown(board))
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = self.side.constraint_letters();
        write_grid(f, &self.cells, |c| letters[c as usize - 1])
    }
}

impl serde::Serialize for Task {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_rules_example_task() {
        let t = Task::parse(Side::Chess, "R.w/.b./Q.b").unwrap();
        assert_eq!(t.constraint_count(), 5);
        assert_eq!(t.stars(), Some(2));
        assert_eq!(t.to_string(), "R.w/.b./Q.b");
        let e = Task::parse(Side::Sliding, "R.w/.b./Q.b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "character 1 ('R', square a3) is not allowed here: expected a colour b, r, g or '.' for any content"
        );
    }

    #[test]
    fn rotations_count_mirrors_do_not() {
        let side = Side::Sliding;
        // task: blue above red in the a-file corner, pattern "b../r../..."
        let task = Task::parse(side, "b../r../...").unwrap();
        let board = |s| Board::parse(side, s).unwrap();
        assert_eq!(task.met_by(&board("bgr/rj./.bg")), Some(Symmetry::Identity));
        // rotated 90 degrees clockwise: b on c3, r on b3
        assert_eq!(task.met_by(&board("grb/gj./.rb")), Some(Symmetry::Rotate90));
        // the mirror image (b on c3, r on c2) is not a rotation of it
        let mirrored = Task::parse(side, "..b/..r/...").unwrap();
        assert_eq!(mirrored.met_by(&board("bgr/rj./.bg")), None);
        // the joker stands in for any colour; an empty square for none
        assert_eq!(task.met_by(&board("jgr/rb./.bg")), Some(Symmetry::Identity));
        assert_eq!(task.met_by(&board(".gr/rb./jbg")), None);
    }

    #[test]
    fn the_king_satisfies_any_chess_constraint() {
        let t = Task::parse(Side::Chess, "w../.../...").unwrap();
        let b = Board::parse(Side::Chess, "K.n/rQq/.NR").unwrap();
        assert_eq!(t.met_by(&b), Some(Symmetry::Identity));
        let b2 = Board::parse(Side::Chess, "n.K/rQq/.NR").unwrap();
        assert_eq!(t.met_by(&b2), Some(Symmetry::Rotate90));
    }

    fn any_task() -> impl Strategy<Value = Task> {
        (any::<bool>(), proptest::array::uniform9(0u8..6)).prop_map(|(chess, cells)| {
            let side = if chess { Side::Chess } else { Side::Sliding };
            let kinds = side.constraint_letters().len() as u8 + 1;
            Task::from_cells(side, cells.map(|c| c % kinds)).unwrap()
        })
    }

    proptest! {
        #[test]
        fn tasks_round_trip(t in any_task()) {
            prop_assert_eq!(Task::parse(t.side(), &t.to_string()), Ok(t));
        }

        #[test]
        fn canonical_form_is_rotation_invariant(t in any_task(), r in 0usize..4) {
            let rotated = t.transformed(Symmetry::ROTATIONS[r]);
            prop_assert_eq!(rotated.canonical(), t.canonical());
            prop_assert_eq!(rotated.constraint_count(), t.constraint_count());
        }
    }
}
