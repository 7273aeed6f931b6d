//! What a room sends each seat and spectator, as types: the game's own view with the room's
//! part around it once play began, the waiting table before; every rating change of a game;
//! and a view made once and held typed until a socket serialises it ([`Shown`]).

use crate::games::SeatInfo;
use crate::json::RawJson;
use crate::model::{GameOptions, Kind, Status};
pub use crate::players::RatingShown;
use crate::rooms::table::TableView;
use serde::Serialize;
use std::sync::Arc;
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

/// Something made once and sent to many sockets: held typed (a view or the events of this
/// node's room), or as the JSON text it arrived in from another node. To the browser's types
/// it is `unknown`: the frame carrying it does not say which game's view it is, the page does.
#[derive(Clone, TS)]
#[ts(type = "unknown")]
pub enum Shown {
    /// Made here.
    Typed(Arc<dyn erased_serde::Serialize + Send + Sync>),
    /// Made on another node.
    Text(RawJson),
}

impl Shown {
    /// Holds `value` typed.
    pub fn of<T: Serialize + Send + Sync + 'static>(value: T) -> Shown {
        Shown::Typed(Arc::new(value))
    }

    /// The JSON, to send to another node.
    pub fn to_json(&self) -> RawJson {
        match self {
            Shown::Typed(_) => RawJson::of(self),
            Shown::Text(raw) => raw.clone(),
        }
    }
}

impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Shown::Typed(v) => erased_serde::serialize(v.as_ref(), s),
            Shown::Text(raw) => raw.serialize(s),
        }
    }
}

impl std::fmt::Debug for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

impl<'de> serde::Deserialize<'de> for Shown {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shown, D::Error> {
        RawJson::deserialize(d).map(Shown::Text)
    }
}

impl PartialEq for Shown {
    fn eq(&self, other: &Shown) -> bool {
        self.to_json() == other.to_json()
    }
}
