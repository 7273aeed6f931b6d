//! Challenges over HTTP: send one to a player by name, list one's own (the header's bell asks
//! every few seconds), accept, decline or cancel.

use super::{AppState, Body, ClientIp};
use crate::challenges::{self, ChallengeBody, ChallengeList, ChallengeView};
use crate::error::ApiError;
use crate::players::signed_in;
use crate::store::players::Account;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/challenges", get(list).post(send))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/challenges/{id}/decline", post(decline))
        .route("/api/challenges/{id}/cancel", post(cancel))
}

async fn me(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("sign in to challenge players".into()))
}

async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<ChallengeList>, ApiError> {
    let me = me(&state, &headers).await?;
    Ok(Json(challenges::list(&state.hub, &me).await?))
}

async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(b): Body<ChallengeBody>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    Ok(Json(challenges::send(&state.hub, &me, ip, b).await?))
}

async fn accept(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    Ok(Json(challenges::accept(&state.hub, &me, ip, &id).await?))
}

async fn decline(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    Ok(Json(challenges::refuse(&state.hub, &me, &id, false).await?))
}

async fn cancel(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    Ok(Json(challenges::refuse(&state.hub, &me, &id, true).await?))
}
