//! One store, two dialects: what a statement is bound to and reads back, and the few things a
//! database must do for the store ([`Dialect`]). Every statement is written once
//! ([`super::statements`]), with SQLite's numbered placeholders `?1`, which PostgreSQL reads as
//! `$1`; every row is read once ([`super::rows`]); the games and the players are stored once
//! for both databases ([`super::games`], [`super::players_sql`]).
//!
//! Why a statement table and not a query builder (sea-query): the two schemas are the same
//! but for types, so the statements are the same text but for placeholders, and upserts
//! (`ON CONFLICT ... DO UPDATE`, `RETURNING`) read the same in both since SQLite 3.35. What a
//! builder adds (statements made at run time, a dialect per backend) the store does not need,
//! and a reader of the store sees the SQL the database runs. What truly differs stays with each
//! database: the log's append (SQLite's transaction, PostgreSQL's group commit), the leases and
//! notifications of several nodes, backups and migration.

use super::{Due, LogEntry, StoreError};

/// A value bound to a statement, typed as the column it goes to (PostgreSQL's types; SQLite
/// keeps every integer alike).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// An `INTEGER` (seat numbers, levels, counts).
    Int(Option<i32>),
    /// A `BIGINT` (times, ids, seeds).
    Big(Option<i64>),
    /// A `DOUBLE PRECISION`.
    Real(f64),
    /// A `TEXT`.
    Text(Option<String>),
    /// A `BOOLEAN` (SQLite: 0 or 1).
    Flag(bool),
}

impl Arg {
    /// A count or number that fits `INTEGER`.
    pub fn int(n: u32) -> Arg {
        Arg::Int(Some(i32::try_from(n).unwrap_or(i32::MAX)))
    }

    /// A time or another unsigned number stored as `BIGINT`.
    pub fn big(n: u64) -> Arg {
        Arg::Big(Some(n as i64))
    }

    /// A signed `BIGINT` (an account's number), or none.
    pub fn id(n: Option<i64>) -> Arg {
        Arg::Big(n)
    }

    /// A text.
    pub fn text(s: &str) -> Arg {
        Arg::Text(Some(s.to_string()))
    }

    /// JSON, stored as text byte for byte.
    pub fn json<T: serde::Serialize + ?Sized>(v: &T) -> Arg {
        Arg::Text(Some(crate::json::RawJson::of(v).text().to_string()))
    }
}

/// A value read from a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// `NULL`.
    Null,
    /// Any integer.
    Int(i64),
    /// A float.
    Real(f64),
    /// A text.
    Text(String),
    /// A boolean (PostgreSQL's; SQLite's booleans read as integers).
    Flag(bool),
}

/// A row read back, its cells in the order of the statement's columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub Vec<Cell>);

fn wrong(i: usize, want: &str, got: &Cell) -> StoreError {
    StoreError::Refused(format!("column {i} holds {got:?}, not {want}"))
}

impl Row {
    fn cell(&self, i: usize) -> Result<&Cell, StoreError> {
        self.0
            .get(i)
            .ok_or_else(|| StoreError::Refused(format!("a row without column {i}")))
    }

    /// A signed integer, or none.
    pub fn opt_big(&self, i: usize) -> Result<Option<i64>, StoreError> {
        match self.cell(i)? {
            Cell::Null => Ok(None),
            Cell::Int(n) => Ok(Some(*n)),
            other => Err(wrong(i, "an integer", other)),
        }
    }

    /// A signed integer.
    pub fn big(&self, i: usize) -> Result<i64, StoreError> {
        self.opt_big(i)?
            .ok_or_else(|| StoreError::Refused(format!("column {i} is NULL")))
    }

    /// A time or another number never negative (a negative one was not written by Tabula).
    pub fn time(&self, i: usize) -> Result<u64, StoreError> {
        let n = self.big(i)?;
        u64::try_from(n).map_err(|_| StoreError::Refused(format!("column {i} holds {n}")))
    }

    /// A time, or none.
    pub fn opt_time(&self, i: usize) -> Result<Option<u64>, StoreError> {
        self.opt_big(i)?
            .map(|n| {
                u64::try_from(n).map_err(|_| StoreError::Refused(format!("column {i} holds {n}")))
            })
            .transpose()
    }

    /// A non-negative `INTEGER`.
    pub fn count(&self, i: usize) -> Result<u32, StoreError> {
        let n = self.big(i)?;
        u32::try_from(n).map_err(|_| StoreError::Refused(format!("column {i} holds {n}")))
    }

    /// A non-negative `INTEGER`, or none.
    pub fn opt_count(&self, i: usize) -> Result<Option<u32>, StoreError> {
        self.opt_big(i)?
            .map(|n| {
                u32::try_from(n).map_err(|_| StoreError::Refused(format!("column {i} holds {n}")))
            })
            .transpose()
    }

    /// A text.
    pub fn text(&self, i: usize) -> Result<String, StoreError> {
        match self.cell(i)? {
            Cell::Text(s) => Ok(s.clone()),
            other => Err(wrong(i, "a text", other)),
        }
    }

