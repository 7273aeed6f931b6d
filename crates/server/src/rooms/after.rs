//! What a node does once a game has ended and its results are recorded: queue its review
//! when the server reviews every rated game (`--auto-review`), and mine it for puzzles in the
//! background (`--puzzle-mining`, on by default in `tabula serve`).

use super::lines::{chess_line, querni_line};
use crate::context::Context;
use crate::error::ApiError;
use crate::model::Kind;
use crate::puzzles::{chess_record, querni_record};
use crate::store::GameRecord;
use crate::store::puzzles::PuzzleRecord;
use crate::thinking::Asker;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;
use tabula_chess::puzzle::{Miner, MinerSettings};

/// After a game: its review (see [`queue_review`]) and its puzzles (see [`mine_puzzles`]; a
/// short game counts here too: a blunder and a resignation make a puzzle).
pub fn after_game(ctx: &Arc<Context>, record: &GameRecord, played_enough: bool) {
    queue_review(ctx, record, played_enough);
    if ctx.limits.mine_puzzles {
        mine_puzzles(Arc::clone(ctx), record.clone());
    }
}

/// Queues the review of a rated game that has just ended, if the server reviews every rated
/// game (`auto_review`), the game counted for the ratings and its kind can be reviewed.
fn queue_review(ctx: &Context, record: &GameRecord, played_enough: bool) {
    if ctx.limits.auto_review
        && played_enough
        && crate::players::is_rated(record)
        && record.kind.reviewable()
        && let Err(e) = ctx.reviews.push(&record.id, None)
    {
        tracing::warn!(game = %record.id, "the game's review was not queued: {e}");
    }
}

/// The server itself as a client of the tools' lane: its mining waits its turn there, takes
/// at most its share, and is dropped (not queued) when that share is taken.
const SERVER: Asker = Asker {
    address: IpAddr::V6(Ipv6Addr::UNSPECIFIED),
    account: None,
};

/// Mines a finished full-QuickChess or Querni game for puzzles in the background and stores
/// the new ones (a game of another kind or variant gives none).
fn mine_puzzles(ctx: Arc<Context>, record: GameRecord) {
    if !matches!(record.kind, Kind::Quickchess | Kind::Querni) {
        return;
    }
    tokio::spawn(async move {
        let id = record.id.clone();
        match mine(&ctx, record).await {
            Ok(found) if found.is_empty() => {}
            Ok(found) => match ctx.store.put_puzzles(&found).await {
                Ok(n) => tracing::info!(game = %id, "{n} puzzles cut from the game"),
                Err(e) => tracing::warn!(game = %id, "the game's puzzles were not stored: {e}"),
            },
            Err(e) => tracing::debug!(game = %id, "the game was not mined for puzzles: {e}"),
        }
    });
}

async fn mine(ctx: &Context, record: GameRecord) -> Result<Vec<PuzzleRecord>, ApiError> {
    let log = ctx.store.log(&record.id).await?;
    let services = Arc::clone(&ctx.services);
    ctx.thinking
        .run_tool(SERVER, move || -> Result<Vec<PuzzleRecord>, ApiError> {
            let source = Some(record.id.clone());
            if record.kind == Kind::Querni {
                let (start, turns) = querni_line(&record, &log, &services)?;
                return Ok(tabula_querni::puzzle::Puzzle::mine(&start, &turns)
                    .into_iter()
                    .map(|p| querni_record(p, source.clone()))
                    .collect());
            }
            let (start, moves) = chess_line(&record, &log, &services)?;
            let variant = start.variant();
            if variant.name() != "quickchess" {
                return Ok(Vec::new());
            }
            let mut miner = Miner::new(variant, MinerSettings::default());
            Ok(miner
                .mine_game(&start, &moves)
                .into_iter()
                .map(|p| chess_record(p, source.clone()))
                .collect())
        })
        .await?
}
