//! The lobby over HTTP and its WebSocket.

use super::{AppState, Body};
use crate::error::ApiError;
use crate::games::Kind;
use crate::players::accounts::guest_cookie;
use crate::players::lobby::{self, Lobby, LobbyEvent, SeekSpec};
use crate::players::{Player, identify};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/lobby", get(view))
        .route("/api/lobby/ws", get(socket))
        .route("/api/lobby/seeks", post(seek))
        .route("/api/lobby/seeks/{id}/accept", post(accept))
        .route("/api/lobby/seeks/{id}/withdraw", post(withdraw))
        .route("/api/lobby/quick", post(quick))
}

/// An answer that also gives a new guest its cookie.
fn with_guest(player: &Player, body: Value) -> Response {
    match &player.new_guest {
        Some(g) => (
            AppendHeaders([(header::SET_COOKIE, guest_cookie(g, false))]),
            Json(body),
        )
            .into_response(),
        None => Json(body).into_response(),
    }
}

async fn view(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let player = identify(&state.hub, &headers, "").await?;
    let v = lobby::view(&state.hub, &player).await?;
    Ok(with_guest(&player, v))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    /// A guest's nickname.
    #[serde(default)]
    name: String,
    kind: Kind,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    range: Option<[u32; 2]>,
}

impl SeekBody {
    fn spec(&self) -> SeekSpec {
        SeekSpec {
            kind: self.kind,
            options: self.options.clone(),
            rated: self.rated,
            range: self.range,
        }
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
    headers: HeaderMap,
    Body(b): Body<SeekBody>,
) -> Result<Json<Value>, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    known(&player)?;
    Ok(Json(lobby::seek(&state.hub, &player, b.spec()).await?))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NameBody {
    #[serde(default)]
    name: String,
}

async fn accept(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<NameBody>,
) -> Result<Response, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    let paired = lobby::accept(&state.hub, &player, &id).await?;
    Ok(with_guest(&player, json!(paired)))
}

async fn withdraw(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let player = identify(&state.hub, &headers, "").await?;
    lobby::withdraw(&state.hub, &player, &id).await?;
    Ok(Json(json!({"withdrawn": id})))
}

async fn quick(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(b): Body<SeekBody>,
) -> Result<Json<Value>, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    known(&player)?;
    Ok(Json(lobby::quick(&state.hub, &player, b.spec()).await?))
}

async fn socket(
    State(state): State<AppState>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // a browser without a guest id yet watches, owning nothing (its id is new each time)
    let player = identify(&state.hub, &headers, "").await?;
    Ok(ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(4 * 1024)
        .on_upgrade(move |socket| serve(socket, state, player)))
}

/// One lobby socket: the lobby now and after every change; the owner's pairings.
async fn serve(socket: WebSocket, state: AppState, player: Player) {
    let hub = state.hub;
    let Some(_slot) = hub.connect() else { return };
    let _presence = Lobby::enter(&hub, &player.id);
    let mut events = hub.lobby.subscribe();
    let (mut tx, mut rx) = socket.split();
    let send = |v: Value| Message::Text(Utf8Bytes::from(v.to_string()));
    let period = hub.limits.heartbeat;
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    let mut last_heard = tokio::time::Instant::now();
    let mut dirty = true;
    loop {
        if dirty {
            // changes that come in a burst are sent once
            tokio::time::sleep(Duration::from_millis(50)).await;
            while let Ok(e) = events.try_recv() {
                if let LobbyEvent::Paired {
                    owner,
                    game,
                    seat,
                    token,
                } = e
                    && owner == player.id
                {
                    let msg = send(
                        json!({"t": "paired", "d": {"game": game, "seat": seat, "token": token}}),
                    );
                    if tx.send(msg).await.is_err() {
                        return;
                    }
                }
            }
            let Ok(view) = lobby::view(&hub, &player).await else {
                return;
            };
            if tx
                .send(send(json!({"t": "lobby", "d": view})))
                .await
                .is_err()
            {
                return;
            }
            dirty = false;
        }
        tokio::select! {
            e = events.recv() => match e {
                Ok(LobbyEvent::Changed) | Err(RecvError::Lagged(_)) => dirty = true,
                Ok(LobbyEvent::Paired { owner, game, seat, token }) => {
                    if owner == player.id {
                        let msg = send(json!({"t": "paired", "d": {"game": game, "seat": seat, "token": token}}));
                        if tx.send(msg).await.is_err() {
                            return;
                        }
                    }
                }
                Err(RecvError::Closed) => return,
            },
            m = rx.next() => match m {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => last_heard = tokio::time::Instant::now(),
            },
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > 2 * period || tx.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
        }
    }
}
