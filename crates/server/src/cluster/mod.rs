//! Several `tabula serve` nodes on one PostgreSQL database: each game runs on exactly one node
//! at a time, the one holding its lease ([`crate::store::leases`]), and a client may connect
//! to any node.
//!
//! - A node takes a game's lease when it loads the game's room, and gives it back when the
//!   room leaves memory. A game leased to another node is never loaded twice: this node
//!   relays it ([`relay`]), carrying its clients' requests to the owner and the owner's frames
//!   back, over the pub/sub ([`bus`], PostgreSQL's LISTEN/NOTIFY).
//! - One task per node renews the leases of its loaded rooms every third of their time to
//!   live; a room whose lease could not be renewed (the node stalled past it, another node
//!   took the game) steps down at once. A room whose append is refused as stale steps down
//!   too: the log's primary key is the guard a lease cannot be. The same task ends relays
//!   whose game changed owner, and tells the other nodes whose lobby is open here
//!   ([`lobby`]).
//! - It also adopts orphans, games being played whose node stopped renewing (killed, cut
//!   off): it loads them, so their clocks run out and their bots move without waiting for a
//!   player to come back. Players reconnect to any node; the game is there within the lease's
//!   time to live.

pub mod bus;
mod export;
pub mod lobby;
pub mod relay;
pub mod wire;

use crate::error::{ApiError, Busy};
use crate::hub::Hub;
use crate::limits::Limits;
use crate::rooms::{Claim, Cmd, Placement, RoomStats};
use crate::store::PostgresStore;
use crate::store::leases::Lease;
use bus::Bus;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::mpsc;
use wire::Message;

/// What a node is told at start: who it is, where the database is, how long leases live.
pub struct Settings {
    /// This node's id (`--node`).
    pub node: String,
    /// The shared database.
    pub store: Arc<PostgresStore>,
    /// How long a lease lives without renewal.
    pub ttl: Duration,
}

/// A node's place among several.
pub struct Cluster {
    /// This node's id (`--node`).
    pub node: String,
    /// The shared database.
    pub store: Arc<PostgresStore>,
    /// How long a lease lives without renewal.
    pub ttl: Duration,
    /// The pub/sub to the other nodes.
    pub bus: Arc<Bus>,
    /// The exporters of this node's games to the nodes that relay them.
    exports: Arc<export::Exports>,
    /// Who has the lobby open on the other nodes.
    elsewhere: Arc<lobby::Elsewhere>,
}

/// Orphans adopted per sweep at most (the rest wait for the next sweep).
const ADOPT_PER_SWEEP: usize = 50;

/// Makes `hub` one node of several: its games run here only while this node holds their
/// leases (renewed, and orphans adopted, by a task of its own), its lobby is one with the
/// other nodes'.
pub async fn join(hub: &Arc<Hub>, settings: Settings) -> Result<Arc<Cluster>, ApiError> {
    let cluster = Cluster::start(settings, Arc::downgrade(hub)).await?;
    hub.rooms
        .place_with(Arc::clone(&cluster) as Arc<dyn Placement>);
    hub.lobby.join(Arc::new(lobby::LobbyLink {
        bus: Arc::clone(&cluster.bus),
        elsewhere: Arc::clone(&cluster.elsewhere),
    }));
    cluster.spawn_upkeep(Arc::downgrade(hub));
    Ok(cluster)
}

#[async_trait::async_trait]
impl Placement for Cluster {
    async fn claim(&self, game: &str) -> Result<Claim, ApiError> {
        Cluster::claim(self, game).await
    }

    async fn release(&self, game: &str) {
        Cluster::release(self, game).await;
    }

    fn runs_elsewhere(&self, game: &str, owner: &str) -> ApiError {
        Cluster::runs_elsewhere(self, game, owner)
    }

    fn relay(
        &self,
        game: &str,
        owner: &str,
        rx: tokio::sync::mpsc::Receiver<Cmd>,
        stats: Arc<RoomStats>,
        limits: Limits,
        ended: Box<dyn FnOnce() + Send>,
    ) {
        relay::spawn(&self.bus, game, owner, rx, stats, limits, ended);
    }
}

impl Cluster {
    /// Joins the other nodes: listens on the pub/sub for `hub`.
    pub async fn start(settings: Settings, hub: Weak<Hub>) -> Result<Arc<Cluster>, ApiError> {
        // a call waits about as long as a lease lives: past that its owner is gone and the
        // game will be taken over
        let (bus, messages) = Bus::start(
            settings.node.clone(),
            Arc::clone(&settings.store),
            settings.ttl,
        )
        .await?;
        let cluster = Arc::new(Cluster {
            node: settings.node,
            store: settings.store,
            ttl: settings.ttl,
            bus,
            exports: Arc::default(),
            elsewhere: Arc::default(),
        });
        tokio::spawn(Arc::clone(&cluster).dispatch(messages, hub));
        Ok(cluster)
    }

