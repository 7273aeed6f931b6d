//! The one loop every WebSocket of the server runs: a game's socket ([`game`]), the lobby's
//! and the header's bell ([`lobby`]).
//!
//! What every socket needs is here, written once: a place among the node's sockets and the
//! address's, a ping every heartbeat period (a peer silent for two periods is dropped), a send
//! timeout (a client that stopped reading is dropped rather than buffered for), the address's
//! frame rate (a client that keeps going over it is closed), and the restart frame and close
//! code that tell a client to come back. What differs (what news a socket hears, what a
//! client's frame asks) is a [`Session`].

pub mod game;
pub mod lobby;

use crate::error::{ApiError, Busy, Invalid, Throttled};
use crate::frames::ServerFrame;
use crate::hub::Hub;
use crate::limits::{Held, Hold, Limited};
use crate::rooms::SocketSlot;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::future::Future;
use std::net::IpAddr;
use std::time::Duration;
use tokio::time::Instant;

/// Frames refused one after another for going over the rate before the socket is closed.
const MAX_LIMITED_IN_A_ROW: u32 = 20;

/// A socket's loop ends: the client left, stopped reading, or the server closed it.
#[derive(Debug)]
pub struct Closed;

/// The sending half of a socket: every frame within the send timeout.
pub struct Outbox {
    sink: SplitSink<WebSocket, Message>,
    timeout: Duration,
}

impl Outbox {
    /// Sends one message, or says the socket is done (an error, or the client stopped reading
    /// for longer than the send timeout).
    pub async fn send(&mut self, msg: Message) -> Result<(), Closed> {
        match tokio::time::timeout(self.timeout, self.sink.send(msg)).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(Closed),
        }
    }

    /// Sends a text frame.
    pub async fn text(&mut self, text: impl Into<Utf8Bytes>) -> Result<(), Closed> {
        self.send(Message::Text(text.into())).await
    }

    /// Sends an `error` frame that answers no request.
    pub async fn error(&mut self, e: &ApiError) -> Result<(), Closed> {
        self.text(ServerFrame::error(e, None).to_text()).await
    }

    /// Says why the socket cannot stay, and closes it.
    pub async fn refuse(mut self, e: ApiError) {
        let _ = self.error(&e).await;
        let _ = tokio::time::timeout(self.timeout, self.sink.close()).await;
    }

    /// Closes with a close frame of its own.
    async fn close(&mut self, frame: CloseFrame) {
        let _ = self.send(Message::Close(Some(frame))).await;
    }
}

/// What one kind of socket does between the shared loop's events.
pub trait Session: Send {
    /// One piece of news from the server's side (a room's broadcast, the lobby's change).
    type News: Send;

    /// Waits for the next piece of news. It races the client's frames, so it must lose
    /// nothing when dropped before it resolves (a broadcast receiver's `recv` does not).
    fn news(&mut self) -> impl Future<Output = Self::News> + Send;

    /// Tells the client what the news means for it, if anything; `Err` ends the socket.
    fn tell(
        &mut self,
        news: Self::News,
        out: &mut Outbox,
    ) -> impl Future<Output = Result<(), Closed>> + Send;

    /// Answers one text frame of the client's that the address's frame rate allowed.
    fn answer(
        &mut self,
        text: &str,
        out: &mut Outbox,
    ) -> impl Future<Output = Result<(), Closed>> + Send;

    /// The frame that tells this socket's client the server restarts, and when to come back.
    fn restart_frame(&self, retry_ms: u64) -> Utf8Bytes;
}

/// A socket's places among the node's and its address's sockets, held while it is open.
pub struct Admitted {
    _slot: SocketSlot,
    _from_address: Hold,
}

/// A socket's two halves, split once it is upgraded.
pub struct Split {
    /// What the server sends.
    pub out: Outbox,
    /// What the client sends.
    pub incoming: SplitStream<WebSocket>,
}

/// Splits an upgraded socket, its sends bounded by the hub's send timeout.
pub fn split(socket: WebSocket, hub: &Hub) -> Split {
    let (sink, incoming) = socket.split();
    Split {
        out: Outbox {
            sink,
            timeout: hub.limits.send_timeout,
        },
        incoming,
    }
}

