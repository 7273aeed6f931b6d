//! The lobby: open seeks for the duels (a game, its options and clock, rated or casual, an
//! optional rating range), taken in one click or matched by quick pairing, with every change
//! sent live to the lobby's sockets.
//!
//! A seek lives while its owner has the lobby open (as on lichess): when the owner's last
//! lobby socket closes, the owner's seeks go. A player has at most a few seeks open, and so
//! do the players of one address together ([`crate::Limits::seeks_per_player`]).
//! When a seek is taken, the game is made with the owner in the first seat (with the colour the seek chose) and the taker in the other; the
//! taker gets its seat token in the answer, the owner through its lobby socket.
//!
//! The lobby is one across several nodes: it asks the [`LobbyNetwork`] it is given (the
//! cluster's) to spread its news and to say who has the lobby open elsewhere, and knows
//! nothing else of nodes.

pub mod board;
pub mod seeks;
pub mod views;

use crate::context::Context;
use crate::error::ApiError;
use crate::games::Kind;
use crate::model::GameOptions;
use crate::rooms::Registry;
use crate::unpoisoned::Locked;
pub use board::Snapshot;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::broadcast;
use ts_rs::TS;
pub use views::Paired;

/// What a seek asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SeekSpec {
    /// The game: `quickchess`, `querni` or `royal-match`.
    pub kind: Kind,
    /// Its options, as at creation (variant, colour, clock, level, ...).
    #[serde(default, deserialize_with = "crate::model::null_is_default")]
    pub options: GameOptions,
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
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
    /// The challenges of these accounts (by name) changed: their bells ask again.
    Ring {
        /// The accounts' names.
        names: Vec<String>,
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
    /// The challenges of these accounts changed (the same as [`LobbyEvent::Ring`]).
    Ring(Arc<Vec<String>>),
}

/// What the lobby needs from several nodes (the cluster provides it).
pub trait LobbyNetwork: Send + Sync {
    /// Sends `event` to the other nodes' lobbies.
    fn spread(&self, event: LobbyEvent);
    /// Tells the other nodes who has the lobby open on this one.
    fn present(&self, owners: Vec<String>);
    /// Whether `owner` has the lobby open on another node.
    fn open_elsewhere(&self, owner: &str) -> bool;
}

