//! Challenges, stored once for both databases (every [`Dialect`] is a [`ChallengeStore`]):
//! who asked whom to play what, and what became of it. A change of state happens once: each
//! is a conditional update from `open`, so of an accept and a cancel at once only one wins.

use super::StoreError;
use super::sql::{Arg, Dialect, Row, first};

/// A stored challenge.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRecord {
    /// Its id.
    pub id: String,
    /// Who asks.
    pub challenger: i64,
    /// Who is asked.
    pub challenged: i64,
    /// The game asked for (the server's `ChallengeSpec`, as JSON).
    pub spec: String,
    /// `open`, `accepted`, `declined`, `cancelled` (an open one past `expires` has expired).
    pub status: String,
    /// When it was made.
    pub created: u64,
    /// When it lapses unless answered.
    pub expires: u64,
    /// The game made when it was accepted.
    pub game: Option<String>,
}

/// Challenges.
#[async_trait::async_trait]
pub trait ChallengeStore: Send + Sync {
    /// Records a new challenge.
    async fn put_challenge(&self, c: &ChallengeRecord) -> Result<(), StoreError>;
    /// A challenge by id.
    async fn challenge(&self, id: &str) -> Result<Option<ChallengeRecord>, StoreError>;
    /// The challenges to or from `account` still open at `now` or answered since `since`,
    /// newest first (at most 50).
    async fn challenges_of(
        &self,
        account: i64,
        now: u64,
        since: u64,
    ) -> Result<Vec<ChallengeRecord>, StoreError>;
    /// Moves an open challenge (not expired at `now`) to `status`, with its game if accepted:
    /// whether it was open.
    async fn answer_challenge(
        &self,
        id: &str,
        status: &str,
        game: Option<&str>,
        now: u64,
    ) -> Result<bool, StoreError>;
}

const COLUMNS: &str = "id, challenger, challenged, spec, status, created, expires, game";

fn row(r: &Row) -> Result<ChallengeRecord, StoreError> {
    Ok(ChallengeRecord {
        id: r.text(0)?,
        challenger: r.big(1)?,
        challenged: r.big(2)?,
        spec: r.text(3)?,
        status: r.text(4)?,
        created: r.time(5)?,
        expires: r.time(6)?,
        game: r.opt_text(7)?,
    })
}

#[async_trait::async_trait]
impl<D: Dialect> ChallengeStore for D {
    async fn put_challenge(&self, c: &ChallengeRecord) -> Result<(), StoreError> {
        self.exec(
            &format!("INSERT INTO challenges ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
            vec![
                Arg::text(&c.id),
                Arg::id(Some(c.challenger)),
                Arg::id(Some(c.challenged)),
                Arg::text(&c.spec),
                Arg::text(&c.status),
                Arg::big(c.created),
                Arg::big(c.expires),
                Arg::Text(c.game.clone()),
            ],
        )
        .await?;
        Ok(())
    }

    async fn challenge(&self, id: &str) -> Result<Option<ChallengeRecord>, StoreError> {
        first(
            self,
            &format!("SELECT {COLUMNS} FROM challenges WHERE id = ?1"),
            vec![Arg::text(id)],
        )
        .await?
        .as_ref()
        .map(row)
        .transpose()
    }

    async fn challenges_of(
        &self,
        account: i64,
        now: u64,
        since: u64,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT {COLUMNS} FROM challenges \
                     WHERE (challenger = ?1 OR challenged = ?1) \
                     AND ((status = 'open' AND expires > ?2) OR created >= ?3) \
                     ORDER BY created DESC LIMIT 50"
                ),
                vec![Arg::id(Some(account)), Arg::big(now), Arg::big(since)],
            )
            .await?;
        rows.iter().map(row).collect()
    }

    async fn answer_challenge(
        &self,
        id: &str,
        status: &str,
        game: Option<&str>,
        now: u64,
    ) -> Result<bool, StoreError> {
        Ok(self
            .exec(
                "UPDATE challenges SET status = ?2, game = ?3 \
                 WHERE id = ?1 AND status = 'open' AND expires > ?4",
                vec![
                    Arg::text(id),
                    Arg::text(status),
                    Arg::Text(game.map(str::to_string)),
                    Arg::big(now),
                ],
            )
            .await?
            == 1)
    }
}
