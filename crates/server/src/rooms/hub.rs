//! The hub: every room in memory, the store, the shared services and the server's bounds.

use super::room::Room;
use super::{RoomHandle, RoomStats};
use crate::cluster::Claim;
use crate::error::ApiError;
use crate::games::{Hosted, Kind};
use crate::ids::{now_ms, random_hex, random_seed, token_hash};
use crate::limits::{AddressLimits, Limits};
use crate::players::names::clean as clean_name;
use crate::services::Services;
use crate::store::{GameRecord, SeatRecord, Store};
use crate::thinking::Thinking;
use crate::with_adapter;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tabula_core::Millis;

/// All rooms, the store and the shared services.
pub struct Hub {
    /// Where games live.
    pub store: Arc<dyn Store>,
    /// Solvers and decks.
    pub services: Arc<Services>,
    /// The bounds.
    pub limits: Limits,
    /// Where searches run.
    pub thinking: Arc<Thinking>,
    /// Per-address rates and counts.
    pub addresses: AddressLimits,
    /// The lobby's live state.
    pub lobby: crate::players::lobby::Lobby,
    /// Held while a finished game's ratings are read, computed and written, so two games
    /// ending at once never write over each other's change.
    pub settling: tokio::sync::Mutex<()>,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    sockets: Arc<AtomicUsize>,
    /// This node's place among several on one PostgreSQL database, if it has one.
    cluster: std::sync::OnceLock<Arc<crate::cluster::Cluster>>,
}

/// One open WebSocket; dropping it frees its place in the server's count.
pub struct SocketSlot(Arc<AtomicUsize>);

impl Drop for SocketSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A game just created.
#[derive(Clone, Debug)]
pub struct Created {
    /// Its id.
    pub id: String,
    /// The creator's seat.
    pub seat: u32,
    /// The creator's secret token.
    pub token: String,
}

/// The kind of a stored game.
pub(crate) fn kind_of(record: &GameRecord) -> Result<Kind, ApiError> {
    Kind::parse(&record.kind).ok_or_else(|| {
        ApiError::Internal(format!(
            "game `{}` is of an unknown kind `{}`",
            record.id, record.kind
        ))
    })
}

