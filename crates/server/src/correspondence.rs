//! Correspondence games (days a move): the players' "your turn" list, and the sweeper that
//! ends a game whose mover let the time run out while nobody had it open.
//!
//! A room in memory ends such a game itself at its deadline, but a room leaves memory when
//! nobody looks (and a node may restart), so every node looks now and then for games past
//! their deadline in the store ([`crate::store::TurnStore`]) and opens their rooms: a room
//! that loads catches up with its overdue deadline at once (the flag falls), on this node or,
//! among several, on the one that runs it.

use crate::error::ApiError;
use crate::hub::Hub;
use crate::ids::now_ms;
use crate::model::Kind;
use serde::Serialize;
use std::sync::{Arc, Weak};
use std::time::Duration;
use ts_rs::TS;

/// How often each node looks for overdue correspondence games.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);
/// The most games one look opens.
const SWEPT_AT_ONCE: usize = 50;

/// A game waiting for the viewer's move.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TurnView {
    /// The game.
    pub id: String,
    /// Its kind (for its page).
    pub kind: Kind,
    /// The opponent's name.
    pub opponent: String,
    /// When the viewer's time for this move runs out (ms since the Unix epoch).
    pub deadline: u64,
    /// The viewer's seat and its token, when the seat's token is derived from the server's
    /// secret (a challenge's game: playable from any device); none for a game made by link,
    /// whose token only the browser that made or joined it holds.
    pub seat: Option<crate::challenges::ChallengeSeat>,
}

/// The correspondence games waiting for the viewer's move, the most urgent first.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TurnList {
    /// The games.
    pub games: Vec<TurnView>,
    /// The server's clock now.
    pub now: u64,
}

/// The games waiting for `account`'s move.
pub async fn turns_of(hub: &Hub, account: i64) -> Result<TurnList, ApiError> {
    let mut games = Vec::new();
    for t in hub.store.turns_of(account).await? {
        let token = hub.paired_seat_token(&t.game, t.seat).await?;
        let seat = (crate::ids::token_hash(&token) == t.token_hash).then(|| {
            crate::challenges::ChallengeSeat {
                id: t.game.clone(),
                seat: t.seat,
                token,
            }
        });
        games.push(TurnView {
            id: t.game,
            kind: t.kind,
            opponent: t.opponent,
            deadline: t.deadline,
            seat,
        });
    }
    Ok(TurnList {
        games,
        now: now_ms(),
    })
}

/// Opens the rooms of the games past their deadline (their flags fall as they load): how
/// many were opened.
pub async fn sweep(hub: &Hub) -> Result<usize, ApiError> {
    let overdue = hub.store.overdue_turns(now_ms(), SWEPT_AT_ONCE).await?;
    for game in &overdue {
        if let Err(e) = hub.rooms.room(game).await {
            tracing::warn!(game = %game, "an overdue correspondence game could not be opened: {e}");
        }
    }
    Ok(overdue.len())
}

/// Runs [`sweep`] every [`SWEEP_EVERY`] while the hub lives.
pub fn spawn_sweeper(hub: Weak<Hub>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    runtime.spawn(async move {
        loop {
            tokio::time::sleep(SWEEP_EVERY).await;
            let Some(hub) = hub.upgrade() else { return };
            match sweep(&hub).await {
                Ok(n) if n > 0 => tracing::info!(games = n, "overdue correspondence games opened"),
                Ok(_) => {}
                Err(e) => tracing::warn!("looking for overdue correspondence games: {e}"),
            }
            drop::<Arc<Hub>>(hub);
        }
    });
}
