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

use super::postgres_commit::{Committer, Work};
use super::sql::{Arg, Cell, Dialect, Row, Step, for_postgres};
use super::{Due, LogEntry, StoreError};
use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use std::time::Duration;
use tokio_postgres::NoTls;
use tokio_postgres::types::ToSql;

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

/// The database's time now, in ms since the Unix epoch (SQL): the clock every node's leases
/// and deadlines agree on, whatever the nodes' own clocks say.
pub(super) const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Whether `db` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A URL with its password replaced by `***`, safe to print (`postgres://user:***@host/db`;
/// a key-value connection string's `password=...` likewise).
pub fn redact(url: &str) -> String {
    if let Some((scheme, rest)) = url.split_once("://") {
        return match rest.rsplit_once('@') {
            Some((auth, host)) => match auth.split_once(':') {
                Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
                None => url.to_string(),
            },
            None => url.to_string(),
        };
    }
    url.split(' ')
        .map(|part| match part.split_once('=') {
            Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
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

/// A value bound for PostgreSQL, as the type of its column.
fn bound(a: &Arg) -> &(dyn ToSql + Sync) {
    match a {
        Arg::Int(n) => n,
        Arg::Big(n) => n,
        Arg::Real(x) => x,
        Arg::Text(t) => t,
        Arg::Flag(b) => b,
    }
}

/// A row read from PostgreSQL, each cell by its column's type.
fn read_row(r: &tokio_postgres::Row) -> Result<Row, StoreError> {
    use tokio_postgres::types::Type;
    let mut cells = Vec::with_capacity(r.len());
    for (i, column) in r.columns().iter().enumerate() {
        let ty = column.type_();
        let cell = if *ty == Type::INT2 {
            r.try_get::<_, Option<i16>>(i)?
                .map_or(Cell::Null, |n| Cell::Int(i64::from(n)))
        } else if *ty == Type::INT4 {
            r.try_get::<_, Option<i32>>(i)?
                .map_or(Cell::Null, |n| Cell::Int(i64::from(n)))
        } else if *ty == Type::INT8 {
            r.try_get::<_, Option<i64>>(i)?
                .map_or(Cell::Null, Cell::Int)
        } else if *ty == Type::FLOAT8 {
            r.try_get::<_, Option<f64>>(i)?
                .map_or(Cell::Null, Cell::Real)
        } else if *ty == Type::FLOAT4 {
            r.try_get::<_, Option<f32>>(i)?
                .map_or(Cell::Null, |x| Cell::Real(f64::from(x)))
        } else if *ty == Type::BOOL {
            r.try_get::<_, Option<bool>>(i)?
                .map_or(Cell::Null, Cell::Flag)
        } else {
            r.try_get::<_, Option<String>>(i)?
                .map_or(Cell::Null, Cell::Text)
        };
        cells.push(cell);
    }
    Ok(Row(cells))
}

#[async_trait::async_trait]
impl Dialect for PostgresStore {
    fn now_ms_sql(&self) -> &'static str {
        NOW_MS
    }

    async fn rows(&self, sql: &str, args: Vec<Arg>) -> Result<Vec<Row>, StoreError> {
        let c = self.client().await?;
        let st = c.prepare_cached(&for_postgres(sql)).await?;
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(bound).collect();
        c.query(&st, &params).await?.iter().map(read_row).collect()
    }

    async fn exec(&self, sql: &str, args: Vec<Arg>) -> Result<u64, StoreError> {
        let c = self.client().await?;
        let st = c.prepare_cached(&for_postgres(sql)).await?;
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(bound).collect();
        Ok(c.execute(&st, &params).await?)
    }

    async fn transaction(&self, steps: Vec<Step>) -> Result<Option<Vec<u64>>, StoreError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let mut counts = Vec::with_capacity(steps.len());
        for step in steps {
            let st = tx.prepare_cached(&for_postgres(&step.sql)).await?;
            let params: Vec<&(dyn ToSql + Sync)> = step.args.iter().map(bound).collect();
            let n = tx.execute(&st, &params).await?;
            if step.must_change && n == 0 {
                tx.rollback().await?;
                return Ok(None);
            }
            counts.push(n);
        }
        tx.commit().await?;
        Ok(Some(counts))
    }

    async fn log_append(&self, game: &str, e: &LogEntry, due: Due) -> Result<(), StoreError> {
        // acknowledged after its batch's commit; a position already written is `Stale`
        self.write(Work::Append {
            game: game.to_string(),
            seq: e.seq as i64,
            at: e.at as i64,
            action: e.action.to_string(),
            due,
        })
        .await
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
        assert_eq!(
            redact("host=db user=ann password=s3cret dbname=t"),
            "host=db user=ann password=*** dbname=t"
        );
        assert!(is_postgres_url("postgresql://x/y") && !is_postgres_url("tabula.db"));
    }
}
