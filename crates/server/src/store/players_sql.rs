//! The players stored once for both databases: every [`Dialect`] is a [`PlayerStore`].

use super::players::{
    Account, DailyResult, PlayedGame, PlayerStore, RatingChange, RatingRecord, ResultRecord,
    SeekRecord,
};
use super::sql::{Arg, Dialect, Step, first};
use super::statements as st;
use super::{GameRecord, StoreError, rows};

pub(super) fn rating_args(r: &RatingRecord) -> Vec<Arg> {
    vec![
        Arg::Big(Some(r.account)),
        Arg::text(&r.pool),
        Arg::Real(r.rating),
        Arg::Real(r.deviation),
        Arg::Real(r.volatility),
        Arg::int(r.games),
        Arg::big(r.updated),
    ]
}

fn change_args(h: &RatingChange) -> Vec<Arg> {
    vec![
        Arg::Big(Some(h.account)),
        Arg::text(&h.pool),
        Arg::text(&h.game),
        Arg::big(h.at),
        Arg::Real(h.rating),
        Arg::Real(h.deviation),
        Arg::Real(h.change),
    ]
}

fn result_args(r: &ResultRecord) -> Vec<Arg> {
    vec![
        Arg::text(&r.game),
        Arg::int(r.seat),
        Arg::id(r.account),
        Arg::text(&r.pool),
        Arg::Flag(r.rated),
        Arg::Real(r.score),
        Arg::int(r.place),
        Arg::int(r.players),
        Arg::big(r.finished),
    ]
}

#[async_trait::async_trait]
impl<D: Dialect> PlayerStore for D {
    async fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError> {
        let args = vec![
            Arg::text(name),
            Arg::text(&name.to_lowercase()),
            Arg::text(password_hash),
            Arg::big(now),
        ];
        let Some(row) = first(self, st::CREATE_ACCOUNT, args).await? else {
            return Ok(None); // the name is taken
        };
        Ok(Some(Account {
            id: row.big(0)?,
            name: name.to_string(),
            password_hash: password_hash.to_string(),
            created: now,
        }))
    }

