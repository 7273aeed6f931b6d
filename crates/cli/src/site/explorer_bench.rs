//! `tabula site explorer-bench`: fills a database with generated finished games counted by the
//! opening explorer, then measures what the explorer costs there: the database time of
//! counting a finished game, and the time of a query as `GET /api/explorer` makes it (the moves
//! of a position and its latest games), for everyone's games, a rating band and one player's.
//! BENCHMARKS.md, "The opening explorer", has the numbers and the commands.
//!
//! The games are made up, not played: from the variant's start, each ply picks among the legal
//! moves in a fixed order with a weight falling as `1/(rank+1)^1.6`, so that, as in real
//! openings, most games follow a few lines near the start and part ways later. Each game is
//! seeded by its number, so a run that stopped goes on with `--from` where it stopped, and a
//! query can make again the line of any game stored.

use clap::Args;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use tabula_chess::{AnyPosition, Variant};
use tabula_core::rng::{Rng, mix, seeded};
use tabula_server::Database;
use tabula_server::model::{GameConfig, Kind, Status};
use tabula_server::store::explorer::{ExplorerFilter, ExplorerGame, PLIES, Scope};
use tabula_server::store::{GameRecord, Store};

/// The options of `tabula site explorer-bench`.
#[derive(Args, Debug)]
pub struct ExplorerBenchArgs {
    /// The database: a SQLite file or a PostgreSQL URL (a throw-away one: games are added).
    #[arg(long, default_value = "explorer-bench.db")]
    pub db: String,
    /// Games to add before measuring (0: measure what is there).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// The number of the first game added (a run that stopped goes on from the count it
    /// printed last).
    #[arg(long, default_value_t = 0)]
    pub from: u64,
    /// Queries measured of each kind.
    #[arg(long, default_value_t = 1_000)]
    pub queries: u64,
    /// Games counted at once while filling (PostgreSQL takes several writers).
    #[arg(long, default_value_t = 4)]
    pub writers: u64,
    /// Games each writer counts in one transaction, as the server's queue batches the games
    /// that end together (1: each game alone).
    #[arg(long, default_value_t = 1)]
    pub batch: u64,
    /// The variant of the games.
    #[arg(long, default_value = "quickchess")]
    pub variant: String,
    /// The seed of the made-up games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The accounts the games are shared among.
const ACCOUNTS: u64 = 2_000;
/// The speed classes, each with its share in thousandths.
const SPEEDS: [(&str, u64); 7] = [
    ("bullet", 200),
    ("blitz", 350),
    ("rapid", 200),
    ("classical", 100),
    ("correspondence", 50),
    ("untimed", 50),
    ("computer", 50),
];

fn failed(e: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::from(1)
}

/// `tabula site explorer-bench`.
pub fn run(args: &ExplorerBenchArgs) -> ExitCode {
    let variant = match Variant::parse(&args.variant) {
        Ok(v) => v,
        Err(e) => return failed(format!("--variant {}: {e}", args.variant)),
    };
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    rt.block_on(async {
        let store = match Database::parse(&args.db).open().await {
            Ok(s) => s,
            Err(e) => return failed(e),
        };
        let accounts = match accounts(&*store).await {
            Ok(a) => Arc::new(a),
            Err(e) => return failed(e),
        };
        let bench = Bench {
            variant,
            seed: args.seed,
            accounts,
        };
        if args.games > 0
            && let Err(e) = fill(&store, &bench, args).await
        {
            return failed(e);
        }
        match measure(&*store, &bench, args.from + args.games, args.queries).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => failed(e),
        }
    })
}

/// What the made-up games are made of.
#[derive(Clone)]
struct Bench {
    variant: Variant,
    seed: u64,
    /// The accounts' numbers and names.
    accounts: Arc<Vec<(i64, String)>>,
}

/// The bench's accounts, made on the first run.
async fn accounts(store: &dyn Store) -> Result<Vec<(i64, String)>, String> {
    let mut out = Vec::new();
    for i in 0..ACCOUNTS {
        let name = format!("bench_{i}");
        let account = match store
            .account_by_name(&name)
            .await
            .map_err(|e| e.to_string())?
        {
            Some(a) => a,
            None => store
                .create_account(&name, "-", 0)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("account {name}: taken"))?,
        };
        out.push((account.id, name));
    }
    Ok(out)
}

