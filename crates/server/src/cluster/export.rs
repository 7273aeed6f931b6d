//! The owner's side of a relayed game: calls from other nodes carried out on the room, and
//! one exporter per (game, relaying node) that sends the room's broadcasts there.
//!
//! An exporter subscribes to the room before it answers the first view its node asks for, and
//! it sends answers and frames in one order from one task, so a client of the other node
//! misses no frame after its first state. It keeps the room in memory (as a spectator would)
//! and holds the places of the other node's players at the table (so a player there is not
//! taken for gone), while the node keeps watching: a watch not renewed within the bus's
//! timeout ends it (that node is gone).

use super::bus::Bus;
use super::wire::{Message, WireError, encode_update, node_channel};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::rooms::{Caller, Frame, Presence, RoomCall, RoomHandle, RoomReply};
use crate::unpoisoned::Locked;
use axum::extract::ws::Utf8Bytes;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// What a relaying node asks an exporter.
#[derive(Debug)]
pub(crate) enum Request {
    /// A view (answered in order with the frames).
    View {
        /// The call's id.
        id: u64,
        /// Who asks (a token, an account).
        caller: Caller,
    },
    /// The node still watches, with these players connected.
    Watch {
        /// Their token hashes.
        tokens: Vec<String>,
    },
}

/// The exporter of each (game, relaying node) of the games this node owns.
#[derive(Default)]
pub(crate) struct Exports(Mutex<HashMap<(String, String), mpsc::Sender<Request>>>);

impl Exports {
    /// Node `from` no longer watches `game`: its exporter ends.
    pub(crate) fn unwatch(&self, game: String, from: String) {
        self.0.locked().remove(&(game, from));
    }
}

/// Carries out `call` from node `from` on owned game `game`, and answers.
pub(crate) fn call(
    bus: &Arc<Bus>,
    exports: &Arc<Exports>,
    hub: &Arc<Hub>,
    from: String,
    id: u64,
    game: String,
    call: RoomCall,
) {
    if let RoomCall::View { token, account } = call {
        let caller = Caller::signed_in(token, account);
        return to_exporter(bus, exports, hub, from, game, Request::View { id, caller });
    }
    let (bus, hub) = (Arc::clone(bus), Arc::clone(hub));
    tokio::spawn(async move {
        let answer = carry_out(&hub, &game, call).await;
        let reply = Message::Reply {
            id,
            answer: answer.map_err(|e| WireError::from(&e)),
        };
        bus.tell(&from, &reply).await;
    });
}

async fn carry_out(hub: &Arc<Hub>, game: &str, call: RoomCall) -> Result<RoomReply, ApiError> {
    hub.rooms.owned_room(game).await?.call(call).await
}

/// Node `from` still watches `game`, with these players connected.
pub(crate) fn watch(
    bus: &Arc<Bus>,
    exports: &Arc<Exports>,
    hub: &Arc<Hub>,
    from: String,
    game: String,
    tokens: Vec<String>,
) {
    to_exporter(bus, exports, hub, from, game, Request::Watch { tokens });
}

/// Hands `request` to the exporter of (`game`, `from`), starting one if there is none.
fn to_exporter(
    bus: &Arc<Bus>,
    all: &Arc<Exports>,
    hub: &Arc<Hub>,
    from: String,
    game: String,
    request: Request,
) {
    let mut exports = all.0.locked();
    let key = (game.clone(), from.clone());
    let tx = exports
        .entry(key.clone())
        .or_insert_with(|| {
            let (tx, rx) = mpsc::channel(256);
            let exporter = Exporter {
                bus: Arc::clone(bus),
                exports: Arc::clone(all),
                hub: Arc::clone(hub),
                game,
                node: from,
                present: HashMap::new(),
                wanted: HashSet::new(),
                spectators: false,
            };
            tokio::spawn(exporter.run(rx, tx.clone()));
            tx
        })
        .clone();
    if tx.try_send(request).is_err() {
        // an exporter that cannot keep up is let go; the other node starts afresh
        exports.remove(&key);
    }
}

