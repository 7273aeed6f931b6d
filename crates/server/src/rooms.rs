//! Rooms: one task per game in memory, which owns the game and does everything to it in turn.
//!
//! A room receives commands (a seat's intent, a lobby change, a new connection, ...), wakes
//! up for the game's deadlines and its bots' actions, and for every accepted action: applies
//! it, appends it to the store's log (undoing it if the store fails), then broadcasts a frame
//! with a new version number and each seat's view. Acknowledgements are sent only after the
//! log write. Rooms are loaded from the store on first use by replaying their logs, and leave
//! memory when nobody has been connected for a while (they reload on the next visit).

use crate::games::{Kind, Live};
use crate::services::Services;
use crate::store::{GameRecord, LogEntry, SeatRecord, Store};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tabula_core::Millis;
use tokio::sync::{broadcast, mpsc, oneshot};

/// The server's clock: milliseconds since the Unix epoch.
pub fn now_ms() -> Millis {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as Millis)
}

/// Random hex (ids and seat tokens), from the operating system.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system provides randomness");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A random 64-bit seed.
pub fn random_seed() -> u64 {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).expect("the operating system provides randomness");
    u64::from_le_bytes(buf)
}

/// The stored form of a seat token.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Bounds that keep one server healthy.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Rooms in memory at once.
    pub rooms: usize,
    /// Connections to one room (players and spectators).
    pub connections_per_room: usize,
    /// WebSocket connections to the whole server.
    pub connections: usize,
    /// How long a room with nobody connected stays in memory.
    pub idle: Duration,
    /// How long a lobby waits to start before it expires.
    pub lobby_expiry: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rooms: 2_000,
            connections_per_room: 64,
            connections: 10_000,
            idle: Duration::from_secs(600),
            lobby_expiry: Duration::from_secs(24 * 3600),
        }
    }
}

/// One broadcast: the version (the log's length) with the events and every seat's view.
#[derive(Debug)]
pub struct Frame {
    /// The room's version after this change.
    pub version: u64,
    /// What happened (the games' events).
    pub events: Vec<Value>,
    /// The view of each seat, by seat number.
    pub views: Vec<Value>,
    /// What spectators see.
    pub spectator: Value,
}

impl Frame {
    /// The view for `seat` (spectators get the public one).
    pub fn view_for(&self, seat: Option<u32>) -> &Value {
        seat.and_then(|s| self.views.get(s as usize))
            .unwrap_or(&self.spectator)
    }
}

/// A change to a lobby.
#[derive(Clone, Debug)]
pub enum LobbyOp {
    /// Add a bot of this level (host only).
    AddBot(u8),
    /// Remove a seat (host only; not the host's own).
    Remove(u32),
    /// Change an option such as the side or the deck (host only).
    SetOptions(Value),
    /// Start the game (host only).
    Start,
}

/// A new subscriber's receiver, with the version and view it starts from.
pub type Subscription = (broadcast::Receiver<Arc<Frame>>, u64, Value);

enum Cmd {
    Act {
        seat: u32,
        intent: Value,
        reply: oneshot::Sender<Result<u64, String>>,
    },
    Lobby {
        seat: u32,
        op: LobbyOp,
        reply: oneshot::Sender<Result<(), String>>,
    },
    Join {
        name: String,
        reply: oneshot::Sender<Result<(u32, String), String>>,
    },
    Auth {
        token: String,
        reply: oneshot::Sender<Option<u32>>,
    },
    View {
        seat: Option<u32>,
        reply: oneshot::Sender<(u64, Value)>,
    },
    Subscribe {
        seat: Option<u32>,
        reply: oneshot::Sender<Result<Subscription, String>>,
    },
}

/// A handle to a room's task.
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Cmd>,
}

/// All rooms, the store and the shared services.
pub struct Hub {
    /// Where games live.
    pub store: Arc<dyn Store>,
    /// Solvers and decks.
    pub services: Arc<Services>,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    /// The bounds.
    pub limits: Limits,
    connections: std::sync::atomic::AtomicUsize,
}

/// One open WebSocket; dropping it frees its place in the server's connection count.
pub struct ConnectionSlot<'a>(&'a Hub);

