//! The store for more than one machine: PostgreSQL through a pool of connections.
//!
//! The same schema as SQLite's (crates/server/migrations/postgres, numbered like
//! migrations/sqlite), applied by refinery at start-up under an advisory lock, so several
//! nodes starting together migrate once. An action is acknowledged only after its `INSERT`
//! has committed, as with SQLite. The log's primary key `(game, seq)` is what keeps a game
//! whole when two nodes believe they own it: the second append of a position fails with
//! [`StoreError::Stale`] and that node steps down.
//!
//! The pool is `deadpool-postgres` over `tokio-postgres` (chosen over sqlx: no compile-time
//! database, no macros, far fewer dependencies to build, and `tokio-postgres` also gives the
//! LISTEN/NOTIFY stream the nodes talk through). Connections are plain TCP or a Unix socket
//! (`host=/var/run/postgresql`); run PostgreSQL on a private network.

use super::columns::GAME_COLUMNS;
use super::postgres_commit::{Committer, Work};
use super::{GameRecord, GameStore, LogEntry, SeatRecord, StoreError};
use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use serde_json::Value;
use std::time::Duration;
use tokio_postgres::{NoTls, Row};

/// The PostgreSQL store.
pub struct PostgresStore {
    pool: Pool,
    /// The group commit of appends and notifications.
    committer: Committer,
    /// The connection settings (the nodes open their notification connection with them).
    config: tokio_postgres::Config,
    /// This database's id (in its `meta` table).
    db_id: String,
    /// The URL with its password hidden, for messages.
    shown: String,
}

/// The schema's migrations for PostgreSQL, numbered like SQLite's.
mod embedded {
    refinery::embed_migrations!("migrations/postgres");
}

/// The advisory lock held while migrating ("tabula" in ASCII).
const MIGRATION_LOCK: i64 = 0x0000_7461_6275_6c61;

/// Whether `db` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A URL with its password replaced by `***`, safe to print.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some(parts) => parts,
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// A row's non-negative integer column as `u32` (a negative one means the row was not
/// written by Tabula).
pub(super) fn u32_at(row: &Row, i: usize) -> Result<u32, StoreError> {
    let n: i32 = row.try_get(i)?;
    u32::try_from(n).map_err(|_| StoreError::Refused(format!("column {i} holds {n} (negative)")))
}

/// A `u32` as PostgreSQL's INTEGER.
pub(super) fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// An error with its causes ("error connecting to server: Connection refused"), or the
/// server's own words (constraint, column, ...), which say far more than "db error".
fn describe(e: &tokio_postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return format!("{}: {}", db.code().code(), db.message());
    }
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        StoreError::Postgres(describe(&e))
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> StoreError {
        match e {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            e => StoreError::Postgres(format!("no connection to the database: {e}")),
        }
    }
}

impl PostgresStore {
    /// Connects to `url`, brings the schema up to date and opens a pool of at most
    /// `connections` connections.
    pub async fn connect(url: &str, connections: usize) -> Result<PostgresStore, StoreError> {
        let shown = redact(url);
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Refused(format!("{shown} is not a PostgreSQL URL: {e}")))?;
        let (mut client, connection) = config.connect(NoTls).await.map_err(|e| {
            StoreError::Refused(format!("cannot connect to {shown}: {}", describe(&e)))
        })?;
        let driver = tokio::spawn(connection);
        let db_id = Self::prepare(&mut client).await;
        drop(client);
        let _ = driver.await;
        let db_id = db_id?;
        let manager = Manager::from_config(
            pooled(&config),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(connections.max(1))
            .runtime(Runtime::Tokio1)
            // a database that stopped answering fails requests instead of hanging them
            .create_timeout(Some(Duration::from_secs(5)))
            .wait_timeout(Some(Duration::from_secs(10)))
            .build()
            .map_err(|e| StoreError::Refused(format!("a pool for {shown}: {e}")))?;
        Ok(PostgresStore {
            committer: Committer::start(pool.clone()),
            pool,
            config,
            db_id,
            shown,
        })
    }

