//! The WebSocket of one client in one room.
//!
//! The protocol is in [`crate::frames`] and docs/web.md. A socket starts as the seat of the
//! token it presented (an `auth` frame, or the older `?token=` of the URL), or as a spectator.
//! It never keeps a seat number of its own: every request carries its token to the room, which
//! acts for the seat the token holds at that moment, and every broadcast says which token
//! holds which seat, so when the host removes a seat its sockets learn it with the next frame
//! and go on watching.
//!
//! Bounds: a place among the server's sockets and the address's sockets, frames rate-limited
//! per address, a ping every heartbeat period (a peer silent for two periods is dropped), and
//! a send timeout (a client that stopped reading is dropped rather than holding memory).

use crate::error::ApiError;
use crate::frames::{ClientFrame, FrameError, Request, ServerFrame};
use crate::hub::Hub;
use crate::json::RawJson;
use crate::limits::{Held, Limited};
use crate::rooms::{Caller, Frame, RoomHandle, Subscription, TokenHash};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::time::Instant;

/// Frames refused one after another for going over the rate before the socket is closed.
const MAX_LIMITED_IN_A_ROW: u32 = 20;

fn text(frame: &ServerFrame<'_>) -> Message {
    Message::Text(Utf8Bytes::from(frame.to_text()))
}

fn error(e: &ApiError, id: Option<&RawJson>) -> Message {
    text(&ServerFrame::error(e, id))
}

/// One socket's state.
struct Socket {
    hub: Arc<Hub>,
    room: RoomHandle,
    address: IpAddr,
    /// The token this socket presents, while it holds a seat (the seat's own, found by the
    /// account when the socket came with the session only).
    token: Option<TokenHash>,
    /// The signed-in account of the socket's session (its seats are its own on every device).
    account: Option<i64>,
    /// The seat it acts for, as the last frame said.
    seat: Option<u32>,
    sub: Subscription,
    sink: SplitSink<WebSocket, Message>,
    limited_in_a_row: u32,
}

/// Why the loop ends.
struct Closed;

