//! What the account endpoints answer (`/api/auth/*`, `/api/me`, profiles, leaderboards), as
//! named types: the contract (see [`super::contract`]) names them to the browser.

use crate::players::ratings::provisional;
use crate::store::players::{PlayedGame, RatingChange, RatingRecord};
use serde::Serialize;
use ts_rs::TS;

/// A session begun (sign-up or log-in).
#[derive(Serialize, TS)]
pub struct SignedIn {
    /// The account's name.
    pub name: String,
    /// How many of the guest seats sent along became the account's.
    pub claimed: u64,
}

/// A log-out.
#[derive(Serialize, TS)]
pub struct SignedOut {
    /// How many sessions ended (all of the account's with `everywhere`).
    pub sessions_ended: u64,
}

/// A password changed (every other session ended).
#[derive(Serialize, TS)]
pub struct PasswordChanged {
    /// Always true.
    pub changed: bool,
}

/// An account deleted.
#[derive(Serialize, TS)]
pub struct Deleted {
    /// Its name (now free to take after a while).
    pub deleted: String,
}

/// Guest seats made the account's.
#[derive(Serialize, TS)]
pub struct Claimed {
    /// How many.
    pub claimed: u64,
}

/// A rating in one pool, as shown (rounded).
#[derive(Serialize, TS)]
pub struct PoolRating {
    /// The pool (`quickchess:blitz`, `puzzles:quickchess`, ...).
    pub pool: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Too few games to trust it yet.
    pub provisional: bool,
    /// Games (or puzzle tries) rated in it.
    pub games: u32,
}

impl From<&RatingRecord> for PoolRating {
    fn from(r: &RatingRecord) -> Self {
        PoolRating {
            pool: r.pool.clone(),
            rating: r.rating.round(),
            deviation: r.deviation.round(),
            provisional: provisional(r),
            games: r.games,
        }
    }
}

/// The signed-in account (`GET /api/me`).
#[derive(Serialize, TS)]
pub struct Me {
    /// Its name.
    pub name: String,
    /// When it was made (ms since 1970).
    pub created: u64,
    /// Its ratings.
    pub ratings: Vec<PoolRating>,
    /// A moderator of the site.
    pub admin: bool,
}

/// One game kind's tally on a profile.
#[derive(Serialize, TS)]
pub struct KindStats {
    /// The kind (`quickchess`, ...).
    pub kind: String,
    /// Games finished.
    pub played: u32,
    /// Won (in a party, a first place, even shared).
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
}

/// A rating change after a game.
#[derive(Serialize, TS)]
pub struct RatingStep {
    /// The pool.
    pub pool: String,
    /// The game that changed it.
    pub game: String,
    /// When (ms since 1970).
    pub at: u64,
    /// The rating after it.
    pub rating: f64,
    /// By how much it changed.
    pub change: f64,
}

impl From<&RatingChange> for RatingStep {
    fn from(h: &RatingChange) -> Self {
        RatingStep {
            pool: h.pool.clone(),
            game: h.game.clone(),
            at: h.at,
            rating: h.rating.round(),
            change: h.change.round(),
        }
    }
}

/// A player's profile (`GET /api/users/{name}`).
#[derive(Serialize, TS)]
pub struct Profile {
    /// Their name.
    pub name: String,
    /// When the account was made.
    pub created: u64,
    /// Their ratings.
    pub ratings: Vec<PoolRating>,
    /// Per game kind: played, won, drawn, lost (of the last 200 games).
    pub stats: Vec<KindStats>,
    /// The 50 latest games.
    pub games: Vec<PlayedGame>,
    /// Every rating change.
    pub history: Vec<RatingStep>,
}

/// A rating pool with a leaderboard.
#[derive(Serialize, TS)]
pub struct PoolSize {
    /// The pool.
    pub pool: String,
    /// How many players are ranked in it.
    pub players: u64,
}

/// The pools with a leaderboard, the busiest first (`GET /api/leaderboard`).
#[derive(Serialize, TS)]
pub struct Pools {
    /// The pools.
    pub pools: Vec<PoolSize>,
}

/// A ranked player.
#[derive(Serialize, TS)]
pub struct Ranked {
    /// Their place, from 1.
    pub rank: u32,
    /// Their name.
    pub name: String,
    /// Their rating (rounded).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Too few games to trust it yet.
    pub provisional: bool,
    /// Games rated in the pool.
    pub games: u32,
}

/// One pool's leaderboard (`GET /api/leaderboard/{pool}`).
#[derive(Serialize, TS)]
pub struct Leaderboard {
    /// The pool.
    pub pool: String,
    /// Its best 50.
    pub players: Vec<Ranked>,
}
