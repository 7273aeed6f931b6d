//! The players' side of the PostgreSQL store: the same answers as SQLite's, with
//! PostgreSQL's `ON CONFLICT` and `RETURNING` doing in one statement what SQLite does in two.

use super::StoreError;
use super::columns::{
    ACCOUNT_COLUMNS, CHANGE_COLUMNS, DAILY_COLUMNS, GAME_COLUMNS, RATING_COLUMNS, SEEK_COLUMNS,
};
use super::players::{
    Account, DailyResult, PlayedGame, PlayerStore, RatingChange, RatingRecord, ResultRecord,
    SeekRecord,
};
use super::postgres::{PostgresStore, int, u32_at};
use tokio_postgres::Row;

fn account_row(r: &Row) -> Result<Account, StoreError> {
    Ok(Account {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        password_hash: r.try_get(2)?,
        created: r.try_get::<_, i64>(3)? as u64,
    })
}

fn rating_row(r: &Row, from: usize) -> Result<RatingRecord, StoreError> {
    Ok(RatingRecord {
        account: r.try_get(from)?,
        pool: r.try_get(from + 1)?,
        rating: r.try_get(from + 2)?,
        deviation: r.try_get(from + 3)?,
        volatility: r.try_get(from + 4)?,
        games: u32_at(r, from + 5)?,
        updated: r.try_get::<_, i64>(from + 6)? as u64,
    })
}

fn seek_row(r: &Row) -> Result<SeekRecord, StoreError> {
    Ok(SeekRecord {
        id: r.try_get(0)?,
        owner: r.try_get(1)?,
        name: r.try_get(2)?,
        account: r.try_get(3)?,
        rating: r.try_get(4)?,
        spec: r.try_get(5)?,
        created: r.try_get::<_, i64>(6)? as u64,
        client: r.try_get(7)?,
    })
}

fn daily_row(r: &Row) -> Result<DailyResult, StoreError> {
    Ok(DailyResult {
        day: r.try_get(0)?,
        puzzle: r.try_get(1)?,
        player: r.try_get(2)?,
        name: r.try_get(3)?,
        account: r.try_get(4)?,
        moves: u32_at(r, 5)?,
        ms: r.try_get::<_, i64>(6)? as u64,
        at: r.try_get::<_, i64>(7)? as u64,
    })
}

fn change_row(r: &Row) -> Result<RatingChange, StoreError> {
    Ok(RatingChange {
        account: r.try_get(0)?,
        pool: r.try_get(1)?,
        game: r.try_get(2)?,
        at: r.try_get::<_, i64>(3)? as u64,
        rating: r.try_get(4)?,
        deviation: r.try_get(5)?,
        change: r.try_get(6)?,
    })
}

fn all<T>(rows: &[Row], f: impl Fn(&Row) -> Result<T, StoreError>) -> Result<Vec<T>, StoreError> {
    rows.iter().map(f).collect()
}

