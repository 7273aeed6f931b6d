//! What the server knows exactly about QuickChess positions: the endgame tables built by
//! `tabula exact tb generate` (full QuickChess, up to four or five pieces) and the lesson-game
//! solver (Power Pawns and Pawn Blasters whole, with distances), and for the lesson games with
//! pieces the coach ([`crate::coach`]: the books of the games solved on the full board, and
//! tables solved in memory once few pawns are left).
//!
//! Table probes take microseconds and may run anywhere. Solving a lesson position may take
//! seconds: [`Knowledge::solve`] runs only in the thinking pool, with a budget of positions,
//! and remembers what it solved (one solver per variant, emptied when it grows past a cap), so
//! the next position of the same game is usually known at once ([`Knowledge::known`]).

use crate::coach::{self, Coach};
use crate::tablebases::TableSets;
use crate::unpoisoned::Locked;
use std::collections::HashMap;
use std::sync::Mutex;
use tabula_chess::solve::{BY_TIE_BREAK, SolveError, Solver};
use tabula_chess::tablebase::{Rules, Value, Wdl};
use tabula_chess::{AnyPosition, Color, Mini, Move, Position, Role};
use ts_rs::TS;

/// Positions a variant's solver may remember before it is emptied (about 40 MB a million).
const CACHE_POSITIONS: u64 = 8_000_000;

/// What an exact verdict says, in parts a client puts into its own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictKind {
    /// The winner mates in `n` moves (the endgame tables).
    Mate,
    /// The side to move is checkmated.
    Checkmated,
    /// The winner wins in `n` plies (the lesson solver).
    WinInPlies,
    /// The winner wins with best play (the coach's books and tables: no distance).
    Win,
    /// The winner keeps the game in a pawn structure whose tie-break favours it until a
    /// repetition or the fifty-move rule ends it.
    WinByTieBreak,
    /// Neither side can force a win.
    Draw,
}

impl VerdictKind {
    /// The name clients receive (`mate`, `checkmated`, `win_in_plies`, `win`,
    /// `win_by_tie_break`, `draw`).
    pub fn name(self) -> &'static str {
        match self {
            VerdictKind::Mate => "mate",
            VerdictKind::Checkmated => "checkmated",
            VerdictKind::WinInPlies => "win_in_plies",
            VerdictKind::Win => "win",
            VerdictKind::WinByTieBreak => "win_by_tie_break",
            VerdictKind::Draw => "draw",
        }
    }
}

/// An exact verdict on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// For people (the CLI, logs): "White mates in 6", "solved: White wins in 11 plies",
    /// "solved: draw". The browser builds its own words from the parts below.
    pub text: String,
    /// What kind of verdict.
    pub kind: VerdictKind,
    /// Who wins (the checkmated side's opponent included), if anyone.
    pub winner: Option<Color>,
    /// Moves to mate ([`VerdictKind::Mate`]) or plies to the win
    /// ([`VerdictKind::WinInPlies`]).
    pub n: Option<u32>,
    /// Win, draw or loss for the side to move.
    pub wdl: Wdl,
    /// A move that keeps the value (none when the game is over).
    pub best: Option<Move>,
}

impl Verdict {
    /// The verdict as clients receive it.
    pub fn parts(&self) -> VerdictParts {
        VerdictParts {
            text: self.text.clone(),
            kind: self.kind.name(),
            winner: self.winner.map(Color::name),
            n: self.n,
            wdl: self.wdl.name(),
        }
    }
}

/// A verdict as clients receive it (the browser builds its words from the parts).
#[derive(Clone, Debug, PartialEq, serde::Serialize, TS)]
pub struct VerdictParts {
    /// In words, for people.
    pub text: String,
    /// What kind (`mate`, `checkmated`, `win_in_plies`, `win`, `win_by_tie_break`, `draw`).
    pub kind: &'static str,
    /// Who wins (`white`, `black`).
    pub winner: Option<&'static str>,
    /// Moves to mate or plies to the win.
    pub n: Option<u32>,
    /// Win, draw or loss for the side to move.
    pub wdl: &'static str,
}

/// The tables and the lesson solvers.
pub struct Knowledge {
    /// The endgame tables.
    pub tables: TableSets,
    /// The coach of the lesson games with pieces.
    pub coach: Coach,
    lessons: Mutex<HashMap<String, Solver>>,
}

impl std::fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knowledge").finish_non_exhaustive()
    }
}

fn name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

impl Knowledge {
    /// Knowledge from `tables` (and an empty solver cache).
    pub fn new(tables: TableSets) -> Knowledge {
        Knowledge {
            tables,
            coach: Coach::new(),
            lessons: Mutex::new(HashMap::new()),
        }
    }

