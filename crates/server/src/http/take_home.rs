//! A game to take home over HTTP: `GET /api/games/{id}/pgn` (a QuickChess or chess game as
//! PGN, a Querni game as text), built off the async runtime, a few at a time, with the
//! replays' bound ([`super::replays`]). A player's games in one file are exports
//! ([`super::player_games`]).

use super::AppState;
use crate::error::{ApiError, Fault};
use crate::rooms::pgn::{file_type, take_home};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/pgn", get(game_file))
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
