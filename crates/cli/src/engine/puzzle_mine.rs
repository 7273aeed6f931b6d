//! `tabula engine puzzles mine`: puzzles from games, into a puzzle file, checkpointed.
//!
//! The games are the engine's own at weaker levels (so that they have mistakes), each from
//! one of our balanced openings and a seed, or the games of a PGN file. Each game is mined
//! on its own ([`tabula_chess::puzzle::Miner`], [`tabula_querni::puzzle`]); its puzzles are
//! appended to the output and then its number to `OUT.done`, so a stopped run started again
//! with `--resume` skips the games already done and loses at most the games in progress
//! (their puzzles, if already written, are not written twice: ids are checked).

use super::matchplay::balanced_openings;
use crate::cli::parse::ArgError;
use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tabula_chess::engine::{Engine, Limits, Unlimited, level_settings};
use tabula_chess::puzzle::{Miner, MinerSettings, Puzzle};
use tabula_chess::{AnyPosition, Move, Variant};
use tabula_core::rng::{Rng, mix, seeded};

/// Which game's puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PuzzleGame {
    /// Full QuickChess (5x6).
    Quickchess,
    /// Querni.
    Querni,
}

/// `tabula engine puzzles mine`.
#[derive(Args, Debug)]
pub struct MineArgs {
    /// Which game.
    #[arg(long, value_enum, default_value_t = PuzzleGame::Quickchess)]
    pub variant: PuzzleGame,
    /// How many engine games to play and mine (numbered from 0; ignored with --pgn).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The seed of the engine games: the same seed gives the same games and puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Mine the games of this PGN file instead of engine games (QuickChess only).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// The puzzle file to append to (created if missing).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Go on from where a stopped run left off (the games listed in OUT.done are skipped).
    #[arg(long)]
    pub resume: bool,
    /// Games mined at once (each on its own thread with its own engine).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jobs: u64,
    /// Nodes for each turn's best move (default 250,000; the other budgets follow).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1_000..))]
    pub solve_nodes: Option<u64>,
    /// The engine games' levels, `LOW-HIGH` (each game draws one; one side may play a level
    /// up). Weaker games cost far fewer nodes to play and err more often: most of a run's
    /// time goes to playing the games at the higher levels, not to mining them.
    #[arg(long, default_value = "3-6", value_parser = parse_levels)]
    pub levels: Levels,
}

/// The engine games' levels: the lowest and highest drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    /// The weakest level drawn.
    pub low: u8,
    /// The strongest level drawn.
    pub high: u8,
}

/// Reads `LOW-HIGH` (or one level), each from 1 to the engine's top level.
fn parse_levels(text: &str) -> Result<Levels, ArgError> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let max = tabula_chess::engine::LEVELS;
    let level = |t: &str| -> Result<u8, ArgError> {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|l| (1..=max).contains(l))
            .ok_or_else(|| ArgError::RangeLevel {
                text: t.to_string(),
                max,
            })
    };
    let (low, high) = (level(a)?, level(b)?);
    if low > high {
        return Err(ArgError::LevelsBackwards { low, high });
    }
    Ok(Levels { low, high })
}

/// The miner's settings for `--solve-nodes` (the sweep and the screen scaled alike).
pub fn settings(solve_nodes: Option<u64>) -> MinerSettings {
    let d = MinerSettings::default();
    match solve_nodes {
        None => d,
        Some(n) => MinerSettings {
            solve_nodes: n,
            sweep_nodes: (d.sweep_nodes * n / d.solve_nodes).max(200),
            screen_nodes: (d.screen_nodes * n / d.solve_nodes).max(500),
            ..d
        },
    }
}

/// Where the finished games' numbers are kept.
fn done_path(out: &Path) -> PathBuf {
    let mut p = out.as_os_str().to_owned();
    p.push(".done");
    PathBuf::from(p)
}

/// What a run shares between its threads.
struct Shared {
    out: Mutex<(File, File, HashSet<String>, u64)>,
    next: AtomicU64,
    total: u64,
    skip: HashSet<u64>,
    started: Instant,
}

