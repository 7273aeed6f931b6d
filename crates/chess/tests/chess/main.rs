//! The chess crate's integration tests: rules against the reference perft table, the engine, the
//! solvers and tables against independent searches.
//!
//! One target for every file (a module each) rather than a target per file: each target
//! compiled and linked the crate and its dependencies again, minutes of a clean build. One
//! module alone:
//! `cargo test -p tabula-chess --test chess perft::`.

mod engine;
mod first_move;
mod game;
mod perft;
mod properties;
mod rules;
mod solve;
mod solve_wdl;
mod tablebase;