/// Takes a place among the node's sockets and the address's, or says why there is none
/// (`what` names the socket in the address's refusal: "lobby connections").
pub fn admit(hub: &Hub, address: IpAddr, what: &str) -> Result<Admitted, ApiError> {
    let Some(slot) = hub.rooms.connect() else {
        return Err(full());
    };
    let Some(hold) = hub
        .addresses
        .hold(address, Held::Socket, hub.limits.sockets_per_address)
    else {
        return Err(too_many_from_address(what));
    };
    Ok(Admitted {
        _slot: slot,
        _from_address: hold,
    })
}

/// The node has no room for another socket.
pub fn full() -> ApiError {
    ApiError::Unavailable {
        cause: Busy::Connections,
        message: "the server has too many connections; try again soon".into(),
        retry_after: Duration::from_secs(10),
    }
}

/// The address has as many sockets as it may.
pub fn too_many_from_address(what: &str) -> ApiError {
    ApiError::RateLimited {
        cause: Throttled::Sockets,
        message: format!("too many {what} from your address"),
        retry_after: Duration::from_secs(10),
    }
}

/// Small buffers for a socket whose frames are at most `max_message` bytes: an idle socket
/// should cost kilobytes, not the default 128 KiB each way.
pub fn sized(ws: WebSocketUpgrade, max_message: usize) -> WebSocketUpgrade {
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .max_message_size(max_message)
        .max_frame_size(max_message)
}

/// Runs a socket until it closes: the session's news, the client's frames (rate-limited per
/// address), a heartbeat, and the server's restart.
pub async fn run<S: Session>(
    hub: &Hub,
    address: IpAddr,
    mut session: S,
    mut out: Outbox,
    mut incoming: SplitStream<WebSocket>,
) {
    let period = hub.limits.heartbeat;
    let mut heartbeat = tokio::time::interval_at(Instant::now() + period, period);
    let mut last_heard = Instant::now();
    let mut limited_in_a_row = 0;
    let mut restarting = hub.restarting.subscribe();
    loop {
        let step = tokio::select! {
            retry_ms = restart_after(&mut restarting) => {
                let _ = out.text(session.restart_frame(retry_ms)).await;
                out.close(restart_close()).await;
                return;
            }
            news = session.news() => session.tell(news, &mut out).await,
            incoming = incoming.next() => {
                let Some(Ok(msg)) = incoming else { return };
                last_heard = Instant::now();
                let data = match msg {
                    Message::Close(_) => return,
                    Message::Ping(_) | Message::Pong(_) => continue,
                    data => data,
                };
                if let Err(e) = hub.addresses.check(Limited::Frame, address) {
                    limited_in_a_row += 1;
                    if limited_in_a_row > MAX_LIMITED_IN_A_ROW {
                        let _ = out.error(&e).await;
                        out.close(CloseFrame {
                            code: close_code::POLICY,
                            reason: Utf8Bytes::from_static("too many frames"),
                        })
                        .await;
                        return;
                    }
                    out.error(&e).await
                } else {
                    limited_in_a_row = 0;
                    match data {
                        Message::Text(t) => session.answer(t.as_str(), &mut out).await,
                        _ => out.error(&ApiError::BadInput(Invalid::Frame, "frames are JSON text".into())).await,
                    }
                }
            }
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > 2 * period {
                    return; // a dead peer: no pong, no frame for two periods
                }
                out.send(Message::Ping(Default::default())).await
            }
        };
        if step.is_err() {
            return;
        }
    }
}

/// Resolves when the server starts restarting, with the time its clients should wait before
/// reconnecting.
pub async fn restart_after(restarting: &mut tokio::sync::watch::Receiver<Option<u64>>) -> u64 {
    let found = restarting
        .wait_for(Option::is_some)
        .await
        .map(|r| r.unwrap_or(1_000));
    match found {
        Ok(ms) => ms,
        // the sender is gone with the server: nothing will restart this socket
        Err(_) => std::future::pending().await,
    }
}

/// The close frame of a restart: code 1012, "service restart" (RFC 6455, 7.4.1 as registered
/// with IANA), which a client answers by reconnecting.
pub fn restart_close() -> CloseFrame {
    CloseFrame {
        code: 1012,
        reason: Utf8Bytes::from_static("the server is restarting"),
    }
}
