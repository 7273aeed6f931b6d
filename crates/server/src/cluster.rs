//! Several `tabula serve` nodes on one PostgreSQL database: each game runs on exactly one node
//! at a time, the one holding its lease ([`crate::store::leases`]).
//!
//! - A node takes a game's lease when it loads the game's room, and gives it back when the
//!   room leaves memory. A game leased to another node is answered with 503 naming that node
//!   (and when its lease will lapse), never loaded twice.
//! - One task per node renews the leases of its loaded rooms every third of their time to live; a room whose
//!   lease could not be renewed (the node stalled past it, another node took the game) steps
//!   down at once. A room whose append is refused as stale steps down too: the log's primary
//!   key is the guard a lease cannot be.
//! - The same task adopts orphans, games being played whose node stopped renewing (killed,
//!   cut off): it loads them, so their clocks run out and their bots move without waiting for
//!   a player to come back. Players reconnect to any node; the game is there within the lease's
//!   time to live.

use crate::error::ApiError;
use crate::rooms::Hub;
use crate::store::PostgresStore;
use crate::store::leases::Lease;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// A node's place among several.
pub struct Cluster {
    /// This node's id (`--node`).
    pub node: String,
    /// The shared database.
    pub store: Arc<PostgresStore>,
    /// How long a lease lives without renewal.
    pub ttl: Duration,
}

/// Orphans adopted per sweep at most (the rest wait for the next sweep).
const ADOPT_PER_SWEEP: usize = 50;

impl Cluster {
    fn ttl_ms(&self) -> u64 {
        self.ttl.as_millis() as u64
    }

    /// Takes the lease of `game` for this node, or says which node runs it.
    pub async fn claim(&self, game: &str) -> Result<(), ApiError> {
        match self.store.acquire(game, &self.node, self.ttl_ms()).await? {
            Lease::Held => Ok(()),
            Lease::Elsewhere { node } => Err(ApiError::Unavailable {
                message: format!(
                    "game {game} is running on node {node}; connect there, or try again once \
                     that node is gone (a lease lives {} s)",
                    self.ttl.as_secs()
                ),
                retry_after: self.ttl,
            }),
        }
    }

    /// Gives the lease of `game` back (its room left this node's memory).
    pub async fn release(&self, game: &str) {
        if let Err(e) = self.store.release(game, &self.node).await {
            tracing::warn!(game, "giving the lease back failed (it will lapse): {e}");
        }
    }

    /// Gives every lease of this node back (a clean shutdown: other nodes take the games at
    /// once instead of after the lease's time to live).
    pub async fn release_all(&self) {
        match self.store.release_node(&self.node).await {
            Ok(n) => tracing::info!("node {} gave back {n} leases", self.node),
            Err(e) => tracing::warn!("giving the leases back failed (they will lapse): {e}"),
        }
    }

    /// Renews this node's leases, steps its rooms down from the ones it lost, and adopts
    /// orphans, every third of the lease's time to live, while the hub lives.
    pub fn spawn_upkeep(self: &Arc<Self>, hub: Weak<Hub>) {
        let cluster = Arc::clone(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(cluster.ttl / 3);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let Some(hub) = hub.upgrade() else { return };
                cluster.upkeep(&hub).await;
            }
        });
    }

    async fn upkeep(&self, hub: &Arc<Hub>) {
        // the rooms loaded before the renewal: each took its lease before it was listed
        let loaded = hub.loaded_room_ids();
        match self.store.renew(&self.node, &loaded, self.ttl_ms()).await {
            Ok(renewed) => {
                for id in loaded.iter().filter(|id| !renewed.contains(id)) {
                    tracing::warn!(game = %id, "lease lost: the room steps down");
                    hub.step_down(id);
                }
            }
            // the database is unreachable: keep the rooms (their appends fail until it is
            // back, and the log refuses a stale one)
            Err(e) => tracing::error!("renewing leases failed: {e}"),
        }
        match self.store.orphans(ADOPT_PER_SWEEP).await {
            Ok(orphans) => {
                for id in orphans {
                    match hub.room(&id).await {
                        Ok(_) => tracing::info!(game = %id, "adopted from a node that is gone"),
                        Err(e) => tracing::debug!(game = %id, "not adopted: {e}"),
                    }
                }
            }
            Err(e) => tracing::error!("looking for orphaned games failed: {e}"),
        }
    }
}
