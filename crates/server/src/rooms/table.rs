//! What a room adds around every game, whatever the game: rematches (asked for by each
//! player; the computer agrees at once), the end of a game whose players have all gone away
//! (so bots never play on alone), and who the host is.
//!
//! The room's own actions are logged beside the game's, as `{"table": ..., ...}` objects
//! (a game's actions never have a `table` key), so they replay after a restart like
//! everything else.

use crate::error::{ApiError, Clash, Denied, Invalid, Rule};
use crate::games::{intent_type, parse_intent, stored};
use crate::json::RawJson;
use crate::model::{GameOptions, Kind};
use crate::store::SeatRecord;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use ts_rs::TS;

/// A room's own action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "table", rename_all = "snake_case")]
pub enum TableAction {
    /// A seat asks for a rematch (or agrees to one asked for).
    Rematch {
        /// The seat.
        seat: u32,
    },
    /// A seat declines the rematch asked for.
    DeclineRematch {
        /// The seat.
        seat: u32,
    },
    /// The rematch exists: every player agreed.
    Next {
        /// The new game's id.
        game: String,
    },
    /// The game was closed before its end.
    Closed {
        /// Why.
        reason: CloseReason,
    },
}

/// Why a game was closed before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// Every player had gone away (only bots were left).
    Deserted,
    /// A moderator closed it (it ends without a result and moves no rating).
    Moderator,
}

/// A logged entry: the game's action or the room's.
#[derive(Clone, Debug)]
pub enum Logged<A> {
    /// The game's.
    Game(A),
    /// The room's.
    Table(TableAction),
}

impl<A: DeserializeOwned> Logged<A> {
    /// Reads a logged entry back.
    pub fn read(v: &RawJson) -> Result<Logged<A>, ApiError> {
        /// Only whether the entry has a `table` key.
        #[derive(Deserialize)]
        struct Probe {
            table: Option<serde::de::IgnoredAny>,
        }
        // a game's action may be no object at all (a unit variant is a string)
        let room_action = v.parse::<Probe>().is_ok_and(|p| p.table.is_some());
        if room_action {
            stored("room action", v).map(Logged::Table)
        } else {
            stored("action", v).map(Logged::Game)
        }
    }
}

/// What a client may ask of the room rather than of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum TableRequest {
    /// Ask for a rematch (or agree to one asked for).
    Rematch,
    /// Decline the rematch asked for.
    DeclineRematch,
}

impl TableRequest {
    /// The room action of `seat`'s request.
    pub fn action(self, seat: u32) -> TableAction {
        match self {
            TableRequest::Rematch => TableAction::Rematch { seat },
            TableRequest::DeclineRematch => TableAction::DeclineRematch { seat },
        }
    }
}

/// A client's `act` frame read: a request to the room, or an intent for the game `I`.
#[derive(Debug, PartialEq)]
pub enum RoomIntent<I> {
    /// To the room (`{"t": "rematch"}`, `{"t": "decline_rematch"}`).
    Table(TableRequest),
    /// To the game.
    Game(I),
}

impl<I: DeserializeOwned> RoomIntent<I> {
    /// Reads an `act` frame's data: an object with a type `t` (never `tick`), the room's
    /// own types first.
    pub fn parse(raw: &RawJson) -> Result<RoomIntent<I>, ApiError> {
        match intent_type(raw)?.as_str() {
            "rematch" | "decline_rematch" => raw.parse().map(RoomIntent::Table).map_err(|e| {
                ApiError::BadInput(
                    Invalid::Action,
                    format!("a rematch request: {}", crate::json::message(&e)),
                )
            }),
            _ => parse_intent(raw).map(RoomIntent::Game),
        }
    }
}

/// What the room tells every client besides the game's own events.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum TableEvent {
    /// A seat asked for a rematch.
    RematchAsked {
        /// The seat.
        seat: u32,
    },
    /// A seat declined the rematch.
    RematchDeclined {
        /// The seat.
        seat: u32,
    },
    /// The rematch began.
    Rematch {
        /// Its id.
        game: String,
    },
    /// The game was closed before its end.
    Closed {
        /// Why.
        reason: CloseReason,
    },
    /// Before the start: the host changed the lobby (bots, seats, options).
    Lobby,
    /// A player took a seat.
    Joined {
        /// The seat.
        seat: u32,
    },
    /// The game started.
    Started,
}

