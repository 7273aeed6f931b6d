//! A position's exact value and its one-byte code in a table.

use std::fmt;

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
/// to the end in plies (half-moves). In tables the end is checkmate: a win in `n` plies ends
/// with the side to move's mating move (`n` odd), a loss with it checkmated (`n` even, 0 when
/// it is checkmated now). The lesson-game solver uses the same values for its games' ends
/// (`Win(0)`: the game is over and the side to move has won, as a tie-break can decide), and
/// `u16::MAX` for a win that comes from the tie-break after a repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Wins in this many plies.
    Win(u16),
    /// Loses in this many plies.
    Loss(u16),
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
pub const MAX_PLIES: u16 = 252;

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
    pub fn plies(self) -> Option<u16> {
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

    /// The value one ply earlier, for the side that moved into a position of this value (a
    /// distance of `u16::MAX`, "by the tie-break", stays so).
    pub fn parent(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n.saturating_add(1)),
            Value::Loss(n) => Value::Win(n.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }

    /// How good the value is for the side to move: quicker wins and slower losses are better.
    pub fn rank(self) -> i64 {
        match self {
            Value::Win(n) => 1_000_000 - i64::from(n),
            Value::Draw => 0,
            Value::Loss(n) => -1_000_000 + i64::from(n),
        }
    }

    /// The one-byte code of a table entry: 0 a draw, `2 + plies` a win or a loss (the parity
    /// tells which; table distances are at most [`MAX_PLIES`]).
    pub(crate) fn code(self) -> u8 {
        match self {
            Value::Win(n) | Value::Loss(n) => 2 + n.min(MAX_PLIES) as u8,
            Value::Draw => DRAW,
        }
    }

    /// The value of a table code (`None` for an invalid or undecided entry).
    pub(crate) fn from_code(code: u8) -> Option<Value> {
        match code {
            DRAW => Some(Value::Draw),
            UNKNOWN | INVALID => None,
            c if c % 2 == 0 => Some(Value::Loss(u16::from(c - 2))),
            c => Some(Value::Win(u16::from(c - 2))),
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
