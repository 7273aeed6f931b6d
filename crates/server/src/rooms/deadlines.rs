//! The sweeper: every node, every second, opens the rooms of the games whose stored deadline
//! has passed (issue #54), so a clock ends its game on time whether or not anyone watches it.
//!
//! A room in memory ends its game itself at the deadline, to the millisecond. But a room
//! leaves memory when nobody looks, a node may restart, and a game the server starts itself (a
//! tournament's pairing) may never be opened by anyone: before this, one absent pair of a Swiss
//! event held its round open for everyone. Every game's next deadline is in the store
//! ([`crate::store::DeadlineStore`], written with the action that moved it), so each node looks
//! for the games overdue by more than [`GRACE_MS`] (a room in memory has ended them by then)
//! and opens them: a room that loads catches up with its overdue deadline at once (the flag
//! falls at its own time, not the sweep's), on this node or, among several, on the one that
//! holds the game's lease (the sweeper's look goes there as any other call does).
//!
//! Correspondence games (days a move) are swept the same way: their deadline is the mover's.

use super::{Caller, Registry};
use crate::error::ApiError;
use crate::ids::now_ms;
use futures_util::StreamExt;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often each node looks.
pub const SWEEP_EVERY: Duration = Duration::from_secs(1);
/// How long past its deadline a game is left to a room that may hold it in memory (which ends
/// it at the deadline itself) before a sweeper opens it.
pub const GRACE_MS: u64 = 1_500;
/// The most games one look opens (a 300-player Swiss round is 150 games).
const SWEPT_AT_ONCE: usize = 256;
/// Rooms loaded at once (each reads its game from the store: the store's connections are a
/// few).
const OPENED_AT_ONCE: usize = 8;

/// Opens the rooms of the games overdue by more than [`GRACE_MS`]: how many were found.
pub async fn sweep(rooms: &Arc<Registry>) -> Result<usize, ApiError> {
    let overdue = rooms
        .ctx
        .store
        .due_games(now_ms().saturating_sub(GRACE_MS), SWEPT_AT_ONCE)
        .await?;
    let found = overdue.len();
    futures_util::stream::iter(overdue)
        .for_each_concurrent(OPENED_AT_ONCE, |game| async move {
            // a look is enough: the room catches up with its deadline as it loads (on the
            // node that runs it, through a relay when that is another)
            let looked = match rooms.room(&game).await {
                Ok(room) => room.view(Caller::spectator()).await.map(drop),
                Err(e) => Err(e),
            };
            if let Err(e) = looked {
                tracing::warn!(game = %game, "an overdue game could not be opened: {e}");
            }
        })
        .await;
    Ok(found)
}

/// Runs [`sweep`] every [`SWEEP_EVERY`] while the registry lives.
pub fn spawn_sweeper(rooms: Weak<Registry>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    runtime.spawn(async move {
        let mut every = tokio::time::interval(SWEEP_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let Some(rooms) = rooms.upgrade() else { return };
            match sweep(&rooms).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(games = n, "overdue games opened"),
                Err(e) => tracing::warn!("looking for overdue games: {e}"),
            }
        }
    });
}
