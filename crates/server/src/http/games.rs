//! The games' HTTP API: create, join, act, view, replay, the list of finished games, and the
//! WebSocket upgrade.

use super::contract::Reply;
use super::{AppState, Body, ClientIp, bearer};
use crate::error::{ApiError, Fault, Invalid};
use crate::frames::MAX_FRAME;
use crate::games::SeatInfo;
use crate::games::{Kind, seat_list};
use crate::json::RawJson;
use crate::limits::Limited;
use crate::rooms::replay::Replay;
use crate::rooms::{Caller, TokenHash};
use crate::shown::Shown;
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tracing::Instrument;
use ts_rs::TS;

pub(super) fn routes() -> Router<AppState> {
    json_routes().route("/api/games/{id}/ws", get(websocket))
}

super::contract::json_routes! {
    post "/api/games" => create(CreateBody) -> SeatTaken;
    get "/api/games/recent" => recent -> Vec<FinishedGame>;
    get "/api/games/{id}" => view -> GameState;
    post "/api/games/{id}/join" => join(JoinBody) -> SeatTaken;
    post "/api/games/{id}/act" => act(ActBody) -> Acted;
    // each game's steps are its own types: the replay page knows which game it shows
    get "/api/games/{id}/replay" => replay -> Replay<'static, Shown>;
}

/// A seat taken in a game (made or joined): whoever holds the token plays the seat.
#[derive(Serialize, TS)]
pub struct SeatTaken {
    /// The game.
    pub id: String,
    /// The seat.
    pub seat: u32,
    /// The seat's secret token.
    pub token: String,
}

/// An action carried out.
#[derive(Serialize, TS)]
pub struct Acted {
    /// The room's version after it.
    pub v: u64,
}

/// A game as the caller sees it (`GET /api/games/{id}`).
#[derive(Serialize, TS)]
pub struct GameState {
    /// The room's version.
    pub v: u64,
    /// The caller's seat, if they hold one.
    pub seat: Option<u32>,
    /// What the caller sees: the game's view (the page knows which game's).
    pub view: Shown,
}

/// A finished game in the list of the latest.
#[derive(Serialize, TS)]
pub struct FinishedGame {
    /// Its id.
    pub id: String,
    /// Its kind.
    pub kind: Kind,
    /// When it ended (ms since 1970).
    pub finished: u64,
    /// Its QuickChess variant, if it is one.
    pub variant: Option<String>,
    /// Its players.
    pub players: Vec<SeatInfo>,
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    kind: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    name: String,
    /// The kind's options (each kind reads those it takes, and refuses others).
    #[serde(default)]
    #[ts(optional = nullable, as = "Option<crate::model::GameOptions>")]
    options: Option<RawJson>,
    #[serde(default)]
    #[ts(optional = nullable)]
    bots: Vec<u8>,
    /// Rated (between signed-in players) or casual.
    #[serde(default)]
    #[ts(optional = nullable)]
    rated: bool,
}

const KINDS: &str = "checkmates-party, checkmates-solo, royal-match, royal-solo, querni, \
querni-local, quickchess or quickchess-local";

/// The seat holder a request makes: the signed-in account (by its name), or a guest by the
/// nickname it gives.
async fn host(
    state: &AppState,
    headers: &HeaderMap,
    ip: std::net::IpAddr,
    nickname: String,
) -> Result<crate::players::Host, ApiError> {
    let client = Some(state.hub.addresses.client(ip));
    Ok(
        match crate::players::signed_in(&state.hub, headers).await? {
            Some(a) => crate::players::Host {
                name: a.name,
                account: Some(a.id),
                client,
            },
            None => crate::players::Host {
                name: crate::players::names::guest(&state.hub, &nickname).await?,
                account: None,
                client,
            },
        },
    )
}

async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(body): Body<CreateBody>,
) -> Result<Json<SeatTaken>, ApiError> {
    let kind = Kind::parse(&body.kind).ok_or_else(|| {
        let shown: String = body.kind.chars().take(40).collect();
        ApiError::BadInput(
            Invalid::Kind,
            format!("unknown game kind `{shown}`: {KINDS}"),
        )
    })?;
    state.hub.addresses.check(Limited::Create, ip)?;
    let host = host(&state, &headers, ip, body.name).await?;
    state.hub.sanctions.may_play(Some(ip), host.account)?;
    let options = kind.options(body.options.as_ref())?;
    let created = crate::rooms::records::create_hosted(
        &state.hub.ctx,
        kind,
        options,
        &host,
        &body.bots,
        body.rated,
    )
    .await?;
    Ok(Json(SeatTaken {
        id: created.id,
        seat: created.seat,
        token: created.token,
    }))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    #[serde(default)]
    #[ts(optional = nullable)]
    name: String,
}

