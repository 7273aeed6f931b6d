//! Rooms: one task per game in memory, which owns the game and does everything to it in turn,
//! and the [`Registry`] that finds, loads and evicts them ([`records`] makes and starts the
//! stored games). Among several nodes a game runs on one; the rooms ask a [`Placement`]
//! where, and know nothing else of nodes.
//!
//! A room receives commands (an intent, a lobby change, a new connection, ...), wakes up for
//! the game's deadlines and its bots' actions, and for every accepted action: applies it,
//! appends it to the store's log (undoing it if the store fails), then broadcasts a frame with
//! a new version number and each seat's view. Acknowledgements are sent only after the log
//! write. Rooms are loaded from the store on first use by replaying their logs, and leave
//! memory when nobody has been connected for a while, or, when the table of rooms is full,
//! the least recently used room without connections leaves to make place (it reloads on its
//! next visit), so a flood of new games can never make an existing one unreachable.

mod after;
pub(crate) mod backfill;
mod caller;
pub mod check;
pub mod deadlines;
mod explorer_count;
mod frame;
pub mod lines;
pub mod pgn;
pub mod placement;
mod protocol;
pub mod records;
mod registry;
pub mod replay;
mod room;
pub mod table;
pub mod views;

pub use caller::Caller;
pub(crate) use caller::{SeatKey, held_token};
pub use frame::{Frame, TokenHash};
pub use placement::{Claim, Placement};
pub use protocol::{Cmd, RoomCall, RoomReply, SeatView};
pub use records::Created;
pub(crate) use records::hosted_of;
pub use registry::{Registry, SocketSlot};

use crate::error::{ApiError, Busy};
use crate::shown::Shown;
use crate::unpoisoned::Locked;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tabula_core::Millis;
use tokio::sync::{broadcast, mpsc};

/// Who is connected to a room, and when it was last used (for eviction).
#[derive(Debug, Default)]
pub struct RoomStats {
    players: AtomicUsize,
    spectators: AtomicUsize,
    last_used: AtomicU64,
    /// Each seat token's sockets now and when its last socket closed.
    seats: Mutex<HashMap<String, (usize, Millis)>>,
}

/// Whether a seat's player is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attendance {
    /// Connected now.
    Here,
    /// Gone since then.
    LeftAt(Millis),
    /// Not seen since the room was loaded.
    Unseen,
}

impl RoomStats {
    /// Sockets connected now.
    pub fn connected(&self) -> usize {
        self.players.load(Ordering::Relaxed) + self.spectators.load(Ordering::Relaxed)
    }

    fn touch(&self) {
        self.last_used
            .store(crate::ids::now_ms(), Ordering::Relaxed);
    }

    fn seats(&self) -> std::sync::MutexGuard<'_, HashMap<String, (usize, Millis)>> {
        self.seats.locked()
    }

    fn arrive(&self, token_hash: &str) {
        self.seats()
            .entry(token_hash.to_string())
            .or_insert((0, 0))
            .0 += 1;
    }

    fn depart(&self, token_hash: &str) {
        if let Some(e) = self.seats().get_mut(token_hash) {
            e.0 = e.0.saturating_sub(1);
            e.1 = crate::ids::now_ms();
        }
    }

    /// The token hashes of the seats with a socket connected now.
    pub(crate) fn present_tokens(&self) -> Vec<String> {
        self.seats()
            .iter()
            .filter(|(_, (n, _))| *n > 0)
            .map(|(t, _)| t.clone())
            .collect()
    }

    /// Admits one more socket: of the seat whose token hashes to `held`, unless that seat
    /// has `max` connected already (each seat its own count, so no player can take another's
    /// places); or without a token a spectator, unless `max` spectators are connected.
    pub(crate) fn admit(
        self: &Arc<Self>,
        held: Option<String>,
        max: usize,
    ) -> Result<Presence, ApiError> {
        let Some(token) = held else {
            if self.spectators.fetch_add(1, Ordering::Relaxed) >= max {
                self.spectators.fetch_sub(1, Ordering::Relaxed);
                return Err(ApiError::unavailable(
                    Busy::Room,
                    format!("this room has too many spectators ({max}); try again soon"),
                ));
            }
            return Ok(Presence::new(Arc::clone(self), None));
        };
        {
            let mut seats = self.seats();
            let entry = seats.entry(token.clone()).or_insert((0, 0));
            if entry.0 >= max {
                return Err(ApiError::unavailable(
                    Busy::Room,
                    format!(
                        "this seat is open in too many windows ({max}); close one and try again"
                    ),
                ));
            }
            entry.0 += 1;
        }
        self.players.fetch_add(1, Ordering::Relaxed);
        Ok(Presence {
            stats: Arc::clone(self),
            player: true,
            token: Some(token),
        })
    }

    /// Whether the holder of the seat token with this hash is connected.
    pub fn attendance(&self, token_hash: &str) -> Attendance {
        match self.seats().get(token_hash) {
            Some(&(n, _)) if n > 0 => Attendance::Here,
            Some(&(_, left)) => Attendance::LeftAt(left),
            None => Attendance::Unseen,
        }
    }
}

/// A socket's place in a room; dropping it frees the place.
pub struct Presence {
    stats: Arc<RoomStats>,
    player: bool,
    /// The hash of the seat token it holds.
    token: Option<String>,
}

impl Presence {
    fn new(stats: Arc<RoomStats>, token: Option<String>) -> Presence {
        if let Some(t) = &token {
            stats.arrive(t);
        }
        Presence {
            stats,
            player: token.is_some(),
            token,
        }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let count = if self.player {
            &self.stats.players
        } else {
            &self.stats.spectators
        };
        count.fetch_sub(1, Ordering::Relaxed);
        if let Some(t) = &self.token {
            self.stats.depart(t);
        }
    }
}

/// A new subscriber: its receiver, the version, seat and view it starts from, and its place.
pub struct Subscription {
    /// The room's broadcasts.
    pub updates: broadcast::Receiver<Arc<Frame>>,
    /// The version now.
    pub version: u64,
    /// The seat the token (or the account) holds now.
    pub seat: Option<u32>,
    /// The token hash of that seat, which the socket presents from now on.
    pub held: Option<TokenHash>,
    /// The view now.
    pub view: Shown,
    /// The socket's place in the room.
    pub presence: Presence,
}

/// A handle to a room's task.
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Cmd>,
    stats: Arc<RoomStats>,
    /// The node that owns the game, when this handle is a relay to it.
    relayed_to: Option<String>,
}

impl RoomHandle {
    /// Holds the place at the table of a player connected to another node (whose token hashes
    /// to `token`), while the returned value lives.
    pub(crate) fn remote_presence(&self, token: &str) -> Presence {
        self.stats.players.fetch_add(1, Ordering::Relaxed);
        self.stats.arrive(token);
        Presence {
            stats: Arc::clone(&self.stats),
            player: true,
            token: Some(token.to_string()),
        }
    }

    fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}
