//! HTTP: the JSON API, the WebSocket upgrade and the embedded web UI.

use crate::games::{Kind, Live};
use crate::rooms::Hub;
use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Query, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use rust_embed::RustEmbed;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::{Layout, Level};

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

type ApiResult = Result<Json<Value>, (StatusCode, Json<Value>)>;

fn bad(status: StatusCode, message: impl Into<String>) -> (StatusCode, Json<Value>) {
    (status, Json(json!({"error": message.into()})))
}

fn not_found_or_bad(e: String) -> (StatusCode, Json<Value>) {
    let status = if e.starts_with("no game") {
        StatusCode::NOT_FOUND
    } else {
        StatusCode::BAD_REQUEST
    };
    bad(status, e)
}

/// The application's routes over `hub`.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/api/health", get(|| async { "ok" }))
        .route("/api/games", post(create))
        .route("/api/games/recent", get(recent))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/ws", get(websocket))
        .route("/api/solve/checkmates", post(solve_checkmates))
        .route("/api/solve/royal", post(solve_royal))
        .route("/api/decks", get(decks))
        .route("/api/chess/position", post(chess_position))
        .route("/api/querni/hint", post(querni_hint))
        .route("/assets/{*path}", get(asset))
        .fallback(get(index))
        .layer(DefaultBodyLimit::max(16 * 1024))
        .with_state(hub)
}

#[derive(Deserialize)]
struct CreateBody {
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    bots: Vec<u8>,
}

async fn create(
    State(hub): State<Arc<Hub>>,
    body: Result<Json<CreateBody>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(body) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    let kind = Kind::parse(&body.kind).ok_or_else(|| {
        bad(
            StatusCode::BAD_REQUEST,
            format!("unknown game kind `{}`", body.kind),
        )
    })?;
    let options = if body.options.is_null() {
        json!({})
    } else {
        body.options
    };
    let created = hub
        .create(kind, options, &body.name, &body.bots)
        .map_err(|e| bad(StatusCode::BAD_REQUEST, e))?;
    Ok(Json(
        json!({"id": created.id, "seat": created.seat, "token": created.token}),
    ))
}

#[derive(Deserialize)]
struct JoinBody {
    #[serde(default)]
    name: String,
}

async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    body: Result<Json<JoinBody>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(body) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    let room = hub.room(&id).map_err(not_found_or_bad)?;
    let (seat, token) = room
        .join(body.name)
        .await
        .map_err(|e| bad(StatusCode::CONFLICT, e))?;
    Ok(Json(json!({"id": id, "seat": seat, "token": token})))
}

#[derive(Deserialize)]
struct ActBody {
    token: String,
    action: Value,
}

