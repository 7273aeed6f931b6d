//! The `tabula` command-line tool as a library, so benchmarks and tests can drive its commands
//! without a process. The binary (`main.rs`) only calls [`cli::run`].
//!
//! Every rule and every answer comes from the game crates; this crate parses arguments and
//! formats answers as text or JSON. Each folder holds one job:
//!
//! - [`cli`]: the argument grammar, the dispatch, and the parsers and printers every command
//!   shares;
//! - [`play`]: playing in the terminal;
//! - [`puzzles`]: Check Mates and The Royal Study (solve, verify, decks, stats, bots' games);
//! - [`positions`]: QuickChess, chess and Querni positions and their rules;
//! - [`engine`]: the QuickChess engine's tools (analysis, bench, UCI, matches, the lesson-game
//!   solver, endgame tables, training records);
//! - [`site`]: running the web app (serve, backups, migration, checks, load tests).
#![deny(missing_docs)]

pub mod cli;
pub mod engine;
pub mod play;
pub mod positions;
pub mod puzzles;
pub mod site;
