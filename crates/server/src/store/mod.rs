//! Persistence: games, their seats and their append-only action logs, behind one [`Store`]
//! trait.
//!
//! A game is stored as its kind, configuration, seed and start time plus every accepted action
//! with the time it was accepted; replaying the log rebuilds the game exactly (the games are
//! deterministic state machines). Each log entry has a position (`seq`) unique within its
//! game, so two writers can never both append the same step: the second write fails.
//!
//! The trait is asynchronous so that a networked database can sit behind it: the default
//! [`SqliteStore`] answers at once from one SQLite file in WAL mode; [`PostgresStore`] serves
//! several server nodes from one PostgreSQL database.

pub mod backup;
pub mod challenges;
pub mod class_play;
pub mod classes;
pub mod copy;
mod copy_tables;
pub mod deadlines;
pub mod explorer;
mod explorer_batch;
mod explorer_game;
mod explorer_player;
pub mod game_search;
mod games;
pub mod leases;
pub mod moderation;
mod moderation_sql;
pub mod notify;
pub mod open;
pub mod players;
mod players_sql;
pub mod postgres;
mod postgres_commit;
pub mod puzzle_fairness;
pub mod puzzles;
mod rows;
pub mod social;
pub mod sql;
pub mod sqlite;
mod sqlite_checkpoint;
mod statements;
pub mod tournament_moderation;
pub mod tournaments;
pub mod turns;

pub use challenges::ChallengeStore;
pub use class_play::PlayRecords;
pub use classes::ClassStore;
pub use deadlines::{DeadlineStore, Due};
pub use explorer::ExplorerStore;
pub use game_search::GameSearchStore;
pub use moderation::ModerationStore;
pub use open::Database;
pub use players::PlayerStore;
pub use postgres::PostgresStore;
pub use puzzle_fairness::PuzzleFairness;
pub use puzzles::PuzzleStore;
pub use social::SocialStore;
pub use sqlite::SqliteStore;
pub use tournament_moderation::TournamentModeration;
pub use tournaments::TournamentStore;
pub use turns::TurnStore;

use crate::json::RawJson;
use crate::model::{GameConfig, Kind, Status};

/// A stored game's header.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Its id (also in its URLs).
    pub id: String,
    /// What game it is.
    pub kind: Kind,
    /// The creator's options, and the game's configuration once it started (stored as JSON).
    pub config: GameConfig,
    /// The seed of its randomness.
    pub seed: u64,
    /// When it was created (ms since the Unix epoch).
    pub created: u64,
    /// When play started, if it has.
    pub started: Option<u64>,
    /// Where it stands.
    pub status: Status,
    /// When anything last happened.
    pub updated: u64,
}

/// A seat at a game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRecord {
    /// Seat number from 0.
    pub seat: u32,
    /// The nickname shown.
    pub name: String,
    /// SHA-256 of the seat's secret token (empty for bots).
    pub token_hash: String,
    /// A bot's level, for bot seats.
    pub bot_level: Option<u8>,
    /// The account of a signed-in player's seat (guests and bots have none).
    pub account: Option<i64>,
}

/// A logged action.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// Position in the log from 0.
    pub seq: u64,
    /// When it was accepted (ms since the Unix epoch).
    pub at: u64,
    /// The action in the game's own JSON (read back by the game's adapter).
    pub action: RawJson,
}

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database said no.
    #[error("database: {0}")]
    Db(#[from] rusqlite::Error),
    /// PostgreSQL said no, or could not be reached.
    #[error("PostgreSQL: {0}")]
    Postgres(String),
    /// A position of a game's log was already written: another writer (a node that took the
    /// game over) got there first, so this one's view of the game is stale.
    #[error(
        "game {game}: position {seq} of its log is already written (another node owns the game now)"
    )]
    Stale {
        /// The game.
        game: String,
        /// The position.
        seq: u64,
    },
    /// Stored JSON could not be read back.
    #[error("stored JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The database file cannot be used as it is (damaged, emptied, foreign); the message
    /// says what was found and how to recover.
    #[error("{0}")]
    Refused(String),
    /// The schema could not be brought up to date.
    #[error("migrating the database: {0}")]
    Migration(String),
    /// A file beside the database (its marker, a backup) could not be read or written.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// A store's failure, to a client: the server's fault (500), in words.
