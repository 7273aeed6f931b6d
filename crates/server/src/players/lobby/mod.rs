//! The lobby: open seeks for the duels (a game, its options and clock, rated or casual, an
//! optional rating range), taken in one click or matched by quick pairing, with every change
//! sent live to the lobby's sockets.
//!
//! A seek lives while its owner has the lobby open (as on lichess): when the owner's last
//! lobby socket closes, the owner's seeks go. A player has at most a few seeks open, and so
//! do the players of one address together ([`crate::Limits::seeks_per_player`]). When a seek is taken, the game is made with the
//! owner in the first seat (with the colour the seek chose) and the taker in the other; the
//! taker gets its seat token in the answer, the owner through its lobby socket.

pub mod board;

use super::Player;
use super::fair::{Seated, may_pair};
use crate::error::ApiError;
use crate::games::Kind;
use crate::ids::{now_ms, random_hex};
use crate::rooms::Hub;
use crate::store::players::SeekRecord;
pub use board::Snapshot;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::broadcast;

/// What a seek asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekSpec {
    /// The game: `quickchess`, `querni` or `royal-match`.
    pub kind: Kind,
    /// Its options, as at creation (variant, colour, clock, level, ...).
    #[serde(default)]
    pub options: Value,
    /// Rated (both players signed in) or casual.
    #[serde(default)]
    pub rated: bool,
    /// The ratings the owner accepts an opponent within, if any.
    #[serde(default)]
    pub range: Option<[u32; 2]>,
}

impl SeekSpec {
    /// Whether another seek would make the same game (for quick pairing).
    fn matches(&self, other: &SeekSpec) -> bool {
        self.kind == other.kind && self.rated == other.rated && self.options == other.options
    }
}

/// A lobby event between nodes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum LobbyEvent {
    /// The seeks or the games changed: read the lobby again.
    Changed,
    /// A seek was taken: its owner's seat in the new game.
    Paired {
        /// The seek's owner.
        owner: String,
        /// The game.
        game: String,
        /// The owner's seat.
        seat: u32,
        /// The owner's seat token.
        token: String,
    },
}

/// What a node's lobby sockets hear.
#[derive(Clone, Debug)]
pub enum LobbyNews {
    /// The lobby changed so.
    Changed(Arc<board::Diff>),
    /// A seek was taken (the same as [`LobbyEvent::Paired`]).
    Paired {
        /// The seek's owner.
        owner: String,
        /// The game.
        game: String,
        /// The owner's seat.
        seat: u32,
        /// The owner's seat token.
        token: String,
    },
}

/// The lobby's live state: its board, its news for the sockets, and the owners with a lobby
/// socket open.
pub struct Lobby {
    news: broadcast::Sender<LobbyNews>,
    open: Mutex<HashMap<String, usize>>,
    /// The lobby as everyone sees it.
    pub board: board::Board,
    /// Lobby sockets open on this node.
    sockets: Arc<AtomicUsize>,
    /// Held while a seek is counted against its caps and stored, so requests at once cannot
    /// all pass the count (on this node; among nodes a few may, bounded by their number).
    posting: tokio::sync::Mutex<()>,
    /// Among several nodes: who has the lobby open on the others.
    pub elsewhere: crate::cluster::lobby::Elsewhere,
    /// Among several nodes: the pub/sub its news also go to.
    bus: OnceLock<Arc<crate::cluster::bus::Bus>>,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby {
            news: broadcast::channel(256).0,
            open: Mutex::new(HashMap::new()),
            board: board::Board::default(),
            sockets: Arc::default(),
            posting: tokio::sync::Mutex::new(()),
            elsewhere: Default::default(),
            bus: OnceLock::new(),
        }
    }
}

/// A lobby socket's place among the node's; dropping it frees the place.
pub struct LobbySlot(Arc<AtomicUsize>);