impl Drop for ConnectionSlot<'_> {
    fn drop(&mut self) {
        self.0
            .connections
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
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

const ROOM_GONE: &str = "the room closed; reload the page";

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Arc<dyn Store>, services: Arc<Services>, limits: Limits) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            services,
            rooms: Mutex::new(HashMap::new()),
            limits,
            connections: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, RoomHandle>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates a game: the creator takes seat 0; `bots` fill further seats.
    pub fn create(
        self: &Arc<Self>,
        kind: Kind,
        options: Value,
        name: &str,
        bots: &[u8],
    ) -> Result<Created, String> {
        if 1 + bots.len() > kind.max_seats() {
            return Err(format!(
                "{} has at most {} seats",
                kind.name(),
                kind.max_seats()
            ));
        }
        if let Some(&l) = bots
            .iter()
            .find(|&&l| !(1..=kind.max_bot_level()).contains(&l))
        {
            return Err(format!(
                "bot level {l}: levels are 1 to {}",
                kind.max_bot_level()
            ));
        }
        // check the options now, so a bad lobby never exists
        kind.configure(&options, 1 + bots.len(), &self.services)?;
        let id = random_hex(6);
        let token = random_hex(16);
        let now = now_ms();
        let record = GameRecord {
            id: id.clone(),
            kind: kind.name().into(),
            config: json!({"options": options}),
            seed: random_seed(),
            created: now,
            started: None,
            status: "lobby".into(),
            updated: now,
        };
        let err = |e: crate::store::StoreError| e.to_string();
        self.store.create_game(&record).map_err(err)?;
        self.store
            .put_seat(
                &id,
                &SeatRecord {
                    seat: 0,
                    name: clean_name(name),
                    token_hash: token_hash(&token),
                    bot_level: None,
                },
            )
            .map_err(err)?;
        for (i, &level) in bots.iter().enumerate() {
            let seat = SeatRecord {
                seat: i as u32 + 1,
                name: format!("Bot {}", level),
                token_hash: String::new(),
                bot_level: Some(level),
            };
            self.store.put_seat(&id, &seat).map_err(err)?;
        }
        if kind.ready(1 + bots.len()) || kind.max_seats() == 1 {
            start_record(&*self.store, &self.services, &id, kind, now)?;
        }
        Ok(Created { id, seat: 0, token })
    }

    /// The room of game `id`, loading it from the store if needed.
    pub fn room(self: &Arc<Self>, id: &str) -> Result<RoomHandle, String> {
        if let Some(h) = self.lock().get(id)
            && !h.tx.is_closed()
        {
            return Ok(h.clone());
        }
        let record = self
            .store
            .game(id)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("no game `{id}`"))?;
        let kind = Kind::parse(&record.kind)
            .ok_or_else(|| format!("game `{id}` is of an unknown kind"))?;
        let seats = self.store.seats(id).map_err(|e| e.to_string())?;
        let mut room = Room {
            id: id.to_string(),
            kind,
            record,
            seats,
            live: None,
            seq: 0,
            last_at: 0,
            hub: Arc::clone(self),
            broadcast: broadcast::channel(64).0,
        };
        room.load()?;
        let mut rooms = self.lock();
        if let Some(h) = rooms.get(id)
            && !h.tx.is_closed()
        {
            return Ok(h.clone()); // another request loaded it meanwhile
        }
        if rooms.len() >= self.limits.rooms {
            rooms.retain(|_, h| !h.tx.is_closed());
            if rooms.len() >= self.limits.rooms {
                return Err("the server is full; try again later".into());
            }
        }
        let (tx, rx) = mpsc::channel(256);
        tokio::spawn(room.run(rx));
        let handle = RoomHandle { tx };
        rooms.insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// A place for one more WebSocket, if the server has room for it.
    pub fn connect(&self) -> Option<ConnectionSlot<'_>> {
        use std::sync::atomic::Ordering;
        let n = self.connections.fetch_add(1, Ordering::Relaxed);
        let slot = ConnectionSlot(self);
        (n < self.limits.connections).then_some(slot)
    }

    /// Open WebSockets.
    pub fn connection_count(&self) -> usize {
        self.connections.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Rooms in memory.
    pub fn loaded_rooms(&self) -> usize {
        self.lock().values().filter(|h| !h.tx.is_closed()).count()
    }
}

fn clean_name(name: &str) -> String {
    let n: String = name
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(24)
        .collect();
    if n.is_empty() { "Player".into() } else { n }
}

