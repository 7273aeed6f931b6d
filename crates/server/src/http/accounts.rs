//! Accounts over HTTP: sign up, log in and out (everywhere), change the password, delete the
//! account, claim a guest's seats; `GET /api/me`, profiles and leaderboards.

use super::account_views::{
    Claimed, Deleted, KindStats, Leaderboard, Me, PasswordChanged, PoolRating, PoolSize, Pools,
    Profile, Ranked, RatingStep, SignedIn, SignedOut,
};
use super::contract::Reply;
use super::{AppState, Body, ClientIp, Peer};
use crate::error::{ApiError, Clash, Invalid, Missing, SignIn};
use crate::ids::{now_ms, token_hash};
use crate::limits::Limited;
use crate::players::accounts::{
    SESSION_COOKIE, check_name, check_password, hash_password, new_session, read_cookie,
    session_cookie, verify_password,
};
use crate::players::devices;
use crate::players::signed_in;
use crate::store::players::Account;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderValue;
use axum::http::{HeaderMap, header};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use ts_rs::TS;

super::contract::json_routes! {
    post "/api/auth/signup" => signup(Credentials) -> SignedIn;
    post "/api/auth/login" => login(Credentials) -> SignedIn;
    post "/api/auth/logout" => logout(LogoutBody) -> SignedOut;
    post "/api/auth/password" => change_password(PasswordChange) -> PasswordChanged;
    post "/api/auth/delete" => delete(DeleteBody) -> Deleted;
    get "/api/me" => me -> Me;
    post "/api/me/claim" => claim(Claim) -> Claimed;
    get "/api/users/{name}" => profile -> Profile;
    get "/api/leaderboard" => pools -> Pools;
    get "/api/leaderboard/{pool}" => leaderboard -> Leaderboard;
}

/// Whether the browser reached us over TLS (so cookies get `Secure`): the operator says so,
/// or a trusted reverse proxy's `X-Forwarded-Proto` does.
pub(super) fn secure(state: &AppState, headers: &HeaderMap, peer: Option<SocketAddr>) -> bool {
    if state.config.secure_cookies {
        return true;
    }
    let from_proxy = peer.is_some_and(|p| state.config.trusted_proxies.0.contains(&p.ip()));
    from_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct Credentials {
    username: String,
    password: String,
    /// The seat tokens this browser holds as a guest: their games become the account's.
    #[serde(default)]
    #[ts(optional = nullable)]
    seats: Vec<String>,
}

/// The key of the device cookies (the store's secret, the same on every node).
async fn device_key(state: &AppState) -> Result<&[u8], ApiError> {
    let key = state
        .device_key
        .get_or_try_init(|| async {
            Ok::<_, ApiError>(state.hub.store.secret("device").await?.into_bytes())
        })
        .await?;
    Ok(key.as_slice())
}

/// Whether this browser signed in to `account` before (its device cookie proves it).
async fn known_device(
    state: &AppState,
    headers: &HeaderMap,
    account: i64,
) -> Result<bool, ApiError> {
    let Some(value) = read_cookie(headers, devices::DEVICE_COOKIE) else {
        return Ok(false);
    };
    Ok(devices::proves(device_key(state).await?, &value, account))
}

/// Starts a session: the answer with its cookie, and a device cookie for a browser that had
/// none for this account.
async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    account: &Account,
    seats: &[String],
) -> Result<Reply<SignedIn>, ApiError> {
    let hashes: Vec<String> = seats.iter().take(500).map(|t| token_hash(t)).collect();
    let claimed = state.hub.store.claim_seats(account.id, &hashes).await?;
    let (token, hash) = new_session();
    state
        .hub
        .store
        .create_session(&hash, account.id, now_ms())
        .await?;
    let tls = secure(state, headers, peer);
    let cookie = session_cookie(Some(&token), tls);
    let mut reply = Reply::new(&SignedIn {
        name: account.name.clone(),
        claimed,
    })
    .cookie(cookie)?;
    if !known_device(state, headers, account.id).await? {
        let device = devices::cookie(&devices::token(device_key(state).await?, account.id), tls);
        if let Ok(v) = HeaderValue::from_str(&device) {
            reply = reply.header(header::SET_COOKIE, v);
        }
    }
    Ok(reply)
}

