//! Where games run, as the rooms need to know it among several nodes: a game runs on the
//! node that holds it, and another node's clients reach it through a relay. The rooms define
//! what they need here; the cluster ([`crate::cluster`]) provides it, so the rooms know
//! nothing of how nodes talk.

use super::{Cmd, RoomStats};
use crate::error::ApiError;
use crate::limits::Limits;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Where a game runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Here: this node holds it now.
    Held,
    /// On this other node.
    Elsewhere(String),
}

/// What the rooms need from several nodes.
#[async_trait::async_trait]
pub trait Placement: Send + Sync {
    /// Takes game `game` for this node, or says which node runs it.
    async fn claim(&self, game: &str) -> Result<Claim, ApiError>;
    /// This node no longer runs `game` (its room left memory).
    async fn release(&self, game: &str);
    /// The refusal of a call for a game that runs on `owner`, not here.
    fn runs_elsewhere(&self, game: &str, owner: &str) -> ApiError;
    /// Starts relaying `game`, run by `owner`, for the commands of `rx` (a relay stands where
    /// the room would, within the same `limits`, and calls `ended` when it ends).
    #[allow(clippy::too_many_arguments)]
    fn relay(
        &self,
        game: &str,
        owner: &str,
        rx: mpsc::Receiver<Cmd>,
        stats: Arc<RoomStats>,
        limits: Limits,
        ended: Box<dyn FnOnce() + Send>,
    );
}
