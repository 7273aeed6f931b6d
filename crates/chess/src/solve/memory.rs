//! A lesson position and everything reachable from it solved for win, draw or loss in
//! memory, by the disk solver's listing ([`super::frontier`]) and slice solver
//! ([`super::wdl`]): the table a coach or a perfect player consults once a game has become
//! small enough (a few pawns left), every later position of the game being in it.

use super::compact::{self, Code, CompactSlice};
use super::frontier;
use super::key::slice_key;
use super::wdl::{SliceError, Workspace};
use crate::geometry::Mini;
use crate::moves::Move;
use crate::position::Position;
use std::collections::{BTreeMap, HashMap};

/// Why a table was not made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A game the compact solver does not take.
    #[error("{0}: not a lesson game a pawn on the far edge ends, without double steps")]
    Unsupported(String),
    /// More positions than allowed.
    #[error("{0} positions to solve, above the budget of {1}")]
    Budget(u64, u64),
    /// A slice the compact solver refuses, or a gap in the listing (a bug, reported).
    #[error("{0}")]
    Slice(String),
}

/// Every slice reachable from a root, solved.
#[derive(Debug, Default)]
pub struct Table {
    slices: HashMap<u128, Vec<Code>>,
    positions: u64,
}

impl Table {
    /// Solves `root` and all it leads to, if that is at most `budget` indices (about
    /// 3 million a second on one core).
    pub fn solve(root: &Position<Mini>, budget: u64) -> Result<Table, TableError> {
        if !compact::supported(root.variant()) {
            return Err(TableError::Unsupported(root.variant().name()));
        }
        if root.lesson_result().is_some() {
            return Ok(Table::default());
        }
        // the listing, level by level, with its size counted as it grows
        let start = slice_key(root);
        let mut levels: BTreeMap<u32, Vec<u128>> = BTreeMap::new();
        levels.insert(compact::potential(start), vec![start]);
        let mut size = 0u64;
        let mut next = compact::potential(start);
        while let Some((&l, _)) = levels.range(next..).next() {
            let keys = levels.get_mut(&l).map(std::mem::take).unwrap_or_default();
            let mut keys = keys;
            keys.sort_unstable();
            keys.dedup();
            for &k in &keys {
                size += compact::slice_len(k)
                    .ok_or_else(|| TableError::Slice(format!("slice {k:#x}: too many pieces")))?
                    as u64;
                if size > budget {
                    return Err(TableError::Budget(size, budget));
                }
                for c in frontier::children(k) {
                    levels.entry(compact::potential(c)).or_default().push(c);
                }
            }
            levels.insert(l, keys);
            next = l + 1;
        }
        let mut table = Table::default();
        let mut ws = Workspace::default();
        for keys in levels.values().rev() {
            for &k in keys {
                let slice = CompactSlice::from_key(root.variant(), k)
                    .map_err(|e| TableError::Slice(e.to_string()))?;
                let mut out = vec![0u8; slice.len()];
                let solved = &table.slices;
                let mut exit = |child: &Position<Mini>| -> Result<i8, String> {
                    let codes = solved
                        .get(&slice_key(child))
                        .ok_or_else(|| format!("{} is in no listed slice", child.fen()))?;
                    compact::code_value(codes[compact::index(child)])
                        .ok_or_else(|| format!("{} has no value", child.fen()))
                };
                ws.solve(&slice, &mut exit, &mut out).map_err(|e| match e {
                    SliceError::Exit(e) => TableError::Slice(e),
                    other => TableError::Slice(other.to_string()),
                })?;
                table.positions += out.iter().filter(|&&c| c != 0).count() as u64;
                table.slices.insert(k, out);
            }
        }
        Ok(table)
    }

    /// A table of solved slices (key, codes), as a [`super::book::Book`] stores them.
    pub fn from_slices(slices: impl IntoIterator<Item = (u128, Vec<Code>)>) -> Table {
        let mut t = Table::default();
        for (k, codes) in slices {
            t.positions += codes.iter().filter(|&&c| c != 0).count() as u64;
            t.slices.insert(k, codes);
        }
        t
    }

    /// Positions in the table.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Slices in the table.
    pub fn slices(&self) -> usize {
        self.slices.len()
    }

    /// Every slice's key and codes.
    pub fn iter(&self) -> impl Iterator<Item = (u128, &[Code])> {
        self.slices.iter().map(|(&k, c)| (k, c.as_slice()))
    }

    /// The code of a position the table holds.
    pub fn code(&self, pos: &Position<Mini>) -> Option<Code> {
        let c = *self.slices.get(&slice_key(pos))?.get(compact::index(pos))?;
        (c != 0).then_some(c)
    }

    /// The value of `pos` for its side to move (1 win, 0 draw, -1 loss), finished games
    /// included; `None` outside the table.
    pub fn value(&self, pos: &Position<Mini>) -> Option<i8> {
        if let Some(o) = pos.outcome() {
            return Some(match o.winner() {
                Some(w) if w == pos.turn() => 1,
                Some(_) => -1,
                None => 0,
            });
        }
        compact::code_value(self.code(pos)?)
    }

    /// Each legal move of `pos` with the value it keeps for the mover, best first: among
    /// equal values, leaving the slice, then the lowest rank (a side that must leave its slice
    /// for its value gets there), and for a loser the longest resistance. `None` outside the
    /// table.
    pub fn moves(&self, pos: &Position<Mini>) -> Option<Vec<(Move, i8)>> {
        let mut out = Vec::new();
        for m in pos.legal_moves().iter() {
            let child = pos.play_unchecked(*m);
            let v = -self.value(&child)?;
            // inside the slice, the child's rank: the moves its side still needs to leave
            let progress = match self.code(&child) {
                Some(c) if slice_key(&child) == slice_key(pos) => i16::from(compact::code_rank(c)),
                _ => -1,
            };
            out.push((*m, v, progress));
        }
        // a winner or a drawer that must leave makes progress; a loser holds out longest
        out.sort_by_key(|&(_, v, progress)| {
            (
                std::cmp::Reverse(v),
                if v >= 0 { progress } else { -progress },
            )
        });
        Some(out.into_iter().map(|(m, v, _)| (m, v)).collect())
    }
}
