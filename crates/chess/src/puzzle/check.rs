//! Checking a player's moves against a puzzle.
//!
//! The solver's move at each turn must be the solution's, with one exception lichess makes
//! too: a move that checkmates is right wherever the solution mates, even if it is another
//! mate than the one stored.

use super::Puzzle;
use crate::{AnyPosition, Variant};

/// How a player's moves stand against a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right so far; the opponent answers with `reply` (UCI) and it is the solver's turn again.
    Continue {
        /// The opponent's answer.
        reply: String,
    },
    /// Every move found: the puzzle is solved.
    Solved,
    /// A move that is not the solution's (`at`: its index among the player's moves); the
    /// solution's move there was `expected`.
    Wrong {
        /// Which of the player's moves, from 0.
        at: usize,
        /// The solution's move at that point.
        expected: String,
    },
}

/// Why a player's moves could not be judged at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Attempt {
    /// The puzzle's own position or line does not replay (a damaged set).
    #[error("the puzzle {id} does not replay: {why}")]
    Damaged {
        /// The puzzle.
        id: String,
        /// What failed.
        why: String,
    },
    /// A player's move is not a legal move in UCI at that point.
    #[error("move {at} `{text}` is not a legal move there: {why}")]
    Illegal {
        /// Which of the player's moves, from 0.
        at: usize,
        /// The move as sent.
        text: String,
        /// Why not.
        why: String,
    },
    /// No move to judge.
    #[error("no move sent")]
    Empty,
    /// More moves than the solution has for the solver.
    #[error("{sent} moves sent, the puzzle has {expected} for the solver")]
    TooMany {
        /// How many were sent.
        sent: usize,
        /// How many the solver makes.
        expected: usize,
    },
}

/// Judges the solver's moves `played` (UCI, the solver's only: the replies are the puzzle's)
/// against `puzzle`.
pub fn judge(variant: Variant, puzzle: &Puzzle, played: &[String]) -> Result<Verdict, Attempt> {
    let damaged = |why: String| Attempt::Damaged {
        id: puzzle.id.clone(),
        why,
    };
    if played.is_empty() {
        return Err(Attempt::Empty);
    }
    if played.len() > puzzle.solver_moves() {
        return Err(Attempt::TooMany {
            sent: played.len(),
            expected: puzzle.solver_moves(),
        });
    }
    let mut pos =
        AnyPosition::from_fen(variant, &puzzle.fen).map_err(|e| damaged(e.to_string()))?;
    for (i, text) in played.iter().enumerate() {
        let expected = &puzzle.moves[2 * i];
        let mv = pos.parse_uci(text).map_err(|e| Attempt::Illegal {
            at: i,
            text: text.clone(),
            why: e.to_string(),
        })?;
        let after = pos.play_unchecked(mv);
        let mates = after.is_check() && after.legal_moves().is_empty();
        let solution_mates = {
            let m = pos
                .parse_uci(expected)
                .map_err(|e| damaged(e.to_string()))?;
            let a = pos.play_unchecked(m);
            a.is_check() && a.legal_moves().is_empty()
        };
        if pos.uci(&mv) != *expected && !(mates && solution_mates) {
            return Ok(Verdict::Wrong {
                at: i,
                expected: expected.clone(),
            });
        }
        let Some(reply) = puzzle.moves.get(2 * i + 1) else {
            return Ok(Verdict::Solved);
        };
        pos = after.play_uci(reply).map_err(|e| damaged(e.message))?;
    }
    // every move right, and each had a reply: the last reply is the one to show
    let reply = puzzle.moves[2 * played.len() - 1].clone();
    Ok(Verdict::Continue { reply })
}
