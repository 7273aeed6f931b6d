//! Online backups of the SQLite database: a consistent copy taken while the server runs, and
//! a schedule that keeps the newest few.
//!
//! The copy is made with SQLite's backup API from a separate read connection in one step, so
//! it is one consistent snapshot (a WAL reader sees the database as of one commit) and never
//! blocks the server's writes. It is written beside its destination first and renamed into
//! place only after SQLite's integrity check passes on it, so a backup file is always whole.

use super::StoreError;
use super::sqlite::quick_check;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// What a backup wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// The backup file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Games in it.
    pub games: u64,
    /// Logged actions in it.
    pub actions: u64,
}

fn file_error(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::File {
        path: path.display().to_string(),
        source,
    }
}

/// Copies the database at `db` to `to` (replacing it), while other connections may write.
pub fn backup_file(db: &Path, to: &Path) -> Result<BackupReport, StoreError> {
    if !db.exists() {
        return Err(StoreError::Refused(format!(
            "{}: no such database file",
            db.display()
        )));
    }
    let source = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    source.busy_timeout(Duration::from_secs(10))?;
    let mut partial = to.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let _ = std::fs::remove_file(&partial);
    {
        let mut dest = Connection::open(&partial)?;
        // a copy is one self-contained file: no write-ahead log beside it
        dest.pragma_update(None, "journal_mode", "DELETE")?;
        let backup = rusqlite::backup::Backup::new(&source, &mut dest)?;
        // all pages in one step: one read transaction, one consistent snapshot
        let mut tries = 0;
        loop {
            match backup.step(-1)? {
                rusqlite::backup::StepResult::Done => break,
                _ if tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(50));
                }
                _ => {
                    return Err(StoreError::Refused(format!(
                        "{} stayed locked for 5 s; no backup was made",
                        db.display()
                    )));
                }
            }
        }
        drop(backup);
        // the copied header says WAL, as the source's does; make the copy stand alone
        dest.pragma_update(None, "journal_mode", "DELETE")?;
    }
    let check = Connection::open_with_flags(&partial, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    if let Err(found) = quick_check(&check) {
        return Err(StoreError::Refused(format!(
            "the copy of {} failed its integrity check ({found}); the source may be damaged",
            db.display()
        )));
    }
    let count = |table: &str| -> Result<u64, StoreError> {
        Ok(
            check.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
                r.get::<_, i64>(0)
            })? as u64,
        )
    };
    let (games, actions) = (count("games")?, count("actions")?);
    drop(check);
    std::fs::rename(&partial, to).map_err(|e| file_error(to, e))?;
    let bytes = std::fs::metadata(to).map_err(|e| file_error(to, e))?.len();
    Ok(BackupReport {
        path: to.to_path_buf(),
        bytes,
        games,
        actions,
    })
}

/// The name of a scheduled backup taken at `when`: `tabula-2026-11-23T11-30-00Z.db` (no
/// colons, so the name is valid everywhere; names sort by time).
pub fn scheduled_name(when: SystemTime) -> String {
    let stamp = humantime::format_rfc3339_seconds(when)
        .to_string()
        .replace(':', "-");
    format!("tabula-{stamp}.db")
}

/// Takes a backup into `dir` and deletes all but the newest `keep` scheduled backups there.
pub fn scheduled_backup(db: &Path, dir: &Path, keep: usize) -> Result<BackupReport, StoreError> {
    scheduled_backup_at(db, dir, keep, SystemTime::now())
}

/// [`scheduled_backup`] named for the time `when`.
pub fn scheduled_backup_at(
    db: &Path,
    dir: &Path,
    keep: usize,
    when: SystemTime,
) -> Result<BackupReport, StoreError> {
    std::fs::create_dir_all(dir).map_err(|e| file_error(dir, e))?;
    let report = backup_file(db, &dir.join(scheduled_name(when)))?;
    let mut ours: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| file_error(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("tabula-") && n.ends_with(".db"))
        })
        .collect();
    ours.sort();
    let surplus = ours.len().saturating_sub(keep.max(1));
    for old in &ours[..surplus] {
        std::fs::remove_file(old).map_err(|e| file_error(old, e))?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::RawJson;
    use crate::model::{GameConfig, Kind, Status};
    use crate::store::{GameRecord, GameStore, LogEntry, SqliteStore};
    use serde_json::json;

    #[tokio::test]
    async fn a_backup_taken_while_writing_holds_every_committed_action() {
        let dir = std::env::temp_dir().join(format!(
            "tabula-backup-{}-{}",
            std::process::id(),
            crate::ids::random_hex(4)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("live.db");
        let store = SqliteStore::open(&db).unwrap();
        store
            .create_game(&GameRecord {
                id: "g".into(),
                kind: Kind::RoyalSolo,
                config: GameConfig::default(),
                seed: 1,
                created: 1,
                started: Some(1),
                status: Status::Playing,
                updated: 1,
            })
            .await
            .unwrap();
        for seq in 0..50 {
            let e = LogEntry {
                seq,
                at: seq,
                action: RawJson::of(&json!({"t": "tick"})),
            };
            store
                .append("g", &e, crate::store::Due::Same)
                .await
                .unwrap();
        }
        let report = backup_file(&db, &dir.join("copy.db")).unwrap();
        assert_eq!((report.games, report.actions), (1, 50));
        // the copy opens as a store and replays the same log
        let copy = SqliteStore::open(&dir.join("copy.db")).unwrap();
        assert_eq!(copy.log("g").await.unwrap(), store.log("g").await.unwrap());
        // scheduled backups keep the newest ones
        for hour in 0..3 {
            let when = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000 + 3600 * hour);
            scheduled_backup_at(&db, &dir.join("b"), 2, when).unwrap();
        }
        let kept = std::fs::read_dir(dir.join("b")).unwrap().count();
        assert_eq!(kept, 2);
        assert!(backup_file(&dir.join("none.db"), &dir.join("x.db")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn scheduled_names_sort_by_time() {
        let a = scheduled_name(SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000));
        let b = scheduled_name(SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_061));
        assert_eq!(a, "tabula-2023-11-14T22-13-20Z.db");
        assert!(a < b);
    }
}