#[async_trait::async_trait]
impl PlayerStore for PostgresStore {
    async fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "INSERT INTO accounts (name, name_key, password_hash, created) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING RETURNING id",
                &[&name, &name.to_lowercase(), &password_hash, &(now as i64)],
            )
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Account {
            id: row.try_get(0)?,
            name: name.to_string(),
            password_hash: password_hash.to_string(),
            created: now,
        }))
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!(
                "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1 AND deleted IS NULL"
            ))
            .await?;
        let row = c.query_opt(&st, &[&name.to_lowercase()]).await?;
        row.as_ref().map(account_row).transpose()
    }

    async fn account(&self, id: i64) -> Result<Option<Account>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!(
                "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND deleted IS NULL"
            ))
            .await?;
        let row = c.query_opt(&st, &[&id]).await?;
        row.as_ref().map(account_row).transpose()
    }

    async fn set_password(&self, id: i64, password_hash: &str) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "UPDATE accounts SET password_hash = $2 WHERE id = $1",
            &[&id, &password_hash],
        )
        .await?;
        Ok(())
    }

    async fn delete_account(&self, id: i64, now: u64) -> Result<(), StoreError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // the name is freed (its key made unique to this account), the hash forgotten
        tx.execute(
            "UPDATE accounts SET deleted = $2, name_key = 'deleted:' || id, password_hash = '' \
             WHERE id = $1",
            &[&id, &(now as i64)],
        )
        .await?;
        tx.execute("DELETE FROM sessions WHERE account = $1", &[&id])
            .await?;
        tx.execute("DELETE FROM seeks WHERE account = $1", &[&id])
            .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn create_session(
        &self,
        token_hash: &str,
        account: i64,
        now: u64,
    ) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            "INSERT INTO sessions (token_hash, account, created, last_seen) \
             VALUES ($1, $2, $3, $3)",
            &[&token_hash, &account, &(now as i64)],
        )
        .await?;
        Ok(())
    }

    async fn session(
        &self,
        token_hash: &str,
        now: u64,
        max_idle_ms: u64,
    ) -> Result<Option<Account>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(
                "SELECT a.id, a.name, a.password_hash, a.created, s.last_seen FROM sessions s \
                 JOIN accounts a ON a.id = s.account WHERE s.token_hash = $1 \
                 AND a.deleted IS NULL",
            )
            .await?;
        let Some(row) = c.query_opt(&st, &[&token_hash]).await? else {
            return Ok(None);
        };
        let last_seen = row.try_get::<_, i64>(4)? as u64;
        if now.saturating_sub(last_seen) > max_idle_ms {
            c.execute("DELETE FROM sessions WHERE token_hash = $1", &[&token_hash])
                .await?;
            return Ok(None);
        }
        // touched at most once a minute: a session read on every request writes rarely
        if now.saturating_sub(last_seen) > 60_000 {
            c.execute(
                "UPDATE sessions SET last_seen = $2 WHERE token_hash = $1",
                &[&token_hash, &(now as i64)],
            )
            .await?;
        }
        Ok(Some(account_row(&row)?))
    }

    async fn delete_session(&self, token_hash: &str) -> Result<u64, StoreError> {
        let c = self.client().await?;
        Ok(
            c.execute("DELETE FROM sessions WHERE token_hash = $1", &[&token_hash])
                .await?,
        )
    }

    async fn delete_sessions(&self, account: i64) -> Result<u64, StoreError> {
        let c = self.client().await?;
        Ok(
            c.execute("DELETE FROM sessions WHERE account = $1", &[&account])
                .await?,
        )
    }

    async fn claim_seats(&self, account: i64, token_hashes: &[String]) -> Result<u64, StoreError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let mut n = 0;
        for h in token_hashes {
            n += tx
                .execute(
                    "UPDATE seats SET account = $1 WHERE token_hash = $2 AND account IS NULL \
                     AND bot_level IS NULL",
                    &[&account, h],
                )
                .await?;
            tx.execute(
                "UPDATE results SET account = $1 WHERE account IS NULL AND (game, seat) IN \
                 (SELECT game, seat FROM seats WHERE token_hash = $2)",
                &[&account, h],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(n)
    }

    async fn record_results(
        &self,
        results: &[ResultRecord],
        ratings: &[RatingRecord],
        changes: &[RatingChange],
    ) -> Result<bool, StoreError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        for r in results {
            let n = tx
                .execute(
                    "INSERT INTO results (game, seat, account, pool, rated, score, place, \
                     players, finished) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                     ON CONFLICT (game, seat) DO NOTHING",
                    &[
                        &r.game,
                        &int(r.seat),
                        &r.account,
                        &r.pool,
                        &r.rated,
                        &r.score,
                        &int(r.place),
                        &int(r.players),
                        &(r.finished as i64),
                    ],
                )
                .await?;
            if n == 0 {
                // recorded before (a replayed end): nothing changes, nothing is counted twice
                tx.rollback().await?;
                return Ok(false);
            }
        }
        for r in ratings {
            tx.execute(
                "INSERT INTO ratings (account, pool, rating, deviation, volatility, games, \
                 updated) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account, pool) \
                 DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation, \
                 volatility = EXCLUDED.volatility, games = EXCLUDED.games, \
                 updated = EXCLUDED.updated",
                &[
                    &r.account,
                    &r.pool,
                    &r.rating,
                    &r.deviation,
                    &r.volatility,
                    &int(r.games),
                    &(r.updated as i64),
                ],
            )
            .await?;
        }
        for h in changes {
            tx.execute(
                "INSERT INTO rating_history (account, pool, game, at, rating, deviation, \
                 change) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
                &[
                    &h.account,
                    &h.pool,
                    &h.game,
                    &(h.at as i64),
                    &h.rating,
                    &h.deviation,
                    &h.change,
                ],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn rating(&self, account: i64, pool: &str) -> Result<Option<RatingRecord>, StoreError> {
        let c = self.client().await?;
        let st = c
            .prepare_cached(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE account = $1 AND pool = $2"
            ))
            .await?;
        let row = c.query_opt(&st, &[&account, &pool]).await?;
        row.as_ref().map(|r| rating_row(r, 0)).transpose()
    }

    async fn ratings(&self, account: i64) -> Result<Vec<RatingRecord>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!("SELECT {RATING_COLUMNS} FROM ratings WHERE account = $1 ORDER BY pool"),
                &[&account],
            )
            .await?;
        all(&rows, |r| rating_row(r, 0))
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<RatingChange>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE game = $1 ORDER BY account"
                ),
                &[&game],
            )
            .await?;
        all(&rows, change_row)
    }

    async fn rating_history(&self, account: i64) -> Result<Vec<RatingChange>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE account = $1 ORDER BY at"
                ),
                &[&account],
            )
            .await?;
        all(&rows, change_row)
    }

    async fn played(&self, account: i64, limit: usize) -> Result<Vec<PlayedGame>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT r.game, g.kind, r.pool, r.rated, r.score, r.place, r.players, \
                 r.finished FROM results r JOIN games g ON g.id = r.game WHERE r.account = $1 \
                 ORDER BY r.finished DESC LIMIT $2",
                &[&account, &(limit as i64)],
            )
            .await?;
        all(&rows, |r| {
            Ok(PlayedGame {
                game: r.try_get(0)?,
                kind: r.try_get(1)?,
                pool: r.try_get(2)?,
                rated: r.try_get(3)?,
                score: r.try_get(4)?,
                place: u32_at(r, 5)?,
                players: u32_at(r, 6)?,
                finished: r.try_get::<_, i64>(7)? as u64,
            })
        })
    }

    async fn leaderboard(
        &self,
        pool: &str,
        min_games: u32,
        limit: usize,
    ) -> Result<Vec<(String, RatingRecord)>, StoreError> {
        let c = self.client().await?;
        let columns: Vec<String> = RATING_COLUMNS
            .split(", ")
            .map(|c| format!("r.{c}"))
            .collect();
        let rows = c
            .query(
                &format!(
                    "SELECT a.name, {} FROM ratings r JOIN accounts a ON a.id = r.account \
                     WHERE r.pool = $1 AND r.games >= $2 AND a.deleted IS NULL \
                     ORDER BY r.rating DESC LIMIT $3",
                    columns.join(", ")
                ),
                &[&pool, &int(min_games), &(limit as i64)],
            )
            .await?;
        all(&rows, |r| {
            Ok((r.try_get::<_, String>(0)?, rating_row(r, 1)?))
        })
    }

    async fn games_between(
        &self,
        a: i64,
        b: i64,
        since: u64,
    ) -> Result<Vec<super::GameRecord>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE created >= $3 \
                     AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND seats.account = $1) \
                     AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND seats.account = $2)"
                ),
                &[&a, &b, &(since as i64)],
            )
            .await?;
        super::postgres::game_records(&rows)
    }

    async fn secret(&self, name: &str) -> Result<String, StoreError> {
        let key = format!("secret:{name}");
        let fresh = crate::ids::random_hex(32);
        let c = self.client().await?;
        c.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
            &[&key, &fresh],
        )
        .await?;
        let row = c
            .query_one("SELECT value FROM meta WHERE key = $1", &[&key])
            .await?;
        Ok(row.try_get(0)?)
    }

    async fn put_seek(&self, s: &SeekRecord) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            &format!("INSERT INTO seeks ({SEEK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"),
            &[
                &s.id,
                &s.owner,
                &s.name,
                &s.account,
                &s.rating,
                &s.spec,
                &(s.created as i64),
                &s.client,
            ],
        )
        .await?;
        Ok(())
    }

    async fn take_seek(&self, id: &str) -> Result<Option<SeekRecord>, StoreError> {
        let c = self.client().await?;
        // one statement: of two takers, only one gets the row back
        let row = c
            .query_opt(
                &format!("DELETE FROM seeks WHERE id = $1 RETURNING {SEEK_COLUMNS}"),
                &[&id],
            )
            .await?;
        row.as_ref().map(seek_row).transpose()
    }

    async fn remove_seeks_of(&self, owner: &str) -> Result<u64, StoreError> {
        let c = self.client().await?;
        Ok(c.execute("DELETE FROM seeks WHERE owner = $1", &[&owner])
            .await?)
    }

    async fn seeks(&self) -> Result<Vec<SeekRecord>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!("SELECT {SEEK_COLUMNS} FROM seeks ORDER BY created"),
                &[],
            )
            .await?;
        all(&rows, seek_row)
    }

    async fn daily_start(
        &self,
        day: &str,
        puzzle: &str,
        player: &str,
        now: u64,
    ) -> Result<u64, StoreError> {
        let c = self.client().await?;
        c.execute(
            "INSERT INTO daily_starts (day, puzzle, player, started) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
            &[&day, &puzzle, &player, &(now as i64)],
        )
        .await?;
        let row = c
            .query_one(
                "SELECT started FROM daily_starts WHERE day = $1 AND puzzle = $2 \
                 AND player = $3",
                &[&day, &puzzle, &player],
            )
            .await?;
        Ok(row.try_get::<_, i64>(0)? as u64)
    }

    async fn daily_result(&self, d: &DailyResult) -> Result<bool, StoreError> {
        let c = self.client().await?;
        let n = c
            .execute(
                &format!(
                    "INSERT INTO daily_results ({DAILY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, \
                     $7, $8) ON CONFLICT DO NOTHING"
                ),
                &[
                    &d.day,
                    &d.puzzle,
                    &d.player,
                    &d.name,
                    &d.account,
                    &int(d.moves),
                    &(d.ms as i64),
                    &(d.at as i64),
                ],
            )
            .await?;
        Ok(n == 1)
    }

    async fn daily_ranking(
        &self,
        day: &str,
        puzzle: &str,
        limit: usize,
    ) -> Result<Vec<DailyResult>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {DAILY_COLUMNS} FROM daily_results WHERE day = $1 AND puzzle = $2 \
                     ORDER BY moves, ms, at LIMIT $3"
                ),
                &[&day, &puzzle, &(limit as i64)],
            )
            .await?;
        all(&rows, daily_row)
    }

    async fn daily_days(&self, player: &str) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT DISTINCT day FROM daily_results WHERE player = $1 ORDER BY day DESC",
                &[&player],
            )
            .await?;
        all(&rows, |r| Ok(r.try_get::<_, String>(0)?))
    }
}
