//! Persistence: games, their seats and their append-only action logs.
//!
//! A game is stored as its kind, configuration, seed and start time plus every accepted action
//! with the time it was accepted; replaying the log rebuilds the game exactly (the games are
//! deterministic state machines). The default [`SqliteStore`] keeps this in one SQLite file in
//! WAL mode; an action is committed before the server acknowledges it, so a crash, even
//! `kill -9`, loses nothing that was acknowledged (`synchronous = NORMAL`: durable across
//! process crashes; a power cut may lose the last moments).

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use std::path::Path;
use std::sync::Mutex;

/// A stored game's header.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Its id (also in its URLs).
    pub id: String,
    /// `checkmates-party`, `checkmates-solo`, `royal-match`, `royal-solo`, ...
    pub kind: String,
    /// The kind's configuration (JSON).
    pub config: Value,
    /// The seed of its randomness.
    pub seed: u64,
    /// When it was created (ms since the Unix epoch).
    pub created: u64,
    /// When play started, if it has.
    pub started: Option<u64>,
    /// `lobby`, `playing`, `finished` or `expired`.
    pub status: String,
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
}

/// A logged action.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// Position in the log from 0.
    pub seq: u64,
    /// When it was accepted (ms since the Unix epoch).
    pub at: u64,
    /// The action in the game's own JSON.
    pub action: Value,
}

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database said no.
    #[error("database: {0}")]
    Db(#[from] rusqlite::Error),
    /// Stored JSON could not be read back.
    #[error("stored JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// What the server needs from storage.
pub trait Store: Send + Sync {
    /// Records a new game.
    fn create_game(&self, g: &GameRecord) -> Result<(), StoreError>;
    /// Adds or replaces a seat.
    fn put_seat(&self, game: &str, s: &SeatRecord) -> Result<(), StoreError>;
    /// Removes a seat.
    fn remove_seat(&self, game: &str, seat: u32) -> Result<(), StoreError>;
    /// Marks a game started (its configuration may have been completed in the lobby).
    fn start_game(&self, id: &str, config: &Value, started: u64) -> Result<(), StoreError>;
    /// Replaces a game's configuration (lobby options).
    fn set_config(&self, id: &str, config: &Value) -> Result<(), StoreError>;
    /// Appends an action; `seq` must be the next position in the log.
    fn append(&self, game: &str, entry: &LogEntry) -> Result<(), StoreError>;
    /// Sets a game's status.
    fn set_status(&self, id: &str, status: &str, at: u64) -> Result<(), StoreError>;
    /// A game's header.
    fn game(&self, id: &str) -> Result<Option<GameRecord>, StoreError>;
    /// A game's seats, by seat number.
    fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError>;
    /// A game's whole log.
    fn log(&self, id: &str) -> Result<Vec<LogEntry>, StoreError>;
    /// Games with a status among `statuses`.
    fn games_with_status(&self, statuses: &[&str]) -> Result<Vec<GameRecord>, StoreError>;
    /// Finished games, newest first.
    fn recent_finished(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError>;
}

/// The SQLite store.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created INTEGER NOT NULL,
    started INTEGER,
    status TEXT NOT NULL,
    updated INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_status ON games(status, updated);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    bot_level INTEGER,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
";

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        Self::init(conn)
    }

    /// An in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        // a panic while holding the lock cannot leave SQLite inconsistent (statements are
        // atomic), so a poisoned lock is still safe to use
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        f(&conn)
    }
}

/// A `games` row as read: id, kind, config, seed, created, started, status, updated.
type GameRow = (String, String, String, i64, i64, Option<i64>, String, i64);

fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
    ))
}

fn to_record(t: GameRow) -> Result<GameRecord, StoreError> {
    Ok(GameRecord {
        id: t.0,
        kind: t.1,
        config: serde_json::from_str(&t.2)?,
        seed: t.3 as u64,
        created: t.4 as u64,
        started: t.5.map(|s| s as u64),
        status: t.6,
        updated: t.7 as u64,
    })
}

const GAME_COLUMNS: &str = "id, kind, config, seed, created, started, status, updated";

