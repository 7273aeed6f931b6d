//! Quiescence search over captures and promotions (every evasion in check), and the static
//! exchange evaluation it prunes with.

use super::*;

impl Search<'_> {
    pub(super) fn quiesce<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.enter(pos, ply) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let objective = pos.variant.objective();
        if objective != Objective::Checkmate
            && let Some(o) = pos.lesson_result()
        {
            return outcome_score(pos, o, ply);
        }
        if let Some(s) = self.engine.tables.score(pos, ply) {
            return s;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(pos, ply) };
        }
        // a stored result of a quiescence search or deeper settles null-window nodes
        let key = pos.hash;
        let pv_node = beta - alpha > 1;
        let tt_hit = self.engine.tt.probe(key, ply as i32);
        if let Some(hit) = tt_hit
            && !pv_node
            && hit.settles(alpha, beta)
        {
            return hit.score;
        }
        let raw_eval = (!in_check).then(|| self.raw_eval(pos, tt_hit, ply));
        let stand = raw_eval.map_or(-INFINITY, |e| {
            self.engine.corrections.corrected(e, Corrections::slot(pos))
        });
        let stand = refine(stand, tt_hit, in_check);
        if stand >= beta {
            // kept (below every real search's depth) so a revisit reuses the evaluation
            if tt_hit.is_none() {
                self.engine
                    .tt
                    .store(key, ply as i32, -1, stand, Bound::Lower, 0, raw_eval);
            }
            return stand;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        // out of check in a game with check rules only the captures and promotions are
        // generated; no move at all (stalemate) is then told by a count, rarely needed
        let every_move = in_check || objective != Objective::Checkmate;
        let moves = if every_move {
            pos.legal_moves()
        } else {
            pos.tactical_moves()
        };
        if moves.is_empty() && (every_move || pos.count_moves() == 0) {
            return Self::no_moves(pos, ply);
        }
        let last_rank = |m: &Move| {
            m.role == Role::Pawn && {
                let r = m.to / G::W;
                r == 0 || r == G::H - 1
            }
        };
        let mut list: Vec<(i32, Move)> = moves
            .iter()
            .filter(|m| in_check || m.is_tactical() || last_rank(m))
            .map(|m| {
                let edge = if last_rank(m) { 5000 } else { 0 };
                (edge + mvv_lva(objective, m), *m)
            })
            .collect();
        list.sort_by_key(|e| -e.0);
        let mut best = stand;
        let mut best_packed = 0;
        for (_, m) in list {
            if !in_check && m.promotion.is_none() && !last_rank(&m) {
                let gain = m.capture.map_or(0, |r| value_in(objective, r));
                if stand + gain + 200 < alpha || see(pos, &m) < 0 {
                    continue;
                }
            }
            let child = pos.play_unchecked(m);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_packed = pack(&m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.engine
            .tt
            .store(key, ply as i32, 0, best, bound, best_packed, raw_eval);
        best
    }
}

/// Static exchange evaluation: the material `m` wins (or loses, if negative) when both sides
/// keep recapturing on its destination with their least valuable piece and may stop at any
/// time. Sliders behind the capturers join in as the square's occupancy thins.
pub(crate) fn see<G: Geometry>(pos: &Position<G>, m: &Move) -> i32 {
    let objective = pos.variant.objective();
    let value = |r: Role| {
        if r == Role::King && objective == Objective::Checkmate {
            20_000
        } else {
            value_in(objective, r)
        }
    };
    let to = m.to;
    let mut occ = pos.occupied() & !(1u64 << m.from);
    let mut gain = [0i32; 40];
    gain[0] = m.capture.map_or(0, value) + m.promotion.map_or(0, |r| value(r) - value(Role::Pawn));
    let mut on_square = value(m.promotion.unwrap_or(m.role));
    let mut side = pos.turn.other();
    let mut d = 0;
    loop {
        let attackers = pos.attackers(to, side, occ) & occ;
        if attackers == 0 || d + 1 >= gain.len() {
            break;
        }
        let Some((sq, role)) = Role::ALL.iter().find_map(|&r| {
            let set = attackers & pos.pieces(side, r);
            (set != 0).then(|| (set.trailing_zeros() as u8, r))
        }) else {
            break;
        };
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if gain[d].max(-gain[d - 1]) < 0 {
            break;
        }
        on_square = value(role);
        occ &= !(1u64 << sq);
        side = side.other();
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}
