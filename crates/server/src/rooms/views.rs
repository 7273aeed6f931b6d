//! What a room sends each seat and spectator, as types: the game's own view with the room's
//! part around it once play began, the waiting table before, and every rating change of a
//! game. A frame holds them typed until a socket serialises them (`crate::shown::Shown`).

use crate::games::SeatInfo;
use crate::model::{GameOptions, Kind, Status};
pub use crate::players::RatingShown;
use crate::rooms::table::TableView;
use serde::Serialize;
use ts_rs::TS;

/// A game being played (or over), as one seat or a spectator sees it: the game's view `V`
/// with the room's fields beside its own (docs/web.md, "Views").
#[derive(Clone, Debug, Serialize, TS)]
pub struct PlayView<V> {
    /// The game's own view.
    #[serde(flatten)]
    pub game: V,
    /// The game's id.
    pub id: String,
    /// Where it stands.
    pub status: Status,
    /// Who sits where.
    pub seats: Vec<SeatInfo>,
    /// Whether it is rated.
    pub rated: bool,
    /// A rated game that ended before both sides played: nobody's rating moved.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub too_short_to_rate: bool,
    /// The rating changes, once a rated game is recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ratings: Option<Vec<RatingShown>>,
    /// The room's part.
    pub table: TableView,
}

/// A game waiting for its players (a party's lobby, a duel's second seat).
#[derive(Clone, Debug, Serialize, TS)]
pub struct WaitingView {
    /// The game's id.
    pub id: String,
    /// What game.
    pub kind: Kind,
    /// Where it stands (`lobby`, or `expired`).
    pub status: Status,
    /// The creator's options.
    pub options: GameOptions,
    /// The most seats.
    pub max_seats: usize,
    /// Who sits where.
    pub seats: Vec<SeatInfo>,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// The host's seat.
    pub host: u32,
    /// The server's time (ms since the Unix epoch).
    pub now: u64,
    /// The room's part.
    pub table: TableView,
}

/// What a room shows: the table waiting, or the game.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum RoomView<V> {
    /// Before the start.
    Waiting(WaitingView),
    /// Once play began.
    Playing(PlayView<V>),
}
