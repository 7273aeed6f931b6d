//! The moderators' tournament actions over HTTP (issue #54): rename one, cancel one (and hide
//! it), hide every event of an account. Admins only, from the site's own pages, as the rest
//! of `/api/admin` ([`super::admin::Admin`]); each action is audited
//! ([`crate::moderation::tournaments`]).

use super::admin::Admin;
use super::{AppState, Body};
use crate::error::ApiError;
use crate::moderation::actions::account_named;
use crate::moderation::tournaments;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

super::contract::json_routes! {
    post "/api/admin/tournaments/{id}/rename" => rename(RenameBody) -> Renamed;
    post "/api/admin/tournaments/{id}/cancel" => cancel(CancelBody) -> Cancelled;
    post "/api/admin/accounts/{name}/tournaments/hide" => hide_all(HideBody) -> HiddenEvents;
}

/// A tournament's new name.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RenameBody {
    /// The name (the text policy's, as a creator's).
    pub name: String,
    /// Why (in the audit log).
    pub reason: String,
}

/// A tournament renamed.
#[derive(Serialize, TS)]
pub struct Renamed {
    /// The tournament.
    pub id: String,
    /// Its name now.
    pub name: String,
    /// The name it had.
    pub was: String,
}

async fn rename(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    Body(b): Body<RenameBody>,
) -> Result<Json<Renamed>, ApiError> {
    let store = state.hub.store.as_ref();
    let was = tournaments::rename(store, &admin.actor, &id, &b.name, &b.reason).await?;
    let name = crate::text::visible(&b.name);
    Ok(Json(Renamed { id, name, was }))
}

/// A cancellation.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CancelBody {
    /// Why (in the audit log).
    pub reason: String,
    /// Also take it out of every list (a spam event).
    #[serde(default)]
    #[ts(optional)]
    pub hide: Option<bool>,
}

/// A tournament cancelled.
#[derive(Serialize, TS)]
pub struct Cancelled {
    /// The tournament.
    pub id: String,
    /// Whether it is out of the lists too.
    pub hidden: bool,
}

async fn cancel(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    Body(b): Body<CancelBody>,
) -> Result<Json<Cancelled>, ApiError> {
    let hide = b.hide.unwrap_or(false);
    tournaments::cancel(state.hub.store.as_ref(), &admin.actor, &id, hide, &b.reason).await?;
    Ok(Json(Cancelled { id, hidden: hide }))
}

/// Why an account's events are hidden.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct HideBody {
    /// Why (in the audit log).
    pub reason: String,
}

/// An account's events hidden.
#[derive(Serialize, TS)]
pub struct HiddenEvents {
    /// The account.
    pub name: String,
    /// Tournaments changed (called off or taken out of the lists).
    pub changed: u64,
}

async fn hide_all(
    State(state): State<AppState>,
    admin: Admin,
    Path(name): Path<String>,
    Body(b): Body<HideBody>,
) -> Result<Json<HiddenEvents>, ApiError> {
    let store = state.hub.store.as_ref();
    let account = account_named(store, &name).await?;
    let changed = tournaments::hide_all_of(store, &admin.actor, &account, &b.reason).await?;
    Ok(Json(HiddenEvents {
        name: account.name,
        changed,
    }))
}
