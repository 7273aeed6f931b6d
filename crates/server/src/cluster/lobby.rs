//! The lobby among several nodes. Seeks live in the database, so every node lists the same
//! ones; what is per node is who has the lobby open (a seek lives while its owner does) and
//! the live news for the lobby's sockets. Both travel over the pub/sub:
//!
//! - every lobby change is sent to everyone, and each node passes it to its own sockets;
//! - every third of a lease's time (and at once when a player first opens the lobby on it)
//!   each node tells the others whose lobby is open there. A node not heard from for a whole
//!   lease's time is gone, and so are its players' lobbies;
//! - each node withdraws the seeks whose owner has the lobby open nowhere (after a lease's time,
//!   so news of a lobby just opened has arrived): the seeks of a killed node's players go too.

use super::Cluster;
use super::bus::Bus;
use super::wire::{EVERYONE, Message};
use crate::hub::Hub;
use crate::ids::now_ms;
use crate::lobby::{LobbyEvent, LobbyNetwork};
use crate::unpoisoned::Locked;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// Who has the lobby open on the other nodes, as they last said.
#[derive(Default)]
pub struct Elsewhere {
    nodes: Mutex<HashMap<String, (Instant, HashSet<String>)>>,
    /// How long a node's word holds (a lease's time to live; zero: no other nodes).
    ttl: Mutex<Duration>,
}

impl Elsewhere {
    /// Node `node` says these owners have the lobby open there.
    pub fn heard(&self, node: &str, owners: Vec<String>) {
        self.nodes.locked().insert(
            node.to_string(),
            (Instant::now(), owners.into_iter().collect()),
        );
    }

    /// Whether `owner` has the lobby open on another node that was heard from lately.
    pub fn has(&self, owner: &str) -> bool {
        let ttl = *self.ttl.locked();
        self.nodes
            .locked()
            .values()
            .any(|(at, owners)| at.elapsed() < ttl && owners.contains(owner))
    }

    fn forget_silent(&self) {
        let ttl = *self.ttl.locked();
        self.nodes.locked().retain(|_, (at, _)| at.elapsed() < ttl);
    }

    /// A node's word holds this long.
    pub(crate) fn hold_for(&self, ttl: Duration) {
        *self.ttl.locked() = ttl;
    }
}

/// The lobby's view of the other nodes: its news spread over the bus, and who has the lobby
/// open on them.
pub struct LobbyLink {
    /// The pub/sub.
    pub bus: Arc<Bus>,
    /// Who has the lobby open on the other nodes.
    pub elsewhere: Arc<Elsewhere>,
}

impl LobbyNetwork for LobbyLink {
    fn spread(&self, event: LobbyEvent) {
        spread(&self.bus, event);
    }

    fn present(&self, owners: Vec<String>) {
        announce(&self.bus, owners);
    }

    fn open_elsewhere(&self, owner: &str) -> bool {
        self.elsewhere.has(owner)
    }
}

/// Sends lobby `news` to the other nodes.
pub(crate) fn spread(bus: &Arc<Bus>, news: LobbyEvent) {
    let message = Message::Lobby {
        from: bus.node.clone(),
        news,
    };
    let bus = Arc::clone(bus);
    tokio::spawn(async move {
        if let Err(e) = bus.send(EVERYONE, &message).await {
            tracing::warn!("lobby news to the other nodes failed: {e}");
        }
    });
}

/// Tells the other nodes whose lobby is open here.
pub(crate) fn announce(bus: &Arc<Bus>, owners: Vec<String>) {
    let message = Message::Alive {
        from: bus.node.clone(),
        lobby: owners,
    };
    let bus = Arc::clone(bus);
    tokio::spawn(async move {
        if let Err(e) = bus.send(EVERYONE, &message).await {
            tracing::warn!("telling the other nodes who is in the lobby failed: {e}");
        }
    });
}

/// The lobby's part of a node's upkeep: says who is here, forgets silent nodes, withdraws
/// the seeks whose owner is in no lobby.
pub(crate) async fn upkeep(cluster: &Cluster, hub: &Arc<Hub>) {
    cluster.elsewhere.hold_for(cluster.ttl);
    announce(&cluster.bus, hub.lobby.open_here());
    cluster.elsewhere.forget_silent();
    let seeks = match hub.store.seeks().await {
        Ok(s) => s,
        Err(e) => return tracing::error!("reading the seeks failed: {e}"),
    };
    let old_enough = now_ms().saturating_sub(cluster.ttl.as_millis() as u64);
    let mut withdrawn = 0;
    for s in seeks {
        if s.created < old_enough && !hub.lobby.is_open(&s.owner) {
            match hub.store.take_seek(&s.id).await {
                Ok(Some(_)) => withdrawn += 1,
                Ok(None) => {}
                Err(e) => tracing::error!("withdrawing seek {}: {e}", s.id),
            }
        }
    }
    if withdrawn > 0 {
        tracing::info!("withdrew {withdrawn} seeks whose owners left the lobby");
        hub.lobby.changed();
    }
}
