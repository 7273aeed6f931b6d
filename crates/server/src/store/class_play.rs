//! What a class's tasks are judged by (issue #55), stored once for both databases (every
//! [`Dialect`] is a [`PlayRecords`]): the solo cards met (a solo run has no results rows, and a
//! task asks for cards solved in their minimum), read with the puzzles solved and the games
//! finished, per student since an assignment was given.

use super::StoreError;
use super::sql::{Arg, Dialect};

/// A solo card met.
#[derive(Clone, Debug, PartialEq)]
pub struct CardSolve {
    /// The solo game.
    pub game: String,
    /// The card's place in the run.
    pub card: u32,
    /// Who met it.
    pub account: i64,
    /// `checkmates` or `royal`.
    pub deck: String,
    /// The moves it took.
    pub moves: u32,
    /// The fewest moves from its start, when the solver knows.
    pub optimum: Option<u32>,
    /// Time spent on it (ms).
    pub ms: u64,
    /// When it was met.
    pub at: u64,
}

/// A puzzle an account solved at its first rated try.
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedPuzzle {
    /// Its id.
    pub puzzle: String,
    /// `quickchess` or `querni`.
    pub game: String,
    /// Its themes.
    pub themes: Vec<String>,
    /// Its rating now.
    pub rating: f64,
    /// When it was solved.
    pub at: u64,
}

/// A puzzle an account tried (its first rated try), as its teacher sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleTry {
    /// The puzzle's id.
    pub puzzle: String,
    /// `quickchess` or `querni`.
    pub game: String,
    /// Its themes.
    pub themes: Vec<String>,
    /// Its rating now.
    pub rating: f64,
    /// Whether it was solved.
    pub solved: bool,
    /// When.
    pub at: u64,
}

/// Who sat at another seat of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Opponent {
    /// Its account, if a signed-in player sat there.
    pub account: Option<i64>,
    /// Its level, if the computer played it.
    pub bot_level: Option<u32>,
}

/// A game an account finished, with what a task asks of it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// Its id.
    pub game: String,
    /// Its kind (`quickchess`, ...).
    pub kind: String,
    /// Its stored configuration (JSON: the variant and the start position are in it).
    pub config: String,
    /// The account's score: 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
    /// When it started.
    pub started: Option<u64>,
    /// When it ended.
    pub finished: u64,
    /// The other seats.
    pub opponents: Vec<Opponent>,
}

/// The most records of one kind read for one student (a student who played more since an
/// assignment was given has met its counts long before).
pub const READ_AT_MOST: usize = 5000;

