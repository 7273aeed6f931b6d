//! Friends over HTTP: follow and unfollow a player, block and unblock one, the signed-in
//! player's friends (online or not, and the games they are playing, to watch), and how the
//! viewer stands to a profile's player. A blocked player cannot pair with the blocker in the
//! lobby (nor, with the chat and the challenges, write to or challenge them).

use super::AppState;
use crate::error::{ApiError, Clash, Missing, Rule, SignIn};
use crate::ids::now_ms;
use crate::moderation::actions::account_named;
use crate::players::signed_in;
use crate::store::players::Account;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::Serialize;
use ts_rs::TS;

/// A friend counts as online when seen signed in this recently (or while playing a game).
pub const ONLINE_WITHIN_MS: u64 = 5 * 60_000;

super::contract::json_routes! {
    get "/api/me/friends" => friends -> Friends;
    get "/api/users/{name}/relation" => relation -> Relation;
    // follow, unfollow, block, unblock
    post "/api/users/{name}/{change}" => change -> Relation;
}

/// A game being played, to watch.
#[derive(Serialize, TS)]
pub struct GameRef {
    /// Its id.
    pub id: String,
    /// Its kind (`quickchess`, ...).
    pub kind: String,
}

/// A followed player.
#[derive(Serialize, TS)]
pub struct Friend {
    /// Their name.
    pub name: String,
    /// Seen signed in within five minutes, or playing.
    pub online: bool,
    /// The games they are playing now.
    pub playing: Vec<GameRef>,
}

/// The signed-in player's friends and blocked players.
#[derive(Serialize, TS)]
pub struct Friends {
    /// Whom they follow, by name.
    pub following: Vec<Friend>,
    /// Whom they block, by name.
    pub blocked: Vec<String>,
}

/// How the viewer stands to a player.
#[derive(Serialize, TS)]
pub struct Relation {
    /// The viewer follows them.
    pub following: bool,
    /// The viewer blocks them.
    pub blocked: bool,
}

async fn me(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    signed_in(&state.hub, headers)
        .await?
        .ok_or_else(|| ApiError::Unauthorized(SignIn::Needed, "sign in to have friends".into()))
}

/// The signed-in player and the other one named, never the same.
async fn both(
    state: &AppState,
    headers: &HeaderMap,
    name: &str,
) -> Result<(Account, Account), ApiError> {
    let me = me(state, headers).await?;
    let other = account_named(state.hub.store.as_ref(), name).await?;
    if other.id == me.id {
        return Err(ApiError::Refused(Rule::Yourself, "that is you".into()));
    }
    Ok((me, other))
}

async fn friends(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Friends>, ApiError> {
    let me = me(&state, &headers).await?;
    let now = now_ms();
    let following = state
        .hub
        .store
        .following(me.id)
        .await?
        .into_iter()
        .map(|f| Friend {
            online: !f.playing.is_empty()
                || f.last_seen
                    .is_some_and(|t| now.saturating_sub(t) < ONLINE_WITHIN_MS),
            name: f.name,
            playing: f
                .playing
                .into_iter()
                .map(|(id, kind)| GameRef { id, kind })
                .collect(),
        })
        .collect();
    let blocked = state
        .hub
        .store
        .blocked(me.id)
        .await?
        .into_iter()
        .map(|(_, name)| name)
        .collect();
    Ok(Json(Friends { following, blocked }))
}

async fn relation(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Result<Json<Relation>, ApiError> {
    let (me, other) = both(&state, &headers, &name).await?;
    let (following, blocked) = state.hub.store.relation(me.id, other.id).await?;
    Ok(Json(Relation { following, blocked }))
}

/// What a player does to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    Follow,
    Unfollow,
    Block,
    Unblock,
}

impl Change {
    /// The change a path's last segment names (404 for none).
    fn parse(s: &str) -> Result<Change, ApiError> {
        match s {
            "follow" => Ok(Change::Follow),
            "unfollow" => Ok(Change::Unfollow),
            "block" => Ok(Change::Block),
            "unblock" => Ok(Change::Unblock),
            _ => Err(ApiError::NotFound(
                Missing::Endpoint,
                format!(
                    "no `{}` for a player (follow, unfollow, block or unblock)",
                    s.chars().take(20).collect::<String>()
                ),
            )),
        }
    }
}

async fn change(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((name, change)): Path<(String, String)>,
) -> Result<Json<Relation>, ApiError> {
    let change = Change::parse(&change)?;
    let (me, other) = both(&state, &headers, &name).await?;
    let store = &state.hub.store;
    match change {
        Change::Follow => {
            crate::classes::guard::reach(store.as_ref(), Some(me.id), other.id, "follow").await?;
            if store.relation(me.id, other.id).await?.1 {
                return Err(ApiError::Conflict(
                    Clash::Blocking,
                    format!("you block {}: unblock them first", other.name),
                ));
            }
            store.follow(me.id, other.id, now_ms()).await?;
        }
        Change::Unfollow => {
            store.unfollow(me.id, other.id).await?;
        }
        Change::Block => {
            store.block(me.id, other.id, now_ms()).await?;
            // a block ends following both ways
            store.unfollow(me.id, other.id).await?;
            store.unfollow(other.id, me.id).await?;
        }
        Change::Unblock => {
            store.unblock(me.id, other.id).await?;
        }
    }
    let (following, blocked) = store.relation(me.id, other.id).await?;
    Ok(Json(Relation { following, blocked }))
}
