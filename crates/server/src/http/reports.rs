//! What players send the moderators, and what the moderators send back: `POST /api/reports`
//! (a signed-in player reports another, about a game or a chat message; rate limited per
//! address) and the one-time links that set a password (`POST /api/auth/reset/check`, `POST
//! /api/auth/reset`). The link's token travels in the body, never in a URL a log would keep.

use super::{AppState, Body, ClientIp};
use crate::error::{ApiError, Clash, Invalid, Missing, Rule, SignIn};
use crate::ids::{now_ms, token_hash};
use crate::limits::Limited;
use crate::moderation::actions::account_named;
use crate::players::accounts::{check_password, hash_password};
use crate::players::signed_in;
use crate::store::moderation::{NewReport, ReportReason};
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The longest report a player writes.
pub const MAX_DETAIL: usize = 1_000;

super::contract::json_routes! {
    post "/api/reports" => report(ReportBody) -> Reported;
    post "/api/auth/reset/check" => check_reset(ResetCheckBody) -> ResetAccount;
    post "/api/auth/reset" => reset(ResetBody) -> ResetAccount;
}

/// A report filed.
#[derive(Serialize, TS)]
pub struct Reported {
    /// Its id.
    pub report: i64,
}

/// The account a working reset link is for (checked, or its password set).
#[derive(Serialize, TS)]
pub struct ResetAccount {
    /// Its name.
    pub name: String,
}

/// A report of a player.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ReportBody {
    /// The player reported, by name.
    pub player: String,
    /// Why.
    pub reason: ReportReason,
    /// In the reporter's words (up to 1,000 characters).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub detail: String,
    /// The game it is about.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub game: Option<String>,
    /// The chat message it is about.
    #[serde(default)]
    #[ts(type = "number | null")]
    #[ts(optional = nullable)]
    pub message: Option<i64>,
}

async fn report(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Body(b): Body<ReportBody>,
) -> Result<Json<Reported>, ApiError> {
    let reporter = signed_in(&state.hub, &headers).await?.ok_or_else(|| {
        ApiError::Unauthorized(SignIn::Needed, "sign in to report a player".into())
    })?;
    // the reporter's words pass the text policy (a moderator reads them): masked, not refused
    let detail = if b.detail.trim().is_empty() {
        String::new()
    } else {
        crate::text::written(
            &b.detail,
            "detail",
            MAX_DETAIL,
            crate::text::Flagged::Masked,
        )?
    };
    if b.reason == ReportReason::Other && detail.is_empty() {
        return Err(ApiError::BadInput(
            Invalid::Text,
            "say in a few words what happened (the reason is `other`)".into(),
        ));
    }
    let store = state.hub.store.as_ref();
    let subject = account_named(store, &b.player).await?;
    if subject.id == reporter.id {
        return Err(ApiError::Refused(
            Rule::Yourself,
            "you cannot report yourself".into(),
        ));
    }
    if let Some(game) = &b.game {
        let seats = store.seats(game).await?;
        if store.game(game).await?.is_none() {
            return Err(ApiError::NotFound(
                Missing::Game,
                format!("no game `{game}`"),
            ));
        }
        if !seats.iter().any(|s| s.account == Some(subject.id)) {
            return Err(ApiError::Refused(
                Rule::NotTheirs,
                format!("{} did not play game {game}", subject.name),
            ));
        }
    }
    if let Some(id) = b.message {
        match store.message(id).await? {
            Some(m) if m.account == Some(subject.id) => {}
            Some(_) => {
                return Err(ApiError::Refused(
                    Rule::NotTheirs,
                    format!("chat message {id} is not {}'s", subject.name),
                ));
            }
            None => {
                return Err(ApiError::NotFound(
                    Missing::Message,
                    format!("no chat message {id}"),
                ));
            }
        }
    }
    // counted once the report is well-formed: a typo costs the player nothing
    state.hub.addresses.check(Limited::Report, ip)?;
    let filed = NewReport {
        reporter: reporter.id,
        subject: subject.id,
        game: b.game,
        message: b.message,
        reason: b.reason,
        detail,
        at: now_ms(),
    };
    match store.add_report(&filed).await? {
        Some(id) => Ok(Json(Reported { report: id })),
        None => Err(ApiError::Conflict(
            Clash::Done,
            format!(
                "you have reported {} for this already; a moderator will read it",
                subject.name
            ),
        )),
    }
}

/// A one-time link's token.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ResetCheckBody {
    /// The token after the link's `#`.
    pub token: String,
}

/// A one-time link's token and the new password.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ResetBody {
    /// The token after the link's `#`.
    pub token: String,
    /// The new password.
    pub password: String,
}

fn dead_link() -> ApiError {
    ApiError::NotFound(
        Missing::Link,
        "this link does not work: it was used, it is older than 24 hours, or it was mistyped; \
         ask a moderator for a new one"
            .into(),
    )
}

async fn check_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(b): Body<ResetCheckBody>,
) -> Result<Json<ResetAccount>, ApiError> {
    state.hub.addresses.check(Limited::Login, ip)?;
    match state
        .hub
        .store
        .reset_account(&token_hash(&b.token), now_ms())
        .await?
    {
        Some((_, name)) => Ok(Json(ResetAccount { name })),
        None => Err(dead_link()),
    }
}

async fn reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(b): Body<ResetBody>,
) -> Result<Json<ResetAccount>, ApiError> {
    state.hub.addresses.check(Limited::Login, ip)?;
    check_password(&b.password)?;
    let store = &state.hub.store;
    let hash = token_hash(&b.token);
    let Some((_, name)) = store.reset_account(&hash, now_ms()).await? else {
        return Err(dead_link());
    };
    let password_hash = hash_password(b.password).await?;
    match store.use_reset(&hash, &password_hash, now_ms()).await? {
        Some(_) => Ok(Json(ResetAccount { name })),
        None => Err(dead_link()),
    }
}
