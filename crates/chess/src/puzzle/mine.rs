//! Finding puzzles in a game, the way lichess's generator does, with our engine.
//!
//! 1. The game is reviewed at a small budget ([`MinerSettings::screen_nodes`]); each blunder
//!    (a drop of 30 points of Win%, the jump lichess's generator asks for) gives two
//!    candidate positions: the one after it (the opponent's chance) and the one before it
//!    (what the mover missed, when there was something to hold); so does every position
//!    where the screen saw a mate for the side to move.
//!    A winning candidate whose solver had 80% or more before the opponent's last move is let
//!    go: the game was won already.
//! 2. A candidate becomes a puzzle when the side to move has exactly one good move: the best
//!    move at [`MinerSettings::solve_nodes`], every other move swept at
//!    [`MinerSettings::sweep_nodes`] and the closest [`MinerSettings::recheck`] of them searched
//!    again at the full budget, the best at least 30 points of Win% above the second. A
//!    winning puzzle (mate, or Win% 75 and more) goes on while the solver's move stays unique
//!    and winning, the opponent answering with the engine's move, up to
//!    [`MinerSettings::max_solver_moves`]; it always ends with the solver's move. A drawing
//!    puzzle (Win% 35 to 70, every other move 35 points worse) is one move: `defence`.
//!    A final move that mates needs no uniqueness: any mate is accepted there ([`super::check`]).
//! 3. Every puzzle is confirmed by a second, deeper analysis from a cleared engine (twice the
//!    budgets, one more alternative searched in full) and dropped if any turn disagrees.
//! 4. Its starting rating: the smallest of the node budgets 250, 1,000, 4,000, 16,000 and
//!    64,000 at which the engine, cleared, finds every one of the solver's moves gives
//!    800, 1,000, ... 1,600 (2,000 if none does), plus 60 for each move beyond the first.
//!    Glicko-2 moves it from there as players solve it.
//!
//! Everything is searched with node limits, so the same game gives the same puzzles on any
//! machine.

use super::{Puzzle, themes};
use crate::engine::review::{self, centipawns, win_percent};
use crate::engine::{Engine, Limits, Score, Unlimited};
use crate::{AnyPosition, Move, Variant};
use tabula_core::review::Mark;

/// The miner's budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinerSettings {
    /// Nodes per position of the screening review.
    pub screen_nodes: u64,
    /// Nodes for each turn's best move, each reply, and the rechecked alternatives.
    pub solve_nodes: u64,
    /// Nodes per alternative in the sweep over every move.
    pub sweep_nodes: u64,
    /// How many of the sweep's best alternatives are searched again at `solve_nodes`.
    pub recheck: usize,
    /// The longest solution, in the solver's moves.
    pub max_solver_moves: usize,
}

impl Default for MinerSettings {
    fn default() -> Self {
        MinerSettings {
            screen_nodes: 30_000,
            solve_nodes: 250_000,
            sweep_nodes: 12_000,
            recheck: 2,
            max_solver_moves: 5,
        }
    }
}

impl MinerSettings {
    /// The same settings with every budget multiplied by `factor` and one more alternative
    /// rechecked: the confirmation's (and the tests' deeper check).
    pub fn deeper(self, factor: u64) -> MinerSettings {
        MinerSettings {
            screen_nodes: self.screen_nodes * factor,
            solve_nodes: self.solve_nodes * factor,
            sweep_nodes: self.sweep_nodes * factor,
            recheck: self.recheck + 1,
            max_solver_moves: self.max_solver_moves,
        }
    }
}

/// The drop of Win% between the best move and the second that makes the best one the only
/// move (lichess's generator asks about as much).
const UNIQUE: f64 = 30.0;
/// The Win% from which a position counts as winning.
const WINNING: f64 = 75.0;
/// The Win% band of a position one move holds: neither side clearly better.
const HELD: std::ops::RangeInclusive<f64> = 35.0..=70.0;
/// The drop below the holding move that every other move must lose.
const HOLD_DROP: f64 = 35.0;
/// The solver's Win% before the opponent's mistake from which a win is no puzzle: the game
/// was won already (lichess's generator asks the same of a puzzle).
const ALREADY_WON: f64 = 80.0;
/// The node budgets of the rating estimate, weakest first.
const RATING_BUDGETS: [u64; 5] = [250, 1_000, 4_000, 16_000, 64_000];