    /// The tables' verdict (microseconds).
    pub fn from_tables(&self, pos: &AnyPosition) -> Option<Verdict> {
        let AnyPosition::Mini(p) = pos else {
            return None;
        };
        let rules = Rules::of(p.variant())
            .or_else(|| (p.by_role(Role::Pawn) == 0).then_some(Rules::Rescue))?;
        let probe = self.tables.get(rules).probe(p)?;
        let turn = p.turn();
        let (text, kind, winner, n) = match probe.value {
            Value::Draw => ("solved: draw".to_string(), VerdictKind::Draw, None, None),
            Value::Loss(0) => (
                format!("{} is checkmated", name(turn)),
                VerdictKind::Checkmated,
                Some(turn.other()),
                None,
            ),
            Value::Win(_) | Value::Loss(_) => {
                let winner = if probe.value.wdl() == Wdl::Win {
                    turn
                } else {
                    turn.other()
                };
                let moves = probe.value.dtm()?;
                (
                    format!("{} mates in {moves}", name(winner)),
                    VerdictKind::Mate,
                    Some(winner),
                    Some(moves),
                )
            }
        };
        Some(Verdict {
            text,
            kind,
            winner,
            n,
            wdl: probe.value.wdl(),
            best: probe.best,
        })
    }

    /// What is known without solving anything: the tables, the coach's books and kept
    /// tables, or a lesson position its variant's solver has met (skipped when that solver
    /// is busy).
    pub fn known(&self, pos: &AnyPosition) -> Option<Verdict> {
        if let Some(v) = self.from_tables(pos) {
            return Some(v);
        }
        if let Some(p) = coach::lesson_with_pieces(pos) {
            return self.coached(&p, 0);
        }
        let AnyPosition::Mini(p) = pos else {
            return None;
        };
        let lessons = self.lessons.try_lock().ok()?;
        let solver = lessons.get(&p.variant().name())?;
        let value = solver.known(p)?;
        Some(lesson_verdict(
            p,
            value,
            solver.best_move(p).map(|(m, _)| m),
        ))
    }

    /// The exact verdict, solving a lesson position with at most `budget` more positions
    /// (seconds: call from the thinking pool). `None` when neither the tables nor the solver
    /// within the budget can tell.
    pub fn solve(&self, pos: &AnyPosition, budget: u64) -> Option<Verdict> {
        if let Some(v) = self.from_tables(pos) {
            return Some(v);
        }
        if let Some(p) = coach::lesson_with_pieces(pos) {
            return self.coached(&p, budget);
        }
        let AnyPosition::Mini(p) = pos else {
            return None;
        };
        if p.variant().has_check() {
            return None;
        }
        let mut lessons = self.lessons.locked();
        let key = p.variant().name();
        let grown = lessons
            .get(&key)
            .is_some_and(|s| s.stats().positions > CACHE_POSITIONS);
        if grown {
            lessons.remove(&key);
        }
        let solver = lessons.entry(key).or_insert_with(|| Solver::new(0));
        solver.raise_budget(budget);
        match solver.value(p) {
            Ok(value) => Some(lesson_verdict(
                p,
                value,
                solver.best_move(p).map(|(m, _)| m),
            )),
            Err(SolveError::Budget(_) | SolveError::TooManyPieces(_)) => None,
            Err(e) => {
                tracing::error!("lesson solver: {e}");
                None
            }
        }
    }
}

impl Knowledge {
    /// The coach's verdict on a lesson position with pieces (solving a table of at most
    /// `budget` positions when nothing holds it), with a move that keeps the value. In a won
    /// opening position the book knows which moves keep the win but not which make progress:
    /// there no move is named, and the strongest level searches and then checks its move
    /// against the book ([`Knowledge::keeps_value`]).
    fn coached(&self, p: &Position<Mini>, budget: u64) -> Option<Verdict> {
        let (value, source) = self.coach.value(p, budget)?;
        let best = match (source, value) {
            (coach::Source::Book, 1) => None,
            _ => self
                .coach
                .moves(p, budget)
                .and_then(|m| m.first().filter(|&&(_, v)| v == value).map(|&(m, _)| m)),
        };
        let turn = p.turn();
        let (text, kind, winner) = match value {
            0 => ("solved: draw".to_string(), VerdictKind::Draw, None),
            _ => {
                let winner = if value > 0 { turn } else { turn.other() };
                (
                    format!("solved: {} wins", name(winner)),
                    VerdictKind::Win,
                    Some(winner),
                )
            }
        };
        Some(Verdict {
            text,
            kind,
            winner,
            n: None,
            wdl: match value {
                1 => Wdl::Win,
                0 => Wdl::Draw,
                _ => Wdl::Loss,
            },
            best,
        })
    }