impl Bench {
    /// Game `n`, made again from its number.
    fn game(&self, n: u64) -> ExplorerGame {
        let mut rng = seeded(mix(&[self.seed, n]));
        let mut p = AnyPosition::start(self.variant);
        let mut plies = Vec::new();
        for _ in 0..PLIES {
            if p.outcome().is_some() {
                break;
            }
            let mut moves: Vec<(String, tabula_chess::Move)> = p
                .legal_moves()
                .into_iter()
                .map(|m| (p.uci(&m), m))
                .collect();
            if moves.is_empty() {
                break;
            }
            moves.sort_by(|a, b| a.0.cmp(&b.0));
            let weights: Vec<f64> = (0..moves.len())
                .map(|k| 1.0 / ((k + 1) as f64).powf(1.6))
                .collect();
            let mut pick = rng.random::<f64>() * weights.iter().sum::<f64>();
            let mut k = 0;
            while k + 1 < moves.len() && pick >= weights[k] {
                pick -= weights[k];
                k += 1;
            }
            let (uci, m) = moves.swap_remove(k);
            let ply = (tabula_server::explorer::position_key(&p), uci);
            if !plies.contains(&ply) {
                plies.push(ply);
            }
            p = p.play_unchecked(m);
        }
        let mut speed_pick = rng.random_range(0..1000u64);
        let mut speed = SPEEDS[0].0;
        for (s, share) in SPEEDS {
            if speed_pick < share {
                speed = s;
                break;
            }
            speed_pick -= share;
        }
        let computer = speed == "computer";
        let seat = |rng: &mut tabula_core::rng::ChaCha8Rng| {
            let i = rng.random_range(0..self.accounts.len());
            let (id, name) = &self.accounts[i];
            // each account plays near a rating of its own
            let rating = 800 + (mix(&[i as u64]) % 1800) as u32 + rng.random_range(0..100);
            (Some(*id), name.clone(), Some(rating))
        };
        let white = seat(&mut rng);
        let black = if computer || rng.random_range(0..10) == 0 {
            (None, "guest".to_string(), None)
        } else {
            seat(&mut rng)
        };
        let result = match rng.random_range(0..100) {
            0..45 => 2,
            45..60 => 1,
            _ => 0,
        };
        ExplorerGame {
            game: format!("bench{}x{n}", self.seed),
            variant: self.variant.name(),
            names: [white.1, black.1],
            accounts: [white.0, black.0],
            ratings: [white.2, black.2],
            result,
            speed: speed.into(),
            rated: black.0.is_some() && rng.random_range(0..10) < 7,
            finished: 1_700_000_000_000 + n * 1_000,
            plies,
        }
    }
}

/// Adds the games `from..from + games`, `writers` at once, timing each count.
async fn fill(
    store: &Arc<dyn Store>,
    bench: &Bench,
    args: &ExplorerBenchArgs,
) -> Result<(), String> {
    let started = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..args.writers.max(1) {
        let (store, bench) = (Arc::clone(store), bench.clone());
        let (from, to, step) = (args.from + w, args.from + args.games, args.writers.max(1));
        let batch = args.batch.max(1) as usize;
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            let mut n = from;
            let mut reported = from;
            while n < to {
                let mut games = Vec::new();
                while n < to && games.len() < batch {
                    let g = bench.game(n);
                    store
                        .create_game(&GameRecord {
                            id: g.game.clone(),
                            kind: Kind::Quickchess,
                            config: GameConfig::default(),
                            seed: n,
                            created: g.finished,
                            started: Some(g.finished),
                            status: Status::Finished,
                            updated: g.finished,
                        })
                        .await
                        .map_err(|e| format!("game {n}: {e}"))?;
                    games.push(g);
                    n += step;
                }
                let began = Instant::now();
                store
                    .count_games(&games)
                    .await
                    .map_err(|e| format!("games up to {n}: {e}"))?;
                // the database time of each game: the batch's, shared
                times.push(began.elapsed().as_secs_f64() * 1e3 / games.len() as f64);
                if w == 0 && n - reported >= step * 50_000 {
                    reported = n;
                    eprintln!(
                        "{n} games counted ({:.0} s)",
                        started.elapsed().as_secs_f64()
                    );
                }
            }
            Ok::<Vec<f64>, String>(times)
        }));
    }
    let mut times = Vec::new();
    for t in tasks {
        times.extend(t.await.map_err(|e| e.to_string())??);
    }
    let took = started.elapsed().as_secs_f64();
    println!(
        "counted games {}..{} in {took:.0} s ({:.0} games/s, {} writers, {} a transaction)",
        args.from,
        args.from + args.games,
        args.games as f64 / took.max(1e-9),
        args.writers,
        args.batch.max(1)
    );
    // one time per transaction: a game's share of its batch
    let last = times.len().saturating_sub(10_000);
    println!(
        "counting a game, its share of its transaction (ms): {}",
        summary(&mut times.clone())
    );
    println!(
        "the same, the last 10,000 transactions (ms): {}",
        summary(&mut times[last..].to_vec())
    );
    Ok(())
}