    /// Hands each message from another node to the part of this node it is for, while the
    /// hub lives.
    async fn dispatch(self: Arc<Self>, mut messages: mpsc::Receiver<Message>, hub: Weak<Hub>) {
        while let Some(message) = messages.recv().await {
            let Some(hub) = hub.upgrade() else { return };
            let bus = &self.bus;
            match message {
                Message::Call {
                    from,
                    id,
                    game,
                    call,
                } => export::call(bus, &self.exports, &hub, from, id, game, call),
                Message::Watch { from, games } => {
                    for w in games {
                        export::watch(bus, &self.exports, &hub, from.clone(), w.game, w.tokens);
                    }
                }
                Message::Unwatch { from, game } => self.exports.unwatch(game, from),
                Message::Lobby { from, news } if from != bus.node => hub.lobby.hear(news),
                Message::Alive { from, lobby } if from != bus.node => {
                    self.elsewhere.heard(&from, lobby);
                }
                // answers and frames are the bus's; this node's own news it knew already
                _ => {}
            }
        }
    }

    fn ttl_ms(&self) -> u64 {
        self.ttl.as_millis() as u64
    }

    /// Takes the lease of `game` for this node, or says which node runs it.
    pub async fn claim(&self, game: &str) -> Result<Claim, ApiError> {
        // a lease given back between the two reads of `acquire` is taken on the next try
        for _ in 0..3 {
            match self.store.acquire(game, &self.node, self.ttl_ms()).await? {
                Lease::Held => return Ok(Claim::Held),
                Lease::Elsewhere { node } if !node.is_empty() => {
                    return Ok(Claim::Elsewhere(node));
                }
                Lease::Elsewhere { .. } => continue,
            }
        }
        Err(ApiError::unavailable(
            Busy::Moved,
            format!("game {game} is changing nodes; try again"),
        ))
    }

    /// The refusal of a call for a game that runs on `owner`, not here.
    pub fn runs_elsewhere(&self, game: &str, owner: &str) -> ApiError {
        ApiError::Unavailable {
            cause: Busy::Moved,
            message: format!(
                "game {game} is running on node {owner}, not on {}; try again",
                self.node
            ),
            retry_after: self.ttl,
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
        self.check_relays(hub).await;
        crate::cluster::lobby::upkeep(self, hub).await;
        // the rooms loaded before the renewal: each took its lease before it was listed
        let loaded = hub.rooms.loaded_room_ids();
        match self.store.renew(&self.node, &loaded, self.ttl_ms()).await {
            Ok(renewed) => {
                for id in loaded.iter().filter(|id| !renewed.contains(id)) {
                    crate::metrics::METRICS.leases_lost.inc();
                    tracing::warn!(game = %id, "lease lost: the room steps down");
                    hub.rooms.step_down(id);
                }
            }
            // the database is unreachable: keep the rooms (their appends fail until it is
            // back, and the log refuses a stale one)
            Err(e) => tracing::error!("renewing leases failed: {e}"),
        }
        match self.store.orphans(ADOPT_PER_SWEEP).await {
            Ok(orphans) => {
                for id in orphans {
                    match hub.rooms.owned_room(&id).await {
                        Ok(_) => {
                            crate::metrics::METRICS.lease_takeovers.inc();
                            tracing::info!(game = %id, "adopted from a node that is gone")
                        }
                        Err(e) => tracing::debug!(game = %id, "not adopted: {e}"),
                    }
                }
            }
            Err(e) => tracing::error!("looking for orphaned games failed: {e}"),
        }
    }

    /// Tells each owner which of its games this node still relays, with the players connected
    /// here (one message per owner), and ends the relays whose game's owner changed or whose
    /// lease lapsed: their clients reconnect, to the game's new place.
    async fn check_relays(&self, hub: &Arc<Hub>) {
        let relayed = hub.rooms.relayed_rooms();
        if relayed.is_empty() {
            return;
        }
        let mut by_owner: std::collections::HashMap<&str, Vec<wire::Watched>> = Default::default();
        for (game, owner, tokens) in &relayed {
            by_owner.entry(owner).or_default().push(wire::Watched {
                game: game.clone(),
                tokens: tokens.clone(),
            });
        }
        for (owner, games) in by_owner {
            let watch = wire::Message::Watch {
                from: self.node.clone(),
                games,
            };
            self.bus.tell(owner, &watch).await;
        }
        let ids: Vec<String> = relayed.iter().map(|(id, _, _)| id.clone()).collect();
        match self.store.owners(&ids).await {
            Ok(owners) => {
                for (id, owner, _) in relayed {
                    let now = owners.iter().find(|(g, _)| *g == id).map(|(_, n)| n);
                    if now != Some(&owner) {
                        tracing::info!(game = %id, "its owner {owner} let it go: the relay ends");
                        hub.rooms.step_down(&id);
                    }
                }
            }
            Err(e) => tracing::error!("reading the owners of relayed games failed: {e}"),
        }
    }
}
