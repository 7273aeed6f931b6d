//! The games stored once for both databases: every [`Dialect`] is a [`GameStore`].

use super::sql::{Arg, Dialect, first, placeholders};
use super::statements as st;
use super::{Due, GameRecord, GameStore, LogEntry, SeatRecord, StoreError, rows};
use crate::model::{GameConfig, Status};

#[async_trait::async_trait]
impl<D: Dialect> GameStore for D {
    async fn create_game(&self, g: &GameRecord) -> Result<(), StoreError> {
        let args = vec![
            Arg::text(&g.id),
            Arg::text(g.kind.name()),
            Arg::json(&g.config),
            Arg::Big(Some(g.seed as i64)),
            Arg::big(g.created),
            Arg::Big(g.started.map(|s| s as i64)),
            Arg::text(g.status.name()),
            Arg::big(g.updated),
        ];
        self.exec(st::CREATE_GAME, args).await?;
        self.game_created()
    }

    async fn put_seat(&self, game: &str, s: &SeatRecord) -> Result<(), StoreError> {
        let args = vec![
            Arg::text(game),
            Arg::int(s.seat),
            Arg::text(&s.name),
            Arg::text(&s.token_hash),
            Arg::Int(s.bot_level.map(i32::from)),
            Arg::id(s.account),
        ];
        self.exec(st::PUT_SEAT, args).await.map(drop)
    }

    async fn remove_seat(&self, game: &str, seat: u32) -> Result<(), StoreError> {
        self.exec(st::REMOVE_SEAT, vec![Arg::text(game), Arg::int(seat)])
            .await
            .map(drop)
    }

    async fn start_game(
        &self,
        id: &str,
        config: &GameConfig,
        started: u64,
    ) -> Result<(), StoreError> {
        let args = vec![Arg::text(id), Arg::json(config), Arg::big(started)];
        self.exec(st::START_GAME, args).await.map(drop)
    }

    async fn set_config(&self, id: &str, config: &GameConfig) -> Result<(), StoreError> {
        self.exec(st::SET_CONFIG, vec![Arg::text(id), Arg::json(config)])
            .await
            .map(drop)
    }

    async fn append(&self, game: &str, entry: &LogEntry, due: Due) -> Result<(), StoreError> {
        self.log_append(game, entry, due).await
    }

    async fn set_status(&self, id: &str, status: Status, at: u64) -> Result<(), StoreError> {
        let args = vec![Arg::text(id), Arg::text(status.name()), Arg::big(at)];
        self.exec(st::SET_STATUS, args).await.map(drop)
    }

    async fn game(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        first(self, st::GAME, vec![Arg::text(id)])
            .await?
            .as_ref()
            .map(rows::game)
            .transpose()
    }

    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        rows::all(
            &self.rows(st::SEATS, vec![Arg::text(id)]).await?,
            rows::seat,
        )
    }

    async fn log(&self, id: &str) -> Result<Vec<LogEntry>, StoreError> {
        rows::all(&self.rows(st::LOG, vec![Arg::text(id)]).await?, rows::entry)
    }

    async fn games_with_status(&self, statuses: &[Status]) -> Result<Vec<GameRecord>, StoreError> {
        // one bound value per status: no status text is ever spliced into SQL
        let sql = format!(
            "{}({}) ORDER BY created",
            st::GAMES_WITH_STATUS,
            placeholders(1, statuses.len())
        );
        let args = statuses.iter().map(|s| Arg::text(s.name())).collect();
        rows::all(&self.rows(&sql, args).await?, rows::game)
    }

    async fn recent_finished(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let args = vec![Arg::big(limit as u64)];
        rows::all(&self.rows(st::RECENT_FINISHED, args).await?, rows::game)
    }

    async fn playing(&self, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let args = vec![Arg::big(limit as u64)];
        rows::all(&self.rows(st::PLAYING, args).await?, rows::game)
    }

    async fn games_after(&self, after: &str, limit: usize) -> Result<Vec<GameRecord>, StoreError> {
        let args = vec![Arg::text(after), Arg::big(limit as u64)];
        rows::all(&self.rows(st::GAMES_AFTER, args).await?, rows::game)
    }

    async fn put_review(&self, game: &str, made: u64, body: &str) -> Result<bool, StoreError> {
        let args = vec![Arg::text(game), Arg::big(made), Arg::text(body)];
        Ok(self.exec(st::PUT_REVIEW, args).await? == 1)
    }

    async fn review(&self, game: &str) -> Result<Option<String>, StoreError> {
        match super::sql::first(self, st::REVIEW, vec![Arg::text(game)]).await? {
            Some(row) => Ok(Some(row.text(0)?)),
            None => Ok(None),
        }
    }
}
