//! The database checked at start: every stored game's log replayed against its rules, a page
//! at a time on a blocking thread, so a damaged game is found when the server starts (and
//! listed with the command that exports it), never first when a player opens it.

use super::records::hosted_of;
use super::table::Logged;
use crate::context::Context;
use crate::error::{ApiError, Fault};
use crate::games::with_adapter;
use crate::games::{Adapter, started_config};
use crate::services::Services;
use crate::store::{GameRecord, LogEntry};
use std::sync::Arc;

/// Games read from the store at once.
const PAGE: usize = 200;

/// A game whose stored log does not replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Damaged {
    /// The game.
    pub id: String,
    /// What went wrong, and where.
    pub error: String,
}

/// What the check found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games replayed.
    pub checked: u64,
    /// Those that did not replay.
    pub damaged: Vec<Damaged>,
}

/// Replays a stored game's log with adapter `A`; the first action that does not replay.
fn replays<A: Adapter>(
    record: &GameRecord,
    log: &[LogEntry],
    services: &Services,
) -> Result<(), ApiError> {
    let Some(started) = record.started else {
        return Ok(()); // a lobby: nothing was played
    };
    let mut game = A::start(started_config(record)?, record.seed, started, services)?;
    for entry in log {
        let what =
            |e: ApiError| ApiError::Internal(Fault::Stored, format!("action {}: {e}", entry.seq));
        match Logged::<A::Action>::read(&entry.action).map_err(what)? {
            Logged::Game(action) => {
                game.apply(&action, entry.at, services).map_err(what)?;
            }
            Logged::Table(_) => {}
        }
    }
    Ok(())
}

/// Checks one game (CPU work: off the runtime).
fn check_one(record: GameRecord, log: Vec<LogEntry>, services: &Services) -> Option<Damaged> {
    let id = record.id.clone();
    let hosted = hosted_of(&record);
    let result = with_adapter!(hosted, A => replays::<A>(&record, &log, services));
    result.err().map(|e| Damaged {
        id,
        error: e.to_string(),
    })
}

/// Replays every game of the hub's store.
pub async fn check_games(hub: &Context) -> Result<Report, ApiError> {
    let mut report = Report::default();
    let mut after = String::new();
    loop {
        let page = hub.store.games_after(&after, PAGE).await?;
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        let mut games = Vec::with_capacity(page.len());
        for record in page {
            let log = match hub.store.log(&record.id).await {
                Ok(l) => l,
                Err(e) => {
                    report.damaged.push(Damaged {
                        id: record.id.clone(),
                        error: format!("its log cannot be read: {e}"),
                    });
                    continue;
                }
            };
            games.push((record, log));
        }
        let services = Arc::clone(&hub.services);
        let (n, damaged) = tokio::task::spawn_blocking(move || {
            let n = games.len() as u64;
            let damaged: Vec<Damaged> = games
                .into_iter()
                .filter_map(|(r, l)| check_one(r, l, &services))
                .collect();
            (n, damaged)
        })
        .await
        .map_err(|e| ApiError::Internal(Fault::Task, format!("checking the games: {e}")))?;
        report.checked += n;
        report.damaged.extend(damaged);
    }
    Ok(report)
}

/// Checks the games in the background and logs what it found: each damaged game with the
/// command that exports it (`db` is how the operator named the database).
pub fn spawn_check(hub: &Arc<Context>, db: String) {
    let hub = Arc::clone(hub);
    tokio::spawn(async move {
        match check_games(&hub).await {
            Ok(r) if r.damaged.is_empty() => {
                tracing::info!("checked the database: all {} games replay", r.checked);
            }
            Ok(r) => {
                tracing::error!(
                    "checked the database: {} of {} games do not replay (they answer 500 when \
                     opened); export each with `tabula site export-game --db {db} ID` to look at it:",
                    r.damaged.len(),
                    r.checked
                );
                for d in &r.damaged {
                    tracing::error!("  game {}: {}", d.id, d.error);
                }
            }
            Err(e) => tracing::error!("checking the database failed: {e}"),
        }
    });
}