/// A puzzle's themes as stored (a comma-separated list).
fn themes_of(stored: &str) -> Vec<String> {
    stored
        .split(',')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// The records of a student's play that tasks are judged by.
#[async_trait::async_trait]
pub trait PlayRecords: Send + Sync {
    /// Records a solo card met (again: the fewer moves are kept).
    async fn put_card_solve(&self, solve: &CardSolve) -> Result<(), StoreError>;
    /// The cards an account met since `since`, oldest first.
    async fn card_solves(&self, account: i64, since: u64) -> Result<Vec<CardSolve>, StoreError>;
    /// The puzzles an account solved at its first rated try since `since`, oldest first.
    async fn solved_puzzles(
        &self,
        account: i64,
        since: u64,
    ) -> Result<Vec<SolvedPuzzle>, StoreError>;
    /// An account's latest puzzle tries (first rated tries), newest first, at most `limit`.
    async fn puzzle_tries(&self, account: i64, limit: u32) -> Result<Vec<PuzzleTry>, StoreError>;
    /// The games an account finished since `since`, oldest first.
    async fn finished_games(
        &self,
        account: i64,
        since: u64,
    ) -> Result<Vec<FinishedGame>, StoreError>;
}

#[async_trait::async_trait]
impl<D: Dialect> PlayRecords for D {
    async fn put_card_solve(&self, s: &CardSolve) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO card_solves (game, card, account, deck, moves, optimum, ms, at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (game, card) DO UPDATE \
             SET moves = ?5, ms = ?7, at = ?8 WHERE card_solves.moves > ?5",
            vec![
                Arg::text(&s.game),
                Arg::int(s.card),
                Arg::id(Some(s.account)),
                Arg::text(&s.deck),
                Arg::int(s.moves),
                Arg::Int(s.optimum.map(|n| i32::try_from(n).unwrap_or(i32::MAX))),
                Arg::big(s.ms),
                Arg::big(s.at),
            ],
        )
        .await?;
        Ok(())
    }

    async fn card_solves(&self, account: i64, since: u64) -> Result<Vec<CardSolve>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT game, card, account, deck, moves, optimum, ms, at FROM card_solves \
                     WHERE account = ?1 AND at >= ?2 ORDER BY at, game, card LIMIT {READ_AT_MOST}"
                ),
                vec![Arg::id(Some(account)), Arg::big(since)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(CardSolve {
                    game: r.text(0)?,
                    card: r.count(1)?,
                    account: r.big(2)?,
                    deck: r.text(3)?,
                    moves: r.count(4)?,
                    optimum: r.opt_count(5)?,
                    ms: r.time(6)?,
                    at: r.time(7)?,
                })
            })
            .collect()
    }

    async fn solved_puzzles(
        &self,
        account: i64,
        since: u64,
    ) -> Result<Vec<SolvedPuzzle>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT p.id, p.game, p.themes, p.rating, a.at FROM puzzle_attempts a \
                     JOIN puzzles p ON p.id = a.puzzle \
                     WHERE a.account = ?1 AND a.at >= ?2 AND a.solved <> 0 \
                     ORDER BY a.at, p.id LIMIT {READ_AT_MOST}"
                ),
                vec![Arg::id(Some(account)), Arg::big(since)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(SolvedPuzzle {
                    puzzle: r.text(0)?,
                    game: r.text(1)?,
                    themes: themes_of(&r.text(2)?),
                    rating: r.real(3)?,
                    at: r.time(4)?,
                })
            })
            .collect()
    }

    async fn puzzle_tries(&self, account: i64, limit: u32) -> Result<Vec<PuzzleTry>, StoreError> {
        let rows = self
            .rows(
                "SELECT p.id, p.game, p.themes, p.rating, a.solved, a.at FROM puzzle_attempts a \
                 JOIN puzzles p ON p.id = a.puzzle WHERE a.account = ?1 \
                 ORDER BY a.at DESC, p.id LIMIT ?2",
                vec![Arg::id(Some(account)), Arg::big(u64::from(limit))],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(PuzzleTry {
                    puzzle: r.text(0)?,
                    game: r.text(1)?,
                    themes: themes_of(&r.text(2)?),
                    rating: r.real(3)?,
                    solved: r.flag(4)?,
                    at: r.time(5)?,
                })
            })
            .collect()
    }

    async fn finished_games(
        &self,
        account: i64,
        since: u64,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT r.game, g.kind, g.config, r.score, g.started, r.finished, \
                     o.account, o.bot_level FROM \
                     (SELECT game, seat, score, finished FROM results \
                      WHERE account = ?1 AND finished >= ?2 \
                      ORDER BY finished, game LIMIT {READ_AT_MOST}) r \
                     JOIN games g ON g.id = r.game \
                     LEFT JOIN seats o ON o.game = r.game AND o.seat <> r.seat \
                     ORDER BY r.finished, r.game, o.seat"
                ),
                vec![Arg::id(Some(account)), Arg::big(since)],
            )
            .await?;
        let mut out: Vec<FinishedGame> = Vec::new();
        for r in &rows {
            let game = r.text(0)?;
            let opponent = match (r.opt_big(6)?, r.opt_count(7)?) {
                (None, None) => None,
                (account, bot_level) => Some(Opponent { account, bot_level }),
            };
            if let Some(last) = out.last_mut().filter(|g| g.game == game) {
                last.opponents.extend(opponent);
                continue;
            }
            out.push(FinishedGame {
                game,
                kind: r.text(1)?,
                config: r.text(2)?,
                score: r.real(3)?,
                started: r.opt_time(4)?,
                finished: r.time(5)?,
                opponents: opponent.into_iter().collect(),
            });
        }
        Ok(out)
    }
}
