//! The QuickChess engine: iterative deepening alpha-beta over the rules engine.
//!
//! The search is pure like the rest of the crate: it never reads a clock. The caller passes
//! a [`Control`] that says when to stop (polled every 1,024 positions) and whether to start
//! another iteration, and receives a [`Report`] after each one; the UCI front end in the
//! `tabula` binary turns wall-clock time into those answers. With a node limit instead of a
//! time limit a search is fully deterministic.
//!
//! What it does: principal variation search with aspiration windows, a transposition table
//! (that also keeps each node's static evaluation), quiescence search over captures and
//! promotions (and every evasion when in check), check and singular extensions, null-move
//! pruning, ProbCut, late-move reductions, reverse futility pruning, and at shallow depths
//! futility, move-count, history and static-exchange pruning; move ordering by hash move,
//! captures by victim, capture history and static exchange, killers, history and continuation
//! history; a correction history that adjusts the static evaluation by what searches found
//! about the pawn structure; draw detection by repetition and the fifty-move rule. Lesson
//! games' own endings (a pawn on the edge, everything captured, the tie-break) are scored as
//! wins and losses like mates. With endgame tables ([`Engine::set_tablebases`]) a position
//! they cover is scored exactly (mate distance or draw) instead of searched. Full QuickChess on
//! the 5x6 board is evaluated by a small learned network ([`nnue`], trained on our own
//! self-play: it scores well above the hand-written evaluation against Fairy-Stockfish); the
//! lesson games and 8x8 chess by the hand-written evaluation, whose numbers were fitted to
//! Fairy-Stockfish's scores of QuickChess positions ([`PARAMS`]). [`Engine::use_net`] switches
//! the network off.

mod correction;
mod eval;
pub mod nnue;
pub mod report;
pub mod review;
mod search;
mod tables;
#[cfg(test)]
mod test_fen;
mod tt;

pub use eval::{PARAMS, Params, VALUES, Weights, evaluate, evaluate_with};
pub use search::{Engine, Limits, Report, Score, SearchResult};
pub use tt::Bound;
pub(crate) use tt::pack;

/// The score of a mate on the board (a mate in `n` plies scores `MATE - n`).
pub const MATE: i32 = 30_000;

/// What the caller decides during a search.
pub trait Control {
    /// Polled every 1,024 positions with the count so far: `true` stops the search at once
    /// (the last completed iteration's move is played).
    fn stop(&mut self, nodes: u64) -> bool;
    /// After each completed iteration: `true` if another should not be started (for example
    /// because most of the time is used).
    fn enough(&mut self, report: &Report) -> bool;
    /// Each completed iteration's result (for `info` lines).
    fn report(&mut self, report: &Report);
}

/// A [`Control`] that never stops early and ignores reports: the search runs to its
/// [`Limits`] (depth or nodes), which makes it deterministic.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl Control for Unlimited {
    fn stop(&mut self, _nodes: u64) -> bool {
        false
    }
    fn enough(&mut self, _report: &Report) -> bool {
        false
    }
    fn report(&mut self, _report: &Report) {}
}

/// The positions `tabula engine bench` searches: openings, middle games and endings of QuickChess,
/// lesson games and 8x8 chess, as (variant name, FEN).
pub const BENCH_POSITIONS: [(&str, &str); 12] = [
    ("quickchess", "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1"),
    ("quickchess-fsf", "nqkbr/ppppp/5/5/PPPPP/NQKBR w - - 0 1"),
    (
        "quickchess-fsf",
        "nqk1r/pp1pp/2pb1/1P3/P1PPP/NQKBR w - - 0 4",
    ),
    ("quickchess", "r1kq1/pp1pn/2p1p/1P1P1/P1P1P/RBKQN b - - 0 5"),
    ("quickchess", "2k2/1p2p/5/2P2/1K3/5 w - - 0 30"),
    ("quickchess", "1bk2/p3p/2r2/1P1Q1/P3P/2K2 w - - 0 20"),
    ("power-pawns", "5/ppppp/5/5/PPPPP/5 w - - 0 1"),
    ("mean-queens", "3q1/ppppp/5/5/PPPPP/3Q1 w - - 0 1"),
    ("krazy-knights", "4n/p1ppp/1p3/3P1/PPP1P/4N b - - 0 3"),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

/// The depth `tabula engine bench` searches each of [`BENCH_POSITIONS`] to.
pub const BENCH_DEPTH: u32 = 13;

/// The levels people choose when playing the computer (1 = beginner ... 8 = full strength).
pub const LEVELS: u8 = 8;

/// A level's engine settings: its `Skill Level` (0-20; below 20 the engine looks less deep
/// and blurs its choice) and its node budget, so a level plays the same on every machine.
pub fn level_settings(level: u8) -> (u8, u64) {
    match level.clamp(1, LEVELS) {
        1 => (0, 2_000),
        2 => (3, 5_000),
        3 => (6, 10_000),
        4 => (9, 30_000),
        5 => (12, 100_000),
        6 => (15, 300_000),
        7 => (18, 800_000),
        _ => (20, 2_000_000),
    }
}

/// Whether `pos` is quiet: not in check, and no capture or promotion wins material by
/// static exchange. Evaluation tuning fits the static evaluation on quiet positions only,
/// since elsewhere the search, not the evaluation, decides the score.
pub fn is_quiet<G: crate::geometry::Geometry>(pos: &crate::position::Position<G>) -> bool {
    !pos.is_check()
        && pos
            .legal_moves()
            .iter()
            .filter(|m| m.is_tactical())
            .all(|m| search::see(pos, m) <= 0)
}
