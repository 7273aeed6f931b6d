//! A review as data for others to read: the JSON of `tabula engine review --json`, of the server's
//! stored reviews and of the browser's review panel are this one type, so they cannot drift
//! apart.

use super::Score;
use super::review::{Mark, Review};
use crate::{AnyPosition, Color};
use serde::{Deserialize, Serialize};

/// An evaluation from White's side: `{"cp": 35}` or `{"mate": -3}` (`mate` 0: the game
/// ended in a mate; `cp` 0 with an `end`: a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Eval {
    /// Centipawns.
    Cp {
        /// For White, in hundredths of a pawn.
        cp: i32,
    },
    /// Mate in so many moves (negative: Black mates).
    Mate {
        /// Moves to the mate.
        mate: i32,
    },
}

impl From<Score> for Eval {
    fn from(s: Score) -> Eval {
        match s {
            Score::Cp(cp) => Eval::Cp { cp },
            Score::Mate(mate) => Eval::Mate { mate },
        }
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReviewedMove {
    /// The ply, from 1.
    pub ply: usize,
    /// The move in UCI.
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// The position after it, from White's side.
    pub eval: Eval,
    /// The engine's choice in the position before it, in UCI.
    pub best: Option<String>,
    /// The same in SAN.
    pub best_san: Option<String>,
    /// The engine's line from the position before it, in SAN, its choice first.
    pub best_line: Vec<String>,
    /// The same line in UCI (the board draws it).
    pub best_line_uci: Vec<String>,
    /// The mark, if the move lost 10 points of Win% or more.
    pub class: Option<Mark>,
    /// The move's accuracy, 0 to 100, to a tenth.
    pub accuracy: f64,
    /// The game's result, when this move ended it (`1-0`, `0-1`, `1/2-1/2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub end: Option<String>,
}

/// A value for each side.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WhiteBlack<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

/// How many moves of a side got each mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MarkCounts {
    /// `?!`.
    pub inaccuracy: usize,
    /// `?`.
    pub mistake: usize,
    /// `??`.
    pub blunder: usize,
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReviewReport {
    /// Every move, in order.
    pub moves: Vec<ReviewedMove>,
    /// Each side's accuracy of the game, to a tenth (none for a side without a move).
    pub accuracy: WhiteBlack<Option<f64>>,
    /// Each side's marks.
    pub marks: WhiteBlack<MarkCounts>,
}

fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The report of `review`, a game from `start`.
pub fn report(start: &AnyPosition, review: &Review) -> ReviewReport {
    let mut p = *start;
    let mut moves = Vec::with_capacity(review.moves.len());
    for m in &review.moves {
        let mut q = p;
        let mut line = Vec::new();
        let mut line_uci = Vec::new();
        for step in &m.best_line {
            if q.outcome().is_some() || !q.legal_moves().contains(step) {
                break;
            }
            line.push(q.san(step));
            line_uci.push(q.uci(step));
            q = q.play_unchecked(*step);
        }
        moves.push(ReviewedMove {
            ply: m.ply,
            uci: p.uci(&m.played),
            san: p.san(&m.played),
            eval: m.eval.into(),
            best: m.best.map(|b| p.uci(&b)),
            best_san: m.best.map(|b| p.san(&b)),
            best_line: line,
            best_line_uci: line_uci,
            class: m.mark,
            accuracy: tenth(m.accuracy),
            end: m.end.map(|o| o.result().to_string()),
        });
        p = p.play_unchecked(m.played);
    }
    let marks = |side| MarkCounts {
        inaccuracy: review.count(side, Mark::Inaccuracy),
        mistake: review.count(side, Mark::Mistake),
        blunder: review.count(side, Mark::Blunder),
    };
    ReviewReport {
        moves,
        accuracy: WhiteBlack {
            white: review.accuracy[0].map(tenth),
            black: review.accuracy[1].map(tenth),
        },
        marks: WhiteBlack {
            white: marks(Color::White),
            black: marks(Color::Black),
        },
    }
}
