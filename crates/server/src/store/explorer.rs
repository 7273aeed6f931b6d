//! The opening explorer's statistics, stored once for both databases (every [`Dialect`] is an
//! [`ExplorerStore`]): each finished game counted once into per-position, per-move sums by
//! bucket (speed class, rating band, rated or not), and a row for each of its players, summed
//! when asked ([`super::explorer_player`]).
//!
//! Why sums by bucket and not a scan of the games: a query must answer in milliseconds with a
//! million games stored, and the start position is in every one of them. A position's rows are
//! few (one per move and bucket) and contiguous in the primary key, so a query reads a few
//! hundred rows at most wherever the position is. Games are counted in batches, one transaction
//! each, their rows summed first ([`super::explorer_batch`]).

use super::StoreError;
use super::explorer_batch::BatchRows;
use super::explorer_player;
use super::sql::{Arg, Dialect, Row, Step, placeholders};
use std::collections::HashSet;

use super::explorer_game::speed_code;
pub use super::explorer_game::{
    ExplorerFilter, ExplorerGame, MoveStats, PLIES, RecentGame, SPEEDS, Scope,
};

/// The explorer's records.
#[async_trait::async_trait]
pub trait ExplorerStore: Send + Sync {
    /// Counts a finished game; `false` when it was counted before (nothing changes then).
    async fn count_game(&self, g: &ExplorerGame) -> Result<bool, StoreError> {
        Ok(self.count_games(std::slice::from_ref(g)).await?[0])
    }
    /// Counts finished games in one transaction, their rows summed first
    /// ([`super::explorer_batch`]); for each, whether it was counted now (`false`: counted
    /// before, or named twice in `games`).
    async fn count_games(&self, games: &[ExplorerGame]) -> Result<Vec<bool>, StoreError>;
    /// The moves played from `position` (a key of the variant and position) in the games
    /// `filter` takes, most played first.
    async fn explorer_moves(
        &self,
        position: i64,
        filter: &ExplorerFilter,
    ) -> Result<Vec<MoveStats>, StoreError>;
    /// The latest games (at most `limit`) `filter` takes that went through `position`, newest
    /// first (in everyone's view the latest of each move and bucket: see the migration).
    async fn explorer_recent(
        &self,
        position: i64,
        filter: &ExplorerFilter,
        limit: usize,
    ) -> Result<Vec<RecentGame>, StoreError>;
}

/// The conditions of a query of everyone's view after `position = ?1` (within `bands`, `None`:
/// every band), with their arguments added.
fn conditions(
    filter: &ExplorerFilter,
    bands: Option<(u32, u32)>,
    args: &mut Vec<Arg>,
) -> Result<String, StoreError> {
    let mut sql = String::new();
    if let Some((lo, hi)) = bands {
        sql.push_str(&format!(
            " AND band >= ?{} AND band < ?{}",
            args.len() + 1,
            args.len() + 2
        ));
        args.push(Arg::int(lo));
        args.push(Arg::int(hi));
    }
    sql.push_str(&filter.kinds("", args)?);
    Ok(sql)
}

fn rating(r: Option<u32>) -> Arg {
    Arg::Int(r.map(|r| i32::try_from(r).unwrap_or(i32::MAX)))
}

fn stats(r: &Row) -> Result<MoveStats, StoreError> {
    let n = |i| r.big(i).map(|v| u64::try_from(v).unwrap_or(0));
    Ok(MoveStats {
        uci: r.text(0)?,
        games: n(1)?,
        white: n(2)?,
        draws: n(3)?,
        black: n(4)?,
        rating_games: n(5)?,
        rating_sum: n(6)?,
    })
}

fn opt_rating(r: &Row, i: usize) -> Result<Option<u32>, StoreError> {
    r.opt_count(i)
}

/// The statement that records a game as counted, undoing the transaction if it was before.
fn guard(g: &ExplorerGame) -> Result<Step, StoreError> {
    Ok(Step::must_change(
        "INSERT INTO explorer_games (game, variant, white, black, white_account, \
         black_account, white_rating, black_rating, result, speed, rated, finished) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) \
         ON CONFLICT (game) DO NOTHING",
        vec![
            Arg::text(&g.game),
            Arg::text(&g.variant),
            Arg::text(&g.names[0]),
            Arg::text(&g.names[1]),
            Arg::id(g.accounts[0]),
            Arg::id(g.accounts[1]),
            rating(g.ratings[0]),
            rating(g.ratings[1]),
            Arg::int(u32::from(g.result)),
            speed_code(&g.speed)?,
            Arg::Flag(g.rated),
            Arg::big(g.finished),
        ],
    ))
}

