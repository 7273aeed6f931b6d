//! `tabula exact solve --batch`: JSON queries on standard input, one answer line per query.
//!
//! Solvers are built on first use and their distance tables are cached, so a stream of
//! queries on a deck's tasks is answered by table look-ups. A line that cannot be answered
//! gets an `{"error": ...}` line naming its line number, and the batch goes on; so does a line
//! that is not UTF-8 text. Blank lines are skipped.

use crate::cli::parse::{board as parse_board, task as parse_task};
use crate::puzzles::{checkmates_json, royal_json};
use anyhow::{Context as _, anyhow, bail};
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;
use tabula_puzzles::checkmates::{CheckMatesSolver, Side};
use tabula_puzzles::royal::{Layout, Level, RoyalSolver};

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
    pub fn answer(&mut self, line: &str) -> anyhow::Result<Value> {
        let q: Query = serde_json::from_str(line).context("not a query")?;
        match q.game.as_str() {
            "checkmates" => {
                let side: Side = q
                    .side
                    .as_deref()
                    .context("a checkmates query needs \"side\"")?
                    .parse()?;
                let board = parse_board(side, &q.board)?;
                let task = parse_task(
                    side,
                    q.task
                        .as_deref()
                        .context("a checkmates query needs \"task\"")?,
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
                .context("a royal query needs \"level\": 1, 2 or 3")?;
                let layout = |what: &str, text: &str| {
                    Layout::parse(text).with_context(|| format!("{what} `{text}`"))
                };
                let board = layout("board", &q.board)?;
                let card = layout(
                    "card",
                    q.card.as_deref().context("a royal query needs \"card\"")?,
                )?;
                let card2 = q.card2.as_deref().map(|c| layout("card2", c)).transpose()?;
                let plan = self.royal().solve(level, &board, &card, card2.as_ref());
                Ok(royal_json(plan.as_ref(), card2.is_some()))
            }
            other => bail!("unknown game `{other}`: expected \"checkmates\" or \"royal\""),
        }
    }
}

/// Answers every line of `input` on `out`, in order; returns when the input ends or the reader
/// of `out` goes away. Only an unreadable input is an error.
pub fn answer_all(input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
    let mut solvers = Solvers::default();
    for (number, bytes) in input.split(b'\n').enumerate() {
        let bytes = bytes?;
        let answer = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => solvers.answer(line),
            Err(e) => Err(anyhow!(
                "not UTF-8 text (byte {} is not valid here)",
                e.valid_up_to() + 1
            )),
        }
        .unwrap_or_else(|e| json!({ "error": format!("line {}: {e:#}", number + 1) }));
        if writeln!(out, "{answer}").is_err() {
            return Ok(()); // the reader went away (e.g. `| head`)
        }
    }
    let _ = out.flush();
    Ok(())
}

/// Runs the batch on standard input and output.
pub fn run() -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match answer_all(std::io::stdin().lock(), &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::cli::output::fail(anyhow!(e).context("cannot read standard input")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        answer_all(input, &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn a_line_that_is_not_utf8_gets_an_error_and_the_batch_goes_on() {
        let good = br#"{"game":"royal","level":1,"board":"K.N/.Q./R.B","card":"K.N/.Q./R.B"}"#;
        let mut input = Vec::new();
        input.extend_from_slice(good);
        input.extend_from_slice(b"\n{\"game\":\"ro\xffal\"}\n\n");
        input.extend_from_slice(good);
        let answers = lines(&input);
        assert_eq!(answers.len(), 3, "{answers:?}");
        assert_eq!(answers[0]["moves"], 0);
        assert_eq!(
            answers[1]["error"],
            "line 2: not UTF-8 text (byte 12 is not valid here)"
        );
        // the blank line 3 is skipped, and line 4 is still answered
        assert_eq!(answers[2]["moves"], 0);
    }

    #[test]
    fn errors_name_the_line_and_the_field() {
        let answers = lines(
            b"{\"game\":\"royal\",\"level\":1,\"board\":\"K.N/.Q./RB.\",\"card\":\"K.N/.Q./R.B\"}\n\
              {\"game\":\"checkmates\",\"board\":\"bgr/.j./rbg\"}\n\
              {\"game\":\"go\",\"board\":\"\"}\n",
        );
        let error = |i: usize| answers[i]["error"].as_str().unwrap().to_string();
        assert!(
            error(0).starts_with("line 1: board `K.N/.Q./RB.`: "),
            "{}",
            error(0)
        );
        assert_eq!(error(1), "line 2: a checkmates query needs \"side\"");
        assert!(
            error(2).starts_with("line 3: unknown game `go`"),
            "{}",
            error(2)
        );
    }
}
