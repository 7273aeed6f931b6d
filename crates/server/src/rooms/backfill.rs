//! Games that ended before the opening explorer and the game search existed (a site upgraded
//! from a release before them) are counted into the explorer and given their facts (variant,
//! White's seat, last position) in the background once the server starts, as if they had
//! just settled: an upgraded site's explorer holds its history, and its old games show their
//! small boards. A game is replayed at a time, between the rooms' work; the walk goes by game
//! id, so a game that cannot be replayed is passed once, not tried again and again. Several
//! nodes walking at once count nothing twice (the counting's guard and the facts' key).

use super::explorer_count;
use crate::context::Context;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// Games read at a time.
const BATCH: usize = 50;

/// Starts the walk on the current runtime (none outside one: nothing to do then).
pub fn spawn(ctx: &Arc<Context>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let weak = Arc::downgrade(ctx);
    runtime.spawn(async move {
        let n = walk(weak).await;
        if n > 0 {
            tracing::info!(games = n, "games of before the explorer were counted");
        }
    });
}

/// Counts every game not counted yet; how many were. Ends when the server is dropped.
async fn walk(weak: Weak<Context>) -> u64 {
    let (mut after, mut n) = (String::new(), 0);
    loop {
        let Some(ctx) = weak.upgrade() else { return n };
        let games = match ctx.store.unindexed_games(&after, BATCH).await {
            Ok(games) => games,
            Err(e) => {
                tracing::warn!("the games of before the explorer were not counted: {e}");
                return n;
            }
        };
        let Some(last) = games.last() else { return n };
        after = last.0.clone();
        for (game, rated) in games {
            if one(&ctx, &game, rated).await {
                n += 1;
            }
            tokio::task::yield_now().await;
        }
        drop(ctx);
        // the rooms first: a pause between batches
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Counts one game as its settling would have; whether it could be read.
async fn one(ctx: &Context, game: &str, rated: bool) -> bool {
    let read = async {
        let record = ctx.store.game(game).await?;
        let seats = ctx.store.seats(game).await?;
        let changes = ctx.store.game_ratings(game).await?;
        Ok::<_, crate::store::StoreError>((record, seats, changes))
    };
    match read.await {
        Ok((Some(record), seats, changes)) => {
            let at = record.updated;
            explorer_count::count(ctx, &record, &seats, &changes, rated, at).await;
            true
        }
        Ok((None, ..)) => false,
        Err(e) => {
            tracing::warn!(game, "a game of before the explorer was not read: {e}");
            false
        }
    }
}
