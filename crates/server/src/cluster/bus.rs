//! The pub/sub between nodes over PostgreSQL's LISTEN/NOTIFY: sending a message to a node or
//! to everyone, calls that wait for their answer, relays' frames handed to their relays, and
//! every other message handed on to the cluster (which gives it to the part it is for).
//!
//! LISTEN/NOTIFY rather than Redis, by measurement (BENCHMARKS.md, "The nodes' pub/sub"): the
//! database the nodes share already carries it, a notification costs a fraction of a move's
//! own commit, and one service less is one failure less for an operator. Messages are written
//! by the store's group commit, in the same transactions as the moves queued meanwhile, so a
//! busy node sends far fewer transactions than messages.

use super::wire::{EVERYONE, Joiner, Message, WireFrame, cut, decode, encode, node_channel};
use crate::error::{ApiError, Busy, Fault};
use crate::rooms::{RoomCall, RoomReply};
use crate::store::PostgresStore;
use crate::store::notify::Notification;
use crate::unpoisoned::Locked;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// What the owner's node sends a relay.
#[derive(Debug)]
pub(crate) enum Relayed {
    /// A broadcast of the game.
    Frame(WireFrame),
    /// The game left its owner.
    Gone,
}

/// A node's end of the pub/sub.
pub struct Bus {
    /// This node's id.
    pub(crate) node: String,
    /// How long a call waits for its answer (and a watch lives without renewal).
    pub(crate) timeout: Duration,
    next_id: AtomicU64,
    pending: Mutex<HashMap<u64, oneshot::Sender<Result<RoomReply, ApiError>>>>,
    /// The inbox of each game this node relays.
    pub(crate) relays: Mutex<HashMap<String, mpsc::Sender<Relayed>>>,
    /// The database whose notifications carry the messages (written with its group commit,
    /// so a busy node makes far fewer transactions than messages).
    store: Arc<PostgresStore>,
}

impl Bus {
    /// Listens on this node's channel and everyone's: answers and relays' frames go where
    /// they are awaited, every other message to the receiver returned.
    pub async fn start(
        node: String,
        store: Arc<PostgresStore>,
        timeout: Duration,
    ) -> Result<(Arc<Bus>, mpsc::Receiver<Message>), ApiError> {
        let inbox = store
            .listen(vec![node_channel(&node), EVERYONE.to_string()])
            .await?;
        let bus = Arc::new(Bus {
            store,
            node,
            timeout,
            // ids start at random, so parts of two nodes' messages never share an id
            next_id: AtomicU64::new(crate::ids::random_seed() >> 1),
            pending: Mutex::new(HashMap::new()),
            relays: Mutex::new(HashMap::new()),
        });
        let (others, messages) = mpsc::channel(1024);
        tokio::spawn(Arc::clone(&bus).receive(inbox, others));
        Ok((bus, messages))
    }

    fn fresh_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Sends `message` on `channel` (committed when this returns).
    pub(crate) async fn send(&self, channel: &str, message: &Message) -> Result<(), ApiError> {
        let text = encode(message).map_err(|e| {
            ApiError::Internal(Fault::Protocol, format!("a message between nodes: {e}"))
        })?;
        self.send_text(channel, &text).await
    }

    /// Sends a message already encoded on `channel` (committed when this returns).
    pub(crate) async fn send_text(&self, channel: &str, text: &str) -> Result<(), ApiError> {
        let parts: Vec<(String, String)> = cut(self.fresh_id(), text)
            .into_iter()
            .map(|p| (channel.to_string(), p))
            .collect();
        let (count, bytes) = (
            parts.len() as u64,
            parts.iter().map(|p| p.1.len() as u64).sum(),
        );
        self.store.notify(parts).await.map_err(ApiError::from)?;
        let metrics = &crate::metrics::METRICS;
        metrics.bus_sent.inc_by(count);
        metrics.bus_sent_bytes.inc_by(bytes);
        Ok(())
    }

    /// Sends `message` to node `node`, logging a failure (for messages nobody waits on).
    pub(crate) async fn tell(&self, node: &str, message: &Message) {
        if let Err(e) = self.send(&node_channel(node), message).await {
            tracing::warn!(node, "a message to another node failed: {e}");
        }
    }

    /// Asks `owner` to do `call` on `game` and waits for the answer.
    pub(crate) async fn call(
        &self,
        owner: &str,
        game: &str,
        call: RoomCall,
    ) -> Result<RoomReply, ApiError> {
        let id = self.fresh_id();
        let (tx, rx) = oneshot::channel();
        self.pending.locked().insert(id, tx);
        let message = Message::Call {
            from: self.node.clone(),
            id,
            game: game.to_string(),
            call,
        };
        if let Err(e) = self.send(&node_channel(owner), &message).await {
            self.pending.locked().remove(&id);
            return Err(e);
        }
        match tokio::time::timeout(self.timeout, rx).await {
            Ok(Ok(answer)) => answer,
            _ => {
                self.pending.locked().remove(&id);
                Err(ApiError::Unavailable {
                    cause: Busy::Moved,
                    message: format!(
                        "node {owner}, which runs game {game}, did not answer in {} s; try \
                         again (the game moves to another node if that one is gone)",
                        self.timeout.as_secs_f32()
                    ),
                    retry_after: self.timeout,
                })
            }
        }
    }

    /// Hands every message received to its part of the node, until the cluster stops
    /// listening.
    async fn receive(
        self: Arc<Self>,
        mut inbox: mpsc::Receiver<Notification>,
        others: mpsc::Sender<Message>,
    ) {
        let mut joiners: HashMap<String, Joiner> = HashMap::new();
        while let Some(n) = inbox.recv().await {
            let metrics = &crate::metrics::METRICS;
            metrics.bus_received.inc();
            metrics.bus_received_bytes.inc_by(n.payload.len() as u64);
            let joined = joiners
                .entry(n.channel.clone())
                .or_default()
                .take(&n.payload);
            let text = match joined {
                Ok(Some(text)) => text,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(channel = %n.channel, "a notification not understood: {e:?}");
                    continue;
                }
            };
            let message = match decode(&text) {
                Ok(m) => m,
                Err(e) => {
                    tracing::warn!(channel = %n.channel, "a message not understood: {e}");
                    continue;
                }
            };
            match message {
                Message::Reply { id, answer } => {
                    if let Some(tx) = self.pending.locked().remove(&id) {
                        let _ = tx.send(answer.map_err(ApiError::from));
                    }
                }
                Message::Update { game, frame } => self.relay(&game, Relayed::Frame(frame)),
                Message::Gone { game } => self.relay(&game, Relayed::Gone),
                other => {
                    if others.send(other).await.is_err() {
                        return; // the cluster stopped listening
                    }
                }
            }
        }
    }

    fn relay(&self, game: &str, news: Relayed) {
        let mut relays = self.relays.locked();
        let Some(tx) = relays.get(game) else { return };
        if tx.try_send(news).is_err() {
            // a relay that cannot keep up (or ended) is let go: its clients reconnect and
            // start from the state again
            relays.remove(game);
        }
    }
}