/// Completes the configuration from the seats and marks the game started.
fn start_record(
    store: &dyn Store,
    services: &Services,
    id: &str,
    kind: Kind,
    now: Millis,
) -> Result<Value, String> {
    let record = store
        .game(id)
        .map_err(|e| e.to_string())?
        .ok_or("no such game")?;
    let seats = store.seats(id).map_err(|e| e.to_string())?;
    let options = record.config.get("options").cloned().unwrap_or(json!({}));
    let game = kind.configure(&options, seats.len(), services)?;
    let config = json!({"options": options, "game": game});
    store
        .start_game(id, &config, now)
        .map_err(|e| e.to_string())?;
    Ok(config)
}

impl RoomHandle {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Result<T, String> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(make(tx))
            .await
            .map_err(|_| ROOM_GONE.to_string())?;
        rx.await.map_err(|_| ROOM_GONE.to_string())
    }

    /// A seat's intent; on success, the room's version once it is logged.
    pub async fn act(&self, seat: u32, intent: Value) -> Result<u64, String> {
        self.ask(|reply| Cmd::Act {
            seat,
            intent,
            reply,
        })
        .await?
    }

    /// A lobby change by `seat`.
    pub async fn lobby(&self, seat: u32, op: LobbyOp) -> Result<(), String> {
        self.ask(|reply| Cmd::Lobby { seat, op, reply }).await?
    }

    /// Takes a free seat: returns it and its secret token.
    pub async fn join(&self, name: String) -> Result<(u32, String), String> {
        self.ask(|reply| Cmd::Join { name, reply }).await?
    }

    /// The seat a token belongs to.
    pub async fn auth(&self, token: String) -> Result<Option<u32>, String> {
        self.ask(|reply| Cmd::Auth { token, reply }).await
    }

    /// The version and the view of `seat`.
    pub async fn view(&self, seat: Option<u32>) -> Result<(u64, Value), String> {
        self.ask(|reply| Cmd::View { seat, reply }).await
    }

    /// Subscribes to the room's frames; returns the current version and view too.
    pub async fn subscribe(
        &self,
        seat: Option<u32>,
    ) -> Result<(broadcast::Receiver<Arc<Frame>>, u64, Value), String> {
        self.ask(|reply| Cmd::Subscribe { seat, reply }).await?
    }
}

struct Room {
    id: String,
    kind: Kind,
    record: GameRecord,
    seats: Vec<SeatRecord>,
    live: Option<Live>,
    /// Length of the action log: also the room's version, so it survives restarts (lobby
    /// changes, before any action, are sent with version 0).
    seq: u64,
    /// Time of the last applied action (actions never go back in time).
    last_at: Millis,
    hub: Arc<Hub>,
    broadcast: broadcast::Sender<Arc<Frame>>,
}

impl Room {
    /// Rebuilds the game by replaying its log.
    fn load(&mut self) -> Result<(), String> {
        let Some(started) = self.record.started else {
            return Ok(());
        };
        let config = self
            .record
            .config
            .get("game")
            .cloned()
            .ok_or("the stored game has no configuration")?;
        let mut live = Live::start(
            self.kind,
            &config,
            self.record.seed,
            started,
            &self.hub.services,
        )?;
        self.last_at = started;
        for entry in self.hub.store.log(&self.id).map_err(|e| e.to_string())? {
            live.apply(&entry.action, entry.at, &self.hub.services)
                .map_err(|e| {
                    format!(
                        "action {} of game {} does not replay: {e}",
                        entry.seq, self.id
                    )
                })?;
            self.seq = entry.seq + 1;
            self.last_at = entry.at;
        }
        self.live = Some(live);
        Ok(())
    }

    fn services(&self) -> &Services {
        &self.hub.services
    }

    fn view(&self, seat: Option<u32>) -> Value {
        let now = now_ms();
        match &self.live {
            Some(live) => {
                let mut v = live.view(seat, &self.seats, now, self.services());
                v["id"] = json!(self.id);
                v["status"] = json!(self.record.status);
                v["seats"] = json!(
                    self.seats
                        .iter()
                        .map(|s| json!({"seat": s.seat, "name": s.name, "bot": s.bot_level}))
                        .collect::<Vec<_>>()
                );
                v
            }
            None => json!({
                "id": self.id, "kind": self.kind.name(), "status": self.record.status,
                "options": self.record.config.get("options"), "max_seats": self.kind.max_seats(),
                "seats": self.seats.iter().map(|s| json!({"seat": s.seat, "name": s.name, "bot": s.bot_level})).collect::<Vec<_>>(),
                "you": seat, "host": 0, "now": now,
            }),
        }
    }

