//! `tabula engine match`: engine-against-engine games over UCI, judged by Tabula's rules engine.
//!
//! Each opening is played twice, the engines changing colours. Games are adjudicated only by
//! the rules (mate, stalemate, repetition, the fifty-move rule, insufficient material, a
//! lesson game's own endings), by an illegal move, a crash or a lost clock (a loss for that
//! engine), or after `--max-plies` plies (a draw). The last line is one JSON object from
//! engine 1's point of view.

mod engine;
mod game;
mod openings;
mod stats;
mod time_control;

pub use openings::{Opening, balanced_openings, read_openings};
pub use stats::Tally;
pub use time_control::TimeControl;

use crate::cli::parse;
use anyhow::{Context as _, anyhow, bail};
use engine::Uci;
use game::{Played, play_game};
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use tabula_chess::Variant;

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Command lines of the two engines.
    pub commands: [String; 2],
    /// UCI options for each engine (`UCI_Variant` is added unless given).
    pub options: [Vec<(String, String)>; 2],
    /// The variant both play.
    pub variant: Variant,
    /// Number of games.
    pub games: usize,
    /// Each engine's time control, engine 1's first (both of one kind).
    pub tc: [TimeControl; 2],
    /// Openings (each played with both colours).
    pub openings: Vec<Opening>,
    /// Games at the same time (each with its own two engine processes).
    pub concurrency: usize,
    /// Plies after which a game is drawn by adjudication.
    pub max_plies: usize,
    /// Tolerance on the clock, in milliseconds.
    pub margin: u64,
}
/// Runs the match; `progress` receives a line per finished game.
pub fn run_match(
    spec: &MatchSpec,
    pgn_path: Option<&std::path::Path>,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Tally> {
    if spec.games == 0 {
        bail!("--games must be at least 1");
    }
    let mut pgn_file = match pgn_path {
        Some(p) => {
            Some(std::fs::File::create(p).with_context(|| format!("--pgn `{}`", p.display()))?)
        }
        None => None,
    };
    let next = Arc::new(Mutex::new(0usize));
    let (tx, rx) = channel::<anyhow::Result<Played>>();
    let names: Arc<Mutex<[String; 2]>> = Arc::new(Mutex::new([String::new(), String::new()]));
    let threads = spec.concurrency.clamp(1, 16).min(spec.games);
    let mut handles = Vec::new();
    for _ in 0..threads {
        let spec = spec.clone();
        let next = Arc::clone(&next);
        let tx = tx.clone();
        let names = Arc::clone(&names);
        handles.push(std::thread::spawn(move || {
            let started = (|| -> anyhow::Result<[Uci; 2]> {
                let a = Uci::start(&spec.commands[0], &spec.options[0])?;
                let b = Uci::start(&spec.commands[1], &spec.options[1])?;
                Ok([a, b])
            })();
            let mut engines = match started {
                Ok(e) => e,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            };
            let mut own = [engines[0].name.clone(), engines[1].name.clone()];
            if own[0] == own[1] {
                own[0].push_str(" (1)");
                own[1].push_str(" (2)");
            }
            if let Ok(mut n) = names.lock() {
                *n = own.clone();
            }
            loop {
                let index = {
                    let Ok(mut n) = next.lock() else { return };
                    let i = *n;
                    *n += 1;
                    i
                };
                if index >= spec.games {
                    return;
                }
                let r = play_game(&spec, &mut engines, index, &own);
                let failed = r.is_err();
                let _ = tx.send(r);
                if failed {
                    return;
                }
                // a crashed engine is restarted for the next game
                for (i, e) in engines.iter_mut().enumerate() {
                    if e.ready().is_err() {
                        match Uci::start(&spec.commands[i], &spec.options[i]) {
                            Ok(fresh) => *e = fresh,
                            Err(err) => {
                                let _ = tx.send(Err(err));
                                return;
                            }
                        }
                    }
                }
            }
        }));
    }
    drop(tx);
    let mut tally = Tally::default();
    let mut results: Vec<Played> = Vec::new();
    let mut error = None;
    for r in rx {
        match r {
            Ok(g) => {
                let first_score = if g.first_white {
                    g.white_score
                } else {
                    1.0 - g.white_score
                };
                tally.add(first_score);
                progress(&format!(
                    "game {:>3}: engine 1 {} {} ({}) | +{} -{} ={} after {}",
                    g.index + 1,
                    if g.first_white { "white" } else { "black" },
                    g.result,
                    g.reason,
                    tally.wins,
                    tally.losses,
                    tally.draws,
                    tally.games()
                ));
                results.push(g);
            }
            Err(e) => {
                error = Some(e);
            }
        }
    }
    for h in handles {
        let _ = h.join();
    }
    if let Some(f) = pgn_file.as_mut() {
        results.sort_by_key(|g| g.index);
        for g in &results {
            f.write_all(g.pgn.as_bytes())
                .context("--pgn: cannot write")?;
        }
    }
    if tally.games() == 0 {
        return Err(error.unwrap_or_else(|| anyhow!("no game was played")));
    }
    if let Some(e) = error {
        progress(&format!("stopped early: {e:#}"));
    }
    Ok(tally)
}

/// The options sent to an engine: those given, and `UCI_Variant` first unless given.
pub fn with_variant(given: &[(String, String)], variant: Variant) -> Vec<(String, String)> {
    let mut out = given.to_vec();
    if !out
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("UCI_Variant"))
    {
        out.insert(0, ("UCI_Variant".into(), variant.name()));
    }
    out
}

