//! What keeps puzzle ratings from being farmed, stored once for both databases (every
//! [`Dialect`] is a [`PuzzleFairness`]): which clients saw a puzzle's solution, which addresses
//! each account was seen from, and how many rated tries an account made lately.

use super::StoreError;
use super::sql::{Arg, Dialect, first, placeholders};

/// Puzzle fairness records.
#[async_trait::async_trait]
pub trait PuzzleFairness: Send + Sync {
    /// `account` was seen from `client` (an address's client key) at `at`.
    async fn note_puzzle_client(
        &self,
        account: i64,
        client: &str,
        at: u64,
    ) -> Result<(), StoreError>;
    /// Puzzle `puzzle`'s solution was shown to each of `keys` at `at` (records older than
    /// `forget_before` are dropped on the way).
    async fn note_solution_shown(
        &self,
        puzzle: &str,
        keys: &[String],
        at: u64,
        forget_before: u64,
    ) -> Result<(), StoreError>;
    /// Whether puzzle `puzzle`'s solution was shown since `since` to one of `keys`, or to an
    /// address `account` was seen from since then.
    async fn solution_seen(
        &self,
        puzzle: &str,
        keys: &[String],
        account: i64,
        since: u64,
    ) -> Result<bool, StoreError>;
    /// How many puzzles `account` tried (rated) since `since`.
    async fn rated_tries_since(&self, account: i64, since: u64) -> Result<u64, StoreError>;
}

#[async_trait::async_trait]
impl<D: Dialect> PuzzleFairness for D {
    async fn note_puzzle_client(
        &self,
        account: i64,
        client: &str,
        at: u64,
    ) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO puzzle_clients (account, client, at) VALUES (?1, ?2, ?3) \
             ON CONFLICT (account, client) DO UPDATE SET at = excluded.at",
            vec![Arg::id(Some(account)), Arg::text(client), Arg::big(at)],
        )
        .await?;
        Ok(())
    }

    async fn note_solution_shown(
        &self,
        puzzle: &str,
        keys: &[String],
        at: u64,
        forget_before: u64,
    ) -> Result<(), StoreError> {
        for key in keys {
            self.exec(
                "INSERT INTO puzzle_shown (puzzle, seen_by, at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (puzzle, seen_by) DO UPDATE SET at = excluded.at",
                vec![Arg::text(puzzle), Arg::text(key), Arg::big(at)],
            )
            .await?;
        }
        self.exec(
            "DELETE FROM puzzle_shown WHERE at < ?1",
            vec![Arg::big(forget_before)],
        )
        .await?;
        self.exec(
            "DELETE FROM puzzle_clients WHERE at < ?1",
            vec![Arg::big(forget_before)],
        )
        .await?;
        Ok(())
    }

    async fn solution_seen(
        &self,
        puzzle: &str,
        keys: &[String],
        account: i64,
        since: u64,
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "SELECT 1 FROM puzzle_shown s WHERE s.puzzle = ?1 AND s.at >= ?2 \
             AND (s.seen_by IN (SELECT 'ip:' || c.client FROM puzzle_clients c \
                  WHERE c.account = ?3 AND c.at >= ?2){}) LIMIT 1",
            if keys.is_empty() {
                String::new()
            } else {
                format!(" OR s.seen_by IN ({})", placeholders(4, keys.len()))
            }
        );
        let mut args = vec![Arg::text(puzzle), Arg::big(since), Arg::id(Some(account))];
        args.extend(keys.iter().map(|k| Arg::text(k)));
        Ok(first(self, &sql, args).await?.is_some())
    }

    async fn rated_tries_since(&self, account: i64, since: u64) -> Result<u64, StoreError> {
        let row = first(
            self,
            "SELECT COUNT(*) FROM puzzle_attempts WHERE account = ?1 AND at >= ?2",
            vec![Arg::id(Some(account)), Arg::big(since)],
        )
        .await?;
        Ok(match row {
            Some(r) => r.time(0)?,
            None => 0,
        })
    }
}
