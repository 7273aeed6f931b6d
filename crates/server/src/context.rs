//! What every part of the server works with: the store, the games' shared services, the
//! bounds, the thinking pool and the per-address limits. The rooms, the players' records and
//! the lobby take this, and nothing of each other, so each can be read (and tested) on its own.

use crate::limits::{AddressLimits, Limits};
use crate::sanctions::Sanctions;
use crate::services::Services;
use crate::store::Store;
use crate::thinking::Thinking;
use crate::thinking::review_queue::ReviewQueue;
use std::sync::Arc;

/// The shared services of one server.
pub struct Context {
    /// Where games and players live.
    pub store: Arc<dyn Store>,
    /// Solvers, decks and what is known exactly about positions.
    pub services: Arc<Services>,
    /// The bounds.
    pub limits: Limits,
    /// Where searches run.
    pub thinking: Arc<Thinking>,
    /// Per-address rates and counts.
    pub addresses: AddressLimits,
    /// The games waiting for the computer's review on this node.
    pub reviews: Arc<ReviewQueue>,
    /// Held while a finished game's ratings are read, computed and written, so two games
    /// ending at once never write over each other's change.
    pub settling: tokio::sync::Mutex<()>,
    /// The bans and mutes in force (see [`crate::sanctions`]).
    pub sanctions: Arc<Sanctions>,
    /// Set when the server is restarting: every socket tells its client when to come back
    /// (the value, in ms) and closes with code 1012.
    pub restarting: tokio::sync::watch::Sender<Option<u64>>,
}

impl Context {
    /// The stored game `id`, or a 404 that names it.
    pub async fn stored_game(
        &self,
        id: &str,
    ) -> Result<crate::store::GameRecord, crate::error::ApiError> {
        self.store
            .game(id)
            .await?
            .ok_or_else(|| crate::error::ApiError::NotFound(format!("no game `{id}`")))
    }

    /// The services of a server over `store` with `limits`.
    pub fn new(store: Arc<dyn Store>, services: Arc<Services>, limits: Limits) -> Context {
        Context {
            sanctions: Arc::new(Sanctions::new(Arc::clone(&store))),
            store,
            services,
            thinking: Arc::new(Thinking::new(
                limits.thinking,
                limits.thinking_tools,
                limits.tools_per_client,
                limits.tools_waiting,
            )),
            addresses: AddressLimits::new(&limits),
            reviews: Arc::new(ReviewQueue::new(
                limits.reviews_waiting,
                limits.reviews_per_client,
            )),
            limits,
            settling: tokio::sync::Mutex::new(()),
            restarting: tokio::sync::watch::Sender::new(None),
        }
    }
}
