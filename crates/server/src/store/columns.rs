//! The column lists both stores select, in the order their row readers expect: one place, so
//! SQLite and PostgreSQL can never read a row in two different orders.

/// `games`: id, kind, config, seed, created, started, status, updated.
pub(super) const GAME_COLUMNS: &str = "id, kind, config, seed, created, started, status, updated";
/// `rating_history`.
pub(super) const CHANGE_COLUMNS: &str = "account, pool, game, at, rating, deviation, change";
/// `accounts`.
pub(super) const ACCOUNT_COLUMNS: &str = "id, name, password_hash, created";
/// `ratings`.
pub(super) const RATING_COLUMNS: &str =
    "account, pool, rating, deviation, volatility, games, updated";
/// `seeks`.
pub(super) const SEEK_COLUMNS: &str = "id, owner, name, account, rating, spec, created, client";
/// `daily_results`.
pub(super) const DAILY_COLUMNS: &str = "day, puzzle, player, name, account, moves, ms, at";