/// One turn analysed: the best move and its score, the best alternative and its score, all
/// for the side to move.
#[derive(Clone, Debug)]
struct Analysed {
    best: Move,
    score: Score,
    second: Option<Score>,
}

impl Analysed {
    fn win(&self) -> f64 {
        win_percent(centipawns(self.score))
    }
    fn second_win(&self) -> f64 {
        self.second.map_or(0.0, |s| win_percent(centipawns(s)))
    }
    /// The best move mates at once.
    fn mates_now(&self) -> bool {
        self.score == Score::Mate(1)
    }
    fn unique(&self) -> bool {
        self.unique_by(UNIQUE)
    }
    /// The best move at least `gap` points of Win% above the second (or a mate at once).
    fn unique_by(&self, gap: f64) -> bool {
        self.mates_now() || self.win() - self.second_win() >= gap
    }
}

/// What kind of puzzle a position gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Win,
    Defence,
}

/// How many candidates the miner looked at and why it let each go (for tuning and for
/// BENCHMARKS.md's mining funnel).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinerStats {
    /// Positions looked at.
    pub candidates: u64,
    /// Let go: the best move was not the only good one.
    pub not_unique: u64,
    /// Let go: neither winning nor a held draw.
    pub no_goal: u64,
    /// Let go: a win in a game the solver had won already.
    pub already_won: u64,
    /// Let go: a lone recapture.
    pub recapture: u64,
    /// Let go: the deeper confirmation disagreed.
    pub unconfirmed: u64,
    /// Kept.
    pub puzzles: u64,
}

/// The puzzle miner: an engine and its budgets.
pub struct Miner {
    engine: Engine,
    variant: Variant,
    settings: MinerSettings,
    /// What it has done so far.
    pub stats: MinerStats,
}

impl std::fmt::Debug for Miner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Miner")
            .field("variant", &self.variant)
            .field("settings", &self.settings)
            .finish()
    }
}

/// Whether `p` is checkmate.
fn mated(p: &AnyPosition) -> bool {
    p.is_check() && p.legal_moves().is_empty()
}

impl Miner {
    /// A miner of `variant`'s games with a 64 MiB transposition table.
    pub fn new(variant: Variant, settings: MinerSettings) -> Miner {
        Miner {
            engine: Engine::new(64),
            variant,
            settings,
            stats: MinerStats::default(),
        }
    }

    fn search(
        &mut self,
        p: &AnyPosition,
        history: &[u64],
        nodes: u64,
    ) -> crate::engine::SearchResult {
        let limits = Limits {
            depth: None,
            nodes: Some(nodes),
        };
        self.engine.search_any(p, history, limits, &mut Unlimited)
    }