    fn publish(&mut self, events: Vec<Value>) {
        if self.broadcast.receiver_count() == 0 {
            return;
        }
        let views = (0..self.seats.len() as u32)
            .map(|s| self.view(Some(s)))
            .collect();
        let frame = Frame {
            version: self.seq,
            events,
            views,
            spectator: self.view(None),
        };
        let _ = self.broadcast.send(Arc::new(frame));
    }

    /// Applies, logs and broadcasts an action; undoes it if the log write fails.
    fn accept(&mut self, action: Value, at: Millis) -> Result<u64, String> {
        let at = at.max(self.last_at);
        let services = Arc::clone(&self.hub.services);
        let live = self.live.as_mut().ok_or("the game has not started yet")?;
        let backup = live.clone();
        let events = live.apply(&action, at, &services)?;
        let entry = LogEntry {
            seq: self.seq,
            at,
            action,
        };
        if let Err(e) = self.hub.store.append(&self.id, &entry) {
            *live = backup;
            return Err(format!("the move could not be saved ({e}); try again"));
        }
        let over = live.is_over();
        self.seq += 1;
        self.last_at = at;
        if over && self.record.status != "finished" {
            self.record.status = "finished".into();
            let _ = self.hub.store.set_status(&self.id, "finished", at);
        }
        self.publish(events);
        Ok(self.seq)
    }

    /// The next automatic action (a deadline first, then the earliest bot).
    fn next_auto(&self) -> Option<(Millis, Value)> {
        let live = self.live.as_ref()?;
        let deadline = live.next_deadline().map(|t| (t, Live::tick()));
        let bot = live
            .bot_actions(self.record.seed, &self.seats, self.services())
            .into_iter()
            .min_by_key(|(t, _)| *t);
        match (deadline, bot) {
            (Some(d), Some(b)) => Some(if b.0 < d.0 { b } else { d }),
            (d, b) => d.or(b),
        }
    }

    fn start(&mut self) -> Result<(), String> {
        let now = now_ms();
        let config = start_record(
            &*self.hub.store,
            &self.hub.services,
            &self.id,
            self.kind,
            now,
        )?;
        self.record.config = config;
        self.record.started = Some(now);
        self.record.status = "playing".into();
        self.load()?;
        self.publish(vec![json!({"t": "started"})]);
        Ok(())
    }

    fn lobby(&mut self, seat: u32, op: LobbyOp) -> Result<(), String> {
        if self.live.is_some() {
            return Err("the game has started".into());
        }
        if seat != 0 {
            return Err("only the host (seat 0) changes the table".into());
        }
        let err = |e: crate::store::StoreError| e.to_string();
        match op {
            LobbyOp::AddBot(level) => {
                if self.seats.len() >= self.kind.max_seats() {
                    return Err(format!(
                        "the table is full ({} seats)",
                        self.kind.max_seats()
                    ));
                }
                if !(1..=self.kind.max_bot_level()).contains(&level) {
                    return Err(format!(
                        "bot level {level}: levels are 1 to {}",
                        self.kind.max_bot_level()
                    ));
                }
                let s = SeatRecord {
                    seat: self.seats.len() as u32,
                    name: format!("Bot {level}"),
                    token_hash: String::new(),
                    bot_level: Some(level),
                };
                self.hub.store.put_seat(&self.id, &s).map_err(err)?;
                self.seats.push(s);
            }
            LobbyOp::Remove(which) => {
                if which == 0 || which as usize >= self.seats.len() {
                    return Err(format!("seat {which} cannot be removed"));
                }
                // seats stay numbered 0..n: move the last seat into the gap
                let last = self.seats.len() as u32 - 1;
                self.hub.store.remove_seat(&self.id, last).map_err(err)?;
                let moved = self.seats.pop().expect("at least two seats");
                if which != last {
                    let s = SeatRecord {
                        seat: which,
                        ..moved
                    };
                    self.hub.store.put_seat(&self.id, &s).map_err(err)?;
                    self.seats[which as usize] = s;
                }
            }
            LobbyOp::SetOptions(options) => {
                self.kind
                    .configure(&options, self.seats.len(), self.services())?;
                self.record.config = json!({"options": options});
                self.hub
                    .store
                    .set_config(&self.id, &self.record.config)
                    .map_err(err)?;
            }
            LobbyOp::Start => return self.start(),
        }
        self.publish(vec![json!({"t": "lobby"})]);
        Ok(())
    }

