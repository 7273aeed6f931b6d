//! The default store: one SQLite file in WAL mode.
//!
//! An action is committed before the server acknowledges it, so a crash, even `kill -9`, loses
//! nothing that was acknowledged (`synchronous = NORMAL`: durable across process crashes; a
//! power cut may lose the last moments).
//!
//! Opening is careful, because a server that silently starts on a damaged or emptied file
//! would go on writing new games into it while every old game is gone:
//! - a file that is not a database, or fails SQLite's `quick_check`, is refused with what was
//!   found and how to recover;
//! - once a database holds games, a marker file beside it (`<db>.id`) records its id, which
//!   the database also holds; if the database is later found empty (truncated, replaced by a
//!   new file) or holding another id, opening is refused rather than starting afresh.
//!
//! SQLite's calls block, so none runs on the async runtime: every statement runs on a thread
//! of its own connection (tokio-rusqlite: each connection lives on one thread, and a call
//! sends it a closure and awaits the answer). One connection writes (SQLite takes one writer
//! at a time; writes queue on its thread in the order they came); a database file has
//! [`READERS`] more, opened read-only, that answer the `SELECT`s side by side (WAL lets them
//! read while the writer writes, each reading what was committed when it began).

use super::sql::{Arg, Cell, Dialect, Row, Step};
use super::{Due, LogEntry, StoreError};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How many read-only connections a database file has besides its writer.
pub const READERS: usize = 4;

/// The SQLite store.
pub struct SqliteStore {
    /// The connection that writes (and reads, in memory), on its own thread.
    writer: tokio_rusqlite::Connection,
    /// Read-only connections to the same file, each on its own thread (none in memory: a
    /// second connection would open another, empty, database).
    readers: Vec<tokio_rusqlite::Connection>,
    /// The reader the next read goes to (round robin).
    next_reader: AtomicUsize,
    /// The database file (`None` in memory).
    path: Option<PathBuf>,
    /// This database's id (in its `meta` table and its marker file).
    db_id: String,
    /// Whether the marker file is known to be written.
    marked: AtomicBool,
    /// Whether the database held a game when it was opened.
    had_games: bool,
    /// The WAL's checkpoints, off the writer's commits (none in memory).
    _checkpoints: Option<super::sqlite_checkpoint::Checkpointer>,
}

/// How long a connection waits for a lock before it gives up.
const BUSY: std::time::Duration = std::time::Duration::from_secs(5);

/// A read-only connection to the database file `path`.
fn open_reader(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )?;
    conn.busy_timeout(BUSY)?;
    Ok(conn)
}

/// A call's failure as the store's: the statement's own error, or its connection's thread gone
/// (only if a call panicked on it).
fn call_error(e: tokio_rusqlite::Error<StoreError>) -> StoreError {
    match e {
        tokio_rusqlite::Error::Error(e) => e,
        other => StoreError::Refused(format!("the SQLite connection is closed: {other}")),
    }
}

/// The schema's migrations (crates/server/migrations/sqlite), applied in order at start-up by
/// refinery, which records what it applied in the database itself: an upgrade adds what is
/// new and keeps every game.
mod embedded {
    refinery::embed_migrations!("migrations/sqlite");
}

/// The marker file of a database file: `tabula.db` -> `tabula.db.id`.
pub fn marker_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".id");
    PathBuf::from(name)
}

fn file_error(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::File {
        path: path.display().to_string(),
        source,
    }
}

