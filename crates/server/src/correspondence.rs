//! Correspondence games (days a move): the players' "your turn" list. A game whose mover let
//! the time run out while nobody had it open is ended by the sweeper every timed game has
//! ([`crate::rooms::deadlines`]).

use crate::error::ApiError;
use crate::hub::Hub;
use crate::ids::now_ms;
use crate::model::Kind;
use serde::Serialize;
use ts_rs::TS;

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
