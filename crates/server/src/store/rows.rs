//! Every row the store reads, read once for both databases (the columns in the order of
//! [`super::statements`]).

use super::players::{Account, DailyResult, PlayedGame, RatingChange, RatingRecord, SeekRecord};
use super::sql::Row;
use super::{GameRecord, LogEntry, SeatRecord, StoreError};
use crate::model::{Kind, Status};

/// A `games` row.
pub fn game(r: &Row) -> Result<GameRecord, StoreError> {
    Ok(GameRecord {
        id: r.text(0)?,
        kind: {
            let k = r.text(1)?;
            Kind::parse(&k)
                .ok_or_else(|| StoreError::Refused(format!("a game of unknown kind {k:?}")))?
        },
        config: r.json(2)?,
        seed: r.big(3)? as u64,
        created: r.time(4)?,
        started: r.opt_time(5)?,
        status: {
            let s = r.text(6)?;
            Status::parse(&s)
                .ok_or_else(|| StoreError::Refused(format!("a game of unknown status {s:?}")))?
        },
        updated: r.time(7)?,
    })
}

/// A seat, as [`super::statements::SEATS`] reads it.
pub fn seat(r: &Row) -> Result<SeatRecord, StoreError> {
    Ok(SeatRecord {
        seat: r.count(0)?,
        name: r.text(1)?,
        token_hash: r.text(2)?,
        bot_level: r.opt_count(3)?.map(|l| u8::try_from(l).unwrap_or(u8::MAX)),
        account: r.opt_big(4)?,
    })
}

/// A log entry.
pub fn entry(r: &Row) -> Result<LogEntry, StoreError> {
    Ok(LogEntry {
        seq: r.time(0)?,
        at: r.time(1)?,
        action: r.json(2)?,
    })
}

/// An account.
pub fn account(r: &Row) -> Result<Account, StoreError> {
    Ok(Account {
        id: r.big(0)?,
        name: r.text(1)?,
        password_hash: r.text(2)?,
        created: r.time(3)?,
    })
}

/// A rating, its columns from `from` on.
pub fn rating(r: &Row, from: usize) -> Result<RatingRecord, StoreError> {
    Ok(RatingRecord {
        account: r.big(from)?,
        pool: r.text(from + 1)?,
        rating: r.real(from + 2)?,
        deviation: r.real(from + 3)?,
        volatility: r.real(from + 4)?,
        games: r.count(from + 5)?,
        updated: r.time(from + 6)?,
    })
}

/// A rating change.
pub fn change(r: &Row) -> Result<RatingChange, StoreError> {
    Ok(RatingChange {
        account: r.big(0)?,
        pool: r.text(1)?,
        game: r.text(2)?,
        at: r.time(3)?,
        rating: r.real(4)?,
        deviation: r.real(5)?,
        change: r.real(6)?,
    })
}

/// A game an account played.
pub fn played(r: &Row) -> Result<PlayedGame, StoreError> {
    Ok(PlayedGame {
        game: r.text(0)?,
        kind: r.text(1)?,
        pool: r.text(2)?,
        rated: r.flag(3)?,
        score: r.real(4)?,
        place: r.count(5)?,
        players: r.count(6)?,
        finished: r.time(7)?,
    })
}

/// A seek.
pub fn seek(r: &Row) -> Result<SeekRecord, StoreError> {
    Ok(SeekRecord {
        id: r.text(0)?,
        owner: r.text(1)?,
        name: r.text(2)?,
        account: r.opt_big(3)?,
        rating: r.opt_big(4)?,
        spec: r.text(5)?,
        created: r.time(6)?,
        client: r.text(7)?,
    })
}

/// A daily puzzle's result.
pub fn daily(r: &Row) -> Result<DailyResult, StoreError> {
    Ok(DailyResult {
        day: r.text(0)?,
        puzzle: r.text(1)?,
        player: r.text(2)?,
        name: r.text(3)?,
        account: r.opt_big(4)?,
        moves: r.count(5)?,
        ms: r.time(6)?,
        at: r.time(7)?,
    })
}

/// Each row read by `read`.
pub fn all<T>(
    rows: &[Row],
    read: impl Fn(&Row) -> Result<T, StoreError>,
) -> Result<Vec<T>, StoreError> {
    rows.iter().map(read).collect()
}
