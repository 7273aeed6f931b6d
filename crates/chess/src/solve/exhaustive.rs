//! The plain way, to check the solver: minimax over every position, remembered by exact key,
//! with no slices and no retrograde analysis. It only works where play cannot go round in
//! circles, that is with pawns alone (every move but a pass moves a pawn, and two passes
//! cannot follow each other), which is where the solver is checked against it.

use super::key::position_key;
use crate::geometry::Mini;
use crate::position::Position;
use crate::tablebase::Value;
use crate::types::Role;
use std::collections::HashMap;

/// The value of a pawn-only lesson position for the side to move (`None` with pieces other
/// than pawns). `memo` keeps every position valued, for reuse between calls.
pub fn value(pos: &Position<Mini>, memo: &mut HashMap<u128, Value>) -> Option<Value> {
    if pos.occupied() != pos.by_role(Role::Pawn) || pos.variant().has_check() {
        return None;
    }
    Some(minimax(pos, memo))
}

fn minimax(pos: &Position<Mini>, memo: &mut HashMap<u128, Value>) -> Value {
    if let Some(o) = pos.outcome() {
        return match o.winner() {
            Some(w) if w == pos.turn() => Value::Win(0),
            Some(_) => Value::Loss(0),
            None => Value::Draw,
        };
    }
    let k = position_key(pos);
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let mut best: Option<Value> = None;
    for m in pos.legal_moves().iter() {
        let v = minimax(&pos.play_unchecked(*m), memo).parent();
        if best.is_none_or(|b| v.rank() > b.rank()) {
            best = Some(v);
        }
    }
    // a position that is not over has a move (a pass at least)
    let v = best.unwrap_or(Value::Draw);
    memo.insert(k, v);
    v
}