/// Any event of a room of game `E`: the game's own, or the room's.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum RoomEvent<E> {
    /// The game's.
    Game(E),
    /// The room's.
    Table(TableEvent),
}

/// The room's part of every view.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TableView {
    /// Seats that asked for (or agreed to) a rematch.
    pub rematch: BTreeSet<u32>,
    /// The seat that declined the last rematch asked for.
    pub declined: Option<u32>,
    /// The rematch, once created.
    pub next: Option<String>,
    /// Why the game was closed before its end.
    pub closed: Option<CloseReason>,
    /// The host's seat.
    pub host: u32,
    /// The game's kind (a new game with the same settings needs it).
    pub kind: Kind,
    /// Its options.
    pub options: GameOptions,
    /// The levels of its bots.
    pub bots: Vec<u8>,
}

/// The room's state around the game.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// Seats that asked for (or agreed to) a rematch.
    pub rematch: BTreeSet<u32>,
    /// The seat that declined the last rematch asked for.
    pub declined: Option<u32>,
    /// The rematch, once created.
    pub next: Option<String>,
    /// Why the game was closed before its end.
    pub closed: Option<CloseReason>,
}

impl Table {
    /// Checks a seat's request against the state: a rematch only after the end, once per
    /// seat, and not after it was created.
    pub fn check(&self, action: &TableAction, over: bool) -> Result<(), ApiError> {
        match action {
            TableAction::Rematch { seat } | TableAction::DeclineRematch { seat } => {
                if !over {
                    return Err(ApiError::Conflict(
                        Clash::Rematch,
                        "a rematch can be asked for once the game is over".into(),
                    ));
                }
                if self.closed == Some(CloseReason::Moderator) {
                    return Err(ApiError::Refused(
                        Rule::ClosedGame,
                        "a moderator closed this game: it has no rematch".into(),
                    ));
                }
                if let Some(next) = &self.next {
                    return Err(ApiError::Conflict(
                        Clash::Rematch,
                        format!("the rematch has begun: /api/games/{next}"),
                    ));
                }
                if matches!(action, TableAction::Rematch { .. }) && self.rematch.contains(seat) {
                    return Err(ApiError::Conflict(
                        Clash::Rematch,
                        "you have already asked for a rematch".into(),
                    ));
                }
                if matches!(action, TableAction::DeclineRematch { .. }) && self.rematch.is_empty() {
                    return Err(ApiError::Conflict(
                        Clash::Rematch,
                        "nobody has asked for a rematch".into(),
                    ));
                }
                Ok(())
            }
            TableAction::Next { .. } | TableAction::Closed { .. } => Err(ApiError::Forbidden(
                Denied::ServerOnly,
                "this is the server's own action".into(),
            )),
        }
    }

    /// Applies a logged room action; returns the event for the clients.
    pub fn apply(&mut self, action: &TableAction) -> TableEvent {
        match action {
            TableAction::Rematch { seat } => {
                self.rematch.insert(*seat);
                self.declined = None;
                TableEvent::RematchAsked { seat: *seat }
            }
            TableAction::DeclineRematch { seat } => {
                self.rematch.clear();
                self.declined = Some(*seat);
                TableEvent::RematchDeclined { seat: *seat }
            }
            TableAction::Next { game } => {
                self.next = Some(game.clone());
                TableEvent::Rematch { game: game.clone() }
            }
            TableAction::Closed { reason } => {
                self.closed = Some(*reason);
                TableEvent::Closed { reason: *reason }
            }
        }
    }

    /// Whether every player has agreed to a rematch (bots always agree) and it is still to
    /// be created.
    pub fn rematch_agreed(&self, seats: &[SeatRecord]) -> bool {
        self.next.is_none()
            && !self.rematch.is_empty()
            && seats
                .iter()
                .all(|s| s.bot_level.is_some() || self.rematch.contains(&s.seat))
    }

