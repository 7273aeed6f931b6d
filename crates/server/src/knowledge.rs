//! What the server knows exactly about QuickChess positions: the endgame tables built by
//! `tabula tb generate` (full QuickChess, up to four or five pieces) and the lesson-game
//! solver (Power Pawns and Pawn Blasters whole; games with pieces once few pawns are left).
//!
//! Table probes take microseconds and may run anywhere. Solving a lesson position may take
//! seconds: [`Knowledge::solve`] runs only in the thinking pool, with a budget of positions,
//! and remembers what it solved (one solver per variant, emptied when it grows past a cap), so
//! the next position of the same game is usually known at once ([`Knowledge::known`]).

use crate::tablebases::TableSets;
use std::collections::HashMap;
use std::sync::Mutex;
use tabula_chess::solve::{BY_TIE_BREAK, SolveError, Solver};
use tabula_chess::tablebase::{Rules, Value, Wdl};
use tabula_chess::{AnyPosition, Color, Mini, Move, Position, Role};

/// Positions a variant's solver may remember before it is emptied (about 40 MB a million).
const CACHE_POSITIONS: u64 = 8_000_000;

/// An exact verdict on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// For people: "White mates in 6", "solved: White wins in 11 plies", "solved: draw".
    pub text: String,
    /// Win, draw or loss for the side to move.
    pub wdl: Wdl,
    /// A move that keeps the value (none when the game is over).
    pub best: Option<Move>,
}

/// The tables and the lesson solvers.
pub struct Knowledge {
    /// The endgame tables.
    pub tables: TableSets,
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
        let text = match probe.value {
            Value::Draw => "solved: draw".to_string(),
            Value::Loss(0) => format!("{} is checkmated", name(turn)),
            Value::Win(_) => format!("{} mates in {}", name(turn), probe.value.dtm()?),
            Value::Loss(_) => format!("{} mates in {}", name(turn.other()), probe.value.dtm()?),
        };
        Some(Verdict {
            text,
            wdl: probe.value.wdl(),
            best: probe.best,
        })
    }

    /// What is known without solving anything: the tables, or a lesson position its
    /// variant's solver has met (skipped when that solver is busy).
    pub fn known(&self, pos: &AnyPosition) -> Option<Verdict> {
        if let Some(v) = self.from_tables(pos) {
            return Some(v);
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
        let AnyPosition::Mini(p) = pos else {
            return None;
        };
        if p.variant().has_check() {
            return None;
        }
        let mut lessons = self.lessons.lock().unwrap_or_else(|e| e.into_inner());
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

/// "solved: White wins in 11 plies", "solved: Black wins by the tie-break", "solved: draw".
fn lesson_verdict(p: &Position<Mini>, value: Value, best: Option<Move>) -> Verdict {
    let text = match value {
        Value::Draw => "solved: draw".to_string(),
        Value::Win(n) | Value::Loss(n) => {
            let winner = if matches!(value, Value::Win(_)) {
                p.turn()
            } else {
                p.turn().other()
            };
            if n == BY_TIE_BREAK {
                format!("solved: {} wins by the tie-break", name(winner))
            } else {
                format!("solved: {} wins in {n} plies", name(winner))
            }
        }
    };
    Verdict {
        text,
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
        let d = k
            .known(&at("quickchess", "5/5/2r2/5/K3k/5 w - - 0 1"))
            .unwrap();
        assert!(d.text.starts_with("Black mates in"), "{}", d.text);
        assert_eq!(d.wdl, Wdl::Loss);
    }
}
