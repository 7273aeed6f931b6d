//! What the server stores about players: accounts and their sessions, each finished game's
//! result per seat, ratings and their history, the lobby's open seeks, and the daily puzzle's
//! starts and results.

use super::StoreError;

/// An account.
#[derive(Clone, Debug, PartialEq)]
pub struct Account {
    /// Its number.
    pub id: i64,
    /// The name as its owner typed it.
    pub name: String,
    /// The Argon2id hash of its password (PHC string).
    pub password_hash: String,
    /// When it was made (ms since the Unix epoch).
    pub created: u64,
}

/// A finished game's outcome for one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRecord {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: u32,
    /// The seat's account, if a signed-in player held it.
    pub account: Option<i64>,
    /// The rating pool of the game (`quickchess:blitz`, `checkmates`, ...).
    pub pool: String,
    /// Whether the game was rated.
    pub rated: bool,
    /// The seat's score: 1 a win, 0.5 a draw, 0 a loss (in a party, its share of the
    /// pairwise comparisons).
    pub score: f64,
    /// Its place, from 1 (shared places are equal).
    pub place: u32,
    /// How many played.
    pub players: u32,
    /// When the game ended.
    pub finished: u64,
}

/// A rating in a pool (Glicko-2).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRecord {
    /// The account.
    pub account: i64,
    /// The pool.
    pub pool: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played in the pool.
    pub games: u32,
    /// When it last changed.
    pub updated: u64,
}

/// One step of a rating's history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The account.
    pub account: i64,
    /// The pool.
    pub pool: String,
    /// The game that changed it.
    pub game: String,
    /// When.
    pub at: u64,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation after the game.
    pub deviation: f64,
    /// The change.
    pub change: f64,
}

/// A game an account played, for its profile (shown there as it is).
#[derive(Clone, Debug, PartialEq, serde::Serialize, ts_rs::TS)]
pub struct PlayedGame {
    /// The game.
    pub game: String,
    /// Its kind (`quickchess`, ...).
    pub kind: String,
    /// Its pool.
    pub pool: String,
    /// Whether it was rated.
    pub rated: bool,
    /// The account's score in it.
    pub score: f64,
    /// Its place.
    pub place: u32,
    /// How many played.
    pub players: u32,
    /// When it ended.
    pub finished: u64,
}

/// An open seek of the lobby.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRecord {
    /// Its id.
    pub id: String,
    /// Who made it: `a:<account>` or `g:<guest id>`.
    pub owner: String,
    /// The name shown.
    pub name: String,
    /// The account, for a signed-in player.
    pub account: Option<i64>,
    /// The owner's rating in the seek's pool, when rated.
    pub rating: Option<i64>,
    /// What is sought (JSON: kind, options, rated, rating range).
    pub spec: String,
    /// When it was made.
    pub created: u64,
    /// The client it was posted from (the per-address limits' key of its address).
    pub client: String,
}

/// A daily puzzle's result.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyResult {
    /// The day (`2026-11-23`).
    pub day: String,
    /// The puzzle (`checkmates-sliding`, `royal-2`, ...).
    pub puzzle: String,
    /// Who: `a:<account>` or `g:<guest id>`.
    pub player: String,
    /// The name shown.
    pub name: String,
    /// The account, for a signed-in player.
    pub account: Option<i64>,
    /// Moves (and card actions) used.
    pub moves: u32,
    /// Time from the start to the solution.
    pub ms: u64,
    /// When it was solved.
    pub at: u64,
}

