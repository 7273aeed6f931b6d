//! The server's integration tests: a real server on port 0 with HTTP and WebSocket clients
//! (common/), a module per capability, each run on SQLite and (TABULA_TEST_STORE=postgres) on
//! PostgreSQL.
//!
//! One target for every file (a module each) rather than a target per file: each target
//! compiled and linked the crate and its dependencies again, minutes of a clean build. One
//! module alone:
//! `cargo test -p tabula-server --test server chat::`.

mod api;
mod assets;
mod attacks;
mod catalogues;
mod challenges;
mod chat;
mod class_accounts;
mod classes;
mod common;
mod contract;
mod correspondence;
mod deadlines;
mod deck;
mod duels;
mod edges;
mod explorer;
mod explorer_batch;
mod fair_play;
mod hardening;
mod learn;
mod lobby;
mod moderation;
mod pgn_position;
mod player_games;
mod players;
mod postgres;
mod puzzle_farm;
mod puzzles;
mod querni_coach;
mod rated_tables;
mod review;
mod royal_options;
mod seats;
mod social;
mod table;
mod tournament_parties;
mod tournament_store;
mod tournaments;
mod web_types;
mod words;
