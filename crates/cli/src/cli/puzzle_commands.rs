//! The grammar of the puzzle commands (`solve`, `verify`, `deck`, `stats`, `simulate`) and
//! their dispatch to [`crate::puzzles`], [`crate::puzzles::batch`] and [`crate::puzzles::simulate`]; `solve` and
//! `verify` also take the QuickChess lesson games to [`crate::engine::solve_chess`].

use crate::cli::output;
use crate::cli::parse::{self, DeckArg, LevelChoice, SideChoice};
use crate::engine::solve_chess;
use crate::engine::solve_chess::{SolveQuickchessArgs, VerifyQuickchessArgs};
use crate::positions::querni;
use crate::puzzles::print::{self, PrintedGame};
use crate::puzzles::{self, batch, simulate};
use clap::{Args, Subcommand};
use std::process::ExitCode;
use tabula_puzzles::royal::Layout;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(super) struct SolveArgs {
    #[command(subcommand)]
    game: Option<SolveGame>,
    /// Read JSON queries from standard input, one per line, and answer each on one line.
    #[arg(long)]
    batch: bool,
}

#[derive(Args)]
pub(super) struct CheckMatesArgs {
    /// Which side of the tokens and cards.
    #[arg(long, value_enum)]
    side: SideChoice,
    /// The board, ranks from the top: `bgr/.j./rbg` (sliding) or `RnQ/.K./qNr` (chess).
    #[arg(long)]
    board: String,
    /// The task pattern, e.g. `b../r../...` or `R.w/.b./Q.b`; `.` means anything.
    #[arg(long)]
    task: String,
}

/// The arguments every Royal Study command shares.
#[derive(Args)]
pub(super) struct RoyalArgs {
    /// 1, 2 (card turns allowed) or 3 (turns and mirrors).
    #[arg(long, value_enum)]
    level: LevelChoice,
    /// Where the pieces stand now, e.g. `K.N/.Q./R.B`.
    #[arg(long, value_parser = parse::layout)]
    board: Layout,
    /// The card to reach.
    #[arg(long, value_parser = parse::layout)]
    card: Layout,
    /// A second card (the bonus challenge: complete both, in either order).
    #[arg(long, value_parser = parse::layout)]
    card2: Option<Layout>,
}

impl RoyalArgs {
    fn cards(&self) -> Vec<Layout> {
        std::iter::once(self.card).chain(self.card2).collect()
    }
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
    Quickchess(SolveQuickchessArgs),
}

