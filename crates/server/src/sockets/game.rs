//! The WebSocket of one client in one game's room.
//!
//! The protocol is in [`crate::frames`] and docs/web.md. A socket starts as the seat of the
//! token it presented (an `auth` frame, the subprotocol, or the older `?token=` of the URL),
//! of its session's account, or as a spectator. It never keeps a seat number of its own: every
//! request carries its token to the room, which acts for the seat the token holds at that
//! moment, and every broadcast says which token holds which seat, so when the host removes a
//! seat its sockets learn it with the next frame and go on watching. The loop's bounds (places,
//! frame rate, heartbeat, send timeout, restart) are [`super::run`]'s.

use super::{Closed, Outbox, Session};
use crate::error::ApiError;
use crate::frames::{ClientFrame, FrameError, Request, ServerFrame};
use crate::hub::Hub;
use crate::json::RawJson;
use crate::rooms::{Caller, Frame, RoomHandle, Subscription, TokenHash};
use axum::extract::ws::{Utf8Bytes, WebSocket};
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// One game socket's state.
struct GameSession {
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
}

/// A frame as the text the socket sends.
fn text(frame: &ServerFrame<'_>) -> Utf8Bytes {
    Utf8Bytes::from(frame.to_text())
}

/// An `error` frame, answering the request `id` if it had one.
fn error(e: &ApiError, id: Option<&RawJson>) -> Utf8Bytes {
    text(&ServerFrame::error(e, id))
}

impl GameSession {
    /// Sends a broadcast frame, first following the socket's seat if the frame moved it.
    async fn forward(&mut self, frame: &Frame, out: &mut Outbox) -> Result<(), Closed> {
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
                out.text(text(&ServerFrame::Seat { seat: now, message }))
                    .await?;
            }
        }
        let update = frame.update_text(self.seat);
        if update.as_str().is_empty() {
            // a frame relayed from another node without this socket's view (its token moved
            // to a seat it had not asked for): the whole state instead, which asks for it
            return self.resend_state(None, out).await;
        }
        out.text(update).await
    }

    /// Sends every broadcast already waiting (so an answer never overtakes the update its
    /// request caused).
    async fn drain(&mut self, out: &mut Outbox) -> Result<(), Closed> {
        loop {
            match self.sub.updates.try_recv() {
                Ok(f) => self.forward(&f, out).await?,
                Err(TryRecvError::Lagged(_)) => self.resend_state(None, out).await?,
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
    async fn resend_state(&mut self, id: Option<&RawJson>, out: &mut Outbox) -> Result<(), Closed> {
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
                out.text(text(&frame)).await
            }
            Err(e) => out.text(error(&e, id)).await,
        }
    }

    /// The subscription's state as the socket's first frame (or the answer to an `auth`).
    fn state_frame(&self, id: Option<&RawJson>) -> Utf8Bytes {
        text(&ServerFrame::State {
            v: self.sub.version,
            seat: self.seat,
            view: &self.sub.view,
            id,
        })
    }

    /// Presents another token: the new subscription replaces the old one (and its place).
    async fn authenticate(&mut self, token: &str) -> Result<(), ApiError> {
        let caller = Caller::signed_in(Some(TokenHash::of(token)), self.account);
        let sub = self.room.subscribe(caller).await?;
        self.token = sub.held.clone();
        self.seat = sub.seat;
        self.sub = sub;
        Ok(())
    }
}

impl Session for GameSession {
    type News = Result<Arc<Frame>, RecvError>;

    async fn news(&mut self) -> Self::News {
        self.sub.updates.recv().await
    }

    async fn tell(&mut self, news: Self::News, out: &mut Outbox) -> Result<(), Closed> {
        match news {
            Ok(f) => self.forward(&f, out).await,
            Err(RecvError::Lagged(_)) => self.resend_state(None, out).await,
            Err(RecvError::Closed) => Err(Closed),
        }
    }

    async fn answer(&mut self, raw: &str, out: &mut Outbox) -> Result<(), Closed> {
        let frame = match ClientFrame::parse(raw) {
            Ok(f) => f,
            Err(FrameError { id, error: e }) => return out.text(error(&e, id.as_ref())).await,
        };
        let id = frame.id.as_ref();
        let reply = match frame.request {
            Request::Ping => text(&ServerFrame::Pong { id }),
            Request::Resync => {
                self.drain(out).await?;
                return self.resend_state(id, out).await;
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
            Request::Auth { token } => match self.authenticate(&token).await {
                Ok(()) => return out.text(self.state_frame(id)).await,
                Err(e) => error(&e, id),
            },
        };
        self.drain(out).await?;
        out.text(reply).await
    }

    fn restart_frame(&self, retry_ms: u64) -> Utf8Bytes {
        text(&ServerFrame::Restart { retry_ms })
    }
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
    let super::Split { out, incoming } = super::split(socket, &hub);
    let _admitted = match super::admit(&hub, address, "connections") {
        Ok(a) => a,
        Err(e) => return out.refuse(e).await,
    };
    let room = match hub.rooms.room(&game).await {
        Ok(r) => r,
        Err(e) => return out.refuse(e).await,
    };
    let caller = Caller::signed_in(token.map(|t| TokenHash::of(&t)), account);
    let sub = match room.subscribe(caller).await {
        Ok(s) => s,
        Err(e) => return out.refuse(e).await,
    };
    let session = GameSession {
        room,
        address,
        seat: sub.seat,
        token: sub.held.clone(),
        account,
        sub,
    };
    let mut out = out;
    if out.text(session.state_frame(None)).await.is_err() {
        return;
    }
    super::run(&hub, address, session, out, incoming).await;
}