    /// A text, or none.
    pub fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        match self.cell(i)? {
            Cell::Null => Ok(None),
            Cell::Text(s) => Ok(Some(s.clone())),
            other => Err(wrong(i, "a text", other)),
        }
    }

    /// A float (an integer reads as one too: SQLite stores `2.0` as `2` when it can).
    pub fn real(&self, i: usize) -> Result<f64, StoreError> {
        match self.cell(i)? {
            Cell::Real(x) => Ok(*x),
            Cell::Int(n) => Ok(*n as f64),
            other => Err(wrong(i, "a number", other)),
        }
    }

    /// A boolean (SQLite's 0 or 1).
    pub fn flag(&self, i: usize) -> Result<bool, StoreError> {
        match self.cell(i)? {
            Cell::Flag(b) => Ok(*b),
            Cell::Int(n) => Ok(*n != 0),
            other => Err(wrong(i, "a boolean", other)),
        }
    }

    /// JSON stored as text.
    pub fn json<T: serde::de::DeserializeOwned>(&self, i: usize) -> Result<T, StoreError> {
        Ok(serde_json::from_str(&self.text(i)?)?)
    }
}

/// One statement of a transaction.
#[derive(Clone, Debug)]
pub struct Step {
    /// The statement.
    pub sql: String,
    /// Its values.
    pub args: Vec<Arg>,
    /// Whether the transaction is undone (and answers `None`) when this statement changes
    /// no row: "do all of this, unless it was done before".
    pub must_change: bool,
}

impl Step {
    /// A statement.
    pub fn new(sql: &str, args: Vec<Arg>) -> Step {
        Step {
            sql: sql.to_string(),
            args,
            must_change: false,
        }
    }

    /// A statement that must change a row, or the transaction is undone.
    pub fn must_change(sql: &str, args: Vec<Arg>) -> Step {
        Step {
            must_change: true,
            ..Step::new(sql, args)
        }
    }
}

/// What a database does for the store. The games and the players are stored through it alike
/// for SQLite and PostgreSQL; only these differ.
#[async_trait::async_trait]
pub trait Dialect: Send + Sync {
    /// The database's clock now, in ms since the Unix epoch, as an SQL expression: what a lease
    /// among nodes is measured by, so the nodes' own clocks need not agree.
    fn now_ms_sql(&self) -> &'static str;
    /// The rows a statement reads.
    async fn rows(&self, sql: &str, args: Vec<Arg>) -> Result<Vec<Row>, StoreError>;
    /// Runs a statement: how many rows it changed.
    async fn exec(&self, sql: &str, args: Vec<Arg>) -> Result<u64, StoreError>;
    /// Runs the steps in one transaction: each one's count of rows changed, or `None` when a
    /// step that must change a row changed none (then nothing was changed).
    async fn transaction(&self, steps: Vec<Step>) -> Result<Option<Vec<u64>>, StoreError>;
    /// Appends an action to a game's log (a position already written is
    /// [`StoreError::Stale`]) and changes the game's deadline as `due` says, in one
    /// transaction: each database commits it its own way.
    async fn log_append(&self, game: &str, entry: &LogEntry, due: Due) -> Result<(), StoreError>;
    /// A game was created (SQLite writes the marker beside its file).
    fn game_created(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// The first row of a statement's answer, if any.
pub async fn first<D: Dialect + ?Sized>(
    db: &D,
    sql: &str,
    args: Vec<Arg>,
) -> Result<Option<Row>, StoreError> {
    Ok(db.rows(sql, args).await?.into_iter().next())
}

/// A statement with SQLite's placeholders (`?1`) as PostgreSQL writes them (`$1`): the store's
/// statements use `?` for nothing else.
pub fn for_postgres(sql: &str) -> String {
    sql.replace('?', "$")
}

/// The placeholders `?from, ?from+1, ...` of `n` values, comma-separated (for `IN (...)`).
pub fn placeholders(from: usize, n: usize) -> String {
    (from..from + n)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_alike_for_both() {
        assert_eq!(
            for_postgres("SELECT a FROM t WHERE b = ?1 AND c IN (?2, ?3)"),
            "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
        );
        assert_eq!(placeholders(2, 3), "?2, ?3, ?4");
        assert_eq!(placeholders(1, 0), "");
    }

    #[test]
    fn cells_read_as_their_columns_types() {
        let r = Row(vec![
            Cell::Int(5),
            Cell::Null,
            Cell::Int(1),
            Cell::Real(2.5),
            Cell::Text("{\"a\":1}".into()),
            Cell::Int(-1),
        ]);
        assert_eq!(r.count(0).unwrap(), 5);
        assert_eq!(r.opt_count(1).unwrap(), None);
        assert!(r.flag(2).unwrap());
        assert_eq!(r.real(3).unwrap(), 2.5);
        assert_eq!(r.real(0).unwrap(), 5.0);
        assert_eq!(r.json::<serde_json::Value>(4).unwrap()["a"], 1);
        assert!(
            r.count(5).is_err(),
            "a negative count was not written by Tabula"
        );
        assert!(r.text(0).is_err());
        assert!(r.big(1).is_err());
        assert!(r.big(9).is_err());
    }
}