    /// The puzzles of the game of `moves` from `start` (checked legal by the caller), each
    /// confirmed; duplicates within the game removed.
    pub fn mine_game(&mut self, start: &AnyPosition, moves: &[Move]) -> Vec<Puzzle> {
        self.engine.new_game();
        let nodes = self.settings.screen_nodes;
        let reviewed = review::review(start, moves, |p, h| self.search(p, h, nodes));
        let mut positions = vec![*start];
        for m in moves {
            positions.push(positions[positions.len() - 1].play_unchecked(*m));
        }
        let hashes: Vec<u64> = positions.iter().map(AnyPosition::hash).collect();
        // each candidate with the solver's Win% before the opponent's last move (a puzzle
        // is the chance a mistake gave, not one more blow in a game long won)
        let prior_of = |j: usize| -> f64 {
            j.checked_sub(1)
                .and_then(|k| reviewed.moves.get(k))
                .map_or(50.0, |r| 100.0 - r.win_before)
        };
        // a blunder (a drop of 30 points, lichess's jump) gives the opponent a chance: the
        // position after it, unless the opponent had won already; and the mover missed
        // something when there was something to hold or win: the position before it
        let mut candidates: Vec<usize> = Vec::new();
        for (i, r) in reviewed.moves.iter().enumerate() {
            let fresh = prior_of(i + 1) < ALREADY_WON;
            if r.mark == Some(Mark::Blunder) {
                if fresh {
                    candidates.push(i + 1);
                }
                if r.win_before >= *HELD.start() && prior_of(i) < ALREADY_WON {
                    candidates.push(i);
                }
            }
            // a mate the screen saw for the side to move is worth a look, blunder or not
            let mate_for_mover = matches!(r.eval, Score::Mate(n) if n != 0)
                && r.end.is_none()
                && !r.best_line.is_empty();
            if mate_for_mover && fresh {
                candidates.push(i + 1);
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        let mut found: Vec<Puzzle> = Vec::new();
        for j in candidates {
            let last = j.checked_sub(1).map(|k| (positions[k], moves[k]));
            if let Some(p) = self.puzzle_from(&positions[j], &hashes[..j], last, Some(prior_of(j)))
                && !found.iter().any(|f| f.id == p.id)
            {
                found.push(p);
            }
        }
        found
    }

    /// The puzzle of position `pos` (with the hashes of the game's positions before it, and
    /// the move that led to it with the position it was played in), if it is one.
    pub fn puzzle_at(
        &mut self,
        pos: &AnyPosition,
        history: &[u64],
        last: Option<(AnyPosition, Move)>,
    ) -> Option<Puzzle> {
        self.puzzle_from(pos, history, last, None)
    }

    /// [`Miner::puzzle_at`], with the solver's Win% before the opponent's last move: a winning
    /// puzzle needs it below [`ALREADY_WON`].
    fn puzzle_from(
        &mut self,
        pos: &AnyPosition,
        history: &[u64],
        last: Option<(AnyPosition, Move)>,
        prior: Option<f64>,
    ) -> Option<Puzzle> {
        // a forced move is no puzzle
        if pos.outcome().is_some() || pos.legal_moves().len() < 2 {
            return None;
        }
        let settings = self.settings;
        self.stats.candidates += 1;
        let first = self.analyse(pos, history, settings)?;
        let kind = if !first.unique() {
            self.stats.not_unique += 1;
            return None;
        } else if matches!(first.score, Score::Mate(n) if n > 0) || first.win() >= WINNING {
            Kind::Win
        } else if HELD.contains(&first.win()) && first.second_win() <= first.win() - HOLD_DROP {
            Kind::Defence
        } else {
            self.stats.no_goal += 1;
            return None;
        };
        if kind == Kind::Win && prior.is_some_and(|w| w >= ALREADY_WON) {
            self.stats.already_won += 1;
            return None;
        }
        let line = match kind {
            Kind::Defence => vec![first.best],
            Kind::Win => self.winning_line(pos, history, first)?,
        };
        // a lone recapture after a capture is no puzzle
        if line.len() == 1
            && !mated(&pos.play_unchecked(line[0]))
            && let Some((_, m)) = last
            && m.capture.is_some()
            && line[0].to == m.to
        {
            self.stats.recapture += 1;
            return None;
        }
        let puzzle = self.make(pos, last, &line, kind == Kind::Defence);
        if self.confirm(&puzzle).is_err() {
            self.stats.unconfirmed += 1;
            return None;
        }
        self.stats.puzzles += 1;
        Some(puzzle)
    }

    /// The winning line from `pos`: the solver's unique moves and the engine's replies.
    fn winning_line(
        &mut self,
        pos: &AnyPosition,
        history: &[u64],
        first: Analysed,
    ) -> Option<Vec<Move>> {
        let settings = self.settings;
        let solver = pos.turn();
        let mut line = Vec::new();
        let mut hist = history.to_vec();
        let mut p = *pos;
        let mut turn = first;
        loop {
            line.push(turn.best);
            let after = p.play_unchecked(turn.best);
            if let Some(o) = after.outcome() {
                // a winning line that ends in a draw (stalemate) is no puzzle
                return (o.winner() == Some(solver)).then_some(line);
            }
            if line.len().div_ceil(2) >= settings.max_solver_moves {
                break;
            }
            hist.push(p.hash());
            let reply = self.search(&after, &hist, settings.solve_nodes).best?;
            let next = after.play_unchecked(reply);
            if next.outcome().is_some() {
                break;
            }
            hist.push(after.hash());
            let Some(a) = self.analyse(&next, &hist, settings) else {
                break;
            };
            let still = matches!(a.score, Score::Mate(n) if n > 0) || a.win() >= WINNING;
            if !a.unique() || !still {
                break;
            }
            line.push(reply);
            p = next;
            turn = a;
        }
        Some(line)
    }

    /// The best move of `pos` and the best of the others, for the side to move. It stops as
    /// soon as the position cannot be a puzzle (neither a win nor a position to hold, or an
    /// alternative of the sweep already within [`UNIQUE`] of the best), so most candidates
    /// cost a search and a sweep; the answer then fails [`Analysed::unique`] or the goal.
    fn analyse(
        &mut self,
        pos: &AnyPosition,
        history: &[u64],
        s: MinerSettings,
    ) -> Option<Analysed> {
        let mut hist = history.to_vec();
        hist.push(pos.hash());
        // first a sweep of every move at the small budget: most candidates have two moves
        // within reach of each other there, and are let go without the full search
        let mut swept: Vec<(f64, Move, Score)> = Vec::new();
        for m in pos.legal_moves() {
            let v = self.value_after(pos, m, &hist, s.sweep_nodes);
            swept.push((win_percent(centipawns(v)), m, v));
        }
        swept.sort_by(|a, b| b.0.total_cmp(&a.0));
        if let [(w1, m1, v1), (w2, _, v2), ..] = swept[..]
            && v1 != Score::Mate(1)
            && w2 > w1 - UNIQUE
        {
            return Some(Analysed {
                best: m1,
                score: v1,
                second: Some(v2),
            });
        }
        let result = self.search(pos, history, s.solve_nodes);
        let best = result.best?;
        let mut score = result.report.score;
        if mated(&pos.play_unchecked(best)) {
            score = Score::Mate(1);
        }
        let mut analysed = Analysed {
            best,
            score,
            second: None,
        };
        let w = analysed.win();
        let goal = matches!(score, Score::Mate(n) if n > 0) || w >= WINNING || HELD.contains(&w);
        if !goal {
            return Some(analysed);
        }
        let others: Vec<(f64, Move, Score)> =
            swept.into_iter().filter(|(_, m, _)| *m != best).collect();
        if let Some((top, _, s1)) = others.first()
            && !analysed.mates_now()
            && *top > w - UNIQUE
        {
            // not the only move even at the sweep's depth: no need to look closer
            analysed.second = Some(*s1);
            return Some(analysed);
        }
        // the closest alternatives of the sweep searched again in full; the rest keep their
        // sweep score (a rechecked one may fall below an unrechecked one, which then counts)
        let mut second: Option<(f64, Score)> = None;
        for (i, (w, m, s1)) in others.iter().enumerate() {
            let (w, sc) = if i < s.recheck {
                let again = self.value_after(pos, *m, &hist, s.solve_nodes);
                (win_percent(centipawns(again)), again)
            } else {
                (*w, *s1)
            };
            if second.is_none_or(|(bw, _)| w > bw) {
                second = Some((w, sc));
            }
        }
        analysed.second = second.map(|(_, sc)| sc);
        Some(analysed)
    }

    /// The value for the mover of playing `m` in `pos` (`hist`: the hashes up to `pos`).
    fn value_after(&mut self, pos: &AnyPosition, m: Move, hist: &[u64], nodes: u64) -> Score {
        let child = pos.play_unchecked(m);
        match child.outcome() {
            Some(o) if o.winner() == Some(pos.turn()) => Score::Mate(1),
            Some(o) if o.winner().is_some() => Score::Mate(-1),
            Some(_) => Score::Cp(0),
            None => self.search(&child, hist, nodes).report.score.flipped(),
        }
    }

    fn make(
        &mut self,
        pos: &AnyPosition,
        last: Option<(AnyPosition, Move)>,
        line: &[Move],
        defence: bool,
    ) -> Puzzle {
        let mut ucis = Vec::with_capacity(line.len());
        let mut p = *pos;
        for m in line {
            ucis.push(p.uci(m));
            p = p.play_unchecked(*m);
        }
        let fen = pos.fen();
        Puzzle {
            id: Puzzle::id_of(&fen, &ucis[0]),
            last: last.map(|(before, m)| before.uci(&m)),
            rating: self.rating_of(pos, line),
            themes: themes::themes_of(pos, line, defence),
            fen,
            moves: ucis,
        }
    }

    /// The starting rating: the first of [`RATING_BUDGETS`] at which a cleared engine finds
    /// every one of the solver's moves.
    fn rating_of(&mut self, pos: &AnyPosition, line: &[Move]) -> u32 {
        let extra = 60 * (line.len().div_ceil(2) as u32 - 1);
        for (i, nodes) in RATING_BUDGETS.iter().enumerate() {
            self.engine.new_game();
            let mut p = *pos;
            let mut hist = Vec::new();
            let mut found = true;
            for (k, m) in line.iter().enumerate() {
                if k % 2 == 0 {
                    let chosen = self.search(&p, &hist, *nodes).best;
                    let right = chosen == Some(*m)
                        || (k + 1 == line.len()
                            && chosen.is_some_and(|c| mated(&p.play_unchecked(c))));
                    if !right {
                        found = false;
                        break;
                    }
                }
                hist.push(p.hash());
                p = p.play_unchecked(*m);
            }
            if found {
                return 800 + 200 * i as u32 + extra;
            }
        }
        2_000 + extra
    }

    /// Checks `puzzle` with twice this miner's budgets from a cleared engine: at each of the
    /// solver's turns the solution's move is the best (any mate on a final mating move) and
    /// the only one; a defence's move holds. The error names the turn that fails.
    pub fn confirm(&mut self, puzzle: &Puzzle) -> Result<(), String> {
        let deeper = self.settings.deeper(2);
        self.check_with(puzzle, deeper, 0.0)
    }

    /// Checks `puzzle` as [`Miner::confirm`] does, with the given budgets, allowing the best
    /// move's lead over the second, a win's Win% and a held draw's band `slack` points of
    /// Win% beyond the miner's bounds (a deeper search moves borderline values a little
    /// either way).
    pub fn check_with(
        &mut self,
        puzzle: &Puzzle,
        s: MinerSettings,
        slack: f64,
    ) -> Result<(), String> {
        self.engine.new_game();
        let mut p = AnyPosition::from_fen(self.variant, &puzzle.fen).map_err(|e| e.to_string())?;
        let defence = puzzle.themes.contains(&themes::Theme::Defence);
        let mut hist = Vec::new();
        for (k, text) in puzzle.moves.iter().enumerate() {
            let m = p.parse_uci(text).map_err(|e| format!("move {text}: {e}"))?;
            if k % 2 == 0 {
                let a = self
                    .analyse(&p, &hist, s)
                    .ok_or_else(|| format!("turn {}: no move found", k / 2 + 1))?;
                let last = k + 1 == puzzle.moves.len();
                let mates = mated(&p.play_unchecked(m));
                if last && mates {
                    // any mate is accepted on the final move
                } else if a.best != m {
                    return Err(format!(
                        "turn {}: the engine prefers {} to {text}",
                        k / 2 + 1,
                        p.uci(&a.best)
                    ));
                } else if !a.unique_by(UNIQUE - slack) {
                    return Err(format!(
                        "turn {}: {text} is not the only move ({:.0}% against {:.0}%)",
                        k / 2 + 1,
                        a.win(),
                        a.second_win()
                    ));
                } else if defence && !(HELD.start() - slack..=HELD.end() + slack).contains(&a.win())
                {
                    return Err(format!(
                        "turn {}: {text} gives {:.0}%, not a held draw",
                        k / 2 + 1,
                        a.win()
                    ));
                } else if !(defence
                    || a.win() >= WINNING - slack
                    || matches!(a.score, Score::Mate(n) if n > 0))
                {
                    return Err(format!(
                        "turn {}: {text} gives only {:.0}%",
                        k / 2 + 1,
                        a.win()
                    ));
                }
            }
            hist.push(p.hash());
            p = p.play_unchecked(m);
        }
        Ok(())
    }
}
