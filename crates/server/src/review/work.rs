//! Making one game's review: the game is rebuilt from its log, and each of its positions is
//! searched as its own piece of work on the thinking pool (the server's turn among the
//! games'), so that a review never holds a place for more than one search. QuickChess and
//! chess are searched by the engine, Querni by its own search.

use super::GameReview;
use crate::context::Context;
use crate::error::{ApiError, Fault};
use crate::games::Kind;
use crate::ids::now_ms;
use crate::rooms::lines::{chess_line, querni_line};
use crate::store::{GameRecord, LogEntry};
use crate::unpoisoned::Locked;
use std::sync::{Arc, Mutex};
use tabula_chess::engine::report::ReviewReport;
use tabula_chess::engine::report::report;
use tabula_chess::engine::review::Plan;
use tabula_chess::engine::{Engine, Limits, SearchResult, Unlimited};
use tabula_chess::{AnyPosition, Move};
use tabula_querni::Searcher;
use tabula_querni::review::{Plan as QuerniPlan, QuerniReview, REVIEW_BUDGET};

/// The transposition table of a review's engine, in MiB (kept for the whole game: the
/// positions follow one another).
const HASH_MB: usize = 16;

/// Reviews `game` and stores the review (nothing to do if it is stored already).
pub async fn review_game(ctx: &Context, game: &str) -> Result<(), ApiError> {
    if ctx.store.review(game).await?.is_some() {
        return Ok(());
    }
    let record = ctx.stored_game(game).await?;
    let log = ctx.store.log(game).await?;
    let review = match record.kind {
        Kind::Querni | Kind::QuerniLocal => GameReview::Querni(querni(ctx, record, log).await?),
        _ => GameReview::Chess(chess(ctx, record, log).await?),
    };
    let body = serde_json::to_string(&review)
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a review as JSON: {e}")))?;
    ctx.store.put_review(game, now_ms(), &body).await?;
    Ok(())
}

/// The review of a QuickChess or chess game.
async fn chess(
    ctx: &Context,
    record: GameRecord,
    log: Vec<LogEntry>,
) -> Result<ReviewReport, ApiError> {
    let services = Arc::clone(&ctx.services);
    let (start, moves): (AnyPosition, Vec<Move>) = ctx
        .thinking
        .run(move || chess_line(&record, &log, &services))
        .await??;
    let plan = Arc::new(Plan::new(&start, &moves));
    let mut engine = Engine::new(HASH_MB);
    let t = &ctx.services.knowledge.tables;
    engine.set_tablebases(vec![Arc::clone(&t.rescue), Arc::clone(&t.queen)]);
    let engine = Arc::new(Mutex::new(engine));
    let nodes = ctx.limits.review_nodes;
    let mut searched: Vec<Option<SearchResult>> = Vec::with_capacity(plan.len());
    for i in 0..plan.len() {
        if plan.search_at(i).is_none() {
            searched.push(None);
            continue;
        }
        let (plan, engine) = (Arc::clone(&plan), Arc::clone(&engine));
        let result = ctx
            .thinking
            .run(move || {
                let (p, history) = plan.search_at(i)?;
                let mut engine = engine.locked();
                let limits = Limits {
                    depth: None,
                    nodes: Some(nodes),
                };
                Some(engine.search_any(p, history, limits, &mut Unlimited))
            })
            .await?;
        searched.push(result);
    }
    Ok(report(&start, &plan.finish(&searched)))
}

/// The review of a Querni game.
async fn querni(
    ctx: &Context,
    record: GameRecord,
    log: Vec<LogEntry>,
) -> Result<QuerniReview, ApiError> {
    let services = Arc::clone(&ctx.services);
    let plan = ctx
        .thinking
        .run(move || -> Result<_, ApiError> {
            let (start, turns) = querni_line(&record, &log, &services)?;
            Ok(QuerniPlan::new(&start, &turns))
        })
        .await??;
    let plan = Arc::new(plan);
    let mut searched = Vec::with_capacity(plan.len());
    for i in 0..plan.len() {
        if plan.search_at(i).is_none() {
            searched.push(None);
            continue;
        }
        let plan = Arc::clone(&plan);
        let result = ctx
            .thinking
            .run(move || {
                let p = plan.search_at(i)?;
                let mut searcher = Searcher::new(16);
                Some(searcher.search(p, REVIEW_BUDGET, 0, 1, &mut || false))
            })
            .await?;
        searched.push(result);
    }
    Ok(plan.finish(&searched))
}
