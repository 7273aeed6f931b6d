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
use crate::positions::{chess, querni, querni_proof};
use crate::site::loadtest;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use puzzle_commands::{DeckGame, SimulateGame, SolveArgs, StatsGame, VerifyGame};
use std::ffi::OsString;
use std::io::IsTerminal;
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
    /// Play in the terminal: puzzles solo or against bots, Querni and QuickChess against the computer or a friend.
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Run and look after the web app: its settings, backups, databases, moderation and load tests.
    Site {
        #[command(subcommand)]
        command: SiteCommand,
    },
    /// Exact answers: optimal solutions, refereed proofs, decks of exact difficulty, state spaces and endgame tables.
    Exact {
        #[command(subcommand)]
        command: ExactCommand,
    },
    /// The computer players: the UCI engine, its bench and matches, analysis and reviews, bots against bots, mined puzzles.
    Engine {
        #[command(subcommand)]
        command: EngineCommand,
    },
    /// Positions under the rules: legal moves, perft, the variants, and Querni positions.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// The flat spellings of before the groups (`perft` for `rules perft`, `solve` for
    /// `exact solve`, ...), hidden from the help and kept for one release: each is its group's
    /// command.
    #[command(flatten)]
    OldSite(SiteCommand),
    /// See `OldSite`.
    #[command(flatten)]
    OldExact(ExactCommand),
    /// See `OldSite`.
    #[command(flatten)]
    OldEngine(EngineCommand),
    /// See `OldSite`.
    #[command(flatten)]
    OldRules(RulesCommand),
}

/// Run and look after the web app: its settings, backups, databases, moderation and load tests.
#[derive(Subcommand)]
enum SiteCommand {
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
    /// Load tests of the web app against a real server: play (throughput, latency, no
    /// acknowledged move lost), sockets (memory), slowloris, flood, bots.
    Loadtest(crate::site::loadtest::LoadtestArgs),
    /// Fill a throw-away database with made-up finished games and time the opening explorer
    /// there: counting a game, and its queries.
    ExplorerBench(crate::site::explorer_bench::ExplorerBenchArgs),
}

/// Exact answers: optimal solutions, refereed proofs, decks of exact difficulty, state spaces and endgame tables.
#[derive(Subcommand)]
enum ExactCommand {
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
    /// QuickChess endgame tables: build, check and probe exact values (5x6, up to 5 pieces).
    Tb {
        #[command(subcommand)]
        command: crate::engine::tablebase::TbCommand,
    },
}

