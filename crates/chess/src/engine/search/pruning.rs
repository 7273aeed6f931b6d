//! What the search prunes, reduces and extends: a whole node before its moves (reverse
//! futility, the null move, ProbCut), a move before its search (futility, history, late-move
//! and static-exchange pruning), how far a late move is reduced, and the singular extension.
//! Each is a function of its own for reading; they are inlined into negamax, and the bench's
//! node count is the same as when they were one function.

use super::*;
use std::sync::LazyLock;

impl Search<'_> {
    /// Prunes a whole node before its moves, when it can: a static evaluation far above beta
    /// (reverse futility), a null move that still beats beta, or a capture that ProbCut finds
    /// beats it by a margin. `Some` is the node's score.
    #[inline(always)]
    pub(super) fn prune_node<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        node: &NodeFacts,
        beta: i32,
        null_ok: bool,
        tt_hit: Option<Hit>,
        raw_eval: Option<i32>,
    ) -> Option<i32> {
        let NodeFacts {
            ply,
            depth,
            pv_node,
            in_check,
            improving,
            static_eval,
            checkmate_game,
            excluded,
            ..
        } = *node;
        let key = pos.hash;
        if !pv_node && !in_check && ply > 0 {
            if depth <= 4
                && beta.abs() < MATE_BOUND
                && static_eval - 90 * (depth - i32::from(improving)) >= beta
            {
                return Some(static_eval);
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
                    return Some(0);
                }
                if s >= beta {
                    return Some(if s >= MATE_BOUND { beta } else { s });
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
                    return Some(s.0);
                }
                if self.stopped {
                    return Some(0);
                }
            }
        }
        None
    }

    /// Singular extension: when the stored best move is much better than every other (a
    /// search of the rest at half depth fails low against a margin below its score), it is
    /// searched one ply deeper; when even the rest beat beta, the node fails high (`Err` with
    /// its score); when it is not singular but its stored score beats beta, it is searched a
    /// ply shallower (another move would beat beta too, so it needs less proof). `Ok` is how
    /// many plies the stored move's search goes beyond the others'.
    #[inline(always)]
    pub(super) fn singular_extension<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        node: &NodeFacts,
        hit: Hit,
        beta: i32,
    ) -> Result<i32, i32> {
        let (ply, depth) = (node.ply, node.depth);
        if ply == 0
            || depth < 6
            || hit.packed == 0
            || hit.bound == Bound::Upper
            || hit.depth < depth - 3
            || hit.score.abs() >= MATE_BOUND
        {
            return Ok(0);
        }
        let singular_beta = hit.score - 2 * depth;
        self.excluded[ply] = hit.packed;
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
            return Err(0);
        }
        if s < singular_beta {
            Ok(1)
        } else if singular_beta >= beta {
            Err(singular_beta)
        } else if hit.score >= beta {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// Whether to skip a move without searching it: a quiet move of a futile node, one that a
    /// generous margin cannot lift to alpha or that did badly after the last two moves, one
    /// far down a shallow node's list, or one that loses material outright.
    #[inline(always)]
    pub(super) fn prune_move<G: Geometry>(
        &self,
        pos: &Position<G>,
        node: &NodeFacts,
        m: &Move,
        tried: &Tried,
        best: i32,
        alpha: i32,
    ) -> bool {
        let NodeFacts {
            ply,
            depth,
            pv_node,
            in_check,
            improving,
            static_eval,
            checkmate_game,
            futile,
            ..
        } = *node;
        let Tried {
            index: i,
            order_score,
            quiet,
            gives_check,
        } = *tried;
        if futile && quiet && !gives_check && i > 0 && checkmate_game {
            return true;
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
                return true;
            }
            if reduced < 3 && self.continuation_bad(pos, m, ply) {
                return true;
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
            return true;
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
            if may_lose && see(pos, m) < margin {
                return true;
            }
        }
        false
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

/// What a node's pruning and reductions ask of it, found once before its moves.
#[derive(Clone, Copy)]
pub(super) struct NodeFacts {
    /// Plies from the root.
    pub(super) ply: usize,
    /// The depth left (one less for a node never searched before).
    pub(super) depth: i32,
    /// A node of the principal variation (an open window).
    pub(super) pv_node: bool,
    /// The side to move is in check.
    pub(super) in_check: bool,
    /// The static evaluation is better than two plies ago.
    pub(super) improving: bool,
    /// The static evaluation, corrected and refined by a stored bound.
    pub(super) static_eval: i32,
    /// The variant is won by checkmate (the pruning is tuned for it).
    pub(super) checkmate_game: bool,
    /// The move a singular-extension search leaves out (0: none).
    pub(super) excluded: u16,
    /// A quiet move cannot lift this shallow node above alpha.
    pub(super) futile: bool,
}

/// A move as the node's loop tried it.
#[derive(Clone, Copy)]
pub(super) struct Tried {
    /// Its place in the order (0: the first).
    pub(super) index: usize,
    /// Its ordering score (killers and counter-moves at 899,000 and above).
    pub(super) order_score: i32,
    /// Not a capture or a promotion.
    pub(super) quiet: bool,
    /// It gives check.
    pub(super) gives_check: bool,
}

/// How many plies a late move's null-window search is reduced: more late in the list, at a
/// node expected to fail high, when not improving or when the stored move is a capture; less
/// at a PV node and for moves with a good record.
#[inline(always)]
pub(super) fn reduction(
    node: &NodeFacts,
    tried: &Tried,
    cut_node: bool,
    tt_tactical: bool,
    new_depth: i32,
) -> i32 {
    let Tried {
        index: i,
        order_score,
        quiet,
        gives_check,
    } = *tried;
    if node.depth < 3 || i < 2 || !quiet || node.in_check || gives_check {
        return 0;
    }
    let mut r = lmr(node.depth, i);
    if node.pv_node {
        r -= 1;
    } else if cut_node {
        // an early move is expected to refute the move that led here, so the late ones
        // matter less
        r += 2;
    }
    if !node.improving {
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
    r.clamp(0, new_depth - 1)
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
