//! Tournaments over HTTP: the lists, one tournament (its page polls it for the live
//! standings and the player's next game), making one (accounts only), joining, withdrawing
//! and coming back, and a Swiss event's TRF report.

use super::{AppState, Body, ClientIp};
use crate::error::{ApiError, SignIn};
use crate::limits::Limited;
use crate::players::signed_in;
use crate::store::players::Account;
use crate::store::tournaments::Joined;
use crate::tournaments::{TournamentList, TournamentSpec, TournamentView};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use ts_rs::TS;

pub(super) fn routes() -> Router<AppState> {
    // the TRF file is text, not JSON
    json_routes().route("/api/tournaments/{id}/trf", get(trf))
}

super::contract::json_routes! {
    get "/api/tournaments" => list -> TournamentList;
    post "/api/tournaments" => create(TournamentSpec) -> TournamentMade;
    get "/api/tournaments/{id}" => one -> TournamentView;
    post "/api/tournaments/{id}/join" => join -> TournamentJoined;
    post "/api/tournaments/{id}/withdraw" => withdraw -> TournamentJoined;
}

/// A tournament just made.
#[derive(Serialize, TS)]
pub struct TournamentMade {
    /// Its id.
    pub id: String,
}

/// What joining did.
#[derive(Serialize, TS)]
pub struct TournamentJoined {
    /// `joined`, `back` (after a withdrawal) or `already`.
    pub entry: String,
}

async fn me(state: &AppState, headers: &HeaderMap, what: &str) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers)
        .await?
        .ok_or_else(|| ApiError::Unauthorized(SignIn::Needed, format!("sign in to {what}")))
}

async fn list(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    Ok(Json(state.hub.tournaments.list().await?))
}

async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(spec): Body<TournamentSpec>,
) -> Result<Json<TournamentMade>, ApiError> {
    let me = me(&state, &headers, "make a tournament").await?;
    state.hub.sanctions.may_play(Some(ip), Some(me.id))?;
    state.hub.addresses.check(Limited::Create, ip)?;
    let client = state.hub.addresses.client(ip);
    let id = state
        .hub
        .tournaments
        .create(Some(&me), Some(client), spec)
        .await?;
    Ok(Json(TournamentMade { id }))
}

async fn one(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    let viewer = signed_in(&state.hub, &headers).await?;
    Ok(Json(
        state.hub.tournaments.view(&id, viewer.as_ref()).await?,
    ))
}

async fn join(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<TournamentJoined>, ApiError> {
    let me = me(&state, &headers, "join a tournament").await?;
    state.hub.sanctions.may_play(Some(ip), Some(me.id))?;
    state.hub.addresses.check(Limited::Join, ip)?;
    let entry = match state.hub.tournaments.join(&id, &me).await? {
        Joined::New(_) => "joined",
        Joined::Back(_) => "back",
        Joined::Already(_) => "already",
    };
    Ok(Json(TournamentJoined {
        entry: entry.into(),
    }))
}

async fn withdraw(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<TournamentJoined>, ApiError> {
    let me = me(&state, &headers, "withdraw from a tournament").await?;
    state.hub.tournaments.withdraw(&id, &me).await?;
    Ok(Json(TournamentJoined {
        entry: "withdrawn".into(),
    }))
}

async fn trf(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let text = state.hub.tournaments.trf(&id).await?;
    let mut response = text.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(response)
}
