//! Squares of a rectangular board in `a1` notation.

use std::fmt;

/// A square: `file` 0 is `a` (leftmost), `rank` 0 is rank `1` (bottom).
///
/// Boards are at most 26 files wide and 99 ranks high; every Tabula board is far smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Zero-based file, 0 = `a`.
    pub file: u8,
    /// Zero-based rank, 0 = rank `1`.
    pub rank: u8,
}

/// Why a square name was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// The text is not a letter followed by a number.
    #[error("`{text}` is not a square name (expected a file letter and a rank number, like `a1`)")]
    Malformed {
        /// The rejected text.
        text: String,
    },
    /// The square lies outside the board.
    #[error("`{text}` is off the board (files a-{last_file}, ranks 1-{height})")]
    OffBoard {
        /// The rejected text.
        text: String,
        /// The last file letter of the board.
        last_file: char,
        /// The number of ranks.
        height: u8,
    },
}

impl Square {
    /// Makes a square from zero-based coordinates.
    pub const fn new(file: u8, rank: u8) -> Self {
        Self { file, rank }
    }

    /// The square with dense index `index` on a board `width` files wide
    /// (index = rank * width + file, so `a1` is 0).
    pub const fn from_index(index: u8, width: u8) -> Self {
        Self {
            file: index % width,
            rank: index / width,
        }
    }

    /// Dense index on a board `width` files wide (`a1` = 0, then along rank 1).
    pub const fn index(self, width: u8) -> u8 {
        self.rank * width + self.file
    }

    /// Parses a square name like `b3` for a board of `width` x `height`.
    pub fn parse(text: &str, width: u8, height: u8) -> Result<Self, SquareError> {
        let malformed = || SquareError::Malformed {
            text: text.to_string(),
        };
        let mut chars = text.chars();
        let file_char = chars.next().ok_or_else(malformed)?;
        if !file_char.is_ascii_lowercase() {
            return Err(malformed());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let rank_number: u8 = digits.parse().map_err(|_| malformed())?;
        let file = file_char as u8 - b'a';
        if file >= width || rank_number == 0 || rank_number > height {
            return Err(SquareError::OffBoard {
                text: text.to_string(),
                last_file: (b'a' + width - 1) as char,
                height,
            });
        }
        Ok(Self::new(file, rank_number - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_board_size() {
        for (w, h) in [(3u8, 3u8), (5, 6), (8, 8), (10, 7)] {
            for i in 0..w * h {
                let sq = Square::from_index(i, w);
                assert_eq!(sq.index(w), i);
                assert_eq!(Square::parse(&sq.to_string(), w, h), Ok(sq));
            }
        }
    }

    #[test]
    fn bad_names_are_rejected_with_reason() {
        assert!(matches!(
            Square::parse("d1", 3, 3),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            Square::parse("a0", 3, 3),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            Square::parse("a4", 3, 3),
            Err(SquareError::OffBoard { .. })
        ));
        for bad in ["", "a", "1a", "A1", "a1x", "a-1", "é1", "a123"] {
            assert!(
                matches!(Square::parse(bad, 3, 3), Err(SquareError::Malformed { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            Square::parse("d1", 3, 3).unwrap_err().to_string(),
            "`d1` is off the board (files a-c, ranks 1-3)"
        );
    }
}
