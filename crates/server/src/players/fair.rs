//! Rated play kept honest: two accounts of one address never meet in a rated game (unless
//! the operator allows it: a club behind one address), and two accounts meet in a bounded
//! number of rated games a day, so a rating cannot be farmed by an account playing its own
//! second account, or a friend losing on purpose, over and over. (The games that end before
//! both sides have played are not rated at all: the adapters' `played_enough`.)

use crate::context::Context;
use crate::error::{ApiError, Denied, Throttled};
use crate::ids::now_ms;
use std::net::IpAddr;
use std::time::Duration;

/// A day, in milliseconds.
const DAY_MS: u64 = 24 * 3600 * 1000;

/// A player about to sit at a rated table: the account, and the client it comes from.
#[derive(Clone, Copy, Debug)]
pub struct Seated {
    /// The account.
    pub account: i64,
    /// The client's address (its IPv6 prefix), when known.
    pub client: Option<IpAddr>,
}

/// Whether `a` and `b` may begin a rated game together now: 403 for two accounts of one
/// address, 429 (with the time the oldest of their games leaves the day) for a pair that has
/// begun its rated games for the day.
pub async fn may_pair(hub: &Context, a: Seated, b: Seated) -> Result<(), ApiError> {
    let limits = &hub.limits;
    if !limits.rated_same_address
        && let (Some(x), Some(y)) = (a.client, b.client)
        && x == y
    {
        return Err(ApiError::Forbidden(
            Denied::SameAddress,
            "two accounts from one address cannot play a rated game together (play a casual \
             one)"
                .into(),
        ));
    }
    let max = limits.rated_pairings_per_day;
    if max == u32::MAX {
        return Ok(());
    }
    let now = now_ms();
    let since = now.saturating_sub(DAY_MS);
    let mut rated: Vec<u64> = hub
        .store
        .games_between(a.account, b.account, since)
        .await?
        .iter()
        .filter(|g| super::is_rated(g))
        .map(|g| g.created)
        .collect();
    if rated.len() < max as usize {
        return Ok(());
    }
    rated.sort_unstable();
    let frees = rated[rated.len() - max as usize] + DAY_MS;
    let wait = Duration::from_millis(frees.saturating_sub(now).max(1000));
    Err(ApiError::RateLimited {
        cause: Throttled::RatedPair,
        message: format!(
            "you two have begun {max} rated games together today; play a casual game, or a \
             rated one again in {} min",
            wait.as_secs().div_ceil(60)
        ),
        retry_after: wait,
    })
}