/// The command line of `tabula engine match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Engine 1's command line (e.g. `target/release/tabula uci`).
    #[arg(long)]
    engine1: String,
    /// Engine 2's command line (e.g. `/usr/games/fairy-stockfish`).
    #[arg(long)]
    engine2: String,
    /// The variant both play (sent as UCI_Variant unless an option overrides it).
    #[arg(long, default_value = "quickchess-fsf", value_parser = parse::variant)]
    variant: Variant,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value = "2", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Milliseconds per move (`100`), or seconds BASE+INC (`10+0.1`).
    #[arg(long, default_value = "100", value_parser = time_control::parse)]
    tc: TimeControl,
    /// Engine 1's own time control, in place of `--tc` (the same kind as engine 2's).
    #[arg(long, value_parser = time_control::parse)]
    tc1: Option<TimeControl>,
    /// Engine 2's own time control, in place of `--tc` (e.g. `--tc 100 --tc2 400`: four
    /// times engine 1's time).
    #[arg(long, value_parser = time_control::parse)]
    tc2: Option<TimeControl>,
    /// Openings file: one per line, a FEN (optionally `... moves ...`) or UCI moves.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Write every game here as PGN.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// A UCI option for engine 1, NAME=VALUE (repeatable).
    #[arg(long, value_parser = parse::uci_option)]
    option1: Vec<(String, String)>,
    /// A UCI option for engine 2, NAME=VALUE (repeatable).
    #[arg(long, value_parser = parse::uci_option)]
    option2: Vec<(String, String)>,
    /// Games played at the same time (each with its own engine processes).
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u32).range(1..=16))]
    concurrency: u32,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value = "400", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_plies: u32,
}

fn spec_of(a: &MatchArgs) -> anyhow::Result<MatchSpec> {
    let variant = a.variant;
    if variant.family == tabula_chess::Family::Blind {
        bail!(
            "--variant blind: engines cannot play the hidden placements; give a FEN after them in --openings and use quickchess"
        );
    }
    let games = a.games as usize;
    let openings = match &a.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--openings `{}`", path.display()))?;
            read_openings(variant, &text)?
        }
        None => balanced_openings(variant, games.div_ceil(2).min(500)),
    };
    if openings.is_empty() {
        bail!("no balanced opening was found for this variant");
    }
    let tc = [a.tc1.unwrap_or(a.tc), a.tc2.unwrap_or(a.tc)];
    if matches!(
        tc,
        [TimeControl::MoveTime(_), TimeControl::Clock { .. }]
            | [TimeControl::Clock { .. }, TimeControl::MoveTime(_)]
    ) {
        bail!("--tc1 and --tc2 must both be times per move or both clocks, not one of each");
    }
    Ok(MatchSpec {
        commands: [a.engine1.clone(), a.engine2.clone()],
        options: [
            with_variant(&a.option1, variant),
            with_variant(&a.option2, variant),
        ],
        variant,
        games,
        tc,
        openings,
        concurrency: a.concurrency as usize,
        max_plies: a.max_plies as usize,
        margin: 50,
    })
}

/// `tabula engine match`: prints a line per game, a summary, and the JSON line.
pub fn command(a: MatchArgs) -> std::process::ExitCode {
    crate::cli::output::exit(run_command(&a))
}

fn run_command(a: &MatchArgs) -> anyhow::Result<()> {
    let spec = spec_of(a)?;
    println!(
        "{} games of {}, {} openings, engine 1 `{}` ({}) against engine 2 `{}` ({})",
        spec.games,
        spec.variant,
        spec.openings.len(),
        spec.commands[0],
        spec.tc[0],
        spec.commands[1],
        spec.tc[1]
    );
    let mut progress = |line: &str| println!("{line}");
    let tally = run_match(&spec, a.pgn.as_deref(), &mut progress)?;
    println!(
        "engine 1 scored {:.1}% ({:+.1} Elo +- {:.1})",
        tally.score() * 100.0,
        tally.elo(),
        tally.elo_error()
    );
    println!("{}", tally.json());
    Ok(())
}
