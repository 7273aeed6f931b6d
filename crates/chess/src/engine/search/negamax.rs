//! The principal variation search: negamax with its extensions, reductions and pruning, the
//! static evaluation it trusts, and ProbCut.

use super::*;
use std::sync::LazyLock;

impl Search<'_> {
    pub(super) fn negamax<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if self.enter(pos, ply) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if let Some(s) = self.early_end(pos, ply) {
                return s;
            }
            if let Some(s) = self.engine.tables.score(pos, ply) {
                return s;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = pos.is_check();
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply);
        }
        let key = pos.hash;
        let mut tt_move = 0;
        // a singular-extension search of this node without one move must not use or
        // overwrite what the full node stored
        let excluded = self.excluded[ply];
        let tt_hit = if excluded == 0 {
            self.engine.tt.probe(key, ply as i32)
        } else {
            None
        };
        if let Some(hit) = tt_hit {
            tt_move = hit.packed;
            if !pv_node && hit.depth >= depth && hit.settles(alpha, beta) {
                return hit.score;
            }
        }
        let checkmate_game = pos.variant.objective() == Objective::Checkmate;
        // the static evaluation: stored with the node's result, or (in a singular-extension
        // search) the one this node already computed
        let raw_eval = if in_check {
            None
        } else if excluded != 0 {
            Some(self.raw_evals[ply])
        } else {
            Some(self.raw_eval(pos, tt_hit, ply))
        };
        let correction_slot = Corrections::slot(pos);
        let static_eval = raw_eval.map_or(-INFINITY, |e| {
            self.engine.corrections.corrected(e, correction_slot)
        });
        self.evals[ply] = static_eval;
        self.raw_evals[ply] = raw_eval.unwrap_or(0);
        // better than two plies ago (or no comparison possible): the node's prospects are
        // rising, so prune its quiet moves less and trust its static evaluation more
        let improving = !in_check && (ply < 2 || static_eval > self.evals[ply - 2]);
        let static_eval = refine(static_eval, tt_hit, in_check);
        if !pv_node && !in_check && ply > 0 {
            if depth <= 4
                && beta.abs() < MATE_BOUND
                && static_eval - 90 * (depth - i32::from(improving)) >= beta
            {
                return static_eval;
            }
            let pieces =
                pos.by_color(pos.turn) & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
            if null_ok
                && excluded == 0
                && checkmate_game
                && depth >= 3
                && static_eval >= beta
                && pieces != 0
            {
                let r = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
                let child = null_move(pos);
                self.played[ply] = None;
                self.stack.push(key);
                self.cut[ply + 1] = !self.cut[ply];
                let s = -self.negamax(&child, depth - r, -beta, -beta + 1, ply + 1, false);
                self.stack.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // ProbCut: a good capture that beats beta by a clear margin in a search four plies
        // shallower would almost surely beat beta at full depth too
        if !pv_node
            && !in_check
            && ply > 0
            && excluded == 0
            && checkmate_game
            && depth >= 5
            && beta.abs() < MATE_BOUND
        {
            let probcut_beta = beta + PROBCUT_MARGIN;
            let known_below =
                tt_hit.is_some_and(|h| h.depth >= depth - 3 && h.score < probcut_beta);
            if !known_below {
                // a refutation is only returned by a search that was not stopped
                if let Some(s) = self.probcut(pos, depth, probcut_beta, static_eval, ply) {
                    self.engine.tt.store(
                        key,
                        ply as i32,
                        depth - 3,
                        s.0,
                        Bound::Lower,
                        s.1,
                        raw_eval,
                    );
                    return s.0;
                }
                if self.stopped {
                    return 0;
                }
            }
        }
        // without a hash move this node was never searched: search it a little shallower
        let depth = if tt_move == 0 && depth >= 5 {
            depth - 1
        } else {
            depth
        };
        // a quiet move cannot lift a hopeless shallow node above alpha
        let futile = !pv_node
            && !in_check
            && depth <= 3
            && alpha.abs() < MATE_BOUND
            && static_eval + 120 * depth + 60 <= alpha;
        let Some(mut picker) = MovePicker::new(pos, tt_move) else {
            return Self::no_moves(pos, ply);
        };
        // singular extension: when the stored best move is much better than every other
        // (a search of the rest at half depth fails low against a margin below its score),
        // it is searched one ply deeper; when even the rest beat beta, the node fails high;
        // when it is not singular but its stored score beats beta, it is searched a ply
        // shallower (another move would beat beta too, so it needs less proof). This is how
        // many plies its search goes beyond the others'.
        let mut tt_extension = 0;
        if let Some(hit) = tt_hit
            && ply > 0
            && depth >= 6
            && tt_move != 0
            && hit.bound != Bound::Upper
            && hit.depth >= depth - 3
            && hit.score.abs() < MATE_BOUND
        {
            let singular_beta = hit.score - 2 * depth;
            self.excluded[ply] = tt_move;
            let s = self.negamax(
                pos,
                (depth - 1) / 2,
                singular_beta - 1,
                singular_beta,
                ply,
                false,
            );
            self.excluded[ply] = 0;
            if self.stopped {
                return 0;
            }
            if s < singular_beta {
                tt_extension = 1;
            } else if singular_beta >= beta {
                return singular_beta;
            } else if hit.score >= beta {
                tt_extension = -1;
            }
        }
        // a capture stored as best: the quiet moves are less likely to matter here
        // (a stored move the picker did not find legal before generating is not in the list
        // or is castling or a pass: none of them tactical)
        let tt_tactical = picker.stored().is_some_and(|m| m.is_tactical());
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_packed = 0u16;
        let mut best_tactical = false;
        let mut quiets_tried: Vec<Move> = Vec::new();
        let mut captures_tried: Vec<Move> = Vec::new();
        self.stack.push(key);
        for i in 0.. {
            let Some((order_score, m)) = picker.next(self, pos, ply) else {
                break;
            };
            if excluded != 0 && pack(&m) == excluded {
                continue;
            }
            let quiet = !m.is_tactical();
            let child = pos.play_unchecked(m);
            let gives_check = child.is_check();
            if futile && quiet && !gives_check && i > 0 && checkmate_game {
                continue;
            }
            // at the depth a late quiet move would be reduced to, skip it when even a
            // generous margin cannot lift the static evaluation to alpha, or when it did
            // badly after both of the last two moves (continuation history below zero)
            if !pv_node
                && !in_check
                && quiet
                && !gives_check
                && i > 0
                && best > -MATE_BOUND
                && checkmate_game
                && order_score < 899_000
            {
                let reduced = depth - 1 - lmr(depth, i);
                if reduced < 6 && static_eval + 235 + 172 * reduced <= alpha {
                    continue;
                }
                if reduced < 3 && self.continuation_bad(pos, &m, ply) {
                    continue;
                }
            }
            // late-move pruning: far down the list of a shallow node, quiet moves are
            // seldom best (the count grows with depth, and is doubled at PV nodes)
            let late = if pv_node || improving {
                3 + depth * depth
            } else {
                (3 + depth * depth) / 2
            };
            if ply > 0
                && !in_check
                && quiet
                && !gives_check
                && depth <= 7
                && i as i32 >= late
                && best > -MATE_BOUND
                && checkmate_game
            {
                continue;
            }
            // static-exchange pruning: at shallow non-PV nodes, skip moves that lose
            // material outright (more is allowed the deeper the node)
            if !pv_node
                && !in_check
                && !gives_check
                && depth <= 6
                && i > 0
                && best > -MATE_BOUND
                && checkmate_game
            {
                let margin = if quiet {
                    -30 * depth * depth
                } else {
                    -150 * depth
                };
                // move ordering already found a capture's exchange: those ordered above zero
                // do not lose material, so only the others need it again
                let may_lose = quiet || order_score < 0;
                if may_lose && see(pos, &m) < margin {
                    continue;
                }
            }
            // a check that does not lose material is searched a ply deeper: the reply is
            // forced, and the line may be a mating attack
            let check_extension = i32::from(gives_check && see(pos, &m) >= 0);
            let new_depth = if pack(&m) == tt_move {
                depth - 1 + tt_extension.max(check_extension)
            } else {
                depth - 1 + check_extension
            };
            self.played[ply] = Some(piece_square(pos, &m));
            let mut score;
            let cut_node = self.cut[ply];
            if i == 0 {
                self.cut[ply + 1] = !pv_node && !cut_node;
                score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 2 && quiet && !in_check && !gives_check {
                    r = lmr(depth, i);
                    if pv_node {
                        r -= 1;
                    } else if cut_node {
                        // an early move is expected to refute the move that led here, so
                        // the late ones matter less
                        r += 2;
                    }
                    if !improving {
                        r += 1;
                    }
                    if tt_tactical {
                        r += 1;
                    }
                    if order_score >= 899_000 {
                        r -= 1;
                    } else {
                        // the move's record: good histories reduce less, bad ones more
                        r -= (order_score / 12_000).clamp(-2, 2);
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                // a reduced child is expected to fail high (to confirm the move is bad); at full
                // depth a null-window child is the opposite kind of this node
                self.cut[ply + 1] = r > 0 || !cut_node;
                score = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && r > 0 {
                    self.cut[ply + 1] = !cut_node;
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    self.cut[ply + 1] = false;
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            if self.stopped {
                self.stack.pop();
                return 0;
            }
            let packed = pack(&m);
            if score > best {
                best = score;
                best_packed = packed;
                best_tactical = !quiet;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        let bonus = (depth * depth).min(400);
                        if quiet {
                            self.reward(pos, &m, packed, depth, ply, &quiets_tried);
                        } else {
                            self.credit_capture(pos, &m, bonus);
                        }
                        for c in &captures_tried {
                            self.credit_capture(pos, c, -bonus);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            } else {
                captures_tried.push(m);
            }
        }
        self.stack.pop();
        if excluded != 0 {
            return best;
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.engine
            .tt
            .store(key, ply as i32, depth, best, bound, best_packed, raw_eval);
        // learn how far the evaluation was off, when the result says so: not after a capture
        // (the evaluation does not see exchanges), not from a bound on the evaluation's side
        if let Some(raw) = raw_eval {
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best > self.evals[ply],
                Bound::Upper => best < self.evals[ply],
            };
            if informative && !best_tactical && best.abs() < MATE_BOUND {
                self.engine
                    .corrections
                    .learn(correction_slot, best - raw, depth);
            }
        }
        best
    }

    /// The uncorrected static evaluation: the one stored with `hit`, or computed.
    pub(super) fn raw_eval<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        hit: Option<Hit>,
        ply: usize,
    ) -> i32 {
        match hit.and_then(|h| h.eval) {
            Some(e) => e,
            None => self.evaluate(pos, ply),
        }
    }

    /// The static evaluation of `pos`, entered at `ply`: the network's when this search has
    /// one, else the hand-written one.
    pub(super) fn evaluate<G: Geometry>(&mut self, pos: &Position<G>, ply: usize) -> i32 {
        match &self.net {
            Some(net) => {
                let acc = self.engine.nets.accumulator(net, ply);
                net.output(acc, pos.turn, (pos.colors[0] | pos.colors[1]).count_ones())
            }
            None => evaluate(pos, &self.weights),
        }
    }

    /// ProbCut's search: the captures whose exchange alone could lift the static evaluation
    /// to `probcut_beta`, each checked by quiescence and then by a search four plies shallower
    /// than `depth`. The first to reach `probcut_beta` gives the score and move that refute.
    pub(super) fn probcut<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        probcut_beta: i32,
        static_eval: i32,
        ply: usize,
    ) -> Option<(i32, u16)> {
        let objective = pos.variant.objective();
        let mut captures: Vec<(i32, Move)> = pos
            .tactical_moves()
            .iter()
            .filter(|m| m.is_tactical() && see(pos, m) >= probcut_beta - static_eval)
            .map(|m| (mvv_lva(objective, m), *m))
            .collect();
        captures.sort_by_key(|e| -e.0);
        self.stack.push(pos.hash);
        let mut found = None;
        for (_, m) in captures {
            let child = pos.play_unchecked(m);
            self.played[ply] = Some(piece_square(pos, &m));
            self.cut[ply + 1] = false;
            let mut s = -self.quiesce(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
            if s >= probcut_beta && !self.stopped {
                s = -self.negamax(
                    &child,
                    depth - 4,
                    -probcut_beta,
                    -probcut_beta + 1,
                    ply + 1,
                    true,
                );
            }
            if self.stopped {
                break;
            }
            if s >= probcut_beta {
                found = Some((s, pack(&m)));
                break;
            }
        }
        self.stack.pop();
        found
    }
}

/// The static evaluation, corrected by a stored search result that bounds the value on the
/// far side of it (a lower bound above it, an upper bound below it): a search knows more than
/// the evaluation, so pruning decisions and stand-pat trust it instead.
pub(super) fn refine(eval: i32, hit: Option<Hit>, in_check: bool) -> i32 {
    match hit {
        Some(h) if !in_check && h.score.abs() < MATE_BOUND => {
            let toward = if h.score > eval {
                Bound::Lower
            } else {
                Bound::Upper
            };
            if h.bound == Bound::Exact || h.bound == toward {
                h.score
            } else {
                eval
            }
        }
        _ => eval,
    }
}

/// How far above beta a shallower capture search must score for ProbCut to trust it.
const PROBCUT_MARGIN: i32 = 200;

/// Late-move reduction in plies for the `index`-th move at `depth`: read from a table worked
/// out once (two logarithms a move were about 1% of the search), the formula beyond it.
pub(super) fn lmr(depth: i32, index: usize) -> i32 {
    static TABLE: LazyLock<[[i32; LMR_TABLE]; LMR_TABLE]> = LazyLock::new(|| {
        let mut table = [[0; LMR_TABLE]; LMR_TABLE];
        for (depth, row) in table.iter_mut().enumerate() {
            for (index, cell) in row.iter_mut().enumerate() {
                *cell = lmr_formula(depth as i32, index);
            }
        }
        table
    });
    match (usize::try_from(depth), index) {
        (Ok(d), i) if d < LMR_TABLE && i < LMR_TABLE => TABLE[d][i],
        _ => lmr_formula(depth, index),
    }
}

/// The side of [`lmr`]'s table: depths and move indices below it are looked up.
const LMR_TABLE: usize = 64;

/// The late-move reduction's formula, grown with the logarithms of depth and move index.
pub(super) fn lmr_formula(depth: i32, index: usize) -> i32 {
    let d = (depth as f32).ln();
    let i = (index as f32).ln();
    (0.75 + d * i / 2.0) as i32
}

/// The position with the side to move passing (for null-move pruning only).
pub(super) fn null_move<G: Geometry>(pos: &Position<G>) -> Position<G> {
    let mut p = *pos;
    if let Some(e) = p.ep.take() {
        p.hash ^= zobrist::EN_PASSANT[e as usize];
    }
    p.turn = p.turn.other();
    p.hash ^= zobrist::BLACK_TO_MOVE;
    p.halfmoves += 1;
    p
}