impl Shared {
    /// Writes a game's new puzzles, then marks the game done.
    fn record(&self, game: u64, puzzles: Vec<String>, ids: Vec<String>) -> anyhow::Result<()> {
        let mut g = self
            .out
            .lock()
            .map_err(|_| anyhow::anyhow!("a mining thread failed"))?;
        let (out, done, seen, count) = &mut *g;
        let mut new = 0;
        for (line, id) in puzzles.iter().zip(ids) {
            if seen.insert(id) {
                writeln!(out, "{line}")?;
                new += 1;
            }
        }
        out.flush()?;
        writeln!(done, "{game}")?;
        done.flush()?;
        *count += new;
        let finished = self.next.load(Ordering::Relaxed).min(self.total);
        let secs = self.started.elapsed().as_secs_f64();
        let rate = finished as f64 / secs.max(1e-3);
        let left = (self.total - finished.min(self.total)) as f64 / rate.max(1e-9);
        eprintln!(
            "game {game}: {new} new puzzles, {count} in all; {:.1} games/min, about {:.0} min left",
            rate * 60.0,
            left / 60.0
        );
        Ok(())
    }
}

/// Runs `tabula engine puzzles mine`.
pub fn run(args: &MineArgs) -> anyhow::Result<()> {
    let done_file = done_path(&args.out);
    let mut seen = HashSet::new();
    let mut skip = HashSet::new();
    if args.resume {
        if let Ok(text) = std::fs::read_to_string(&args.out) {
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                seen.insert(line.split('\t').next().unwrap_or_default().to_string());
            }
        }
        if let Ok(text) = std::fs::read_to_string(&done_file) {
            skip = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
        }
    } else if args.out.exists() && std::fs::metadata(&args.out)?.len() > 0 {
        bail!(
            "{} exists: pass --resume to go on with it, or choose another --out",
            args.out.display()
        );
    }
    let open = |p: &Path| {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .with_context(|| format!("opening {}", p.display()))
    };
    let out = open(&args.out)?;
    let done = open(&done_file)?;
    match args.variant {
        PuzzleGame::Quickchess => mine_quickchess(args, out, done, seen, skip),
        PuzzleGame::Querni if args.pgn.is_some() => {
            bail!("--pgn reads QuickChess games; Querni puzzles come from computer games")
        }
        PuzzleGame::Querni => super::querni_mine::run(args.games, args.seed, out, done, seen, skip),
    }
}

fn mine_quickchess(
    args: &MineArgs,
    out: File,
    done: File,
    seen: HashSet<String>,
    skip: HashSet<u64>,
) -> anyhow::Result<()> {
    let variant = Variant::parse("quickchess")?;
    let games: Vec<(AnyPosition, Vec<Move>)> = match &args.pgn {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let games = tabula_chess::pgn::read_pgn(&text)?;
            games
                .into_iter()
                .filter(|g| g.variant == variant)
                .map(|g| (g.start, g.moves))
                .collect()
        }
        None => Vec::new(),
    };
    let total = if args.pgn.is_some() {
        games.len() as u64
    } else {
        args.games
    };
    let openings = if args.pgn.is_some() {
        Vec::new()
    } else {
        balanced_openings(variant, 500)
    };
    let shared = Shared {
        out: Mutex::new((out, done, seen, 0)),
        next: AtomicU64::new(0),
        total,
        skip,
        started: Instant::now(),
    };
    let settings = settings(args.solve_nodes);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..args.jobs)
            .map(|_| {
                let (shared, games, openings) = (&shared, &games, &openings);
                scope.spawn(move || -> anyhow::Result<()> {
                    let mut miner = Miner::new(variant, settings);
                    loop {
                        let g = shared.next.fetch_add(1, Ordering::Relaxed);
                        if g >= shared.total {
                            eprintln!("miner funnel: {:?}", miner.stats);
                            return Ok(());
                        }
                        if shared.skip.contains(&g) {
                            continue;
                        }
                        let (start, moves) = match games.get(g as usize) {
                            Some(game) => game.clone(),
                            None => {
                                engine_game(variant, openings, args.levels, mix(&[args.seed, g]))
                            }
                        };
                        let found = miner.mine_game(&start, &moves);
                        let ids = found.iter().map(|p| p.id.clone()).collect();
                        let lines = found.iter().map(Puzzle::to_string).collect();
                        shared.record(g, lines, ids)?;
                    }
                })
            })
            .collect();
        for w in workers {
            w.join()
                .map_err(|_| anyhow::anyhow!("a mining thread panicked"))??;
        }
        Ok(())
    })
}

