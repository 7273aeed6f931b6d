//! The alpha-beta search.

use super::correction::Corrections;
use super::eval::{Weights, evaluate, value_in};
use super::nnue::{self, Network, stack::NetStack};
use super::tables::EngineTables;
use super::tt::{Bound, Hit, Table, pack};
use super::{Control, MATE};
use crate::any::AnyPosition;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::Position;
use crate::status::{Outcome, TieBreakCause};
use crate::tablebase::Tablebases;
use crate::types::Role;
use crate::variant::Objective;
use crate::zobrist;
use std::sync::Arc;
use tabula_core::rng::{Rng, mix, seeded};

const INFINITY: i32 = 31_000;
const MATE_BOUND: i32 = MATE - 1000;
const MAX_PLY: usize = 96;
/// Pieces (colour and role) times squares: the index of a move's "piece to square".
const PIECE_SQUARES: usize = 12 * 64;
const CONTINUATION_SIZE: usize = PIECE_SQUARES * PIECE_SQUARES;

/// How far a search may go; the [`Control`] may stop it sooner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (plies); `None` for no limit.
    pub depth: Option<u32>,
    /// Stop after this many positions; `None` for no limit.
    pub nodes: Option<u64>,
}

/// A score as UCI shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }

    /// UCI text: `cp 35` or `mate -3`.
    pub fn uci(&self) -> String {
        match self {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        }
    }
}

/// One completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Positions searched so far.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// A finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when the game is over).
    pub best: Option<Move>,
    /// The last completed iteration (depth 0 when there was no move).
    pub report: Report,
}

