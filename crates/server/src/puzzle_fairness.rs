//! Puzzle ratings that cannot be farmed (issue #54, item 6).
//!
//! A finished try shows the whole solution. Before, a guest's wrong try showed it, and the same
//! person's account then solved the puzzle rated, for every puzzle (1500 to 1719 on one). Now
//! every finished try notes that the solution was shown to its client: the address (as the
//! per-address limits know it, [`crate::limits::Addresses::client`]), the browser (its guest
//! cookie) and the account; and a rated try counts unrated when the solution was shown, in the
//! last day, to the address or browser it comes from, or to any address its account was seen
//! from that day. An account has at most the limits' rated tries a day
//! ([`crate::limits::Limits::rated_puzzles_per_day`]; the rest are judged, unrated), and a puzzle pool's leaderboard lists only accounts with
//! [`LEADERBOARD_TRIES`] tries.
//!
//! What remains possible (docs/web.md says so too): one person with two networks and two
//! browsers can still see a solution on one and solve it rated on the other. That costs a
//! second network for each farmed puzzle, a day's cap bounds the gain, and a puzzle rating moves
//! no game rating; lichess accepts the same.

use crate::context::Context;
use crate::error::ApiError;
use crate::ids::now_ms;
use serde::Serialize;
use std::net::IpAddr;
use ts_rs::TS;

/// How long a shown solution keeps a puzzle unrated for its clients.
pub const SEEN_FOR_MS: u64 = 24 * 3_600_000;
/// Tries an account needs to be on a puzzle pool's leaderboard.
pub const LEADERBOARD_TRIES: u32 = 30;

/// Who tries a puzzle, as far as the fairness rules know a client.
#[derive(Clone, Debug)]
pub struct PuzzleClient {
    /// The address's client key (an IPv6 address's prefix).
    pub address: IpAddr,
    /// The browser's guest cookie, if it has one.
    pub browser: Option<String>,
    /// The signed-in account.
    pub account: Option<i64>,
}

impl PuzzleClient {
    /// The keys a shown solution is noted under.
    fn keys(&self) -> Vec<String> {
        let mut keys = vec![format!("ip:{}", self.address)];
        if let Some(b) = &self.browser {
            keys.push(format!("browser:{b}"));
        }
        if let Some(a) = self.account {
            keys.push(format!("account:{a}"));
        }
        keys
    }
}

/// Why a try moved no rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Unrated {
    /// A streak's try (judged, never rated).
    Streak,
    /// The account tried this puzzle before.
    TriedBefore,
    /// The solution was shown to this address, browser or account in the last day.
    SolutionSeen,
    /// The day's rated tries are used up.
    DailyLimit,
}

/// Notes that `client`'s account (if any) was seen from its address now: a solution shown to
/// that address keeps the account's tries unrated for a day.
pub async fn seen(ctx: &Context, client: &PuzzleClient) -> Result<(), ApiError> {
    if let Some(account) = client.account {
        ctx.store
            .note_puzzle_client(account, &client.address.to_string(), now_ms())
            .await?;
    }
    Ok(())
}

/// Whether `client`'s try of puzzle `puzzle` may be rated: `None` if so, else why not. The
/// account is noted as seen from its address.
pub async fn may_rate(
    ctx: &Context,
    puzzle: &str,
    client: &PuzzleClient,
) -> Result<Option<Unrated>, ApiError> {
    let Some(account) = client.account else {
        return Ok(None);
    };
    let now = now_ms();
    let store = &ctx.store;
    store
        .note_puzzle_client(account, &client.address.to_string(), now)
        .await?;
    let since = now.saturating_sub(SEEN_FOR_MS);
    if store
        .solution_seen(puzzle, &client.keys(), account, since)
        .await?
    {
        return Ok(Some(Unrated::SolutionSeen));
    }
    if store.rated_tries_since(account, since).await? >= ctx.limits.rated_puzzles_per_day {
        return Ok(Some(Unrated::DailyLimit));
    }
    Ok(None)
}

/// Notes that `client` was shown puzzle `puzzle`'s solution (a finished try).
pub async fn shown(ctx: &Context, puzzle: &str, client: &PuzzleClient) -> Result<(), ApiError> {
    let now = now_ms();
    ctx.store
        .note_solution_shown(puzzle, &client.keys(), now, now.saturating_sub(SEEN_FOR_MS))
        .await?;
    Ok(())
}
