//! The registry of rooms: every game in memory on this node (and the relays to games other
//! nodes run), found, loaded and evicted here, with the server's count of sockets.

use super::placement::{Claim, Placement};
use super::records::hosted_of;
use super::room::Room;
use super::{Cmd, RoomHandle, RoomStats};
use crate::context::Context;
use crate::error::{ApiError, Busy, Fault, Missing};
use crate::games::with_adapter;
use crate::unpoisoned::Locked;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The rooms of this node.
pub struct Registry {
    /// What the rooms work with.
    pub ctx: Arc<Context>,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    sockets: Arc<AtomicUsize>,
    /// Among several nodes: where each game runs.
    placement: OnceLock<Arc<dyn Placement>>,
}

/// One open WebSocket; dropping it frees its place in the server's count.
pub struct SocketSlot(Arc<AtomicUsize>);

impl Drop for SocketSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Registry {
    /// No room yet.
    pub fn new(ctx: Arc<Context>) -> Arc<Registry> {
        Arc::new(Registry {
            ctx,
            rooms: Mutex::new(HashMap::new()),
            sockets: Arc::new(AtomicUsize::new(0)),
            placement: OnceLock::new(),
        })
    }

    /// Runs games only where `placement` says (one node of several); set once.
    pub fn place_with(&self, placement: Arc<dyn Placement>) {
        let _ = self.placement.set(placement);
    }

