//! Check Mates: seven tokens on a 3x3 board, a task card, and the race to name the least
//! number of moves (RULES.md section 1).
//!
//! The game has two sides. On the sliding side the tokens are two blue, two red, two green
//! and a joker (the split is ours, the seeds do not state it), and every token steps one square
//! orthogonally. On the chess side the tokens are a white and a black rook, knight and queen and
//! a king (the joker), moving as chess pieces limited to the 3x3 board.

mod board;
pub mod bot;
pub mod deck;
pub mod party;
pub mod solo;
mod solver;
mod task;
pub mod verify;

pub use crate::moves::IllegalMove;
pub use board::Board;
pub use solver::{CheckMatesSolver, Difficulty, Solution, TaskTable};
pub use task::Task;

use crate::mover::Mover;
use serde::{Deserialize, Serialize};

/// Which side of the tokens and cards is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CheckmatesSide"))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Coloured tokens that slide one square orthogonally.
    Sliding,
    /// Chess pieces: rooks, knights, queens of both colours and a king.
    Chess,
}

/// An unknown side name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown side `{0}`: expected `sliding` or `chess`")]
pub struct UnknownSide(pub String);

impl std::str::FromStr for Side {
    type Err = UnknownSide;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "sliding" => Ok(Side::Sliding),
            "chess" => Ok(Side::Chess),
            _ => Err(UnknownSide(s.to_string())),
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Sliding => "sliding",
            Side::Chess => "chess",
        })
    }
}

/// Token codes are `1..=token_kinds()`; 0 is an empty square.
impl Side {
    /// Both sides.
    pub const ALL: [Side; 2] = [Side::Sliding, Side::Chess];

    /// Board letters of the token codes `1..`.
    pub const fn token_letters(self) -> &'static [char] {
        match self {
            Side::Sliding => &['b', 'r', 'g', 'j'],
            Side::Chess => &['R', 'r', 'N', 'n', 'Q', 'q', 'K'],
        }
    }

    /// Names of the token codes `1..`.
    pub const fn token_names(self) -> &'static [&'static str] {
        match self {
            Side::Sliding => &["blue token", "red token", "green token", "joker"],
            Side::Chess => &[
                "white rook",
                "black rook",
                "white knight",
                "black knight",
                "white queen",
                "black queen",
                "king",
            ],
        }
    }

    /// How many squares hold each code, starting with the empty squares (code 0).
    pub const fn counts(self) -> &'static [u8] {
        match self {
            Side::Sliding => &[2, 2, 2, 2, 1],
            Side::Chess => &[2, 1, 1, 1, 1, 1, 1, 1],
        }
    }

    /// Number of token kinds (codes run `1..=token_kinds()`).
    pub const fn token_kinds(self) -> u8 {
        self.token_letters().len() as u8
    }

    /// How token `code` moves.
    pub const fn mover(self, code: u8) -> Mover {
        match self {
            Side::Sliding => Mover::Step,
            Side::Chess => match code {
                1 | 2 => Mover::Rook,
                3 | 4 => Mover::Knight,
                5 | 6 => Mover::Queen,
                _ => Mover::King,
            },
        }
    }

    /// Name of token `code` (code 0 is "empty square").
    pub fn token_name(self, code: u8) -> &'static str {
        if code == 0 {
            "empty square"
        } else {
            self.token_names()[code as usize - 1]
        }
    }

    /// Task letters of the constraint codes `1..`.
    pub const fn constraint_letters(self) -> &'static [char] {
        match self {
            Side::Sliding => &['b', 'r', 'g'],
            Side::Chess => &['R', 'N', 'Q', 'w', 'b'],
        }
    }

    /// For each constraint code `1..`, the bit-set of token codes that satisfy it
    /// (bit `t` = token code `t`). The joker / king satisfies every constraint.
    pub const fn constraint_masks(self) -> &'static [u16] {
        match self {
            // b = {b, j}, r = {r, j}, g = {g, j}
            Side::Sliding => &[0b1_0010, 0b1_0100, 0b1_1000],
            // R = {R, r, K}, N = {N, n, K}, Q = {Q, q, K}, w = {R, N, Q, K}, b = {r, n, q, K}
            Side::Chess => &[
                0b1000_0110,
                0b1001_1000,
                0b1110_0000,
                0b1010_1010,
                0b1101_0100,
            ],
        }
    }

    /// Stars a card task with `constraints` constrained squares is worth on this side, or
    /// `None` if no card has that many (sliding: 3 = 1, 4 = 2; chess: 3 or 4 = 1, 5 = 2 [ours]).
    pub const fn stars(self, constraints: u32) -> Option<u8> {
        match (self, constraints) {
            (Side::Sliding, 3) | (Side::Chess, 3 | 4) => Some(1),
            (Side::Sliding, 4) | (Side::Chess, 5) => Some(2),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraint_masks_match_the_rules() {
        for side in Side::ALL {
            let letters = side.token_letters();
            let king = side.token_kinds(); // the joker / king is the last code
            for (i, &mask) in side.constraint_masks().iter().enumerate() {
                assert!(
                    mask >> king & 1 == 1,
                    "the joker satisfies every constraint"
                );
                assert_eq!(mask & 1, 0, "an empty square satisfies nothing");
                let c = side.constraint_letters()[i];
                for code in 1..king {
                    let l = letters[code as usize - 1];
                    let expected = match (side, c) {
                        (Side::Sliding, _) => l == c,
                        (Side::Chess, 'w') => l.is_ascii_uppercase(),
                        (Side::Chess, 'b') => l.is_ascii_lowercase(),
                        (Side::Chess, _) => l.to_ascii_uppercase() == c,
                    };
                    assert_eq!(mask >> code & 1 == 1, expected, "{side} {c} vs {l}");
                }
            }
        }
    }

    #[test]
    fn sides_parse_and_print() {
        assert_eq!("chess".parse::<Side>(), Ok(Side::Chess));
        assert_eq!(Side::Sliding.to_string(), "sliding");
        assert!("Chess".parse::<Side>().is_err());
    }
}
