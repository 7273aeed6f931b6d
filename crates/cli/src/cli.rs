//! The argument grammar of `tabula` and the dispatch to each command.

use crate::{batch, chess, output, play, play_querni, puzzles, querni, simulate};
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

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
    Serve(crate::serve::ServeArgs),
    /// Copy the web app's database while it runs (a consistent snapshot).
    Backup(crate::serve::BackupArgs),
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
        #[arg(long, default_value = "quickchess")]
        variant: String,
        /// The position (the variant's start without it).
        #[arg(long)]
        fen: Option<String>,
        /// Depth in plies.
        depth: String,
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
        #[arg(long, default_value = "quickchess")]
        variant: String,
        /// The position in FEN.
        #[arg(long)]
        fen: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The QuickChess engine over the Universal Chess Interface (for GUIs and engine matches).
    Uci,
    /// The engine's best line and evaluation of a position.
    Analyse {
        /// The variant (`tabula variants` lists them).
        #[arg(long, default_value = "quickchess")]
        variant: String,
        /// The position (the variant's start without it).
        #[arg(long)]
        fen: Option<String>,
        /// Search this many plies deep (default 12 when no --movetime).
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<String>,
        /// Search for this many milliseconds.
        #[arg(long)]
        movetime: Option<String>,
        /// Endgame tables to probe (`tabula tb generate` builds them).
        #[arg(long, default_value = tabula_server::tablebases::DEFAULT_DIR)]
        tablebases: std::path::PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Search fixed positions to a fixed depth: total nodes (identifies the engine's
    /// behaviour) and nodes per second.
    Bench {
        /// Depth (default 13).
        #[arg(long)]
        depth: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Engine-against-engine games over UCI, judged by Tabula's rules; ends with a JSON line.
    Match {
        /// Engine 1's command line (e.g. `target/release/tabula uci`).
        #[arg(long)]
        engine1: String,
        /// Engine 2's command line (e.g. `/usr/games/fairy-stockfish`).
        #[arg(long)]
        engine2: String,
        /// The variant both play (sent as UCI_Variant unless an option overrides it).
        #[arg(long, default_value = "quickchess-fsf")]
        variant: String,
        /// Number of games (each opening is played twice, colours swapped).
        #[arg(long, default_value = "2")]
        games: String,
        /// Milliseconds per move (`100`), or seconds BASE+INC (`10+0.1`).
        #[arg(long, default_value = "100")]
        tc: String,
        /// Openings file: one per line, a FEN (optionally `... moves ...`) or UCI moves.
        #[arg(long)]
        openings: Option<String>,
        /// Write every game here as PGN.
        #[arg(long)]
        pgn: Option<String>,
        /// A UCI option for engine 1, NAME=VALUE (repeatable).
        #[arg(long)]
        option1: Vec<String>,
        /// A UCI option for engine 2, NAME=VALUE (repeatable).
        #[arg(long)]
        option2: Vec<String>,
        /// Games played at the same time (each with its own engine processes).
        #[arg(long, default_value = "1")]
        concurrency: String,
        /// Plies after which a game is adjudicated a draw.
        #[arg(long, default_value = "400")]
        max_plies: String,
    },
    /// Load tests of the web app against a real server: play (throughput, latency, no
    /// acknowledged move lost), sockets (memory), slowloris, flood, bots.
    Loadtest(crate::loadtest::LoadtestArgs),
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
    /// QuickChess endgame tables: build, check and probe exact values (5x6, up to 5 pieces).
    Tb {
        #[command(subcommand)]
        command: crate::tablebase::TbCommand,
    },
}

#[derive(Subcommand)]
enum PlayGame {
    /// QuickChess (any game of `tabula variants`, 8x8 chess too) against the computer, or two
    /// people at one keyboard.
    Quickchess {
        /// The game (`tabula variants` lists them).
        #[arg(long, default_value = "quickchess")]
        variant: String,
        /// The computer's level, 1 (beginner) to 8 (full strength), or max.
        #[arg(long, default_value = "4")]
        level: String,
        /// Your colour: white (moves first) or black.
        #[arg(long, default_value = "white")]
        color: String,
        /// Two people take turns at this keyboard; no computer.
        #[arg(long)]
        hotseat: bool,
        /// Seed of the computer's choices at the weaker levels (a random one if not given).
        #[arg(long)]
        seed: Option<String>,
    },
    /// Querni against the computer, or two people at one keyboard.
    Querni {
        /// The computer's level, 1 (beginner) to 5 (strongest), or max.
        #[arg(long, default_value = "3")]
        ai_level: String,
        /// Your colour: blue (moves first) or red.
        #[arg(long, default_value = "blue")]
        color: String,
        /// Seed of the starting position (a random one if not given; it is printed).
        #[arg(long)]
        seed: Option<String>,
        /// Two people take turns at this keyboard; no computer.
        #[arg(long)]
        hotseat: bool,
    },
    /// Check Mates: a party against bots, or the solo run against the clock.
    Checkmates {
        /// `sliding` or `chess`.
        #[arg(long, default_value = "sliding")]
        side: String,
        /// Ten cards against the clock instead of a party.
        #[arg(long)]
        solo: bool,
        /// Number of bot opponents (1-5).
        #[arg(long, default_value = "2")]
        bots: String,
        /// Their level, 1 (beginner) to 6 (never wrong).
        #[arg(long, default_value = "3")]
        bot_level: String,
        /// `full`, `one-star` or `two-star` (blitz).
        #[arg(long, default_value = "full")]
        deck: String,
        /// Seed (a random one if not given; it is printed so a game can be replayed).
        #[arg(long)]
        seed: Option<String>,
        /// Clock speed factor (2 = time runs twice as fast; for demos and tests).
        #[arg(long, default_value = "1")]
        speed: String,
    },
    /// The Royal Study: a match to six points against a bot, or solo.
    Royal {
        /// 1, 2 (card turns) or 3 (turns and mirrors).
        #[arg(long, default_value = "1")]
        level: String,
        /// Two cards a round (the bonus challenge).
        #[arg(long)]
        bonus: bool,
        /// Solo: cards one after another, the optimum shown after each.
        #[arg(long)]
        solo: bool,
        /// The bot's level, 1 (beginner) to 6 (never wrong).
        #[arg(long, default_value = "3")]
        bot_level: String,
        /// Seed (a random one if not given).
        #[arg(long)]
        seed: Option<String>,
        /// Clock speed factor.
        #[arg(long, default_value = "1")]
        speed: String,
    },
}

#[derive(Subcommand)]
enum QuerniCommand {
    /// A starting position (numbers shuffled by the seed).
    New {
        /// Seed of the shuffle (1 if not given).
        #[arg(long)]
        seed: Option<String>,
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
        #[arg(long, default_value = "max")]
        level: String,
        /// Think for this many milliseconds instead of the level's node budget.
        #[arg(long)]
        movetime: Option<String>,
        /// Seed for the weaker levels' randomness and tie-breaks.
        #[arg(long, default_value = "1")]
        seed: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum SimulateGame {
    /// Check Mates parties among bots of levels 1 up to the strongest, one seat per level.
    Checkmates {
        /// `sliding` or `chess`.
        #[arg(long, default_value = "sliding")]
        side: String,
        /// Number of bots at the table (1-6).
        #[arg(long, default_value = "4")]
        bots: String,
        /// Number of games.
        #[arg(long, default_value = "100")]
        games: String,
        /// Seed of the first game.
        #[arg(long, default_value = "1")]
        seed: String,
        /// `full`, `one-star` or `two-star` (blitz).
        #[arg(long, default_value = "full")]
        deck: String,
    },
    /// Royal Study matches between every pair of bot levels in turn.
    Royal {
        /// Number of matches.
        #[arg(long, default_value = "100")]
        games: String,
        /// Seed of the first match.
        #[arg(long, default_value = "1")]
        seed: String,
        /// 1, 2 or 3.
        #[arg(long, default_value = "1")]
        level: String,
        /// Two cards a round.
        #[arg(long)]
        bonus: bool,
    },
    /// Querni games between two computer players.
    Querni {
        /// The first player: ai:1 .. ai:5, ai:max, greedy or random (blue unless swapped).
        #[arg(long)]
        blue: String,
        /// The second player.
        #[arg(long)]
        red: String,
        /// Number of games.
        #[arg(long, default_value = "200")]
        games: String,
        /// Seed of the series.
        #[arg(long, default_value = "1")]
        seed: String,
        /// Alternate colours: each start position is played once with each player as blue.
        #[arg(long)]
        swap: bool,
    },
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
struct SolveArgs {
    #[command(subcommand)]
    game: Option<SolveGame>,
    /// Read JSON queries from standard input, one per line, and answer each on one line.
    #[arg(long)]
    batch: bool,
}

#[derive(Args)]
struct CheckMatesArgs {
    /// `sliding` or `chess`.
    #[arg(long)]
    side: String,
    /// The board, ranks from the top: `bgr/.j./rbg` (sliding) or `RnQ/.K./qNr` (chess).
    #[arg(long)]
    board: String,
    /// The task pattern, e.g. `b../r../...` or `R.w/.b./Q.b`; `.` means anything.
    #[arg(long)]
    task: String,
}

/// The arguments every Royal Study command shares.
#[derive(Args)]
pub struct RoyalArgs {
    /// 1, 2 (card turns allowed) or 3 (turns and mirrors).
    #[arg(long)]
    pub level: String,
    /// Where the pieces stand now, e.g. `K.N/.Q./R.B`.
    #[arg(long)]
    pub board: String,
    /// The card to reach.
    #[arg(long)]
    pub card: String,
    /// A second card (the bonus challenge: complete both, in either order).
    #[arg(long)]
    pub card2: Option<String>,
}

#[derive(Subcommand)]
enum SolveGame {
    /// Check Mates: least moves to meet the task under some rotation.
    Checkmates {
        #[command(flatten)]
        args: CheckMatesArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The Royal Study: least moves plus card actions to complete the card(s).
    Royal {
        #[command(flatten)]
        args: RoyalArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A QuickChess lesson game under perfect play: who wins, in how many plies, the line,
    /// and a proof replayed against the rules.
    Quickchess(crate::solve_chess::SolveQuickchessArgs),
}

#[derive(Subcommand)]
enum VerifyGame {
    /// Referee a Check Mates proof.
    Checkmates {
        #[command(flatten)]
        args: CheckMatesArgs,
        /// The announced number of moves.
        #[arg(long, allow_hyphen_values = true)]
        bid: String,
        /// The proof: moves like `a1-a2 b3-b2`, separated by spaces or commas.
        #[arg(long, allow_hyphen_values = true)]
        moves: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Referee a Royal Study execution.
    Royal {
        #[command(flatten)]
        args: RoyalArgs,
        /// The announced number.
        #[arg(long, allow_hyphen_values = true)]
        bid: String,
        /// The execution: moves `a1-b2` and card actions `turn+ turn- mirror-lr mirror-tb`
        /// (with two cards, `1:turn+` or `2:mirror-lr`).
        #[arg(long, allow_hyphen_values = true)]
        moves: String,
        /// The executor challenged the announcement and must use fewer moves than announced.
        #[arg(long)]
        challenger: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Replay stored proofs of a QuickChess lesson game's value against the rules.
    Quickchess(crate::solve_chess::VerifyQuickchessArgs),
}

#[derive(Subcommand)]
enum DeckGame {
    /// 28 double-sided Check Mates cards with each task's exact difficulty.
    Checkmates {
        /// Seed of the deck (the default deck without it).
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// 60 Royal Study cards with the optimal count between consecutive cards.
    Royal {
        /// Seed of the deck (the default deck without it).
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum StatsGame {
    /// Layouts, diameter and the distribution of optimal distances.
    Royal {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Reachable boards and the default deck's hardest card.
    Checkmates {
        /// `sliding` or `chess`.
        #[arg(long)]
        side: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Parses the command line and runs the command, returning the process exit status.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => crate::serve::serve(&args),
        Command::Backup(args) => crate::serve::backup(&args),
        Command::Solve(SolveArgs { batch: true, .. }) => batch::run(),
        Command::Solve(SolveArgs { game: None, .. }) => output::usage_error(
            "say what to solve: `tabula solve checkmates ...`, `tabula solve royal ...` or `tabula solve --batch`",
        ),
        Command::Solve(SolveArgs {
            game: Some(game), ..
        }) => match game {
            SolveGame::Checkmates { args, json } => output::emit(
                json,
                puzzles::solve_checkmates(&args.side, &args.board, &args.task),
            ),
            SolveGame::Royal { args, json } => output::emit(
                json,
                puzzles::solve_royal(&args.level, &args.board, &args.card, args.card2.as_deref()),
            ),
            SolveGame::Quickchess(args) => {
                output::emit(args.json, crate::solve_chess::solve(&args))
            }
        },
        Command::Verify { game } => match game {
            VerifyGame::Checkmates {
                args,
                bid,
                moves,
                json,
            } => output::emit(
                json,
                puzzles::verify_checkmates(&args.side, &args.board, &args.task, &bid, &moves),
            ),
            VerifyGame::Royal {
                args,
                bid,
                moves,
                challenger,
                json,
            } => output::emit(json, puzzles::verify_royal(&args, &bid, &moves, challenger)),
            VerifyGame::Quickchess(args) => {
                output::emit(args.json, crate::solve_chess::verify(&args))
            }
        },
        Command::Deck { game } => match game {
            DeckGame::Checkmates { seed, json } => {
                output::emit(json, puzzles::deck_checkmates(seed.as_deref()))
            }
            DeckGame::Royal { seed, json } => {
                output::emit(json, puzzles::deck_royal(seed.as_deref()))
            }
        },
        Command::Play { game } => match game {
            PlayGame::Quickchess {
                variant,
                level,
                color,
                hotseat,
                seed,
            } => crate::play_chess::quickchess(crate::play_chess::ChessOptions {
                variant,
                level,
                color,
                hotseat,
                seed,
            }),
            PlayGame::Querni {
                ai_level,
                color,
                seed,
                hotseat,
            } => play_querni::querni(play_querni::QuerniOptions {
                ai_level,
                color,
                seed,
                hotseat,
            }),
            PlayGame::Checkmates {
                side,
                solo,
                bots,
                bot_level,
                deck,
                seed,
                speed,
            } => play::checkmates(play::CheckMatesOptions {
                side,
                solo,
                bots,
                bot_level,
                deck,
                seed,
                speed,
            }),
            PlayGame::Royal {
                level,
                bonus,
                solo,
                bot_level,
                seed,
                speed,
            } => play::royal(play::RoyalOptions {
                level,
                bonus,
                solo,
                bot_level,
                seed,
                speed,
            }),
        },
        Command::Perft {
            variant,
            fen,
            depth,
            divide,
            json,
        } => output::emit(json, chess::perft(&variant, fen.as_deref(), &depth, divide)),
        Command::Moves { variant, fen, json } => output::emit(json, chess::moves(&variant, &fen)),
        Command::Variants { json } => output::emit(json, chess::variants()),
        Command::Uci => crate::uci::run(),
        Command::Loadtest(args) => crate::loadtest::command(&args),
        Command::Match {
            engine1,
            engine2,
            variant,
            games,
            tc,
            openings,
            pgn,
            option1,
            option2,
            concurrency,
            max_plies,
        } => crate::matchplay::command(crate::matchplay::MatchArgs {
            engines: [engine1, engine2],
            variant,
            games,
            tc,
            openings,
            pgn,
            options: [option1, option2],
            concurrency,
            max_plies,
        }),
        Command::Analyse {
            variant,
            fen,
            depth,
            movetime,
            tablebases,
            json,
        } => output::emit(
            json,
            crate::analyse::analyse(
                &variant,
                fen.as_deref(),
                depth.as_deref(),
                movetime.as_deref(),
                &tablebases,
            ),
        ),
        Command::Bench { depth, json } => {
            output::emit(json, crate::analyse::bench(depth.as_deref()))
        }
        Command::Simulate { game } => match game {
            SimulateGame::Checkmates {
                side,
                bots,
                games,
                seed,
                deck,
            } => output::emit_text(simulate::checkmates(&side, &bots, &games, &seed, &deck)),
            SimulateGame::Royal {
                games,
                seed,
                level,
                bonus,
            } => output::emit_text(simulate::royal(&games, &seed, &level, bonus)),
            SimulateGame::Querni {
                blue,
                red,
                games,
                seed,
                swap,
            } => output::emit_text(querni::simulate(&blue, &red, &games, &seed, swap)),
        },
        Command::Querni { command } => match command {
            QuerniCommand::New { seed, json } => output::emit(json, querni::new(seed.as_deref())),
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
            } => output::emit(
                json,
                querni::best(&position, &level, movetime.as_deref(), &seed),
            ),
        },
        Command::Tb { command } => crate::tablebase::run(command),
        Command::Stats { game } => match game {
            StatsGame::Royal { json } => output::emit(json, puzzles::stats_royal()),
            StatsGame::Checkmates { side, json } => {
                output::emit(json, puzzles::stats_checkmates(&side))
            }
        },
    }
}