/// What the server stores about players.
#[async_trait::async_trait]
pub trait PlayerStore: Send + Sync {
    /// Makes an account; `None` when the name (case-insensitively) is taken.
    async fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError>;
    /// The account of a name (case-insensitively), unless deleted.
    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError>;
    /// An account by number, unless deleted.
    async fn account(&self, id: i64) -> Result<Option<Account>, StoreError>;
    /// Replaces an account's password hash.
    async fn set_password(&self, id: i64, password_hash: &str) -> Result<(), StoreError>;
    /// Deletes an account: its sessions and seeks go, its name is freed, its games stay
    /// (their seats then show "deleted player").
    async fn delete_account(&self, id: i64, now: u64) -> Result<(), StoreError>;
    /// Opens a session.
    async fn create_session(
        &self,
        token_hash: &str,
        account: i64,
        now: u64,
    ) -> Result<(), StoreError>;
    /// The account of a session, touching it (`None` for an unknown or expired session).
    async fn session(
        &self,
        token_hash: &str,
        now: u64,
        max_idle_ms: u64,
    ) -> Result<Option<Account>, StoreError>;
    /// Ends one session.
    async fn delete_session(&self, token_hash: &str) -> Result<u64, StoreError>;
    /// Ends every session of an account; how many there were.
    async fn delete_sessions(&self, account: i64) -> Result<u64, StoreError>;
    /// Gives the guest seats held by these tokens to an account; how many.
    async fn claim_seats(&self, account: i64, token_hashes: &[String]) -> Result<u64, StoreError>;
    /// Records a finished game's results and rating changes at once; a game already
    /// recorded is left as it is (`false`).
    async fn record_results(
        &self,
        results: &[ResultRecord],
        ratings: &[RatingRecord],
        changes: &[RatingChange],
    ) -> Result<bool, StoreError>;
    /// An account's rating in a pool.
    async fn rating(&self, account: i64, pool: &str) -> Result<Option<RatingRecord>, StoreError>;
    /// An account's ratings.
    async fn ratings(&self, account: i64) -> Result<Vec<RatingRecord>, StoreError>;
    /// The rating changes a game made.
    async fn game_ratings(&self, game: &str) -> Result<Vec<RatingChange>, StoreError>;
    /// An account's rating history, oldest first.
    async fn rating_history(&self, account: i64) -> Result<Vec<RatingChange>, StoreError>;
    /// An account's finished games, newest first.
    async fn played(&self, account: i64, limit: usize) -> Result<Vec<PlayedGame>, StoreError>;
    /// Every rating pool with its number of players who have played at least `min_games`
    /// rated games there, the busiest first (the leaderboard page opens on one of them).
    async fn pool_sizes(&self, min_games: u32) -> Result<Vec<(String, u64)>, StoreError>;
    /// The best ratings of a pool with the accounts' names.
    async fn leaderboard(
        &self,
        pool: &str,
        min_games: u32,
        limit: usize,
    ) -> Result<Vec<(String, RatingRecord)>, StoreError>;
    /// The games created since `since` (ms) with a seat of account `a` and a seat of account
    /// `b` (the rated pairings of two accounts in a day are counted from them).
    async fn games_between(
        &self,
        a: i64,
        b: i64,
        since: u64,
    ) -> Result<Vec<super::GameRecord>, StoreError>;
    /// The server's secret called `name` (random, made the first time it is asked for, the
    /// same for every node of the database): the key of what the server signs.
    async fn secret(&self, name: &str) -> Result<String, StoreError>;
    /// Adds a seek.
    async fn put_seek(&self, seek: &SeekRecord) -> Result<(), StoreError>;
    /// Removes a seek and gives it back, if it was there (so of two takers only one gets
    /// it).
    async fn take_seek(&self, id: &str) -> Result<Option<SeekRecord>, StoreError>;
    /// Removes every seek of an owner.
    async fn remove_seeks_of(&self, owner: &str) -> Result<u64, StoreError>;
    /// The open seeks, oldest first.
    async fn seeks(&self) -> Result<Vec<SeekRecord>, StoreError>;
    /// When `player` started a daily puzzle (recording `now` if this is the first time).
    async fn daily_start(
        &self,
        day: &str,
        puzzle: &str,
        player: &str,
        now: u64,
    ) -> Result<u64, StoreError>;
    /// Records a daily result; `false` if the player already has one for that puzzle.
    async fn daily_result(&self, result: &DailyResult) -> Result<bool, StoreError>;
    /// A daily puzzle's results, best first (fewest moves, then the quickest).
    async fn daily_ranking(
        &self,
        day: &str,
        puzzle: &str,
        limit: usize,
    ) -> Result<Vec<DailyResult>, StoreError>;
    /// The days on which a player solved a daily puzzle, newest first.
    async fn daily_days(&self, player: &str) -> Result<Vec<String>, StoreError>;
}
