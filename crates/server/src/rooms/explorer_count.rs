//! A finished QuickChess or chess game counted into the opening explorer ([`crate::explorer`])
//! when its results are recorded: the positions of its first plies with the moves played from
//! them, its players, their ratings then, its speed class and result. Counting is part of
//! settling a game, so a game that ended just before a restart is counted when its room loads
//! again, and a game counted twice (another node, a second load) is counted once.
//!
//! Not counted: games at one screen (one person plays both sides), games that never reached a
//! result, and the other games' kinds.
//!
//! The same replay gives the game's facts for a player's game search
//! ([`crate::store::game_search`]): its variant, White's seat and its last position, stored
//! for every finished QuickChess or chess game (at one screen too).

use super::pgn::replay;
use crate::context::Context;
use crate::error::ApiError;
use crate::explorer::position_key;
use crate::games::Hosted;
use crate::games::quickchess::ChessLive;
use crate::model::Kind;
use crate::players::ratings;
use crate::store::explorer::{ExplorerGame, PLIES};
use crate::store::game_search::GameFacts;
use crate::store::players::RatingChange;
use crate::store::{GameRecord, SeatRecord};
use tabula_chess::Color;

/// Counts a finished game into the explorer; a failure is logged (the game is counted when its
/// room settles it again, after a restart).
pub(super) async fn count(
    ctx: &Context,
    record: &GameRecord,
    seats: &[SeatRecord],
    changes: &[RatingChange],
    rated: bool,
    at: u64,
) {
    if let Err(e) = try_count(ctx, record, seats, changes, rated, at).await {
        tracing::warn!(game = %record.id, "the game was not counted in the explorer: {e}");
    }
}

/// Counts a finished game into the explorer; whether it was counted now (`false`: not a game
/// the explorer counts, or counted before).
async fn try_count(
    ctx: &Context,
    record: &GameRecord,
    seats: &[SeatRecord],
    changes: &[RatingChange],
    rated: bool,
    at: u64,
) -> Result<bool, ApiError> {
    if record.kind != Kind::Quickchess || super::hosted_of(record) != Hosted::Quickchess {
        return Ok(false);
    }
    let log = ctx.store.log(&record.id).await?;
    let live = replay::<ChessLive>(record, &log, &ctx.services, |_, _| {})?;
    if live.game.outcome().is_none() {
        return Ok(false);
    }
    // counted first, its facts after: a game with facts is a game counted (the walk at start
    // looks for games without facts), whatever stops the server between the two
    let counted = count_replayed(ctx, record, &live, seats, changes, rated, at).await?;
    ctx.store.put_game_facts(&facts(record, &live)).await?;
    Ok(counted)
}

/// Counts a finished game replayed (`live`) into the explorer; whether it was counted now.
async fn count_replayed(
    ctx: &Context,
    record: &GameRecord,
    live: &ChessLive,
    seats: &[SeatRecord],
    changes: &[RatingChange],
    rated: bool,
    at: u64,
) -> Result<bool, ApiError> {
    let Some(sides) = sides(live, seats) else {
        return Ok(false);
    };
    let pool = ratings::pool(record.kind, &record.config.options);
    let mut ratings_then = [None, None];
    for (i, seat) in sides.iter().enumerate() {
        let Some(account) = seat.account else {
            continue;
        };
        ratings_then[i] = match changes.iter().find(|c| c.account == account) {
            Some(c) => Some(c.rating - c.change),
            None => ctx.store.rating(account, &pool).await?.map(|r| r.rating),
        }
        .map(|r| r.round().max(0.0) as u32);
    }
    let Some(game) = explorer_game(record, live, sides, ratings_then, rated, at) else {
        return Ok(false);
    };
    Ok(ctx.explorer_queue.count(&*ctx.store, game).await?)
}

/// What the game search needs of a finished game.
fn facts(record: &GameRecord, live: &ChessLive) -> GameFacts {
    GameFacts {
        game: record.id.clone(),
        variant: live.game.variant().name(),
        first_seat: live.config.sides[0],
        final_fen: live.game.position().fen(),
    }
}

/// White's and Black's seats (`None` at one screen, or when a seat is missing).
fn sides<'a>(live: &ChessLive, seats: &'a [SeatRecord]) -> Option<[&'a SeatRecord; 2]> {
    if live.config.one_screen() {
        return None;
    }
    let [w, b] = live.config.sides;
    let find = |n: u32| seats.iter().find(|s| s.seat == n);
    Some([find(w)?, find(b)?])
}

/// The game as the explorer counts it (`None` while it has no result).
fn explorer_game(
    record: &GameRecord,
    live: &ChessLive,
    sides: [&SeatRecord; 2],
    ratings: [Option<u32>; 2],
    rated: bool,
    at: u64,
) -> Option<ExplorerGame> {
    let outcome = live.game.outcome()?;
    let result = match outcome.winner() {
        Some(Color::White) => 2,
        Some(Color::Black) => 0,
        None => 1,
    };
    let mut p = *live.game.start_position();
    let mut plies: Vec<(i64, String)> = Vec::new();
    for (uci, _) in live.game.moves().iter().take(PLIES) {
        let m = p.parse_uci(uci).ok()?;
        let ply = (position_key(&p), p.uci(&m));
        if !plies.contains(&ply) {
            plies.push(ply);
        }
        p = p.play_unchecked(m);
    }
    let computer = sides.iter().any(|s| s.bot_level.is_some());
    Some(ExplorerGame {
        game: record.id.clone(),
        variant: live.game.start_position().variant().name(),
        names: sides.map(|s| s.name.clone()),
        accounts: sides.map(|s| s.account),
        ratings,
        result,
        speed: if computer {
            "computer".into()
        } else {
            ratings::speed_class(&record.config.options).into()
        },
        rated,
        finished: at,
        plies,
    })
}
