//! The principal variation search: negamax, one node at a time: the window, the static
//! evaluation it trusts, the moves searched in order (each with its extension and reduction),
//! and what the result teaches (the table, the histories, the correction). What it prunes is
//! in pruning.rs.

use super::pruning::{NodeFacts, Tried, reduction};
use super::*;

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
            match self.known_or_window(pos, ply, alpha, beta) {
                Ok(window) => (alpha, beta) = window,
                Err(score) => return score,
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
        let (mut node, raw_eval, correction_slot) =
            self.node_facts(pos, (ply, depth), pv_node, in_check, tt_hit);
        if let Some(s) = self.prune_node(pos, &node, beta, null_ok, tt_hit, raw_eval) {
            return s;
        }
        // without a hash move this node was never searched: search it a little shallower
        if tt_move == 0 && depth >= 5 {
            node.depth -= 1;
        }
        let depth = node.depth;
        // a quiet move cannot lift a hopeless shallow node above alpha
        node.futile = !pv_node
            && !in_check
            && depth <= 3
            && alpha.abs() < MATE_BOUND
            && node.static_eval + 120 * depth + 60 <= alpha;
        let Some(mut picker) = MovePicker::new(pos, tt_move) else {
            return Self::no_moves(pos, ply);
        };
        let tt_extension = match tt_hit {
            Some(hit) => match self.singular_extension(pos, &node, hit, beta) {
                Ok(extension) => extension,
                Err(score) => return score,
            },
            None => 0,
        };
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
            let tried = Tried {
                index: i,
                order_score,
                quiet,
                gives_check,
            };
            if self.prune_move(pos, &node, &m, &tried, best, alpha) {
                continue;
            }
            // a check that does not lose material is searched a ply deeper: the reply is
            // forced, and the line may be a mating attack
            let check_extension = i32::from(gives_check && see(pos, &m) >= 0);
            let extension = if pack(&m) == tt_move {
                tt_extension.max(check_extension)
            } else {
                check_extension
            };
            self.played[ply] = Some(piece_square(pos, &m));
            let window = (alpha, beta);
            let score = self.search_move(&child, &node, &tried, extension, tt_tactical, window);
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
                    self.extend_pv(ply, m);
                    if score >= beta {
                        let tried = (&quiets_tried[..], &captures_tried[..]);
                        self.reward_cutoff(pos, &m, quiet, depth, ply, tried);
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
        if let Some(raw) = raw_eval
            && !best_tactical
        {
            self.learn_correction(correction_slot, ply, depth, best, bound, raw);
        }
        best
    }

    /// Below the root: a score known without a search (a draw by rule, a table's value;
    /// `Err`), or the window narrowed to the mates still possible from `ply` (`Err` with
    /// alpha when none is).
    #[inline(always)]
    fn known_or_window<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, i32), i32> {
        if let Some(s) = self.early_end(pos, ply) {
            return Err(s);
        }
        if let Some(s) = self.engine.tables.score(pos, ply) {
            return Err(s);
        }
        let alpha = alpha.max(-MATE + ply as i32);
        let beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return Err(alpha);
        }
        Ok((alpha, beta))
    }

    /// The node's static evaluation (stored with its result, or, in a singular-extension
    /// search, the one this node already computed), corrected and kept for the plies below,
    /// and what its pruning asks of it; also the uncorrected evaluation (none in check) and
    /// the node's slot in the correction history.
    #[inline(always)]
    fn node_facts<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        (ply, depth): (usize, i32),
        pv_node: bool,
        in_check: bool,
        tt_hit: Option<Hit>,
    ) -> (NodeFacts, Option<i32>, usize) {
        let excluded = self.excluded[ply];
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
        let node = NodeFacts {
            ply,
            depth,
            pv_node,
            in_check,
            // better than two plies ago (or no comparison possible): the node's prospects
            // are rising, so prune its quiet moves less and trust its evaluation more
            improving: !in_check && (ply < 2 || static_eval > self.evals[ply - 2]),
            static_eval: refine(static_eval, tt_hit, in_check),
            checkmate_game: pos.variant.objective() == Objective::Checkmate,
            excluded,
            futile: false,
        };
        (node, raw_eval, correction_slot)
    }

    /// Searches one move's child with the principal variation search: the first move with
    /// the full window, a later one with a null window (reduced, if it is late and quiet),
    /// again at full depth if it beat alpha reduced, and with the full window if it may be
    /// exact. The child's score, from this node's side.
    #[inline(always)]
    fn search_move<G: Geometry>(
        &mut self,
        child: &Position<G>,
        node: &NodeFacts,
        tried: &Tried,
        extension: i32,
        tt_tactical: bool,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let ply = node.ply;
        let new_depth = node.depth - 1 + extension;
        let cut_node = self.cut[ply];
        if tried.index == 0 {
            self.cut[ply + 1] = !node.pv_node && !cut_node;
            return -self.negamax(child, new_depth, -beta, -alpha, ply + 1, true);
        }
        let r = reduction(node, tried, cut_node, tt_tactical, new_depth);
        // a reduced child is expected to fail high (to confirm the move is bad); at full
        // depth a null-window child is the opposite kind of this node
        self.cut[ply + 1] = r > 0 || !cut_node;
        let mut score = -self.negamax(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
        if score > alpha && r > 0 {
            self.cut[ply + 1] = !cut_node;
            score = -self.negamax(child, new_depth, -alpha - 1, -alpha, ply + 1, true);
        }
        if score > alpha && score < beta {
            self.cut[ply + 1] = false;
            score = -self.negamax(child, new_depth, -beta, -alpha, ply + 1, true);
        }
        score
    }

    /// The principal variation from `ply`: `m`, then the child's.
    #[inline(always)]
    fn extend_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// A move that beat beta: its history rises (a quiet one's, with the quiet moves tried
    /// before it lowered; a capture's), and the captures tried before it fall.
    #[inline(always)]
    fn reward_cutoff<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        m: &Move,
        quiet: bool,
        depth: i32,
        ply: usize,
        (quiets_tried, captures_tried): (&[Move], &[Move]),
    ) {
        let bonus = (depth * depth).min(400);
        if quiet {
            self.reward(pos, m, pack(m), depth, ply, quiets_tried);
        } else {
            self.credit_capture(pos, m, bonus);
        }
        for c in captures_tried {
            self.credit_capture(pos, c, -bonus);
        }
    }

    /// Learns how far the evaluation was off, when the result says so: not after a capture
    /// (the caller's check: the evaluation does not see exchanges), not from a bound on the
    /// evaluation's side.
    #[inline(always)]
    fn learn_correction(
        &mut self,
        slot: usize,
        ply: usize,
        depth: i32,
        best: i32,
        bound: Bound,
        raw: i32,
    ) {
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > self.evals[ply],
            Bound::Upper => best < self.evals[ply],
        };
        if informative && best.abs() < MATE_BOUND {
            self.engine.corrections.learn(slot, best - raw, depth);
        }
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