/// An engine game with mistakes in it: a balanced opening and up to two random moves, then
/// two engines of one level of `levels`, or one of them a level up (seeded), to the end or
/// 160 plies or a threefold repetition.
pub fn engine_game(
    variant: Variant,
    openings: &[super::matchplay::Opening],
    levels: Levels,
    seed: u64,
) -> (AnyPosition, Vec<Move>) {
    let mut rng = seeded(seed);
    let start = AnyPosition::start(variant);
    let mut p = start;
    let mut moves = Vec::new();
    if !openings.is_empty() {
        let o = &openings[rng.random_range(0..openings.len())];
        for u in &o.moves {
            let Ok(m) = p.parse_uci(u) else { break };
            moves.push(m);
            p = p.play_unchecked(m);
        }
    }
    for _ in 0..rng.random_range(0..=2) {
        let legal = p.legal_moves();
        if legal.is_empty() || p.outcome().is_some() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        moves.push(m);
        p = p.play_unchecked(m);
    }
    // both sides at one level, or one apart: a game that stays close until someone errs
    // gives far more puzzles than one decided in the opening
    let level: u8 = rng.random_range(levels.low..=levels.high);
    let mut engines: Vec<(Engine, u64)> = (0..2u64)
        .map(|side| {
            let (skill, nodes) =
                level_settings(level + u8::from(side == 1 && rng.random_bool(0.5)));
            let mut e = Engine::new(8);
            e.skill = skill;
            e.seed = mix(&[seed, side]);
            (e, nodes)
        })
        .collect();
    let mut history: Vec<u64> = Vec::new();
    let mut seen = std::collections::HashMap::<u64, u32>::new();
    while moves.len() < 160 && p.outcome().is_none() {
        let count = seen.entry(p.hash()).or_insert(0);
        *count += 1;
        if *count >= 3 {
            break;
        }
        let (engine, nodes) = &mut engines[p.turn().index()];
        let limits = Limits {
            depth: None,
            nodes: Some(*nodes),
        };
        let Some(m) = engine.search_any(&p, &history, limits, &mut Unlimited).best else {
            break;
        };
        history.push(p.hash());
        moves.push(m);
        p = p.play_unchecked(m);
    }
    (start, moves)
}

#[cfg(test)]
mod tests {
    use super::{ArgError, Levels, parse_levels};

    #[test]
    fn levels_read_as_a_range_or_one_level_and_bad_ones_are_named() {
        assert_eq!(parse_levels("3-6"), Ok(Levels { low: 3, high: 6 }));
        assert_eq!(parse_levels("5"), Ok(Levels { low: 5, high: 5 }));
        assert!(
            parse_levels("6-3")
                .unwrap_err()
                .to_string()
                .contains("backwards")
        );
        assert!(
            parse_levels("0-4")
                .unwrap_err()
                .to_string()
                .contains("'0' is not a level")
        );
        assert!(
            parse_levels("2-x")
                .unwrap_err()
                .to_string()
                .contains("'x' is not a level")
        );
        assert!(parse_levels("1-9").unwrap_err().to_string().contains("'9'"));
        // the errors are typed: what was wrong, not only its words
        assert_eq!(
            parse_levels("6-3"),
            Err(ArgError::LevelsBackwards { low: 6, high: 3 })
        );
    }
}