/// The computer players: the UCI engine, its bench and matches, analysis and reviews, bots against bots, mined puzzles.
#[derive(Subcommand)]
enum EngineCommand {
    /// The QuickChess engine over the Universal Chess Interface (for GUIs and engine matches).
    Uci,
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
    /// The engine's best line and evaluation of a position.
    Analyse {
        /// The variant (`tabula rules variants` lists them).
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
        /// Endgame tables to probe (`tabula exact tb generate` builds them).
        #[arg(long, value_name = "DIR", default_value = tabula_server::tablebases::DEFAULT_DIR)]
        tablebases: std::path::PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The computer's review of a game: per move the evaluation after it, the engine's choice
    /// before it and a mark (inaccuracy ?!, mistake ?, blunder ??); each side's accuracy.
    Review {
        /// The variant (`tabula rules variants` lists them).
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
}

/// Positions under the rules: legal moves, perft, the variants, and Querni positions.
#[derive(Subcommand)]
enum RulesCommand {
    /// Count move paths (perft) of a QuickChess game or 8x8 chess, like Stockfish's `go perft`.
    Perft {
        /// The variant (`tabula rules variants` lists them).
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
    /// QuickChess (any game of `tabula rules variants`, 8x8 chess too) against the computer, or two
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
    /// What the position is worth with best play: a side that forces its win within a few of
    /// its own turns whatever the other does, and the turns that keep it.
    Prove {
        /// The position.
        position: String,
        /// The most own turns searched for each side.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=12))]
        turns: u8,
        /// Stop after this many milliseconds.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        ms: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// How early the proof search knows: games between two computer players, each position
    /// proved within a time; the share proved by turn number and by turns before the end.
    Coverage {
        /// Blue's player (`ai:1` to `ai:5`, `ai:max`, `greedy`, `random`).
        #[arg(long, default_value = "ai:3", value_parser = parse::querni_player)]
        blue: tabula_querni::Player,
        /// Red's player.
        #[arg(long, default_value = "ai:3", value_parser = parse::querni_player)]
        red: tabula_querni::Player,
        /// Games played.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most own turns searched for each side.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=12))]
        turns: u8,
        /// The time a position is given, in milliseconds.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        ms: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// What `tabula site config` does.
#[derive(Subcommand)]
enum ConfigAction {
    /// Validate a settings file and print the effective settings (the file under the
    /// `TABULA_*` environment), each with where it came from; secrets masked.
    Check {
        /// The settings file (TOML).
        file: PathBuf,
    },
}

/// The commands of before the groups, each with the group it is in now.
const OLD_SPELLINGS: [(&str, &str); 23] = [
    ("config", "site"),
    ("backup", "site"),
    ("migrate", "site"),
    ("check-games", "site"),
    ("export-game", "site"),
    ("admin", "site"),
    ("loadtest", "site"),
    ("solve", "exact"),
    ("verify", "exact"),
    ("deck", "exact"),
    ("stats", "exact"),
    ("tb", "exact"),
    ("uci", "engine"),
    ("bench", "engine"),
    ("match", "engine"),
    ("analyse", "engine"),
    ("review", "engine"),
    ("simulate", "engine"),
    ("puzzles", "engine"),
    ("perft", "rules"),
    ("moves", "rules"),
    ("variants", "rules"),
    ("querni", "rules"),
];

/// The group an old top-level spelling is in now.
fn group_of(old: &str) -> Option<&'static str> {
    OLD_SPELLINGS
        .iter()
        .find(|(name, _)| *name == old)
        .map(|(_, group)| *group)
}

/// The commands `tabula --help` lists: the groups (and clap's `help`).
const GROUPS: [&str; 7] = ["serve", "play", "site", "exact", "engine", "rules", "help"];

/// The grammar, with every top-level command that is not a group hidden from `tabula --help`:
/// the old spellings (they still parse) and the group commands added since, which the
/// flattened groups also make top-level (`explorer-bench` was listed so).
fn grammar() -> clap::Command {
    let cli = Cli::command();
    let flat: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| !GROUPS.contains(&name.as_str()))
        .collect();
    flat.iter()
        .fold(cli, |cli, name| cli.mut_subcommand(name, |c| c.hide(true)))
}

/// Parses the command line and runs the command, returning the process exit status.
pub fn run() -> ExitCode {
    let words: Vec<OsString> = std::env::args_os().collect();
    let matches = match grammar().try_get_matches_from(&words) {
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
    if let Some(old) = matches.subcommand_name()
        && let Some(group) = group_of(old)
        && std::io::stderr().is_terminal()
    {
        eprintln!(
            "note: `tabula {old}` is now `tabula {group} {old}`; the old spelling goes in the \
             next release"
        );
    }
    match Cli::from_arg_matches(&matches) {
        Ok(cli) => dispatch(cli.command),
        Err(e) => output::argument_error(e),
    }
}

fn dispatch(command: Command) -> ExitCode {
    match command {
        Command::Serve(args) => crate::site::serve::serve(&args),
        Command::Play { game } => output::exit(match game {
            PlayGame::Quickchess(o) => play::quickchess::play(o),
            PlayGame::Querni(o) => play::querni::play(o),
            PlayGame::Checkmates(o) => play::checkmates::play(o),
            PlayGame::Royal(o) => play::royal::play(o),
        }),
        Command::Site { command } | Command::OldSite(command) => site(command),
        Command::Exact { command } | Command::OldExact(command) => exact(command),
        Command::Engine { command } | Command::OldEngine(command) => engine(command),
        Command::Rules { command } | Command::OldRules(command) => rules(command),
    }
}

/// `tabula site ...`.
fn site(command: SiteCommand) -> ExitCode {
    match command {
        SiteCommand::Config {
            action: ConfigAction::Check { file },
        } => output::exit(crate::site::config::check(&file).map(|text| print!("{text}"))),
        SiteCommand::Backup(args) => crate::site::serve::backup(&args),
        SiteCommand::Migrate(args) => crate::site::serve::migrate(&args),
        SiteCommand::CheckGames(args) => crate::site::games_db::check(&args),
        SiteCommand::ExportGame(args) => crate::site::games_db::export(&args),
        SiteCommand::Admin(args) => crate::site::admin::run(args),
        SiteCommand::Loadtest(args) => loadtest::command(&args),
        SiteCommand::ExplorerBench(args) => crate::site::explorer_bench::run(&args),
    }
}

/// `tabula exact ...`.
fn exact(command: ExactCommand) -> ExitCode {
    match command {
        ExactCommand::Solve(args) => puzzle_commands::solve(args),
        ExactCommand::Verify { game } => puzzle_commands::verify(game),
        ExactCommand::Deck { game } => puzzle_commands::deck(game),
        ExactCommand::Stats { game } => puzzle_commands::stats(game),
        ExactCommand::Tb { command } => crate::engine::tablebase::run(command),
    }
}

/// `tabula engine ...`.
fn engine(command: EngineCommand) -> ExitCode {
    match command {
        EngineCommand::Uci => crate::engine::uci::run(),
        EngineCommand::Bench { depth, eval, json } => {
            let net = eval.map(|e| e == "net");
            output::emit(json, analyse::bench(depth, net))
        }
        EngineCommand::Match(args) => matchplay::command(args),
        EngineCommand::Analyse {
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
        EngineCommand::Review {
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
        EngineCommand::Simulate { game } => puzzle_commands::simulate(game),
        EngineCommand::Puzzles { command } => output::exit(match command {
            PuzzlesCommand::Mine(args) => crate::engine::puzzle_mine::run(&args),
            PuzzlesCommand::List(args) => crate::engine::puzzle_list::run(&args),
            PuzzlesCommand::Check(args) => crate::engine::puzzle_check::run(&args),
        }),
    }
}

/// `tabula rules ...`.
fn rules(command: RulesCommand) -> ExitCode {
    match command {
        RulesCommand::Perft {
            variant,
            fen,
            depth,
            divide,
            json,
        } => output::emit(json, chess::perft(variant, fen.as_deref(), depth, divide)),
        RulesCommand::Moves { variant, fen, json } => {
            output::emit(json, chess::moves(variant, &fen))
        }
        RulesCommand::Variants { json } => output::emit(json, Ok(chess::variants())),
        RulesCommand::Querni { command } => match command {
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
            QuerniCommand::Prove {
                position,
                turns,
                ms,
                json,
            } => output::emit(json, querni_proof::prove(&position, turns, ms)),
            QuerniCommand::Coverage {
                blue,
                red,
                games,
                seed,
                turns,
                ms,
                json,
            } => output::emit(
                json,
                querni_proof::coverage([blue, red], games, seed, turns, ms),
            ),
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
                Command::Rules {
                    command:
                        RulesCommand::Perft {
                            variant,
                            depth,
                            divide,
                            ..
                        },
                },
        }) = parse(&["rules", "perft", "--variant", "chess", "--divide", "3"])
        else {
            panic!("perft not parsed");
        };
        assert_eq!((variant, depth, divide), (Variant::CHESS, 3, true));
        let Ok(Cli {
            command:
                Command::Rules {
                    command:
                        RulesCommand::Querni {
                            command: QuerniCommand::Best { level, seed, .. },
                        },
                },
        }) = parse(&["rules", "querni", "best", "10/10 b 0", "--level", "max"])
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
            command:
                Command::Exact {
                    command: ExactCommand::Solve(args),
                },
        }) = parse(&[
            "exact",
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

    #[test]
    fn the_old_spellings_parse_as_their_group_and_are_hidden() {
        let help = grammar().render_help().to_string();
        for (old, group) in OLD_SPELLINGS {
            // each old name is a command of its group, and still a hidden top-level one
            let g = grammar();
            let in_group = g
                .find_subcommand(group)
                .and_then(|c| c.find_subcommand(old));
            assert!(in_group.is_some(), "{old} is not in {group}");
            let top = g
                .find_subcommand(old)
                .unwrap_or_else(|| panic!("{old} gone"));
            assert!(top.is_hide_set(), "{old} is still listed");
            assert!(!help.contains(&format!("\n  {old} ")), "{old} in the help");
        }
        for group in ["serve", "play", "site", "exact", "engine", "rules"] {
            assert!(
                help.contains(&format!("\n  {group} ")),
                "{group} not in the help"
            );
        }
        // nothing but the groups is listed, a command added to a group since included
        let g = grammar();
        let listed: Vec<&str> = g
            .get_subcommands()
            .filter(|c| !c.is_hide_set())
            .map(|c| c.get_name())
            .collect();
        assert!(
            listed.iter().all(|n| GROUPS.contains(n)),
            "listed beside the groups: {listed:?}"
        );
        assert!(!help.contains("explorer-bench"), "{help}");
        // the old spelling reaches the same command as the new one
        let Ok(Cli {
            command: Command::OldRules(RulesCommand::Perft { depth, .. }),
        }) = parse(&["perft", "4"])
        else {
            panic!("the old perft not parsed");
        };
        assert_eq!(depth, 4);
        assert!(error(&["engine", "perft", "3"]).contains("unrecognized subcommand"));
    }
}