impl From<StoreError> for crate::error::ApiError {
    fn from(e: StoreError) -> crate::error::ApiError {
        crate::error::ApiError::Internal(crate::error::Fault::Store, e.to_string())
    }
}

/// What the server needs from storage: the games, the players, the puzzles, the moderators'
/// records, friends, tournaments, challenges, correspondence games' turns, every game's next
/// deadline and the opening explorer's statistics.
pub trait Store:
    GameStore
    + PlayerStore
    + PuzzleStore
    + ModerationStore
    + SocialStore
    + TournamentStore
    + ChallengeStore
    + TurnStore
    + DeadlineStore
    + TournamentModeration
    + PuzzleFairness
    + ExplorerStore
    + GameSearchStore
    + ClassStore
    + PlayRecords
{
}

impl<
    T: GameStore
        + PlayerStore
        + PuzzleStore
        + ModerationStore
        + SocialStore
        + TournamentStore
        + ChallengeStore
        + TurnStore
        + DeadlineStore
        + TournamentModeration
        + PuzzleFairness
        + ExplorerStore
        + GameSearchStore
        + ClassStore
        + PlayRecords,
> Store for T
{
}

/// The games: records, seats and logs.
#[async_trait::async_trait]
pub trait GameStore: Send + Sync {
    /// Records a new game.
    async fn create_game(&self, g: &GameRecord) -> Result<(), StoreError>;
    /// Adds or replaces a seat.
    async fn put_seat(&self, game: &str, s: &SeatRecord) -> Result<(), StoreError>;
    /// Removes a seat.
    async fn remove_seat(&self, game: &str, seat: u32) -> Result<(), StoreError>;
    /// Marks a game started (its configuration may have been completed in the lobby).
    async fn start_game(
        &self,
        id: &str,
        config: &GameConfig,
        started: u64,
    ) -> Result<(), StoreError>;
    /// Replaces a game's configuration (lobby options).
    async fn set_config(&self, id: &str, config: &GameConfig) -> Result<(), StoreError>;
    /// Appends an action; `seq` must be the next position in the log (a position already
    /// written is refused). The game's stored deadline changes as `due` says, in the same
    /// transaction (so a deadline is never ahead of or behind the log that set it).
    async fn append(&self, game: &str, entry: &LogEntry, due: Due) -> Result<(), StoreError>;
    /// Sets a game's status.
    async fn set_status(&self, id: &str, status: Status, at: u64) -> Result<(), StoreError>;
    /// A game's header.
    async fn game(&self, id: &str) -> Result<Option<GameRecord>, StoreError>;
    /// A game's seats, by seat number.
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError>;
    /// A game's whole log.
    async fn log(&self, id: &str) -> Result<Vec<LogEntry>, StoreError>;
    /// Games with a status among `statuses`, oldest first.
    async fn games_with_status(&self, statuses: &[Status]) -> Result<Vec<GameRecord>, StoreError>;
    /// Finished games, newest first.
    async fn recent_finished(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError>;
    /// Games being played now that anyone may watch, newest first.
    async fn playing(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError>;
    /// Up to `limit` games whose ids come after `after`, in the order of their ids (every
    /// game, a page at a time).
    async fn games_after(&self, after: &str, limit: usize) -> Result<Vec<GameRecord>, StoreError>;
    /// Keeps the computer's review of a finished game (JSON), made at `made`; a game is
    /// reviewed once: a second review (another node's, say) leaves the first. Whether this
    /// one was kept.
    async fn put_review(&self, game: &str, made: u64, body: &str) -> Result<bool, StoreError>;
    /// The stored review of a game, if it has one.
    async fn review(&self, game: &str) -> Result<Option<String>, StoreError>;
}
