//! `tabula solve --batch`: JSON queries on standard input, one answer line per query.
//!
//! Solvers are built on first use and their distance tables are cached, so a stream of
//! queries on a deck's tasks is answered by table look-ups. A line that cannot be answered
//! gets an `{"error": ...}` line and the batch goes on. Blank lines are skipped.

use crate::puzzles::{
    checkmates_json, parse_board, parse_layout, parse_side, parse_task, royal_json,
};
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;
use tabula_puzzles::checkmates::{CheckMatesSolver, Side};
use tabula_puzzles::royal::{Level, RoyalSolver};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Query {
    game: String,
    side: Option<String>,
    board: String,
    task: Option<String>,
    level: Option<Value>,
    card: Option<String>,
    card2: Option<String>,
}

/// Lazily built solvers shared by every query of the batch.
#[derive(Default)]
pub struct Solvers {
    sliding: Option<CheckMatesSolver>,
    chess: Option<CheckMatesSolver>,
    royal: Option<RoyalSolver>,
}

impl Solvers {
    fn checkmates(&mut self, side: Side) -> &CheckMatesSolver {
        let slot = match side {
            Side::Sliding => &mut self.sliding,
            Side::Chess => &mut self.chess,
        };
        slot.get_or_insert_with(|| CheckMatesSolver::new(side))
    }

    fn royal(&mut self) -> &RoyalSolver {
        self.royal.get_or_insert_with(RoyalSolver::new)
    }

    /// Answers one query line.
    pub fn answer(&mut self, line: &str) -> Result<Value, String> {
        let q: Query = serde_json::from_str(line).map_err(|e| format!("not a query: {e}"))?;
        match q.game.as_str() {
            "checkmates" => {
                let side = parse_side(
                    q.side
                        .as_deref()
                        .ok_or("a checkmates query needs \"side\"")?,
                )?;
                let board = parse_board(side, &q.board)?;
                let task = parse_task(
                    side,
                    q.task
                        .as_deref()
                        .ok_or("a checkmates query needs \"task\"")?,
                )?;
                let solver = self.checkmates(side);
                Ok(checkmates_json(solver.solve(&board, &task).as_ref()))
            }
            "royal" => {
                let level = match &q.level {
                    Some(Value::Number(n)) => n.as_u64().and_then(Level::from_number),
                    Some(Value::String(s)) => s.parse().ok(),
                    _ => None,
                }
                .ok_or("a royal query needs \"level\": 1, 2 or 3")?;
                let board = parse_layout("board", &q.board)?;
                let card = parse_layout(
                    "card",
                    q.card.as_deref().ok_or("a royal query needs \"card\"")?,
                )?;
                let card2 = q
                    .card2
                    .as_deref()
                    .map(|c| parse_layout("card2", c))
                    .transpose()?;
                let plan = self.royal().solve(level, &board, &card, card2.as_ref());
                Ok(royal_json(plan.as_ref(), card2.is_some()))
            }
            other => Err(format!(
                "unknown game `{other}`: expected \"checkmates\" or \"royal\""
            )),
        }
    }
}

/// Runs the batch on standard input and output.
pub fn run() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut solvers = Solvers::default();
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot read standard input: {e}");
                return ExitCode::from(2);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let answer = solvers
            .answer(&line)
            .unwrap_or_else(|e| json!({ "error": format!("line {}: {e}", number + 1) }));
        if writeln!(out, "{answer}").is_err() {
            return ExitCode::SUCCESS; // the reader went away (e.g. `| head`)
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}