async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> Result<Reply<SignedIn>, ApiError> {
    state.hub.addresses.check(Limited::Login, ip)?;
    // an address banned from playing makes no new accounts either (a ban is not dodged so)
    state.hub.sanctions.may_play(Some(ip), None)?;
    check_name(&c.username)?;
    check_password(&c.password)?;
    let hash = hash_password(c.password).await?;
    let account = state
        .hub
        .store
        .create_account(&c.username, &hash, now_ms())
        .await?
        .ok_or_else(|| {
            ApiError::Conflict(
                Clash::NameTaken,
                format!("the name {} is taken", c.username),
            )
        })?;
    start_session(&state, &headers, peer, &account, &c.seats).await
}

async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> Result<Reply<SignedIn>, ApiError> {
    state.hub.addresses.check(Limited::Login, ip)?;
    let wrong = || ApiError::Unauthorized(SignIn::Credentials, "wrong name or password".into());
    let account = state.hub.store.account_by_name(&c.username).await?;
    let known = match &account {
        Some(a) => known_device(&state, &headers, a.id).await?,
        None => false,
    };
    state.hub.addresses.check_login(&c.username, ip, known)?;
    if c.password.len() > 1024 {
        return Err(wrong());
    }
    // an unknown name costs the same hashing as a known one, so timing does not tell them apart
    let stored = match &account {
        Some(a) => a.password_hash.clone(),
        None => dummy_hash().await?,
    };
    let ok = verify_password(c.password, stored).await?;
    match account {
        Some(a) if ok => {
            // told only to whoever knows the password
            state.hub.sanctions.may_sign_in(a.id)?;
            start_session(&state, &headers, peer, &a, &c.seats).await
        }
        _ => Err(wrong()),
    }
}

/// The hash of a random password nobody knows, verified for unknown names.
async fn dummy_hash() -> Result<String, ApiError> {
    static HASH: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    HASH.get_or_try_init(|| hash_password(crate::ids::random_hex(16)))
        .await
        .cloned()
}

/// The hash of the request's session token (the key of its own limits).
fn session_hash(headers: &HeaderMap) -> String {
    read_cookie(headers, SESSION_COOKIE)
        .map(|t| token_hash(&t))
        .unwrap_or_default()
}

/// The signed-in account, or 401.
async fn account(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers)
        .await?
        .ok_or_else(|| ApiError::Unauthorized(SignIn::Needed, "not signed in".into()))
}

#[derive(Deserialize, TS, Default)]
#[serde(deny_unknown_fields)]
struct LogoutBody {
    #[serde(default)]
    #[ts(optional = nullable)]
    everywhere: bool,
}

async fn logout(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(b): Body<LogoutBody>,
) -> Result<Reply<SignedOut>, ApiError> {
    let mut ended = 0;
    if let Some(token) = crate::players::accounts::read_cookie(&headers, "tabula_session") {
        if b.everywhere
            && let Some(a) = signed_in(&state.hub, &headers).await?
        {
            ended = state.hub.store.delete_sessions(a.id).await?;
        } else {
            ended = state.hub.store.delete_session(&token_hash(&token)).await?;
        }
    }
    let cookie = session_cookie(None, secure(&state, &headers, peer));
    Reply::new(&SignedOut {
        sessions_ended: ended,
    })
    .cookie(cookie)
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    old: String,
    new: String,
}

