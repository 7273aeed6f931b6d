//! Players: accounts and sessions, ratings, names, rated play kept honest, and the daily
//! puzzle. Playing as a guest
//! with a nickname stays as easy as it was; an account adds an identity that other browsers
//! and other days know, ratings, and a profile.

pub mod accounts;
pub mod daily;
pub mod devices;
pub mod fair;
pub mod names;
pub mod ratings;

use crate::context::Context;
use crate::error::ApiError;
use crate::games::Kind;
use crate::ids::random_hex;
use crate::model::GameOptions;
use crate::store::players::{Account, RatingChange, RatingRecord};
use crate::store::{GameRecord, SeatRecord};
use axum::http::HeaderMap;
use serde::Serialize;
use ts_rs::TS;

/// Who is asking: a signed-in account or a guest known by its cookie.
#[derive(Clone, Debug)]
pub struct Player {
    /// `a:<account>` or `g:<guest id>`.
    pub id: String,
    /// The name shown (the account's, or the guest's nickname).
    pub name: String,
    /// The account, when signed in.
    pub account: Option<Account>,
    /// A guest id to give the browser (it had none yet).
    pub new_guest: Option<String>,
}

/// Who takes a seat at a new game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, TS)]
pub struct Host {
    /// The name shown.
    pub name: String,
    /// The account, for a signed-in player.
    pub account: Option<i64>,
    /// The client it comes from (its address as the limits count it), when known: two
    /// accounts of one client never meet at a rated table.
    #[serde(default)]
    pub client: Option<std::net::IpAddr>,
}

/// The signed-in account of a request (its session cookie), if any.
pub async fn signed_in(hub: &Context, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(token) = accounts::read_cookie(headers, accounts::SESSION_COOKIE) else {
        return Ok(None);
    };
    let hash = crate::ids::token_hash(&token);
    Ok(hub
        .store
        .session(&hash, crate::ids::now_ms(), accounts::SESSION_IDLE_MS)
        .await?)
}

/// Who a request comes from; `nickname` names a guest.
pub async fn identify(
    hub: &Context,
    headers: &HeaderMap,
    nickname: &str,
) -> Result<Player, ApiError> {
    if let Some(a) = signed_in(hub, headers).await? {
        return Ok(Player {
            id: format!("a:{}", a.id),
            name: a.name.clone(),
            account: Some(a),
            new_guest: None,
        });
    }
    let (guest, new_guest) = match accounts::read_cookie(headers, accounts::GUEST_COOKIE) {
        Some(g) if g.len() == 24 && g.chars().all(|c| c.is_ascii_hexdigit()) => (g, None),
        _ => {
            let g = random_hex(12);
            (g.clone(), Some(g))
        }
    };
    Ok(Player {
        id: format!("g:{guest}"),
        name: names::guest(hub, nickname).await?,
        account: None,
        new_guest,
    })
}

/// An account's rating in the pool of a seek (a fresh one if it has none yet).
pub async fn rating_of(
    hub: &Context,
    account: i64,
    kind: Kind,
    options: &GameOptions,
) -> Result<RatingRecord, ApiError> {
    let pool = ratings::pool(kind, options);
    Ok(hub
        .store
        .rating(account, &pool)
        .await?
        .unwrap_or_else(|| ratings::fresh(account, &pool)))
}

/// Whether a stored game is rated.
pub fn is_rated(record: &GameRecord) -> bool {
    record.config.rated
}

/// Records a finished game once: each seat's result and, when it is rated and was
/// `played_enough` (both sides played: see `Adapter::played_enough`), the new ratings.
/// Returns the rating changes of this game (also when it was recorded before).
pub async fn record_game(
    hub: &Context,
    record: &GameRecord,
    seats: &[SeatRecord],
    values: &[f64],
    played_enough: bool,
    at: u64,
) -> Result<Vec<RatingChange>, ApiError> {
    let pool = ratings::pool(record.kind, &record.config.options);
    let accounts: Vec<Option<i64>> = seats.iter().map(|s| s.account).collect();
    let rated = is_rated(record) && played_enough;
    // one game's ratings at a time: read, compute and write without another game between
    let _settling = hub.settling.lock().await;
    let mut current = Vec::new();
    for a in &accounts {
        current.push(match a {
            Some(a) if rated => hub.store.rating(*a, &pool).await?,
            _ => None,
        });
    }
    let finished = ratings::Finished {
        game: &record.id,
        pool: &pool,
        rated,
        accounts: &accounts,
        values,
        at,
    };
    let (results, new, changes) = ratings::settle(&finished, &current);
    hub.store.record_results(&results, &new, &changes).await?;
    Ok(hub.store.game_ratings(&record.id).await?)
}

/// A seat's rating change in a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct RatingShown {
    /// The seat.
    pub seat: u32,
    /// The rating pool.
    pub pool: String,
    /// The rating before the game (rounded).
    pub before: f64,
    /// After it.
    pub after: f64,
    /// The change.
    pub change: f64,
    /// Whether the new rating is still provisional.
    pub provisional: bool,
}

/// The rating changes of a game as its view shows them: per seat, before, after, change,
/// and whether the new rating is still provisional.
pub fn changes_shown(seats: &[SeatRecord], changes: &[RatingChange]) -> Vec<RatingShown> {
    seats
        .iter()
        .filter_map(|s| {
            let c = changes.iter().find(|c| Some(c.account) == s.account)?;
            Some(RatingShown {
                seat: s.seat,
                pool: c.pool.clone(),
                before: (c.rating - c.change).round(),
                after: c.rating.round(),
                change: c.change.round(),
                provisional: c.deviation > ratings::PROVISIONAL_DEVIATION,
            })
        })
        .collect()
}

/// Forgets every seek (at start-up, when no owner has a lobby open yet).
pub async fn clear_seeks(hub: &Context) -> Result<(), ApiError> {
    for s in hub.store.seeks().await? {
        hub.store.take_seek(&s.id).await?;
    }
    Ok(())
}
