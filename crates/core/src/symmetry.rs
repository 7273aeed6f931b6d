//! The eight symmetries of a square board (the dihedral group D4).
//!
//! Check Mates tasks may be rotated (not mirrored); Royal Study cards may be turned and, at
//! level 3, mirrored. Both games reason about the same eight maps, so they live here once.
//! Directions are as seen with rank 1 at the bottom: [`Symmetry::Rotate90`] is a quarter turn
//! clockwise, taking the top-left square to the top-right.

use crate::Square;

/// One of the eight symmetries of an `n` x `n` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every square in place.
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn anticlockwise (three quarter turns clockwise).
    Rotate270,
    /// Mirror left-right: file `a` swaps with the last file.
    MirrorLeftRight,
    /// Mirror top-bottom: rank 1 swaps with the last rank.
    MirrorTopBottom,
    /// Reflection in the `a1`-to-top-right diagonal (files and ranks swap).
    Transpose,
    /// Reflection in the other diagonal (top-left to bottom-right).
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The four rotations, in clockwise order starting with the identity.
    pub const ROTATIONS: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
    ];

    /// The map as "swap coordinates, then flip file, then flip rank".
    const fn parts(self) -> (bool, bool, bool) {
        match self {
            Symmetry::Identity => (false, false, false),
            Symmetry::Rotate90 => (true, false, true),
            Symmetry::Rotate180 => (false, true, true),
            Symmetry::Rotate270 => (true, true, false),
            Symmetry::MirrorLeftRight => (false, true, false),
            Symmetry::MirrorTopBottom => (false, false, true),
            Symmetry::Transpose => (true, false, false),
            Symmetry::AntiTranspose => (true, true, true),
        }
    }

    /// Where `square` goes on an `n` x `n` board.
    pub const fn apply(self, square: Square, n: u8) -> Square {
        let (swap, flip_file, flip_rank) = self.parts();
        let (mut f, mut r) = if swap {
            (square.rank, square.file)
        } else {
            (square.file, square.rank)
        };
        if flip_file {
            f = n - 1 - f;
        }
        if flip_rank {
            r = n - 1 - r;
        }
        Square::new(f, r)
    }

    /// Where the square with dense index `index` goes on an `n` x `n` board.
    pub const fn apply_index(self, index: u8, n: u8) -> u8 {
        self.apply(Square::from_index(index, n), n).index(n)
    }

    /// The symmetry "first `self`, then `next`".
    pub fn then(self, next: Symmetry) -> Symmetry {
        // Two symmetries are equal when they agree on a 3x3 board; find the one that does.
        let composed = |sq: Square| next.apply(self.apply(sq, 3), 3);
        Self::ALL
            .into_iter()
            .find(|s| {
                (0..9).all(|i| {
                    s.apply(Square::from_index(i, 3), 3) == composed(Square::from_index(i, 3))
                })
            })
            .expect("D4 is closed under composition")
    }

    /// The symmetry that undoes `self`.
    pub fn inverse(self) -> Symmetry {
        Self::ALL
            .into_iter()
            .find(|s| self.then(*s) == Symmetry::Identity)
            .expect("every element of D4 has an inverse")
    }

    /// True for the four rotations (including the identity).
    pub const fn is_rotation(self) -> bool {
        matches!(
            self,
            Symmetry::Identity | Symmetry::Rotate90 | Symmetry::Rotate180 | Symmetry::Rotate270
        )
    }

    /// Clockwise angle in degrees for a rotation, `None` for a reflection.
    pub const fn degrees_clockwise(self) -> Option<u16> {
        match self {
            Symmetry::Identity => Some(0),
            Symmetry::Rotate90 => Some(90),
            Symmetry::Rotate180 => Some(180),
            Symmetry::Rotate270 => Some(270),
            _ => None,
        }
    }

    /// A short human name ("rotated 90° clockwise", "mirrored left-right", ...).
    pub const fn describe(self) -> &'static str {
        match self {
            Symmetry::Identity => "as shown",
            Symmetry::Rotate90 => "rotated 90° clockwise",
            Symmetry::Rotate180 => "rotated 180°",
            Symmetry::Rotate270 => "rotated 90° anticlockwise",
            Symmetry::MirrorLeftRight => "mirrored left-right",
            Symmetry::MirrorTopBottom => "mirrored top-bottom",
            Symmetry::Transpose => "reflected in the a1 diagonal",
            Symmetry::AntiTranspose => "reflected in the other diagonal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_symmetry() -> impl Strategy<Value = Symmetry> {
        (0usize..8).prop_map(|i| Symmetry::ALL[i])
    }

    #[test]
    fn rotate90_turns_clockwise() {
        // top-left a3 goes to top-right c3; top-right goes to bottom-right.
        let sq = |s: &str| Square::parse(s, 3, 3).unwrap();
        assert_eq!(Symmetry::Rotate90.apply(sq("a3"), 3), sq("c3"));
        assert_eq!(Symmetry::Rotate90.apply(sq("c3"), 3), sq("c1"));
        assert_eq!(Symmetry::MirrorLeftRight.apply(sq("a1"), 3), sq("c1"));
        assert_eq!(Symmetry::MirrorTopBottom.apply(sq("a1"), 3), sq("a3"));
        assert_eq!(Symmetry::Transpose.apply(sq("b1"), 3), sq("a2"));
    }

    #[test]
    fn all_eight_act_differently_and_are_bijections() {
        for n in [3u8, 5, 8] {
            let images: Vec<Vec<u8>> = Symmetry::ALL
                .iter()
                .map(|s| (0..n * n).map(|i| s.apply_index(i, n)).collect())
                .collect();
            for (i, a) in images.iter().enumerate() {
                let mut sorted = a.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n * n).collect::<Vec<_>>());
                for b in &images[i + 1..] {
                    assert_ne!(a, b);
                }
            }
        }
    }

    #[test]
    fn rotations_are_powers_of_a_quarter_turn() {
        let r = Symmetry::Rotate90;
        assert_eq!(r.then(r), Symmetry::Rotate180);
        assert_eq!(r.then(r).then(r), Symmetry::Rotate270);
        assert_eq!(r.then(r).then(r).then(r), Symmetry::Identity);
        assert_eq!(
            Symmetry::MirrorLeftRight.then(Symmetry::MirrorTopBottom),
            Symmetry::Rotate180
        );
    }

    proptest! {
        #[test]
        fn the_eight_symmetries_form_a_group(a in any_symmetry(), b in any_symmetry(), c in any_symmetry()) {
            // closure is built into `then`; associativity, identity and inverses:
            prop_assert_eq!(a.then(b).then(c), a.then(b.then(c)));
            prop_assert_eq!(a.then(Symmetry::Identity), a);
            prop_assert_eq!(Symmetry::Identity.then(a), a);
            prop_assert_eq!(a.then(a.inverse()), Symmetry::Identity);
            prop_assert_eq!(a.inverse().then(a), Symmetry::Identity);
            // rotations form a subgroup
            if a.is_rotation() && b.is_rotation() {
                prop_assert!(a.then(b).is_rotation());
            }
        }

        #[test]
        fn composition_agrees_with_applying_in_turn(a in any_symmetry(), b in any_symmetry(), n in 2u8..9, i in 0u8..64) {
            let sq = Square::from_index(i % (n * n), n);
            prop_assert_eq!(a.then(b).apply(sq, n), b.apply(a.apply(sq, n), n));
        }
    }
}