/// The engine: its transposition table and move-ordering memory survive between searches of
/// one game.
pub struct Engine {
    tt: Table,
    killers: Vec<[u16; 2]>,
    history: Vec<i32>,
    /// Continuation history: how often a quiet move (piece, destination) refuted or failed
    /// after a given earlier move (piece, destination), one and two plies back.
    continuation: Vec<i32>,
    /// Capture history: how often a capture (piece, destination, victim) refuted, for the
    /// order among captures.
    capture_history: Vec<i32>,
    /// How far searches found the static evaluation off, by pawn structure.
    corrections: Corrections,
    /// Endgame tables to probe (none by default).
    tables: EngineTables,
    /// Evaluation weights (all 100 by default).
    pub weights: Weights,
    /// Whether positions the network covers ([`nnue::covers`]) are evaluated by it rather
    /// than by the hand-written evaluation (the UCI option `UseNNUE`).
    pub use_net: bool,
    /// The network's accumulators along the search path.
    nets: NetStack,
    /// 0 (weakest) to 20 (full strength).
    pub skill: u8,
    /// Seed for the weaker levels' random choices.
    pub seed: u64,
    searches: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("weights", &self.weights)
            .field("skill", &self.skill)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB, at full strength.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Table::new(hash_mb),
            killers: vec![[0; 2]; MAX_PLY + 2],
            history: vec![0; 2 * 64 * 64],
            continuation: vec![0; CONTINUATION_SIZE],
            corrections: Corrections::default(),
            capture_history: vec![0; PIECE_SQUARES * 7],
            tables: EngineTables::default(),
            weights: Weights::default(),
            use_net: false,
            nets: NetStack::new(MAX_PLY + 2),
            skill: 20,
            seed: 0,
            searches: 0,
        }
    }

    /// Endgame tables to probe: positions they cover (up to their number of pieces, under
    /// their promotion rule) are scored exactly instead of searched. One set per rule; the
    /// first set that covers a position answers.
    pub fn set_tablebases(&mut self, sets: Vec<Arc<Tablebases>>) {
        self.tables = EngineTables::new(sets);
    }

    /// Resizes the transposition table (and clears it).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = Table::new(hash_mb);
    }

    /// Forgets what earlier searches learnt (a new game), so results do not depend on them.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.killers.fill([0; 2]);
        self.history.fill(0);
        self.continuation.fill(0);
        self.corrections.clear();
        self.capture_history.fill(0);
        self.searches = 0;
    }

    /// Searches `pos`; `history` holds the Zobrist keys of the game's earlier positions (for
    /// repetitions), oldest first, not including `pos`.
    pub fn search_any(
        &mut self,
        pos: &AnyPosition,
        history: &[u64],
        limits: Limits,
        control: &mut dyn Control,
    ) -> SearchResult {
        match pos {
            AnyPosition::Mini(p) => self.search(p, history, limits, control),
            AnyPosition::Standard(p) => self.search(p, history, limits, control),
        }
    }

    /// Searches `pos` (see [`Engine::search_any`]).
    pub fn search<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        history: &[u64],
        limits: Limits,
        control: &mut dyn Control,
    ) -> SearchResult {
        self.searches += 1;
        self.tt.new_search();
        let skill = self.skill.min(20);
        let mut limits = limits;
        if skill < 20 {
            // weaker levels see less far
            let cap = 1 + u32::from(skill) / 3;
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        let weights = self.weights;
        // the network for this search, if it covers the game and the board is 5x6
        let net =
            (self.use_net && G::SQUARES as usize == nnue::SQUARES && nnue::covers(pos.variant))
                .then(|| nnue::embedded().ok())
                .flatten();
        self.nets.clear();
        let mut s = Search {
            engine: self,
            control,
            weights,
            net,
            stack: history.to_vec(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stopped: false,
            may_stop: false,
            seldepth: 0,
            played: vec![None; MAX_PLY + 2],
            evals: vec![-INFINITY; MAX_PLY + 2],
            raw_evals: vec![0; MAX_PLY + 2],
            excluded: vec![0; MAX_PLY + 2],
            cut: vec![false; MAX_PLY + 2],
        };
        let mut result = s.iterate(pos, limits.depth.unwrap_or(MAX_PLY as u32 - 4));
        if skill < 20 && result.best.is_some() {
            result.best = Some(s.weaker_choice(pos, &result, skill));
        }
        result
    }
}

struct Search<'a> {
    engine: &'a mut Engine,
    control: &'a mut dyn Control,
    weights: Weights,
    /// The network evaluating this search's positions (`None`: the hand-written evaluation).
    net: Option<&'static Network>,
    stack: Vec<u64>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    /// False during the first iteration, which always completes so there is a move.
    may_stop: bool,
    seldepth: u32,
    /// The continuation-history row of the move made at each ply (`None`: a null move or
    /// none yet), read by the nodes one and two plies below it.
    played: Vec<Option<usize>>,
    /// The static evaluation at each ply (`-INFINITY` in check), to tell whether the side to
    /// move is doing better than two plies ago.
    evals: Vec<i32>,
    /// The uncorrected evaluation at each ply (for the singular-extension search of a node).
    raw_evals: Vec<i32>,
    /// The move a singular-extension search leaves out at each ply (packed; 0 for none).
    excluded: Vec<u16>,
    /// Whether the node at each ply is expected to fail high (a "cut node"), set by the parent
    /// before each child search as Stockfish does: below a non-PV node, the first child and
    /// full-depth null-window children are the opposite kind of their parent, and a reduced
    /// child is a cut node. A cut node's late moves are reduced more, since one early move is
    /// expected to refute the parent's move.
    cut: Vec<bool>,
}

/// The "piece to square" index of a move by the side to move in `pos`.
fn piece_square<G: Geometry>(pos: &Position<G>, m: &Move) -> usize {
    (pos.turn.index() * 6 + m.role.index()) * 64 + usize::from(m.to)
}

/// Most valuable victim (or promotion), then least valuable attacker: the order of captures
/// before anything is known about them.
fn mvv_lva(objective: Objective, m: &Move) -> i32 {
    let victim = m.capture.map_or(0, |r| value_in(objective, r));
    let promo = m.promotion.map_or(0, |r| value_in(objective, r));
    10 * (victim + promo) - value_in(objective, m.role) / 10
}

