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
    /// The finished games waiting to be counted into the opening explorer, in batches.
    pub explorer_queue: crate::explorer_queue::ExplorerQueue,
    /// Held while a finished game's ratings are read, computed and written, so two games
    /// ending at once never write over each other's change.
    pub settling: tokio::sync::Mutex<()>,
    /// The bans and mutes in force (see [`crate::sanctions`]).
    pub sanctions: Arc<Sanctions>,
    /// Set when the server is restarting: every socket tells its client when to come back
    /// (the value, in ms) and closes with code 1012.
    pub restarting: tokio::sync::watch::Sender<Option<u64>>,
    /// The accounts (by name) whose bell should ring because a game now waits for their move
    /// (a correspondence game's turn): the lobby carries them to the bell sockets of every
    /// node. The rooms send; they know nothing of the lobby.
    pub bells: tokio::sync::broadcast::Sender<Vec<String>>,
    /// The key of the seats the server pairs (read once from the store): see
    /// [`Context::paired_seat_token`].
    seat_key: tokio::sync::OnceCell<Vec<u8>>,
}

impl Context {
    /// The stored game `id`, or a 404 that names it.
    pub async fn stored_game(
        &self,
        id: &str,
    ) -> Result<crate::store::GameRecord, crate::error::ApiError> {
        self.store.game(id).await?.ok_or_else(|| {
            crate::error::ApiError::NotFound(crate::error::Missing::Game, format!("no game `{id}`"))
        })
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
            explorer_queue: Default::default(),
            reviews: Arc::new(ReviewQueue::new(
                limits.reviews_waiting,
                limits.reviews_per_client,
            )),
            limits,
            settling: tokio::sync::Mutex::new(()),
            restarting: tokio::sync::watch::Sender::new(None),
            bells: tokio::sync::broadcast::channel(64).0,
            seat_key: tokio::sync::OnceCell::new(),
        }
    }

    /// The token of `seat` of a game the server paired (a tournament's, a challenge's): an
    /// HMAC of the game and seat under the server's secret, the same on every node and every
    /// time it is asked, so each player is given it again on any of their devices and only
    /// its hash is stored.
    pub async fn paired_seat_token(
        &self,
        game: &str,
        seat: u32,
    ) -> Result<String, crate::error::ApiError> {
        Ok(derive_token(self.seat_key().await?, game, seat))
    }

    async fn seat_key(&self) -> Result<&[u8], crate::error::ApiError> {
        let key = self
            .seat_key
            .get_or_try_init(|| async {
                Ok::<_, crate::error::ApiError>(self.store.secret("seats").await?.into_bytes())
            })
            .await?;
        Ok(key)
    }

    /// The tokens of a paired game's seats, as [`crate::rooms::records::create_paired`] takes
    /// them.
    pub async fn paired_seat_tokens(
        &self,
    ) -> Result<impl Fn(&str, u32) -> String + use<>, crate::error::ApiError> {
        let key = self.seat_key().await?.to_vec();
        Ok(move |game: &str, seat: u32| derive_token(&key, game, seat))
    }
}

/// The token of a seat, from the key: 16 bytes of an HMAC-SHA-256, in hex.
fn derive_token(key: &[u8], game: &str, seat: u32) -> String {
    use hmac::{Hmac, KeyInit, Mac};
    let Ok(mut mac) = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(key) else {
        return String::new();
    };
    mac.update(format!("seat:{game}:{seat}").as_bytes());
    mac.finalize().into_bytes()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::derive_token;

    #[test]
    fn seat_tokens_differ_by_key_game_and_seat_and_repeat() {
        let a = derive_token(b"key one", "abc123", 0);
        assert_eq!(a.len(), 32);
        assert_eq!(a, derive_token(b"key one", "abc123", 0));
        assert_ne!(a, derive_token(b"key one", "abc123", 1));
        assert_ne!(a, derive_token(b"key one", "abc124", 0));
        assert_ne!(a, derive_token(b"key two", "abc123", 0));
    }
}
