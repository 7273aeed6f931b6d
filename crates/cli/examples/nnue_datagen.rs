//! Self-play positions for training the QuickChess evaluation network.
//!
//! `cargo run --release -p tabula --example nnue_datagen -- --games 1000 --seed 1 --out nnue-data/s1.bin`
//!
//! Plays games of `quickchess-fsf` (or `--variant`) of our engine against itself from our
//! balanced openings, each followed by up to `--random-plies` random moves so that games
//! spread over more positions than the engine's own choices reach. A game whose first searched
//! score is beyond `--balanced` centipawns is dropped (random moves can lose a piece outright;
//! such a game teaches little). Every move is a search of `--nodes` positions, so a run is fully
//! deterministic given its seed; a found mate ends the game with its result (the search does
//! not miss a mate it has announced), as do the rules (mate, stalemate, the fifty-move rule,
//! insufficient material) and a threefold repetition.
//!
//! Each searched position that is quiet ([`is_quiet`]: not in check, no capture or promotion
//! winning material by static exchange) and whose best move is not a capture or promotion is
//! written with the search's score (centipawns for the side to move; mate scores are not
//! written) and the game's result, as a record of `tabula::engine::nnue_data`. Records of a game are
//! written when it ends, so an interrupted run leaves whole games only.
//!
//! `--eval net` plays with the embedded network instead of the hand-written evaluation (for
//! later generations of data), `--net FILE` with a network file (a generation made by a
//! network not yet built in). Beside the data it writes `OUT.made-by`: the record of the
//! network it played with and this command, which the trainer copies into the network it makes
//! (`tabula::engine::network_file`). The records go to `OUT.part`, renamed to `OUT` when the
//! last game is written. A developer's tool: errors stop it with a message.

use anyhow::Context as _;
use clap::Parser;
use std::io::Write;
use std::time::Instant;
use tabula::engine::matchplay::balanced_openings;
use tabula::engine::network_file;
use tabula::engine::nnue_data::{Wdl, encode};
use tabula_chess::engine::{Engine, Limits, Score, Unlimited, is_quiet};
use tabula_chess::{AnyPosition, Color, Mini, Position, Variant};
use tabula_core::rng::{Rng, mix, seeded};

#[derive(Parser)]
struct Args {
    /// Games to play.
    #[arg(long)]
    games: u64,
    /// Seed: game `g` of seed `s` is the same game on every run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Positions searched per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random moves after the opening: between 0 and this many, chosen per game.
    #[arg(long, default_value_t = 6)]
    random_plies: u32,
    /// Drop a game whose first searched score is beyond this many centipawns.
    #[arg(long, default_value_t = 400)]
    balanced: i32,
    /// How many balanced openings the games start from (each a depth-6 search to judge).
    #[arg(long, default_value_t = 500)]
    openings: usize,
    /// The variant (a 5x6 QuickChess game).
    #[arg(long, default_value = "quickchess-fsf")]
    variant: String,
    /// The evaluation the engine plays with: `hand` or `net` (the embedded network).
    #[arg(long, default_value = "hand", value_parser = ["hand", "net"])]
    eval: String,
    /// Play with this network file instead (implies `--eval net`).
    #[arg(long)]
    net: Option<std::path::PathBuf>,
    /// The file to write (replaced).
    #[arg(long)]
    out: std::path::PathBuf,
}

/// One game's records, and whether it was kept.
struct Game {
    records: Vec<(Position<Mini>, i16, u32)>,
    winner: Option<Color>,
    kept: bool,
}

