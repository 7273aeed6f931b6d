//! Challenges over HTTP: send one to a player by name, list one's own, accept, decline or
//! cancel. Each change rings both players' bells (`/api/lobby/ws?bell=true`, on any node),
//! which then ask for their list.

use super::{AppState, Body, ClientIp};
use crate::challenges::{self, ChallengeBody, ChallengeList, ChallengeView};
use crate::error::{ApiError, SignIn};
use crate::players::signed_in;
use crate::store::players::Account;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;

super::contract::json_routes! {
    get "/api/challenges" => list -> ChallengeList;
    post "/api/challenges" => send(ChallengeBody) -> ChallengeView;
    post "/api/challenges/{id}/accept" => accept -> ChallengeView;
    post "/api/challenges/{id}/decline" => decline -> ChallengeView;
    post "/api/challenges/{id}/cancel" => cancel -> ChallengeView;
}

async fn me(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers).await?.ok_or_else(|| {
        ApiError::Unauthorized(SignIn::Needed, "sign in to challenge players".into())
    })
}

/// Rings the bells of a challenge's two players, and answers with it.
fn rung(state: &AppState, c: ChallengeView) -> Result<Json<ChallengeView>, ApiError> {
    state.hub.lobby.ring(vec![c.from.clone(), c.to.clone()]);
    Ok(Json(c))
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
    rung(&state, challenges::send(&state.hub, &me, ip, b).await?)
}

async fn accept(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    rung(&state, challenges::accept(&state.hub, &me, ip, &id).await?)
}

async fn decline(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    rung(
        &state,
        challenges::refuse(&state.hub, &me, &id, false).await?,
    )
}

async fn cancel(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    let me = me(&state, &headers).await?;
    rung(
        &state,
        challenges::refuse(&state.hub, &me, &id, true).await?,
    )
}
