//! Moves played backwards: the positions of the same material from which one move (not a
//! capture, not a promotion: those change the material) leads to a given position. Retrograde
//! analysis walks these from the mates outward.

use crate::geometry::{Geometry, Mini, squares};
use crate::position::Position;
use crate::types::{Color, Piece, Role};

/// Pushes into `out` every legal position from which a quiet move of the side that just moved
/// reaches `pos`.
pub fn predecessors(pos: &Position<Mini>, out: &mut Vec<Position<Mini>>) {
    let t = Mini::tables();
    let mover = pos.turn().other();
    let defender = pos.turn();
    let occ = pos.occupied();
    let empty = !occ & Mini::ALL;
    let defender_king = pos.king(defender);
    for role in Role::ALL {
        for to in squares(pos.pieces(mover, role)) {
            let from_set = match role {
                Role::King => t.king(to),
                Role::Knight => t.knight(to),
                Role::Bishop => t.bishop(to, occ),
                Role::Rook => t.rook(to, occ),
                Role::Queen => t.queen(to, occ),
                Role::Pawn => pawn_origin(to, mover),
            } & empty;
            for from in squares(from_set) {
                let mut q = *pos;
                let piece = Piece { color: mover, role };
                q.remove(to, piece);
                q.put(from, piece);
                q.set_turn(mover);
                // before the move the defender, not to move, may not stand in check
                let safe = defender_king.is_none_or(|k| q.attackers(k, mover, q.occupied()) == 0);
                if safe {
                    out.push(q);
                }
            }
        }
    }
}

/// The square a pawn of `c` on `to` stepped from (none if that would be its first rank).
fn pawn_origin(to: u8, c: Color) -> u64 {
    let from = match c {
        Color::White => to.checked_sub(Mini::W),
        Color::Black => Some(to + Mini::W).filter(|&s| s < Mini::SQUARES),
    };
    match from {
        Some(s) if s / Mini::W != 0 && s / Mini::W != Mini::H - 1 => 1u64 << s,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// Every predecessor reaches the position by one of its legal moves, and every quiet
    /// legal move of every position reachable backwards comes back: checked on sample
    /// positions against the forward generator.
    #[test]
    fn unmoves_invert_the_quiet_legal_moves() {
        for fen in [
            "1b3/4k/5/1P3/2K2/R4 b - - 0 1",
            "2k2/5/5/5/1K3/3R1 w - - 0 1",
            "k4/5/1K3/5/5/4Q b - - 0 1",
            "5/2k2/2p2/2P2/2K2/5 w - - 0 1",
        ] {
            let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
            let mut preds = Vec::new();
            predecessors(&p, &mut preds);
            for q in &preds {
                let reached = q
                    .legal_moves()
                    .iter()
                    .filter(|m| !m.is_tactical())
                    .any(|m| q.play_unchecked(*m).hash() == p.hash());
                assert!(reached, "{} does not reach {fen}", q.fen());
            }
            // a quiet move back from p's successors finds p among their predecessors
            for m in p.legal_moves().iter().filter(|m| !m.is_tactical()) {
                let child = p.play_unchecked(*m);
                let mut back = Vec::new();
                predecessors(&child, &mut back);
                assert!(
                    back.iter().any(|q| q.hash() == p.hash()),
                    "{} missing from the predecessors of {}",
                    fen,
                    child.fen()
                );
            }
        }
    }
}