async fn join(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<JoinBody>,
) -> Result<Json<SeatTaken>, ApiError> {
    state.hub.addresses.check(Limited::Join, ip)?;
    let who = host(&state, &headers, ip, body.name).await?;
    // the whole address here (the seat keeps only the client's prefix, which a ban of one
    // IPv6 address would not hold)
    state.hub.sanctions.may_play(Some(ip), who.account)?;
    let room = state.hub.rooms.room(&id).await?;
    let (seat, token) = room.join_as(&who).await?;
    Ok(Json(SeatTaken { id, seat, token }))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct ActBody {
    /// The seat's token; a signed-in player may leave it out: the session's account plays the
    /// seat it holds.
    #[serde(default)]
    #[ts(optional = nullable)]
    token: Option<String>,
    action: RawJson,
}

/// The signed-in account of a request, for the seats it holds on any device: read only from
/// the site's own pages (or a tool), so another site's page cannot play a visitor's seat.
async fn seat_account(state: &AppState, headers: &HeaderMap) -> Result<Option<i64>, ApiError> {
    if !super::admin::own_origin(headers) {
        return Ok(None);
    }
    Ok(crate::players::signed_in(&state.hub, headers)
        .await?
        .map(|a| a.id))
}

/// The same as an `act` frame, for clients without a WebSocket.
async fn act(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<ActBody>,
) -> Result<Json<Acted>, ApiError> {
    let room = state.hub.rooms.room(&id).await?;
    let caller = Caller::signed_in(
        body.token.as_deref().map(TokenHash::of),
        seat_account(&state, &headers).await?,
    );
    let v = room.act(caller, body.action, Some(ip)).await?;
    Ok(Json(Acted { v }))
}

/// The older way to present a seat token, in the URL (kept for one release; it lands in
/// logs and browser history, so the browser no longer uses it).
#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<GameState>, ApiError> {
    let room = state.hub.rooms.room(&id).await?;
    let token = bearer(&headers).or(q.token).map(|t| TokenHash::of(&t));
    let caller = Caller::signed_in(token, seat_account(&state, &headers).await?);
    let state = room.view(caller).await?;
    Ok(Json(GameState {
        v: state.version,
        seat: state.seat,
        view: state.view,
    }))
}

/// The subprotocol a browser offers with its seat token: `Sec-WebSocket-Protocol: tabula,
/// tabula-token.T` (a header, so the token is known before the socket takes a place in the
/// room, and lands in no URL; the server answers with the protocol `tabula`).
pub const TOKEN_PROTOCOL_PREFIX: &str = "tabula-token.";

fn protocol_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix(TOKEN_PROTOCOL_PREFIX))
        .map(str::to_string)
}

async fn websocket(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let token = protocol_token(&headers).or(q.token);
    let account = match seat_account(&state, &headers).await {
        Ok(a) => a,
        Err(e) => return e.into_response(),
    };
    // among several nodes, a game another node runs is refused before the upgrade, as a
    // plain 503: a reverse proxy then tries the next node (docs/web.md) until the owner
    if state.hub.rooms.is_one_of_several()
        && let Err(e) = state.hub.rooms.room(&id).await
    {
        return e.into_response();
    }
    // the session's log lines keep the id of the request that opened it (the upgrade runs
    // in a task of its own, outside the request's span)
    let span = tracing::Span::current();
    crate::sockets::sized(ws.protocols(["tabula"]), MAX_FRAME * 2).on_upgrade(move |socket| {
        crate::sockets::game::serve(socket, state.hub, id, token, account, ip).instrument(span)
    })
}

/// The last finished games, with what a list shows of each: the kind, the QuickChess
/// variant, the players and when it ended.
async fn recent(State(state): State<AppState>) -> Result<Json<Vec<FinishedGame>>, ApiError> {
    let games = state.hub.store.recent_finished(20).await?;
    let mut list = Vec::with_capacity(games.len());
    for g in games {
        let seats = state.hub.store.seats(&g.id).await?;
        list.push(FinishedGame {
            variant: g.config.variant(),
            id: g.id,
            kind: g.kind,
            finished: g.updated,
            players: seat_list(&seats),
        });
    }
    Ok(Json(list))
}

/// Every step of a game as spectators saw it: built by replaying the stored log, off the
/// runtime and a few at a time; a finished game's is kept (see [`super::replays`]).
async fn replay(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Reply<Replay<'static, Shown>>, ApiError> {
    let hub = &state.hub;
    let record = hub.stored_game(&id).await?;
    let seats = hub.store.seats(&id).await?;
    let log = hub.store.log(&id).await?;
    let finished = record.status.ended();
    let key = format!("{id}:{}", log.len());
    let services = std::sync::Arc::clone(&hub.services);
    let build = || async move {
        tokio::task::spawn_blocking(move || {
            crate::rooms::replay::replay_json(&record, &seats, &log, &services)
                .map(axum::body::Bytes::from)
        })
        .await
        .map_err(|e| ApiError::Internal(Fault::Task, format!("replay: {e}")))?
    };
    let bytes = state.replays.get(&key, finished, build).await?;
    Ok(Reply::prebuilt(bytes))
}
