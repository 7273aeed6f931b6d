//! The compact solver's codes checked position by position against the move generator, as a
//! second computation that shares nothing with [`super::wdl`] but the codes' meaning: the
//! proof of a whole-board result, where a strategy listed position by position would take
//! some 10^9 entries.
//!
//! A code claims a result for the side to move `X` (the other side is `Y`) and a rank. With
//! `rank'` the rank, plus 64 for draws (a draw's side may go into a win after a mistake, which
//! must still lower the rank), and a side "must leave" where the slice's tie-break gives it
//! less than its claim:
//!
//! - a finished game has the code of its result;
//! - a win: some move keeps the win for `X`;
//! - a loss: every move keeps the win for `Y`;
//! - a draw: some move keeps at least a draw for `X`, and every move keeps at least a draw
//!   for `Y`;
//!
//! where a move that stays in the slice counts for a side that must leave only if it lowers
//! `rank'`, and `rank'` stays under 100 there (the fifty-move rule). A table that holds these
//! everywhere is right: each side's claims give it a strategy that keeps them, leaves every
//! slice it must leave in under 100 plies, and otherwise can stay where staying is enough.

use super::compact::{self, Code, CompactSlice, NO_RANK};
use super::key::slice_key;
use crate::geometry::Mini;
use crate::moves::MoveList;
use crate::position::Position;
use crate::status::TieBreakCause;
use crate::types::Color;

/// The claim a code makes, for the side to move (1 win, 0 draw, -1 loss), and `rank'`.
fn claim(code: Code) -> Option<(i8, u16)> {
    let v = compact::code_value(code)?;
    let r = compact::code_rank(code);
    let lifted = if r == NO_RANK {
        u16::MAX
    } else if v == 0 {
        u16::from(r) + 64
    } else {
        u16::from(r)
    };
    Some((v, lifted))
}

/// White's result of a finished game or the tie-break.
fn white(winner: Option<Color>) -> i8 {
    match winner {
        Some(Color::White) => 1,
        Some(Color::Black) => -1,
        None => 0,
    }
}

/// Checks every index of `slice` against its `codes`; `code` gives the code of a position in
/// another slice. Returns the positions checked, or the first position that breaks a rule.
pub fn check_slice(
    slice: &CompactSlice,
    codes: &[Code],
    code: &mut dyn FnMut(&Position<Mini>) -> Option<Code>,
) -> Result<u64, String> {
    let stay = white(slice.base().tie_break(TieBreakCause::Repetition).winner());
    let mut moves = MoveList::new();
    let mut children: Vec<(i8, Option<u16>)> = Vec::with_capacity(64);
    let mut checked = 0;
    for (idx, &c) in codes.iter().enumerate().take(slice.len()) {
        let Some(p) = slice.position(idx) else {
            if c != 0 {
                return Err(format!(
                    "index {idx} of slice {:#x} is no position but has a code",
                    slice.key
                ));
            }
            continue;
        };
        let broken = |why: &str| Err(format!("{}: {why} (code {c})", p.fen()));
        let Some((v, rank)) = claim(c) else {
            return broken("a position without a code");
        };
        checked += 1;
        let x: i8 = if p.turn() == Color::White { 1 } else { -1 };
        // the result `side` claims here, and whether it must leave for it
        let must_leave = |side: i8, goal: i8| stay * side < goal;
        moves.0.clear();
        if p.lesson_result().is_none() {
            p.generate(&mut moves);
        }
        if moves.0.is_empty() {
            let o = p
                .lesson_result()
                .unwrap_or_else(|| p.tie_break(TieBreakCause::Deadlock));
            if white(o.winner()) * x != v {
                return broken("a finished game with another result");
            }
            continue;
        }
        // each move: its result for X and, inside the slice, the child's rank'
        children.clear();
        for m in moves.iter() {
            let child = p.play_unchecked(*m);
            let inside = slice_key(&child) == slice.key;
            let (for_x, r) = match child.lesson_result() {
                Some(o) => (white(o.winner()) * x, 0),
                None => {
                    let found = if inside {
                        codes.get(compact::index(&child)).copied()
                    } else {
                        code(&child)
                    };
                    let Some((cv, cr)) = found.and_then(claim) else {
                        return broken(&format!(
                            "{} (after {}) has no code",
                            child.fen(),
                            p.uci(m)
                        ));
                    };
                    (-cv, cr)
                }
            };
            children.push((for_x, inside.then_some(r)));
        }
        // X keeps at least `goal` by some move
        let some_move = |goal: i8| {
            let leave = must_leave(x, goal);
            (!leave || rank < 100)
                && children.iter().any(|&(fx, inside)| {
                    fx >= goal && !(leave && inside.is_some_and(|r| r >= rank))
                })
        };
        // Y keeps at least `goal` (for Y) whatever X plays
        let every_move = |goal: i8| {
            let leave = must_leave(-x, goal);
            (!leave || rank < 100)
                && children.iter().all(|&(fx, inside)| {
                    -fx >= goal && !(leave && inside.is_some_and(|r| r >= rank))
                })
        };
        let holds = match v {
            1 => some_move(1),
            -1 => every_move(1),
            _ => some_move(0) && every_move(0),
        };
        if !holds {
            return broken(match v {
                1 => "a win without a winning move that makes progress",
                -1 => "a loss with a move that escapes it",
                _ => "a draw that one side can better or not keep",
            });
        }
    }
    Ok(checked)
}
