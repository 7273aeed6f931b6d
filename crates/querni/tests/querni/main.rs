//! Querni's integration tests: the rules, the game, properties and the engine.
//!
//! One target for every file (a module each) rather than a target per file: each target
//! compiled and linked the crate and its dependencies again, minutes of a clean build. One
//! module alone:
//! `cargo test -p tabula-querni --test querni rules::`.

mod common;
mod engine;
mod game;
mod properties;
mod rules;
