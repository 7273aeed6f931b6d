//! Retrograde analysis: the exact value of every position of one material.
//!
//! 1. Each legal position gets its moves from the rules engine. Captures and promotions leave
//!    the material: their values come from the smaller (already built) tables. The quiet moves
//!    that stay are only counted.
//! 2. Values are then settled in order of distance, as buckets of plies: checkmates at 0; a
//!    position with a move to a loss in `n` is a win in `n + 1`; a position whose every move
//!    leads to a win for the opponent is a loss, one ply longer than its longest such move.
//!    Walking quiet moves backwards ([`super::unmove`]) finds the positions each new value
//!    affects, and a per-position count of quiet moves not yet known to lose tells when a
//!    position has none left.
//! 3. What is never settled is a draw.
//!
//! Processing buckets in increasing order makes every distance the shortest win and the
//! longest loss (distance to mate, DTM). The tables ignore the fifty-move rule and
//! repetition, as DTM tables usually do.

use super::index::Layout;
use super::unmove::predecessors;
use super::value::{DRAW, INVALID, MAX_PLIES, UNKNOWN, Value};
use super::{Rules, Summary, TableError, Tablebases};
use crate::moves::MoveList;

/// A count that means "this position cannot lose" (a capture or promotion draws or wins).
const CANNOT_LOSE: u16 = u16::MAX;

/// The table of `layout`'s material under `rules`; captures and promotions are looked up in
/// `smaller`, which must hold every table they lead to.
pub fn generate(
    layout: &Layout,
    rules: Rules,
    smaller: &Tablebases,
) -> Result<(Vec<u8>, Summary), TableError> {
    let variant = rules.variant();
    let len = layout.len();
    let mut values = vec![UNKNOWN; len];
    // quiet moves not yet known to lose, and the shortest loss the captures and promotions
    // allow (CANNOT_LOSE when one of them holds the draw)
    let mut remaining = vec![0u8; len];
    let mut floor = vec![0u16; len];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); usize::from(MAX_PLIES) + 1];
    let mut moves = MoveList::new();
    let mut summary = Summary::default();

    for idx in 0..len {
        let Some(p) = layout.position(idx, variant) else {
            values[idx] = INVALID;
            continue;
        };
        summary.positions += 1;
        moves.0.clear();
        p.generate(&mut moves);
        if moves.is_empty() {
            if p.is_check() {
                buckets[0].push(idx as u32);
            } else {
                values[idx] = DRAW;
            }
            continue;
        }
        if p.insufficient_material() {
            values[idx] = DRAW;
            continue;
        }
        let mut quiet = 0u32;
        let mut win_at: Option<u16> = None;
        let mut loss_floor = 0u16;
        let mut holds = false;
        for m in moves.iter() {
            if m.capture.is_none() && m.promotion.is_none() {
                quiet += 1;
                continue;
            }
            let child = p.play_unchecked(*m);
            let v = smaller
                .value(&child)
                .ok_or_else(|| TableError::Missing(super::material_name(&child)))?;
            match v {
                Value::Loss(k) => {
                    let w = k + 1;
                    win_at = Some(win_at.map_or(w, |x| x.min(w)));
                }
                Value::Draw => holds = true,
                Value::Win(k) => loss_floor = loss_floor.max(k + 1),
            }
        }
        remaining[idx] = u8::try_from(quiet).map_err(|_| TableError::TooManyMoves)?;
        floor[idx] = if holds || win_at.is_some() {
            CANNOT_LOSE
        } else {
            loss_floor
        };
        let settle = match win_at {
            Some(w) => Some(w),
            None => (quiet == 0 && !holds).then_some(loss_floor),
        };
        if let Some(d) = settle {
            if d > MAX_PLIES {
                return Err(TableError::TooLong);
            }
            buckets[usize::from(d)].push(idx as u32);
        }
    }

    let mut preds = Vec::new();
    for n in 0..=MAX_PLIES {
        let bucket = std::mem::take(&mut buckets[usize::from(n)]);
        for idx in bucket {
            let idx = idx as usize;
            if values[idx] != UNKNOWN {
                continue;
            }
            // the bucket's parity says which: even plies are losses, odd ones wins
            let value = if n % 2 == 0 {
                Value::Loss(n)
            } else {
                Value::Win(n)
            };
            values[idx] = value.code();
            let Some(p) = layout.position(idx, variant) else {
                continue;
            };
            preds.clear();
            predecessors(&p, &mut preds);
            for q in &preds {
                let qi = layout.index_of(q);
                if values[qi] != UNKNOWN {
                    continue;
                }
                let next = match value {
                    // a move into a loss wins
                    Value::Loss(_) => Some(n + 1),
                    // one more quiet move known to lose; none left and no capture to hold:
                    // a loss, one ply longer than the longest
                    _ => {
                        remaining[qi] -= 1;
                        (remaining[qi] == 0 && floor[qi] != CANNOT_LOSE)
                            .then(|| floor[qi].max(n + 1))
                    }
                };
                if let Some(d) = next {
                    if d > MAX_PLIES {
                        return Err(TableError::TooLong);
                    }
                    buckets[usize::from(d)].push(qi as u32);
                }
            }
        }
    }
    for v in values.iter_mut() {
        if *v == UNKNOWN {
            *v = DRAW;
        }
    }
    for &code in &values {
        match Value::from_code(code) {
            Some(Value::Win(n)) => {
                summary.wins += 1;
                summary.longest = summary.longest.max(n);
            }
            Some(Value::Loss(n)) => {
                summary.losses += 1;
                summary.longest = summary.longest.max(n);
            }
            Some(Value::Draw) => summary.draws += 1,
            None => {}
        }
    }
    Ok((values, summary))
}
