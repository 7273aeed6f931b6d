//! A player's finished games searched by what a player asks of them (the game, the variant,
//! the result, the colour, the opponent, rated or not, the time control, a date range), newest
//! first and a page at a time, stored once for both databases (every [`Dialect`] is a
//! [`GameSearchStore`]).
//!
//! The search reads the results rows every settled game already has (one per seat, indexed by
//! account and end), so every game a player ever finished is found, and joins `game_facts`,
//! which a QuickChess or chess game gets when it settles (its variant, White's seat and its
//! last position). Pages are keyed by the last game shown (its end and id), not by an offset,
//! so the thousandth page costs what the first does and a game ending meanwhile shifts nothing.

use super::StoreError;
use super::sql::{Arg, Dialect, Row};

/// What a finished QuickChess or chess game's results rows do not say.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFacts {
    /// The game.
    pub game: String,
    /// Its variant's name.
    pub variant: String,
    /// The seat that played White.
    pub first_seat: u32,
    /// The FEN of its last position.
    pub final_fen: String,
}

/// A result asked for, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Alone in first place, with others in the game.
    Win,
    /// First place shared.
    Draw,
    /// Not first.
    Loss,
}

/// A colour asked for (QuickChess and chess games; the others have none stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

/// The filters of a search; `None` takes every game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameSearch {
    /// The game's kind (`quickchess`, `querni`, ...).
    pub kind: Option<String>,
    /// A QuickChess or chess variant's name.
    pub variant: Option<String>,
    /// The player's result.
    pub outcome: Option<Outcome>,
    /// The player's colour.
    pub side: Option<Side>,
    /// An opponent's name as shown at the table (any case).
    pub opponent: Option<String>,
    /// Rated games only, or unrated only.
    pub rated: Option<bool>,
    /// A time control's class (`blitz`, ...), as the rating pools name it.
    pub speed: Option<String>,
    /// Games that ended at or after this (ms since the Unix epoch).
    pub since: Option<u64>,
    /// Games that ended before this.
    pub until: Option<u64>,
}

/// Where a page begins: after the game that ended last on the page before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    /// When that game ended.
    pub finished: u64,
    /// Its id.
    pub game: String,
}

/// A game found, from the searching player's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundGame {
    /// The game.
    pub game: String,
    /// Its kind.
    pub kind: String,
    /// Its rating pool (`quickchess:blitz`, ...).
    pub pool: String,
    /// Whether it was rated.
    pub rated: bool,
    /// The player's score (1 a win, 0.5 a draw, 0 a loss; a party's share).
    pub score: f64,
    /// The player's place, from 1.
    pub place: u32,
    /// How many played.
    pub players: u32,
    /// When it ended.
    pub finished: u64,
    /// The player's seat.
    pub seat: u32,
    /// The variant, the seat that played White and the last position, where stored.
    pub facts: Option<GameFacts>,
}

impl FoundGame {
    /// The cursor of the page after this game.
    pub fn cursor(&self) -> Cursor {
        Cursor {
            finished: self.finished,
            game: self.game.clone(),
        }
    }
}

