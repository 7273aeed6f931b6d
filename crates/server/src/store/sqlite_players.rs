//! The players' side of the SQLite store.

use super::columns::{
    ACCOUNT_COLUMNS, CHANGE_COLUMNS, DAILY_COLUMNS, GAME_COLUMNS, RATING_COLUMNS, SEEK_COLUMNS,
};
use super::players::{
    Account, DailyResult, PlayedGame, PlayerStore, RatingChange, RatingRecord, ResultRecord,
    SeekRecord,
};
use super::{SqliteStore, StoreError};
use rusqlite::{OptionalExtension, params};

fn account_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        created: r.get::<_, i64>(3)? as u64,
    })
}

fn rating_row(r: &rusqlite::Row<'_>, from: usize) -> rusqlite::Result<RatingRecord> {
    Ok(RatingRecord {
        account: r.get(from)?,
        pool: r.get(from + 1)?,
        rating: r.get(from + 2)?,
        deviation: r.get(from + 3)?,
        volatility: r.get(from + 4)?,
        games: r.get(from + 5)?,
        updated: r.get::<_, i64>(from + 6)? as u64,
    })
}

fn seek_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SeekRecord> {
    Ok(SeekRecord {
        id: r.get(0)?,
        owner: r.get(1)?,
        name: r.get(2)?,
        account: r.get(3)?,
        rating: r.get(4)?,
        spec: r.get(5)?,
        created: r.get::<_, i64>(6)? as u64,
        client: r.get(7)?,
    })
}

fn daily_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DailyResult> {
    Ok(DailyResult {
        day: r.get(0)?,
        puzzle: r.get(1)?,
        player: r.get(2)?,
        name: r.get(3)?,
        account: r.get(4)?,
        moves: r.get(5)?,
        ms: r.get::<_, i64>(6)? as u64,
        at: r.get::<_, i64>(7)? as u64,
    })
}

fn change_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RatingChange> {
    Ok(RatingChange {
        account: r.get(0)?,
        pool: r.get(1)?,
        game: r.get(2)?,
        at: r.get::<_, i64>(3)? as u64,
        rating: r.get(4)?,
        deviation: r.get(5)?,
        change: r.get(6)?,
    })
}

