//! A small set of squares as a bit mask (bit `i` = square with dense index `i`).

/// A set of up to 64 squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding only square `index`.
    pub const fn single(index: u8) -> Self {
        SquareSet(1 << index)
    }

    /// The first `n` squares.
    pub const fn first(n: u8) -> Self {
        if n >= 64 {
            SquareSet(u64::MAX)
        } else {
            SquareSet((1u64 << n) - 1)
        }
    }

    /// Whether square `index` is in the set.
    pub const fn contains(self, index: u8) -> bool {
        self.0 >> index & 1 == 1
    }

    /// The set with `index` added.
    #[must_use]
    pub const fn with(self, index: u8) -> Self {
        SquareSet(self.0 | 1 << index)
    }

    /// The set with `index` removed.
    #[must_use]
    pub const fn without(self, index: u8) -> Self {
        SquareSet(self.0 & !(1 << index))
    }

    /// Number of squares in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Squares in common.
    pub const fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Iterates over the square indices in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(i)
            }
        })
    }
}

impl FromIterator<u8> for SquareSet {
    fn from_iter<T: IntoIterator<Item = u8>>(iter: T) -> Self {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let s: SquareSet = [0u8, 4, 8].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert!(s.contains(4) && !s.contains(5));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 4, 8]);
        assert_eq!(
            s.without(4).with(5).iter().collect::<Vec<_>>(),
            vec![0, 5, 8]
        );
        assert!(s.intersects(SquareSet::single(8)));
        assert!(!s.intersects(SquareSet::single(7)));
        assert_eq!(SquareSet::first(9).len(), 9);
        assert!(SquareSet::EMPTY.is_empty());
    }
}
