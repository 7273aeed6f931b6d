//! The chat over HTTP: a game's room (its players', or its spectators' for everyone else)
//! and a tournament's, read from a message on (`?after=N`) and written by signed-in players.

use super::{AppState, Body, ClientIp};
use crate::chat::{self, ChatView, Room};
use crate::error::{ApiError, SignIn};
use crate::players::signed_in;
use crate::store::players::Account;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

super::contract::json_routes! {
    get "/api/games/{id}/chat" => read_game -> ChatView;
    post "/api/games/{id}/chat" => write_game(ChatBody) -> ChatWritten;
    get "/api/tournaments/{id}/chat" => read_tournament -> ChatView;
    post "/api/tournaments/{id}/chat" => write_tournament(ChatBody) -> ChatWritten;
}

/// Which messages to read.
#[derive(Deserialize)]
struct After {
    /// Those after this number (0: the latest).
    #[serde(default)]
    after: i64,
}

/// A message to write.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChatBody {
    /// Up to 300 characters, shown as text.
    pub text: String,
}

/// A message written.
#[derive(Serialize, TS)]
pub struct ChatWritten {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
}

/// The signed-in player who writes (a guest may only read: 401).
async fn writer(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers).await?.ok_or_else(|| {
        ApiError::Unauthorized(SignIn::Needed, "sign in to write in the chat".into())
    })
}

/// A tournament's room, once the tournament is known (404 otherwise).
async fn tournament_room(state: &AppState, id: &str) -> Result<Room, ApiError> {
    state.hub.tournaments.load(id).await?;
    Ok(Room::Tournament(id.to_string()))
}

async fn read_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<After>,
) -> Result<Json<ChatView>, ApiError> {
    let viewer = signed_in(&state.hub, &headers).await?;
    let (room, _) = chat::game_room(&state.hub, &id, viewer.as_ref()).await?;
    Ok(Json(
        chat::read(&state.hub, &room, viewer.as_ref(), q.after).await?,
    ))
}

async fn write_game(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<ChatBody>,
) -> Result<Json<ChatWritten>, ApiError> {
    let writer = writer(&state, &headers).await?;
    let (room, players) = chat::game_room(&state.hub, &id, Some(&writer)).await?;
    let id = chat::write(&state.hub, &room, &players, &writer, ip, &b.text).await?;
    Ok(Json(ChatWritten { id }))
}

async fn read_tournament(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<After>,
) -> Result<Json<ChatView>, ApiError> {
    let viewer = signed_in(&state.hub, &headers).await?;
    let room = tournament_room(&state, &id).await?;
    Ok(Json(
        chat::read(&state.hub, &room, viewer.as_ref(), q.after).await?,
    ))
}

async fn write_tournament(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<ChatBody>,
) -> Result<Json<ChatWritten>, ApiError> {
    let writer = writer(&state, &headers).await?;
    let room = tournament_room(&state, &id).await?;
    let id = chat::write(&state.hub, &room, &[], &writer, ip, &b.text).await?;
    Ok(Json(ChatWritten { id }))
}
