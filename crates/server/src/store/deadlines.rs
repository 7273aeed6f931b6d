//! Games' deadlines, stored once for both databases (every [`Dialect`] is a
//! [`DeadlineStore`]): the next time each game being played changes by itself, whether or not a
//! room holds it in memory (issue #54). A room writes its game's deadline with the action that
//! moved it (see [`Due`], passed to [`super::GameStore::append`]); a game started without a
//! room (a tournament's pairing) has its first one written as it starts; every node's sweeper
//! reads the games whose time has come ([`DeadlineStore::due_games`]) and opens their rooms,
//! which catch up with the overdue deadline as they load.

use super::StoreError;
use super::sql::{Arg, Dialect};

/// What an appended action does to its game's stored deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Due {
    /// Leaves it as it is (the action did not move it).
    #[default]
    Same,
    /// The game next changes by itself at this time (ms since the Unix epoch).
    At(u64),
    /// The game no longer changes by itself (over, closed, or waiting on no clock).
    Never,
}

impl Due {
    /// The deadline `next` as a change from `written` (what the store holds, `None` when not
    /// known): [`Due::Same`] when the store already holds it.
    pub fn from_change(written: Option<Option<u64>>, next: Option<u64>) -> Due {
        match (written, next) {
            (Some(w), n) if w == n => Due::Same,
            (_, Some(t)) => Due::At(t),
            (_, None) => Due::Never,
        }
    }

    /// The stored value this change writes (`None` for no deadline), unless it writes none.
    pub fn written(self) -> Option<Option<u64>> {
        match self {
            Due::Same => None,
            Due::At(t) => Some(Some(t)),
            Due::Never => Some(None),
        }
    }
}

/// The statement that writes a game's deadline (`?1` the game, `?2` the time or NULL).
pub(super) const PUT_DEADLINE: &str = "INSERT INTO deadlines (game, due) VALUES (?1, ?2) \
     ON CONFLICT (game) DO UPDATE SET due = excluded.due";

/// Games' deadlines.
#[async_trait::async_trait]
pub trait DeadlineStore: Send + Sync {
    /// Game `game` next changes by itself at `due` (none: never, by itself).
    async fn put_deadline(&self, game: &str, due: Option<u64>) -> Result<(), StoreError>;
    /// Games being played whose deadline is at or before `before`, the most overdue first (at
    /// most `n`).
    async fn due_games(&self, before: u64, n: usize) -> Result<Vec<String>, StoreError>;
    /// A game's stored deadline (`None` when it has none, or no row).
    async fn deadline(&self, game: &str) -> Result<Option<u64>, StoreError>;
}

#[async_trait::async_trait]
impl<D: Dialect> DeadlineStore for D {
    async fn put_deadline(&self, game: &str, due: Option<u64>) -> Result<(), StoreError> {
        let due = Arg::Big(due.map(|t| t as i64));
        self.exec(PUT_DEADLINE, vec![Arg::text(game), due]).await?;
        Ok(())
    }

    async fn due_games(&self, before: u64, n: usize) -> Result<Vec<String>, StoreError> {
        let rows = self
            .rows(
                "SELECT d.game FROM deadlines d JOIN games g ON g.id = d.game \
                 WHERE d.due IS NOT NULL AND d.due <= ?1 AND g.status = 'playing' \
                 ORDER BY d.due LIMIT ?2",
                vec![Arg::big(before), Arg::big(n as u64)],
            )
            .await?;
        rows.iter().map(|r| r.text(0)).collect()
    }

    async fn deadline(&self, game: &str) -> Result<Option<u64>, StoreError> {
        let row = super::sql::first(
            self,
            "SELECT due FROM deadlines WHERE game = ?1",
            vec![Arg::text(game)],
        )
        .await?;
        match row {
            Some(r) => Ok(r.opt_time(0)?),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Due;

    #[test]
    fn a_deadline_is_written_only_when_it_moves() {
        assert_eq!(Due::from_change(Some(Some(5)), Some(5)), Due::Same);
        assert_eq!(Due::from_change(Some(None), None), Due::Same);
        assert_eq!(Due::from_change(Some(Some(5)), Some(7)), Due::At(7));
        assert_eq!(Due::from_change(Some(Some(5)), None), Due::Never);
        // not known what the store holds: written whatever it is
        assert_eq!(Due::from_change(None, Some(5)), Due::At(5));
        assert_eq!(Due::from_change(None, None), Due::Never);
        assert_eq!(Due::At(3).written(), Some(Some(3)));
        assert_eq!(Due::Never.written(), Some(None));
        assert_eq!(Due::Same.written(), None);
    }
}
