//! `tabula review`: the computer's review of a QuickChess or chess game, move by move (the
//! evaluation after each move, the engine's choice before it, the marks ?!, ? and ??) and each
//! side's accuracy, on lichess's scale (tabula_chess::engine::review says how).

use crate::cli::output::Answer;
use anyhow::Context as _;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::time::{Duration, Instant};
use tabula_chess::engine::review::{Mark, Review, review};
use tabula_chess::engine::{Control, Engine, Limits, Report, Score, Unlimited};
use tabula_chess::{AnyPosition, Color, Variant};

/// Nodes a position when neither `--nodes` nor `--movetime` is given.
pub const DEFAULT_NODES: u64 = 200_000;

/// Stops a search after a time (a search always completes its first iteration).
struct MoveTime(Instant, Duration);

impl Control for MoveTime {
    fn stop(&mut self, _nodes: u64) -> bool {
        self.0.elapsed() >= self.1
    }
    fn enough(&mut self, _report: &Report) -> bool {
        self.0.elapsed() >= self.1 / 2
    }
    fn report(&mut self, _report: &Report) {}
}

/// A score as the review's JSON gives it: `{"cp": 35}` or `{"mate": -3}` (White's side).
fn score_json(s: Score) -> Value {
    match s {
        Score::Cp(c) => json!({ "cp": c }),
        Score::Mate(m) => json!({ "mate": m }),
    }
}

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
        Score::Mate(m) => format!("#{m}"),
    }
}

/// Reviews the game of `moves` (UCI, separated by spaces) from `fen` or the variant's start,
/// each position searched for `nodes` nodes or `movetime` milliseconds.
pub fn run(
    variant: Variant,
    fen: Option<&str>,
    moves: &str,
    nodes: Option<u64>,
    movetime: Option<u64>,
) -> anyhow::Result<Answer> {
    let start = crate::positions::chess::position(variant, fen)?;
    let mut p = start;
    let mut played = Vec::new();
    for (i, text) in moves.split_whitespace().enumerate() {
        if p.outcome().is_some() {
            anyhow::bail!("move {} `{text}`: the game is already over", i + 1);
        }
        let m = p
            .parse_uci(text)
            .with_context(|| format!("move {} `{text}`", i + 1))?;
        played.push(m);
        p = p.play_unchecked(m);
    }
    anyhow::ensure!(!played.is_empty(), "--moves: no move to review");
    let mut engine = Engine::new(64);
    let reviewed = review(&start, &played, |pos, history| match movetime {
        Some(ms) => {
            let mut control = MoveTime(Instant::now(), Duration::from_millis(ms));
            engine.search_any(pos, history, Limits::default(), &mut control)
        }
        None => {
            let limits = Limits {
                depth: None,
                nodes: Some(nodes.unwrap_or(DEFAULT_NODES)),
            };
            engine.search_any(pos, history, limits, &mut Unlimited)
        }
    });
    Ok(answer(&start, &reviewed))
}

fn answer(start: &AnyPosition, r: &Review) -> Answer {
    let mut p = *start;
    let mut moves = Vec::new();
    let mut text = String::new();
    for m in &r.moves {
        let san = p.san(&m.played);
        let best = m.best.map(|b| p.uci(&b));
        let best_san = m.best.map(|b| p.san(&b));
        let line = crate::engine::analyse::san_line(&p, &m.best_line);
        let number = if m.mover == Color::White {
            format!("{}.", m.ply.div_ceil(2))
        } else {
            format!("{}...", m.ply.div_ceil(2))
        };
        let sign = m.mark.map_or("", Mark::sign);
        let _ = write!(text, "{number} {san}{sign}  {}", score_text(m.eval));
        if let Some(mark) = m.mark {
            let _ = write!(
                text,
                "  ({}; best {})",
                mark.name(),
                line.first().map_or("-", String::as_str)
            );
        }
        text.push('\n');
        let mut entry = json!({
            "ply": m.ply, "uci": p.uci(&m.played), "san": san, "eval": score_json(m.eval),
            "best": best, "best_san": best_san, "best_line": line,
            "class": m.mark.map(Mark::name), "accuracy": (m.accuracy * 10.0).round() / 10.0,
        });
        if let Some(end) = m.end {
            entry["end"] = json!(end.result());
        }
        moves.push(entry);
        p = p.play_unchecked(m.played);
    }
    let rounded = |a: Option<f64>| a.map(|a| (a * 10.0).round() / 10.0);
    let [white, black] = r.accuracy;
    let marks = |side| {
        json!({
            "inaccuracy": r.count(side, Mark::Inaccuracy),
            "mistake": r.count(side, Mark::Mistake),
            "blunder": r.count(side, Mark::Blunder),
        })
    };
    for (name, side, acc) in [
        ("White", Color::White, white),
        ("Black", Color::Black, black),
    ] {
        let _ = writeln!(
            text,
            "{name}: accuracy {}, {} inaccuracies, {} mistakes, {} blunders",
            acc.map_or("-".to_string(), |a| format!("{a:.1}")),
            r.count(side, Mark::Inaccuracy),
            r.count(side, Mark::Mistake),
            r.count(side, Mark::Blunder)
        );
    }
    Answer {
        text,
        json: json!({
            "moves": moves,
            "accuracy": {"white": rounded(white), "black": rounded(black)},
            "marks": {"white": marks(Color::White), "black": marks(Color::Black)},
        }),
    }
}
