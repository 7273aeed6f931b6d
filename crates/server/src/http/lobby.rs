//! The lobby over HTTP and its WebSocket.

use super::contract::Reply;
use super::{AppState, Body, ClientIp};
use crate::error::ApiError;
use crate::frames::ServerFrame;
use crate::games::Kind;
use crate::json::RawJson;
use crate::limits::{Held, Limited};
use crate::lobby::views::{LobbyFrame, LobbyView, Paired, QuickMatch, SeekMade, Withdrawn};
use crate::lobby::{self, LobbyNews, SeekSpec};
use crate::players::accounts::guest_cookie;
use crate::players::{Player, identify};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tracing::Instrument;
use ts_rs::TS;

pub(super) fn routes() -> Router<AppState> {
    json_routes().route("/api/lobby/ws", get(socket))
}

super::contract::json_routes! {
    get "/api/lobby" => view -> LobbyView;
    post "/api/lobby/seeks" => seek(SeekBody) -> SeekMade;
    post "/api/lobby/seeks/{id}/accept" => accept(NameBody) -> Paired;
    post "/api/lobby/seeks/{id}/withdraw" => withdraw -> Withdrawn;
    post "/api/lobby/quick" => quick(SeekBody) -> QuickMatch;
}

/// An answer that also gives a new guest its cookie.
fn with_guest<T: serde::Serialize>(player: &Player, body: &T) -> Result<Reply<T>, ApiError> {
    let reply = Reply::new(body);
    match &player.new_guest {
        Some(g) => reply.cookie(guest_cookie(g, false)),
        None => Ok(reply),
    }
}

async fn view(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Reply<LobbyView>, ApiError> {
    let player = identify(&state.hub, &headers, "").await?;
    let v = state.hub.lobby.view(&player).await?;
    with_guest(&player, &v)
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    /// A guest's nickname.
    #[serde(default)]
    #[ts(optional = nullable)]
    name: String,
    kind: Kind,
    /// The kind's options (each kind reads those it takes, and refuses others).
    #[serde(default)]
    #[ts(optional = nullable, as = "Option<crate::model::GameOptions>")]
    options: Option<RawJson>,
    #[serde(default)]
    #[ts(optional = nullable)]
    rated: bool,
    #[serde(default)]
    #[ts(optional = nullable)]
    range: Option<[u32; 2]>,
}

impl SeekBody {
    /// The seek, its options read as its kind takes them.
    fn spec(&self) -> Result<SeekSpec, ApiError> {
        Ok(SeekSpec {
            kind: self.kind,
            options: self.kind.options(self.options.as_ref())?,
            rated: self.rated,
            range: self.range,
        })
    }
}

/// A request of a guest without its cookie cannot own a seek (it would never hear of it).
fn known(player: &Player) -> Result<(), ApiError> {
    if player.new_guest.is_some() {
        return Err(ApiError::Conflict(
            "open the lobby first (GET /api/lobby gives a guest its id)".into(),
        ));
    }
    Ok(())
}

async fn seek(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(b): Body<SeekBody>,
) -> Result<Json<SeekMade>, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    known(&player)?;
    Ok(Json(state.hub.lobby.seek(&player, b.spec()?, ip).await?))
}

#[derive(Deserialize, Default, TS)]
#[serde(deny_unknown_fields)]
struct NameBody {
    #[serde(default)]
    #[ts(optional = nullable)]
    name: String,
}

async fn accept(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<NameBody>,
) -> Result<Reply<Paired>, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    let paired = state.hub.lobby.accept(&player, &id, ip).await?;
    with_guest(&player, &paired)
}

async fn withdraw(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Withdrawn>, ApiError> {
    let player = identify(&state.hub, &headers, "").await?;
    state.hub.lobby.withdraw(&player, &id).await?;
    Ok(Json(Withdrawn { withdrawn: id }))
}

async fn quick(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(b): Body<SeekBody>,
) -> Result<Json<QuickMatch>, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    known(&player)?;
    Ok(Json(state.hub.lobby.quick(&player, b.spec()?, ip).await?))
}

/// What a lobby socket is for.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SocketQuery {
    /// `?bell=true`: only the viewer's rings (the header's bell on every page), no lobby,
    /// no presence (the viewer's seeks do not stay for it).
    #[serde(default)]
    bell: bool,
}

async fn socket(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Query(q): Query<SocketQuery>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // a browser without a guest id yet watches, owning nothing (its id is new each time)
    let player = identify(&state.hub, &headers, "").await?;
    // the session's log lines keep the id of the request that opened it (the upgrade runs
    // in a task of its own, outside the request's span)
    let span = tracing::Span::current();
    Ok(ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .max_message_size(4 * 1024)
        .on_upgrade(move |socket| serve(socket, state, player, ip, q.bell).instrument(span)))
}

/// Frames refused one after another for going over the rate before the socket is closed.
const MAX_LIMITED_IN_A_ROW: u32 = 20;

fn text(frame: &str) -> Message {
    Message::Text(Utf8Bytes::from(frame))
}

fn error_frame(e: &ApiError) -> Message {
    Message::Text(Utf8Bytes::from(ServerFrame::error(e, None).to_text()))
}

/// One lobby socket's sending side: every frame within the send timeout (a client that
/// stopped reading is dropped, never buffered for).
struct Sender {
    sink: SplitSink<WebSocket, Message>,
    timeout: Duration,
}

