//! Solving the QuickChess lesson games: the value of a position under perfect play, by
//! retrograde analysis over slices.
//!
//! A lesson position's pawns (and en passant square, and which pieces each side still has)
//! change only by moves that cannot be undone: pawn moves, captures, promotions. Everything
//! else (a piece moving without capturing, a pass) stays in the position's *slice*. Slices are
//! never revisited, so they are solved one at a time, each after the slices its leaving moves
//! lead to ([`slice`]): inside a slice by retrograde analysis as endgame tables are built, with
//! the cycles of piece moves valued by the rules' own end for them (a threefold repetition or
//! fifty moves go to the tie-break, which inside one slice is always the same, since it looks
//! only at pawns).
//!
//! Pawn-only games (Power Pawns, Pawn Blasters) have slices of one or two positions, and the
//! whole game is a directed acyclic graph that the same code walks to its end. Games with a
//! piece a side have up to 1,800 positions a slice and about 10^8 slices: the solver takes a
//! budget of positions and says when it is spent.
//!
//! The value comes with a principal line and a proof ([`proof`]) that a separate verifier
//! replays against the move generator.

pub mod book;
pub mod check;
pub mod compact;
pub mod exhaustive;
pub mod frontier;
pub mod key;
pub mod memory;
pub mod proof;
mod proof_codes;
pub mod slice;
pub mod wdl;

pub use proof::{Proof, ProofError};
pub use slice::BY_TIE_BREAK;

use crate::geometry::Mini;
use crate::moves::Move;
use crate::position::Position;
use crate::tablebase::Value;
use key::slice_key;
use slice::{SliceLayout, SolvedSlice, terminal_value};
use std::collections::HashMap;

/// Why a position could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// Not a lesson game.
    #[error("{0} is not a lesson game: the solver handles the booklet's boxes 2-8")]
    NotALessonGame(String),
    /// More pieces in one slice than the solver holds.
    #[error("a position with more than two pieces besides pawns ({0}): beyond this solver")]
    TooManyPieces(String),
    /// The budget of positions is spent.
    #[error("the budget of {0} positions is spent")]
    Budget(u64),
    /// A position its slice does not hold (a bug, reported rather than hidden).
    #[error("{0} is missing from its slice")]
    Missing(String),
}

/// What solving took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Slices solved.
    pub slices: u64,
    /// Positions valued (both sides to move).
    pub positions: u64,
    /// The most moves a finite win spends inside one slice (below 100, the fifty-move rule
    /// never ends such a line first).
    pub longest_run: u16,
}

/// Solves lesson positions, remembering every slice it solved.
#[derive(Debug)]
pub struct Solver {
    slices: HashMap<u128, SolvedSlice>,
    budget: u64,
    stats: Stats,
}

impl Solver {
    /// A solver that values at most `budget` positions (about a million a second; a slice
    /// of a game with pieces holds up to 1,800).
    pub fn new(budget: u64) -> Solver {
        Solver {
            slices: HashMap::new(),
            budget,
            stats: Stats::default(),
        }
    }

    /// Allows `more` positions beyond those already valued (a solver kept between requests
    /// gets a fresh allowance for each).
    pub fn raise_budget(&mut self, more: u64) {
        self.budget = self.stats.positions.saturating_add(more);
    }

    /// What it took so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The value of `pos` for the side to move under perfect play (distances in plies to the
    /// end of the game; [`BY_TIE_BREAK`] for wins that come from the tie-break after a
    /// repetition or fifty moves).
    pub fn value(&mut self, pos: &Position<Mini>) -> Result<Value, SolveError> {
        if pos.variant().has_check() {
            return Err(SolveError::NotALessonGame(pos.variant().name()));
        }
        if let Some(o) = pos.outcome() {
            return Ok(terminal_value(pos, o));
        }
        let key = slice_key(pos);
        if !self.slices.contains_key(&key) {
            let layout =
                SliceLayout::of(pos).ok_or_else(|| SolveError::TooManyPieces(pos.fen()))?;
            if self.stats.positions >= self.budget {
                return Err(SolveError::Budget(self.budget));
            }
            let solved = slice::solve(&layout, &mut |child| self.value(child))?;
            self.stats.slices += 1;
            self.stats.positions += solved.positions() as u64;
            self.stats.longest_run = self.stats.longest_run.max(solved.longest_run);
            self.slices.insert(key, solved);
        }
        self.slices[&key]
            .value(SliceLayout::index_in_slice(pos))
            .ok_or_else(|| SolveError::Missing(pos.fen()))
    }

    /// The value of a position already solved (its slice is remembered), without solving.
    pub fn known(&self, pos: &Position<Mini>) -> Option<Value> {
        if let Some(o) = pos.outcome() {
            return Some(terminal_value(pos, o));
        }
        self.slices
            .get(&slice_key(pos))?
            .value(SliceLayout::index_in_slice(pos))
    }

    /// The best move of a solved position and the value it keeps: the quickest win, the
    /// longest defence, or a move that holds the draw.
    pub fn best_move(&self, pos: &Position<Mini>) -> Option<(Move, Value)> {
        let mut best: Option<(Move, Value)> = None;
        for m in pos.legal_moves().iter() {
            let v = self.known(&pos.play_unchecked(*m))?.parent();
            if best.is_none_or(|(_, b)| v.rank() > b.rank()) {
                best = Some((*m, v));
            }
        }
        best
    }

    /// A line of best play from a solved position, at most `max_plies` long (it stops at the
    /// end of the game or when the line comes back to a position, as the tie-break lines do).
    pub fn line(&self, pos: &Position<Mini>, max_plies: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut p = *pos;
        while line.len() < max_plies && seen.insert(key::position_key(&p)) {
            let Some((m, _)) = self.best_move(&p) else {
                break;
            };
            line.push(m);
            p = p.play_unchecked(m);
        }
        line
    }
}
