//! The alpha-beta search.

mod negamax;
mod ordering;
mod picker;
mod pruning;
mod quiesce;
#[cfg(test)]
mod tests;

use super::correction::Corrections;
use super::eval::{Weights, evaluate, value_in};
use super::nnue::{self, Network, stack::NetStack};
use super::tables::EngineTables;
use super::tt::{Bound, Hit, Table, pack};
use super::{Control, MATE};
use crate::any::AnyPosition;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::status::{Outcome, TieBreakCause};
use crate::tablebase::Tablebases;
use crate::types::Role;
use crate::variant::Objective;
use crate::zobrist;
use negamax::refine;
use picker::MovePicker;
pub(crate) use quiesce::see;
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
    /// The search's own scale for this score, where higher is better for the side to move: a
    /// mate in `n` ranks above every centipawn figure and nearer mates above farther ones;
    /// being mated ranks below every figure, sooner below later, `Mate(0)` (mated now) lowest.
    /// The inverse of how the search reports its internal scores, so comparing two searches'
    /// scores needs no mapping of its own.
    pub fn rank(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
            Score::Mate(n) => -MATE - 2 * n,
        }
    }

    fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }

    /// The same score from the other side: what the side to move's opponent scores.
    pub fn flipped(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(-c),
            Score::Mate(m) => Score::Mate(-m),
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
    /// than by the hand-written evaluation (the UCI option `UseNNUE`). On by default: the
    /// network plays stronger (BENCHMARKS.md, "A learned evaluation").
    pub use_net: bool,
    /// A network to use instead of the built-in one (one read from a file, for a generation
    /// of training data or a match between networks); `None`: the built-in network.
    network: Option<Arc<Network>>,
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
            use_net: true,
            network: None,
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

    /// Evaluates with `network` instead of the built-in one (`None`: the built-in one again).
    /// The table's stored evaluations are the other network's, so it starts a new game.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.network = network;
        self.new_game();
    }

    /// The network this engine evaluates with when [`Engine::use_net`] is on and the game is
    /// one the network covers: the one set by [`Engine::set_network`], else the built-in one.
    pub fn network(&self) -> Option<&Network> {
        self.network
            .as_deref()
            .or_else(|| nnue::embedded().ok().map(|n| &**n))
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
                .then(|| {
                    self.network
                        .clone()
                        .or_else(|| nnue::embedded().ok().cloned())
                })
                .flatten();
        self.nets.clear();
        let mut s = Search::new(self, control, weights, net, history, limits.nodes);
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
    net: Option<Arc<Network>>,
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

impl<'a> Search<'a> {
    /// A search by `engine` after the game's positions `history`, evaluating with `net` (or
    /// the hand-written evaluation), stopping after `node_limit` nodes if given.
    fn new(
        engine: &'a mut Engine,
        control: &'a mut dyn Control,
        weights: Weights,
        net: Option<Arc<Network>>,
        history: &[u64],
        node_limit: Option<u64>,
    ) -> Search<'a> {
        Search {
            engine,
            control,
            weights,
            net,
            stack: history.to_vec(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            nodes: 0,
            node_limit: node_limit.unwrap_or(u64::MAX),
            stopped: false,
            may_stop: false,
            seldepth: 0,
            played: vec![None; MAX_PLY + 2],
            evals: vec![-INFINITY; MAX_PLY + 2],
            raw_evals: vec![0; MAX_PLY + 2],
            excluded: vec![0; MAX_PLY + 2],
            cut: vec![false; MAX_PLY + 2],
        }
    }
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

    /// What every node, searched or quiescent, does first: clear its line, bring the network's
    /// accumulators up to this position, and count it. `true` when the search must stop (the
    /// node is then not counted).
    #[inline]
    fn enter<G: Geometry>(&mut self, pos: &Position<G>, ply: usize) -> bool {
        self.pv[ply].clear();
        if self.net.is_some() {
            self.engine.nets.enter(ply, &pos.colors, &pos.roles);
        }
        if self.poll() {
            return true;
        }
        self.nodes += 1;
        false
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
}
