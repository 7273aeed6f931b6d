//! `tabula engine review`: the computer's review of a QuickChess or chess game, move by move (the
//! evaluation after each move, the engine's choice before it, the marks ?!, ? and ??) and each
//! side's accuracy, on lichess's scale (tabula_chess::engine::review says how).

use crate::cli::output::Answer;
use anyhow::Context as _;
use serde_json::Value;
use std::fmt::Write as _;
use std::time::{Duration, Instant};
use tabula_chess::engine::report::report;
use tabula_chess::engine::review::{Mark, Review, review};
use tabula_chess::engine::{Control, Engine, Limits, Report, Score, Unlimited};
use tabula_chess::pgn::read_pgn;
use tabula_chess::{AnyPosition, Color, Move, Variant};

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

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
        Score::Mate(m) => format!("#{m}"),
    }
}

/// The game to review, as the command line gave it.
pub enum Game<'a> {
    /// `--variant`, `--fen` and `--moves` (UCI, separated by spaces).
    Moves {
        /// The variant.
        variant: Variant,
        /// The start, if not the variant's.
        fen: Option<&'a str>,
        /// The moves.
        moves: String,
    },
    /// `--pgn FILE` and `--game N` (from 1).
    Pgn(&'a std::path::Path, usize),
}

/// The start and the moves of `game`, checked legal.
fn read_game(game: Game) -> anyhow::Result<(AnyPosition, Vec<Move>)> {
    match game {
        Game::Moves {
            variant,
            fen,
            moves,
        } => {
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
            Ok((start, played))
        }
        Game::Pgn(file, n) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("--pgn `{}`", file.display()))?;
            let games = read_pgn(&text).with_context(|| format!("--pgn `{}`", file.display()))?;
            let count = games.len();
            let game = games.into_iter().nth(n - 1).with_context(|| {
                format!("--game {n}: `{}` holds {count} game(s)", file.display())
            })?;
            anyhow::ensure!(
                !game.moves.is_empty(),
                "--pgn `{}`, game {n}: no move to review",
                file.display()
            );
            Ok((game.start, game.moves))
        }
    }
}

/// Reviews `game`, each position searched for `nodes` nodes or `movetime` milliseconds.
pub fn run(game: Game, nodes: Option<u64>, movetime: Option<u64>) -> anyhow::Result<Answer> {
    let (start, played) = read_game(game)?;
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
    let report = report(start, r);
    let mut text = String::new();
    for (m, reviewed) in report.moves.iter().zip(&r.moves) {
        let number = if reviewed.mover == Color::White {
            format!("{}.", m.ply.div_ceil(2))
        } else {
            format!("{}...", m.ply.div_ceil(2))
        };
        let sign = m.class.map_or("", Mark::sign);
        let _ = write!(
            text,
            "{number} {}{sign}  {}",
            m.san,
            score_text(reviewed.eval)
        );
        if let Some(mark) = m.class {
            let best = m.best_line.first().map_or("-", String::as_str);
            let _ = write!(text, "  ({}; best {best})", mark.name());
        }
        text.push('\n');
    }
    for (name, side, acc) in [
        ("White", Color::White, report.accuracy.white),
        ("Black", Color::Black, report.accuracy.black),
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
        json: serde_json::to_value(&report).unwrap_or(Value::Null),
    }
}