impl Drop for LobbySlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An open lobby socket of an owner; dropping it may close the owner's seeks.
pub struct Presence {
    hub: Arc<Hub>,
    owner: String,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let last = {
            let mut open = self
                .hub
                .lobby
                .open
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let n = open.entry(self.owner.clone()).or_insert(1);
            *n -= 1;
            if *n == 0 {
                open.remove(&self.owner);
                true
            } else {
                false
            }
        };
        if last && let Some(bus) = self.hub.lobby.bus.get() {
            crate::cluster::lobby::announce(bus, self.hub.lobby.open_here());
        }
        // open on another node still: the seeks stay
        if last && !self.hub.lobby.elsewhere.has(&self.owner) {
            let (hub, owner) = (Arc::clone(&self.hub), self.owner.clone());
            tokio::spawn(async move {
                match hub.store.remove_seeks_of(&owner).await {
                    Ok(n) if n > 0 => hub.lobby.changed(),
                    Ok(_) => {}
                    Err(e) => tracing::error!("closing the seeks of {owner}: {e}"),
                }
            });
        }
    }
}

/// How often the games being played are read again without any other change.
const PLAYING_EVERY: Duration = Duration::from_secs(15);
/// Changes that come in a burst are read and sent once.
const SETTLE: Duration = Duration::from_millis(100);

impl Lobby {
    /// Tells every lobby (on every node) that something changed.
    pub fn changed(&self) {
        if let Some(bus) = self.bus.get() {
            crate::cluster::lobby::spread(bus, LobbyEvent::Changed);
        }
        self.board.touch();
    }

    /// Sends `event` to this node's lobby sockets and the other nodes'.
    fn announce(&self, event: LobbyEvent) {
        if let Some(bus) = self.bus.get() {
            crate::cluster::lobby::spread(bus, event.clone());
        }
        self.hear(event);
    }

    /// Sends this lobby's news to the other nodes from now on.
    pub fn spread(&self, bus: Arc<crate::cluster::bus::Bus>) {
        let _ = self.bus.set(bus);
    }

    /// News from another node (or this one), for this node's lobby sockets.
    pub fn hear(&self, event: LobbyEvent) {
        match event {
            LobbyEvent::Changed => self.board.touch(),
            LobbyEvent::Paired {
                owner,
                game,
                seat,
                token,
            } => {
                let _ = self.news.send(LobbyNews::Paired {
                    owner,
                    game,
                    seat,
                    token,
                });
            }
        }
    }

    /// Reads the board again (if it changed, or `always`) and sends the change to this
    /// node's sockets; the lobby now.
    pub async fn refresh(&self, hub: &Hub, always: bool) -> Result<Arc<Snapshot>, ApiError> {
        let (now, change) = self.board.refresh(hub, always).await?;
        if let Some(d) = change {
            let _ = self.news.send(LobbyNews::Changed(Arc::new(d)));
        }
        Ok(now)
    }

    /// Keeps this node's board fresh while the hub lives: after every change (a burst read
    /// once), and now and then for the games being played.
    pub fn spawn_upkeep(hub: std::sync::Weak<Hub>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(async move {
            loop {
                let Some(h) = hub.upgrade() else { return };
                let woken = tokio::time::timeout(PLAYING_EVERY, h.lobby.board.changed()).await;
                drop(h);
                tokio::time::sleep(SETTLE).await;
                let Some(h) = hub.upgrade() else { return };
                if h.lobby.sockets.load(Ordering::Relaxed) == 0 && woken.is_err() {
                    continue; // nobody is watching: nothing to keep fresh
                }
                if let Err(e) = h.lobby.refresh(&h, woken.is_err()).await {
                    tracing::error!("reading the lobby failed: {e}");
                }
            }
        });
    }

    /// The players with a lobby socket open on this node.
    pub fn open_here(&self) -> Vec<String> {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .cloned()
            .collect()
    }

    /// A receiver of the lobby's news.
    pub fn subscribe(&self) -> broadcast::Receiver<LobbyNews> {
        self.news.subscribe()
    }

    /// A place for one more lobby socket, if this node has one: lobby sockets take at most
    /// `max` (half of all sockets), so watching the lobby never keeps players from games.
    pub fn connect(&self, max: usize) -> Option<LobbySlot> {
        let n = self.sockets.fetch_add(1, Ordering::Relaxed);
        let slot = LobbySlot(Arc::clone(&self.sockets));
        (n < max).then_some(slot)
    }

