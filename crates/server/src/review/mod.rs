//! The computer's review of finished games (issue #29): asked for by anyone who opens a
//! finished QuickChess or chess game (or made for every rated game when it ends, with
//! `auto_review`), queued per node ([`queue`]), made one position at a time on the thinking
//! pool ([`work`]) so that bots and tools get their turns in between, and stored once per game
//! in the database, from where every node serves it.
//!
//! The review itself is the game crate's: lichess's Win% scale, accuracy and marks
//! (tabula_chess::engine::review, tabula_querni::review on the same scale), reported as a
//! [`GameReview`].

pub mod work;

use crate::context::Context;
use crate::error::{ApiError, Clash, Fault, Invalid};
use crate::rooms::pgn::MoveNote;
use crate::store::GameRecord;
use crate::thinking::Asker;
use crate::thinking::review_queue::Place;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tabula_chess::engine::report::{Eval, ReviewReport};
use tabula_chess::pgn::eval_command;
use tabula_querni::review::QuerniReview;
use ts_rs::TS;

pub use crate::limits::DEFAULT_REVIEW_NODES as DEFAULT_NODES;

/// A game's review, as stored and sent: `{"game": "chess", "moves", ...}` or `{"game":
/// "querni", "turns", ...}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameReview {
    /// A QuickChess or chess game's.
    Chess(ReviewReport),
    /// A Querni game's.
    Querni(QuerniReview),
}

/// Where a game's review stands.
pub enum ReviewState {
    /// Made: here it is.
    Done(Box<GameReview>),
    /// Being made on this node.
    Running,
    /// Waiting on this node: 1 is next.
    Waiting(usize),
}

/// The stored review of `game`, if it has one.
pub async fn stored(ctx: &Context, game: &str) -> Result<Option<GameReview>, ApiError> {
    match ctx.store.review(game).await? {
        Some(body) => serde_json::from_str(&body).map(Some).map_err(|e| {
            ApiError::Internal(
                Fault::Stored,
                format!("the stored review of game {game}: {e}"),
            )
        }),
        None => Ok(None),
    }
}

/// What a stored review adds to each move of the game's PGN (its evaluation and mark).
pub async fn stored_notes(
    ctx: &Context,
    record: &GameRecord,
) -> Result<Option<Vec<MoveNote>>, ApiError> {
    if !record.kind.reviewable() {
        return Ok(None);
    }
    let Some(GameReview::Chess(r)) = stored(ctx, &record.id).await? else {
        return Ok(None);
    };
    Ok(Some(
        r.moves
            .iter()
            .map(|m| {
                let eval = match m.eval {
                    Eval::Cp { cp } => eval_command(Some(cp), None),
                    Eval::Mate { mate } => eval_command(None, Some(mate)),
                };
                (eval, m.class.map(|c| c.sign()))
            })
            .collect(),
    ))
}

/// Where the review of `game` stands (`None`: never asked for on this node and not stored).
pub async fn state(ctx: &Context, game: &str) -> Result<Option<ReviewState>, ApiError> {
    // the queue first: a review leaves it only once it is stored, so a game not in the queue
    // has its review stored or has none. Read the other way round, a review stored and done
    // between the two reads was found in neither, and a player polling got a 404.
    if let Some(p) = ctx.reviews.place(game) {
        return Ok(Some(match p {
            Place::Running => ReviewState::Running,
            Place::Waiting(n) => ReviewState::Waiting(n),
        }));
    }
    Ok(stored(ctx, game)
        .await?
        .map(|r| ReviewState::Done(Box::new(r))))
}

/// Asks for the review of `game` (`asker` `None`: the server's own): its review if stored,
/// else its place in the queue. 404 for no such game, 400 for a game that cannot be
/// reviewed, 409 for one not finished; 429 and 503 from the queue.
pub async fn request(
    ctx: &Context,
    game: &str,
    asker: Option<Asker>,
) -> Result<ReviewState, ApiError> {
    if let Some(r) = stored(ctx, game).await? {
        return Ok(ReviewState::Done(Box::new(r)));
    }
    let record = ctx.stored_game(game).await?;
    if !record.kind.reviewable() {
        return Err(ApiError::BadInput(
            Invalid::Unsupported,
            format!(
                "a game of {} cannot be reviewed: QuickChess, chess and Querni games can",
                record.kind.name()
            ),
        ));
    }
    if !record.status.ended() {
        return Err(ApiError::Conflict(
            Clash::NotOver,
            format!("game `{game}` is not over: a game is reviewed when it has ended"),
        ));
    }
    Ok(match ctx.reviews.push(game, asker)? {
        Place::Running => ReviewState::Running,
        Place::Waiting(n) => ReviewState::Waiting(n),
    })
}

/// Starts the node's reviewer: it takes the queue's games one after another (one review at a
/// time per node; each of its searches waits its turn on the thinking pool).
pub fn spawn_worker(ctx: &Arc<Context>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    // the loop holds the queue, not the context: a server that is dropped ends it
    let queue = Arc::clone(&ctx.reviews);
    let weak = Arc::downgrade(ctx);
    runtime.spawn(async move {
        loop {
            let game = queue.next().await;
            let Some(ctx) = weak.upgrade() else { return };
            if let Err(e) = work::review_game(&ctx, &game).await {
                tracing::warn!(game = %game, error = %e, "a review failed");
            }
            ctx.reviews.done(&game);
        }
    });
}