    /// Migrates (under the advisory lock) and reads or makes the database's id.
    async fn prepare(client: &mut tokio_postgres::Client) -> Result<String, StoreError> {
        client
            .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
            .await?;
        let migrated = embedded::migrations::runner()
            .run_async(client)
            .await
            .map_err(|e| StoreError::Migration(e.to_string()));
        client
            .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
            .await?;
        migrated?;
        let id = crate::ids::random_hex(8);
        client
            .execute(
                "INSERT INTO meta (key, value) VALUES ('db_id', $1) ON CONFLICT (key) DO NOTHING",
                &[&id],
            )
            .await?;
        let row = client
            .query_one("SELECT value FROM meta WHERE key = 'db_id'", &[])
            .await?;
        Ok(row.try_get(0)?)
    }

    /// This database's id.
    pub fn db_id(&self) -> &str {
        &self.db_id
    }

    /// The URL with its password hidden.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The connection settings.
    pub fn config(&self) -> &tokio_postgres::Config {
        &self.config
    }

    /// A connection from the pool.
    pub(super) async fn client(&self) -> Result<Object, StoreError> {
        Ok(self.pool.get().await?)
    }

    /// Writes `work` with whatever else is queued, returning once it committed.
    pub(super) async fn write(&self, work: Work) -> Result<(), StoreError> {
        self.committer.write(work).await
    }
}

/// The settings of the pool's sessions: the URL's, with generic plans for prepared statements.
/// The group commit's statement takes arrays of a length that changes with every batch; left
/// to itself PostgreSQL plans it afresh on every execution (a custom plan for arrays of that
/// length looks cheaper than the generic one), which measured as a tenth of the database's
/// time under load. Tabula's prepared statements are all lookups by key, planned once.
fn pooled(config: &tokio_postgres::Config) -> tokio_postgres::Config {
    let mut pooled = config.clone();
    let options = match config.get_options() {
        Some(given) => format!("{given} -c plan_cache_mode=force_generic_plan"),
        None => "-c plan_cache_mode=force_generic_plan".to_string(),
    };
    pooled.options(&options);
    pooled
}

fn game_record(row: &Row) -> Result<GameRecord, StoreError> {
    let config: String = row.try_get(2)?;
    Ok(GameRecord {
        id: row.try_get(0)?,
        kind: row.try_get(1)?,
        config: serde_json::from_str(&config)?,
        seed: row.try_get::<_, i64>(3)? as u64,
        created: row.try_get::<_, i64>(4)? as u64,
        started: row.try_get::<_, Option<i64>>(5)?.map(|s| s as u64),
        status: row.try_get(6)?,
        updated: row.try_get::<_, i64>(7)? as u64,
    })
}

pub(super) fn game_records(rows: &[Row]) -> Result<Vec<GameRecord>, StoreError> {
    rows.iter().map(game_record).collect()
}

#[async_trait::async_trait]
impl GameStore for PostgresStore {
    async fn create_game(&self, g: &GameRecord) -> Result<(), StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!(
                "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            ))
            .await?;
        c.execute(
            &st,
            &[
                &g.id,
                &g.kind,
                &g.config.to_string(),
                &(g.seed as i64),
                &(g.created as i64),
                &g.started.map(|s| s as i64),
                &g.status,
                &(g.updated as i64),
            ],
        )
        .await?;
        Ok(())
    }