    /// The room's part of every view, around a game of `kind` with `options` and `bots`.
    pub fn view(&self, host: u32, kind: Kind, options: GameOptions, bots: Vec<u8>) -> TableView {
        TableView {
            rematch: self.rematch.clone(),
            declined: self.declined,
            next: self.next.clone(),
            closed: self.closed,
            host,
            kind,
            options,
            bots,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u32, bot: Option<u8>) -> SeatRecord {
        SeatRecord {
            seat: n,
            name: format!("p{n}"),
            token_hash: if bot.is_some() {
                String::new()
            } else {
                format!("t{n}")
            },
            bot_level: bot,
            account: None,
        }
    }

    fn raw(text: &str) -> RawJson {
        RawJson::from_text(text.into()).unwrap()
    }

    #[derive(Clone, Debug, PartialEq, Deserialize)]
    #[serde(tag = "t", rename_all = "snake_case")]
    enum Demo {
        Move { uci: String },
        Pass,
    }

    #[test]
    fn room_actions_are_told_apart_from_the_games() {
        let a: Logged<Demo> = Logged::read(&raw(r#"{"table": "rematch", "seat": 1}"#)).unwrap();
        assert!(matches!(a, Logged::Table(TableAction::Rematch { seat: 1 })));
        let g: Logged<Demo> = Logged::read(&raw(r#"{"t": "move", "uci": "a2a3"}"#)).unwrap();
        assert!(matches!(g, Logged::Game(Demo::Move { .. })));
        assert!(Logged::<Demo>::read(&raw(r#"{"table": "dance"}"#)).is_err());
        let unit: Logged<String> = Logged::read(&raw(r#""Tick""#)).unwrap();
        assert!(matches!(unit, Logged::Game(t) if t == "Tick"));
    }

    #[test]
    fn intents_are_the_rooms_or_the_games() {
        let read = |t: &str| RoomIntent::<Demo>::parse(&raw(t));
        assert_eq!(
            read(r#"{"t": "rematch"}"#).unwrap(),
            RoomIntent::Table(TableRequest::Rematch)
        );
        assert_eq!(
            read(r#"{"t": "decline_rematch"}"#).unwrap(),
            RoomIntent::Table(TableRequest::DeclineRematch)
        );
        assert_eq!(
            TableRequest::Rematch.action(2),
            TableAction::Rematch { seat: 2 }
        );
        assert_eq!(
            read(r#"{"t": "move", "uci": "a2a3"}"#).unwrap(),
            RoomIntent::Game(Demo::Move { uci: "a2a3".into() })
        );
        assert_eq!(
            read(r#"{"t": "pass"}"#).unwrap(),
            RoomIntent::Game(Demo::Pass)
        );
        let status = |t: &str| read(t).unwrap_err().status().as_u16();
        // the seat is always the token's: a seat named in the request changes nothing
        assert_eq!(
            read(r#"{"t": "rematch", "seat": 3}"#).unwrap(),
            RoomIntent::Table(TableRequest::Rematch)
        );
        assert_eq!(status(r#"{"t": "tick"}"#), 403);
        assert_eq!(status(r#"[1]"#), 400);
        assert_eq!(status(r#"{"t": "fly"}"#), 400);
    }

    #[test]
    fn room_events_keep_the_wire_shape() {
        let e: RoomEvent<()> = RoomEvent::Table(TableEvent::RematchAsked { seat: 1 });
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"t":"rematch_asked","seat":1}"#
        );
        let started: RoomEvent<()> = RoomEvent::Table(TableEvent::Started);
        assert_eq!(
            serde_json::to_string(&started).unwrap(),
            r#"{"t":"started"}"#
        );
    }

    #[test]
    fn a_rematch_needs_every_player_and_comes_after_the_end() {
        let seats = [seat(0, None), seat(1, None), seat(2, Some(3))];
        let mut t = Table::default();
        let ask = |s| TableAction::Rematch { seat: s };
        assert!(t.check(&ask(0), false).is_err(), "not before the end");
        t.check(&ask(0), true).unwrap();
        t.apply(&ask(0));
        assert!(t.check(&ask(0), true).is_err(), "once per seat");
        assert!(!t.rematch_agreed(&seats));
        t.apply(&TableAction::DeclineRematch { seat: 1 });
        assert_eq!((t.rematch.len(), t.declined), (0, Some(1)));
        t.apply(&ask(1));
        t.apply(&ask(0));
        assert!(t.rematch_agreed(&seats), "the bot agrees by itself");
        t.apply(&TableAction::Next { game: "abc".into() });
        assert!(!t.rematch_agreed(&seats));
        assert!(t.check(&ask(2), true).is_err(), "not after it began");
        assert!(
            t.check(
                &TableAction::Closed {
                    reason: CloseReason::Deserted
                },
                true
            )
            .is_err()
        );
    }
}
