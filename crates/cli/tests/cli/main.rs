//! The `tabula` command's integration tests: the binary run as a user runs it, nodes on one
//! PostgreSQL (node/), the README's commands, the reference engines beside ours (common/).
//!
//! One target for every file (a module each) rather than a target per file: each target
//! compiled and linked the crate and its dependencies again, minutes of a clean build. One
//! module alone:
//! `cargo test -p tabula --test cli readme::`.

mod across_nodes;
mod admin_cli;
mod architecture;
mod chess_cli;
mod circles;
mod common;
mod config_cli;
mod engine_cli;
mod function_length;
mod games_cli;
mod games_db;
mod loadtest_cli;
mod logs_cli;
mod migrate;
mod mined_puzzles_cli;
mod node;
mod nodes;
mod pgn_fsf;
mod puzzle_agreement;
mod puzzles_cli;
mod querni_cli;
mod quickchess_play;
mod readme;
mod restart;
mod review_agreement;
mod solve_chess_cli;
mod solve_disk_cli;
mod tablebase_cli;
mod tls_cli;
mod tournament_nodes;
