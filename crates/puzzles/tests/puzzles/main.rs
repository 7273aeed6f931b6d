//! The puzzle games' integration tests: the rulebooks' examples, the solvers against an oracle,
//! the party and Royal Study games.
//!
//! One target for every file (a module each) rather than a target per file: each target
//! compiled and linked the crate and its dependencies again, minutes of a clean build. One
//! module alone:
//! `cargo test -p tabula-puzzles --test puzzles oracle::`.

mod examples;
mod oracle;
mod party;
mod royal_games;
