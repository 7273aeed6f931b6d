//! Puzzles cut from real games: a position after a mistake where the side to move has one
//! move that keeps (or wins) the advantage at each of its turns, or one move that holds the
//! draw, with the line that follows.
//!
//! * [`mine`]: finds them in a game with the engine (pure: the caller chooses the games and
//!   runs the work where long work belongs).
//! * [`themes`]: names what a puzzle is about by rules over the line (mate in N, fork,
//!   hanging piece, promotion, rescue, endgame, defence, advantage).
//! * [`check`]: checks a player's moves against a puzzle (any mate counts on the last move).
//!
//! A puzzle set is a text file, one puzzle a line, tab-separated:
//! `id  fen  last  moves  rating  themes` where `fen` is the position the solver faces,
//! `last` the move (UCI) that led to it or `-`, `moves` the solution in UCI separated by
//! spaces (the solver's move first, then the opponent's reply, and so on, ending with the
//! solver's move), `rating` the puzzle's starting rating and `themes` its themes separated by
//! commas. Lines starting with `#` are comments. The starter set ships with the crate
//! ([`starter`]).

pub mod check;
pub mod mine;
pub mod themes;

pub use check::{Attempt, Verdict};
pub use mine::{Miner, MinerSettings, MinerStats};
pub use themes::Theme;

use crate::{AnyPosition, Variant};
use std::fmt;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short name, the same for the same position and solution wherever it is mined.
    pub id: String,
    /// The position the solver faces, in FEN.
    pub fen: String,
    /// The move that led to it (the opponent's mistake), in UCI, if known.
    pub last: Option<String>,
    /// The solution in UCI: the solver's moves at even places, the replies at odd ones.
    pub moves: Vec<String>,
    /// The starting rating (how many engine budgets fail before one finds every move).
    pub rating: u32,
    /// What it is about.
    pub themes: Vec<Theme>,
}

/// A line of a puzzle file that does not read as a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle line {line}: {what}")]
pub struct PuzzleLineError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub what: String,
}

impl Puzzle {
    /// The id a position and its solution get: 6 characters of base 36 from a hash of the
    /// position's board, side and first move, so the same puzzle mined twice has one id.
    pub fn id_of(fen: &str, first: &str) -> String {
        let key: String = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        tabula_core::short_id::short_id(&key, first)
    }

    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.moves.len().div_ceil(2)
    }

    /// Reads one line of a puzzle file (`number` for the error).
    pub fn parse_line(
        variant: Variant,
        text: &str,
        number: usize,
    ) -> Result<Puzzle, PuzzleLineError> {
        let err = |what: String| PuzzleLineError { line: number, what };
        let fields: Vec<&str> = text.split('\t').collect();
        let [id, fen, last, moves, rating, themes] = fields[..] else {
            return Err(err(format!(
                "{} fields, expected 6 (id, fen, last, moves, rating, themes)",
                fields.len()
            )));
        };
        let moves: Vec<String> = moves
            .split(' ')
            .filter(|m| !m.is_empty())
            .map(String::from)
            .collect();
        if moves.len().is_multiple_of(2) {
            return Err(err(format!(
                "{} moves: a solution ends with the solver's move, so it has an odd number",
                moves.len()
            )));
        }
        // the moves must be legal from the position
        let mut p =
            AnyPosition::from_fen(variant, fen).map_err(|e| err(format!("fen `{fen}`: {e}")))?;
        for m in &moves {
            p = p
                .play_uci(m)
                .map_err(|e| err(format!("move `{m}` is not legal: {}", e.message)))?;
        }
        let rating = rating
            .parse::<u32>()
            .map_err(|_| err(format!("rating `{rating}` is not a whole number")))?;
        let themes = themes
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<Theme>().map_err(|e| err(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Puzzle {
            id: id.to_string(),
            fen: fen.to_string(),
            last: (last != "-").then(|| last.to_string()),
            moves,
            rating,
            themes,
        })
    }

    /// Reads a puzzle file: every line that is not empty or a comment.
    pub fn parse_set(variant: Variant, text: &str) -> Result<Vec<Puzzle>, PuzzleLineError> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| Puzzle::parse_line(variant, l, i + 1))
            .collect()
    }
}

impl fmt::Display for Puzzle {
    /// The puzzle's line in a puzzle file (without the line end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.fen,
            self.last.as_deref().unwrap_or("-"),
            self.moves.join(" "),
            self.rating,
            themes.join(",")
        )
    }
}

/// How much deeper than the miner's budgets a shipped puzzle is checked again (`tabula engine puzzles
/// check` before shipping, the crate's tests after).
pub const SHIPPED_CHECK_FACTOR: u64 = 3;
/// The points of Win% the best move's lead may fall short of the miner's 30 at that check.
pub const SHIPPED_CHECK_SLACK: f64 = 5.0;

/// The starter set of full QuickChess puzzles, mined from engine games by
/// `tabula engine puzzles mine` (BENCHMARKS.md "Puzzles" has the command).
pub const STARTER_QUICKCHESS: &str = include_str!("../../data/puzzles/quickchess.tsv");

/// The starter set, read (it is checked by the crate's tests, so reading it does not fail).
pub fn starter() -> Vec<Puzzle> {
    let variant = Variant::parse("quickchess").expect("a known variant");
    Puzzle::parse_set(variant, STARTER_QUICKCHESS).unwrap_or_default()
}

#[cfg(test)]
mod tests;
