//! Correspondence games' turns, stored once for both databases (every [`Dialect`] is a
//! [`TurnStore`]): the account each game waits for and when its time runs out, written by the
//! game's room after every move. A finished game's row stays; every read keeps to games
//! being played.

use super::StoreError;
use super::sql::{Arg, Dialect};
use crate::model::Kind;

/// A correspondence game waiting for an account's move.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnRecord {
    /// The game.
    pub game: String,
    /// Its kind.
    pub kind: Kind,
    /// When the mover's time runs out.
    pub deadline: u64,
    /// The other player's name.
    pub opponent: String,
    /// The account's seat in it.
    pub seat: u32,
    /// That seat's token's hash (a seat whose token is derived from the server's secret can
    /// be handed to the player on any device).
    pub token_hash: String,
}

/// Correspondence games' turns.
#[async_trait::async_trait]
pub trait TurnStore: Send + Sync {
    /// Game `game` now waits for `account`'s move (none: a guest's) until `deadline`.
    async fn put_turn(
        &self,
        game: &str,
        account: Option<i64>,
        deadline: u64,
    ) -> Result<(), StoreError>;
    /// The games being played that wait for `account`'s move, the most urgent first.
    async fn turns_of(&self, account: i64) -> Result<Vec<TurnRecord>, StoreError>;
}

#[async_trait::async_trait]
impl<D: Dialect> TurnStore for D {
    async fn put_turn(
        &self,
        game: &str,
        account: Option<i64>,
        deadline: u64,
    ) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO turns (game, account, deadline) VALUES (?1, ?2, ?3) \
             ON CONFLICT (game) DO UPDATE SET account = excluded.account, deadline = excluded.deadline",
            vec![Arg::text(game), Arg::id(account), Arg::big(deadline)],
        )
        .await?;
        Ok(())
    }

    async fn turns_of(&self, account: i64) -> Result<Vec<TurnRecord>, StoreError> {
        let rows = self
            .rows(
                "SELECT t.game, g.kind, t.deadline, \
                 (SELECT s.name FROM seats s WHERE s.game = t.game \
                  AND (s.account IS NULL OR s.account <> ?1) ORDER BY s.seat LIMIT 1), \
                 m.seat, m.token_hash \
                 FROM turns t JOIN games g ON g.id = t.game \
                 JOIN seats m ON m.game = t.game AND m.account = t.account \
                 WHERE t.account = ?1 AND g.status = 'playing' ORDER BY t.deadline LIMIT 100",
                vec![Arg::id(Some(account))],
            )
            .await?;
        rows.iter()
            .map(|r| {
                let kind = r.text(1)?;
                Ok(TurnRecord {
                    game: r.text(0)?,
                    kind: Kind::parse(&kind).ok_or_else(|| {
                        StoreError::Refused(format!("a game of unknown kind {kind:?}"))
                    })?,
                    deadline: r.time(2)?,
                    opponent: r.opt_text(3)?.unwrap_or_default(),
                    seat: r.count(4)?,
                    token_hash: r.text(5)?,
                })
            })
            .collect()
    }
}
