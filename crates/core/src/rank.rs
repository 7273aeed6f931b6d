//! Dense ranking of arrangements of a multiset of tokens on a small board.
//!
//! A 3x3 puzzle state is "which token stands on each square". Solvers want to index tables by
//! state, so they need a bijection between arrangements and `0..total`. For token kinds with
//! counts `c_0, c_1, ...` (kind 0 is usually "empty"), an arrangement is described by choosing
//! the squares of kind 0 among all squares, then those of kind 1 among the squares left, and
//! so on. Each choice is a combination, ranked in the combinatorial number system (colex order),
//! and the choices are combined in mixed radix. The last kind fills what is left, so it adds no
//! digit. For Check Mates' chess side (2 empties, 7 distinct tokens) this gives
//! `C(9,2) * 7! = 181,440` states with no gaps.

const MAX_SQUARES: usize = 16;

const fn binomials() -> [[u32; MAX_SQUARES + 1]; MAX_SQUARES + 1] {
    let mut t = [[0u32; MAX_SQUARES + 1]; MAX_SQUARES + 1];
    let mut n = 0;
    while n <= MAX_SQUARES {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

/// `BINOM[n][k]` = n choose k (0 when k > n).
const BINOM: [[u32; MAX_SQUARES + 1]; MAX_SQUARES + 1] = binomials();

/// Why a ranker could not be built or a board could not be ranked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RankerError {
    /// More than 16 squares, or no kinds at all.
    #[error("a ranker handles 1 to {MAX_SQUARES} squares, got {0}")]
    Size(usize),
    /// The number of arrangements does not fit in a `u32`.
    #[error("{0} arrangements do not fit in a 32-bit index")]
    TooMany(u64),
    /// A board's token counts differ from the ranker's.
    #[error("kind {kind} appears {found} times, expected {expected}")]
    Counts {
        /// The kind whose count is wrong.
        kind: usize,
        /// How often it appears.
        found: usize,
        /// How often it must appear.
        expected: usize,
    },
}

/// Ranks and unranks arrangements of a fixed multiset of kinds on `n <= 16` squares.
#[derive(Clone, Debug)]
pub struct ArrangementRanker {
    squares: u8,
    counts: Vec<u8>,
    /// Number of choices for each kind but the last, in order.
    radix: Vec<u32>,
    total: u32,
}

impl ArrangementRanker {
    /// A ranker for boards with `counts[k]` squares of kind `k`; the squares number `sum(counts)`.
    pub fn new(counts: &[u8]) -> Result<Self, RankerError> {
        let squares: usize = counts.iter().map(|&c| c as usize).sum();
        if counts.is_empty() || squares == 0 || squares > MAX_SQUARES {
            return Err(RankerError::Size(squares));
        }
        let mut left = squares;
        let mut radix = Vec::with_capacity(counts.len());
        let mut total: u64 = 1;
        for &c in &counts[..counts.len() - 1] {
            let choices = BINOM[left][c as usize];
            radix.push(choices);
            total *= u64::from(choices);
            left -= c as usize;
        }
        let total = u32::try_from(total).map_err(|_| RankerError::TooMany(total))?;
        Ok(Self {
            squares: squares as u8,
            counts: counts.to_vec(),
            radix,
            total,
        })
    }

    /// Number of arrangements; ranks are `0..total()`.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Number of squares.
    pub fn squares(&self) -> u8 {
        self.squares
    }

    /// Number of squares of each kind.
    pub fn counts(&self) -> &[u8] {
        &self.counts
    }

    /// Checks that `cells` (kind per square) has this ranker's counts.
    pub fn check(&self, cells: &[u8]) -> Result<(), RankerError> {
        if cells.len() != self.squares as usize {
            return Err(RankerError::Size(cells.len()));
        }
        for (kind, &expected) in self.counts.iter().enumerate() {
            let found = cells.iter().filter(|&&c| c as usize == kind).count();
            if found != expected as usize {
                return Err(RankerError::Counts {
                    kind,
                    found,
                    expected: expected as usize,
                });
            }
        }
        Ok(())
    }

    /// The rank of `cells`, which must have this ranker's counts (see [`Self::check`]);
    /// other input gives an unspecified rank but never undefined behaviour.
    pub fn rank(&self, cells: &[u8]) -> u32 {
        debug_assert!(
            self.check(cells).is_ok(),
            "rank() on a board with the wrong counts"
        );
        let mut remaining: u32 = (1u32 << self.squares) - 1;
        let mut rank = 0u32;
        for (kind, &radix) in self.radix.iter().enumerate() {
            let mut sub = 0u32;
            let mut found = 0usize;
            let mut bits = remaining;
            let mut relative = 0usize;
            while bits != 0 {
                let sq = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if cells[sq] as usize == kind {
                    found += 1;
                    sub += BINOM[relative][found];
                    remaining &= !(1 << sq);
                }
                relative += 1;
            }
            rank = rank.wrapping_mul(radix).wrapping_add(sub);
        }
        rank
    }

    /// The rank of `cells` after checking its counts.
    pub fn rank_checked(&self, cells: &[u8]) -> Result<u32, RankerError> {
        self.check(cells)?;
        Ok(self.rank(cells))
    }

    /// Writes the arrangement with rank `rank` (which must be below [`Self::total`]) into `cells`.
    pub fn unrank_into(&self, mut rank: u32, cells: &mut [u8]) {
        debug_assert!(rank < self.total && cells.len() == self.squares as usize);
        let mut digits = [0u32; MAX_SQUARES + 1];
        for (kind, &radix) in self.radix.iter().enumerate().rev() {
            digits[kind] = rank % radix;
            rank /= radix;
        }
        let mut remaining: u32 = (1u32 << self.squares) - 1;
        for (kind, &count) in self.counts.iter().enumerate() {
            if kind == self.counts.len() - 1 {
                let mut bits = remaining;
                while bits != 0 {
                    cells[bits.trailing_zeros() as usize] = kind as u8;
                    bits &= bits - 1;
                }
                break;
            }
            // Decode the colex-ranked combination: the largest element first.
            let mut sub = digits[kind];
            let mut chosen: u32 = 0; // relative positions
            let mut p = remaining.count_ones() as usize;
            for i in (1..=count as usize).rev() {
                p -= 1;
                while BINOM[p][i] > sub {
                    p -= 1;
                }
                sub -= BINOM[p][i];
                chosen |= 1 << p;
            }
            let mut bits = remaining;
            let mut relative = 0;
            while bits != 0 {
                let sq = bits.trailing_zeros();
                bits &= bits - 1;
                if chosen >> relative & 1 == 1 {
                    cells[sq as usize] = kind as u8;
                    remaining &= !(1 << sq);
                }
                relative += 1;
            }
        }
    }

    /// The arrangement with rank `rank`, as a vector of kinds per square.
    pub fn unrank(&self, rank: u32) -> Vec<u8> {
        let mut cells = vec![0u8; self.squares as usize];
        self.unrank_into(rank, &mut cells);
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every arrangement of the multiset, by brute force.
    fn all_arrangements(counts: &[u8]) -> Vec<Vec<u8>> {
        fn go(left: &mut Vec<u8>, cur: &mut Vec<u8>, n: usize, out: &mut Vec<Vec<u8>>) {
            if cur.len() == n {
                out.push(cur.clone());
                return;
            }
            for k in 0..left.len() {
                if left[k] > 0 {
                    left[k] -= 1;
                    cur.push(k as u8);
                    go(left, cur, n, out);
                    cur.pop();
                    left[k] += 1;
                }
            }
        }
        let n = counts.iter().map(|&c| c as usize).sum();
        let mut out = Vec::new();
        go(&mut counts.to_vec(), &mut Vec::new(), n, &mut out);
        out
    }

    #[test]
    fn ranking_is_a_bijection_onto_a_dense_range() {
        for counts in [
            vec![2u8, 2, 2, 2, 1],
            vec![2, 1, 1, 1, 1, 1, 1, 1],
            vec![4, 1, 1, 1, 1, 1],
            vec![1, 1, 1],
            vec![3],
            vec![0, 2, 0, 3],
        ] {
            let ranker = ArrangementRanker::new(&counts).unwrap();
            let all = all_arrangements(&counts);
            assert_eq!(all.len() as u32, ranker.total(), "{counts:?}");
            let mut seen = HashSet::new();
            for cells in &all {
                let r = ranker.rank(cells);
                assert!(r < ranker.total());
                assert!(seen.insert(r), "duplicate rank {r} for {counts:?}");
                assert_eq!(&ranker.unrank(r), cells);
            }
        }
    }

    #[test]
    fn known_sizes() {
        assert_eq!(
            ArrangementRanker::new(&[2, 2, 2, 2, 1]).unwrap().total(),
            22_680
        );
        assert_eq!(
            ArrangementRanker::new(&[2, 1, 1, 1, 1, 1, 1, 1])
                .unwrap()
                .total(),
            181_440
        );
        assert_eq!(
            ArrangementRanker::new(&[4, 1, 1, 1, 1, 1]).unwrap().total(),
            15_120
        );
    }

    #[test]
    fn bad_shapes_and_counts_are_errors() {
        assert!(ArrangementRanker::new(&[]).is_err());
        assert!(ArrangementRanker::new(&[17]).is_err());
        assert!(matches!(
            ArrangementRanker::new(&[1; 16]),
            Err(RankerError::TooMany(_))
        ));
        let r = ArrangementRanker::new(&[2, 1]).unwrap();
        assert_eq!(
            r.rank_checked(&[0, 1, 1]),
            Err(RankerError::Counts {
                kind: 0,
                found: 1,
                expected: 2
            })
        );
        assert_eq!(r.rank_checked(&[0, 1]), Err(RankerError::Size(2)));
    }
}
