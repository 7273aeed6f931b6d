//! `tabula site loadtest`: what one server holds and withstands, measured against a real
//! `tabula serve` (a child process on a scratch database, or `--url` for `play`).
//!
//! Scenarios: `play` (clients playing QuickChess in pairs: throughput, move latency, and every
//! acknowledged move read back from the database after `kill -9`), `sockets` (the memory of an
//! idle WebSocket), `slowloris` (stalled requests, or with `--body` stalled bodies, against
//! the timeouts and connection caps), `flood` (creation floods against the per-address limits
//! and the room table), `bots` (an unrelated room's ping while games against the strongest bot
//! think), `lobby` (one address's seeks, silent sockets and socket flood against the lobby),
//! `tools` (one address saturating every search while other players' bots must answer),
//! `replays` (many replays of a long game at once) and `restart` (players playing on through
//! a rolling SIGTERM restart: nothing acknowledged lost, no error seen).
//!
//! `--server-bin` measures another build's server with the same scenarios (an older release,
//! side by side with this one).

mod absent;
mod arena;
mod attacks;
mod bots;
mod lobby;
mod play;
mod probe;
mod replays;
mod restart;
mod server;
mod sockets;
mod tools;

use clap::{Args, ValueEnum};
use serde_json::Value;
use std::process::ExitCode;
use std::time::Duration;

/// What to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scenario {
    /// Clients playing QuickChess in pairs.
    Play,
    /// Memory per idle WebSocket.
    Sockets,
    /// Stalled requests (slowloris) while health checks go on.
    Slowloris,
    /// Creation floods while an older game goes on.
    Flood,
    /// Games against the strongest bot while another room pings.
    Bots,
    /// One address's seek flood, silent lobby sockets and lobby-socket flood.
    Lobby,
    /// One address saturating analyses, hints, exercises and top-level games while other
    /// players' level-1 computers must answer.
    Tools,
    /// Many replays of a long game at once.
    Replays,
    /// Players playing on while each node is restarted with SIGTERM in turn (one SQLite node,
    /// or `--db postgres://... --nodes 2` for a rolling restart).
    Restart,
    /// Players (`--clients`) in one arena tournament of `--seconds`, over one node or
    /// `--db postgres://... --nodes 2`.
    Arena,
    /// Entrants (`--clients`) who join one tournament (`--event`) and never come back: only
    /// the server's own deadlines end its games (`--kill-after` kills the node mid-way).
    Absent,
}

/// The options of `tabula site loadtest`.
#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// What to measure.
    #[arg(long, value_enum, default_value = "play")]
    pub scenario: Scenario,
    /// play: clients (two per room).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(2..=20_000))]
    pub clients: u64,
    /// play: moves each client makes.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub moves: u32,
    /// play: average thinking time before each move, in milliseconds.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub think: u64,
    /// play: a running server (`http://127.0.0.1:8080`) instead of one started for the test;
    /// repeat it for several nodes of one site (each game gets a player on two of them).
    #[arg(long)]
    pub url: Vec<String>,
    /// play: the PostgreSQL database (`postgres://...`) the started server uses instead of a
    /// scratch SQLite file (an empty one: the games stay in it).
    #[arg(long, value_name = "URL", conflicts_with = "url")]
    pub db: Option<String>,
    /// play: start this many nodes on `--db` (PostgreSQL) and spread the clients over them:
    /// each game has its two players on two different nodes, so one of them always plays
    /// through the other node.
    #[arg(long, default_value_t = 1, requires = "db", value_parser = clap::value_parser!(u32).range(1..=8))]
    pub nodes: u32,
    /// sockets: idle WebSockets to open.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=18_000))]
    pub sockets: u64,
    /// slowloris: attacker connections kept stalled at once.
    #[arg(long, default_value_t = 15_000, value_parser = clap::value_parser!(u64).range(1..=18_000))]
    pub stalled: u64,
    /// slowloris: addresses the attack comes from (127.0.0.2 onwards).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=250))]
    pub addresses: u8,
    /// flood: creations sent from one address.
    #[arg(long, default_value_t = 2_200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub requests: u64,
    /// bots: games against the strongest bot at once; tools: the attacker's games against it.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=200))]
    pub games: u64,
    /// slowloris, bots, lobby (the churn) and tools: how long to measure, in seconds.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub seconds: u64,
    /// slowloris: trickle the body of a POST (whole headers first) instead of the headers.
    #[arg(long)]
    pub body: bool,
    /// lobby: lobby sockets that never read.
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u64).range(0..=1_800))]
    pub readers: u64,
    /// tools: other players, each against the level-1 computer.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=100))]
    pub victims: u64,
    /// replays: logged steps of the long game.
    #[arg(long, default_value_t = 371, value_parser = clap::value_parser!(u64).range(2..=5_000))]
    pub steps: u64,
    /// replays: replays asked for at once (each round).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=1_000))]
    pub replays: u64,
    /// absent: the event the absent entrants join.
    #[arg(long, value_enum, default_value = "swiss")]
    pub event: absent::Event,
    /// absent: kill the node (`kill -9`) this many seconds after the start, then start it again
    /// on the same database.
    #[arg(long, value_name = "SECONDS")]
    pub kill_after: Option<u64>,
    /// Measure the server of this `tabula` binary instead of this one's (scenarios that
    /// start their own server).
    #[arg(long, value_name = "PATH")]
    pub server_bin: Option<std::path::PathBuf>,
}