/// The searches of a player's games.
#[async_trait::async_trait]
pub trait GameSearchStore: Send + Sync {
    /// Stores a settled game's facts once (again: nothing changes).
    async fn put_game_facts(&self, facts: &GameFacts) -> Result<(), StoreError>;
    /// Up to `limit` of `account`'s finished games that `search` takes, newest first, after
    /// `after`.
    async fn search_games(
        &self,
        account: i64,
        search: &GameSearch,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<Vec<FoundGame>, StoreError>;
    /// Up to `limit` finished QuickChess and chess games with results and no facts yet (games
    /// settled before the explorer and the search existed), in the order of their ids after
    /// `after`, each with whether it was rated.
    async fn unindexed_games(
        &self,
        after: &str,
        limit: usize,
    ) -> Result<Vec<(String, bool)>, StoreError>;
}

/// The conditions of `search` after `r.account = ?1`, with their arguments added.
fn conditions(search: &GameSearch, after: Option<&Cursor>, args: &mut Vec<Arg>) -> String {
    let mut sql = String::new();
    let mut add = |sql_part: &str, arg: Arg, args: &mut Vec<Arg>| {
        args.push(arg);
        sql.push_str(&sql_part.replace('#', &format!("?{}", args.len())));
    };
    if let Some(kind) = &search.kind {
        add(" AND g.kind = #", Arg::text(kind), args);
    }
    if let Some(variant) = &search.variant {
        add(" AND f.variant = #", Arg::text(variant), args);
    }
    if let Some(rated) = search.rated {
        add(" AND r.rated = #", Arg::Flag(rated), args);
    }
    if let Some(speed) = &search.speed {
        add(" AND r.pool LIKE #", Arg::text(&format!("%:{speed}")), args);
    }
    if let Some(since) = search.since {
        add(" AND r.finished >= #", Arg::big(since), args);
    }
    if let Some(until) = search.until {
        add(" AND r.finished < #", Arg::big(until), args);
    }
    if let Some(opponent) = &search.opponent {
        add(
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.game = r.game AND s.seat <> r.seat \
             AND LOWER(s.name) = LOWER(#))",
            Arg::text(opponent),
            args,
        );
    }
    if let Some(c) = after {
        args.push(Arg::big(c.finished));
        let n = args.len();
        args.push(Arg::text(&c.game));
        sql.push_str(&format!(
            " AND (r.finished < ?{n} OR (r.finished = ?{n} AND r.game < ?{}))",
            n + 1
        ));
    }
    sql.push_str(match search.outcome {
        Some(Outcome::Win) => " AND r.players > 1 AND r.score = 1",
        Some(Outcome::Draw) => " AND r.players > 1 AND r.place = 1 AND r.score < 1",
        Some(Outcome::Loss) => " AND r.place > 1",
        None => "",
    });
    sql.push_str(match search.side {
        Some(Side::White) => " AND r.seat = f.first_seat",
        Some(Side::Black) => " AND r.seat <> f.first_seat",
        None => "",
    });
    sql
}

fn found(r: &Row) -> Result<FoundGame, StoreError> {
    let game = r.text(0)?;
    let facts = match (r.opt_text(9)?, r.opt_count(10)?, r.opt_text(11)?) {
        (Some(variant), Some(first_seat), Some(final_fen)) => Some(GameFacts {
            game: game.clone(),
            variant,
            first_seat,
            final_fen,
        }),
        _ => None,
    };
    Ok(FoundGame {
        game,
        kind: r.text(1)?,
        pool: r.text(2)?,
        rated: r.flag(3)?,
        score: r.real(4)?,
        place: r.count(5)?,
        players: r.count(6)?,
        finished: r.time(7)?,
        seat: r.count(8)?,
        facts,
    })
}

#[async_trait::async_trait]
impl<D: Dialect> GameSearchStore for D {
    async fn put_game_facts(&self, facts: &GameFacts) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO game_facts (game, variant, first_seat, final) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (game) DO NOTHING",
            vec![
                Arg::text(&facts.game),
                Arg::text(&facts.variant),
                Arg::int(facts.first_seat),
                Arg::text(&facts.final_fen),
            ],
        )
        .await?;
        Ok(())
    }

    async fn search_games(
        &self,
        account: i64,
        search: &GameSearch,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<Vec<FoundGame>, StoreError> {
        let mut args = vec![Arg::id(Some(account))];
        let conditions = conditions(search, after, &mut args);
        args.push(Arg::big(limit as u64));
        let sql = format!(
            "SELECT r.game, g.kind, r.pool, r.rated, r.score, r.place, r.players, r.finished, \
             r.seat, f.variant, f.first_seat, f.final FROM results r \
             JOIN games g ON g.id = r.game LEFT JOIN game_facts f ON f.game = r.game \
             WHERE r.account = ?1{conditions} ORDER BY r.finished DESC, r.game DESC LIMIT ?{}",
            args.len()
        );
        let rows = self.rows(&sql, args).await?;
        rows.iter().map(found).collect()
    }

    async fn unindexed_games(
        &self,
        after: &str,
        limit: usize,
    ) -> Result<Vec<(String, bool)>, StoreError> {
        let rows = self
            .rows(
                "SELECT g.id, r.rated FROM games g JOIN results r ON r.game = g.id AND r.seat = 0 \
                 WHERE g.kind IN ('quickchess', 'quickchess-local') AND g.status = 'finished' \
                 AND g.id > ?1 AND NOT EXISTS (SELECT 1 FROM game_facts f WHERE f.game = g.id) \
                 ORDER BY g.id LIMIT ?2",
                vec![Arg::text(after), Arg::big(limit as u64)],
            )
            .await?;
        rows.iter().map(|r| Ok((r.text(0)?, r.flag(1)?))).collect()
    }
}