    async fn put_seat(&self, game: &str, s: &SeatRecord) -> Result<(), StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(
                "INSERT INTO seats (game, seat, name, token_hash, bot_level, account) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game, seat) DO UPDATE SET \
                 name = EXCLUDED.name, token_hash = EXCLUDED.token_hash, \
                 bot_level = EXCLUDED.bot_level, account = EXCLUDED.account",
            )
            .await?;
        let bot = s.bot_level.map(i32::from);
        c.execute(
            &st,
            &[
                &game,
                &int(s.seat),
                &s.name,
                &s.token_hash,
                &bot,
                &s.account,
            ],
        )
        .await?;
        Ok(())
    }

    async fn remove_seat(&self, game: &str, seat: u32) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "DELETE FROM seats WHERE game = $1 AND seat = $2",
            &[&game, &int(seat)],
        )
        .await?;
        Ok(())
    }

    async fn start_game(&self, id: &str, config: &Value, started: u64) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "UPDATE games SET config = $2, started = $3, status = 'playing', updated = $3 \
             WHERE id = $1",
            &[&id, &config.to_string(), &(started as i64)],
        )
        .await?;
        Ok(())
    }

    async fn set_config(&self, id: &str, config: &Value) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "UPDATE games SET config = $2 WHERE id = $1",
            &[&id, &config.to_string()],
        )
        .await?;
        Ok(())
    }

    async fn append(&self, game: &str, e: &LogEntry) -> Result<(), StoreError> {
        // acknowledged after its batch's commit; a position already written is `Stale`
        self.write(Work::Append {
            game: game.to_string(),
            seq: e.seq as i64,
            at: e.at as i64,
            action: e.action.to_string(),
        })
        .await
    }

    async fn set_status(&self, id: &str, status: &str, at: u64) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "UPDATE games SET status = $2, updated = $3 WHERE id = $1",
            &[&id, &status, &(at as i64)],
        )
        .await?;
        Ok(())
    }

    async fn game(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .await?;
        c.query_opt(&st, &[&id])
            .await?
            .as_ref()
            .map(game_record)
            .transpose()
    }

    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(
                "SELECT s.seat, CASE WHEN a.deleted IS NOT NULL THEN 'deleted player' \
                 ELSE s.name END, s.token_hash, s.bot_level, s.account FROM seats s \
                 LEFT JOIN accounts a ON a.id = s.account WHERE s.game = $1 ORDER BY s.seat",
            )
            .await?;
        let rows = c.query(&st, &[&id]).await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRecord {
                    seat: u32_at(r, 0)?,
                    name: r.try_get(1)?,
                    token_hash: r.try_get(2)?,
                    bot_level: r
                        .try_get::<_, Option<i32>>(3)?
                        .map(|l| u8::try_from(l).unwrap_or(u8::MAX)),
                    account: r.try_get(4)?,
                })
            })
            .collect()
    }

    async fn log(&self, id: &str) -> Result<Vec<LogEntry>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached("SELECT seq, at, action FROM actions WHERE game = $1 ORDER BY seq")
            .await?;
        let rows = c.query(&st, &[&id]).await?;
        rows.iter()
            .map(|r| {
                let action: String = r.try_get(2)?;
                Ok(LogEntry {
                    seq: r.try_get::<_, i64>(0)? as u64,
                    at: r.try_get::<_, i64>(1)? as u64,
                    action: serde_json::from_str(&action)?,
                })
            })
            .collect()
    }

    async fn games_with_status(&self, statuses: &[&str]) -> Result<Vec<GameRecord>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE status = ANY($1) ORDER BY created"
                ),
                &[&statuses],
            )
            .await?;
        game_records(&rows)
    }

    async fn games_after(&self, after: &str, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id > $1 ORDER BY id LIMIT $2"),
                &[&after, &(limit as i64)],
            )
            .await?;
        game_records(&rows)
    }

    async fn recent_finished(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished' \
                     ORDER BY updated DESC LIMIT $1"
                ),
                &[&(limit as i64)],
            )
            .await?;
        game_records(&rows)
    }

    async fn playing(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE status = 'playing' \
                 ORDER BY updated DESC LIMIT $1"
            ))
            .await?;
        game_records(&c.query(&st, &[&(limit as i64)]).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact("postgres://tabula:s3cret@db.example:5432/tabula"),
            "postgres://tabula:***@db.example:5432/tabula"
        );
        assert_eq!(redact("postgres://db/tabula"), "postgres://db/tabula");
        assert_eq!(redact("postgres://ann@db/t"), "postgres://ann@db/t");
        assert!(is_postgres_url("postgresql://x/y") && !is_postgres_url("tabula.db"));
    }
}
