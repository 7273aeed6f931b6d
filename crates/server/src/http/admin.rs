//! The moderators' API, `/api/admin/...`: admins only (401 signed out, 403 otherwise), and
//! never from another origin's page, whatever the method (a moderator's browser must not be
//! made to act, or to read the reports, by a page elsewhere). Every change goes through
//! [`crate::moderation::actions`], which writes it with its line of the audit log.

use super::{AppState, Body};
use crate::error::{ApiError, Clash, Denied, Invalid, Rule, SignIn};
use crate::moderation::actions::{self, Actor, account_named};
use crate::players::signed_in;
use crate::store::moderation::{AccountSummary, AuditEntry, Report, Role, Sanction, SanctionKind};
use crate::store::players::Account;
use axum::Json;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

super::contract::json_routes! {
    get "/api/admin/overview" => overview -> Overview;
    get "/api/admin/accounts" => accounts -> AccountList;
    post "/api/admin/sanctions" => sanction(SanctionBody) -> Sanctioned;
    post "/api/admin/sanctions/{id}/lift" => lift -> Lifted;
    post "/api/admin/reports/{id}/close" => close_report(OutcomeBody) -> ReportClosed;
    post "/api/admin/games/{id}/close" => close_game(OutcomeBody) -> GameClosed;
    post "/api/admin/accounts/{name}/reset-link" => reset_link -> ResetLink;
    post "/api/admin/accounts/{name}/role" => set_role(RoleBody) -> RoleSet;
    post "/api/admin/messages/{id}/delete" => delete_message -> MessageDeleted;
}

/// A sanction given.
#[derive(Serialize, TS)]
pub struct Sanctioned {
    /// Whom: `account NAME` or `address NET`.
    pub sanctioned: String,
}

/// A sanction lifted.
#[derive(Serialize, TS)]
pub struct Lifted {
    /// Its id.
    pub lifted: i64,
}

/// A report closed.
#[derive(Serialize, TS)]
pub struct ReportClosed {
    /// Its id.
    pub closed: i64,
}

/// A game closed by a moderator.
#[derive(Serialize, TS)]
pub struct GameClosed {
    /// Its id.
    pub closed: String,
}

/// A password reset link for an account, to hand over by hand.
#[derive(Serialize, TS)]
pub struct ResetLink {
    /// The link, on the site's public address.
    pub link: String,
    /// How long it works.
    pub expires_in_hours: u32,
}

/// A role given.
#[derive(Serialize, TS)]
pub struct RoleSet {
    /// To whom.
    pub name: String,
    /// Which.
    pub role: Role,
}

/// A chat line deleted.
#[derive(Serialize, TS)]
pub struct MessageDeleted {
    /// Its id.
    pub deleted: i64,
}

/// A signed-in admin, from the page of this server's own origin.
pub struct Admin {
    /// The account.
    pub account: Account,
    /// As the audit log names them.
    pub actor: Actor,
}

/// Whether a request comes from this server's own pages (or from no page at all: a tool):
/// an `Origin` of another host, or a browser's `Sec-Fetch-Site` other than `same-origin` or
/// `none`, is another origin's page.
pub(super) fn own_origin(headers: &HeaderMap) -> bool {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_ok = match headers.get(header::ORIGIN).map(|o| o.to_str()) {
        None => true,
        Some(Ok(origin)) => {
            let origin_host = origin
                .strip_prefix("https://")
                .or_else(|| origin.strip_prefix("http://"));
            matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
        }
        Some(Err(_)) => false,
    };
    let fetch_ok = match headers.get("sec-fetch-site").map(|v| v.to_str()) {
        None => true,
        Some(Ok(site)) => matches!(site, "same-origin" | "none"),
        Some(Err(_)) => false,
    };
    origin_ok && fetch_ok
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Admin, ApiError> {
        if !own_origin(&parts.headers) {
            return Err(ApiError::Forbidden(
                Denied::Origin,
                "the moderators' API answers only the site's own pages".into(),
            ));
        }
        let account = signed_in(&state.hub, &parts.headers)
            .await?
            .ok_or_else(|| {
                ApiError::Unauthorized(SignIn::Needed, "sign in as a moderator".into())
            })?;
        if state.hub.store.role(account.id).await? != Role::Admin {
            return Err(ApiError::Forbidden(
                Denied::Moderators,
                "this is for the site's moderators".into(),
            ));
        }
        Ok(Admin {
            actor: Actor::admin(&account.name),
            account,
        })
    }
}

