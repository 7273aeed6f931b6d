//! Which database a server uses: a SQLite file (one machine) or a PostgreSQL URL (one or many
//! nodes), told apart by the scheme, so `--db` takes either.

use super::{PostgresStore, SqliteStore, Store, StoreError, postgres};
use std::path::PathBuf;
use std::sync::Arc;

/// Connections a node keeps to PostgreSQL at most (its rooms, requests and lobby share them).
pub const POSTGRES_CONNECTIONS: usize = 16;

/// A database to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL URL, `postgres://user:pass@host:port/dbname`.
    Postgres(String),
}

impl Database {
    /// `postgres://...` or `postgresql://...` is PostgreSQL; anything else is a file.
    pub fn parse(db: &str) -> Database {
        if postgres::is_postgres_url(db) {
            Database::Postgres(db.to_string())
        } else {
            Database::Sqlite(PathBuf::from(db))
        }
    }

    /// Opens it: the schema is brought up to date; a damaged or emptied SQLite file, or an
    /// unreachable PostgreSQL, is refused with what was found.
    pub async fn open(&self) -> Result<Arc<dyn Store>, StoreError> {
        Ok(match self {
            Database::Sqlite(path) => Arc::new(SqliteStore::open(path)?),
            Database::Postgres(url) => {
                Arc::new(PostgresStore::connect(url, POSTGRES_CONNECTIONS).await?)
            }
        })
    }
}

impl std::fmt::Display for Database {
    /// The file, or the URL with its password hidden.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&postgres::redact(url)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_tells_a_url_from_a_file() {
        assert_eq!(
            Database::parse("data/tabula.db"),
            Database::Sqlite("data/tabula.db".into())
        );
        let url = "postgresql://tabula:pw@db/tabula";
        assert_eq!(Database::parse(url), Database::Postgres(url.into()));
        assert_eq!(
            Database::parse(url).to_string(),
            "postgresql://tabula:***@db/tabula"
        );
    }
}