    /// Marks `owner` present while the returned value lives.
    pub fn enter(hub: &Arc<Hub>, owner: &str) -> Presence {
        let first = {
            let mut open = hub.lobby.open.lock().unwrap_or_else(|e| e.into_inner());
            let n = open.entry(owner.to_string()).or_insert(0);
            *n += 1;
            *n == 1
        };
        // the other nodes learn at once, so a seek sent through one of them is accepted
        if first && let Some(bus) = hub.lobby.bus.get() {
            crate::cluster::lobby::announce(bus, hub.lobby.open_here());
        }
        Presence {
            hub: Arc::clone(hub),
            owner: owner.to_string(),
        }
    }

    /// Whether `owner` has a lobby socket open, on this node or another.
    pub(crate) fn is_open(&self, owner: &str) -> bool {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(owner)
            || self.elsewhere.has(owner)
    }
}

fn seek_kind(kind: Kind) -> Result<(), ApiError> {
    match kind {
        Kind::Quickchess | Kind::Querni | Kind::RoyalMatch => Ok(()),
        other => Err(ApiError::BadInput(format!(
            "the lobby pairs two players: quickchess, querni or royal-match, not {}",
            other.name()
        ))),
    }
}

/// Puts a seek of `player` (at address `from`) in the lobby: refused when the player, or
/// the players of its address together, have as many seeks open as they may.
pub async fn seek(
    hub: &Arc<Hub>,
    player: &Player,
    spec: SeekSpec,
    from: IpAddr,
) -> Result<Value, ApiError> {
    seek_kind(spec.kind)?;
    spec.kind.configure(&spec.options, 2, &hub.services)?;
    if let Some([lo, hi]) = spec.range
        && lo > hi
    {
        return Err(ApiError::BadInput(format!("range: {lo} is above {hi}")));
    }
    if !hub.lobby.is_open(&player.id) {
        return Err(ApiError::Conflict(
            "open the lobby first: a seek lives while its owner's lobby is open".into(),
        ));
    }
    let rating = match (&player.account, spec.rated) {
        (None, true) => {
            return Err(ApiError::Forbidden(
                "sign in to play rated games (guests play casual ones)".into(),
            ));
        }
        (Some(a), true) => Some(super::rating_of(hub, a.id, &spec).await?.rating.round() as i64),
        _ => None,
    };
    let client = hub.addresses.client(from).to_string();
    let _one_at_a_time = hub.lobby.posting.lock().await;
    let open = hub.store.seeks().await?;
    let limits = &hub.limits;
    let mine = open.iter().filter(|s| s.owner == player.id).count();
    if mine >= limits.seeks_per_player {
        return Err(ApiError::Conflict(format!(
            "you have {mine} seeks open, as many as a player may: withdraw one first"
        )));
    }
    if open.iter().filter(|s| s.client == client).count() >= limits.seeks_per_address {
        return Err(ApiError::RateLimited {
            message: format!(
                "the players of your address have {} seeks open, as many as an address may",
                limits.seeks_per_address
            ),
            retry_after: Duration::from_secs(60),
        });
    }
    let record = SeekRecord {
        id: random_hex(5),
        owner: player.id.clone(),
        name: super::names::clean(&player.name),
        account: player.account.as_ref().map(|a| a.id),
        rating,
        spec: serde_json::to_string(&spec).map_err(|e| ApiError::Internal(e.to_string()))?,
        created: now_ms(),
        client,
    };
    hub.store.put_seek(&record).await?;
    hub.lobby.changed();
    Ok(json!({"id": record.id}))
}

/// A seat in a game just paired.
#[derive(Clone, Debug, Serialize)]
pub struct Paired {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: u32,
    /// Its token.
    pub token: String,
}