/// The same as an `act` frame, for clients without a WebSocket.
async fn act(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    body: Result<Json<ActBody>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(body) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    let room = hub.room(&id).map_err(not_found_or_bad)?;
    let seat = room
        .auth(body.token)
        .await
        .map_err(|e| bad(StatusCode::SERVICE_UNAVAILABLE, e))?
        .ok_or_else(|| {
            bad(
                StatusCode::FORBIDDEN,
                "that token belongs to no seat of this game",
            )
        })?;
    let v = room
        .act(seat, body.action)
        .await
        .map_err(|e| bad(StatusCode::UNPROCESSABLE_ENTITY, e))?;
    Ok(Json(json!({"v": v})))
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn view(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> ApiResult {
    let room = hub.room(&id).map_err(not_found_or_bad)?;
    let seat = match q.token {
        Some(t) => Some(
            room.auth(t)
                .await
                .map_err(|e| bad(StatusCode::SERVICE_UNAVAILABLE, e))?
                .ok_or_else(|| {
                    bad(
                        StatusCode::FORBIDDEN,
                        "that token belongs to no seat of this game",
                    )
                })?,
        ),
        None => None,
    };
    let (v, view) = room
        .view(seat)
        .await
        .map_err(|e| bad(StatusCode::SERVICE_UNAVAILABLE, e))?;
    Ok(Json(json!({"v": v, "seat": seat, "view": view})))
}

async fn websocket(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(crate::ws::MAX_FRAME * 2)
        .max_frame_size(crate::ws::MAX_FRAME * 2)
        .on_upgrade(move |socket| crate::ws::serve(socket, hub, id, q.token))
}

async fn recent(State(hub): State<Arc<Hub>>) -> ApiResult {
    let games = hub
        .store
        .recent_finished(20)
        .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Json(json!(
        games
            .iter()
            .map(|g| json!({"id": g.id, "kind": g.kind, "finished": g.updated}))
            .collect::<Vec<_>>()
    )))
}

/// Every step of a game as spectators saw it: built by replaying the stored log.
async fn replay(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> ApiResult {
    let hub2 = Arc::clone(&hub);
    let result = tokio::task::spawn_blocking(move || -> Result<Value, String> {
        let record = hub2.store.game(&id).map_err(|e| e.to_string())?.ok_or_else(|| format!("no game `{id}`"))?;
        let kind = Kind::parse(&record.kind).ok_or("unknown kind")?;
        let seats = hub2.store.seats(&id).map_err(|e| e.to_string())?;
        let started = record.started.ok_or("this game never started")?;
        let config = record.config.get("game").cloned().ok_or("no configuration")?;
        let mut live = Live::start(kind, &config, record.seed, started, &hub2.services)?;
        let mut frames = vec![json!({"at": started, "action": null, "view": live.view(None, &seats, started, &hub2.services)})];
        for entry in hub2.store.log(&id).map_err(|e| e.to_string())? {
            let events = live.apply(&entry.action, entry.at, &hub2.services)?;
            let action = live.public_action(&entry.action);
            frames.push(json!({"at": entry.at, "action": action, "events": events, "view": live.view(None, &seats, entry.at, &hub2.services)}));
        }
        Ok(json!({"id": id, "kind": record.kind, "status": record.status, "seats": seats.iter().map(|s| json!({"seat": s.seat, "name": s.name, "bot": s.bot_level})).collect::<Vec<_>>(), "frames": frames}))
    })
    .await
    .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    result.map(Json).map_err(not_found_or_bad)
}

#[derive(Deserialize)]
struct SolveCheckMates {
    side: String,
    board: String,
    task: String,
}

async fn solve_checkmates(
    State(hub): State<Arc<Hub>>,
    body: Result<Json<SolveCheckMates>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(b) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    let side: Side = b
        .side
        .parse()
        .map_err(|e: tabula_puzzles::checkmates::UnknownSide| {
            bad(StatusCode::BAD_REQUEST, e.to_string())
        })?;
    let board = Board::parse(side, &b.board)
        .map_err(|e| bad(StatusCode::BAD_REQUEST, format!("board: {e}")))?;
    let task = Task::parse(side, &b.task)
        .map_err(|e| bad(StatusCode::BAD_REQUEST, format!("task: {e}")))?;
    let solver = hub.services.solver(side);
    Ok(Json(match solver.solve(&board, &task) {
        Some(s) => {
            json!({"moves": s.moves.len(), "solution": s.moves.iter().map(ToString::to_string).collect::<Vec<_>>(), "rotation": s.rotation.degrees_clockwise(), "final_board": s.end})
        }
        None => json!({"moves": null, "unsolvable": true}),
    }))
}

#[derive(Deserialize)]
struct SolveRoyal {
    level: u64,
    board: String,
    card: String,
    card2: Option<String>,
}

async fn solve_royal(
    State(hub): State<Arc<Hub>>,
    body: Result<Json<SolveRoyal>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(b) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    let level = Level::from_number(b.level)
        .ok_or_else(|| bad(StatusCode::BAD_REQUEST, "level: 1, 2 or 3"))?;
    let layout = |what: &str, t: &str| {
        Layout::parse(t).map_err(|e| bad(StatusCode::BAD_REQUEST, format!("{what}: {e}")))
    };
    let board = layout("board", &b.board)?;
    let card = layout("card", &b.card)?;
    let card2 = b.card2.as_deref().map(|c| layout("card2", c)).transpose()?;
    Ok(Json(
        match hub
            .services
            .royal
            .solve(level, &board, &card, card2.as_ref())
        {
            Some(p) => {
                json!({"moves": p.count, "solution": p.steps.iter().map(ToString::to_string).collect::<Vec<_>>(), "order": p.order})
            }
            None => json!({"moves": null, "unsolvable": true}),
        },
    ))
}

async fn decks(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!({"checkmates": hub.services.checkmates_deck, "royal": hub.services.royal_deck}))
}

fn file(path: &str) -> Response {
    match Assets::get(path) {
        Some(f) => {
            let mime = match path.rsplit('.').next() {
                Some("html") => "text/html; charset=utf-8",
                Some("js") => "text/javascript; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("svg") => "image/svg+xml",
                Some("png") => "image/png",
                _ => "application/octet-stream",
            };
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                f.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn asset(Path(path): Path<String>) -> Response {
    file(&path)
}

/// Every page of the app is the same document; the browser-side router draws the right one.
async fn index() -> Response {
    file("index.html")
}

async fn chess_position(
    body: Result<Json<crate::analysis::PositionQuery>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(q) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    crate::analysis::position(q).await
}

async fn querni_hint(
    body: Result<Json<crate::analysis::QuerniHint>, axum::extract::rejection::JsonRejection>,
) -> ApiResult {
    let Json(q) = body.map_err(|e| bad(e.status(), e.body_text()))?;
    crate::analysis::querni_hint(q).await
}