/// The median, p99 and the largest of `ms`.
fn summary(ms: &mut [f64]) -> String {
    if ms.is_empty() {
        return "none".into();
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    format!(
        "p50 {:.2}, p99 {:.2}, max {:.2} (n = {})",
        at(0.5),
        at(0.99),
        ms[ms.len() - 1],
        ms.len()
    )
}

/// Times `queries` queries of each kind at positions of stored games (a game, then one of its
/// plies, picked at random), as the endpoint asks them: the moves, then the latest games.
async fn measure(
    store: &dyn Store,
    bench: &Bench,
    stored: u64,
    queries: u64,
) -> Result<(), String> {
    if stored == 0 {
        return Err("no games to query: --games 0 and --from 0".into());
    }
    let everyone: Vec<String> = SPEEDS[..6].iter().map(|s| s.0.to_string()).collect();
    let mut rng = seeded(mix(&[bench.seed, u64::MAX]));
    for kind in ["everyone", "band 1400-1800", "one player"] {
        let mut times = Vec::new();
        let mut moves_seen = 0;
        for _ in 0..queries {
            let g = bench.game(rng.random_range(0..stored));
            let Some((position, _)) = g.plies.get(rng.random_range(0..g.plies.len().max(1))) else {
                continue;
            };
            let scope = match kind {
                "everyone" => Scope::All(None),
                "band 1400-1800" => Scope::All(Some((1400, 1800))),
                _ => match g.accounts[0] {
                    Some(account) => Scope::Player { account, color: 0 },
                    None => continue,
                },
            };
            let filter = ExplorerFilter {
                speeds: everyone.clone(),
                rated_only: false,
                scope,
            };
            let began = Instant::now();
            let moves = store
                .explorer_moves(*position, &filter)
                .await
                .map_err(|e| e.to_string())?;
            store
                .explorer_recent(*position, &filter, 8)
                .await
                .map_err(|e| e.to_string())?;
            times.push(began.elapsed().as_secs_f64() * 1e3);
            moves_seen += moves.len();
        }
        println!(
            "query, {kind} (ms): {}; {:.1} moves a position",
            summary(&mut times),
            moves_seen as f64 / times.len().max(1) as f64
        );
    }
    // the start position: in every game, the most rows a query reads (everyone's: a row for
    // each first move and bucket; a player's: every game of the player with the colour)
    let key = tabula_server::explorer::position_key(&AnyPosition::start(bench.variant));
    let n = queries.min(200);
    let all = ExplorerFilter {
        speeds: everyone,
        rated_only: false,
        scope: Scope::All(None),
    };
    let mut times = time_queries(store, key, (0..n).map(|_| all.clone())).await?;
    println!("query, the start position (ms): {}", summary(&mut times));
    let players = (0..n).map(|_| {
        let (account, _) = bench.accounts[rng.random_range(0..bench.accounts.len())];
        ExplorerFilter {
            scope: Scope::Player { account, color: 0 },
            ..all.clone()
        }
    });
    let mut times = time_queries(store, key, players).await?;
    println!(
        "query, one player at the start position (ms): {} (about {} games each)",
        summary(&mut times),
        stored / bench.accounts.len().max(1) as u64
    );
    Ok(())
}

/// The times (ms) of the queries of `position` with each filter, as the endpoint asks them.
async fn time_queries(
    store: &dyn Store,
    position: i64,
    filters: impl Iterator<Item = ExplorerFilter>,
) -> Result<Vec<f64>, String> {
    let mut times = Vec::new();
    for filter in filters {
        let began = Instant::now();
        store
            .explorer_moves(position, &filter)
            .await
            .map_err(|e| e.to_string())?;
        store
            .explorer_recent(position, &filter, 8)
            .await
            .map_err(|e| e.to_string())?;
        times.push(began.elapsed().as_secs_f64() * 1e3);
    }
    Ok(times)
}