impl Socket {
    async fn send(&mut self, msg: Message) -> Result<(), Closed> {
        match tokio::time::timeout(self.hub.limits.send_timeout, self.sink.send(msg)).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(Closed),
        }
    }

    /// Sends a broadcast frame, first following the socket's seat if the frame moved it.
    async fn forward(&mut self, frame: &Frame) -> Result<(), Closed> {
        if self.token.is_some() {
            let now = frame.seat_of(self.token.as_ref());
            if now != self.seat {
                let message = match now {
                    Some(s) => format!("you now play seat {s}"),
                    None => "your seat was removed by the host; you are watching".to_string(),
                };
                self.seat = now;
                if now.is_none() {
                    self.token = None;
                }
                self.send(text(&ServerFrame::Seat { seat: now, message }))
                    .await?;
            }
        }
        let text = frame.update_text(self.seat);
        if text.as_str().is_empty() {
            // a frame relayed from another node without this socket's view (its token moved
            // to a seat it had not asked for): the whole state instead, which asks for it
            return self.resend_state(None).await;
        }
        self.send(Message::Text(text)).await
    }

    /// Sends every broadcast already waiting (so an answer never overtakes the update its
    /// request caused).
    async fn drain(&mut self) -> Result<(), Closed> {
        loop {
            match self.sub.updates.try_recv() {
                Ok(f) => self.forward(&f).await?,
                Err(TryRecvError::Lagged(_)) => self.resend_state(None).await?,
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Closed) => return Err(Closed),
            }
        }
    }

    /// Who this socket is to its room.
    fn caller(&self) -> Caller {
        Caller::signed_in(self.token.clone(), self.account)
    }

    /// The whole state again (after missed broadcasts, or asked for).
    async fn resend_state(&mut self, id: Option<&RawJson>) -> Result<(), Closed> {
        match self.room.view(self.caller()).await {
            Ok(state) => {
                self.seat = state.seat;
                if state.held.is_some() {
                    self.token = state.held;
                }
                let frame = ServerFrame::State {
                    v: state.version,
                    seat: state.seat,
                    view: &state.view,
                    id,
                };
                self.send(text(&frame)).await
            }
            Err(e) => self.send(error(&e, id)).await,
        }
    }

    /// Answers one text frame.
    async fn request(&mut self, raw: &str) -> Result<(), Closed> {
        if let Err(e) = self.hub.addresses.check(Limited::Frame, self.address) {
            self.limited_in_a_row += 1;
            if self.limited_in_a_row > MAX_LIMITED_IN_A_ROW {
                let close = CloseFrame {
                    code: close_code::POLICY,
                    reason: Utf8Bytes::from_static("too many frames"),
                };
                let _ = self.send(Message::Close(Some(close))).await;
                return Err(Closed);
            }
            return self.send(error(&e, None)).await;
        }
        self.limited_in_a_row = 0;
        let frame = match ClientFrame::parse(raw) {
            Ok(f) => f,
            Err(FrameError { id, error: e }) => return self.send(error(&e, id.as_ref())).await,
        };
        let id = frame.id.as_ref();
        let reply = match frame.request {
            Request::Ping => text(&ServerFrame::Pong { id }),
            Request::Resync => {
                self.drain().await?;
                return self.resend_state(id).await;
            }
            Request::Act(intent) => {
                let done = self
                    .room
                    .act(self.caller(), intent, Some(self.address))
                    .await;
                match done {
                    Ok(v) => text(&ServerFrame::Ack { id, v: Some(v) }),
                    Err(e) => error(&e, id),
                }
            }
            Request::Lobby(op) => match self.room.lobby(self.caller(), op).await {
                Ok(()) => text(&ServerFrame::Ack { id, v: None }),
                Err(e) => error(&e, id),
            },
            Request::Auth { token } => {
                let caller = Caller::signed_in(Some(TokenHash::of(&token)), self.account);
                match self.room.subscribe(caller).await {
                    Ok(sub) => {
                        // the new subscription replaces the old one (and its place)
                        self.token = sub.held.clone();
                        self.sub = sub;
                        self.seat = self.sub.seat;
                        let frame = ServerFrame::State {
                            v: self.sub.version,
                            seat: self.seat,
                            view: &self.sub.view,
                            id,
                        };
                        let msg = text(&frame);
                        return self.send(msg).await;
                    }
                    Err(e) => error(&e, id),
                }
            }
        };
        self.drain().await?;
        self.send(reply).await
    }

    async fn run(mut self, mut stream: SplitStream<WebSocket>) {
        let period = self.hub.limits.heartbeat;
        let mut heartbeat = tokio::time::interval_at(Instant::now() + period, period);
        let mut last_heard = Instant::now();
        let mut restarting = self.hub.restarting.subscribe();
        loop {
            let step = tokio::select! {
                retry_ms = restart_after(&mut restarting) => {
                    let _ = self.send(text(&ServerFrame::Restart { retry_ms })).await;
                    let _ = self.sink.send(Message::Close(Some(restart_close()))).await;
                    return;
                }
                incoming = stream.next() => {
                    let Some(Ok(msg)) = incoming else { return };
                    last_heard = Instant::now();
                    match msg {
                        Message::Text(t) => self.request(t.as_str()).await,
                        Message::Binary(_) => {
                            let e = ApiError::BadInput("frames are JSON text".into());
                            self.send(error(&e, None)).await
                        }
                        Message::Close(_) => return,
                        Message::Ping(_) | Message::Pong(_) => Ok(()),
                    }
                }
                update = self.sub.updates.recv() => match update {
                    Ok(f) => self.forward(&f).await,
                    Err(RecvError::Lagged(_)) => self.resend_state(None).await,
                    Err(RecvError::Closed) => return,
                },
                _ = heartbeat.tick() => {
                    if last_heard.elapsed() > 2 * period {
                        return; // a dead peer: no pong, no frame for two periods
                    }
                    self.send(Message::Ping(Default::default())).await
                }
            };
            if step.is_err() {
                return;
            }
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

/// Tells a client why it cannot connect, and closes.
async fn refuse(mut sink: SplitSink<WebSocket, Message>, e: ApiError) {
    let _ = sink.send(error(&e, None)).await;
    let _ = sink.close().await;
}

/// Serves one connection until it closes. `token` is the seat token the client presented
/// (the subprotocol, or the older `?token=` of the URL); `account` the signed-in account of
/// the socket's session, whose seat the socket holds without a token.
pub async fn serve(
    socket: WebSocket,
    hub: Arc<Hub>,
    game: String,
    token: Option<String>,
    account: Option<i64>,
    address: IpAddr,
) {
    let (sink, stream) = socket.split();
    let Some(_slot) = hub.rooms.connect() else {
        return refuse(
            sink,
            ApiError::Unavailable {
                message: "the server has too many connections; try again soon".into(),
                retry_after: Duration::from_secs(10),
            },
        )
        .await;
    };
    let Some(_hold) = hub
        .addresses
        .hold(address, Held::Socket, hub.limits.sockets_per_address)
    else {
        return refuse(
            sink,
            ApiError::RateLimited {
                message: "too many connections from your address".into(),
                retry_after: Duration::from_secs(10),
            },
        )
        .await;
    };
    let room = match hub.rooms.room(&game).await {
        Ok(r) => r,
        Err(e) => return refuse(sink, e).await,
    };
    let caller = Caller::signed_in(token.map(|t| TokenHash::of(&t)), account);
    let sub = match room.subscribe(caller).await {
        Ok(s) => s,
        Err(e) => return refuse(sink, e).await,
    };
    let mut socket = Socket {
        hub: Arc::clone(&hub),
        room,
        address,
        seat: sub.seat,
        token: sub.held.clone(),
        account,
        sub,
        sink,
        limited_in_a_row: 0,
    };
    let first = ServerFrame::State {
        v: socket.sub.version,
        seat: socket.seat,
        view: &socket.sub.view,
        id: None,
    };
    let msg = text(&first);
    if socket.send(msg).await.is_err() {
        return;
    }
    socket.run(stream).await;
}
