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

use super::{GameStore, PostgresStore, SqliteStore, StoreError};
use rusqlite::types::ValueRef;
use std::path::Path;
use std::sync::Arc;
use tokio_postgres::types::ToSql;

/// Rows per chunk.
const CHUNK: usize = 5_000;

/// A column's type in PostgreSQL (SQLite's are looser).
#[derive(Clone, Copy, Debug)]
enum Ty {
    Text,
    OptText,
    Big,
    OptBig,
    Int,
    OptInt,
    Float,
    Bool,
}

impl Ty {
    fn array_cast(self) -> &'static str {
        match self {
            Ty::Text | Ty::OptText => "text[]",
            Ty::Big | Ty::OptBig => "bigint[]",
            Ty::Int | Ty::OptInt => "integer[]",
            Ty::Float => "double precision[]",
            Ty::Bool => "boolean[]",
        }
    }
}

/// The tables copied, parents before children (the foreign keys hold at every step).
const TABLES: &[(&str, &[(&str, Ty)])] = &[
    (
        "accounts",
        &[
            ("id", Ty::Big),
            ("name", Ty::Text),
            ("name_key", Ty::Text),
            ("password_hash", Ty::Text),
            ("created", Ty::Big),
            ("deleted", Ty::OptBig),
            ("role", Ty::Text),
        ],
    ),
    (
        "games",
        &[
            ("id", Ty::Text),
            ("kind", Ty::Text),
            ("config", Ty::Text),
            ("seed", Ty::Big),
            ("created", Ty::Big),
            ("started", Ty::OptBig),
            ("status", Ty::Text),
            ("updated", Ty::Big),
        ],
    ),
    (
        "seats",
        &[
            ("game", Ty::Text),
            ("seat", Ty::Int),
            ("name", Ty::Text),
            ("token_hash", Ty::Text),
            ("bot_level", Ty::OptInt),
            ("account", Ty::OptBig),
        ],
    ),
    (
        "actions",
        &[
            ("game", Ty::Text),
            ("seq", Ty::Big),
            ("at", Ty::Big),
            ("action", Ty::Text),
        ],
    ),
    (
        "sessions",
        &[
            ("token_hash", Ty::Text),
            ("account", Ty::Big),
            ("created", Ty::Big),
            ("last_seen", Ty::Big),
        ],
    ),
    (
        "results",
        &[
            ("game", Ty::Text),
            ("seat", Ty::Int),
            ("account", Ty::OptBig),
            ("pool", Ty::Text),
            ("rated", Ty::Bool),
            ("score", Ty::Float),
            ("place", Ty::Int),
            ("players", Ty::Int),
            ("finished", Ty::Big),
        ],
    ),
    (
        "reviews",
        &[("game", Ty::Text), ("made", Ty::Big), ("body", Ty::Text)],
    ),
    (
        "ratings",
        &[
            ("account", Ty::Big),
            ("pool", Ty::Text),
            ("rating", Ty::Float),
            ("deviation", Ty::Float),
            ("volatility", Ty::Float),
            ("games", Ty::Int),
            ("updated", Ty::Big),
        ],
    ),
    (
        "rating_history",
        &[
            ("account", Ty::Big),
            ("pool", Ty::Text),
            ("game", Ty::Text),
            ("at", Ty::Big),
            ("rating", Ty::Float),
            ("deviation", Ty::Float),
            ("change", Ty::Float),
        ],
    ),
    (
        "daily_starts",
        &[
            ("day", Ty::Text),
            ("puzzle", Ty::Text),
            ("player", Ty::Text),
            ("started", Ty::Big),
        ],
    ),
    (
        "daily_results",
        &[
            ("day", Ty::Text),
            ("puzzle", Ty::Text),
            ("player", Ty::Text),
            ("name", Ty::Text),
            ("account", Ty::OptBig),
            ("moves", Ty::Int),
            ("ms", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
    (
        "puzzles",
        &[
            ("id", Ty::Text),
            ("game", Ty::Text),
            ("position", Ty::Text),
            ("last", Ty::Text),
            ("solution", Ty::Text),
            ("themes", Ty::Text),
            ("rating", Ty::Float),
            ("deviation", Ty::Float),
            ("volatility", Ty::Float),
            ("plays", Ty::Big),
            ("source", Ty::Text),
        ],
    ),
    (
        "puzzle_attempts",
        &[
            ("account", Ty::Big),
            ("puzzle", Ty::Text),
            ("solved", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
    (
        "sanctions",
        &[
            ("id", Ty::Big),
            ("kind", Ty::Text),
            ("target", Ty::Text),
            ("subject", Ty::Text),
            ("reason", Ty::Text),
            ("actor", Ty::Text),
            ("at", Ty::Big),
            ("until", Ty::OptBig),
            ("lifted_by", Ty::OptText),
            ("lifted_at", Ty::OptBig),
        ],
    ),
    (
        "chat_messages",
        &[
            ("id", Ty::Big),
            ("room", Ty::Text),
            ("account", Ty::OptBig),
            ("name", Ty::Text),
            ("body", Ty::Text),
            ("at", Ty::Big),
            ("deleted_by", Ty::OptText),
            ("deleted_at", Ty::OptBig),
        ],
    ),
    (
        "reports",
        &[
            ("id", Ty::Big),
            ("reporter", Ty::Big),
            ("subject", Ty::Big),
            ("game", Ty::OptText),
            ("message", Ty::OptBig),
            ("reason", Ty::Text),
            ("detail", Ty::Text),
            ("at", Ty::Big),
            ("closed_by", Ty::OptText),
            ("closed_at", Ty::OptBig),
            ("outcome", Ty::OptText),
        ],
    ),
    (
        "password_resets",
        &[
            ("token_hash", Ty::Text),
            ("account", Ty::Big),
            ("made", Ty::Big),
            ("expires", Ty::Big),
            ("used", Ty::OptBig),
        ],
    ),
    (
        "follows",
        &[
            ("follower", Ty::Big),
            ("followed", Ty::Big),
            ("at", Ty::Big),
        ],
    ),
    (
        "blocks",
        &[("blocker", Ty::Big), ("blocked", Ty::Big), ("at", Ty::Big)],
    ),
    (
        "tournaments",
        &[
            ("id", Ty::Text),
            ("spec", Ty::Text),
            ("creator", Ty::OptBig),
            ("status", Ty::Text),
            ("starts", Ty::Big),
            ("created", Ty::Big),
            ("finished", Ty::OptBig),
            ("director", Ty::OptText),
            ("director_until", Ty::OptBig),
            ("hidden", Ty::Bool),
            ("client", Ty::OptText),
        ],
    ),
    (
        "tournament_players",
        &[
            ("tournament", Ty::Text),
            ("number", Ty::Int),
            ("account", Ty::Big),
            ("name", Ty::Text),
            ("rating", Ty::Float),
            ("joined", Ty::Big),
            ("active", Ty::Bool),
            ("seen", Ty::Big),
            ("playing", Ty::OptText),
        ],
    ),
    (
        "tournament_games",
        &[
            ("tournament", Ty::Text),
            ("round", Ty::Int),
            ("board", Ty::Int),
            ("game", Ty::OptText),
            ("first", Ty::Int),
            ("second", Ty::OptInt),
            ("outcome", Ty::OptText),
            ("berserk_first", Ty::Bool),
            ("berserk_second", Ty::Bool),
            ("started", Ty::Big),
            ("ended", Ty::OptBig),
        ],
    ),
    (
        "challenges",
        &[
            ("id", Ty::Text),
            ("challenger", Ty::Big),
            ("challenged", Ty::Big),
            ("spec", Ty::Text),
            ("status", Ty::Text),
            ("created", Ty::Big),
            ("expires", Ty::Big),
            ("game", Ty::OptText),
        ],
    ),
    (
        "turns",
        &[
            ("game", Ty::Text),
            ("account", Ty::OptBig),
            ("deadline", Ty::Big),
        ],
    ),
    ("deadlines", &[("game", Ty::Text), ("due", Ty::OptBig)]),
    (
        "puzzle_shown",
        &[("puzzle", Ty::Text), ("seen_by", Ty::Text), ("at", Ty::Big)],
    ),
    (
        "puzzle_clients",
        &[("account", Ty::Big), ("client", Ty::Text), ("at", Ty::Big)],
    ),
    (
        "audit_log",
        &[
            ("id", Ty::Big),
            ("at", Ty::Big),
            ("actor", Ty::Text),
            ("action", Ty::Text),
            ("subject", Ty::Text),
            ("detail", Ty::Text),
        ],
    ),
    (
        "explorer_games",
        &[
            ("game", Ty::Text),
            ("variant", Ty::Text),
            ("white", Ty::Text),
            ("black", Ty::Text),
            ("white_account", Ty::OptBig),
            ("black_account", Ty::OptBig),
            ("white_rating", Ty::OptInt),
            ("black_rating", Ty::OptInt),
            ("result", Ty::Int),
            ("speed", Ty::Text),
            ("rated", Ty::Bool),
            ("finished", Ty::Big),
        ],
    ),
    (
        "explorer_moves",
        &[
            ("position", Ty::Big),
            ("speed", Ty::Int),
            ("band", Ty::Int),
            ("rated", Ty::Bool),
            ("uci", Ty::Text),
            ("games", Ty::Int),
            ("white", Ty::Int),
            ("draws", Ty::Int),
            ("black", Ty::Int),
            ("rating_games", Ty::Int),
            ("rating_sum", Ty::Big),
            ("last_game", Ty::Text),
            ("last_at", Ty::Big),
        ],
    ),
    (
        "explorer_player_moves",
        &[
            ("account", Ty::Big),
            ("color", Ty::Int),
            ("position", Ty::Big),
            ("speed", Ty::Int),
            ("rated", Ty::Bool),
            ("uci", Ty::Text),
            ("games", Ty::Int),
            ("white", Ty::Int),
            ("draws", Ty::Int),
            ("black", Ty::Int),
            ("rating_games", Ty::Int),
            ("rating_sum", Ty::Big),
            ("last_game", Ty::Text),
            ("last_at", Ty::Big),
        ],
    ),
];

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

/// Reads one chunk of `table` after SQLite row id `after`: the columns and the last row id.
async fn read_chunk(
    from: &SqliteStore,
    table: &'static str,
    columns: &'static [(&'static str, Ty)],
    after: i64,
) -> Result<(Vec<Column>, usize, i64), StoreError> {
    from.read(move |c| {
        let names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
        let mut st = c.prepare(&format!(
            "SELECT rowid, {} FROM {table} WHERE rowid > ?1 ORDER BY rowid LIMIT {CHUNK}",
            names.join(", ")
        ))?;
        let mut out: Vec<Column> = columns.iter().map(|(_, ty)| Column::new(*ty)).collect();
        let mut rows = st.query([after])?;
        let (mut n, mut last) = (0, after);
        while let Some(row) = rows.next()? {
            last = row.get(0)?;
            for (i, (name, ty)) in columns.iter().enumerate() {
                out[i].push(row.get_ref(i + 1)?, *ty).map_err(|why| {
                    StoreError::Refused(format!("{table}.{name} of row {last}: {why}"))
                })?;
            }
            n += 1;
        }
        Ok((out, n, last))
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
        let (mut after, mut copied) = (0i64, 0u64);
        loop {
            let (chunk, n, last) = read_chunk(&source, table, columns, after).await?;
            if n == 0 {
                break;
            }
            let params: Vec<&(dyn ToSql + Sync)> = chunk.iter().map(Column::as_param).collect();
            tx.execute(insert.as_str(), &params).await?;
            copied += n as u64;
            after = last;
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