/// The capture-history slot of a tactical move: the moving piece, its destination and what it
/// takes (a seventh kind for a promotion that takes nothing).
fn capture_slot<G: Geometry>(pos: &Position<G>, m: &Move) -> usize {
    piece_square(pos, m) * 7 + m.capture.map_or(6, |r| r.index())
}

/// The score of a finished game for the side to move, `ply` plies from the root.
fn outcome_score<G: Geometry>(pos: &Position<G>, outcome: Outcome, ply: usize) -> i32 {
    match outcome.winner() {
        Some(w) if w == pos.turn => MATE - ply as i32,
        Some(_) => -MATE + ply as i32,
        None => 0,
    }
}

impl Search<'_> {
    fn iterate<G: Geometry>(&mut self, root: &Position<G>, max_depth: u32) -> SearchResult {
        let moves = root.legal_moves();
        let mut result = SearchResult {
            best: None,
            report: Report {
                depth: 0,
                seldepth: 0,
                score: Score::Cp(0),
                nodes: 0,
                pv: Vec::new(),
            },
        };
        if moves.is_empty() || root.lesson_result().is_some() {
            return result;
        }
        result.best = Some(moves[0]);
        let mut previous: i32 = 0;
        for depth in 1..=max_depth.max(1) {
            self.may_stop = depth > 1;
            self.seldepth = 0;
            let mut window = 30;
            let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
                (previous - window, previous + window)
            } else {
                (-INFINITY, INFINITY)
            };
            let score = loop {
                let s = self.negamax(root, depth as i32, alpha, beta, 0, false);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (s - window).max(-INFINITY);
                } else if s >= beta {
                    beta = (s + window).min(INFINITY);
                } else {
                    break s;
                }
                window *= 2;
            };
            if self.stopped {
                // a root move that beat the previous best in the unfinished iteration was
                // searched in full, so it is the better choice
                if let Some(&first) = self.pv[0].first() {
                    result.best = Some(first);
                }
                break;
            }
            previous = score;
            let pv = self.pv[0].clone();
            if let Some(&first) = pv.first() {
                result.best = Some(first);
            }
            result.report = Report {
                depth,
                seldepth: self.seldepth.max(depth),
                score: Score::from_internal(score),
                nodes: self.nodes,
                pv,
            };
            self.control.report(&result.report);
            if self.control.enough(&result.report) {
                break;
            }
            // a forced mate found within this depth will not change
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                break;
            }
        }
        result.report.nodes = self.nodes;
        result
    }

    /// A weaker level's choice: every root move scored by a full-window search at the
    /// level's depth, plus seeded noise that grows as the skill falls.
    fn weaker_choice<G: Geometry>(
        &mut self,
        root: &Position<G>,
        result: &SearchResult,
        skill: u8,
    ) -> Move {
        let depth = result.report.depth.max(1) as i32;
        let spread = i32::from(20 - skill) * 25;
        let mut rng = seeded(mix(&[self.engine.seed, self.engine.searches, root.hash]));
        self.stopped = false;
        self.may_stop = false;
        let mut best = (i32::MIN, result.best.expect("a move exists"));
        for m in root.legal_moves().iter() {
            let child = root.play_unchecked(*m);
            self.played[0] = Some(piece_square(root, m));
            self.stack.push(root.hash);
            self.cut[1] = false;
            let s = -self.negamax(&child, depth - 1, -INFINITY, INFINITY, 1, false);
            self.stack.pop();
            let noisy = s.clamp(-MATE_BOUND, MATE_BOUND) + rng.random_range(0..=spread);
            if noisy > best.0 {
                best = (noisy, *m);
            }
        }
        best.1
    }

    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.may_stop
            && (self.nodes >= self.node_limit
                || (self.nodes & 1023 == 0 && self.control.stop(self.nodes)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Draws and finished games found before generating moves (`None`: play on).
    fn early_end<G: Geometry>(&self, pos: &Position<G>, ply: usize) -> Option<i32> {
        let checkmate_game = pos.variant.objective() == Objective::Checkmate;
        if !checkmate_game && let Some(o) = pos.lesson_result() {
            return Some(outcome_score(pos, o, ply));
        }
        let repeated = self
            .stack
            .iter()
            .rev()
            .take(pos.halfmoves as usize)
            .skip(1)
            .step_by(2)
            .any(|&h| h == pos.hash);
        if repeated || pos.halfmoves >= 100 {
            if checkmate_game {
                return Some(0);
            }
            let cause = if repeated {
                TieBreakCause::Repetition
            } else {
                TieBreakCause::FiftyMoves
            };
            return Some(outcome_score(pos, pos.tie_break(cause), ply));
        }
        if checkmate_game && pos.insufficient_material() {
            return Some(0);
        }
        None
    }

    fn no_moves<G: Geometry>(pos: &Position<G>, ply: usize) -> i32 {
        pos.outcome().map_or(0, |o| outcome_score(pos, o, ply))
    }

    fn order<G: Geometry>(
        &self,
        pos: &Position<G>,
        moves: &[Move],
        tt_move: u16,
        ply: usize,
    ) -> Vec<(i32, Move)> {
        let objective = pos.variant.objective();
        let killers = self.engine.killers[ply];
        moves
            .iter()
            .map(|m| {
                let packed = pack(m);
                let score = if packed == tt_move {
                    2_000_000
                } else if m.is_tactical() {
                    // most valuable victim first; among equal victims, the capture that
                    // refuted most often before (its capture history), then the cheaper piece
                    let mvv_lva = mvv_lva(objective, m)
                        + self.engine.capture_history[capture_slot(pos, m)] / 16;
                    if see(pos, m) >= 0 {
                        1_000_000 + mvv_lva
                    } else {
                        -1_000_000 + mvv_lva
                    }
                } else if packed == killers[0] {
                    900_000
                } else if packed == killers[1] {
                    899_000
                } else {
                    self.quiet_score(pos, m, ply)
                };
                (score, *m)
            })
            .collect()
    }

    /// The earlier moves whose continuation history applies at `ply`: one and two plies back.
    fn continuation_rows(&self, ply: usize) -> [Option<usize>; 2] {
        let back = |n: usize| {
            ply.checked_sub(n)
                .and_then(|p| self.played[p])
                .map(|row| row * PIECE_SQUARES)
        };
        [back(1), back(2)]
    }

    /// How well a quiet move did before: its from-to history plus its continuation history.
    fn quiet_score<G: Geometry>(&self, pos: &Position<G>, m: &Move, ply: usize) -> i32 {
        let side = pos.turn.index() * 4096;
        let mut score = self.engine.history[side + usize::from(m.from) * 64 + usize::from(m.to)];
        let target = piece_square(pos, m);
        for row in self.continuation_rows(ply).into_iter().flatten() {
            score += self.engine.continuation[row + target];
        }
        score
    }

    /// Whether a quiet move did badly after both the previous move and the one before it.
    fn continuation_bad<G: Geometry>(&self, pos: &Position<G>, m: &Move, ply: usize) -> bool {
        let target = piece_square(pos, m);
        match self.continuation_rows(ply) {
            [Some(a), Some(b)] => {
                self.engine.continuation[a + target] < 0 && self.engine.continuation[b + target] < 0
            }
            _ => false,
        }
    }

    fn negamax<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.net.is_some() {
            self.engine.nets.enter(ply, &pos.colors, &pos.roles);
        }
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
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
        let depth = if in_check { depth + 1 } else { depth };
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
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Self::no_moves(pos, ply);
        }
        // singular extension: when the stored best move is much better than every other
        // (a search of the rest at half depth fails low against a margin below its score),
        // it is searched one ply deeper; when even the rest beat beta, the node fails high
        let mut singular = false;
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
                singular = true;
            } else if singular_beta >= beta {
                return singular_beta;
            }
        }
        let mut ordered = self.order(pos, &moves, tt_move, ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_packed = 0u16;
        let mut best_tactical = false;
        let mut quiets_tried: Vec<Move> = Vec::new();
        let mut captures_tried: Vec<Move> = Vec::new();
        self.stack.push(key);
        for i in 0..ordered.len() {
            let mut top = i;
            for j in i + 1..ordered.len() {
                if ordered[j].0 > ordered[top].0 {
                    top = j;
                }
            }
            ordered.swap(i, top);
            let (order_score, m) = ordered[i];
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
            let new_depth = if singular && pack(&m) == tt_move {
                depth
            } else {
                depth - 1
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
    fn raw_eval<G: Geometry>(&mut self, pos: &Position<G>, hit: Option<Hit>, ply: usize) -> i32 {
        match hit.and_then(|h| h.eval) {
            Some(e) => e,
            None => self.evaluate(pos, ply),
        }
    }

    /// The static evaluation of `pos`, entered at `ply`: the network's when this search has
    /// one, else the hand-written one.
    fn evaluate<G: Geometry>(&mut self, pos: &Position<G>, ply: usize) -> i32 {
        match self.net {
            Some(net) => {
                let acc = self.engine.nets.accumulator(net, ply);
                net.output(acc, pos.turn)
            }
            None => evaluate(pos, &self.weights),
        }
    }

    /// ProbCut's search: the captures whose exchange alone could lift the static evaluation
    /// to `probcut_beta`, each checked by quiescence and then by a search four plies shallower
    /// than `depth`. The first to reach `probcut_beta` gives the score and move that refute.
    fn probcut<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        probcut_beta: i32,
        static_eval: i32,
        ply: usize,
    ) -> Option<(i32, u16)> {
        let objective = pos.variant.objective();
        let mut captures: Vec<(i32, Move)> = pos
            .legal_moves()
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

    /// A quiet move caused a cut-off: remember it as a killer and raise its history; lower
    /// the history of the quiet moves tried before it.
    fn reward<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        m: &Move,
        packed: u16,
        depth: i32,
        ply: usize,
        tried: &[Move],
    ) {
        let k = &mut self.engine.killers[ply];
        if k[0] != packed {
            k[1] = k[0];
            k[0] = packed;
        }
        let bonus = (depth * depth).min(400);
        self.credit(pos, m, ply, bonus);
        for q in tried {
            self.credit(pos, q, ply, -bonus);
        }
    }

    /// Moves a quiet move's history and continuation history toward `bonus` (negative: a
    /// malus); the update shrinks as the value nears its bound of +-16,384.
    /// Moves a capture's (or promotion's) history toward `bonus`.
    fn credit_capture<G: Geometry>(&mut self, pos: &Position<G>, m: &Move, bonus: i32) {
        let h = &mut self.engine.capture_history[capture_slot(pos, m)];
        *h += bonus - *h * bonus.abs() / 16_384;
    }

    fn credit<G: Geometry>(&mut self, pos: &Position<G>, m: &Move, ply: usize, bonus: i32) {
        let bump = |h: &mut i32| {
            *h += bonus - *h * bonus.abs() / 16_384;
        };
        let side = pos.turn.index() * 4096;
        bump(&mut self.engine.history[side + usize::from(m.from) * 64 + usize::from(m.to)]);
        let target = piece_square(pos, m);
        for row in self.continuation_rows(ply).into_iter().flatten() {
            bump(&mut self.engine.continuation[row + target]);
        }
    }

    fn quiesce<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.net.is_some() {
            self.engine.nets.enter(ply, &pos.colors, &pos.roles);
        }
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
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
        let moves = pos.legal_moves();
        if moves.is_empty() {
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

/// The static evaluation, corrected by a stored search result that bounds the value on the
/// far side of it (a lower bound above it, an upper bound below it): a search knows more than
/// the evaluation, so pruning decisions and stand-pat trust it instead.
fn refine(eval: i32, hit: Option<Hit>, in_check: bool) -> i32 {
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

/// How far above beta a shallower capture search must score for ProbCut to trust it.
const PROBCUT_MARGIN: i32 = 200;

/// Late-move reduction in plies for the `index`-th move at `depth`.
fn lmr(depth: i32, index: usize) -> i32 {
    let d = (depth as f32).ln();
    let i = (index as f32).ln();
    (0.75 + d * i / 2.0) as i32
}

/// The position with the side to move passing (for null-move pruning only).
fn null_move<G: Geometry>(pos: &Position<G>) -> Position<G> {
    let mut p = *pos;
    if let Some(e) = p.ep.take() {
        p.hash ^= zobrist::EN_PASSANT[e as usize];
    }
    p.turn = p.turn.other();
    p.hash ^= zobrist::BLACK_TO_MOVE;
    p.halfmoves += 1;
    p
}

#[cfg(test)]
mod tests {
    use super::{Bound, Hit, refine, see};
    use crate::geometry::Mini;
    use crate::position::Position;
    use crate::variant::Variant;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
        let m = p.parse_uci(uci).unwrap();
        see(&p, &m)
    }

    #[test]
    fn quiet_means_no_check_and_no_winning_capture() {
        let quiet = |fen: &str| {
            let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
            crate::engine::is_quiet(&p)
        };
        assert!(quiet("rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1"));
        // the rook can take an undefended pawn
        assert!(!quiet("2k2/5/2p2/5/5/K1R2 w - - 0 1"));
        // the same pawn defended: taking it loses the rook, so the position is quiet
        assert!(quiet("2k2/1p3/2p2/5/5/K1R2 w - - 0 1"));
        // in check
        assert!(!quiet("2k2/5/5/5/5/K1r2 w - - 0 1"));
    }

    #[test]
    fn stored_bounds_beyond_the_evaluation_replace_it() {
        let hit = |score, bound| {
            Some(Hit {
                packed: 0,
                score,
                depth: 4,
                bound,
                eval: None,
            })
        };
        // a lower bound above the evaluation, an upper bound below it, an exact score: trusted
        assert_eq!(refine(10, hit(80, Bound::Lower), false), 80);
        assert_eq!(refine(10, hit(-40, Bound::Upper), false), -40);
        assert_eq!(refine(10, hit(-40, Bound::Exact), false), -40);
        // bounds on the evaluation's own side say nothing new
        assert_eq!(refine(10, hit(-40, Bound::Lower), false), 10);
        assert_eq!(refine(10, hit(80, Bound::Upper), false), 10);
        // no hit, a mate score, or in check: the evaluation stays
        assert_eq!(refine(10, None, false), 10);
        assert_eq!(
            refine(10, hit(crate::engine::MATE - 3, Bound::Exact), false),
            10
        );
        assert_eq!(refine(10, hit(80, Bound::Lower), true), 10);
    }

    #[test]
    fn exchanges_are_counted_to_the_end() {
        // the pawn on c4 is defended by the pawn on b5: the rook wins 100 and loses 480
        assert_eq!(see_of("2k2/1p3/2p2/5/5/K1R2 w - - 0 1", "c1c4"), 100 - 480);
        // undefended: a clean pawn
        assert_eq!(see_of("2k2/5/2p2/5/5/K1R2 w - - 0 1", "c1c4"), 100);
        // defended once, attacked twice (rooks doubled: the second joins through the first)
        assert_eq!(see_of("2k2/2r2/2p2/5/2R2/K1R2 w - - 0 1", "c2c4"), 100);
        // a pawn takes a defended rook: wins the exchange
        assert_eq!(see_of("2k2/2r2/2r2/1P3/5/K4 w - - 0 1", "b3c4"), 480 - 100);
    }
}