fn play(
    engine: &mut Engine,
    start: Position<Mini>,
    rng: &mut impl Rng,
    args: &Args,
) -> anyhow::Result<Game> {
    let limits = Limits {
        depth: None,
        nodes: Some(args.nodes),
    };
    let mut pos = start;
    let mut history: Vec<u64> = Vec::new();
    let mut game = Game {
        records: Vec::new(),
        winner: None,
        kept: true,
    };
    let random = rng.random_range(0..=args.random_plies);
    for _ in 0..random {
        let moves = pos.legal_moves();
        if moves.0.is_empty() || pos.outcome().is_some() {
            game.kept = false;
            return Ok(game);
        }
        history.push(pos.hash());
        pos = pos.play_unchecked(moves.0[rng.random_range(0..moves.0.len())]);
    }
    engine.new_game();
    for ply in 0..400u32 {
        if let Some(o) = pos.outcome() {
            game.winner = o.winner();
            return Ok(game);
        }
        if history.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
            return Ok(game); // threefold repetition: drawn
        }
        let r = engine.search(&pos, &history, limits, &mut Unlimited);
        let best = r.best.context("a position with moves has a best move")?;
        let cp = match r.report.score {
            Score::Cp(cp) => cp,
            Score::Mate(n) => {
                game.winner = Some(if n > 0 { pos.turn() } else { !pos.turn() });
                return Ok(game);
            }
        };
        if ply == 0 && cp.abs() > args.balanced {
            game.kept = false;
            return Ok(game);
        }
        if !best.is_tactical() && is_quiet(&pos) {
            let score = cp.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
            game.records.push((pos, score, ply));
        }
        history.push(pos.hash());
        pos = pos.play_unchecked(best);
    }
    Ok(game) // too long: drawn
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let variant = Variant::parse(&args.variant)?;
    anyhow::ensure!(!variant.is_8x8(), "the network is for the 5x6 games");
    let mut engine = Engine::new(4);
    engine.use_net = args.eval == "net" || args.net.is_some();
    // the record: what made the network it plays with, then this command
    let network_record = match &args.net {
        Some(path) => {
            let net = network_file::read(path).map_err(anyhow::Error::msg)?;
            let made_by = net.made_by.clone();
            engine.set_network(Some(net));
            made_by
        }
        None if engine.use_net => engine
            .network()
            .map_or(String::new(), |n| n.made_by.clone()),
        None => String::new(),
    };
    let record = network_file::merge([
        network_record.as_str(),
        &network_file::command_line("nnue_datagen"),
    ]);
    // written whole or not at all: the records go to OUT.part, renamed at the end
    let part = std::path::PathBuf::from(format!("{}.part", args.out.display()));
    let started = Instant::now();
    let openings = balanced_openings(variant, args.openings);
    eprintln!(
        "{} openings in {:.1} s",
        openings.len(),
        started.elapsed().as_secs_f64()
    );
    let file =
        std::fs::File::create(&part).with_context(|| format!("create {}", part.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let started = Instant::now();
    let (mut written, mut dropped, mut plies) = (0u64, 0u64, 0u64);
    let mut results = [0u64; 3];
    for g in 0..args.games {
        let mut rng = seeded(mix(&[args.seed, g]));
        let opening = &openings[rng.random_range(0..openings.len())];
        let mut start = AnyPosition::start(variant);
        for m in &opening.moves {
            start = start
                .play_uci(m)
                .map_err(|e| anyhow::anyhow!("opening move {m}: {}", e.message))?;
        }
        let AnyPosition::Mini(start) = start else {
            anyhow::bail!("not a 5x6 game");
        };
        let game = play(&mut engine, start, &mut rng, &args)?;
        if !game.kept {
            dropped += 1;
            continue;
        }
        results[Wdl::for_side(game.winner, Color::White) as usize] += 1;
        plies += game.records.last().map_or(0, |r| u64::from(r.2));
        for (pos, score, ply) in &game.records {
            let result = Wdl::for_side(game.winner, pos.turn());
            out.write_all(&encode(pos, *score, result, *ply))?;
        }
        written += game.records.len() as u64;
        out.flush()?;
        if (g + 1) % 20 == 0 || g + 1 == args.games {
            let s = started.elapsed().as_secs_f64();
            eprintln!(
                "game {}/{}: {written} positions ({:.0}/s), {dropped} dropped, white won {} drew {} lost {}, {:.0} plies a game",
                g + 1,
                args.games,
                written as f64 / s,
                results[2],
                results[1],
                results[0],
                plies as f64 / (g + 1 - dropped).max(1) as f64,
            );
        }
    }
    drop(out);
    let made_by = network_file::made_by_path(&args.out);
    std::fs::write(&made_by, format!("{record}\n"))
        .with_context(|| format!("write {}", made_by.display()))?;
    std::fs::rename(&part, &args.out).with_context(|| format!("rename {}", part.display()))?;
    Ok(())
}