impl Sender {
    async fn send(&mut self, msg: Message) -> Result<(), ()> {
        match tokio::time::timeout(self.timeout, self.sink.send(msg)).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(()),
        }
    }

    /// Says why the socket cannot stay, and closes it.
    async fn refuse(mut self, e: ApiError) {
        let _ = self.send(error_frame(&e)).await;
        let _ = tokio::time::timeout(self.timeout, self.sink.close()).await;
    }
}

/// One lobby socket: the lobby now, then each change to it; the owner's pairings; or, for a
/// `bell`, only the signed-in viewer's rings. Bounded: a place among the node's sockets (and,
/// but for a bell, the node's lobby sockets: half of all) and the address's, frames
/// rate-limited per address, a send timeout, and the news queue bounded (a socket that falls
/// behind gets the whole lobby again, not every change it missed; a bell rings once).
async fn serve(socket: WebSocket, state: AppState, player: Player, ip: IpAddr, bell: bool) {
    let hub = state.hub;
    let limits = hub.limits;
    let (sink, mut rx) = socket.split();
    let mut tx = Sender {
        sink,
        timeout: limits.send_timeout,
    };
    let full = || ApiError::Unavailable {
        message: "the server has too many connections; try again soon".into(),
        retry_after: Duration::from_secs(10),
    };
    let Some(_slot) = hub.rooms.connect() else {
        return tx.refuse(full()).await;
    };
    // a bell holds no place among the lobby's sockets (a player has one on every page)
    let _lobby_slot = if bell {
        None
    } else {
        let Some(slot) = hub.lobby.connect(limits.lobby_sockets()) else {
            return tx.refuse(full()).await;
        };
        Some(slot)
    };
    let from_address = |held, max| hub.addresses.hold(ip, held, max);
    let too_many = || ApiError::RateLimited {
        message: "too many lobby connections from your address".into(),
        retry_after: Duration::from_secs(10),
    };
    let Some(_socket) = from_address(Held::Socket, limits.sockets_per_address) else {
        return tx.refuse(too_many()).await;
    };
    let _lobby_socket = if bell {
        None
    } else {
        let Some(held) = from_address(Held::LobbySocket, limits.lobby_sockets_per_address) else {
            return tx.refuse(too_many()).await;
        };
        Some(held)
    };
    // a bell's rings are an account's: a guest's bell would never ring
    let rung = player.account.as_ref().map(|a| a.name.clone());
    if bell && rung.is_none() {
        return tx
            .refuse(ApiError::Unauthorized("sign in for the bell".into()))
            .await;
    }
    let _presence = (!bell).then(|| hub.lobby.enter(&player.id));
    let mut news = hub.lobby.subscribe();
    let send_all = |snapshot: &lobby::Snapshot| {
        text(&LobbyFrame::Lobby(&snapshot.view_for(&player.id)).to_text())
    };
    let ring = || text(&LobbyFrame::Ring.to_text());
    // a bell rings once at once: rings missed while it was away (a restart) are asked for
    if bell && tx.send(ring()).await.is_err() {
        return;
    }
    if !bell {
        match hub.lobby.refresh(false).await {
            Ok(now) => {
                if tx.send(send_all(&now)).await.is_err() {
                    return;
                }
            }
            Err(e) => return tx.refuse(e).await,
        }
    }
    let period = limits.heartbeat;
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    let mut last_heard = tokio::time::Instant::now();
    let mut limited_in_a_row = 0;
    let mut restarting = hub.restarting.subscribe();
    loop {
        let msg = tokio::select! {
            retry_ms = crate::ws::restart_after(&mut restarting) => {
                let _ = tx.send(text(&LobbyFrame::Restart { retry_ms }.to_text())).await;
                let close = Message::Close(Some(crate::ws::restart_close()));
                let _ = tx.send(close).await;
                return;
            }
            n = news.recv() => match n {
                Ok(LobbyNews::Ring(names)) if bell => {
                    if !names.iter().any(|n| Some(n) == rung.as_ref()) {
                        continue;
                    }
                    ring()
                }
                // a bell hears nothing of the lobby; one that fell behind may have missed a ring
                Ok(_) if bell => continue,
                Err(RecvError::Lagged(_)) if bell => ring(),
                Ok(LobbyNews::Ring(_)) => continue,
                Ok(LobbyNews::Changed(diff)) => match diff.for_viewer(&player.id) {
                    Some(d) => text(&LobbyFrame::LobbyDiff(&d).to_text()),
                    None => continue,
                },
                Ok(LobbyNews::Paired { owner, game, seat, token }) => {
                    if owner != player.id {
                        continue;
                    }
                    text(&LobbyFrame::Paired(&Paired { game, seat, token }).to_text())
                }
                Err(RecvError::Lagged(_)) => match hub.lobby.refresh(false).await {
                    Ok(now) => send_all(&now),
                    Err(_) => return,
                },
                Err(RecvError::Closed) => return,
            },
            m = rx.next() => match m {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {
                    last_heard = tokio::time::Instant::now();
                    match hub.addresses.check(Limited::Frame, ip) {
                        Ok(()) => {
                            limited_in_a_row = 0;
                            continue;
                        }
                        Err(e) => {
                            limited_in_a_row += 1;
                            if limited_in_a_row > MAX_LIMITED_IN_A_ROW {
                                return tx.refuse(e).await;
                            }
                            error_frame(&e)
                        }
                    }
                }
            },
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > 2 * period {
                    return;
                }
                Message::Ping(Default::default())
            }
        };
        if tx.send(msg).await.is_err() {
            return;
        }
    }
}
