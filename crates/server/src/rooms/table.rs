//! What a room adds around every game, whatever the game: rematches (asked for by each
//! player; the computer agrees at once), the end of a game whose players have all gone away
//! (so bots never play on alone), and who the host is.
//!
//! The room's own actions are logged beside the game's, as `{"table": ..., ...}` objects
//! (a game's actions never have a `table` key), so they replay after a restart like
//! everything else.

use crate::error::ApiError;
use crate::games::stored;
use crate::store::SeatRecord;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// A room's own action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// Every player had gone away (only bots were left).
    Deserted,
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
    pub fn read(v: &Value) -> Result<Logged<A>, ApiError> {
        if v.get("table").is_some() {
            stored("room action", v).map(Logged::Table)
        } else {
            stored("action", v).map(Logged::Game)
        }
    }
}

/// A client's request to the room rather than to the game (`{"t": "rematch"}`,
/// `{"t": "decline_rematch"}`), if the intent is one.
pub fn table_intent(intent: &Value, seat: u32) -> Option<TableAction> {
    match intent.get("t").and_then(Value::as_str)? {
        "rematch" => Some(TableAction::Rematch { seat }),
        "decline_rematch" => Some(TableAction::DeclineRematch { seat }),
        _ => None,
    }
}

/// Whether an intent is a takeback's (asked, granted or refused): casual games only.
pub fn is_takeback(intent: &Value) -> bool {
    matches!(
        intent.get("t").and_then(Value::as_str),
        Some("offer_takeback" | "accept_takeback" | "decline_takeback")
    )
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
                        "a rematch can be asked for once the game is over".into(),
                    ));
                }
                if let Some(next) = &self.next {
                    return Err(ApiError::Conflict(format!(
                        "the rematch has begun: /api/games/{next}"
                    )));
                }
                if matches!(action, TableAction::Rematch { .. }) && self.rematch.contains(seat) {
                    return Err(ApiError::Conflict(
                        "you have already asked for a rematch".into(),
                    ));
                }
                if matches!(action, TableAction::DeclineRematch { .. }) && self.rematch.is_empty() {
                    return Err(ApiError::Conflict("nobody has asked for a rematch".into()));
                }
                Ok(())
            }
            TableAction::Next { .. } | TableAction::Closed { .. } => Err(ApiError::Forbidden(
                "this is the server's own action".into(),
            )),
        }
    }

    /// Applies a logged room action; returns the events for the clients.
    pub fn apply(&mut self, action: &TableAction) -> Vec<Value> {
        match action {
            TableAction::Rematch { seat } => {
                self.rematch.insert(*seat);
                self.declined = None;
                vec![json!({"t": "rematch_asked", "seat": seat})]
            }
            TableAction::DeclineRematch { seat } => {
                self.rematch.clear();
                self.declined = Some(*seat);
                vec![json!({"t": "rematch_declined", "seat": seat})]
            }
            TableAction::Next { game } => {
                self.next = Some(game.clone());
                vec![json!({"t": "rematch", "game": game})]
            }
            TableAction::Closed { reason } => {
                self.closed = Some(*reason);
                vec![json!({"t": "closed", "reason": reason})]
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

    /// The room's part of every view.
    pub fn view(&self, host: u32) -> Value {
        json!({
            "rematch": self.rematch, "declined": self.declined, "next": self.next,
            "closed": self.closed, "host": host,
        })
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

    #[test]
    fn room_actions_are_told_apart_from_the_games() {
        let a: Logged<Value> = Logged::read(&json!({"table": "rematch", "seat": 1})).unwrap();
        assert!(matches!(a, Logged::Table(TableAction::Rematch { seat: 1 })));
        let g: Logged<Value> = Logged::read(&json!({"t": "move", "uci": "a2a3"})).unwrap();
        assert!(matches!(g, Logged::Game(_)));
        assert!(Logged::<Value>::read(&json!({"table": "dance"})).is_err());
        assert_eq!(
            table_intent(&json!({"t": "rematch"}), 2),
            Some(TableAction::Rematch { seat: 2 })
        );
        assert_eq!(table_intent(&json!({"t": "move"}), 2), None);
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