/// The lobby's live state: its board, its news for the sockets, and the owners with a lobby
/// socket open.
pub struct Lobby {
    /// The store and bounds.
    ctx: Arc<Context>,
    /// The rooms, where a paired game is made.
    rooms: Arc<Registry>,
    news: broadcast::Sender<LobbyNews>,
    open: Mutex<HashMap<String, usize>>,
    /// The lobby as everyone sees it.
    pub board: board::Board,
    /// Lobby sockets open on this node.
    sockets: Arc<AtomicUsize>,
    /// Held while a seek is counted against its caps and stored, so requests at once cannot
    /// all pass the count (on this node; among nodes a few may, bounded by their number).
    posting: tokio::sync::Mutex<()>,
    /// Among several nodes: the other nodes' lobbies.
    network: OnceLock<Arc<dyn LobbyNetwork>>,
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
    lobby: Arc<Lobby>,
    owner: String,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let lobby = &self.lobby;
        let last = {
            let mut open = lobby.open.locked();
            let n = open.entry(self.owner.clone()).or_insert(1);
            *n -= 1;
            if *n == 0 {
                open.remove(&self.owner);
                true
            } else {
                false
            }
        };
        if last && let Some(network) = lobby.network.get() {
            network.present(lobby.open_here());
        }
        // open on another node still: the seeks stay
        let elsewhere = lobby
            .network
            .get()
            .is_some_and(|n| n.open_elsewhere(&self.owner));
        if last && !elsewhere {
            let (lobby, owner) = (Arc::clone(lobby), self.owner.clone());
            tokio::spawn(async move {
                match lobby.ctx.store.remove_seeks_of(&owner).await {
                    Ok(n) if n > 0 => lobby.changed(),
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
    /// The lobby of a node, kept fresh by a task of its own while it lives.
    pub fn new(ctx: Arc<Context>, rooms: Arc<Registry>) -> Arc<Lobby> {
        let lobby = Arc::new(Lobby {
            ctx,
            rooms,
            news: broadcast::channel(256).0,
            open: Mutex::new(HashMap::new()),
            board: board::Board::default(),
            sockets: Arc::default(),
            posting: tokio::sync::Mutex::new(()),
            network: OnceLock::new(),
        });
        Lobby::spawn_upkeep(Arc::downgrade(&lobby));
        Lobby::spawn_bells(Arc::downgrade(&lobby));
        lobby
    }

    /// Rings the bells the rooms ask for (a correspondence game waiting for a player), on
    /// every node, while the lobby lives.
    fn spawn_bells(lobby: std::sync::Weak<Lobby>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let Some(mut bells) = lobby.upgrade().map(|l| l.ctx.bells.subscribe()) else {
            return;
        };
        runtime.spawn(async move {
            loop {
                let names = match bells.recv().await {
                    Ok(names) => names,
                    // rung faster than carried: the pages ask by themselves every 30 s
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(l) = lobby.upgrade() else { return };
                l.ring(names);
            }
        });
    }

    /// Tells every lobby (on every node) that something changed.
    pub fn changed(&self) {
        if let Some(network) = self.network.get() {
            network.spread(LobbyEvent::Changed);
        }
        self.board.touch();
    }

    /// Sends `event` to this node's lobby sockets and the other nodes'.
    fn announce(&self, event: LobbyEvent) {
        if let Some(network) = self.network.get() {
            network.spread(event.clone());
        }
        self.hear(event);
    }

    /// Rings the bells of the accounts named: a challenge of theirs was made or answered
    /// (on every node: the bell's socket may be open on any).
    pub fn ring(&self, names: Vec<String>) {
        self.announce(LobbyEvent::Ring { names });
    }

    /// Is one lobby with the other nodes' from now on.
    pub fn join(&self, network: Arc<dyn LobbyNetwork>) {
        let _ = self.network.set(network);
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
            LobbyEvent::Ring { names } => {
                let _ = self.news.send(LobbyNews::Ring(Arc::new(names)));
            }
        }
    }

    /// Reads the board again (if it changed, or `always`) and sends the change to this
    /// node's sockets; the lobby now.
    pub async fn refresh(&self, always: bool) -> Result<Arc<Snapshot>, ApiError> {
        let (now, change) = self.board.refresh(&self.ctx, always).await?;
        if let Some(d) = change {
            let _ = self.news.send(LobbyNews::Changed(Arc::new(d)));
        }
        Ok(now)
    }

    /// Keeps this node's board fresh while the lobby lives: after every change (a burst read
    /// once), and now and then for the games being played.
    fn spawn_upkeep(lobby: std::sync::Weak<Lobby>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(async move {
            loop {
                let Some(l) = lobby.upgrade() else { return };
                let woken = tokio::time::timeout(PLAYING_EVERY, l.board.changed()).await;
                drop(l);
                tokio::time::sleep(SETTLE).await;
                let Some(l) = lobby.upgrade() else { return };
                if l.sockets.load(Ordering::Relaxed) == 0 && woken.is_err() {
                    continue; // nobody is watching: nothing to keep fresh
                }
                if let Err(e) = l.refresh(woken.is_err()).await {
                    tracing::error!("reading the lobby failed: {e}");
                }
            }
        });
    }

    /// The players with a lobby socket open on this node.
    pub fn open_here(&self) -> Vec<String> {
        self.open.locked().keys().cloned().collect()
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
    pub fn enter(self: &Arc<Self>, owner: &str) -> Presence {
        let first = {
            let mut open = self.open.locked();
            let n = open.entry(owner.to_string()).or_insert(0);
            *n += 1;
            *n == 1
        };
        // the other nodes learn at once, so a seek sent through one of them is accepted
        if first && let Some(network) = self.network.get() {
            network.present(self.open_here());
        }
        Presence {
            lobby: Arc::clone(self),
            owner: owner.to_string(),
        }
    }

    /// Whether `owner` has a lobby socket open, on this node or another.
    pub fn is_open(&self, owner: &str) -> bool {
        self.open.locked().contains_key(owner)
            || self.network.get().is_some_and(|n| n.open_elsewhere(owner))
    }
}
