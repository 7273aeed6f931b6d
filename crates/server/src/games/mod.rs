//! The games the server hosts: one typed adapter per game, one file each, behind the
//! [`Adapter`] trait; the room (crate::rooms) only dispatches.
//!
//! An adapter knows its game's stored configuration, the *intent* a client may send (parsed
//! once into a typed value; the seat is filled in by the server from the authenticated token,
//! so nobody can act for another seat, and the tick action is the server's alone), the action
//! it logs, what each seat and spectators may see, what its bots will do next (searches are
//! handed to the thinking pool, never run on the async runtime), and its next deadline. The
//! games themselves are the libraries' pure state machines.

pub mod checkmates_party;
pub mod checkmates_solo;
pub mod chess_view;
pub mod duel;
pub mod kind;
pub mod olympics;
pub mod querni;
pub mod quickchess;
pub mod royal_match;
pub mod royal_solo;

pub use kind::Kind;

use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use tabula_core::Millis;

/// A search that works out a bot's action, run on the thinking pool.
pub type Thought<A> = Box<dyn FnOnce() -> Option<A> + Send>;

/// A bot's next action.
pub enum BotMove<A> {
    /// Cheap to know: play this action at this time.
    At(Millis, A),
    /// Needs a search (up to seconds of CPU): run `think` off the async runtime, then play
    /// its action no earlier than `not_before`.
    Think {
        /// The earliest time to play the result.
        not_before: Millis,
        /// The search.
        think: Thought<A>,
    },
}

/// One game as the server hosts it.
pub trait Adapter: Clone + Send + Sized + 'static {
    /// The stored configuration (`config.game` of the game's record).
    type Config: Serialize + DeserializeOwned + Send;
    /// What a client may ask for (its `act` frame's data).
    type Intent: DeserializeOwned;
    /// What is logged and applied.
    type Action: Serialize + DeserializeOwned + Clone + Send + Sync + std::fmt::Debug + 'static;

    /// Starts the game from its configuration.
    fn start(
        config: Self::Config,
        seed: u64,
        now: Millis,
        services: &Services,
    ) -> Result<Self, ApiError>;

    /// The action `seat`'s intent stands for. The game's rules are checked by [`apply`];
    /// here only who may ask what (403) and the intent's own shape (400).
    ///
    /// [`apply`]: Adapter::apply
    fn action(&self, seat: u32, intent: Self::Intent) -> Result<Self::Action, ApiError>;

    /// Applies a new or logged action at `now`; returns the events for the clients. On error
    /// nothing changes.
    fn apply(
        &mut self,
        action: &Self::Action,
        now: Millis,
        services: &Services,
    ) -> Result<Vec<Value>, ApiError>;

    /// The server's own action that fires deadlines (`None` for games without timers).
    fn tick() -> Option<Self::Action>;

    /// When the game next changes by itself.
    fn next_deadline(&self) -> Option<Millis>;

    /// Whether it has ended.
    fn is_over(&self) -> bool;

    /// The next action of a bot seat, if a bot has one.
    fn bot(
        &self,
        seats: &[SeatRecord],
        seed: u64,
        services: &Services,
    ) -> Option<BotMove<Self::Action>>;

    /// What `seat` (or a spectator, `None`) sees.
    fn view(
        &self,
        seat: Option<u32>,
        seats: &[SeatRecord],
        now: Millis,
        services: &Services,
    ) -> Value;

    /// Once the game is over, how it ranks its seats: a value per seat, higher is better,
    /// equal values share a place (`None` for a game not over, a solo game, or one screen
    /// playing both sides: nothing to rate).
    fn outcome(&self) -> Option<Vec<f64>> {
        None
    }

    /// Whether the game went far enough to be rated: a rated game that ends sooner (a side
    /// resigned, lost on time or agreed a draw before both had played, a party where fewer
    /// than two players ever acted) changes no rating, so resigning at once to a friend's
    /// second account farms nothing.
    fn played_enough(&self) -> bool {
        true
    }

    /// Whether the game, left to its bots and timers, would play on without any player
    /// (a party, a match): such a game is closed once every player has gone away.
    fn ends_when_deserted() -> bool {
        false
    }

    /// The action as spectators may see it in a replay (hidden information removed).
    fn public_action(&self, action: &Self::Action) -> Value {
        serde_json::to_value(action).unwrap_or(Value::Null)
    }
}

/// The moves each side must have made for a duel that ends by resignation, time or
/// agreement to be rated (a win on the board is rated however soon it comes).
pub const RATED_MOVES: usize = 2;

/// Reads a client's intent: an object with a type `t`, never the server's own `tick`.
pub fn parse_intent<I: DeserializeOwned>(intent: Value) -> Result<I, ApiError> {
    let Some(obj) = intent.as_object() else {
        return Err(ApiError::BadInput(
            "an action is a JSON object like {\"t\": \"move\", ...}".into(),
        ));
    };
    match obj.get("t").and_then(Value::as_str) {
        None => return Err(ApiError::BadInput("an action needs a type \"t\"".into())),
        Some("tick") => {
            return Err(ApiError::Forbidden(
                "`tick` is the server's own action".into(),
            ));
        }
        Some(_) => {}
    }
    serde_json::from_value(intent).map_err(|e| {
        let m = e.to_string();
        ApiError::BadInput(match m.strip_prefix("unknown variant ") {
            Some(rest) => format!("unknown action {rest}"),
            None => format!("not a valid action here: {m}"),
        })
    })
}

