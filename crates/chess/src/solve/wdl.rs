//! One slice solved for win, draw or loss, in one byte a position ([`compact::Code`]): the
//! disk solver's step. The distances to the end of the game that [`super::slice`] keeps (two
//! bytes a position, and every exit's distance) are what stops the full board fitting in
//! memory; the result needs only who wins, and a proof needs only, where staying in the slice
//! is not enough for a side, how many moves it takes to leave.
//!
//! Inside a slice play may circle, and circling ends (repetition, fifty moves) with the
//! slice's tie-break `s`. Each side's goals are *attractors*: the positions from which a side
//! forces, in finitely many moves, leaving (or ending the game) with at least a given result,
//! computed backwards from the exits as endgame tables are, the layer being the rank:
//!
//! - `s` favours White: Black needs to leave. Where Black forces a win by leaving, Black
//!   wins; else where it forces a draw or better by leaving, a draw; elsewhere White wins.
//! - `s` favours Black: the same with the colours swapped.
//! - `s` a draw: where a side forces a win by leaving it wins; elsewhere a draw.

use super::compact::{self, Code, CompactSlice, NO_RANK};
use crate::geometry::Mini;
use crate::moves::MoveList;
use crate::position::Position;
use crate::status::{Outcome, TieBreakCause};
use crate::types::{Color, Role};

/// Why a slice could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SliceError<E> {
    /// The value of an exit could not be had.
    #[error(transparent)]
    Exit(E),
    /// A forced manoeuvre longer than a code's rank holds (62 moves).
    #[error("slice {0:#x}: a side needs more than 62 moves to leave it")]
    RankOverflow(u128),
}

/// White's result (+1 win, 0 draw, -1 loss) of a finished game.
fn white_result(o: Outcome) -> i8 {
    match o.winner() {
        Some(Color::White) => 1,
        Some(Color::Black) => -1,
        None => 0,
    }
}

/// Not in an attractor.
const OUT: u8 = u8::MAX;

/// Buffers kept between slices (a slice holds up to 1,800 indices; allocating them anew for
/// each of 10^8 slices would cost more than solving).
#[derive(Default)]
pub struct Workspace {
    valid: Vec<bool>,
    /// White's result of a finished position.
    terminal: Vec<Option<i8>>,
    /// White's best and worst result among the moves leaving the slice (none: `None`).
    exits: Vec<Option<(i8, i8)>>,
    /// Moves inside the slice, as compressed rows: `start[i]..start[i + 1]` in `targets`.
    start: Vec<u32>,
    targets: Vec<u16>,
    pred_start: Vec<u32>,
    preds: Vec<u16>,
    counter: Vec<u32>,
    moves: MoveList,
}

impl Workspace {
    /// Solves `slice`, writing one code an index into `out` (`out.len() == slice.len()`).
    /// `exit` gives the value, for its side to move (1, 0, -1), of a position in another
    /// slice; a finished game is valued here. Returns the longest rank (moves a side needs to
    /// leave the slice).
    pub fn solve<E>(
        &mut self,
        slice: &CompactSlice,
        exit: &mut dyn FnMut(&Position<Mini>) -> Result<i8, E>,
        out: &mut [Code],
    ) -> Result<u8, SliceError<E>> {
        let n = slice.len();
        self.build(slice, exit).map_err(SliceError::Exit)?;
        let stay = white_result(slice.base().tie_break(TieBreakCause::Repetition));
        out[..n].fill(0);
        let mut longest = 0u8;
        let mut put = |i: usize, white: i8, rank: u8| {
            let mover = if i.is_multiple_of(2) { white } else { -white };
            if rank != NO_RANK {
                longest = longest.max(rank);
            }
            out[i] = compact::encode(mover, rank);
        };
        let overflow = || SliceError::RankOverflow(slice.key);
        if stay == 0 {
            let white = self.attractor(1, 1).ok_or_else(overflow)?;
            let black = self.attractor(-1, 1).ok_or_else(overflow)?;
            for i in (0..n).filter(|&i| self.valid[i]) {
                match (white[i], black[i]) {
                    (r, _) if r != OUT => put(i, 1, r),
                    (_, r) if r != OUT => put(i, -1, r),
                    _ => put(i, 0, NO_RANK),
                }
            }
        } else {
            // the side the tie-break is against must leave to get anything
            let leaver = -stay;
            let win = self.attractor(leaver, 1).ok_or_else(overflow)?;
            let draw = self.attractor(leaver, 0).ok_or_else(overflow)?;
            for i in (0..n).filter(|&i| self.valid[i]) {
                if win[i] != OUT {
                    put(i, leaver, win[i]);
                } else if draw[i] != OUT {
                    put(i, 0, draw[i]);
                } else {
                    put(i, stay, NO_RANK);
                }
            }
        }
        Ok(longest)
    }

