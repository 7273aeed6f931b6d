//! The SQLite file's WAL checkpoints, off the commit path. By default the connection whose
//! commit takes the WAL past 1,000 pages copies them into the database and syncs the file
//! before its commit returns: one commit in a few dozen (a finished game's explorer rows touch
//! pages all over a large file) waited ten milliseconds and more, and the move or game behind
//! it with it. Here the writer never checkpoints (`wal_autocheckpoint = 0`); a thread of its
//! own, on its own connection, makes a passive checkpoint (it never waits for a lock nor holds
//! one a reader or the writer waits for) a few times a second. What a commit promises is the
//! same (`synchronous = NORMAL` in WAL: durable across process crashes).

use super::StoreError;
use rusqlite::Connection;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the WAL is copied into the database.
const PERIOD: Duration = Duration::from_millis(200);

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
                    if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
                    {
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