fn read_marker(db: &Path) -> Result<Option<String>, StoreError> {
    let path = marker_path(db);
    match std::fs::read_to_string(&path) {
        Ok(s) => Ok(Some(s.trim().to_string())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(file_error(&path, e)),
    }
}

/// How to get back to a good database, said once for every refusal.
fn recovery(db: &Path) -> String {
    let d = db.display();
    format!(
        "Keep this file for inspection and restore the newest backup (`tabula site backup` and \
         `tabula serve --backup-dir` make them): stop the server, then copy the backup over \
         {d}. To start an empty database on purpose instead, move {d} and {} away.",
        marker_path(db).display()
    )
}

/// Runs SQLite's `quick_check`: `Ok` when it says `ok`, otherwise its first findings.
pub fn quick_check(conn: &Connection) -> Result<(), String> {
    let mut st = conn
        .prepare("PRAGMA quick_check(5)")
        .map_err(|e| e.to_string())?;
    let rows: Vec<String> = st
        .query_map([], |r| r.get::<_, String>(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| e.to_string())?;
    if rows.len() == 1 && rows[0] == "ok" {
        Ok(())
    } else {
        Err(rows.join("; "))
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, refusing a damaged file or one
    /// that lost the games it once held.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let shown = path.display().to_string();
        let marker = read_marker(path)?;
        let existed = path.exists();
        let conn = Connection::open(path)?;
        let tables: i64 = match conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |r| r.get(0),
        ) {
            Ok(n) => n,
            Err(e) => {
                let corrupt = matches!(&e, rusqlite::Error::SqliteFailure(f, _)
                    if f.code == rusqlite::ErrorCode::DatabaseCorrupt);
                let what = if corrupt {
                    "is damaged"
                } else {
                    "cannot be read as a database"
                };
                return Err(StoreError::Refused(format!(
                    "{shown} {what} ({e}). {}",
                    recovery(path)
                )));
            }
        };
        if tables > 0 {
            quick_check(&conn).map_err(|found| {
                StoreError::Refused(format!(
                    "{shown} is damaged: SQLite's integrity check found: {found}. {}",
                    recovery(path)
                ))
            })?;
        } else if let Some(id) = &marker {
            let what = if existed { "is empty" } else { "is missing" };
            return Err(StoreError::Refused(format!(
                "{shown} {what}, but {} says it is database {id}, which held games: the file \
                 was truncated, replaced or lost. {}",
                marker_path(path).display(),
                recovery(path)
            )));
        }
        let store = Self::init(conn, Some(path.to_path_buf()))?;
        if let Some(id) = &marker
            && *id != store.db_id
        {
            return Err(StoreError::Refused(format!(
                "{shown} is database {}, but {} says database {id} belongs here: another \
                 file was put in its place. {}",
                store.db_id,
                marker_path(path).display(),
                recovery(path)
            )));
        }
        if marker.is_some() {
            store.marked.store(true, Ordering::Relaxed);
        } else if store.had_games {
            store.write_marker()?;
        }
        Ok(store)
    }

    /// An in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::init(Connection::open_in_memory()?, None)
    }

    fn init(mut conn: Connection, path: Option<PathBuf>) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(BUSY)?;
        embedded::migrations::runner()
            .run(&mut conn)
            .map_err(|e| StoreError::Migration(e.to_string()))?;
        let existing: Option<String> = conn
            .query_row("SELECT value FROM meta WHERE key = 'db_id'", [], |r| {
                r.get(0)
            })
            .optional()?;
        let db_id = match existing {
            Some(id) => id,
            None => {
                let id = crate::ids::random_hex(8);
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('db_id', ?1)",
                    params![id],
                )?;
                id
            }
        };
        let had_games = conn.query_row("SELECT EXISTS (SELECT 1 FROM games)", [], |r| {
            r.get::<_, bool>(0)
        })?;
        let checkpoints = match &path {
            Some(file) => {
                // the checkpoints' thread copies the WAL; a commit never waits for it
                conn.pragma_update(None, "wal_autocheckpoint", 0)?;
                Some(super::sqlite_checkpoint::Checkpointer::start(file, BUSY)?)
            }
            None => None,
        };
        let readers = match &path {
            Some(file) => (0..READERS)
                .map(|_| open_reader(file).map(tokio_rusqlite::Connection::from))
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        Ok(SqliteStore {
            writer: tokio_rusqlite::Connection::from(conn),
            readers,
            next_reader: AtomicUsize::new(0),
            path,
            db_id,
            marked: AtomicBool::new(false),
            had_games,
            _checkpoints: checkpoints,
        })
    }

    /// This database's id.
    pub fn db_id(&self) -> &str {
        &self.db_id
    }

    /// The database file, if it is one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Writes the marker file (once the database holds a game).
    fn write_marker(&self) -> Result<(), StoreError> {
        if let Some(path) = &self.path {
            let m = marker_path(path);
            std::fs::write(&m, format!("{}\n", self.db_id)).map_err(|e| file_error(&m, e))?;
        }
        self.marked.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Runs `f` on the writer's thread (after the writes sent before it).
    pub(super) async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        self.writer.call(f).await.map_err(call_error)
    }

    /// Runs `f`, which only reads, on a reader's thread (the writer's, in memory).
    pub(super) async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let conn = match self.readers.len() {
            0 => &self.writer,
            n => &self.readers[self.next_reader.fetch_add(1, Ordering::Relaxed) % n],
        };
        conn.call(f).await.map_err(call_error)
    }
}

impl Drop for SqliteStore {
    /// Closes every connection, the writer last, before the store is gone: the last connection
    /// to close moves the WAL into the database file, so the file alone (a copy taken by hand,
    /// a backup) holds every game. The connections' threads would close them too, but later.
    fn drop(&mut self) {
        let connections: Vec<_> = self
            .readers
            .drain(..)
            .chain([self.writer.clone()])
            .collect();
        // on a thread with a runtime of its own: a drop may run on the async runtime, which
        // cannot wait on itself
        let closing = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread().build() else {
                return;
            };
            runtime.block_on(async {
                for c in connections {
                    // a connection that does not close now is closed when its thread ends
                    let _ = c.close().await;
                }
            });
        });
        let _ = closing.join();
    }
}

