//! The kinds of game a client can create, by their wire names, with the options each takes.
//!
//! Options are typed per kind and refuse keys they do not know, naming the key: a typo is
//! told at once instead of being stored with the game (and silently ignored forever).

use super::duel::{ClockOption, ColorChoice, DuelConfig};
use crate::error::ApiError;
use crate::services::Services;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabula_puzzles::checkmates::Side;
use tabula_puzzles::checkmates::party::{DeckChoice, PartyConfig};
use tabula_puzzles::checkmates::solo::SoloConfig as CmSoloConfig;
use tabula_puzzles::royal::Level;
use tabula_puzzles::royal::matchplay::MatchConfig;
use tabula_puzzles::royal::solo::SoloConfig as RoyalSoloConfig;

/// The kinds of game the server hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Check Mates for 1-6 players (humans and bots).
    CheckmatesParty,
    /// Check Mates solo: ten cards against the clock.
    CheckmatesSolo,
    /// A Royal Study match for two (a friend or a bot).
    RoyalMatch,
    /// Royal Study solo.
    RoyalSolo,
    /// Querni for two: online by link, or against the computer (a bot seat).
    Querni,
    /// Querni for two people at one screen.
    QuerniLocal,
    /// QuickChess (any variant) for two: online by link, or against the computer.
    Quickchess,
    /// QuickChess for two people at one screen.
    QuickchessLocal,
}

/// Check Mates party options.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PartyOptions {
    side: Option<Side>,
    deck: Option<DeckChoice>,
    count_ms: Option<u64>,
    round_limit_ms: Option<u64>,
}

/// Check Mates solo options.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SoloOptions {
    side: Option<Side>,
    deck: Option<DeckChoice>,
}

/// The Royal Study solo options.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoyalOptions {
    level: Option<u64>,
    bonus: Option<bool>,
}

/// The Royal Study match options: a solo's, the hourglass, and the seed's optional time limit
/// on an execution.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoyalMatchOptions {
    level: Option<u64>,
    bonus: Option<bool>,
    hourglass_ms: Option<u64>,
    execution_limit_ms: Option<u64>,
}

/// Querni options.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct QuerniOptions {
    color: Option<ColorChoice>,
    clock: Option<ClockOption>,
}

/// QuickChess options.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChessOptions {
    color: Option<ColorChoice>,
    variant: Option<String>,
    fen: Option<String>,
    clock: Option<ClockOption>,
}

/// Reads a kind's options; `null` means none.
fn options<T: DeserializeOwned + Default>(v: &Value) -> Result<T, ApiError> {
    match v {
        Value::Null => Ok(T::default()),
        Value::Object(_) => serde_json::from_value(v.clone())
            .map_err(|e| ApiError::BadInput(format!("options: {e}"))),
        _ => Err(ApiError::BadInput(
            "options: a JSON object, e.g. {\"side\": \"chess\"}".into(),
        )),
    }
}

/// A number of milliseconds within `range`, or the default.
fn millis(
    key: &str,
    value: Option<u64>,
    range: std::ops::RangeInclusive<u64>,
    default: u64,
) -> Result<u64, ApiError> {
    match value {
        None => Ok(default),
        Some(n) if range.contains(&n) => Ok(n),
        Some(_) => Err(ApiError::BadInput(format!(
            "options: {key} must be {} to {} ms",
            range.start(),
            range.end()
        ))),
    }
}

fn level(n: Option<u64>) -> Result<Level, ApiError> {
    let n = n.unwrap_or(1);
    Level::from_number(n)
        .ok_or_else(|| ApiError::BadInput(format!("options: level {n}: 1, 2 or 3")))
}

fn to_json<T: Serialize>(config: T) -> Result<Value, ApiError> {
    serde_json::to_value(config).map_err(|e| ApiError::Internal(format!("configuration: {e}")))
}

impl Kind {
    /// The kind for its wire name.
    pub fn parse(s: &str) -> Option<Kind> {
        serde_json::from_value(Value::String(s.into())).ok()
    }