    fn join(&mut self, name: String) -> Result<(u32, String), String> {
        if self.live.is_some() {
            return Err("the game has started; you can watch it".into());
        }
        if self.seats.len() >= self.kind.max_seats() {
            return Err("every seat is taken; you can watch".into());
        }
        let token = random_hex(16);
        let seat = SeatRecord {
            seat: self.seats.len() as u32,
            name: clean_name(&name),
            token_hash: token_hash(&token),
            bot_level: None,
        };
        self.hub
            .store
            .put_seat(&self.id, &seat)
            .map_err(|e| e.to_string())?;
        let n = seat.seat;
        self.seats.push(seat);
        if self.kind.ready(self.seats.len()) {
            self.start()?;
        } else {
            self.publish(vec![json!({"t": "joined", "seat": n})]);
        }
        Ok((n, token))
    }

    fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Act {
                seat,
                intent,
                reply,
            } => {
                let result = (|| {
                    let live = self.live.as_ref().ok_or("the game has not started yet")?;
                    if self
                        .seats
                        .get(seat as usize)
                        .is_some_and(|s| s.bot_level.is_some())
                    {
                        return Err("that seat is a bot's".to_string());
                    }
                    let action = live.parse_intent(seat, &intent)?;
                    self.accept(action, now_ms())
                })();
                let _ = reply.send(result);
            }
            Cmd::Lobby { seat, op, reply } => {
                let _ = reply.send(self.lobby(seat, op));
            }
            Cmd::Join { name, reply } => {
                let _ = reply.send(self.join(name));
            }
            Cmd::Auth { token, reply } => {
                let h = token_hash(&token);
                let seat = self
                    .seats
                    .iter()
                    .find(|s| s.bot_level.is_none() && s.token_hash == h)
                    .map(|s| s.seat);
                let _ = reply.send(seat);
            }
            Cmd::View { seat, reply } => {
                let _ = reply.send((self.seq, self.view(seat)));
            }
            Cmd::Subscribe { seat, reply } => {
                let result =
                    if self.broadcast.receiver_count() >= self.hub.limits.connections_per_room {
                        Err("this room has too many connections".to_string())
                    } else {
                        Ok((self.broadcast.subscribe(), self.seq, self.view(seat)))
                    };
                let _ = reply.send(result);
            }
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        let mut idle_since = tokio::time::Instant::now();
        loop {
            // catch up with anything already due (a restart may find overdue deadlines)
            let auto = self.next_auto();
            if let Some((t, action)) = &auto
                && *t <= now_ms()
            {
                if let Err(e) = self.accept(action.clone(), *t) {
                    tracing::error!(game = %self.id, "automatic action refused: {e}");
                    // a refused tick or bot action would loop forever: stop this room
                    return;
                }
                continue;
            }
            let wait = auto.as_ref().map_or(self.hub.limits.idle, |(t, _)| {
                Duration::from_millis(t.saturating_sub(now_ms()))
            });
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(c) => { self.handle(c); idle_since = tokio::time::Instant::now(); }
                    None => return,
                },
                _ = tokio::time::sleep(wait.min(self.hub.limits.idle)) => {}
            }
            if self.broadcast.receiver_count() == 0 {
                let idle = idle_since.elapsed() >= self.hub.limits.idle;
                let expired = self.live.is_none()
                    && now_ms().saturating_sub(self.record.created)
                        >= self.hub.limits.lobby_expiry.as_millis() as u64;
                if expired {
                    let _ = self.hub.store.set_status(&self.id, "expired", now_ms());
                    return;
                }
                let soon = auto.as_ref().is_some_and(|(t, _)| {
                    t.saturating_sub(now_ms()) < self.hub.limits.idle.as_millis() as u64
                });
                if idle && !soon {
                    return; // leave memory; the store has everything
                }
            } else {
                idle_since = tokio::time::Instant::now();
            }
        }
    }
}
