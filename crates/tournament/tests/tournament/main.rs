//! The tournament crate's integration tests: Dutch pairings against the reference files and
//! Swiss properties.
//!
//! One target for every file (a module each) rather than a target per file: each target
//! compiled and linked the crate and its dependencies again, minutes of a clean build. One
//! module alone:
//! `cargo test -p tabula-tournament --test tournament dutch_reference::`.

mod dutch_reference;
mod swiss_properties;