struct Exporter {
    bus: Arc<Bus>,
    exports: Arc<Exports>,
    hub: Arc<Hub>,
    game: String,
    /// The node it sends to.
    node: String,
    /// The places of that node's players at the table.
    present: HashMap<String, Presence>,
    /// The seat tokens whose `update` texts that node needs: those it asked a view for.
    wanted: HashSet<String>,
    /// Whether that node asked a spectator's view (and needs the spectators' text).
    spectators: bool,
}

impl Exporter {
    async fn run(mut self, mut inbox: mpsc::Receiver<Request>, me: mpsc::Sender<Request>) {
        let started = async {
            let room = self.hub.rooms.owned_room(&self.game).await?;
            let sub = room.subscribe(Caller::spectator()).await?;
            Ok::<_, ApiError>((room, sub))
        }
        .await;
        match started {
            Ok((room, mut sub)) => {
                let mut deadline = Instant::now() + self.bus.timeout;
                loop {
                    tokio::select! {
                        update = sub.updates.recv() => match update {
                            Ok(f) => self.export(&f).await,
                            // missed frames, or the room left: the other node starts afresh
                            Err(RecvError::Lagged(_) | RecvError::Closed) => break,
                        },
                        request = inbox.recv() => match request {
                            Some(r) => {
                                deadline = Instant::now() + self.bus.timeout;
                                self.answer(&room, r).await;
                            }
                            None => break, // unwatched
                        },
                        _ = tokio::time::sleep_until(deadline) => break,
                    }
                }
            }
            Err(e) => {
                // not this node's game (any more): answer what is waiting, then end
                inbox.close();
                while let Some(r) = inbox.recv().await {
                    if let Request::View { id, .. } = r {
                        let reply = Message::Reply {
                            id,
                            answer: Err(WireError::from(&e)),
                        };
                        self.bus.tell(&self.node, &reply).await;
                    }
                }
            }
        }
        {
            let mut exports = self.exports.0.locked();
            let key = (self.game.clone(), self.node.clone());
            if exports.get(&key).is_some_and(|tx| tx.same_channel(&me)) {
                exports.remove(&key);
            }
        }
        let gone = Message::Gone {
            game: self.game.clone(),
        };
        self.bus.tell(&self.node, &gone).await;
    }

    /// Sends a frame to the other node with the texts it needs: those of the seats whose
    /// tokens asked a view through this exporter, and the spectators' if a spectator did (every
    /// socket there asked one before its first frame, so none is missing; the others are left
    /// empty, which saves most of an update's bytes and the rendering of views nobody there
    /// watches).
    async fn export(&self, f: &Frame) {
        let seats = f.tokens.len();
        let texts: Vec<Utf8Bytes> = (0..seats)
            .map(|s| {
                let wanted = self.wanted.contains(&f.tokens[s]);
                wanted.then(|| f.update_text(Some(s as u32)))
            })
            .chain([self.spectators.then(|| f.update_text(None))])
            .map(Option::unwrap_or_default)
            .collect();
        let texts: Vec<&str> = texts.iter().map(|t| t.as_str()).collect();
        let update = encode_update(&self.game, f.version, &f.tokens, &texts);
        if let Err(e) = self.bus.send_text(&node_channel(&self.node), &update).await {
            tracing::warn!(node = %self.node, "an update to another node failed: {e}");
        }
    }

    async fn answer(&mut self, room: &RoomHandle, request: Request) {
        match request {
            Request::View { id, caller } => {
                let answer = room.view(caller).await;
                // from now on that node gets this seat's text (or the spectators'): frames
                // published meanwhile wait in this exporter's queue, so none is missed
                if let Ok(v) = &answer {
                    match &v.held {
                        Some(t) => {
                            self.wanted.insert(t.0.clone());
                        }
                        None => self.spectators = true,
                    }
                }
                let answer = answer.map(RoomReply::Viewed);
                let reply = Message::Reply {
                    id,
                    answer: answer.map_err(|e| WireError::from(&e)),
                };
                self.bus.tell(&self.node, &reply).await;
            }
            Request::Watch { tokens } => {
                self.present.retain(|t, _| tokens.contains(t));
                for t in tokens {
                    if let std::collections::hash_map::Entry::Vacant(e) = self.present.entry(t) {
                        let place = room.remote_presence(e.key());
                        e.insert(place);
                    }
                }
            }
        }
    }
}