/// `player` (at address `from`) takes seek `id`: the game is made and both are seated.
pub async fn accept(
    hub: &Arc<Hub>,
    player: &Player,
    id: &str,
    from: IpAddr,
) -> Result<Paired, ApiError> {
    let taker_client = hub.addresses.client(from);
    let owner_client = |s: &SeekRecord| s.client.parse::<IpAddr>().ok();
    let seek =
        hub.store.take_seek(id).await?.ok_or_else(|| {
            ApiError::NotFound(format!("no seek `{id}` (it was taken or withdrawn)"))
        })?;
    let put_back = |hub: &Arc<Hub>, seek: SeekRecord, e: ApiError| {
        let hub = Arc::clone(hub);
        async move {
            hub.store.put_seek(&seek).await?;
            Err::<Paired, ApiError>(e)
        }
    };
    let spec: SeekSpec = serde_json::from_str(&seek.spec)
        .map_err(|e| ApiError::Internal(format!("a stored seek: {e}")))?;
    if seek.owner == player.id {
        return put_back(
            hub,
            seek,
            ApiError::Conflict("this is your own seek".into()),
        )
        .await;
    }
    if spec.rated {
        let Some(account) = &player.account else {
            let e = ApiError::Forbidden("sign in to play rated games".into());
            return put_back(hub, seek, e).await;
        };
        let Some(owner) = seek.account.filter(|&o| o != account.id) else {
            let e = ApiError::Conflict("a rated game needs two different players".into());
            return put_back(hub, seek, e).await;
        };
        let them = Seated {
            account: owner,
            client: owner_client(&seek),
        };
        let me = Seated {
            account: account.id,
            client: Some(taker_client),
        };
        if let Err(e) = may_pair(hub, them, me).await {
            return put_back(hub, seek, e).await;
        }
        if let Some([lo, hi]) = spec.range {
            let r = super::rating_of(hub, account.id, &spec)
                .await?
                .rating
                .round() as u32;
            if !(lo..=hi).contains(&r) {
                let e = ApiError::Conflict(format!(
                    "this seek wants a rating from {lo} to {hi}; yours is {r}"
                ));
                return put_back(hub, seek, e).await;
            }
        }
    }
    let owner = super::Host {
        name: seek.name.clone(),
        account: seek.account,
        client: owner_client(&seek),
    };
    let created = hub
        .create_hosted(spec.kind, spec.options.clone(), &owner, &[], spec.rated)
        .await?;
    let room = hub.room(&created.id).await?;
    let taker = super::Host {
        name: player.name.clone(),
        account: player.account.as_ref().map(|a| a.id),
        client: Some(taker_client),
    };
    let (seat, token) = room.join_as(&taker).await?;
    hub.lobby.announce(LobbyEvent::Paired {
        owner: seek.owner.clone(),
        game: created.id.clone(),
        seat: created.seat,
        token: created.token,
    });
    hub.lobby.changed();
    Ok(Paired {
        game: created.id,
        seat,
        token,
    })
}

/// Quick pairing: takes the oldest seek that makes the same game, or seeks one.
pub async fn quick(
    hub: &Arc<Hub>,
    player: &Player,
    spec: SeekSpec,
    from: IpAddr,
) -> Result<Value, ApiError> {
    seek_kind(spec.kind)?;
    for s in hub.store.seeks().await? {
        let Ok(other) = serde_json::from_str::<SeekSpec>(&s.spec) else {
            continue;
        };
        if s.owner != player.id && other.matches(&spec) {
            match accept(hub, player, &s.id, from).await {
                Ok(p) => return Ok(json!({"paired": p})),
                // taken meanwhile, out of its range, or not a pairing the two may play
                // rated: look further
                Err(
                    ApiError::NotFound(_)
                    | ApiError::Conflict(_)
                    | ApiError::Forbidden(_)
                    | ApiError::RateLimited { .. },
                ) => continue,
                Err(e) => return Err(e),
            }
        }
    }
    let made = seek(hub, player, spec, from).await?;
    Ok(json!({"seek": made["id"]}))
}

/// Withdraws a seek of `player`.
pub async fn withdraw(hub: &Arc<Hub>, player: &Player, id: &str) -> Result<(), ApiError> {
    let seeks = hub.store.seeks().await?;
    match seeks.iter().find(|s| s.id == id) {
        None => Err(ApiError::NotFound(format!("no seek `{id}`"))),
        Some(s) if s.owner != player.id => Err(ApiError::Forbidden(
            "only its owner withdraws a seek".into(),
        )),
        Some(_) => {
            hub.store.take_seek(id).await?;
            hub.lobby.changed();
            Ok(())
        }
    }
}

/// The lobby as `player` sees it: open seeks (its own marked, and always listed), open party
/// tables, and games being played now.
pub async fn view(hub: &Arc<Hub>, player: &Player) -> Result<Value, ApiError> {
    Ok(hub.lobby.refresh(hub, false).await?.view_for(&player.id))
}
