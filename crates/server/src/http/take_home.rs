//! Games to take home over HTTP: `GET /api/games/{id}/pgn` (a QuickChess or chess game as
//! PGN, a Querni game as text) and `GET /api/users/{name}/games.pgn` (a player's QuickChess
//! and chess games in one PGN file). Both are built off the async runtime, a few at a time,
//! with the replays' bound ([`super::replays`]).

use super::AppState;
use crate::error::{ApiError, Fault, Missing};
use crate::games::Kind;
use crate::rooms::pgn::{file_type, take_home};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// The most games a player's file holds (the newest).
pub const MAX_GAMES_IN_FILE: usize = 200;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/pgn", get(game_file))
        .route("/api/users/{name}/games.pgn", get(player_file))
}

/// A file's response: its type and the name the browser saves it under.
fn download(text: Bytes, media_type: &'static str, file_name: &str) -> Response {
    let disposition = format!("attachment; filename=\"{file_name}\"");
    let mut r = ([(header::CONTENT_TYPE, media_type)], text).into_response();
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

async fn game_file(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let hub = &state.hub;
    let record = hub.stored_game(&id).await?;
    let (media_type, file_name) = file_type(&record)?;
    let seats = hub.store.seats(&id).await?;
    let log = hub.store.log(&id).await?;
    let notes = crate::review::stored_notes(hub, &record).await?;
    let key = format!("{id}:{}:file:{}", log.len(), notes.is_some());
    let finished = record.status.ended();
    let services = std::sync::Arc::clone(&hub.services);
    let build = || async move {
        tokio::task::spawn_blocking(move || {
            take_home(&record, &seats, &log, &services, notes.as_deref()).map(Bytes::from)
        })
        .await
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a game's file: {e}")))?
    };
    let text = state.replays.get(&key, finished, build).await?;
    Ok(download(text, media_type, &file_name))
}

async fn player_file(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let hub = &state.hub;
    let account = hub
        .store
        .account_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Player, format!("no player `{name}`")))?;
    let played = hub.store.played(account.id, MAX_GAMES_IN_FILE * 4).await?;
    let mut games = Vec::new();
    for g in played
        .iter()
        .filter(|g| g.kind == Kind::Quickchess.name())
        .take(MAX_GAMES_IN_FILE)
    {
        let Some(record) = hub.store.game(&g.game).await? else {
            continue;
        };
        let seats = hub.store.seats(&g.game).await?;
        let log = hub.store.log(&g.game).await?;
        let notes = crate::review::stored_notes(hub, &record).await?;
        games.push((record, seats, log, notes));
    }
    let key = format!(
        "user:{}:{}",
        account.id,
        games
            .iter()
            .map(|g| g.0.id.as_str())
            .collect::<Vec<_>>()
            .join(",")
    );
    let services = std::sync::Arc::clone(&hub.services);
    let build = || async move {
        tokio::task::spawn_blocking(move || {
            let mut text = String::new();
            for (record, seats, log, notes) in &games {
                // a game that cannot be rebuilt is left out, not the whole file
                if let Ok(f) = take_home(record, seats, log, &services, notes.as_deref()) {
                    text.push_str(&f);
                    text.push('\n');
                }
            }
            Ok(Bytes::from(text))
        })
        .await
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a player's games: {e}")))?
    };
    let text = state.replays.get(&key, false, build).await?;
    let file_name = format!("tabula-{}-games.pgn", account.name);
    Ok(download(text, "application/x-chess-pgn", &file_name))
}