/// What the moderation page shows at once.
#[derive(Serialize, TS)]
pub struct Overview {
    /// Who is looking.
    pub you: String,
    /// The open reports, newest first.
    pub reports: Vec<Report>,
    /// The latest sanctions, newest first.
    pub sanctions: Vec<Sanction>,
    /// The latest lines of the audit log, newest first.
    pub audit: Vec<AuditEntry>,
}

/// How many of each the overview lists.
const LISTED: usize = 100;

async fn overview(State(state): State<AppState>, admin: Admin) -> Result<Json<Overview>, ApiError> {
    let store = &state.hub.store;
    Ok(Json(Overview {
        you: admin.account.name,
        reports: store.reports(true, LISTED).await?,
        sanctions: store.sanctions(LISTED).await?,
        audit: store.audit_log(LISTED).await?,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Search {
    #[serde(default)]
    q: String,
}

/// Accounts found by a part of their name.
#[derive(Serialize, TS)]
pub struct AccountList {
    /// Newest first.
    pub accounts: Vec<AccountSummary>,
}

async fn accounts(
    State(state): State<AppState>,
    _admin: Admin,
    Query(s): Query<Search>,
) -> Result<Json<AccountList>, ApiError> {
    let q: String = s.q.chars().take(40).collect();
    Ok(Json(AccountList {
        accounts: state.hub.store.list_accounts(&q, LISTED).await?,
    }))
}

/// A sanction asked for: an account's ban or mute, or an address's ban.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SanctionBody {
    /// Ban or mute.
    pub kind: SanctionKind,
    /// The account, by name.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub account: Option<String>,
    /// The address or network (bans only).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub address: Option<String>,
    /// Why (the player is told).
    pub reason: String,
    /// For how long (left out: until lifted).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub hours: Option<u64>,
}

async fn sanction(
    State(state): State<AppState>,
    admin: Admin,
    Body(b): Body<SanctionBody>,
) -> Result<Json<Sanctioned>, ApiError> {
    let store = state.hub.store.as_ref();
    let subject = match (b.account, b.address, b.kind) {
        (Some(name), None, kind) => {
            let account = account_named(store, &name).await?;
            if account.id == admin.account.id {
                return Err(ApiError::Refused(
                    Rule::Yourself,
                    "a moderator cannot sanction themselves".into(),
                ));
            }
            actions::sanction_account(store, &admin.actor, kind, &account, &b.reason, b.hours)
                .await?;
            format!("account {}", account.name)
        }
        (None, Some(address), SanctionKind::Ban) => {
            let net =
                actions::ban_address(store, &admin.actor, &address, &b.reason, b.hours).await?;
            format!("address {net}")
        }
        (None, Some(_), SanctionKind::Mute) => {
            return Err(ApiError::BadInput(
                Invalid::Moderation,
                "only an account can be muted (an address is banned)".into(),
            ));
        }
        _ => {
            return Err(ApiError::BadInput(
                Invalid::Moderation,
                "name exactly one of `account` and `address`".into(),
            ));
        }
    };
    state.hub.sanctions.refresh().await?;
    Ok(Json(Sanctioned {
        sanctioned: subject,
    }))
}

async fn lift(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<i64>,
) -> Result<Json<Lifted>, ApiError> {
    actions::lift(state.hub.store.as_ref(), &admin.actor, id).await?;
    state.hub.sanctions.refresh().await?;
    Ok(Json(Lifted { lifted: id }))
}

/// A report's or a game's closing words.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct OutcomeBody {
    /// What came of it.
    pub outcome: String,
}

async fn close_report(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<i64>,
    Body(b): Body<OutcomeBody>,
) -> Result<Json<ReportClosed>, ApiError> {
    actions::close_report(state.hub.store.as_ref(), &admin.actor, id, &b.outcome).await?;
    Ok(Json(ReportClosed { closed: id }))
}

async fn close_game(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    Body(b): Body<OutcomeBody>,
) -> Result<Json<GameClosed>, ApiError> {
    let why = actions::reason(&b.outcome, "reason")?;
    state.hub.ctx.stored_game(&id).await?;
    // through the room that hosts it (here or on its owner node): its players see it at once
    let room = state.hub.rooms.room(&id).await?;
    room.close().await?;
    let audit = admin.actor.audit("close_game", format!("game:{id}"), why);
    state.hub.store.put_audit(&audit).await?;
    Ok(Json(GameClosed { closed: id }))
}

/// A reset link for account `name`, on the site's public address (`--public-url`, or the
/// address the server listens on): never the request's `Host`.
async fn reset_link(
    State(state): State<AppState>,
    admin: Admin,
    Path(name): Path<String>,
) -> Result<Json<ResetLink>, ApiError> {
    let store = state.hub.store.as_ref();
    let account = account_named(store, &name).await?;
    let site = state.config.public_url.clone().ok_or_else(|| {
        ApiError::Conflict(
            Clash::NoAddress,
            "the site's public address is not known: start tabula serve with --public-url \
             (or use `tabula site admin reset-password NAME --site URL`)"
                .into(),
        )
    })?;
    let link = actions::reset_link(store, &admin.actor, &account, &site).await?;
    Ok(Json(ResetLink {
        link,
        expires_in_hours: 24,
    }))
}

/// A role to give.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RoleBody {
    /// The role.
    pub role: Role,
}

async fn set_role(
    State(state): State<AppState>,
    admin: Admin,
    Path(name): Path<String>,
    Body(b): Body<RoleBody>,
) -> Result<Json<RoleSet>, ApiError> {
    let store = state.hub.store.as_ref();
    let account = account_named(store, &name).await?;
    if account.id == admin.account.id && b.role != Role::Admin {
        return Err(ApiError::Refused(
            Rule::Yourself,
            "a moderator cannot take their own role (another one, or `tabula site admin`, can)"
                .into(),
        ));
    }
    actions::set_role(store, &admin.actor, &account, b.role).await?;
    Ok(Json(RoleSet {
        name: account.name,
        role: b.role,
    }))
}

async fn delete_message(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<i64>,
) -> Result<Json<MessageDeleted>, ApiError> {
    actions::delete_message(state.hub.store.as_ref(), &admin.actor, id).await?;
    Ok(Json(MessageDeleted { deleted: id }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    #[test]
    fn only_the_sites_own_pages_and_tools_reach_the_moderators_api() {
        let host = ("host", "play.example.org");
        assert!(own_origin(&headers(&[host])), "a tool without Origin");
        assert!(own_origin(&headers(&[
            host,
            ("origin", "https://play.example.org"),
            ("sec-fetch-site", "same-origin"),
        ])));
        assert!(own_origin(&headers(&[host, ("sec-fetch-site", "none")])));
        assert!(!own_origin(&headers(&[
            host,
            ("origin", "https://evil.example")
        ])));
        assert!(!own_origin(&headers(&[
            host,
            ("sec-fetch-site", "cross-site")
        ])));
        assert!(!own_origin(&headers(&[
            host,
            ("sec-fetch-site", "same-site")
        ])));
        assert!(!own_origin(&headers(&[(
            "origin",
            "https://play.example.org"
        )])));
    }
}