impl Store for SqliteStore {
    fn create_game(&self, g: &GameRecord) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO games (id, kind, config, seed, created, started, status, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![g.id, g.kind, g.config.to_string(), g.seed as i64, g.created as i64, g.started.map(|s| s as i64), g.status, g.updated as i64],
            )?;
            Ok(())
        })
    }

    fn put_seat(&self, game: &str, s: &SeatRecord) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "INSERT OR REPLACE INTO seats (game, seat, name, token_hash, bot_level) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![game, s.seat, s.name, s.token_hash, s.bot_level],
            )?;
            Ok(())
        })
    }

    fn remove_seat(&self, game: &str, seat: u32) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "DELETE FROM seats WHERE game = ?1 AND seat = ?2",
                params![game, seat],
            )?;
            Ok(())
        })
    }

    fn start_game(&self, id: &str, config: &Value, started: u64) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET config = ?2, started = ?3, status = 'playing', updated = ?3 WHERE id = ?1",
                params![id, config.to_string(), started as i64],
            )?;
            Ok(())
        })
    }

    fn set_config(&self, id: &str, config: &Value) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET config = ?2 WHERE id = ?1",
                params![id, config.to_string()],
            )?;
            Ok(())
        })
    }

    fn append(&self, game: &str, e: &LogEntry) -> Result<(), StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction()?;
            tx.execute(
                "INSERT INTO actions (game, seq, at, action) VALUES (?1, ?2, ?3, ?4)",
                params![game, e.seq as i64, e.at as i64, e.action.to_string()],
            )?;
            tx.execute(
                "UPDATE games SET updated = ?2 WHERE id = ?1",
                params![game, e.at as i64],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn set_status(&self, id: &str, status: &str, at: u64) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET status = ?2, updated = ?3 WHERE id = ?1",
                params![id, status, at as i64],
            )?;
            Ok(())
        })
    }

    fn game(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        self.with(|c| {
            let row = c
                .query_row(
                    &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                    params![id],
                    game_row,
                )
                .optional()?;
            row.map(to_record).transpose()
        })
    }

    fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare(
                "SELECT seat, name, token_hash, bot_level FROM seats WHERE game = ?1 ORDER BY seat",
            )?;
            let rows = st.query_map(params![id], |r| {
                Ok(SeatRecord {
                    seat: r.get(0)?,
                    name: r.get(1)?,
                    token_hash: r.get(2)?,
                    bot_level: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn log(&self, id: &str) -> Result<Vec<LogEntry>, StoreError> {
        self.with(|c| {
            let mut st =
                c.prepare("SELECT seq, at, action FROM actions WHERE game = ?1 ORDER BY seq")?;
            let rows = st.query_map(params![id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (seq, at, action) = row?;
                out.push(LogEntry {
                    seq: seq as u64,
                    at: at as u64,
                    action: serde_json::from_str(&action)?,
                });
            }
            Ok(out)
        })
    }

    fn games_with_status(&self, statuses: &[&str]) -> Result<Vec<GameRecord>, StoreError> {
        self.with(|c| {
            let list = statuses
                .iter()
                .map(|s| format!("'{}'", s.replace('\'', "")))
                .collect::<Vec<_>>()
                .join(",");
            let mut st = c.prepare(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE status IN ({list}) ORDER BY created"
            ))?;
            let rows = st.query_map([], game_row)?;
            rows.map(|r| to_record(r?)).collect()
        })
    }

    fn recent_finished(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare(&format!("SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished' ORDER BY updated DESC LIMIT ?1"))?;
            let rows = st.query_map(params![limit as i64], game_row)?;
            rows.map(|r| to_record(r?)).collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn games_seats_and_logs_round_trip() {
        let s = SqliteStore::in_memory().unwrap();
        let g = GameRecord {
            id: "abc".into(),
            kind: "royal-solo".into(),
            config: json!({"level": "Two"}),
            seed: u64::MAX - 5,
            created: 1,
            started: Some(2),
            status: "playing".into(),
            updated: 2,
        };
        s.create_game(&g).unwrap();
        assert_eq!(s.game("abc").unwrap(), Some(g.clone()));
        s.put_seat(
            "abc",
            &SeatRecord {
                seat: 0,
                name: "Ann".into(),
                token_hash: "h".into(),
                bot_level: None,
            },
        )
        .unwrap();
        s.put_seat(
            "abc",
            &SeatRecord {
                seat: 1,
                name: "Bot".into(),
                token_hash: String::new(),
                bot_level: Some(4),
            },
        )
        .unwrap();
        assert_eq!(s.seats("abc").unwrap().len(), 2);
        s.append(
            "abc",
            &LogEntry {
                seq: 0,
                at: 5,
                action: json!({"t": "tick"}),
            },
        )
        .unwrap();
        assert!(
            s.append(
                "abc",
                &LogEntry {
                    seq: 0,
                    at: 6,
                    action: json!({})
                }
            )
            .is_err(),
            "a position in the log is written once"
        );
        s.append(
            "abc",
            &LogEntry {
                seq: 1,
                at: 6,
                action: json!({"t": "next"}),
            },
        )
        .unwrap();
        assert_eq!(s.log("abc").unwrap().len(), 2);
        s.set_status("abc", "finished", 9).unwrap();
        assert_eq!(s.recent_finished(5).unwrap()[0].id, "abc");
        assert_eq!(s.games_with_status(&["playing", "lobby"]).unwrap().len(), 0);
        assert_eq!(s.game("nope").unwrap(), None);
    }
}
