//! A game another node owns, served to this node's clients: a relay stands where the room
//! would, takes the same commands, and carries them to the owner over the pub/sub; the
//! owner's frames come back the same way and go out to this node's sockets.
//!
//! The relay keeps watching while it lives (the cluster's upkeep tells each owner, every third
//! of a lease, which games this node relays and who is connected to each), so the owner keeps
//! the room and counts the players here at the table. It ends
//! when the owner says the game left, when the owner's lease moved (the cluster's upkeep
//! checks), or when nobody has been connected for the idle time; its sockets then close and
//! their clients reconnect to wherever the game runs now.

use super::bus::{Bus, Relayed};
use super::wire::{Message, Watched};
use crate::error::{ApiError, Fault};
use crate::limits::Limits;
use crate::rooms::{Cmd, Frame, RoomCall, RoomReply, RoomStats, SeatView, Subscription};
use crate::unpoisoned::Locked;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, watch};

/// Frames waiting for a relay's sockets at most (as a room's broadcast).
const FRAMES: usize = 64;

/// Starts relaying `game`, owned by `owner`, for the commands of `rx`.
pub(crate) fn spawn(
    bus: &Arc<Bus>,
    game: &str,
    owner: &str,
    rx: mpsc::Receiver<Cmd>,
    stats: Arc<RoomStats>,
    limits: Limits,
    ended: Box<dyn FnOnce() + Send>,
) {
    let (news_tx, news) = mpsc::channel(FRAMES * 4);
    bus.relays
        .locked()
        .insert(game.to_string(), news_tx.clone());
    let relay = Relay {
        limits,
        ended: Some(ended),
        bus: Arc::clone(bus),
        game: game.to_string(),
        owner: owner.to_string(),
        stats,
        broadcast: broadcast::channel(FRAMES).0,
        seen: watch::channel(0).0,
    };
    tokio::spawn(relay.run(rx, news, news_tx));
}

struct Relay {
    /// The room's bounds.
    limits: Limits,
    /// Tells the rooms the relay ended.
    ended: Option<Box<dyn FnOnce() + Send>>,
    bus: Arc<Bus>,
    game: String,
    owner: String,
    stats: Arc<RoomStats>,
    broadcast: broadcast::Sender<Arc<Frame>>,
    /// The version of the last frame passed on.
    seen: watch::Sender<u64>,
}

/// How long an acknowledgement waits for the frame of its own action, at most.
const FRAME_WAIT: Duration = Duration::from_secs(1);

/// Waits until the frame of `version` has been passed on to the sockets (or a while), so an
/// acknowledgement never overtakes the update its action caused, as in a room.
async fn frame_of(mut seen: watch::Receiver<u64>, version: u64) {
    let _ = tokio::time::timeout(FRAME_WAIT, seen.wait_for(|v| *v >= version)).await;
}

fn unexpected(answer: RoomReply) -> ApiError {
    ApiError::Internal(
        Fault::Protocol,
        format!("the owner node answered {answer:?} out of turn"),
    )
}

