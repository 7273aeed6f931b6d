//! The argument grammar of `tabula` and the dispatch to each command.
//!
//! Arguments are typed here (choices as [`clap::ValueEnum`], numbers with their ranges, the
//! rest through the value parsers of [`crate::cli::parse`]), so `--help` lists the choices and a bad
//! value is refused naming its flag. The commands receive typed values; they never see the
//! command line.

pub mod output;
pub mod parse;
mod puzzle_commands;

use crate::engine::{analyse, matchplay};
use crate::play;
use crate::positions::{chess, querni};
use crate::site::loadtest;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use puzzle_commands::{DeckGame, SimulateGame, SolveArgs, StatsGame, VerifyGame};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use tabula_chess::Variant;

/// Tabula: exact rules, optimal solvers, referees and play for small-board games:
/// Check Mates, The Royal Study, Querni and QuickChess (with 8x8 chess).
#[derive(Parser)]
#[command(name = "tabula", version)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web app: play in the browser, alone, against bots or with friends by link.
    Serve(Box<crate::site::serve::ServeArgs>),
    /// The web app's settings file: check one and print the settings it gives.
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
    /// Copy the web app's database while it runs (a consistent snapshot).
    Backup(crate::site::serve::BackupArgs),
    /// Copy every game and player of a SQLite database into PostgreSQL (to run several nodes).
    Migrate(crate::site::serve::MigrateArgs),
    /// Replay every game stored in the web app's database; list those that do not replay.
    CheckGames(crate::site::games_db::CheckArgs),
    /// Print one stored game (its record, seats and log) as JSON.
    ExportGame(crate::site::games_db::ExportArgs),
    /// Moderate the web app: accounts, bans, mutes, roles, password links, games, chat,
    /// reports and the audit log, on its database.
    Admin(crate::site::admin::AdminArgs),
    /// Minimum number of moves and one optimal solution for a puzzle.
    Solve(SolveArgs),
    /// Referee a proof: replay it and give the verdict under the rules.
    Verify {
        #[command(subcommand)]
        game: VerifyGame,
    },
    /// Generate a full deck of cards with each card's exact difficulty.
    Deck {
        #[command(subcommand)]
        game: DeckGame,
    },
    /// Facts about a puzzle's state space.
    Stats {
        #[command(subcommand)]
        game: StatsGame,
    },
    /// Play in the terminal: puzzles solo or against bots, Querni and QuickChess against the computer or a friend.
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Count move paths (perft) of a QuickChess game or 8x8 chess, like Stockfish's `go perft`.
    Perft {
        /// The variant (`tabula variants` lists them).
        #[arg(long, default_value = "quickchess", value_parser = parse::variant)]
        variant: Variant,
        /// The position (the variant's start without it).
        #[arg(long)]
        fen: Option<String>,
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
        /// Print the count under each first move.
        #[arg(long)]
        divide: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Legal moves and status of a position.
    Moves {
        /// The variant.
        #[arg(long, default_value = "quickchess", value_parser = parse::variant)]
        variant: Variant,
        /// The position in FEN.
        #[arg(long)]
        fen: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The QuickChess engine over the Universal Chess Interface (for GUIs and engine matches).
    Uci,
    /// The computer's review of a game: per move the evaluation after it, the engine's choice
    /// before it and a mark (inaccuracy ?!, mistake ?, blunder ??); each side's accuracy.
    Review {
        /// The variant (`tabula variants` lists them).
        #[arg(long, default_value = "quickchess", value_parser = parse::variant)]
        variant: Variant,
        /// The start position (the variant's start without it).
        #[arg(long, conflicts_with = "pgn")]
        fen: Option<String>,
        /// The game's moves in UCI, separated by spaces.
        #[arg(long, required_unless_present = "pgn", conflicts_with = "pgn")]
        moves: Option<String>,
        /// Review a game of a PGN file instead (its `Variant` and `FEN` tags say the game and
        /// the start; `--variant` is not used).
        #[arg(long, value_name = "FILE")]
        pgn: Option<std::path::PathBuf>,
        /// Which game of the PGN file, from 1.
        #[arg(long, default_value_t = 1, requires = "pgn", value_parser = clap::value_parser!(u64).range(1..))]
        game: u64,
        /// Search each position for this many nodes (default 200,000).
        #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Search each position for this many milliseconds.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The engine's best line and evaluation of a position.
    Analyse {
        /// The variant (`tabula variants` lists them).
        #[arg(long, default_value = "quickchess", value_parser = parse::variant)]
        variant: Variant,
        /// The position (the variant's start without it).
        #[arg(long)]
        fen: Option<String>,
        /// Search this many plies deep (default 12 when no --movetime).
        #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Search for this many milliseconds.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Endgame tables to probe (`tabula tb generate` builds them).
        #[arg(long, value_name = "DIR", default_value = tabula_server::tablebases::DEFAULT_DIR)]
        tablebases: std::path::PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Search fixed positions to a fixed depth: total nodes (identifies the engine's
    /// behaviour) and nodes per second.
    Bench {
        /// Depth (default 13).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: Option<u32>,
        /// The evaluation of the QuickChess positions: the network or the hand-written one
        /// (default: the engine's, as `UseNNUE`).
        #[arg(long, value_parser = ["net", "hand"])]
        eval: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Engine-against-engine games over UCI, judged by Tabula's rules; ends with a JSON line.
    Match(matchplay::MatchArgs),
    /// Load tests of the web app against a real server: play (throughput, latency, no
    /// acknowledged move lost), sockets (memory), slowloris, flood, bots.
    Loadtest(crate::site::loadtest::LoadtestArgs),
    /// Every QuickChess game and option, and 8x8 chess.
    Variants {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Querni positions: a new game, the legal turns, playing a turn, the computer's choice.
    Querni {
        #[command(subcommand)]
        command: QuerniCommand,
    },
    /// Bots against bots: results by bot level.
    Simulate {
        #[command(subcommand)]
        game: SimulateGame,
    },
    /// QuickChess and Querni puzzles cut from games: mine them, list them.
    Puzzles {
        #[command(subcommand)]
        command: PuzzlesCommand,
    },
    /// QuickChess endgame tables: build, check and probe exact values (5x6, up to 5 pieces).
    Tb {
        #[command(subcommand)]
        command: crate::engine::tablebase::TbCommand,
    },
}

#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Mine puzzles from engine games (or a PGN file's games) into a puzzle file,
    /// checkpointed (`--resume` goes on after a stop).
    Mine(crate::engine::puzzle_mine::MineArgs),
    /// Print the puzzles of a set (the shipped starter set by default).
    List(crate::engine::puzzle_list::ListArgs),
    /// Search every QuickChess puzzle of a file again, deeper than the miner, and keep those
    /// that hold (before a set is shipped).
    Check(crate::engine::puzzle_check::CheckArgs),
}

#[derive(Subcommand)]
enum PlayGame {
    /// QuickChess (any game of `tabula variants`, 8x8 chess too) against the computer, or two
    /// people at one keyboard.
    Quickchess(play::quickchess::ChessOptions),
    /// Querni against the computer, or two people at one keyboard.
    Querni(play::querni::QuerniOptions),
    /// Check Mates: a party against bots, or the solo run against the clock.
    Checkmates(play::checkmates::CheckMatesOptions),
    /// The Royal Study: a match to six points against a bot, or solo.
    Royal(play::royal::RoyalOptions),
}

#[derive(Subcommand)]
enum QuerniCommand {
    /// A starting position (numbers shuffled by the seed).
    New {
        /// Seed of the shuffle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Every movement (one per destination) and every removal available now.
    Moves {
        /// The position, e.g. `10/.../10 b 0` (RULES.md notation).
        position: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Play one turn (`c2-c3`, `c2:e4:e6`, `x4-6`, `c2-c3 x4-6` or `pass`).
    Play {
        /// The position.
        position: String,
        /// The turn.
        #[arg(allow_hyphen_values = true)]
        turn: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The computer's turn.
    Best {
        /// The position.
        position: String,
        /// 1 (beginner) to 5 (strongest), or max.
        #[arg(long, default_value = "max", value_parser = parse::querni_level)]
        level: u8,
        /// Think for this many milliseconds instead of the level's node budget.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Seed for the weaker levels' randomness and tie-breaks.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// What `tabula config` does.
#[derive(Subcommand)]
enum ConfigAction {
    /// Validate a settings file and print the effective settings (the file under the
    /// `TABULA_*` environment), each with where it came from; secrets masked.
    Check {
        /// The settings file (TOML).
        file: PathBuf,
    },
}

/// Parses the command line and runs the command, returning the process exit status.
pub fn run() -> ExitCode {
    let words: Vec<OsString> = std::env::args_os().collect();
    let matches = match Cli::command().try_get_matches_from(&words) {
        Ok(m) => m,
        Err(e) => return output::argument_error(e),
    };
    // `serve --config FILE`: the file's settings beneath the environment and the flags
    if let Some(("serve", given)) = matches.subcommand()
        && let Some(file) = given.get_one::<PathBuf>("config")
    {
        let after = words
            .iter()
            .position(|w| w == "serve")
            .map_or(&words[..0], |i| &words[i + 1..]);
        return match crate::site::config::layered(file, given, after) {
            Ok(layered) => crate::site::serve::serve(&layered.args),
            Err(e) => output::fail(e),
        };
    }
    match Cli::from_arg_matches(&matches) {
        Ok(cli) => dispatch(cli.command),
        Err(e) => output::argument_error(e),
    }
}

fn dispatch(command: Command) -> ExitCode {
    match command {
        Command::Serve(args) => crate::site::serve::serve(&args),
        Command::Config {
            action: ConfigAction::Check { file },
        } => output::exit(crate::site::config::check(&file).map(|text| print!("{text}"))),
        Command::Backup(args) => crate::site::serve::backup(&args),
        Command::Migrate(args) => crate::site::serve::migrate(&args),
        Command::CheckGames(args) => crate::site::games_db::check(&args),
        Command::ExportGame(args) => crate::site::games_db::export(&args),
        Command::Admin(args) => crate::site::admin::run(args),
        Command::Solve(args) => puzzle_commands::solve(args),
        Command::Verify { game } => puzzle_commands::verify(game),
        Command::Deck { game } => puzzle_commands::deck(game),
        Command::Stats { game } => puzzle_commands::stats(game),
        Command::Simulate { game } => puzzle_commands::simulate(game),
        Command::Play { game } => output::exit(match game {
            PlayGame::Quickchess(o) => play::quickchess::play(o),
            PlayGame::Querni(o) => play::querni::play(o),
            PlayGame::Checkmates(o) => play::checkmates::play(o),
            PlayGame::Royal(o) => play::royal::play(o),
        }),
        Command::Perft {
            variant,
            fen,
            depth,
            divide,
            json,
        } => output::emit(json, chess::perft(variant, fen.as_deref(), depth, divide)),
        Command::Moves { variant, fen, json } => output::emit(json, chess::moves(variant, &fen)),
        Command::Variants { json } => output::emit(json, Ok(chess::variants())),
        Command::Uci => crate::engine::uci::run(),
        Command::Loadtest(args) => loadtest::command(&args),
        Command::Match(args) => matchplay::command(args),
        Command::Analyse {
            variant,
            fen,
            depth,
            movetime,
            tablebases,
            json,
        } => output::emit(
            json,
            analyse::analyse(variant, fen.as_deref(), depth, movetime, &tablebases),
        ),
        Command::Review {
            variant,
            fen,
            moves,
            pgn,
            game,
            nodes,
            movetime,
            json,
        } => {
            let game = match (&pgn, moves) {
                (Some(file), _) => crate::engine::review::Game::Pgn(file, game as usize),
                (None, moves) => crate::engine::review::Game::Moves {
                    variant,
                    fen: fen.as_deref(),
                    moves: moves.unwrap_or_default(),
                },
            };
            output::emit(json, crate::engine::review::run(game, nodes, movetime))
        }
        Command::Bench { depth, eval, json } => {
            let net = eval.map(|e| e == "net");
            output::emit(json, analyse::bench(depth, net))
        }
        Command::Tb { command } => crate::engine::tablebase::run(command),
        Command::Puzzles { command } => output::exit(match command {
            PuzzlesCommand::Mine(args) => crate::engine::puzzle_mine::run(&args),
            PuzzlesCommand::List(args) => crate::engine::puzzle_list::run(&args),
            PuzzlesCommand::Check(args) => crate::engine::puzzle_check::run(&args),
        }),
        Command::Querni { command } => match command {
            QuerniCommand::New { seed, json } => output::emit(json, Ok(querni::new(seed))),
            QuerniCommand::Moves { position, json } => output::emit(json, querni::moves(&position)),
            QuerniCommand::Play {
                position,
                turn,
                json,
            } => output::emit(json, querni::play(&position, &turn)),
            QuerniCommand::Best {
                position,
                level,
                movetime,
                seed,
                json,
            } => output::emit(json, querni::best(&position, level, movetime, seed)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("tabula").chain(args.iter().copied()))
    }

    fn error(args: &[&str]) -> String {
        match parse(args) {
            Ok(_) => panic!("{args:?} was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn the_grammar_is_consistent() {
        // clap's own checks: no two arguments share a name, every default parses, ...
        Cli::command().debug_assert();
    }

    #[test]
    fn choices_are_listed_and_wrong_ones_name_their_flag() {
        let e = error(&[
            "solve",
            "royal",
            "--level",
            "4",
            "--board",
            "K.N/.Q./R.B",
            "--card",
            "K.N/.Q./R.B",
        ]);
        assert!(e.contains("'--level <LEVEL>'"), "{e}");
        assert!(e.contains("[possible values: 1, 2, 3]"), "{e}");
        let e = error(&["stats", "checkmates", "--side", "diagonal"]);
        assert!(e.contains("'--side <SIDE>'"), "{e}");
        assert!(e.contains("[possible values: sliding, chess]"), "{e}");
        let e = error(&["play", "quickchess", "--color", "green"]);
        assert!(e.contains("[possible values: white, black]"), "{e}");
        let e = error(&["play", "checkmates", "--bot-level", "9"]);
        assert!(
            e.contains("'--bot-level <BOT_LEVEL>'") && e.contains("1..=6"),
            "{e}"
        );
    }

    #[test]
    fn typed_values_reach_the_commands() {
        let Ok(Cli {
            command:
                Command::Perft {
                    variant,
                    depth,
                    divide,
                    ..
                },
        }) = parse(&["perft", "--variant", "chess", "--divide", "3"])
        else {
            panic!("perft not parsed");
        };
        assert_eq!((variant, depth, divide), (Variant::CHESS, 3, true));
        let Ok(Cli {
            command:
                Command::Querni {
                    command: QuerniCommand::Best { level, seed, .. },
                },
        }) = parse(&["querni", "best", "10/10 b 0", "--level", "max"])
        else {
            panic!("querni best not parsed");
        };
        assert_eq!((level, seed), (5, 1));
        // a Royal Study layout is checked by clap's value parser, naming the flag
        let e = error(&[
            "solve",
            "royal",
            "--level",
            "1",
            "--board",
            "K.N/.Q./RB.",
            "--card",
            "K.N/.Q./R.B",
        ]);
        assert!(
            e.contains("'--board <BOARD>'") && e.contains("bishop on b1"),
            "{e}"
        );
        // the lesson solver and the endgame tables take typed values too
        let Ok(Cli {
            command: Command::Solve(args),
        }) = parse(&[
            "solve",
            "quickchess",
            "--variant",
            "bishops",
            "--budget",
            "9",
        ])
        else {
            panic!("solve quickchess not parsed");
        };
        assert!(puzzle_commands::solves_quickchess(&args, "bishops", 9));
        let e = error(&["solve", "quickchess", "--variant", "checkers"]);
        assert!(e.contains("'--variant <VARIANT>'"), "{e}");
        let e = error(&["tb", "generate", "KRvQ"]);
        assert!(e.contains("KRvQ"), "{e}");
        let e = error(&["tb", "generate", "--rules", "kings"]);
        assert!(e.contains("[possible values: rescue, queen, both]"), "{e}");
        // numbers keep their ranges
        assert!(error(&["perft", "0"]).contains("0 is not in 1..=20"));
        assert!(error(&["bench", "--depth", "31"]).contains("31 is not in 1..=30"));
    }
}
