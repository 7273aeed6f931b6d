//! A position's exact value and its one-byte code in a table.

use std::fmt;

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
}

/// The exact value of a position for the side to move under perfect play, with the distance
/// to mate in plies (half-moves): a win in `n` plies ends with the side to move's checkmating
/// move (`n` odd); a loss in `n` plies ends with the side to move checkmated (`n` even, 0 when
/// it is checkmated now).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Mates in this many plies (odd).
    Win(u8),
    /// Is mated in this many plies (even).
    Loss(u8),
    /// A draw.
    Draw,
}

/// The code of a square-set that is not a legal position (two pieces on a square, a pawn on
/// its first or last rank, the side not to move in check, ...).
pub(crate) const INVALID: u8 = 255;
/// The code of a draw.
pub(crate) const DRAW: u8 = 0;
/// Not decided yet (only during generation).
pub(crate) const UNKNOWN: u8 = 1;
/// The longest distance a code can hold (plies).
pub const MAX_PLIES: u8 = 252;

impl Value {
    /// Win, draw or loss.
    pub fn wdl(self) -> Wdl {
        match self {
            Value::Win(_) => Wdl::Win,
            Value::Loss(_) => Wdl::Loss,
            Value::Draw => Wdl::Draw,
        }
    }

    /// Plies to mate, if there is a mate.
    pub fn plies(self) -> Option<u8> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }

    /// Distance to mate in the winning side's moves (mate in one = 1; 0 when the side to move
    /// is checkmated already): the number the analysis board shows in "White mates in N".
    pub fn dtm(self) -> Option<u32> {
        match self {
            Value::Win(n) => Some(u32::from(n).div_ceil(2)),
            Value::Loss(n) => Some(u32::from(n) / 2),
            Value::Draw => None,
        }
    }

    /// The value one ply earlier, for the side that moved into a position of this value.
    pub fn parent(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// How good the value is for the side to move: quicker wins and slower losses are better.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win(n) => 1000 - i32::from(n),
            Value::Draw => 0,
            Value::Loss(n) => -1000 + i32::from(n),
        }
    }

    /// The one-byte code: 0 a draw, `2 + plies` a win or a loss (the parity tells which).
    pub(crate) fn code(self) -> u8 {
        match self {
            Value::Win(n) | Value::Loss(n) => 2 + n,
            Value::Draw => DRAW,
        }
    }

    /// The value of a code (`None` for an invalid or undecided entry).
    pub(crate) fn from_code(code: u8) -> Option<Value> {
        match code {
            DRAW => Some(Value::Draw),
            UNKNOWN | INVALID => None,
            c if c % 2 == 0 => Some(Value::Loss(c - 2)),
            c => Some(Value::Win(c - 2)),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n} plies"),
            Value::Loss(n) => write!(f, "loss in {n} plies"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_distances_count_the_winners_moves() {
        for v in [
            Value::Draw,
            Value::Win(1),
            Value::Loss(0),
            Value::Win(251),
            Value::Loss(252),
        ] {
            assert_eq!(Value::from_code(v.code()), Some(v));
        }
        assert_eq!(Value::from_code(INVALID), None);
        assert_eq!(Value::Win(1).dtm(), Some(1));
        assert_eq!(Value::Loss(2).dtm(), Some(1));
        assert_eq!(Value::Win(11).dtm(), Some(6));
        assert_eq!(Value::Loss(0).parent(), Value::Win(1));
        assert!(Value::Win(3).rank() > Value::Win(5).rank());
        assert!(Value::Loss(8).rank() > Value::Loss(2).rank());
    }
}