fn print_play(report: &Value) {
    println!(
        "held {} clients; {} moves in {} s = {} moves/s; latency p50 {} ms, p99 {} ms, max {} ms; {} refused, {} lost ({})",
        report["clients"],
        report["moves"],
        report["seconds"],
        report["moves_per_second"],
        report["p50_ms"],
        report["p99_ms"],
        report["max_ms"],
        report["refused"],
        report["lost"],
        report["durability"].as_str().unwrap_or_default(),
    );
    if report["nodes"].as_u64().unwrap_or(1) > 1 {
        println!(
            "over {} nodes: a move on the game's own node p50 {} ms, p99 {} ms; a move \
             through another node p50 {} ms, p99 {} ms",
            report["nodes"],
            report["owner_p50_ms"],
            report["owner_p99_ms"],
            report["relayed_p50_ms"],
            report["relayed_p99_ms"],
        );
    }
}

/// `tabula site loadtest`.
pub fn command(args: &LoadtestArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return crate::cli::output::fail(anyhow::anyhow!(e).context("cannot start")),
    };
    if let Some(bin) = &args.server_bin {
        server::use_server_bin(bin.clone());
    }
    println!("{}", describe(args));
    let report = runtime.block_on(run(args));
    match report {
        Ok(report) => {
            if args.scenario == Scenario::Play {
                print_play(&report);
            }
            println!("{report}");
            let nonzero = |k: &str| report.get(k).is_some_and(|l| *l != 0);
            if nonzero("lost") || nonzero("errors") {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// What the scenario does, in a line.
fn describe(args: &LoadtestArgs) -> String {
    match args.scenario {
        Scenario::Play => format!(
            "{} clients in {} QuickChess rooms, {} moves each, thinking {} ms on average",
            args.clients,
            args.clients / 2,
            args.moves,
            args.think
        ),
        Scenario::Sockets => format!("{} idle WebSockets", args.sockets),
        Scenario::Slowloris => format!(
            "{} stalled connections from {} address(es) for {} s",
            args.stalled, args.addresses, args.seconds
        ),
        Scenario::Flood => format!(
            "{} creations from one address, then from 248",
            args.requests
        ),
        Scenario::Bots => format!(
            "{} games against the strongest QuickChess bot for {} s",
            args.games, args.seconds
        ),
        Scenario::Lobby => format!(
            "one address against the lobby: seeks, {} silent sockets, churn for {} s, up to {} sockets",
            args.readers, args.seconds, args.sockets
        ),
        Scenario::Tools => format!(
            "one address saturating every search and {} games at the top level; {} other players for {} s",
            args.games, args.victims, args.seconds
        ),
        Scenario::Restart => format!(
            "{} clients playing QuickChess while each of {} node(s) is restarted with SIGTERM",
            args.clients, args.nodes
        ),
        Scenario::Arena => format!(
            "{} players in one arena of {} s over {} node(s), thinking {} ms a game",
            args.clients, args.seconds, args.nodes, args.think
        ),
        Scenario::Absent => format!(
            "{} entrants of a {:?} event who never come back{}",
            args.clients,
            args.event,
            args.kill_after
                .map(|s| format!(", the node killed after {s} s"))
                .unwrap_or_default()
        ),
        Scenario::Replays => format!(
            "{} replays at once of two {}-step games, 3 rounds",
            args.replays, args.steps
        ),
    }
}

/// Runs the scenario and returns its report.
async fn run(args: &LoadtestArgs) -> Result<serde_json::Value, String> {
    match args.scenario {
        Scenario::Play => {
            let setup = play::Setup {
                clients: args.clients as usize,
                moves: args.moves,
                think: Duration::from_millis(args.think),
                urls: args.url.clone(),
                db: args.db.clone(),
                nodes: args.nodes,
            };
            play::run(setup).await
        }
        Scenario::Sockets => sockets::run(args.sockets as usize).await,
        Scenario::Slowloris => {
            attacks::slowloris(
                args.stalled as usize,
                args.addresses,
                args.seconds,
                args.body,
            )
            .await
        }
        Scenario::Flood => attacks::flood(args.requests).await,
        Scenario::Bots => bots::run(args.games as usize, args.seconds).await,
        Scenario::Lobby => {
            lobby::run(lobby::Setup {
                readers: args.readers as usize,
                seconds: args.seconds,
                sockets: args.sockets as usize,
            })
            .await
        }
        Scenario::Tools => {
            tools::run(tools::Setup {
                games: args.games as usize,
                victims: args.victims as usize,
                seconds: args.seconds,
            })
            .await
        }
        Scenario::Restart => {
            restart::run(restart::Setup {
                clients: args.clients as usize,
                moves: args.moves,
                think: Duration::from_millis(args.think),
                db: args.db.clone(),
                nodes: args.nodes,
            })
            .await
        }
        Scenario::Arena => {
            arena::run(arena::Setup {
                players: args.clients as usize,
                minutes: args.seconds as f64 / 60.0,
                think: Duration::from_millis(args.think),
                db: args.db.clone(),
                nodes: args.nodes,
            })
            .await
        }
        Scenario::Absent => {
            absent::run(absent::Setup {
                players: args.clients as usize,
                event: args.event,
                seconds: args.seconds,
                kill_after: args.kill_after.map(Duration::from_secs),
                db: args.db.clone(),
            })
            .await
        }
        Scenario::Replays => {
            replays::run(replays::Setup {
                steps: args.steps,
                clients: args.replays as usize,
                rounds: 3,
            })
            .await
        }
    }
}
