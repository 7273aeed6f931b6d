//! The `tabula` command-line tool as a library, so benchmarks and tests can drive its commands
//! without a process. The binary (`main.rs`) only calls [`cli::run`].
//!
//! Every rule and every answer comes from the game crates; this crate parses arguments and
//! formats answers as text or JSON.
#![deny(missing_docs)]

pub mod analyse;
pub mod batch;
pub mod chess;
pub mod cli;
pub mod games_db;
pub mod loadtest;
pub mod matchplay;
pub mod nnue_data;
pub mod output;
pub mod parse;
pub mod play;
pub mod print;
pub mod puzzles;
pub mod querni;
pub mod serve;
pub mod simulate;
pub mod solve_chess;
pub mod tablebase;
pub mod uci;