#[async_trait::async_trait]
impl<D: Dialect> ExplorerStore for D {
    async fn count_games(&self, games: &[ExplorerGame]) -> Result<Vec<bool>, StoreError> {
        // a game named twice is counted at its first place
        let mut first: HashSet<&str> = HashSet::new();
        let unique: Vec<bool> = games.iter().map(|g| first.insert(&g.game)).collect();
        let mut before: HashSet<String> = HashSet::new();
        // most batches hold no game counted before: one transaction, its guards checking that;
        // when one was (another node, an earlier load, meanwhile), the transaction is undone,
        // those games are read, and the rest counted again
        for _ in 0..5 {
            let fresh: Vec<&ExplorerGame> = games
                .iter()
                .zip(&unique)
                .filter(|(g, once)| **once && !before.contains(&g.game))
                .map(|(g, _)| g)
                .collect();
            let mut steps = Vec::with_capacity(fresh.len() + 4);
            let mut rows = BatchRows::default();
            for g in &fresh {
                steps.push(guard(g)?);
                rows.add(g)?;
            }
            steps.extend(rows.steps());
            if fresh.is_empty() || self.transaction(steps).await?.is_some() {
                return Ok(games
                    .iter()
                    .zip(&unique)
                    .map(|(g, once)| *once && !before.contains(&g.game))
                    .collect());
            }
            let ids: Vec<&str> = fresh.iter().map(|g| g.game.as_str()).collect();
            for chunk in ids.chunks(500) {
                let sql = format!(
                    "SELECT game FROM explorer_games WHERE game IN ({})",
                    placeholders(1, chunk.len())
                );
                for r in self
                    .rows(&sql, chunk.iter().map(|g| Arg::text(g)).collect())
                    .await?
                {
                    before.insert(r.text(0)?);
                }
            }
        }
        Err(StoreError::Refused(format!(
            "{} games could not be counted: other writers kept counting some of them first",
            games.len()
        )))
    }

    async fn explorer_moves(
        &self,
        position: i64,
        filter: &ExplorerFilter,
    ) -> Result<Vec<MoveStats>, StoreError> {
        let bands = match filter.scope {
            Scope::All(bands) => bands,
            Scope::Player { account, color } => {
                return explorer_player::moves(self, account, color, position, filter).await;
            }
        };
        let mut args = vec![Arg::Big(Some(position))];
        let and = conditions(filter, bands, &mut args)?;
        let sql = format!(
            "SELECT uci, CAST(SUM(games) AS BIGINT), CAST(SUM(white) AS BIGINT), \
             CAST(SUM(draws) AS BIGINT), CAST(SUM(black) AS BIGINT), \
             CAST(SUM(rating_games) AS BIGINT), CAST(SUM(rating_sum) AS BIGINT) FROM explorer_moves \
             WHERE position = ?1{and} GROUP BY uci ORDER BY 2 DESC, uci"
        );
        self.rows(&sql, args).await?.iter().map(stats).collect()
    }

    async fn explorer_recent(
        &self,
        position: i64,
        filter: &ExplorerFilter,
        limit: usize,
    ) -> Result<Vec<RecentGame>, StoreError> {
        let bands = match filter.scope {
            Scope::All(bands) => bands,
            Scope::Player { account, color } => {
                return explorer_player::recent(self, account, color, position, filter, limit)
                    .await;
            }
        };
        let mut args = vec![Arg::Big(Some(position))];
        let and = conditions(filter, bands, &mut args)?;
        let limit_arg = args.len() + 1;
        args.push(Arg::big(limit as u64 * 4));
        // the latest rows first; a game may be the latest of several buckets' rows of one
        // move, so a few more rows than games are read and the repeats dropped
        let sql = format!(
            "SELECT m.last_game, CASE WHEN wa.deleted IS NOT NULL THEN 'deleted player' \
             ELSE g.white END, CASE WHEN ba.deleted IS NOT NULL THEN 'deleted player' \
             ELSE g.black END, g.white_rating, g.black_rating, g.result, g.finished, m.uci \
             FROM (SELECT last_game, last_at, uci FROM explorer_moves WHERE position = ?1{and} \
             ORDER BY last_at DESC LIMIT ?{limit_arg}) m \
             JOIN explorer_games g ON g.game = m.last_game \
             LEFT JOIN accounts wa ON wa.id = g.white_account \
             LEFT JOIN accounts ba ON ba.id = g.black_account \
             ORDER BY m.last_at DESC"
        );
        let mut out: Vec<RecentGame> = Vec::new();
        for r in self.rows(&sql, args).await? {
            let game = r.text(0)?;
            if out.iter().any(|g| g.game == game) {
                continue;
            }
            out.push(RecentGame {
                game,
                names: [r.text(1)?, r.text(2)?],
                ratings: [opt_rating(&r, 3)?, opt_rating(&r, 4)?],
                result: u8::try_from(r.count(5)?).unwrap_or(1),
                finished: r.time(6)?,
                uci: r.text(7)?,
            });
            if out.len() == limit {
                break;
            }
        }
        Ok(out)
    }
}
