//! Friends, stored once for both databases (every [`Dialect`] is a [`SocialStore`]): whom an
//! account follows, and whom it blocks.

use super::StoreError;
use super::sql::{Arg, Dialect, first};
use super::statements as st;

/// A followed account as its follower sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Followed {
    /// Its number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// When it was last seen signed in (a request with its session), if ever.
    pub last_seen: Option<u64>,
    /// The games it is playing now: id and kind, newest first (at most five).
    pub playing: Vec<(String, String)>,
}

/// Follows and blocks.
#[async_trait::async_trait]
pub trait SocialStore: Send + Sync {
    /// `follower` follows `followed` (again: nothing changes).
    async fn follow(&self, follower: i64, followed: i64, at: u64) -> Result<(), StoreError>;
    /// Undoes a follow; whether there was one.
    async fn unfollow(&self, follower: i64, followed: i64) -> Result<bool, StoreError>;
    /// `blocker` blocks `blocked` (again: nothing changes).
    async fn block(&self, blocker: i64, blocked: i64, at: u64) -> Result<(), StoreError>;
    /// Undoes a block; whether there was one.
    async fn unblock(&self, blocker: i64, blocked: i64) -> Result<bool, StoreError>;
    /// Whom an account follows, by name, with when each was last seen and what they play.
    async fn following(&self, follower: i64) -> Result<Vec<Followed>, StoreError>;
    /// Whom an account blocks: number and name, by name.
    async fn blocked(&self, blocker: i64) -> Result<Vec<(i64, String)>, StoreError>;
    /// Whether either of two accounts blocks the other.
    async fn blocked_either(&self, a: i64, b: i64) -> Result<bool, StoreError>;
    /// Whether `a` follows `b`, and whether `a` blocks `b`.
    async fn relation(&self, a: i64, b: i64) -> Result<(bool, bool), StoreError>;
}

fn pair(a: i64, b: i64) -> Vec<Arg> {
    vec![Arg::Big(Some(a)), Arg::Big(Some(b))]
}

#[async_trait::async_trait]
impl<D: Dialect> SocialStore for D {
    async fn follow(&self, follower: i64, followed: i64, at: u64) -> Result<(), StoreError> {
        let mut args = pair(follower, followed);
        args.push(Arg::big(at));
        self.exec(st::FOLLOW, args).await?;
        Ok(())
    }

    async fn unfollow(&self, follower: i64, followed: i64) -> Result<bool, StoreError> {
        Ok(self.exec(st::UNFOLLOW, pair(follower, followed)).await? > 0)
    }

    async fn block(&self, blocker: i64, blocked: i64, at: u64) -> Result<(), StoreError> {
        let mut args = pair(blocker, blocked);
        args.push(Arg::big(at));
        self.exec(st::BLOCK, args).await?;
        Ok(())
    }

    async fn unblock(&self, blocker: i64, blocked: i64) -> Result<bool, StoreError> {
        Ok(self.exec(st::UNBLOCK, pair(blocker, blocked)).await? > 0)
    }

    async fn following(&self, follower: i64) -> Result<Vec<Followed>, StoreError> {
        let rows = self
            .rows(st::FOLLOWING, vec![Arg::Big(Some(follower))])
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let id = r.big(0)?;
            let games = self
                .rows(st::PLAYING_GAMES_OF, vec![Arg::Big(Some(id))])
                .await?;
            out.push(Followed {
                id,
                name: r.text(1)?,
                last_seen: r.opt_time(2)?,
                playing: games
                    .iter()
                    .map(|g| Ok((g.text(0)?, g.text(1)?)))
                    .collect::<Result<_, StoreError>>()?,
            });
        }
        Ok(out)
    }

    async fn blocked(&self, blocker: i64) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = self
            .rows(st::BLOCKED, vec![Arg::Big(Some(blocker))])
            .await?;
        rows.iter().map(|r| Ok((r.big(0)?, r.text(1)?))).collect()
    }

    async fn blocked_either(&self, a: i64, b: i64) -> Result<bool, StoreError> {
        Ok(match first(self, st::BLOCKED_EITHER, pair(a, b)).await? {
            Some(r) => r.time(0)? > 0,
            None => false,
        })
    }

    async fn relation(&self, a: i64, b: i64) -> Result<(bool, bool), StoreError> {
        Ok(match first(self, st::RELATION, pair(a, b)).await? {
            Some(r) => (r.time(0)? > 0, r.time(1)? > 0),
            None => (false, false),
        })
    }
}