/// Which adapter runs a stored game (its options say so even before it starts).
pub(crate) fn hosted_of(record: &GameRecord) -> Result<Hosted, ApiError> {
    let kind = kind_of(record)?;
    let game = record.config.get("game").unwrap_or(&Value::Null);
    let options = record.config.get("options").unwrap_or(&Value::Null);
    let hosted = Hosted::of(kind, game);
    Ok(if hosted == Hosted::Quickchess {
        Hosted::of(kind, options)
    } else {
        hosted
    })
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Arc<dyn Store>, services: Arc<Services>, limits: Limits) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            store,
            services,
            limits,
            thinking: Arc::new(Thinking::new(
                limits.thinking,
                limits.thinking_tools,
                limits.tools_per_client,
                limits.tools_waiting,
            )),
            addresses: AddressLimits::new(&limits),
            lobby: crate::players::lobby::Lobby::default(),
            settling: tokio::sync::Mutex::new(()),
            rooms: Mutex::new(HashMap::new()),
            sockets: Arc::new(AtomicUsize::new(0)),
            cluster: std::sync::OnceLock::new(),
        });
        crate::players::lobby::Lobby::spawn_upkeep(Arc::downgrade(&hub));
        // per-address buckets of addresses not seen for a while are dropped now and then
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let weak = Arc::downgrade(&hub);
            runtime.spawn(async move {
                loop {
                    tokio::time::sleep(Duration::from_secs(60)).await;
                    let Some(hub) = weak.upgrade() else { return };
                    hub.addresses.forget_idle();
                }
            });
        }
        hub
    }

    /// Makes this hub one node of several: games run here only while this node holds their
    /// leases, renewed (and orphans adopted) by a task of their own.
    pub async fn join_cluster(
        self: &Arc<Self>,
        settings: crate::cluster::Settings,
    ) -> Result<(), ApiError> {
        let cluster = crate::cluster::Cluster::start(settings, Arc::downgrade(self)).await?;
        if self.cluster.set(Arc::clone(&cluster)).is_ok() {
            cluster.spawn_upkeep(Arc::downgrade(self));
            self.lobby.spread(Arc::clone(&cluster.bus));
        }
        Ok(())
    }

    /// This node's place among several, if any.
    pub fn cluster(&self) -> Option<&Arc<crate::cluster::Cluster>> {
        self.cluster.get()
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
            let _ = h.tx.try_send(super::Cmd::Leave);
        }
    }

    /// A room's task ended: its lease goes back, unless the game is already loaded again.
    pub(crate) async fn room_left(&self, id: &str) {
        let Some(cluster) = self.cluster.get() else {
            return;
        };
        let reloaded = self.lock().get(id).is_some_and(|h| !h.is_closed());
        if !reloaded {
            cluster.release(id).await;
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, RoomHandle>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates a game for a guest: the creator takes seat 0; `bots` fill further seats.
    pub async fn create(
        self: &Arc<Self>,
        kind: Kind,
        options: Value,
        name: &str,
        bots: &[u8],
    ) -> Result<Created, ApiError> {
        let host = crate::players::Host {
            name: name.into(),
            account: None,
            client: None,
        };
        self.create_hosted(kind, options, &host, bots, false).await
    }

    /// Creates a game: `host` takes seat 0; `bots` fill further seats. A rated game is
    /// between signed-in players only.
    pub async fn create_hosted(
        self: &Arc<Self>,
        kind: Kind,
        options: Value,
        host: &crate::players::Host,
        bots: &[u8],
        rated: bool,
    ) -> Result<Created, ApiError> {
        let name = host.name.as_str();
        if rated && host.account.is_none() {
            return Err(ApiError::Forbidden(
                "sign in to play rated games (guests play casual ones)".into(),
            ));
        }
        if rated && !bots.is_empty() {
            return Err(ApiError::BadInput(
                "games against bots are casual: rated games are between people".into(),
            ));
        }
        if rated && kind.max_seats() < 2 {
            return Err(ApiError::BadInput(format!(
                "{} is played alone: it cannot be rated",
                kind.name()
            )));
        }
        if 1 + bots.len() > kind.max_seats() {
            return Err(ApiError::BadInput(format!(
                "{} has at most {} seats",
                kind.name(),
                kind.max_seats()
            )));
        }
        for &level in bots {
            kind.check_bot_level(level)?;
        }
        // check the options now, so a bad lobby never exists
        kind.configure(&options, 1 + bots.len(), &self.services)?;
        let token = random_hex(16);
        let seat0 = SeatRecord {
            seat: 0,
            name: clean_name(name),
            token_hash: token_hash(&token),
            bot_level: None,
            account: host.account,
        };
        let bots = bots.iter().enumerate().map(|(i, &level)| SeatRecord {
            seat: i as u32 + 1,
            name: format!("Bot {level}"),
            token_hash: String::new(),
            bot_level: Some(level),
            account: None,
        });
        let seats: Vec<SeatRecord> = std::iter::once(seat0).chain(bots).collect();
        let start = kind.ready(seats.len());
        // a rated table remembers its players' clients until it starts (two accounts of one
        // client never meet there); the started game's configuration drops them
        let clients = rated.then(|| vec![host.client]);
        let id = self
            .insert_game(kind, options, rated, clients, &seats, start)
            .await?;
        Ok(Created { id, seat: 0, token })
    }

    /// Creates the rematch of a finished game, started at once: the same kind, options (a
    /// duel's sides swapped), rating (a rated game's rematch is rated) and seats, each held by
    /// the same token (so every player's browser already holds its seat) and bot.
    pub(crate) async fn rematch(
        &self,
        game: &GameRecord,
        seats: &[SeatRecord],
    ) -> Result<String, ApiError> {
        let kind = kind_of(game)?;
        let options = kind.rematch_options(game.config.get("options").unwrap_or(&Value::Null));
        kind.configure(&options, seats.len(), &self.services)?;
        // a rated game's rematch is rated, unless its players have begun their rated games
        // together for the day: then it is casual
        let mut rated = crate::players::is_rated(game);
        let accounts: Vec<i64> = seats.iter().filter_map(|s| s.account).collect();
        if rated {
            for (i, &a) in accounts.iter().enumerate() {
                for &b in &accounts[i + 1..] {
                    let seated = |account| crate::players::fair::Seated {
                        account,
                        client: None,
                    };
                    if crate::players::fair::may_pair(self, seated(a), seated(b))
                        .await
                        .is_err()
                    {
                        rated = false;
                    }
                }
            }
        }
        self.insert_game(kind, options, rated, None, seats, true)
            .await
    }

    /// Stores a new game of `kind` with its options, rating and seats, started at once if
    /// `start`; returns its id.
    async fn insert_game(
        &self,
        kind: Kind,
        options: Value,
        rated: bool,
        clients: Option<Vec<Option<std::net::IpAddr>>>,
        seats: &[SeatRecord],
        start: bool,
    ) -> Result<String, ApiError> {
        let id = random_hex(6);
        let now = now_ms();
        let mut config = json!({"options": options, "rated": rated});
        if let Some(c) = clients {
            config["clients"] = json!(c);
        }
        let record = GameRecord {
            id: id.clone(),
            kind: kind.name().into(),
            config,
            seed: random_seed(),
            created: now,
            started: None,
            status: "lobby".into(),
            updated: now,
        };
        self.store.create_game(&record).await?;
        for s in seats {
            self.store.put_seat(&id, s).await?;
        }
        if start {
            self.start_record(&id, kind, now).await?;
        }
        Ok(id)
    }

    /// Completes the configuration from the seats and marks the game started; returns the
    /// whole stored configuration.
    pub(crate) async fn start_record(
        &self,
        id: &str,
        kind: Kind,
        now: Millis,
    ) -> Result<Value, ApiError> {
        let record = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game `{id}`")))?;
        let seats = self.store.seats(id).await?;
        let options = record.config.get("options").cloned().unwrap_or(json!({}));
        let game = kind.configure(&options, seats.len(), &self.services)?;
        let rated = crate::players::is_rated(&record);
        let config = json!({"options": options, "game": game, "rated": rated});
        self.store.start_game(id, &config, now).await?;
        Ok(config)
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
            return Err(ApiError::NotFound(format!(
                "no game `{}`",
                id.chars().take(64).collect::<String>()
            )));
        }
        let record = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game `{id}`")))?;
        // among several nodes, a game runs on one: this one, once it holds the lease (read
        // the log only then, so nothing the last owner wrote is missed)
        if let Some(cluster) = self.cluster.get() {
            match cluster.claim(id).await? {
                Claim::Held => {}
                Claim::Elsewhere(owner) if may_relay => return self.relay(cluster, id, &owner),
                Claim::Elsewhere(owner) => return Err(cluster.runs_elsewhere(id, &owner)),
            }
        }
        let seats = self.store.seats(id).await?;
        let log = self.store.log(id).await?;
        let hosted = hosted_of(&record)?;
        let stats = Arc::new(RoomStats::default());
        stats.touch();
        // rebuilding a long game is CPU work: off the runtime
        let hub = Arc::clone(self);
        let room_stats = Arc::clone(&stats);
        let start = tokio::task::spawn_blocking(move || {
            with_adapter!(hosted, A => Room::<A>::load(hub, record, seats, &log, room_stats)
                .map(|room| Box::new(move |rx| room.spawn(rx)) as Box<dyn FnOnce(_) + Send>))
        })
        .await
        .map_err(|e| ApiError::Internal(format!("loading a game failed: {e}")))??;
        let mut rooms = self.lock();
        if let Some(h) = rooms.get(id)
            && !h.is_closed()
        {
            if h.relayed_to.is_none() {
                return Ok(h.clone()); // another request loaded it meanwhile
            }
            // this node owns the game now: its relay to the last owner ends
            let _ = h.tx.try_send(super::Cmd::Leave);
        }
        if rooms.len() >= self.limits.rooms {
            make_place(&mut rooms, self.limits.rooms)?;
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
        cluster: &Arc<crate::cluster::Cluster>,
        id: &str,
        owner: &str,
    ) -> Result<RoomHandle, ApiError> {
        let mut rooms = self.lock();
        if let Some(h) = rooms.get(id)
            && !h.is_closed()
        {
            return Ok(h.clone()); // loaded or relayed meanwhile
        }
        if rooms.len() >= self.limits.rooms {
            make_place(&mut rooms, self.limits.rooms)?;
        }
        let stats = Arc::new(RoomStats::default());
        stats.touch();
        let (tx, rx) = tokio::sync::mpsc::channel(256);
        crate::cluster::relay::spawn(self, &cluster.bus, id, owner, rx, Arc::clone(&stats));
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
        (n < self.limits.sockets).then_some(slot)
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
                let _ = h.tx.try_send(super::Cmd::Leave);
            }
            Ok(())
        }
        None => Err(ApiError::Unavailable {
            message: "the server is full: every game in memory has players connected; try \
                      again in a minute"
                .into(),
            retry_after: Duration::from_secs(60),
        }),
    }
}
