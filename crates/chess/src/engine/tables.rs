//! Endgame tables in the search: a position a table covers gets its exact score (a mate
//! distance, or a draw) instead of being searched.

use super::MATE;
use crate::geometry::{Geometry, Mini};
use crate::position::Position;
use crate::tablebase::{Tablebases, Value};
use std::any::Any;
use std::sync::Arc;

/// The tables an engine may probe (one set per promotion rule; the first that covers a
/// position answers).
#[derive(Clone, Debug, Default)]
pub(crate) struct EngineTables {
    sets: Vec<Arc<Tablebases>>,
    /// The most pieces any held table has (0: none), a quick test before probing.
    max_pieces: u32,
}

impl EngineTables {
    pub(crate) fn new(sets: Vec<Arc<Tablebases>>) -> EngineTables {
        let max_pieces = sets
            .iter()
            .flat_map(|s| s.tables())
            .map(|t| t.material().pieces() as u32)
            .max()
            .unwrap_or(0);
        EngineTables { sets, max_pieces }
    }

    /// The exact value of `pos` if a table covers it (5x6 only).
    pub(crate) fn value<G: Geometry>(&self, pos: &Position<G>) -> Option<Value> {
        if pos.occupied().count_ones() > self.max_pieces {
            return None;
        }
        let mini = (pos as &dyn Any).downcast_ref::<Position<Mini>>()?;
        self.sets.iter().find_map(|s| s.value(mini))
    }

    /// The score of `pos` for the side to move, `ply` plies from the root, if a table
    /// covers it and its mate comes before the fifty-move rule could intervene.
    pub(crate) fn score<G: Geometry>(&self, pos: &Position<G>, ply: usize) -> Option<i32> {
        let value = self.value(pos)?;
        let to_mate = |n: u16| MATE - ply as i32 - i32::from(n);
        match value {
            Value::Draw => Some(0),
            // the tables count no clock: a mate that may come after the fiftieth move without
            // a capture or pawn move is left to the search
            Value::Win(n) | Value::Loss(n) if pos.halfmoves() + u32::from(n) >= 100 => None,
            Value::Win(n) => Some(to_mate(n)),
            Value::Loss(n) => Some(-to_mate(n)),
        }
    }
}
