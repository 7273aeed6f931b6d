//! Puzzles and players' tries at them, stored once for both databases: every [`Dialect`] is a
//! [`PuzzleStore`].

use super::StoreError;
use super::players::RatingRecord;
use super::players_sql::rating_args;
use super::sql::{Arg, Dialect, Row, Step, first};
use super::statements as st;

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRecord {
    /// Its id.
    pub id: String,
    /// `quickchess` or `querni`.
    pub game: String,
    /// The position the solver faces (FEN, or Tabula's Querni notation).
    pub position: String,
    /// The move that led to it, if known.
    pub last: Option<String>,
    /// The solution: UCI moves (the solver's, the replies between), or one Querni turn.
    pub solution: Vec<String>,
    /// Its themes.
    pub themes: Vec<String>,
    /// Its Glicko-2 rating.
    pub rating: f64,
    /// The rating's deviation.
    pub deviation: f64,
    /// The rating's volatility.
    pub volatility: f64,
    /// How many signed-in players have tried it.
    pub plays: u64,
    /// The game it was cut from (`None`: the starter set).
    pub source: Option<String>,
}

/// A signed-in player's finished try at a puzzle, with both new ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleTry {
    /// The player.
    pub account: i64,
    /// The puzzle.
    pub puzzle: String,
    /// Whether it was solved.
    pub solved: bool,
    /// When.
    pub at: u64,
    /// The player's puzzle rating after it.
    pub player: RatingRecord,
    /// The puzzle's rating after it: rating, deviation, volatility.
    pub puzzle_rating: (f64, f64, f64),
}

/// Puzzles and the tries at them.
#[async_trait::async_trait]
pub trait PuzzleStore: Send + Sync {
    /// Adds the puzzles not stored yet (by id): how many were added.
    async fn put_puzzles(&self, puzzles: &[PuzzleRecord]) -> Result<u64, StoreError>;
    /// How many puzzles of `game` came from `source` (`None`: the starter set).
    async fn puzzle_count(&self, game: &str, source: Option<&str>) -> Result<u64, StoreError>;
    /// One puzzle.
    async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRecord>, StoreError>;
    /// A random puzzle of `game` rated within `low..=high`, with `theme` if given, that
    /// `account` has not tried.
    async fn pick_puzzle(
        &self,
        game: &str,
        low: f64,
        high: f64,
        theme: Option<&str>,
        account: Option<i64>,
    ) -> Result<Option<PuzzleRecord>, StoreError>;
    /// Records a player's first try at a puzzle and both new ratings, at once; `false` (and
    /// nothing changed) when the player had tried it before.
    async fn record_try(&self, t: &PuzzleTry) -> Result<bool, StoreError>;
    /// How many puzzles of `game` the player has tried, and solved.
    async fn try_counts(&self, account: i64, game: &str) -> Result<(u64, u64), StoreError>;
}

fn record(r: &Row) -> Result<PuzzleRecord, StoreError> {
    let list = |s: String, sep: char| -> Vec<String> {
        s.split(sep)
            .filter(|x| !x.is_empty())
            .map(String::from)
            .collect()
    };
    let last = r.text(3)?;
    let source = r.text(10)?;
    Ok(PuzzleRecord {
        id: r.text(0)?,
        game: r.text(1)?,
        position: r.text(2)?,
        last: (last != "-").then_some(last),
        solution: match r.text(1)?.as_str() {
            // a Querni turn has spaces of its own: the solution is the one turn
            "querni" => vec![r.text(4)?],
            _ => list(r.text(4)?, ' '),
        },
        themes: list(r.text(5)?, ','),
        rating: r.real(6)?,
        deviation: r.real(7)?,
        volatility: r.real(8)?,
        plays: r.time(9)?,
        source: (!source.is_empty()).then_some(source),
    })
}

#[async_trait::async_trait]
impl<D: Dialect> PuzzleStore for D {
    async fn put_puzzles(&self, puzzles: &[PuzzleRecord]) -> Result<u64, StoreError> {
        let steps: Vec<Step> = puzzles
            .iter()
            .map(|p| {
                Step::new(
                    st::PUT_PUZZLE,
                    vec![
                        Arg::text(&p.id),
                        Arg::text(&p.game),
                        Arg::text(&p.position),
                        Arg::text(p.last.as_deref().unwrap_or("-")),
                        Arg::text(&p.solution.join(" ")),
                        Arg::text(&p.themes.join(",")),
                        Arg::Real(p.rating),
                        Arg::Real(p.deviation),
                        Arg::Real(p.volatility),
                        Arg::big(p.plays),
                        Arg::text(p.source.as_deref().unwrap_or("")),
                    ],
                )
            })
            .collect();
        let counts = self.transaction(steps).await?.unwrap_or_default();
        Ok(counts.iter().sum())
    }

    async fn puzzle_count(&self, game: &str, source: Option<&str>) -> Result<u64, StoreError> {
        let args = vec![Arg::text(game), Arg::text(source.unwrap_or(""))];
        match first(self, st::COUNT_PUZZLES, args).await? {
            Some(row) => row.time(0),
            None => Ok(0),
        }
    }

    async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRecord>, StoreError> {
        first(self, st::PUZZLE, vec![Arg::text(id)])
            .await?
            .map(|r| record(&r))
            .transpose()
    }

    async fn pick_puzzle(
        &self,
        game: &str,
        low: f64,
        high: f64,
        theme: Option<&str>,
        account: Option<i64>,
    ) -> Result<Option<PuzzleRecord>, StoreError> {
        let args = vec![
            Arg::text(game),
            Arg::Real(low),
            Arg::Real(high),
            Arg::text(theme.unwrap_or("")),
            Arg::id(account),
        ];
        first(self, st::PICK_PUZZLE, args)
            .await?
            .map(|r| record(&r))
            .transpose()
    }

    async fn record_try(&self, t: &PuzzleTry) -> Result<bool, StoreError> {
        let (rating, deviation, volatility) = t.puzzle_rating;
        let steps = vec![
            Step::must_change(
                st::PUT_ATTEMPT,
                vec![
                    Arg::Big(Some(t.account)),
                    Arg::text(&t.puzzle),
                    Arg::Big(Some(i64::from(t.solved))),
                    Arg::big(t.at),
                ],
            ),
            Step::new(st::PUT_RATING, rating_args(&t.player)),
            Step::must_change(
                st::RATE_PUZZLE,
                vec![
                    Arg::text(&t.puzzle),
                    Arg::Real(rating),
                    Arg::Real(deviation),
                    Arg::Real(volatility),
                ],
            ),
        ];
        Ok(self.transaction(steps).await?.is_some())
    }

    async fn try_counts(&self, account: i64, game: &str) -> Result<(u64, u64), StoreError> {
        let args = vec![Arg::Big(Some(account)), Arg::text(game)];
        match first(self, st::ATTEMPT_COUNTS, args).await? {
            Some(row) => Ok((row.time(0)?, row.time(1)?)),
            None => Ok((0, 0)),
        }
    }
}
