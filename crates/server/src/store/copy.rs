//! `tabula site migrate`: every game, seat, action, account, session, result, rating, daily
//! result, puzzle, moderation record (sanctions, reports, chat, audit log), follow, block,
//! tournament (entries, boards), challenge and opening explorer statistic of a SQLite
//! database copied into an empty PostgreSQL database, in one transaction,
//! then checked: each game's record, seats and log read back from PostgreSQL must equal
//! SQLite's, so a site moving from one machine to several loses nothing.
//!
//! Rows go over in chunks of [`CHUNK`] as one `INSERT ... SELECT FROM UNNEST(arrays)` per
//! chunk and table (one round trip for thousands of rows). The lobby's seeks are not copied:
//! they are live state, cleared when a server starts. The target keeps its own database id.

use super::copy_tables::{TABLES, Ty, WITHOUT_ROWID};
use super::{GameStore, PostgresStore, SqliteStore, StoreError};
use rusqlite::types::ValueRef;
use std::path::Path;
use std::sync::Arc;
use tokio_postgres::types::ToSql;

/// Rows per chunk.
const CHUNK: usize = 5_000;

/// The tables whose numbers are an identity column: each goes on after the copied numbers.
const NUMBERED: &[&str] = &[
    "accounts",
    "sanctions",
    "chat_messages",
    "reports",
    "audit_log",
];

/// One column of a chunk, typed for PostgreSQL.
#[derive(Debug)]
enum Column {
    Text(Vec<Option<String>>),
    Big(Vec<Option<i64>>),
    Int(Vec<Option<i32>>),
    Float(Vec<f64>),
    Bool(Vec<bool>),
}

impl Column {
    fn new(ty: Ty) -> Column {
        match ty {
            Ty::Text | Ty::OptText => Column::Text(Vec::new()),
            Ty::Big | Ty::OptBig => Column::Big(Vec::new()),
            Ty::Int | Ty::OptInt => Column::Int(Vec::new()),
            Ty::Float => Column::Float(Vec::new()),
            Ty::Bool => Column::Bool(Vec::new()),
        }
    }

    fn as_param(&self) -> &(dyn ToSql + Sync) {
        match self {
            Column::Text(v) => v,
            Column::Big(v) => v,
            Column::Int(v) => v,
            Column::Float(v) => v,
            Column::Bool(v) => v,
        }
    }

    /// Adds a SQLite value, or says why it does not fit.
    fn push(&mut self, v: ValueRef<'_>, ty: Ty) -> Result<(), String> {
        let int = |v: ValueRef<'_>| match v {
            ValueRef::Integer(i) => Ok(Some(i)),
            ValueRef::Null if matches!(ty, Ty::OptBig | Ty::OptInt) => Ok(None),
            other => Err(format!(
                "expected an integer, found {:?}",
                other.data_type()
            )),
        };
        match self {
            Column::Text(c) => match v {
                ValueRef::Text(t) => c.push(Some(String::from_utf8_lossy(t).into_owned())),
                ValueRef::Null if matches!(ty, Ty::OptText) => c.push(None),
                other => return Err(format!("expected text, found {:?}", other.data_type())),
            },
            Column::Big(c) => c.push(int(v)?),
            Column::Int(c) => c.push(
                int(v)?
                    .map(|i| i32::try_from(i).map_err(|_| format!("{i} is too large")))
                    .transpose()?,
            ),
            Column::Float(c) => c.push(match v {
                ValueRef::Real(f) => f,
                ValueRef::Integer(i) => i as f64,
                other => return Err(format!("expected a number, found {:?}", other.data_type())),
            }),
            Column::Bool(c) => c.push(int(v)?.unwrap_or(0) != 0),
        }
        Ok(())
    }
}

/// What was copied: rows per table, in [`TABLES`]' order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CopyReport {
    /// `(table, rows)`.
    pub tables: Vec<(String, u64)>,
    /// Games whose record, seats and log were read back from PostgreSQL equal to SQLite's.
    pub verified_games: u64,
}

impl CopyReport {
    /// Rows copied of `table`.
    pub fn rows(&self, table: &str) -> u64 {
        self.tables
            .iter()
            .find(|(t, _)| t == table)
            .map_or(0, |(_, n)| *n)
    }
}

/// Where a chunk of a table begins: after a row id, or (a table without row ids) after a
/// primary key's values.
enum After {
    /// After this row id (0: from the first row).
    RowId(i64),
    /// After these values of the key columns (none: from the first row).
    Key(&'static [&'static str], Vec<rusqlite::types::Value>),
}

impl After {
    /// From the first row of `table`.
    fn start(table: &str) -> After {
        match WITHOUT_ROWID.iter().find(|(t, _)| *t == table) {
            Some((_, key)) => After::Key(key, Vec::new()),
            None => After::RowId(0),
        }
    }
}