    /// Whether playing `m` in `p` keeps `p`'s value as far as the coach knows without solving
    /// (`true` when it cannot tell: a capture out of a book, a game it does not take).
    pub fn keeps_value(&self, p: &AnyPosition, m: Move) -> bool {
        let Some(mini) = coach::lesson_with_pieces(p) else {
            return true;
        };
        let Some((value, _)) = self.coach.known(&mini) else {
            return true;
        };
        let child = AnyPosition::Mini(mini.play_unchecked(m));
        match self.known(&child) {
            Some(v) => {
                let after = match v.wdl {
                    Wdl::Win => -1,
                    Wdl::Draw => 0,
                    Wdl::Loss => 1,
                };
                after >= value
            }
            None => true,
        }
    }
}

/// "solved: White wins in 11 plies", "solved: Black wins by the tie-break", "solved: draw".
fn lesson_verdict(p: &Position<Mini>, value: Value, best: Option<Move>) -> Verdict {
    let (text, kind, winner, plies) = match value {
        Value::Draw => ("solved: draw".to_string(), VerdictKind::Draw, None, None),
        Value::Win(n) | Value::Loss(n) => {
            let winner = if matches!(value, Value::Win(_)) {
                p.turn()
            } else {
                p.turn().other()
            };
            if n == BY_TIE_BREAK {
                (
                    format!("solved: {} wins by the tie-break", name(winner)),
                    VerdictKind::WinByTieBreak,
                    Some(winner),
                    None,
                )
            } else {
                (
                    format!("solved: {} wins in {n} plies", name(winner)),
                    VerdictKind::WinInPlies,
                    Some(winner),
                    Some(u32::from(n)),
                )
            }
        }
    };
    Verdict {
        text,
        kind,
        winner,
        n: plies,
        wdl: value.wdl(),
        best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_chess::Variant;

    fn at(variant: &str, fen: &str) -> AnyPosition {
        AnyPosition::from_fen(Variant::parse(variant).unwrap(), fen).unwrap()
    }

    #[test]
    fn lesson_positions_are_solved_then_known() {
        let k = Knowledge::new(TableSets::empty());
        let p = at("power-pawns", "5/p3p/P4/5/5/5 w - - 0 1");
        assert_eq!(k.known(&p), None, "nothing solved yet");
        let v = k.solve(&p, 1_000).unwrap();
        assert_eq!(v.text, "solved: Black wins in 8 plies");
        assert_eq!(
            (v.kind, v.winner, v.n),
            (VerdictKind::WinInPlies, Some(Color::Black), Some(8))
        );
        assert_eq!(v.wdl, Wdl::Loss);
        assert_eq!(v.best, Some(Move::PASS));
        // now remembered, and so is the position after the pass
        assert_eq!(k.known(&p), Some(v));
        let after = p.play_uci("0000").unwrap();
        assert_eq!(
            k.known(&after).unwrap().text,
            "solved: Black wins in 7 plies"
        );
        // a budget too small says nothing
        let big = at("raging-rooks", "r4/ppp2/5/5/PPP2/R4 w - - 0 1");
        assert_eq!(k.solve(&big, 100), None);
        // checkmate games without tables: nothing
        let q = at("quickchess", "5/5/2R2/5/K3k/5 w - - 0 1");
        assert_eq!(k.solve(&q, 1_000_000), None);
    }

    #[test]
    fn tables_give_the_mate_distance() {
        let mut rescue = tabula_chess::tablebase::Tablebases::new(Rules::Rescue);
        rescue
            .generate("KRvK".parse().unwrap(), &mut |_| {})
            .unwrap();
        let tables = TableSets {
            rescue: std::sync::Arc::new(rescue),
            ..TableSets::empty()
        };
        let k = Knowledge::new(tables);
        let v = k
            .known(&at("quickchess", "5/5/2R2/5/K3k/5 w - - 0 1"))
            .unwrap();
        assert_eq!(v.text, "White mates in 6");
        assert_eq!(
            (v.kind, v.winner, v.n),
            (VerdictKind::Mate, Some(Color::White), Some(6))
        );
        let d = k
            .known(&at("quickchess", "5/5/2r2/5/K3k/5 w - - 0 1"))
            .unwrap();
        assert!(d.text.starts_with("Black mates in"), "{}", d.text);
        assert_eq!(d.wdl, Wdl::Loss);
    }
}
