//! A move of one token on the 3x3 board, written `from-to` (`a1-a2`).

use crate::mover::Mover;
use std::fmt;
use tabula_core::{Square, SquareError};

/// A move of the token on `from` to `to` (dense 3x3 indices, `a1` = 0, `c3` = 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Move {
    /// Square index the token leaves.
    pub from: u8,
    /// Square index the token lands on.
    pub to: u8,
}

/// Why a move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not of the form `from-to`.
    #[error("`{0}` is not a move: expected two squares joined by '-', like a1-a2")]
    Malformed(String),
    /// One of the squares is bad.
    #[error("in move `{text}`: {source}")]
    Square {
        /// The move text.
        text: String,
        /// What was wrong with the square.
        source: SquareError,
    },
    /// Both squares are the same.
    #[error("`{0}` does not move: the two squares are the same")]
    Null(String),
}

impl Move {
    /// The move from square index `from` to `to`.
    pub const fn new(from: u8, to: u8) -> Self {
        Self { from, to }
    }

    /// Every move between two different squares, ordered by origin then destination.
    pub fn all() -> impl Iterator<Item = Move> {
        (0..9u8).flat_map(|from| {
            (0..9u8)
                .filter(move |&to| to != from)
                .map(move |to| Move::new(from, to))
        })
    }

    /// The square the token leaves.
    pub fn from_square(self) -> Square {
        Square::from_index(self.from, 3)
    }

    /// The square the token lands on.
    pub fn to_square(self) -> Square {
        Square::from_index(self.to, 3)
    }

    /// Parses `a1-a2`.
    pub fn parse(text: &str) -> Result<Self, MoveError> {
        let (a, b) = text
            .split_once('-')
            .ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let square = |s: &str| {
            Square::parse(s, 3, 3).map_err(|source| MoveError::Square {
                text: text.to_string(),
                source,
            })
        };
        let from = square(a)?.index(3);
        let to = square(b)?.index(3);
        if from == to {
            return Err(MoveError::Null(text.to_string()));
        }
        Ok(Self { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from_square(), self.to_square())
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Move::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Formats a move list as `a1-a2 b3-b2 ...`.
pub fn format_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a move cannot be made on a board (either game).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// Nothing stands on the square the move starts from.
    #[error("{0} is empty: there is no token to move")]
    EmptyFrom(Square),
    /// The destination is occupied (nothing is ever captured).
    #[error("{square} is occupied by the {token}: pieces only move onto empty squares")]
    Occupied {
        /// The destination.
        square: Square,
        /// What stands there.
        token: &'static str,
    },
    /// The piece does not move like that.
    #[error("the {token} cannot go {mv}: it {rule}")]
    Geometry {
        /// The piece.
        token: &'static str,
        /// The move.
        mv: Move,
        /// How it does move.
        rule: &'static str,
    },
    /// A line move would pass over another piece.
    #[error("the {token} cannot go {mv}: it would pass over the {blocker} on {square}")]
    Blocked {
        /// The piece.
        token: &'static str,
        /// The move.
        mv: Move,
        /// The piece in the way.
        blocker: &'static str,
        /// Where it stands.
        square: Square,
    },
}

/// Checks `mv` on a 3x3 board of codes (0 = empty), given how each code moves and is named.
pub(crate) fn check_move(
    cells: &[u8; 9],
    mv: Move,
    mover: impl Fn(u8) -> Mover,
    name: impl Fn(u8) -> &'static str,
) -> Result<(), IllegalMove> {
    let token = cells[mv.from as usize];
    if token == 0 {
        return Err(IllegalMove::EmptyFrom(mv.from_square()));
    }
    let target = cells[mv.to as usize];
    if target != 0 {
        return Err(IllegalMove::Occupied {
            square: mv.to_square(),
            token: name(target),
        });
    }
    let how = mover(token);
    let over = how
        .passes_over(mv.from, mv.to)
        .ok_or(IllegalMove::Geometry {
            token: name(token),
            mv,
            rule: how.rule(),
        })?;
    if let Some(sq) = over.iter().find(|&s| cells[s as usize] != 0) {
        return Err(IllegalMove::Blocked {
            token: name(token),
            mv,
            blocker: name(cells[sq as usize]),
            square: Square::from_index(sq, 3),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn moves_round_trip(from in 0u8..9, to in 0u8..9) {
            prop_assume!(from != to);
            let m = Move::new(from, to);
            prop_assert_eq!(Move::parse(&m.to_string()), Ok(m));
        }
    }

    #[test]
    fn bad_moves_say_why() {
        assert!(matches!(Move::parse("a1a2"), Err(MoveError::Malformed(_))));
        assert!(matches!(
            Move::parse("a1-d2"),
            Err(MoveError::Square { .. })
        ));
        assert!(matches!(Move::parse("a1-a1"), Err(MoveError::Null(_))));
        assert_eq!(
            Move::parse("a1-a4").unwrap_err().to_string(),
            "in move `a1-a4`: `a4` is off the board (files a-c, ranks 1-3)"
        );
    }
}
