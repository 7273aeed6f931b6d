//! What a node does once a game has ended and its results are recorded: queue its review
//! when the server reviews every rated game (`--auto-review`).

use crate::context::Context;
use crate::store::GameRecord;

/// Queues the review of a rated game that has just ended, if the server reviews every rated
/// game (`auto_review`), the game counted for the ratings and its kind can be reviewed.
pub fn after_game(ctx: &Context, record: &GameRecord, played_enough: bool) {
    if ctx.limits.auto_review
        && played_enough
        && crate::players::is_rated(record)
        && record.kind.reviewable()
        && let Err(e) = ctx.reviews.push(&record.id, None)
    {
        tracing::warn!(game = %record.id, "the game's review was not queued: {e}");
    }
}