#[async_trait::async_trait]
impl PlayerStore for SqliteStore {
    async fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError> {
        self.with(|c| {
            let inserted = c.execute(
                "INSERT OR IGNORE INTO accounts (name, name_key, password_hash, created) VALUES (?1, ?2, ?3, ?4)",
                params![name, name.to_lowercase(), password_hash, now as i64],
            )?;
            if inserted == 0 {
                return Ok(None);
            }
            Ok(Some(Account {
                id: c.last_insert_rowid(),
                name: name.to_string(),
                password_hash: password_hash.to_string(),
                created: now,
            }))
        })
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.with(|c| {
            Ok(c.query_row(
                &format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = ?1 AND deleted IS NULL"
                ),
                params![name.to_lowercase()],
                account_row,
            )
            .optional()?)
        })
    }

    async fn account(&self, id: i64) -> Result<Option<Account>, StoreError> {
        self.with(|c| {
            Ok(c.query_row(
                &format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1 AND deleted IS NULL"
                ),
                params![id],
                account_row,
            )
            .optional()?)
        })
    }

    async fn set_password(&self, id: i64, password_hash: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "UPDATE accounts SET password_hash = ?2 WHERE id = ?1",
                params![id, password_hash],
            )?;
            Ok(())
        })
    }

    async fn delete_account(&self, id: i64, now: u64) -> Result<(), StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction()?;
            // the name is freed (its key made unique to this account), the hash forgotten
            tx.execute(
                "UPDATE accounts SET deleted = ?2, name_key = 'deleted:' || id, password_hash = '' WHERE id = ?1",
                params![id, now as i64],
            )?;
            tx.execute("DELETE FROM sessions WHERE account = ?1", params![id])?;
            tx.execute(
                "DELETE FROM seeks WHERE account = ?1",
                params![id],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    async fn create_session(
        &self,
        token_hash: &str,
        account: i64,
        now: u64,
    ) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO sessions (token_hash, account, created, last_seen) VALUES (?1, ?2, ?3, ?3)",
                params![token_hash, account, now as i64],
            )?;
            Ok(())
        })
    }

    async fn session(
        &self,
        token_hash: &str,
        now: u64,
        max_idle_ms: u64,
    ) -> Result<Option<Account>, StoreError> {
        self.with(|c| {
            let found: Option<(i64, i64)> = c
                .query_row(
                    "SELECT account, last_seen FROM sessions WHERE token_hash = ?1",
                    params![token_hash],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let Some((account, last_seen)) = found else {
                return Ok(None);
            };
            if now.saturating_sub(last_seen as u64) > max_idle_ms {
                c.execute(
                    "DELETE FROM sessions WHERE token_hash = ?1",
                    params![token_hash],
                )?;
                return Ok(None);
            }
            // touched at most once a minute: a session read on every request writes rarely
            if now.saturating_sub(last_seen as u64) > 60_000 {
                c.execute(
                    "UPDATE sessions SET last_seen = ?2 WHERE token_hash = ?1",
                    params![token_hash, now as i64],
                )?;
            }
            Ok(c.query_row(
                &format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1 AND deleted IS NULL"
                ),
                params![account],
                account_row,
            )
            .optional()?)
        })
    }

    async fn delete_session(&self, token_hash: &str) -> Result<u64, StoreError> {
        self.with(|c| {
            Ok(c.execute(
                "DELETE FROM sessions WHERE token_hash = ?1",
                params![token_hash],
            )? as u64)
        })
    }

    async fn delete_sessions(&self, account: i64) -> Result<u64, StoreError> {
        self.with(|c| {
            Ok(c.execute("DELETE FROM sessions WHERE account = ?1", params![account])? as u64)
        })
    }

    async fn claim_seats(&self, account: i64, token_hashes: &[String]) -> Result<u64, StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction()?;
            let mut n = 0;
            for h in token_hashes {
                n += tx.execute(
                    "UPDATE seats SET account = ?1 WHERE token_hash = ?2 AND account IS NULL AND bot_level IS NULL",
                    params![account, h],
                )?;
                tx.execute(
                    "UPDATE results SET account = ?1 WHERE account IS NULL AND (game, seat) IN (SELECT game, seat FROM seats WHERE token_hash = ?2)",
                    params![account, h],
                )?;
            }
            tx.commit()?;
            Ok(n as u64)
        })
    }

    async fn record_results(
        &self,
        results: &[ResultRecord],
        ratings: &[RatingRecord],
        changes: &[RatingChange],
    ) -> Result<bool, StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction()?;
            for r in results {
                let n = tx.execute(
                    "INSERT OR IGNORE INTO results (game, seat, account, pool, rated, score, place, players, finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    params![r.game, r.seat, r.account, r.pool, r.rated, r.score, r.place, r.players, r.finished as i64],
                )?;
                if n == 0 {
                    // recorded before (a replayed end): nothing changes, nothing is counted twice
                    return Ok(false);
                }
            }
            for r in ratings {
                tx.execute(
                    "INSERT OR REPLACE INTO ratings (account, pool, rating, deviation, volatility, games, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![r.account, r.pool, r.rating, r.deviation, r.volatility, r.games, r.updated as i64],
                )?;
            }
            for h in changes {
                tx.execute(
                    "INSERT OR IGNORE INTO rating_history (account, pool, game, at, rating, deviation, change) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![h.account, h.pool, h.game, h.at as i64, h.rating, h.deviation, h.change],
                )?;
            }
            tx.commit()?;
            Ok(true)
        })
    }

    async fn rating(&self, account: i64, pool: &str) -> Result<Option<RatingRecord>, StoreError> {
        self.with(|c| {
            Ok(c.query_row(
                &format!("SELECT {RATING_COLUMNS} FROM ratings WHERE account = ?1 AND pool = ?2"),
                params![account, pool],
                |r| rating_row(r, 0),
            )
            .optional()?)
        })
    }

    async fn ratings(&self, account: i64) -> Result<Vec<RatingRecord>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE account = ?1 ORDER BY pool"
            ))?;
            let rows = st.query_map(params![account], |r| rating_row(r, 0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<RatingChange>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE game = ?1 ORDER BY account"
            ))?;
            let rows = st.query_map(params![game], change_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn rating_history(&self, account: i64) -> Result<Vec<RatingChange>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE account = ?1 ORDER BY at"
            ))?;
            let rows = st.query_map(params![account], change_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn played(&self, account: i64, limit: usize) -> Result<Vec<PlayedGame>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(
                "SELECT r.game, g.kind, r.pool, r.rated, r.score, r.place, r.players, r.finished FROM results r JOIN games g ON g.id = r.game WHERE r.account = ?1 ORDER BY r.finished DESC LIMIT ?2",
            )?;
            let rows = st.query_map(params![account, limit as i64], |r| {
                Ok(PlayedGame {
                    game: r.get(0)?,
                    kind: r.get(1)?,
                    pool: r.get(2)?,
                    rated: r.get(3)?,
                    score: r.get(4)?,
                    place: r.get(5)?,
                    players: r.get(6)?,
                    finished: r.get::<_, i64>(7)? as u64,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn leaderboard(
        &self,
        pool: &str,
        min_games: u32,
        limit: usize,
    ) -> Result<Vec<(String, RatingRecord)>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT a.name, {} FROM ratings r JOIN accounts a ON a.id = r.account WHERE r.pool = ?1 AND r.games >= ?2 AND a.deleted IS NULL ORDER BY r.rating DESC LIMIT ?3",
                RATING_COLUMNS
                    .split(", ")
                    .map(|c| format!("r.{c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))?;
            let rows = st.query_map(params![pool, min_games, limit as i64], |r| {
                Ok((r.get::<_, String>(0)?, rating_row(r, 1)?))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn games_between(
        &self,
        a: i64,
        b: i64,
        since: u64,
    ) -> Result<Vec<super::GameRecord>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE created >= ?3 \
                 AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND seats.account = ?1) \
                 AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND seats.account = ?2)"
            ))?;
            let rows = st.query_map(params![a, b, since as i64], super::sqlite::game_row)?;
            rows.map(|r| super::sqlite::to_record(r?)).collect()
        })
    }

    async fn secret(&self, name: &str) -> Result<String, StoreError> {
        let key = format!("secret:{name}");
        let fresh = crate::ids::random_hex(32);
        self.with(|c| {
            c.execute(
                "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
                params![key, fresh],
            )?;
            Ok(
                c.query_row("SELECT value FROM meta WHERE key = ?1", params![key], |r| {
                    r.get(0)
                })?,
            )
        })
    }

    async fn put_seek(&self, s: &SeekRecord) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                &format!(
                    "INSERT INTO seeks ({SEEK_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
                ),
                params![
                    s.id,
                    s.owner,
                    s.name,
                    s.account,
                    s.rating,
                    s.spec,
                    s.created as i64,
                    s.client
                ],
            )?;
            Ok(())
        })
    }

    async fn take_seek(&self, id: &str) -> Result<Option<SeekRecord>, StoreError> {
        self.with(|c| {
            let tx = c.unchecked_transaction()?;
            let seek = tx
                .query_row(
                    &format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE id = ?1"),
                    params![id],
                    seek_row,
                )
                .optional()?;
            if seek.is_some() {
                tx.execute("DELETE FROM seeks WHERE id = ?1", params![id])?;
            }
            tx.commit()?;
            Ok(seek)
        })
    }

    async fn remove_seeks_of(&self, owner: &str) -> Result<u64, StoreError> {
        self.with(|c| Ok(c.execute("DELETE FROM seeks WHERE owner = ?1", params![owner])? as u64))
    }

    async fn seeks(&self) -> Result<Vec<SeekRecord>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {SEEK_COLUMNS} FROM seeks ORDER BY created"
            ))?;
            let rows = st.query_map([], seek_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn daily_start(
        &self,
        day: &str,
        puzzle: &str,
        player: &str,
        now: u64,
    ) -> Result<u64, StoreError> {
        self.with(|c| {
            c.execute(
                "INSERT OR IGNORE INTO daily_starts (day, puzzle, player, started) VALUES (?1, ?2, ?3, ?4)",
                params![day, puzzle, player, now as i64],
            )?;
            Ok(c.query_row(
                "SELECT started FROM daily_starts WHERE day = ?1 AND puzzle = ?2 AND player = ?3",
                params![day, puzzle, player],
                |r| r.get::<_, i64>(0),
            )? as u64)
        })
    }

    async fn daily_result(&self, d: &DailyResult) -> Result<bool, StoreError> {
        self.with(|c| {
            Ok(c.execute(
                &format!("INSERT OR IGNORE INTO daily_results ({DAILY_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
                params![d.day, d.puzzle, d.player, d.name, d.account, d.moves, d.ms as i64, d.at as i64],
            )? == 1)
        })
    }

    async fn daily_ranking(
        &self,
        day: &str,
        puzzle: &str,
        limit: usize,
    ) -> Result<Vec<DailyResult>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {DAILY_COLUMNS} FROM daily_results WHERE day = ?1 AND puzzle = ?2 ORDER BY moves, ms, at LIMIT ?3"
            ))?;
            let rows = st.query_map(params![day, puzzle, limit as i64], daily_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    async fn daily_days(&self, player: &str) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(
                "SELECT DISTINCT day FROM daily_results WHERE player = ?1 ORDER BY day DESC",
            )?;
            let rows = st.query_map(params![player], |r| r.get::<_, String>(0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }
}