async fn change_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(b): Body<PasswordChange>,
) -> Result<Json<PasswordChanged>, ApiError> {
    let a = account(&state, &headers).await?;
    state
        .hub
        .addresses
        .check_account_change(&session_hash(&headers))?;
    check_password(&b.new)?;
    if !verify_password(b.old, a.password_hash.clone()).await? {
        return Err(ApiError::Unauthorized(
            SignIn::Password,
            "the current password is wrong".into(),
        ));
    }
    let hash = hash_password(b.new).await?;
    state.hub.store.set_password(a.id, &hash).await?;
    // every other session ends: whoever knew the old password is out
    let keep =
        crate::players::accounts::read_cookie(&headers, "tabula_session").map(|t| token_hash(&t));
    state.hub.store.delete_sessions(a.id).await?;
    if let Some(keep) = keep {
        state
            .hub
            .store
            .create_session(&keep, a.id, now_ms())
            .await?;
    }
    Ok(Json(PasswordChanged { changed: true }))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct DeleteBody {
    password: String,
}

async fn delete(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(b): Body<DeleteBody>,
) -> Result<Reply<Deleted>, ApiError> {
    let a = account(&state, &headers).await?;
    state
        .hub
        .addresses
        .check_account_change(&session_hash(&headers))?;
    if !verify_password(b.password, a.password_hash.clone()).await? {
        return Err(ApiError::Unauthorized(
            SignIn::Password,
            "the password is wrong".into(),
        ));
    }
    state.hub.store.delete_account(a.id, now_ms()).await?;
    state.hub.lobby.changed();
    let cookie = session_cookie(None, secure(&state, &headers, peer));
    Reply::new(&Deleted { deleted: a.name }).cookie(cookie)
}

async fn me(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Me>, ApiError> {
    let a = account(&state, &headers).await?;
    let ratings = state.hub.store.ratings(a.id).await?;
    let admin = state.hub.store.role(a.id).await? == crate::store::moderation::Role::Admin;
    Ok(Json(Me {
        name: a.name,
        created: a.created,
        ratings: ratings.iter().map(PoolRating::from).collect(),
        admin,
    }))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct Claim {
    seats: Vec<String>,
}

async fn claim(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(b): Body<Claim>,
) -> Result<Json<Claimed>, ApiError> {
    let a = account(&state, &headers).await?;
    let hashes: Vec<String> = b.seats.iter().take(500).map(|t| token_hash(t)).collect();
    let claimed = state.hub.store.claim_seats(a.id, &hashes).await?;
    Ok(Json(Claimed { claimed }))
}

async fn profile(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    let store = &state.hub.store;
    let a = store.account_by_name(&name).await?.ok_or_else(|| {
        ApiError::NotFound(
            Missing::Player,
            format!("no player `{}`", name.chars().take(30).collect::<String>()),
        )
    })?;
    let viewer = signed_in(&state.hub, &headers).await?.map(|v| v.id);
    crate::classes::guard::reach(store.as_ref(), viewer, a.id, "see the profile of").await?;
    let ratings = store.ratings(a.id).await?;
    let played = store.played(a.id, 200).await?;
    let history = store.rating_history(a.id).await?;
    // per game: played, won, drawn, lost (in a party a first place, even shared, is a win)
    let mut per_game: BTreeMap<String, [u32; 4]> = BTreeMap::new();
    for g in &played {
        let e = per_game.entry(g.kind.clone()).or_default();
        e[0] += 1;
        let i = match (g.players, g.place) {
            (2, _) if g.score > 0.5 => 1,
            (2, _) if g.score < 0.5 => 3,
            (2, _) => 2,
            (_, 1) => 1,
            _ => 3,
        };
        e[i] += 1;
    }
    Ok(Json(Profile {
        name: a.name,
        created: a.created,
        ratings: ratings.iter().map(PoolRating::from).collect(),
        stats: per_game
            .into_iter()
            .map(|(kind, [played, won, drawn, lost])| KindStats {
                kind,
                played,
                won,
                drawn,
                lost,
            })
            .collect(),
        games: played.into_iter().take(50).collect(),
        history: history.iter().map(RatingStep::from).collect(),
    }))
}

/// The rating pools that have a leaderboard, the busiest first: the page opens on the
/// viewer's own pool or, for a visitor, the busiest one (never on an empty pool).
async fn pools(State(state): State<AppState>) -> Result<Json<Pools>, ApiError> {
    // a puzzle pool lists only accounts with enough tries (see crate::puzzle_fairness)
    let puzzle_sizes = state
        .hub
        .store
        .pool_sizes(crate::puzzle_fairness::LEADERBOARD_TRIES)
        .await?;
    let sizes: Vec<(String, u64)> = state
        .hub
        .store
        .pool_sizes(1)
        .await?
        .into_iter()
        .filter_map(|(pool, n)| {
            if !pool.starts_with("puzzles:") {
                return Some((pool, n));
            }
            puzzle_sizes.iter().find(|(p, _)| *p == pool).cloned()
        })
        .collect();
    Ok(Json(Pools {
        pools: sizes
            .into_iter()
            .map(|(pool, players)| PoolSize { pool, players })
            .collect(),
    }))
}

async fn leaderboard(
    State(state): State<AppState>,
    Path(pool): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    if pool.len() > 40
        || !pool
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ':' || c == '-')
    {
        return Err(ApiError::BadInput(
            Invalid::Rating,
            format!(
                "no rating pool `{}`",
                pool.chars().take(40).collect::<String>()
            ),
        ));
    }
    let fewest = if pool.starts_with("puzzles:") {
        crate::puzzle_fairness::LEADERBOARD_TRIES
    } else {
        1
    };
    let rows = state.hub.store.leaderboard(&pool, fewest, 50).await?;
    Ok(Json(Leaderboard {
        pool,
        players: rows
            .iter()
            .zip(1..)
            .map(|((name, r), rank)| Ranked {
                rank,
                name: name.clone(),
                rating: r.rating.round(),
                deviation: r.deviation.round(),
                provisional: crate::players::ratings::provisional(r),
                games: r.games,
            })
            .collect(),
    }))
}
