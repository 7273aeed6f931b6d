//! Tournaments of Tabula's games, as pure functions over plain data: no I/O, no clock, no
//! randomness of their own, so every pairing and standing is reproduced from what was stored.
//!
//! - [`arena`]: lichess's arena. Points per game (2 a win, 1 a draw, 0 a loss, wins doubled on
//!   a streak, a point for a berserk win) and the pairing of whoever is waiting.
//! - [`swiss`]: a set number of rounds paired by the Dutch system (FIDE C.04.3), with
//!   Buchholz and Sonneborn-Berger tie-breaks.
//! - [`parties`]: Check Mates rounds, players seated at tables of up to six by rating, each
//!   party scored player against player.

#![deny(missing_docs)]

pub mod arena;
pub mod parties;
pub mod swiss;

/// A player of a tournament, by the number the tournament gives them (from 0, in the order
/// they joined).
pub type PlayerId = u32;

/// A game's result from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl Outcome {
    /// The other side's result.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// The result in game points, doubled (a win 2, a draw 1, a loss 0): whole numbers.
    pub fn half_points(self) -> u32 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }
}

/// A side of a two-player game: the first mover (White in chess, Red in Querni) or the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Moves first.
    First,
    /// Moves second.
    Second,
}

impl Colour {
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}
