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
mod chess_computer;
pub mod chess_view;
pub mod duel;
pub mod kind;
pub mod olympics;
pub mod querni;
pub mod quickchess;
pub mod royal_match;
pub mod royal_solo;

pub use kind::Kind;

use crate::error::{ApiError, Denied, Fault, Invalid};
use crate::json::RawJson;
use crate::services::Services;
use crate::store::{GameRecord, SeatRecord};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tabula_core::Millis;
use ts_rs::TS;

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
    /// What a client may ask for (its `act` frame's data); its TypeScript type is the page's
    /// (`GameSocket`'s intents, web/types/protocol.d.ts).
    type Intent: DeserializeOwned + ts_rs::TS + 'static;
    /// What is logged and applied.
    type Action: Serialize + DeserializeOwned + Clone + Send + Sync + std::fmt::Debug + 'static;
    /// What a seat (or a spectator) sees of the game: the room adds its own part around it
    /// (`rooms::views::PlayView`), so its fields never share a name with the room's (`id`,
    /// `status`, `seats`, `rated`, `too_short_to_rate`, `ratings`, `table`).
    type View: Serialize + Send + Sync + 'static;
    /// What happened, as every client is told (hidden information left out).
    type Event: Serialize + Send + Sync + 'static;
    /// An action as spectators may see it in a replay.
    type Public: Serialize + Send + Sync + 'static;

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
    ) -> Result<Vec<Self::Event>, ApiError>;

    /// The server's own action that fires deadlines (`None` for games without timers).
    fn tick() -> Option<Self::Action>;

    /// When the game next changes by itself.
    fn next_deadline(&self) -> Option<Millis>;

    /// Whether it has ended.
    fn is_over(&self) -> bool;

    /// A correspondence game being played: the seat whose move it waits for and when that
    /// seat's time runs out (`None` for every other game).
    fn awaiting(&self) -> Option<(u32, Millis)> {
        None
    }

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
    ) -> Self::View;

    /// Marks a view of a game the room closed before its end (its players all went away):
    /// over, nobody's turn, nothing legal.
    fn close(view: &mut Self::View);

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

    /// Whether an intent asks for, grants or refuses a takeback (casual games only).
    fn is_takeback(_intent: &Self::Intent) -> bool {
        false
    }

    /// Whether the game, left to its bots and timers, would play on without any player
    /// (a party, a match): such a game is closed once every player has gone away.
    fn ends_when_deserted() -> bool {
        false
    }

    /// The action as spectators may see it in a replay (hidden information removed).
    fn public_action(&self, action: &Self::Action) -> Self::Public;

    /// The cards a solo run of cards has drawn so far, by their place in the run, each with
    /// how it was met if it was (empty for every other game): what a class's assignment of
    /// cards counts.
    fn cards_met(&self) -> Vec<Option<CardMet>> {
        Vec::new()
    }

    /// The fewest moves the `index`th card met takes from its start, when the solver knows.
    fn card_optimum(&self, _index: usize, _services: &Services) -> Option<u32> {
        None
    }
}

/// A card a solo run met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardMet {
    /// `checkmates` or `royal`.
    pub deck: &'static str,
    /// The fewest moves it was met in (a retry may lower it).
    pub moves: u32,
    /// The time spent on it, when the game knows (ms).
    pub ms: u64,
}

/// The moves each side must have made for a duel that ends by resignation, time or
/// agreement to be rated (a win on the board is rated however soon it comes).
pub const RATED_MOVES: usize = 2;

/// The type `t` of a client's intent: it is an object with one, never the server's own
/// `tick`.
pub fn intent_type(intent: &RawJson) -> Result<String, ApiError> {
    match intent.tag() {
        None => Err(ApiError::BadInput(
            Invalid::Action,
            "an action is a JSON object like {\"t\": \"move\", ...}".into(),
        )),
        Some(None) => Err(ApiError::BadInput(
            Invalid::Action,
            "an action needs a type \"t\"".into(),
        )),
        Some(Some(t)) if t == "tick" => Err(ApiError::Forbidden(
            Denied::ServerOnly,
            "`tick` is the server's own action".into(),
        )),
        Some(Some(t)) => Ok(t),
    }
}

/// Reads a client's intent for its game (see [`intent_type`]).
pub fn parse_intent<I: DeserializeOwned>(intent: &RawJson) -> Result<I, ApiError> {
    intent_type(intent)?;
    intent.parse().map_err(|e| {
        let m = crate::json::message(&e);
        ApiError::BadInput(
            Invalid::Action,
            match m.strip_prefix("unknown variant ") {
                Some(rest) => format!("unknown action {rest}"),
                None => format!("not a valid action here: {m}"),
            },
        )
    })
}

/// Reads a stored configuration or logged action back.
pub fn stored<T: DeserializeOwned>(what: &str, v: &RawJson) -> Result<T, ApiError> {
    v.parse()
        .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored {what}: {e}")))
}

/// The stored configuration of a started game, read as its adapter's.
pub fn started_config<C: DeserializeOwned>(record: &GameRecord) -> Result<C, ApiError> {
    let raw = record.config.game.as_ref().ok_or_else(|| {
        ApiError::Internal(
            Fault::Stored,
            format!("game {} has no stored configuration", record.id),
        )
    })?;
    stored("configuration", raw)
}

/// A seat as every view lists it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SeatInfo {
    /// Its number.
    pub seat: u32,
    /// Its player's name.
    pub name: String,
    /// A bot's level.
    pub bot: Option<u8>,
    /// Whether its player is signed in.
    pub registered: bool,
}

/// The seats as every view lists them.
pub fn seat_list(seats: &[SeatRecord]) -> Vec<SeatInfo> {
    seats
        .iter()
        .map(|s| SeatInfo {
            seat: s.seat,
            name: s.name.clone(),
            bot: s.bot_level,
            registered: s.account.is_some(),
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
    pub fn of(kind: Kind, options: &crate::model::GameOptions) -> Hosted {
        match kind {
            Kind::CheckmatesParty => Hosted::CheckmatesParty,
            Kind::CheckmatesSolo => Hosted::CheckmatesSolo,
            Kind::RoyalMatch => Hosted::RoyalMatch,
            Kind::RoyalSolo => Hosted::RoyalSolo,
            Kind::Querni | Kind::QuerniLocal => Hosted::Querni,
            Kind::Quickchess | Kind::QuickchessLocal => {
                if options.variant.as_deref() == Some(duel::OLYMPICS) {
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
        let e = |v: serde_json::Value| parse_intent::<Demo>(&RawJson::of(&v)).unwrap_err();
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
        let extra = RawJson::of(&json!({"t": "move", "mv": "a1", "player": 3}));
        assert!(parse_intent::<Demo>(&extra).is_ok());
    }
}
