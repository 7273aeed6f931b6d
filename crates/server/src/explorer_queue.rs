//! The finished games waiting to be counted into the opening explorer on this node, written in
//! batches: while one batch is written, the games that end wait, and the next writer writes
//! them all in one transaction ([`crate::store::ExplorerStore::count_games`]). No task of its
//! own and no timer: a game that ends alone is written at once, as before; games that end
//! together share a commit and their common rows.
//!
//! Why: one game's count is up to 30 row upserts, its players' rows and a commit; alone, a
//! commit and a round trip a game dominate on PostgreSQL (8.1 ms a game at a million games,
//! p50, when the players' views were 60 rows more); summed in batches the database time per
//! game falls as the rate of games rises (BENCHMARKS.md, "The opening explorer").

use crate::store::StoreError;
use crate::store::explorer::{ExplorerGame, ExplorerStore};
use crate::unpoisoned::Locked;
use std::sync::Mutex;
use tokio::sync::oneshot;

/// The most games one transaction counts (a longer queue is written in several).
const BATCH: usize = 256;

/// A game waiting, with where its answer goes.
type Waiting = (ExplorerGame, oneshot::Sender<Result<bool, StoreError>>);

/// The games waiting to be counted, and the turn to write them.
#[derive(Default)]
pub struct ExplorerQueue {
    /// The games not yet taken by a writer.
    waiting: Mutex<Vec<Waiting>>,
    /// Held by the one writing a batch.
    writing: tokio::sync::Mutex<()>,
}

impl ExplorerQueue {
    /// Counts a finished game into `store`, with the games that wait beside it; whether it was
    /// counted now (`false`: counted before).
    pub async fn count(
        &self,
        store: &dyn ExplorerStore,
        game: ExplorerGame,
    ) -> Result<bool, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.waiting.locked().push((game, tx));
        {
            // the writer's turn: one batch of what waits now (this game among it, unless a
            // writer before took it); what is left is written by its own games' callers, each
            // waiting for the turn too, so no room writes the others' games for long
            let _turn = self.writing.lock().await;
            let batch: Vec<Waiting> = {
                let mut waiting = self.waiting.locked();
                let n = waiting.len().min(BATCH);
                waiting.drain(..n).collect()
            };
            if !batch.is_empty() {
                write(store, batch).await;
            }
        }
        rx.await.unwrap_or_else(|_| {
            Err(StoreError::Refused(
                "the game's count was dropped before it was written".into(),
            ))
        })
    }
}

/// Writes a batch and answers each game; when the batch fails, each game is counted alone, so
/// one game's failure is its own.
async fn write(store: &dyn ExplorerStore, batch: Vec<Waiting>) {
    let (games, answers): (Vec<ExplorerGame>, Vec<_>) = batch.into_iter().unzip();
    match store.count_games(&games).await {
        Ok(counted) => {
            for (answer, now) in answers.into_iter().zip(counted) {
                let _ = answer.send(Ok(now));
            }
        }
        Err(e) if games.len() == 1 => {
            if let Some(answer) = answers.into_iter().next() {
                let _ = answer.send(Err(e));
            }
        }
        Err(e) => {
            tracing::warn!(
                games = games.len(),
                "a batch of the explorer failed, each game counted alone: {e}"
            );
            for (game, answer) in games.iter().zip(answers) {
                let _ = answer.send(store.count_game(game).await);
            }
        }
    }
}