    /// Generates every position's moves: finished games, the exits' results, the moves
    /// inside and, reversed, the moves into each position.
    fn build<E>(
        &mut self,
        slice: &CompactSlice,
        exit: &mut dyn FnMut(&Position<Mini>) -> Result<i8, E>,
    ) -> Result<(), E> {
        let n = slice.len();
        self.valid.clear();
        self.valid.resize(n, false);
        self.terminal.clear();
        self.terminal.resize(n, None);
        self.exits.clear();
        self.exits.resize(n, None);
        self.start.clear();
        self.targets.clear();
        for idx in 0..n {
            self.start.push(self.targets.len() as u32);
            let Some(p) = slice.position(idx) else {
                continue;
            };
            self.valid[idx] = true;
            if let Some(o) = p.lesson_result() {
                self.terminal[idx] = Some(white_result(o));
                continue;
            }
            self.moves.0.clear();
            p.generate(&mut self.moves);
            if self.moves.0.is_empty() {
                // neither side can move: the tie-break decides at once
                self.terminal[idx] = Some(white_result(p.tie_break(TieBreakCause::Deadlock)));
                continue;
            }
            let mut best: Option<(i8, i8)> = None;
            for m in self.moves.iter() {
                let child = p.play_unchecked(*m);
                if m.capture.is_none() && m.role != Role::Pawn {
                    self.targets.push(compact::index(&child) as u16);
                    continue;
                }
                let mover_value = match child.lesson_result() {
                    Some(o) => {
                        let w = white_result(o);
                        if child.turn() == Color::White { w } else { -w }
                    }
                    None => exit(&child)?,
                };
                let w = if child.turn() == Color::White {
                    mover_value
                } else {
                    -mover_value
                };
                best = Some(best.map_or((w, w), |(hi, lo)| (hi.max(w), lo.min(w))));
            }
            self.exits[idx] = best;
        }
        self.start.push(self.targets.len() as u32);
        // reverse the rows: the positions each one is reached from
        self.pred_start.clear();
        self.pred_start.resize(n + 1, 0);
        for &t in &self.targets {
            self.pred_start[usize::from(t) + 1] += 1;
        }
        for i in 0..n {
            self.pred_start[i + 1] += self.pred_start[i];
        }
        self.preds.clear();
        self.preds.resize(self.targets.len(), 0);
        let mut fill = self.pred_start.clone();
        for i in 0..n {
            for k in self.start[i]..self.start[i + 1] {
                let t = usize::from(self.targets[k as usize]);
                self.preds[fill[t] as usize] = i as u16;
                fill[t] += 1;
            }
        }
        Ok(())
    }

    /// The attractor of `side` (+1 White, -1 Black) for results of at least `goal` (for it):
    /// each position's rank (moves to leave or end the game so), [`OUT`] outside. `None` if a
    /// rank passes 62.
    fn attractor(&mut self, side: i8, goal: i8) -> Option<Vec<u8>> {
        let n = self.valid.len();
        let good = |w: i8| w * side >= goal;
        let mut rank = vec![OUT; n];
        self.counter.clear();
        self.counter.resize(n, 0);
        let mut layer = Vec::new();
        let mut next = Vec::new();
        for i in (0..n).filter(|&i| self.valid[i]) {
            if let Some(w) = self.terminal[i] {
                if good(w) {
                    rank[i] = 0;
                    layer.push(i);
                }
                continue;
            }
            let mover = if i.is_multiple_of(2) { 1 } else { -1 };
            let inside = self.start[i + 1] - self.start[i];
            if mover == side {
                // its best exit for `side`
                let best = self.exits[i].map(|(hi, lo)| if side == 1 { hi } else { lo });
                if best.is_some_and(good) {
                    rank[i] = 1;
                    next.push(i);
                }
            } else {
                // the other side's best exit against `side`
                let escape = self.exits[i]
                    .map(|(hi, lo)| if side == 1 { lo } else { hi })
                    .is_some_and(|w| !good(w));
                if escape {
                    self.counter[i] = u32::MAX;
                } else if inside == 0 {
                    rank[i] = 1;
                    next.push(i);
                } else {
                    self.counter[i] = inside;
                }
            }
        }
        let mut r = 0u8;
        while !layer.is_empty() || !next.is_empty() {
            for &c in &layer {
                for k in self.pred_start[c]..self.pred_start[c + 1] {
                    let q = usize::from(self.preds[k as usize]);
                    if rank[q] != OUT || self.terminal[q].is_some() {
                        continue;
                    }
                    let mover = if q.is_multiple_of(2) { 1 } else { -1 };
                    if mover == side {
                        rank[q] = r + 1;
                        next.push(q);
                    } else if self.counter[q] != u32::MAX {
                        self.counter[q] -= 1;
                        if self.counter[q] == 0 {
                            rank[q] = r + 1;
                            next.push(q);
                        }
                    }
                }
            }
            layer.clear();
            std::mem::swap(&mut layer, &mut next);
            r += 1;
            if r >= NO_RANK && !layer.is_empty() {
                return None;
            }
        }
        Some(rank)
    }
}