impl Relay {
    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Cmd>,
        mut news: mpsc::Receiver<Relayed>,
        me: mpsc::Sender<Relayed>,
    ) {
        let period = self.bus.timeout / 3;
        let mut tick = tokio::time::interval(period);
        let mut idle_since = tokio::time::Instant::now();
        // the owner hears of this relay at once (then with the node's other relays, from the
        // cluster's upkeep)
        self.watch();
        loop {
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    None | Some(Cmd::Leave) => break,
                    Some(c) => self.handle(c),
                },
                n = news.recv() => match n {
                    Some(Relayed::Frame(f)) => {
                        let version = f.version;
                        let Some(frame) = f.into_frame() else {
                            tracing::warn!(game = %self.game, "a frame without texts from {}", self.owner);
                            break;
                        };
                        let _ = self.broadcast.send(Arc::new(frame));
                        self.seen.send_if_modified(|v| {
                            let newer = version > *v;
                            *v = (*v).max(version);
                            newer
                        });
                    }
                    Some(Relayed::Gone) | None => break,
                },
                _ = tick.tick() => {
                    if self.stats.connected() > 0 {
                        idle_since = tokio::time::Instant::now();
                    } else if idle_since.elapsed() >= self.limits.idle {
                        break;
                    }
                }
            }
        }
        drop(rx);
        {
            let mut relays = self.bus.relays.locked();
            if relays
                .get(&self.game)
                .is_some_and(|tx| tx.same_channel(&me))
            {
                relays.remove(&self.game);
            }
        }
        if let Some(ended) = self.ended.take() {
            ended();
        }
        let unwatch = Message::Unwatch {
            from: self.bus.node.clone(),
            game: self.game.clone(),
        };
        let (bus, owner) = (Arc::clone(&self.bus), self.owner.clone());
        tokio::spawn(async move { bus.tell(&owner, &unwatch).await });
    }

    /// Tells the owner this node still watches, and who is connected here.
    fn watch(&self) {
        watch(&self.bus, &self.owner, &self.game, &self.stats);
    }

    /// Carries `call` to the owner, off the relay's task, and sends `reply` what `then` makes
    /// of the answer (an answer of another kind is a fault of the owner).
    fn forward<T: Send + 'static, F: Future<Output = Result<T, ApiError>> + Send + 'static>(
        &self,
        call: RoomCall,
        reply: oneshot::Sender<Result<T, ApiError>>,
        then: impl FnOnce(RoomReply) -> F + Send + 'static,
    ) {
        let (bus, owner, game) = (Arc::clone(&self.bus), self.owner.clone(), self.game.clone());
        tokio::spawn(async move {
            let answer = match bus.call(&owner, &game, call).await {
                Ok(a) => then(a).await,
                Err(e) => Err(e),
            };
            let _ = reply.send(answer);
        });
    }

    /// Carries a command to the owner without holding the relay up.
    fn handle(&self, cmd: Cmd) {
        match cmd {
            Cmd::Call { call, reply, .. } => {
                // with sockets here, the frame of an action comes before its acknowledgement
                let seen = (self.broadcast.receiver_count() > 0).then(|| self.seen.subscribe());
                self.forward(call, reply, |a| async move {
                    if let (RoomReply::Acted { version }, Some(seen)) = (&a, seen) {
                        frame_of(seen, *version).await;
                    }
                    Ok(a)
                });
            }
            Cmd::Subscribe { caller, reply } => {
                // subscribed before the view is asked: no frame after the view is missed
                let updates = self.broadcast.subscribe();
                let call = RoomCall::View {
                    token: caller.token,
                    account: caller.account,
                };
                let stats = Arc::clone(&self.stats);
                let limits = self.limits;
                let (bus, owner, game) =
                    (Arc::clone(&self.bus), self.owner.clone(), self.game.clone());
                self.forward(call, reply, move |a| async move {
                    let RoomReply::Viewed(SeatView {
                        version,
                        seat,
                        view,
                        held: held_token,
                    }) = a
                    else {
                        return Err(unexpected(a));
                    };
                    let held = seat.and(held_token.clone()).map(|t| t.0);
                    let max = match held {
                        Some(_) => limits.sockets_per_seat,
                        None => limits.spectators_per_room,
                    };
                    let presence = stats.admit(held.clone(), max)?;
                    if held.is_some() {
                        // the owner learns at once that this player is at the table
                        watch(&bus, &owner, &game, &stats);
                    }
                    Ok(Subscription {
                        updates,
                        version,
                        seat,
                        held: seat.and(held_token),
                        view,
                        presence,
                    })
                });
            }
            Cmd::Leave => {}
        }
    }
}

/// Sends a watch of `game` to `owner` naming the players connected here.
fn watch(bus: &Arc<Bus>, owner: &str, game: &str, stats: &RoomStats) {
    let message = Message::Watch {
        from: bus.node.clone(),
        games: vec![Watched {
            game: game.to_string(),
            tokens: stats.present_tokens(),
        }],
    };
    let (bus, owner) = (Arc::clone(bus), owner.to_string());
    tokio::spawn(async move { bus.tell(&owner, &message).await });
}