    /// Whether this node is one of several.
    pub fn is_one_of_several(&self) -> bool {
        self.placement.get().is_some()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, RoomHandle>> {
        self.rooms.locked()
    }

    /// The ids of the rooms in memory now.
    pub(crate) fn loaded_room_ids(&self) -> Vec<String> {
        self.lock()
            .iter()
            .filter(|(_, h)| !h.is_closed() && h.relayed_to.is_none())
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Sends a room away (its game is another node's now); its sockets are closed and
    /// reconnect to wherever the game runs.
    pub(crate) fn step_down(&self, id: &str) {
        if let Some(h) = self.lock().remove(id) {
            let _ = h.tx.try_send(Cmd::Leave);
        }
    }

    /// A room's task ended: its lease goes back, unless the game is already loaded again.
    async fn room_left(&self, id: &str) {
        let Some(placement) = self.placement.get() else {
            return;
        };
        let reloaded = self.lock().get(id).is_some_and(|h| !h.is_closed());
        if !reloaded {
            placement.release(id).await;
        }
    }

    /// The room of game `id`, loading it from the store if needed; among several nodes, a
    /// relay to the node that runs it when that is another.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<RoomHandle, ApiError> {
        self.open(id, true).await
    }

    /// The room of game `id` if it runs on this node (loading it, taking its lease), never a
    /// relay: for calls other nodes relay here.
    pub(crate) async fn owned_room(self: &Arc<Self>, id: &str) -> Result<RoomHandle, ApiError> {
        self.open(id, false).await
    }

    async fn open(self: &Arc<Self>, id: &str, may_relay: bool) -> Result<RoomHandle, ApiError> {
        if let Some(h) = self.lock().get(id)
            && !h.is_closed()
            && (may_relay || h.relayed_to.is_none())
        {
            h.stats.touch();
            return Ok(h.clone());
        }
        if id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ApiError::NotFound(
                Missing::Game,
                format!("no game `{}`", id.chars().take(64).collect::<String>()),
            ));
        }
        let record = self
            .ctx
            .store
            .game(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(Missing::Game, format!("no game `{id}`")))?;
        // among several nodes, a game runs on one: this one, once it holds the lease (read
        // the log only then, so nothing the last owner wrote is missed)
        if let Some(placement) = self.placement.get() {
            match placement.claim(id).await? {
                Claim::Held => {}
                Claim::Elsewhere(owner) if may_relay => return self.relay(placement, id, &owner),
                Claim::Elsewhere(owner) => return Err(placement.runs_elsewhere(id, &owner)),
            }
        }
        let seats = self.ctx.store.seats(id).await?;
        let log = self.ctx.store.log(id).await?;
        let hosted = hosted_of(&record);
        let stats = Arc::new(RoomStats::default());
        stats.touch();
        // rebuilding a long game is CPU work: off the runtime
        let ctx = Arc::clone(&self.ctx);
        let room_stats = Arc::clone(&stats);
        let registry = Arc::clone(self);
        let start = tokio::task::spawn_blocking(move || {
            with_adapter!(hosted, A => Room::<A>::load(ctx, record, seats, &log, room_stats)
                .map(|room| Box::new(move |rx| {
                    let id = room.id().to_string();
                    tokio::spawn(async move {
                        room.run(rx).await;
                        registry.room_left(&id).await;
                    });
                }) as Box<dyn FnOnce(_) + Send>))
        })
        .await
        .map_err(|e| ApiError::Internal(Fault::Task, format!("loading a game failed: {e}")))??;
        let mut rooms = self.lock();
        if let Some(h) = rooms.get(id)
            && !h.is_closed()
        {
            if h.relayed_to.is_none() {
                return Ok(h.clone()); // another request loaded it meanwhile
            }
            // this node owns the game now: its relay to the last owner ends
            let _ = h.tx.try_send(Cmd::Leave);
        }
        if rooms.len() >= self.ctx.limits.rooms {
            make_place(&mut rooms, self.ctx.limits.rooms)?;
        }
        let (tx, rx) = tokio::sync::mpsc::channel(256);
        start(rx);
        let handle = RoomHandle {
            tx,
            stats,
            relayed_to: None,
        };
        rooms.insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// A relay of game `id` to the node that owns it.
    fn relay(
        self: &Arc<Self>,
        placement: &Arc<dyn Placement>,
        id: &str,
        owner: &str,
    ) -> Result<RoomHandle, ApiError> {
        let mut rooms = self.lock();
        if let Some(h) = rooms.get(id)
            && !h.is_closed()
        {
            return Ok(h.clone()); // loaded or relayed meanwhile
        }
        if rooms.len() >= self.ctx.limits.rooms {
            make_place(&mut rooms, self.ctx.limits.rooms)?;
        }
        let stats = Arc::new(RoomStats::default());
        stats.touch();
        let (tx, rx) = tokio::sync::mpsc::channel(256);
        let registry = Arc::clone(self);
        let game = id.to_string();
        let ended = Box::new(move || registry.relay_left(&game));
        placement.relay(id, owner, rx, Arc::clone(&stats), self.ctx.limits, ended);
        let handle = RoomHandle {
            tx,
            stats,
            relayed_to: Some(owner.to_string()),
        };
        rooms.insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// A relay ended: its place in the table of rooms is free.
    pub(crate) fn relay_left(&self, id: &str) {
        let mut rooms = self.lock();
        if rooms
            .get(id)
            .is_some_and(|h| h.is_closed() && h.relayed_to.is_some())
        {
            rooms.remove(id);
        }
    }

    /// The games relayed to other nodes now, each with its owner and the token hashes of its
    /// players connected here.
    pub(crate) fn relayed_rooms(&self) -> Vec<(String, String, Vec<String>)> {
        self.lock()
            .iter()
            .filter(|(_, h)| !h.is_closed())
            .filter_map(|(id, h)| {
                let owner = h.relayed_to.clone()?;
                Some((id.clone(), owner, h.stats.present_tokens()))
            })
            .collect()
    }

    /// A place for one more WebSocket, if the server has room for it.
    pub fn connect(&self) -> Option<SocketSlot> {
        let n = self.sockets.fetch_add(1, Ordering::Relaxed);
        let slot = SocketSlot(Arc::clone(&self.sockets));
        (n < self.ctx.limits.sockets).then_some(slot)
    }

    /// Open WebSockets.
    pub fn connection_count(&self) -> usize {
        self.sockets.load(Ordering::Relaxed)
    }

    /// Rooms in memory (games run here; relays to other nodes not counted).
    pub fn loaded_rooms(&self) -> usize {
        self.lock()
            .values()
            .filter(|h| !h.is_closed() && h.relayed_to.is_none())
            .count()
    }
}

/// Frees a place in a full table of rooms: forgets rooms that ended, then sends the least
/// recently used room with nobody connected away. With every room in use the server is full.
fn make_place(rooms: &mut HashMap<String, RoomHandle>, max: usize) -> Result<(), ApiError> {
    rooms.retain(|_, h| !h.is_closed());
    if rooms.len() < max {
        return Ok(());
    }
    let victim = rooms
        .iter()
        .filter(|(_, h)| h.stats.connected() == 0)
        .min_by_key(|(_, h)| h.stats.last_used.load(Ordering::Relaxed))
        .map(|(id, _)| id.clone());
    match victim {
        Some(id) => {
            if let Some(h) = rooms.remove(&id) {
                // a full queue means the room is busy; it still leaves when it reads this
                let _ = h.tx.try_send(Cmd::Leave);
            }
            Ok(())
        }
        None => Err(ApiError::Unavailable {
            cause: Busy::Rooms,
            message: "the server is full: every game in memory has players connected; try \
                      again in a minute"
                .into(),
            retry_after: Duration::from_secs(60),
        }),
    }
}
