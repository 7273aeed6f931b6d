//! The independent check of a table: every entry against the forward move generator.
//!
//! A table is right if and only if every legal position's value is the best, for the side to
//! move, of its moves' values seen one ply earlier (a move to a loss in `n` is a win in
//! `n + 1`; only moves to wins is a loss one ply longer than the longest; otherwise a draw),
//! checkmates are losses in 0, stalemates and dead positions draws, and every other index is
//! marked invalid. By induction on the distance these equations have one solution, the true
//! values, so checking them proves the table, relying only on the forward generator (not on
//! the backward moves that built it) and on the smaller tables, checked the same way.

use super::index::Layout;
use super::value::{INVALID, Value};
use super::{Rules, TableError, Tablebases};
use crate::moves::MoveList;

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Check {
    /// Legal positions checked.
    pub positions: u64,
    /// The first few entries that break the equations, as (index, what is wrong).
    pub errors: Vec<(usize, String)>,
    /// How many entries break them.
    pub error_count: u64,
}

/// Checks the indices `range` of a table of `layout`'s material under `rules`, whose values
/// are `values`; captures and promotions are looked up in `smaller`.
pub fn check(
    layout: &Layout,
    rules: Rules,
    values: &[u8],
    smaller: &Tablebases,
    range: std::ops::Range<usize>,
) -> Result<Check, TableError> {
    let variant = rules.variant();
    let mut out = Check::default();
    let mut moves = MoveList::new();
    let fail = |out: &mut Check, idx: usize, what: String| {
        out.error_count += 1;
        if out.errors.len() < 10 {
            out.errors.push((idx, what));
        }
    };
    for idx in range {
        let code = values[idx];
        let Some(p) = layout.position(idx, variant) else {
            if code != INVALID {
                fail(
                    &mut out,
                    idx,
                    "a value for an index that is no position".into(),
                );
            }
            continue;
        };
        out.positions += 1;
        let Some(stored) = Value::from_code(code) else {
            fail(&mut out, idx, format!("{}: no value", p.fen()));
            continue;
        };
        moves.0.clear();
        p.generate(&mut moves);
        let expected = if moves.is_empty() {
            if p.is_check() {
                Value::Loss(0)
            } else {
                Value::Draw
            }
        } else if p.insufficient_material() {
            Value::Draw
        } else {
            let mut best: Option<Value> = None;
            for m in moves.iter() {
                let child = p.play_unchecked(*m);
                let v = if m.capture.is_none() && m.promotion.is_none() {
                    Value::from_code(values[layout.index_of(&child)])
                } else {
                    smaller.value(&child)
                };
                let Some(v) = v else {
                    return Err(TableError::Missing(super::material_name(&child)));
                };
                let mine = v.parent();
                if best.is_none_or(|b| mine.rank() > b.rank()) {
                    best = Some(mine);
                }
            }
            best.unwrap_or(Value::Draw)
        };
        if stored != expected {
            fail(
                &mut out,
                idx,
                format!("{}: stored {stored}, the moves say {expected}", p.fen()),
            );
        }
    }
    Ok(out)
}