/// A value bound for SQLite (an integer is an integer whatever its width; a boolean is 0 or 1).
fn bound(a: Arg) -> rusqlite::types::Value {
    use rusqlite::types::Value as V;
    match a {
        Arg::Int(n) => n.map_or(V::Null, |n| V::Integer(i64::from(n))),
        Arg::Big(n) => n.map_or(V::Null, V::Integer),
        Arg::Real(x) => V::Real(x),
        Arg::Text(t) => t.map_or(V::Null, V::Text),
        Arg::Flag(b) => V::Integer(i64::from(b)),
    }
}

/// A row read from SQLite.
fn read_row(r: &rusqlite::Row<'_>, columns: usize) -> rusqlite::Result<Row> {
    use rusqlite::types::ValueRef as V;
    let mut cells = Vec::with_capacity(columns);
    for i in 0..columns {
        cells.push(match r.get_ref(i)? {
            V::Null => Cell::Null,
            V::Integer(n) => Cell::Int(n),
            V::Real(x) => Cell::Real(x),
            V::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
            V::Blob(_) => {
                return Err(rusqlite::Error::InvalidColumnType(
                    i,
                    "blob".into(),
                    rusqlite::types::Type::Blob,
                ));
            }
        });
    }
    Ok(Row(cells))
}

/// Whether a statement only reads: a `SELECT` (a `WITH` may end in a write, so it does not
/// count).
fn is_read(sql: &str) -> bool {
    sql.trim_start()
        .get(..6)
        .is_some_and(|w| w.eq_ignore_ascii_case("select"))
}

fn run(c: &Connection, sql: &str, args: Vec<Arg>) -> Result<u64, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let values: Vec<_> = args.into_iter().map(bound).collect();
    Ok(st.execute(rusqlite::params_from_iter(values))? as u64)
}