#[derive(Subcommand)]
pub(super) enum VerifyGame {
    /// Referee a Check Mates proof.
    Checkmates {
        #[command(flatten)]
        args: CheckMatesArgs,
        /// The announced number of moves.
        #[arg(long, allow_hyphen_values = true)]
        bid: u32,
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
        bid: u32,
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
    Quickchess(VerifyQuickchessArgs),
}

#[derive(Subcommand)]
pub(super) enum DeckGame {
    /// 28 double-sided Check Mates cards with each task's exact difficulty.
    Checkmates {
        /// Seed of the deck (the default deck without it).
        #[arg(long)]
        seed: Option<u64>,
        #[command(flatten)]
        print: PrintArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// 60 Royal Study cards with the optimal count between consecutive cards.
    Royal {
        /// Seed of the deck (the default deck without it).
        #[arg(long)]
        seed: Option<u64>,
        #[command(flatten)]
        print: PrintArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Printing the deck to play on paper.
#[derive(clap::Args)]
pub(super) struct PrintArgs {
    /// Write a print-ready PDF of the deck (duplex A4 sheets with crop marks, and the tokens)
    /// to this file instead of listing the deck.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<std::path::PathBuf>,
    /// The language of the printed words: en, ru or de.
    #[arg(long, value_name = "LANG", default_value = "en", requires = "pdf")]
    pub lang: String,
    /// Print only the deck's first N cards.
    #[arg(long, value_name = "N", requires = "pdf")]
    pub cards: Option<usize>,
}

#[derive(Subcommand)]
pub(super) enum StatsGame {
    /// Layouts, diameter and the distribution of optimal distances.
    Royal {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Reachable boards and the default deck's hardest card.
    Checkmates {
        /// Which side of the tokens.
        #[arg(long, value_enum)]
        side: SideChoice,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub(super) enum SimulateGame {
    /// Check Mates parties among bots of levels 1 up to the strongest, one seat per level.
    Checkmates {
        /// Which side of the tokens and cards.
        #[arg(long, value_enum, default_value = "sliding")]
        side: SideChoice,
        /// Number of bots at the table.
        #[arg(long, default_value = "4", value_parser = clap::value_parser!(u8).range(1..=6))]
        bots: u8,
        /// Number of games.
        #[arg(long, default_value = "100", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Seed of the first game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The cards played (one-star and two-star are the blitz decks).
        #[arg(long, value_enum, default_value = "full")]
        deck: DeckArg,
    },
    /// Royal Study matches between every pair of bot levels in turn.
    Royal {
        /// Number of matches.
        #[arg(long, default_value = "100", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Seed of the first match.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The level played.
        #[arg(long, value_enum, default_value = "1")]
        level: LevelChoice,
        /// Two cards a round.
        #[arg(long)]
        bonus: bool,
    },
    /// Querni games between two computer players.
    Querni {
        /// The first player: ai:1 .. ai:5, ai:max, greedy or random (blue unless swapped).
        #[arg(long, value_parser = parse::querni_player)]
        blue: tabula_querni::Player,
        /// The second player.
        #[arg(long, value_parser = parse::querni_player)]
        red: tabula_querni::Player,
        /// Number of games.
        #[arg(long, default_value = "200", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Seed of the series.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Alternate colours: each start position is played once with each player as blue.
        #[arg(long)]
        swap: bool,
    },
}

pub(super) fn solve(args: SolveArgs) -> ExitCode {
    match args {
        SolveArgs { batch: true, .. } => batch::run(),
        SolveArgs { game: None, .. } => output::fail(anyhow::anyhow!(
            "say what to solve: `tabula exact solve checkmates ...`, `tabula exact solve royal ...`, `tabula exact solve quickchess ...` or `tabula exact solve --batch`"
        )),
        SolveArgs {
            game: Some(SolveGame::Checkmates { args, json }),
            ..
        } => output::emit(
            json,
            puzzles::solve_checkmates(args.side.into(), &args.board, &args.task),
        ),
        SolveArgs {
            game: Some(SolveGame::Royal { args, json }),
            ..
        } => output::emit(
            json,
            Ok(puzzles::solve_royal(
                args.level.into(),
                args.board,
                &args.cards(),
            )),
        ),
        SolveArgs {
            game: Some(SolveGame::Quickchess(args)),
            ..
        } => output::emit(args.json, solve_chess::solve(&args)),
    }
}

/// Whether `args` ask to solve the lesson game `variant` with this budget (for the grammar's
/// tests: [`SolveGame`] is private here).
#[cfg(test)]
pub(super) fn solves_quickchess(args: &SolveArgs, variant: &str, budget: u64) -> bool {
    matches!(
        &args.game,
        Some(SolveGame::Quickchess(a)) if a.variant.name() == variant && a.budget == budget
    )
}

pub(super) fn verify(game: VerifyGame) -> ExitCode {
    match game {
        VerifyGame::Checkmates {
            args,
            bid,
            moves,
            json,
        } => output::emit(
            json,
            puzzles::verify_checkmates(args.side.into(), &args.board, &args.task, bid, &moves),
        ),
        VerifyGame::Royal {
            args,
            bid,
            moves,
            challenger,
            json,
        } => output::emit(
            json,
            puzzles::verify_royal(
                args.level.into(),
                args.board,
                &args.cards(),
                bid,
                &moves,
                challenger,
            ),
        ),
        VerifyGame::Quickchess(args) => output::emit(args.json, solve_chess::verify(&args)),
    }
}

pub(super) fn deck(game: DeckGame) -> ExitCode {
    match game {
        DeckGame::Checkmates { seed, print, json } => match print.pdf {
            Some(file) => output::emit(
                json,
                print::deck_pdf(
                    PrintedGame::CheckMates,
                    seed,
                    &file,
                    &print.lang,
                    print.cards,
                ),
            ),
            None => output::emit(json, puzzles::deck_checkmates(seed)),
        },
        DeckGame::Royal { seed, print, json } => match print.pdf {
            Some(file) => output::emit(
                json,
                print::deck_pdf(PrintedGame::Royal, seed, &file, &print.lang, print.cards),
            ),
            None => output::emit(json, puzzles::deck_royal(seed)),
        },
    }
}

pub(super) fn stats(game: StatsGame) -> ExitCode {
    match game {
        StatsGame::Royal { json } => output::emit(json, puzzles::stats_royal()),
        StatsGame::Checkmates { side, json } => {
            output::emit(json, puzzles::stats_checkmates(side.into()))
        }
    }
}

pub(super) fn simulate(game: SimulateGame) -> ExitCode {
    let answer = match game {
        SimulateGame::Checkmates {
            side,
            bots,
            games,
            seed,
            deck,
        } => simulate::checkmates(side.into(), bots, games, seed, deck),
        SimulateGame::Royal {
            games,
            seed,
            level,
            bonus,
        } => simulate::royal(games, seed, level.into(), bonus),
        SimulateGame::Querni {
            blue,
            red,
            games,
            seed,
            swap,
        } => Ok(querni::simulate(blue, red, games, seed, swap)),
    };
    output::emit(false, answer)
}