    /// Its wire name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::CheckmatesParty => "checkmates-party",
            Kind::CheckmatesSolo => "checkmates-solo",
            Kind::RoyalMatch => "royal-match",
            Kind::RoyalSolo => "royal-solo",
            Kind::Querni => "querni",
            Kind::QuerniLocal => "querni-local",
            Kind::Quickchess => "quickchess",
            Kind::QuickchessLocal => "quickchess-local",
        }
    }

    /// The most seats.
    pub fn max_seats(self) -> usize {
        match self {
            Kind::CheckmatesParty => 6,
            Kind::RoyalMatch | Kind::Querni | Kind::Quickchess => 2,
            _ => 1,
        }
    }

    /// The strongest bot level this kind offers.
    pub fn max_bot_level(self) -> u8 {
        match self {
            Kind::Querni | Kind::QuerniLocal => tabula_querni::MAX_LEVEL,
            Kind::Quickchess | Kind::QuickchessLocal => tabula_chess::engine::LEVELS,
            _ => tabula_puzzles::bots::MAX_LEVEL,
        }
    }

    /// Checks a bot level for this kind.
    pub fn check_bot_level(self, level: u8) -> Result<(), ApiError> {
        if (1..=self.max_bot_level()).contains(&level) {
            Ok(())
        } else {
            Err(ApiError::BadInput(format!(
                "bot level {level}: levels are 1 to {}",
                self.max_bot_level()
            )))
        }
    }

    /// Whether the game waits in a lobby until the host starts it (otherwise it starts when
    /// every seat is taken).
    pub fn has_lobby(self) -> bool {
        self == Kind::CheckmatesParty
    }

    /// Whether a game without a lobby can start with this many seats taken.
    pub fn ready(self, seats: usize) -> bool {
        !self.has_lobby() && (seats == self.max_seats() || self.max_seats() == 1)
    }

    /// The options of a rematch: the same, with the creator's side swapped in a duel.
    pub fn rematch_options(self, options: &Value) -> Value {
        let mut o = options.clone();
        let duel = matches!(self, Kind::Querni | Kind::Quickchess);
        if !duel {
            return o;
        }
        if !o.is_object() {
            o = json!({});
        }
        let swapped = match o.get("color").and_then(Value::as_str) {
            Some("white") => "black",
            Some("black") => "white",
            Some("blue") => "red",
            Some("red") => "blue",
            Some("second") => "first",
            _ => "second",
        };
        o["color"] = json!(swapped);
        o
    }

    /// The game's configuration (stored as `config.game`) from the creator's options and
    /// the number of seats; any unknown or out-of-range option is bad input.
    pub fn configure(
        self,
        raw: &Value,
        seats: usize,
        services: &Services,
    ) -> Result<Value, ApiError> {
        match self {
            Kind::CheckmatesParty => {
                let o: PartyOptions = options(raw)?;
                let side = o.side.unwrap_or(Side::Sliding);
                let deck = o.deck.unwrap_or(DeckChoice::Full);
                let mut c = PartyConfig::new(side, seats as u8, services.cards(side), deck);
                c.count_ms = millis("count_ms", o.count_ms, 200..=30_000, c.count_ms)?;
                c.round_limit_ms = millis(
                    "round_limit_ms",
                    o.round_limit_ms,
                    1_000..=600_000,
                    c.round_limit_ms,
                )?;
                to_json(c)
            }
            Kind::CheckmatesSolo => {
                let o: SoloOptions = options(raw)?;
                let side = o.side.unwrap_or(Side::Sliding);
                to_json(CmSoloConfig {
                    side,
                    cards: services.cards(side),
                    deck: o.deck.unwrap_or(DeckChoice::Full),
                })
            }
            Kind::RoyalMatch => {
                let o: RoyalMatchOptions = options(raw)?;
                let bonus = o.bonus.unwrap_or(false);
                let mut c = MatchConfig::new(level(o.level)?, bonus, services.royal_deck.clone());
                c.hourglass_ms = millis(
                    "hourglass_ms",
                    o.hourglass_ms,
                    5_000..=600_000,
                    c.hourglass_ms,
                )?;
                c.execution_limit_ms = o
                    .execution_limit_ms
                    .map(|ms| millis("execution_limit_ms", Some(ms), 5_000..=600_000, ms))
                    .transpose()?;
                to_json(c)
            }
            Kind::RoyalSolo => {
                let o: RoyalOptions = options(raw)?;
                to_json(RoyalSoloConfig {
                    level: level(o.level)?,
                    bonus: o.bonus.unwrap_or(false),
                    cards: services.royal_deck.clone(),
                })
            }
            Kind::Querni | Kind::QuerniLocal => {
                let o: QuerniOptions = options(raw)?;
                to_json(
                    DuelConfig::querni(o.color.unwrap_or_default(), self == Kind::QuerniLocal)
                        .with_clock(o.clock)?,
                )
            }
            Kind::Quickchess | Kind::QuickchessLocal => {
                let o: ChessOptions = options(raw)?;
                to_json(
                    DuelConfig::chess(
                        o.color.unwrap_or_default(),
                        self == Kind::QuickchessLocal,
                        o.variant.as_deref().unwrap_or("quickchess"),
                        o.fen.as_deref(),
                    )?
                    .with_clock(o.clock)?,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in [
            Kind::CheckmatesParty,
            Kind::CheckmatesSolo,
            Kind::RoyalMatch,
            Kind::RoyalSolo,
            Kind::Querni,
            Kind::QuerniLocal,
            Kind::Quickchess,
            Kind::QuickchessLocal,
        ] {
            assert_eq!(Kind::parse(k.name()), Some(k));
        }
        assert_eq!(Kind::parse("poker"), None);
    }

    #[test]
    fn a_rematch_swaps_the_sides_of_a_duel_only() {
        let o = json!({"variant": "chess", "color": "white", "clock": {"initial_s": 60}});
        let r = Kind::Quickchess.rematch_options(&o);
        assert_eq!(r["color"], "black");
        assert_eq!((&r["variant"], &r["clock"]), (&o["variant"], &o["clock"]));
        assert_eq!(Kind::Quickchess.rematch_options(&r)["color"], "white");
        assert_eq!(
            Kind::Querni.rematch_options(&Value::Null)["color"],
            "second"
        );
        assert_eq!(
            Kind::Querni.rematch_options(&json!({"color": "red"}))["color"],
            "blue"
        );
        let party = json!({"side": "chess"});
        assert_eq!(Kind::CheckmatesParty.rematch_options(&party), party);
        assert_eq!(Kind::QuickchessLocal.rematch_options(&o), o);
    }

    #[test]
    fn unknown_and_bad_options_are_refused_by_name() {
        let s = crate::services::Services::new();
        let bad = |kind: Kind, o: Value| kind.configure(&o, 1, &s).unwrap_err().to_string();
        assert!(
            bad(Kind::CheckmatesSolo, json!({"sied": "chess"})).contains("unknown field `sied`")
        );
        assert!(bad(Kind::CheckmatesParty, json!({"side": "marble"})).contains("marble"));
        assert!(bad(Kind::CheckmatesParty, json!({"count_ms": 5})).contains("count_ms must be"));
        assert!(bad(Kind::RoyalSolo, json!({"level": 4})).contains("level 4"));
        assert!(bad(Kind::Querni, json!({"variant": "chess"})).contains("unknown field `variant`"));
        assert!(bad(Kind::Quickchess, json!({"variant": "poker"})).contains("poker"));
        assert!(bad(Kind::Quickchess, json!([1])).contains("a JSON object"));
        assert!(bad(Kind::Querni, json!({"clock": {"initial_s": 0}})).contains("clock.initial_s"));
        assert!(
            bad(
                Kind::Quickchess,
                json!({"clock": {"initial_s": 60, "increment_s": 601}})
            )
            .contains("clock.increment_s")
        );
        assert!(
            bad(Kind::Quickchess, json!({"clock": {"initial": 60}}))
                .contains("unknown field `initial`")
        );
        let timed = Kind::Quickchess
            .configure(
                &json!({"clock": {"initial_s": 180, "increment_s": 2}}),
                2,
                &s,
            )
            .unwrap();
        assert_eq!(
            timed["clock"],
            json!({"base_ms": 180_000, "increment_ms": 2_000})
        );
        let junk: serde_json::Map<String, Value> = (0..500)
            .map(|i| (format!("junk{i}"), json!("x".repeat(30))))
            .collect();
        assert!(bad(Kind::RoyalSolo, Value::Object(junk)).contains("unknown field `junk0`"));
        assert!(Kind::RoyalSolo.configure(&Value::Null, 1, &s).is_ok());
        assert!(
            Kind::CheckmatesParty
                .configure(&json!({"side": "chess", "deck": "two-star"}), 3, &s)
                .is_ok()
        );
    }
}