    async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let args = vec![Arg::text(&name.to_lowercase())];
        first(self, st::ACCOUNT_BY_NAME, args)
            .await?
            .as_ref()
            .map(rows::account)
            .transpose()
    }

    async fn account(&self, id: i64) -> Result<Option<Account>, StoreError> {
        first(self, st::ACCOUNT, vec![Arg::Big(Some(id))])
            .await?
            .as_ref()
            .map(rows::account)
            .transpose()
    }

    async fn set_password(&self, id: i64, password_hash: &str) -> Result<(), StoreError> {
        let args = vec![Arg::Big(Some(id)), Arg::text(password_hash)];
        self.exec(st::SET_PASSWORD, args).await.map(drop)
    }

    async fn delete_account(&self, id: i64, now: u64) -> Result<(), StoreError> {
        let who = || vec![Arg::Big(Some(id))];
        self.transaction(vec![
            Step::new(st::DELETE_ACCOUNT, vec![Arg::Big(Some(id)), Arg::big(now)]),
            Step::new(st::DELETE_SESSIONS, who()),
            Step::new(st::DELETE_SEEKS_OF_ACCOUNT, who()),
        ])
        .await
        .map(drop)
    }

    async fn create_session(
        &self,
        token_hash: &str,
        account: i64,
        now: u64,
    ) -> Result<(), StoreError> {
        let args = vec![
            Arg::text(token_hash),
            Arg::Big(Some(account)),
            Arg::big(now),
        ];
        self.exec(st::CREATE_SESSION, args).await.map(drop)
    }

    async fn session(
        &self,
        token_hash: &str,
        now: u64,
        max_idle_ms: u64,
    ) -> Result<Option<Account>, StoreError> {
        let Some(row) = first(self, st::SESSION, vec![Arg::text(token_hash)]).await? else {
            return Ok(None);
        };
        let last_seen = row.time(4)?;
        if now.saturating_sub(last_seen) > max_idle_ms {
            self.exec(st::DELETE_SESSION, vec![Arg::text(token_hash)])
                .await?;
            return Ok(None);
        }
        // touched at most once a minute: a session read on every request writes rarely
        if now.saturating_sub(last_seen) > 60_000 {
            let args = vec![Arg::text(token_hash), Arg::big(now)];
            self.exec(st::TOUCH_SESSION, args).await?;
        }
        Ok(Some(rows::account(&row)?))
    }

    async fn delete_session(&self, token_hash: &str) -> Result<u64, StoreError> {
        self.exec(st::DELETE_SESSION, vec![Arg::text(token_hash)])
            .await
    }

    async fn delete_sessions(&self, account: i64) -> Result<u64, StoreError> {
        self.exec(st::DELETE_SESSIONS, vec![Arg::Big(Some(account))])
            .await
    }

    async fn claim_seats(&self, account: i64, token_hashes: &[String]) -> Result<u64, StoreError> {
        let mut steps = Vec::new();
        for h in token_hashes {
            let args = vec![Arg::Big(Some(account)), Arg::text(h)];
            steps.push(Step::new(st::CLAIM_SEAT, args.clone()));
            steps.push(Step::new(st::CLAIM_RESULTS, args));
        }
        let counts = self.transaction(steps).await?.unwrap_or_default();
        // the seats claimed (every other count is of results)
        Ok(counts.iter().step_by(2).sum())
    }

    async fn record_results(
        &self,
        results: &[ResultRecord],
        ratings: &[RatingRecord],
        changes: &[RatingChange],
    ) -> Result<bool, StoreError> {
        // a result recorded before (a replayed end) undoes the rest: nothing is counted twice
        let mut steps: Vec<Step> = results
            .iter()
            .map(|r| Step::must_change(st::RECORD_RESULT, result_args(r)))
            .collect();
        steps.extend(
            ratings
                .iter()
                .map(|r| Step::new(st::PUT_RATING, rating_args(r))),
        );
        steps.extend(
            changes
                .iter()
                .map(|h| Step::new(st::RECORD_CHANGE, change_args(h))),
        );
        Ok(self.transaction(steps).await?.is_some())
    }

    async fn rating(&self, account: i64, pool: &str) -> Result<Option<RatingRecord>, StoreError> {
        let args = vec![Arg::Big(Some(account)), Arg::text(pool)];
        first(self, st::RATING, args)
            .await?
            .map(|r| rows::rating(&r, 0))
            .transpose()
    }

    async fn ratings(&self, account: i64) -> Result<Vec<RatingRecord>, StoreError> {
        let found = self
            .rows(st::RATINGS, vec![Arg::Big(Some(account))])
            .await?;
        rows::all(&found, |r| rows::rating(r, 0))
    }

    async fn game_ratings(&self, game: &str) -> Result<Vec<RatingChange>, StoreError> {
        rows::all(
            &self.rows(st::GAME_RATINGS, vec![Arg::text(game)]).await?,
            rows::change,
        )
    }

    async fn rating_history(&self, account: i64) -> Result<Vec<RatingChange>, StoreError> {
        let found = self
            .rows(st::RATING_HISTORY, vec![Arg::Big(Some(account))])
            .await?;
        rows::all(&found, rows::change)
    }

    async fn played(&self, account: i64, limit: usize) -> Result<Vec<PlayedGame>, StoreError> {
        let args = vec![Arg::Big(Some(account)), Arg::big(limit as u64)];
        rows::all(&self.rows(st::PLAYED, args).await?, rows::played)
    }

    async fn pool_sizes(&self, min_games: u32) -> Result<Vec<(String, u64)>, StoreError> {
        let args = vec![Arg::int(min_games)];
        rows::all(&self.rows(st::POOL_SIZES, args).await?, |r| {
            Ok((r.text(0)?, r.big(1)?.max(0) as u64))
        })
    }

    async fn leaderboard(
        &self,
        pool: &str,
        min_games: u32,
        limit: usize,
    ) -> Result<Vec<(String, RatingRecord)>, StoreError> {
        let args = vec![Arg::text(pool), Arg::int(min_games), Arg::big(limit as u64)];
        rows::all(&self.rows(st::LEADERBOARD, args).await?, |r| {
            Ok((r.text(0)?, rows::rating(r, 1)?))
        })
    }

    async fn games_between(
        &self,
        a: i64,
        b: i64,
        since: u64,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let args = vec![Arg::Big(Some(a)), Arg::Big(Some(b)), Arg::big(since)];
        rows::all(&self.rows(st::GAMES_BETWEEN, args).await?, rows::game)
    }

    async fn secret(&self, name: &str) -> Result<String, StoreError> {
        let key = format!("secret:{name}");
        let fresh = crate::ids::random_hex(32);
        self.exec(st::MAKE_SECRET, vec![Arg::text(&key), Arg::text(&fresh)])
            .await?;
        first(self, st::SECRET, vec![Arg::text(&key)])
            .await?
            .ok_or_else(|| StoreError::Refused(format!("the secret {name} was not kept")))?
            .text(0)
    }

    async fn put_seek(&self, s: &SeekRecord) -> Result<(), StoreError> {
        let args = vec![
            Arg::text(&s.id),
            Arg::text(&s.owner),
            Arg::text(&s.name),
            Arg::id(s.account),
            Arg::Big(s.rating),
            Arg::text(&s.spec),
            Arg::big(s.created),
            Arg::text(&s.client),
        ];
        self.exec(st::PUT_SEEK, args).await.map(drop)
    }

    async fn take_seek(&self, id: &str) -> Result<Option<SeekRecord>, StoreError> {
        first(self, st::TAKE_SEEK, vec![Arg::text(id)])
            .await?
            .as_ref()
            .map(rows::seek)
            .transpose()
    }

    async fn remove_seeks_of(&self, owner: &str) -> Result<u64, StoreError> {
        self.exec(st::REMOVE_SEEKS_OF, vec![Arg::text(owner)]).await
    }

    async fn seeks(&self) -> Result<Vec<SeekRecord>, StoreError> {
        rows::all(&self.rows(st::SEEKS, vec![]).await?, rows::seek)
    }

    async fn daily_start(
        &self,
        day: &str,
        puzzle: &str,
        player: &str,
        now: u64,
    ) -> Result<u64, StoreError> {
        let who = || vec![Arg::text(day), Arg::text(puzzle), Arg::text(player)];
        let mut args = who();
        args.push(Arg::big(now));
        self.exec(st::DAILY_START, args).await?;
        first(self, st::DAILY_STARTED, who())
            .await?
            .ok_or_else(|| StoreError::Refused("a daily start was not kept".into()))?
            .time(0)
    }

    async fn daily_result(&self, d: &DailyResult) -> Result<bool, StoreError> {
        let args = vec![
            Arg::text(&d.day),
            Arg::text(&d.puzzle),
            Arg::text(&d.player),
            Arg::text(&d.name),
            Arg::id(d.account),
            Arg::int(d.moves),
            Arg::big(d.ms),
            Arg::big(d.at),
        ];
        Ok(self.exec(st::DAILY_RESULT, args).await? == 1)
    }

    async fn daily_ranking(
        &self,
        day: &str,
        puzzle: &str,
        limit: usize,
    ) -> Result<Vec<DailyResult>, StoreError> {
        let args = vec![Arg::text(day), Arg::text(puzzle), Arg::big(limit as u64)];
        rows::all(&self.rows(st::DAILY_RANKING, args).await?, rows::daily)
    }

    async fn daily_days(&self, player: &str) -> Result<Vec<String>, StoreError> {
        let found = self.rows(st::DAILY_DAYS, vec![Arg::text(player)]).await?;
        rows::all(&found, |r| r.text(0))
    }
}
