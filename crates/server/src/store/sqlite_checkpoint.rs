//! The SQLite file's WAL checkpoints, off the commit path. By default the connection whose
//! commit takes the WAL past 1,000 pages copies them into the database and syncs the file
//! before its commit returns: one commit in a few dozen (a finished game's explorer rows touch
//! pages all over a large file) waited ten milliseconds and more, and the move or game behind
//! it with it. Here the writer never checkpoints (`wal_autocheckpoint = 0`); a thread of its
//! own, on its own connection, makes a passive checkpoint (it never waits for a lock nor holds
//! one a reader or the writer waits for) a few times a second. What a commit promises is the
//! same (`synchronous = NORMAL` in WAL: durable across process crashes).
//!
//! A passive checkpoint alone does not bound the WAL: the file starts again from its beginning
//! only after a checkpoint copied every frame, and under a steady stream of commits new frames
//! arrive while it copies. Counting the explorer's games in batches, the WAL grew by 100 MB a
//! second and SQLite refused a commit ("database or disk is full") at 7 GB. So when a passive
//! checkpoint leaves the WAL longer than [`MAX_WAL_FRAMES`], the thread makes a truncating
//! one: it waits for the writer's commit in progress, holds the next one back while it copies
//! the rest (milliseconds: most frames are copied already) and empties the file.

use super::StoreError;
use rusqlite::Connection;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the WAL is copied into the database.
const PERIOD: Duration = Duration::from_millis(200);

/// The longest WAL (in frames, a page each: 64 MB of 4 KB pages) left to passive checkpoints.
const MAX_WAL_FRAMES: i64 = 16_384;

/// One round: a passive checkpoint, then a truncating one when the WAL is still longer than
/// `max_frames`; the frames the WAL holds after it.
fn checkpoint(conn: &Connection, max_frames: i64) -> rusqlite::Result<i64> {
    let frames = |mode: &str| {
        conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |r| {
            r.get::<_, i64>(1)
        })
    };
    let left = frames("PASSIVE")?;
    if left > max_frames {
        return frames("TRUNCATE");
    }
    Ok(left)
}

/// The checkpoints' thread; dropped, it makes its last checkpoint and ends.
pub(super) struct Checkpointer {
    /// Dropped to tell the thread to end.
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts checkpointing the WAL of the database file `path` (whose writer has
    /// `wal_autocheckpoint = 0`).
    pub(super) fn start(path: &Path, busy: Duration) -> Result<Checkpointer, StoreError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(busy)?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoints".into())
            .spawn(move || {
                loop {
                    let end =
                        !matches!(stopped.recv_timeout(PERIOD), Err(RecvTimeoutError::Timeout));
                    if let Err(e) = checkpoint(&conn, MAX_WAL_FRAMES) {
                        tracing::warn!("a checkpoint of the SQLite file failed: {e}");
                    }
                    if end {
                        return;
                    }
                }
            })
            .map_err(|e| StoreError::Refused(format!("the checkpoints' thread: {e}")))?;
        Ok(Checkpointer {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_wal_is_emptied_and_a_short_one_left_to_passive_checkpoints() {
        let dir = std::env::temp_dir().join(format!("tabula-wal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("db.sqlite");
        let writer = Connection::open(&path).unwrap();
        writer.pragma_update(None, "journal_mode", "WAL").unwrap();
        writer.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
        writer
            .execute_batch("CREATE TABLE t (x BLOB); INSERT INTO t VALUES (zeroblob(200000));")
            .unwrap();
        let wal = path.with_extension("sqlite-wal");
        let checkpoints = Connection::open(&path).unwrap();
        // about fifty pages: under a bound of a thousand the WAL keeps its frames
        let frames = checkpoint(&checkpoints, 1_000).unwrap();
        assert!(frames > 40, "{frames}");
        assert!(std::fs::metadata(&wal).unwrap().len() > 0);
        // over a bound of ten it is copied and emptied
        assert_eq!(checkpoint(&checkpoints, 10).unwrap(), 0);
        assert_eq!(std::fs::metadata(&wal).unwrap().len(), 0);
        let n: i64 = writer
            .query_row("SELECT length(x) FROM t", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 200_000, "nothing was lost");
        drop((writer, checkpoints));
        let _ = std::fs::remove_dir_all(dir);
    }
}