/// Reads one chunk of `table` after `after`: the columns, their number of rows and where the
/// next chunk begins.
async fn read_chunk(
    from: &SqliteStore,
    table: &'static str,
    columns: &'static [(&'static str, Ty)],
    after: After,
) -> Result<(Vec<Column>, usize, After), StoreError> {
    from.read(move |c| {
        let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
        let (id, order, condition, args) = match &after {
            After::RowId(last) => (
                "rowid".to_string(),
                "rowid".to_string(),
                "rowid > ?1".to_string(),
                vec![rusqlite::types::Value::Integer(*last)],
            ),
            After::Key(key, last) => {
                let marks: Vec<String> = (1..=key.len()).map(|i| format!("?{i}")).collect();
                let condition = if last.is_empty() {
                    "1 = 1".to_string()
                } else {
                    format!("({}) > ({})", key.join(", "), marks.join(", "))
                };
                (key.join(", "), key.join(", "), condition, last.clone())
            }
        };
        let mut st = c.prepare(&format!(
            "SELECT {id}, {} FROM {table} WHERE {condition} ORDER BY {order} LIMIT {CHUNK}",
            names.join(", ")
        ))?;
        let width = id.split(", ").count();
        let mut out: Vec<Column> = columns.iter().map(|(_, ty)| Column::new(*ty)).collect();
        let mut rows = st.query(rusqlite::params_from_iter(args))?;
        let (mut n, mut next) = (0, after);
        while let Some(row) = rows.next()? {
            next = match &next {
                After::RowId(_) => After::RowId(row.get(0)?),
                After::Key(key, _) => After::Key(
                    key,
                    (0..width).map(|i| row.get(i)).collect::<Result<_, _>>()?,
                ),
            };
            for (i, (name, ty)) in columns.iter().enumerate() {
                out[i].push(row.get_ref(i + width)?, *ty).map_err(|why| {
                    StoreError::Refused(format!("{table}.{name} of row {}: {why}", n + 1))
                })?;
            }
            n += 1;
        }
        Ok((out, n, next))
    })
    .await
}

/// Copies the SQLite database `from` (checked and brought up to date as `tabula serve` would)
/// into the PostgreSQL database at `to`, which must hold no games or accounts yet.
pub async fn sqlite_to_postgres(from: &Path, to: &str) -> Result<CopyReport, StoreError> {
    let source = Arc::new(SqliteStore::open(from)?);
    let target = PostgresStore::connect(to, 2).await?;
    let mut client = target.client().await?;
    let held: i64 = client
        .query_one(
            "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM accounts)",
            &[],
        )
        .await?
        .try_get(0)?;
    if held > 0 {
        return Err(StoreError::Refused(format!(
            "{} already holds games or accounts: tabula site migrate copies into an empty database \
             (create a new one, e.g. `createdb tabula`)",
            target.shown()
        )));
    }
    let tx = client.transaction().await?;
    let mut report = CopyReport::default();
    for &(table, columns) in TABLES {
        let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
        let unnest: Vec<String> = columns
            .iter()
            .enumerate()
            .map(|(i, (_, ty))| format!("${}::{}", i + 1, ty.array_cast()))
            .collect();
        let insert = format!(
            "INSERT INTO {table} ({}) SELECT * FROM UNNEST({})",
            names.join(", "),
            unnest.join(", ")
        );
        let (mut after, mut copied) = (After::start(table), 0u64);
        loop {
            let (chunk, n, next) = read_chunk(&source, table, columns, after).await?;
            if n == 0 {
                break;
            }
            let params: Vec<&(dyn ToSql + Sync)> = chunk.iter().map(Column::as_param).collect();
            tx.execute(insert.as_str(), &params).await?;
            copied += n as u64;
            after = next;
        }
        report.tables.push((table.to_string(), copied));
    }
    // new accounts (sanctions, reports...) are numbered after the copied ones
    for table in NUMBERED {
        tx.execute(
            &format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 GREATEST((SELECT max(id) FROM {table}), 1))"
            ),
            &[],
        )
        .await?;
    }
    tx.commit().await?;
    drop(client);
    report.verified_games = verify(&source, &target).await?;
    if report.verified_games != report.rows("games") {
        return Err(StoreError::Refused(format!(
            "{} games were copied but {} read back: the copy is not to be trusted",
            report.rows("games"),
            report.verified_games
        )));
    }
    Ok(report)
}

/// Reads every game back from both stores and compares them; how many matched.
async fn verify(source: &SqliteStore, target: &PostgresStore) -> Result<u64, StoreError> {
    use crate::model::Status;
    let every = [
        Status::Lobby,
        Status::Playing,
        Status::Finished,
        Status::Expired,
    ];
    let games = source.games_with_status(&every).await?;
    for g in &games {
        let copied = target.game(&g.id).await?;
        let same = copied.as_ref() == Some(g)
            && target.seats(&g.id).await? == source.seats(&g.id).await?
            && target.log(&g.id).await? == source.log(&g.id).await?;
        if !same {
            return Err(StoreError::Refused(format!(
                "game {} reads back differently from {}: the copy is not to be trusted",
                g.id,
                target.shown()
            )));
        }
    }
    Ok(games.len() as u64)
}