/// Reads a stored configuration or logged action back.
pub fn stored<T: DeserializeOwned>(what: &str, v: &Value) -> Result<T, ApiError> {
    T::deserialize(v).map_err(|e| ApiError::Internal(format!("stored {what}: {e}")))
}

/// Game events as JSON for the clients.
pub fn events<E: Serialize>(list: Vec<E>) -> Vec<Value> {
    list.into_iter()
        .filter_map(|e| serde_json::to_value(e).ok())
        .collect()
}

/// The seats as every view lists them.
pub fn seat_list(seats: &[SeatRecord]) -> Vec<Value> {
    seats
        .iter()
        .map(|s| {
            serde_json::json!({
                "seat": s.seat, "name": s.name, "bot": s.bot_level,
                "registered": s.account.is_some(),
            })
        })
        .collect()
}

/// The bot seats with their levels.
pub fn bot_seats(seats: &[SeatRecord]) -> impl Iterator<Item = (u32, u8)> + '_ {
    seats
        .iter()
        .filter_map(|s| s.bot_level.map(|l| (s.seat, l)))
}

/// The values of a two-seat game won by the seat playing side `winner` (0 first, 1 second)
/// of `sides`, or drawn (`None`).
pub fn duel_outcome(sides: [u32; 2], winner: Option<usize>) -> Option<Vec<f64>> {
    if sides[0] == sides[1] {
        return None;
    }
    let mut v = vec![0.5; 2];
    if let Some(w) = winner {
        v[sides[w] as usize] = 1.0;
        v[sides[1 - w] as usize] = 0.0;
    }
    Some(v)
}

/// Which adapter runs a game: decided by its kind and, for QuickChess, by whether the
/// configuration is the Olympics series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hosted {
    /// [`checkmates_party::Party`].
    CheckmatesParty,
    /// [`checkmates_solo::CmSolo`].
    CheckmatesSolo,
    /// [`royal_match::Match`].
    RoyalMatch,
    /// [`royal_solo::RSolo`].
    RoyalSolo,
    /// [`querni::QuerniLive`].
    Querni,
    /// [`quickchess::ChessLive`].
    Quickchess,
    /// [`olympics::SeriesLive`].
    Olympics,
}

impl Hosted {
    /// The adapter of a game of `kind` with the stored configuration `game_config`.
    pub fn of(kind: Kind, game_config: &Value) -> Hosted {
        match kind {
            Kind::CheckmatesParty => Hosted::CheckmatesParty,
            Kind::CheckmatesSolo => Hosted::CheckmatesSolo,
            Kind::RoyalMatch => Hosted::RoyalMatch,
            Kind::RoyalSolo => Hosted::RoyalSolo,
            Kind::Querni | Kind::QuerniLocal => Hosted::Querni,
            Kind::Quickchess | Kind::QuickchessLocal => {
                if game_config.get("variant").and_then(Value::as_str) == Some(duel::OLYMPICS) {
                    Hosted::Olympics
                } else {
                    Hosted::Quickchess
                }
            }
        }
    }
}

/// Runs `$body` with `$A` standing for the adapter type of `$hosted`: the one place that
/// turns a stored game into a typed one.
macro_rules! with_adapter {
    ($hosted:expr, $A:ident => $body:expr) => {{
        use $crate::games::Hosted;
        match $hosted {
            Hosted::CheckmatesParty => {
                type $A = $crate::games::checkmates_party::Party;
                $body
            }
            Hosted::CheckmatesSolo => {
                type $A = $crate::games::checkmates_solo::CmSolo;
                $body
            }
            Hosted::RoyalMatch => {
                type $A = $crate::games::royal_match::Match;
                $body
            }
            Hosted::RoyalSolo => {
                type $A = $crate::games::royal_solo::RSolo;
                $body
            }
            Hosted::Querni => {
                type $A = $crate::games::querni::QuerniLive;
                $body
            }
            Hosted::Quickchess => {
                type $A = $crate::games::quickchess::ChessLive;
                $body
            }
            Hosted::Olympics => {
                type $A = $crate::games::olympics::SeriesLive;
                $body
            }
        }
    }};
}

pub(crate) use with_adapter;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, serde::Deserialize)]
    #[serde(tag = "t", rename_all = "snake_case")]
    enum Demo {
        Move {
            #[allow(dead_code)]
            mv: String,
        },
    }

    #[test]
    fn intents_are_objects_with_a_type_and_never_a_tick() {
        let e = |v: Value| parse_intent::<Demo>(v).unwrap_err();
        assert_eq!(e(json!("move")).status().as_u16(), 400);
        assert_eq!(e(json!({"mv": "a1"})).status().as_u16(), 400);
        assert_eq!(e(json!({"t": "tick"})).status().as_u16(), 403);
        assert_eq!(
            e(json!({"t": "fly"})).to_string(),
            "unknown action `fly`, expected `move`"
        );
        assert!(
            e(json!({"t": "move"}))
                .to_string()
                .contains("not a valid action")
        );
        assert!(parse_intent::<Demo>(json!({"t": "move", "mv": "a1", "player": 3})).is_ok());
    }
}
