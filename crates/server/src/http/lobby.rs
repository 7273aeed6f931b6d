//! The lobby over HTTP and its WebSocket.

use super::contract::Reply;
use super::{AppState, Body, ClientIp};
use crate::error::{ApiError, Clash};
use crate::games::Kind;
use crate::json::RawJson;
use crate::lobby::SeekSpec;
use crate::lobby::views::{LobbyView, Paired, QuickMatch, SeekMade, Withdrawn};
use crate::players::accounts::guest_cookie;
use crate::players::{Player, identify};
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
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
            Clash::LobbyClosed,
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
    let hub = state.hub;
    Ok(
        crate::sockets::sized(ws, 4 * 1024).on_upgrade(move |socket| {
            crate::sockets::lobby::serve(socket, hub, player, ip, q.bell).instrument(span)
        }),
    )
}