#[async_trait::async_trait]
impl Dialect for SqliteStore {
    fn now_ms_sql(&self) -> &'static str {
        "CAST(unixepoch('subsec') * 1000 AS INTEGER)"
    }

    async fn rows(&self, sql: &str, args: Vec<Arg>) -> Result<Vec<Row>, StoreError> {
        let reads = is_read(sql);
        let sql = sql.to_string();
        let query = move |c: &mut Connection| {
            let mut st = c.prepare_cached(&sql)?;
            let columns = st.column_count();
            let values: Vec<_> = args.into_iter().map(bound).collect();
            let rows =
                st.query_map(rusqlite::params_from_iter(values), |r| read_row(r, columns))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        };
        // a statement that may write (`INSERT ... RETURNING`) goes to the writer; a reader's
        // connection is read-only, so one sent there by mistake is refused, never applied
        if reads {
            self.read(query).await
        } else {
            self.write(query).await
        }
    }

    async fn exec(&self, sql: &str, args: Vec<Arg>) -> Result<u64, StoreError> {
        let sql = sql.to_string();
        self.write(move |c| run(c, &sql, args)).await
    }

    async fn transaction(&self, steps: Vec<Step>) -> Result<Option<Vec<u64>>, StoreError> {
        self.write(move |c| {
            let tx = c.unchecked_transaction()?;
            let mut counts = Vec::with_capacity(steps.len());
            for step in steps {
                let n = run(&tx, &step.sql, step.args)?;
                if step.must_change && n == 0 {
                    return Ok(None); // dropped: rolled back
                }
                counts.push(n);
            }
            tx.commit()?;
            Ok(Some(counts))
        })
        .await
    }

    async fn log_append(&self, game: &str, e: &LogEntry, due: Due) -> Result<(), StoreError> {
        let (game, e) = (game.to_string(), e.clone());
        self.write(move |c| {
            let tx = c.unchecked_transaction()?;
            let logged = tx.execute(
                "INSERT INTO actions (game, seq, at, action) VALUES (?1, ?2, ?3, ?4)",
                params![game, e.seq as i64, e.at as i64, e.action.to_string()],
            );
            if let Err(rusqlite::Error::SqliteFailure(f, _)) = &logged
                && f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            {
                return Err(StoreError::Stale {
                    game: game.to_string(),
                    seq: e.seq,
                });
            }
            logged?;
            tx.execute(
                "UPDATE games SET updated = ?2 WHERE id = ?1",
                params![game, e.at as i64],
            )?;
            if let Some(due) = due.written() {
                tx.execute(
                    super::deadlines::PUT_DEADLINE,
                    params![game, due.map(|t| t as i64)],
                )?;
            }
            tx.commit()?;
            Ok(())
        })
        .await
    }

    fn game_created(&self) -> Result<(), StoreError> {
        if !self.marked.load(Ordering::Relaxed) {
            self.write_marker()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::RawJson;
    use crate::model::{GameConfig, Kind, Status};
    use crate::store::{GameRecord, GameStore, SeatRecord};
    use serde_json::json;

    fn game(id: &str) -> GameRecord {
        GameRecord {
            id: id.into(),
            kind: Kind::RoyalSolo,
            config: GameConfig {
                rated: true,
                ..GameConfig::default()
            },
            seed: u64::MAX - 5,
            created: 1,
            started: Some(2),
            status: Status::Playing,
            updated: 2,
        }
    }

    #[tokio::test]
    async fn games_seats_and_logs_round_trip() {
        let s = SqliteStore::in_memory().unwrap();
        let g = game("abc");
        s.create_game(&g).await.unwrap();
        assert_eq!(s.game("abc").await.unwrap(), Some(g.clone()));
        for (seat, bot) in [(0, None), (1, Some(4))] {
            let r = SeatRecord {
                seat,
                name: "Ann".into(),
                token_hash: "h".into(),
                bot_level: bot,
                account: None,
            };
            s.put_seat("abc", &r).await.unwrap();
        }
        assert_eq!(s.seats("abc").await.unwrap().len(), 2);
        let entry = |seq, action| LogEntry {
            seq,
            at: 5 + seq,
            action,
        };
        s.append(
            "abc",
            &entry(0, RawJson::of(&json!({"t": "tick"}))),
            Due::Same,
        )
        .await
        .unwrap();
        assert!(
            matches!(
                s.append("abc", &entry(0, RawJson::of(&json!({}))), Due::Same)
                    .await,
                Err(StoreError::Stale { seq: 0, .. })
            ),
            "a position in the log is written once"
        );
        s.append(
            "abc",
            &entry(1, RawJson::of(&json!({"t": "next"}))),
            Due::Same,
        )
        .await
        .unwrap();
        assert_eq!(s.log("abc").await.unwrap().len(), 2);
        s.set_status("abc", Status::Finished, 9).await.unwrap();
        assert_eq!(s.recent_finished(5).await.unwrap()[0].id, "abc");
        assert!(
            s.games_with_status(&[Status::Playing, Status::Lobby])
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            s.games_with_status(&[Status::Finished])
                .await
                .unwrap()
                .len(),
            1
        );
        assert_eq!(s.game("nope").await.unwrap(), None);
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tabula-store-{}-{name}-{}",
            std::process::id(),
            crate::ids::random_hex(4)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("t.db")
    }

    fn refusal(path: &Path) -> String {
        match SqliteStore::open(path) {
            Err(StoreError::Refused(m)) => m,
            Err(e) => panic!("expected a refusal, got {e}"),
            Ok(_) => panic!("a damaged database was opened"),
        }
    }

    #[tokio::test]
    async fn an_emptied_database_that_held_games_is_refused() {
        let path = scratch("emptied");
        let s = SqliteStore::open(&path).unwrap();
        assert!(!marker_path(&path).exists(), "no marker before any game");
        s.create_game(&game("g1")).await.unwrap();
        assert!(
            marker_path(&path).exists(),
            "the first game writes the marker"
        );
        drop(s);
        // reopening the intact database is fine
        drop(SqliteStore::open(&path).unwrap());
        // truncated to nothing (the WAL was checkpointed on close)
        std::fs::write(&path, b"").unwrap();
        let _ = std::fs::remove_file(path.with_extension("db-wal"));
        let m = refusal(&path);
        assert!(m.contains("is empty") && m.contains("held games"), "{m}");
        assert!(m.contains("backup"), "the refusal says how to recover: {m}");
        // removed altogether
        std::fs::remove_file(&path).unwrap();
        assert!(refusal(&path).contains("is missing"));
        // another database put in its place
        let other = path.with_file_name("other.db");
        let o = SqliteStore::open(&other).unwrap();
        o.create_game(&game("g2")).await.unwrap();
        drop(o);
        std::fs::copy(&other, &path).unwrap();
        assert!(refusal(&path).contains("another file"));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[tokio::test]
    async fn a_damaged_database_is_refused() {
        let path = scratch("damaged");
        let s = SqliteStore::open(&path).unwrap();
        for i in 0..200 {
            s.create_game(&game(&format!("game-{i}"))).await.unwrap();
        }
        drop(s);
        // garbage over the middle of the file: the b-tree pages no longer hold together
        let mut bytes = std::fs::read(&path).unwrap();
        assert!(bytes.len() > 8192, "{} bytes", bytes.len());
        let mid = bytes.len() / 2;
        for b in &mut bytes[mid - 2048..mid + 2048] {
            *b = 0xA5;
        }
        std::fs::write(&path, &bytes).unwrap();
        let m = refusal(&path);
        assert!(m.contains("damaged"), "{m}");
        // not a database at all
        std::fs::write(&path, vec![b'x'; 4096]).unwrap();
        assert!(refusal(&path).contains("cannot be read as a database"));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
