//! Leases: which node of several on one PostgreSQL database runs a game now.
//!
//! A node runs a game only while it holds the game's lease, renews its leases well before they
//! lapse, and steps down from any it could not renew. Times are the database's
//! (`clock_timestamp()`), so the nodes' own clocks may disagree. A lease is a promise, not the
//! guard: a node paused past its lease (a long GC-like stall, a frozen VM) may still try to
//! write, and the log's primary key refuses that write ([`super::StoreError::Stale`]).

use super::StoreError;
use super::postgres::{NOW_MS, PostgresStore};

/// What [`PostgresStore::acquire`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// This node holds the game (newly, or renewed).
    Held,
    /// Another node holds it until its lease lapses.
    Elsewhere {
        /// That node's id.
        node: String,
    },
}

impl PostgresStore {
    /// Takes or renews the lease of `game` for `node` for `ttl_ms`, unless another node holds
    /// a lease that has not lapsed.
    pub async fn acquire(&self, game: &str, node: &str, ttl_ms: u64) -> Result<Lease, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!(
                "INSERT INTO leases (game, node, expires) VALUES ($1, $2, {NOW_MS} + $3) \
                 ON CONFLICT (game) DO UPDATE SET node = EXCLUDED.node, \
                 expires = EXCLUDED.expires \
                 WHERE leases.node = EXCLUDED.node OR leases.expires < {NOW_MS} \
                 RETURNING node"
            ))
            .await?;
        let ttl = ttl_ms as i64;
        if c.query_opt(&st, &[&game, &node, &ttl]).await?.is_some() {
            return Ok(Lease::Held);
        }
        let holder = c
            .query_opt("SELECT node FROM leases WHERE game = $1", &[&game])
            .await?;
        Ok(match holder {
            Some(row) => Lease::Elsewhere {
                node: row.try_get(0)?,
            },
            // released between the two statements: the next attempt will take it
            None => Lease::Elsewhere {
                node: String::new(),
            },
        })
    }

    /// Renews the leases of `games` that `node` still holds for another `ttl_ms`; the games
    /// renewed. One of `games` missing from the answer lapsed (and may run elsewhere now): step
    /// down. Leases of the node not named (a room that left memory without giving its lease
    /// back) are left to lapse.
    pub async fn renew(
        &self,
        node: &str,
        games: &[String],
        ttl_ms: u64,
    ) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "UPDATE leases SET expires = {NOW_MS} + $2 \
                     WHERE node = $1 AND game = ANY($3) AND expires >= {NOW_MS} RETURNING game"
                ),
                &[&node, &(ttl_ms as i64), &games],
            )
            .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }

    /// Gives a game's lease up (a game that left memory), if `node` holds it.
    pub async fn release(&self, game: &str, node: &str) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "DELETE FROM leases WHERE game = $1 AND node = $2",
            &[&game, &node],
        )
        .await?;
        Ok(())
    }

    /// Gives every lease of `node` back; how many.
    pub async fn release_node(&self, node: &str) -> Result<u64, StoreError> {
        let c = self.client().await?;
        Ok(c.execute("DELETE FROM leases WHERE node = $1", &[&node])
            .await?)
    }

    /// The node holding a live lease on each of `games` (games without one are left out).
    pub async fn owners(&self, games: &[String]) -> Result<Vec<(String, String)>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT game, node FROM leases WHERE game = ANY($1) AND expires >= {NOW_MS}"
                ),
                &[&games],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    /// Games being played whose lease lapsed: their node is gone, and their clocks and bots
    /// wait for another node to take them over. Oldest lapse first.
    pub async fn orphans(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT l.game FROM leases l JOIN games g ON g.id = l.game \
                     WHERE l.expires < {NOW_MS} AND g.status = 'playing' \
                     ORDER BY l.expires LIMIT $1"
                ),
                &[&(limit as i64)],
            )
            .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }
}
