//! What each kind of game takes to be created: its options (each kind its own, refusing keys
//! it does not know and naming the key, so a typo is told at once instead of being stored
//! with the game and silently ignored forever), its bots' levels, its configuration.

use super::duel::{ClockOption, ColorChoice, DuelConfig};
use crate::error::{ApiError, Invalid};
use crate::json::RawJson;
use crate::model::GameOptions;
pub use crate::model::Kind;
use crate::services::Services;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tabula_puzzles::checkmates::Side;
use tabula_puzzles::checkmates::party::{DeckChoice, PartyConfig};
use tabula_puzzles::checkmates::solo::SoloConfig as CmSoloConfig;
use tabula_puzzles::royal::Level;
use tabula_puzzles::royal::matchplay::MatchConfig;
use tabula_puzzles::royal::solo::SoloConfig as RoyalSoloConfig;

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

/// The Royal Study match options: a solo's, the hourglass, the seed's optional time limit on an
/// execution, and how long a round waits for an announcement.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoyalMatchOptions {
    level: Option<u64>,
    bonus: Option<bool>,
    hourglass_ms: Option<u64>,
    execution_limit_ms: Option<u64>,
    announce_limit_ms: Option<u64>,
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

/// Reads a kind's options; none (or `null`) means the defaults.
fn strict<T: DeserializeOwned + Default>(raw: Option<&RawJson>) -> Result<T, ApiError> {
    let Some(raw) = raw.filter(|r| r.text() != "null") else {
        return Ok(T::default());
    };
    if !raw.text().trim_start().starts_with('{') {
        return Err(ApiError::BadInput(
            Invalid::Options,
            "options: a JSON object, e.g. {\"side\": \"chess\"}".into(),
        ));
    }
    raw.parse().map_err(|e| {
        ApiError::BadInput(
            Invalid::Options,
            format!("options: {}", crate::json::message(&e)),
        )
    })
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
        Some(_) => Err(ApiError::BadInput(
            Invalid::Options,
            format!(
                "options: {key} must be {} to {} ms",
                range.start(),
                range.end()
            ),
        )),
    }
}

fn level(n: Option<u64>) -> Result<Level, ApiError> {
    let n = n.unwrap_or(1);
    Level::from_number(n).ok_or_else(|| {
        ApiError::BadInput(Invalid::Options, format!("options: level {n}: 1, 2 or 3"))
    })
}

impl Kind {
    /// The options a creator sent (a JSON object, or none), as this kind takes them: any key
    /// it does not know is bad input, named.
    pub fn options(self, raw: Option<&RawJson>) -> Result<GameOptions, ApiError> {
        Ok(match self {
            Kind::CheckmatesParty => {
                let o: PartyOptions = strict(raw)?;
                GameOptions {
                    side: o.side,
                    deck: o.deck,
                    count_ms: o.count_ms,
                    round_limit_ms: o.round_limit_ms,
                    ..GameOptions::default()
                }
            }
            Kind::CheckmatesSolo => {
                let o: SoloOptions = strict(raw)?;
                GameOptions {
                    side: o.side,
                    deck: o.deck,
                    ..GameOptions::default()
                }
            }
            Kind::RoyalMatch => {
                let o: RoyalMatchOptions = strict(raw)?;
                GameOptions {
                    level: o.level,
                    bonus: o.bonus,
                    hourglass_ms: o.hourglass_ms,
                    execution_limit_ms: o.execution_limit_ms,
                    announce_limit_ms: o.announce_limit_ms,
                    ..GameOptions::default()
                }
            }
            Kind::RoyalSolo => {
                let o: RoyalOptions = strict(raw)?;
                GameOptions {
                    level: o.level,
                    bonus: o.bonus,
                    ..GameOptions::default()
                }
            }
            Kind::Querni | Kind::QuerniLocal => {
                let o: QuerniOptions = strict(raw)?;
                GameOptions {
                    color: o.color,
                    clock: o.clock,
                    ..GameOptions::default()
                }
            }
            Kind::Quickchess | Kind::QuickchessLocal => {
                let o: ChessOptions = strict(raw)?;
                GameOptions {
                    color: o.color,
                    clock: o.clock,
                    variant: o.variant,
                    fen: o.fen,
                    ..GameOptions::default()
                }
            }
        })
    }

    /// The options of a rematch: the same, with the creator's side swapped in a duel.
    pub fn rematch_options(self, options: &GameOptions) -> GameOptions {
        let mut o = options.clone();
        if matches!(self, Kind::Querni | Kind::Quickchess) {
            o.color = Some(match o.color {
                Some(ColorChoice::White) => ColorChoice::Black,
                Some(ColorChoice::Black) => ColorChoice::White,
                Some(ColorChoice::Blue) => ColorChoice::Red,
                Some(ColorChoice::Red) => ColorChoice::Blue,
                Some(ColorChoice::Second) => ColorChoice::First,
                Some(ColorChoice::First) | None => ColorChoice::Second,
            });
        }
        o
    }

    /// The game's configuration (stored as `config.game`) from the creator's options and
    /// the number of seats; an option out of range is bad input.
    pub fn configure(
        self,
        o: &GameOptions,
        seats: usize,
        services: &Services,
    ) -> Result<RawJson, ApiError> {
        Ok(match self {
            Kind::CheckmatesParty => {
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
                RawJson::of(&c)
            }
            Kind::CheckmatesSolo => {
                let side = o.side.unwrap_or(Side::Sliding);
                RawJson::of(&CmSoloConfig {
                    side,
                    cards: services.cards(side),
                    deck: o.deck.unwrap_or(DeckChoice::Full),
                })
            }
            Kind::RoyalMatch => {
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
                c.announce_limit_ms = Some(millis(
                    "announce_limit_ms",
                    o.announce_limit_ms,
                    10_000..=600_000,
                    c.announce_limit_ms.unwrap_or_default(),
                )?);
                RawJson::of(&c)
            }
            Kind::RoyalSolo => RawJson::of(&RoyalSoloConfig {
                level: level(o.level)?,
                bonus: o.bonus.unwrap_or(false),
                cards: services.royal_deck.clone(),
            }),
            Kind::Querni | Kind::QuerniLocal => RawJson::of(
                &DuelConfig::querni(o.color.unwrap_or_default(), self == Kind::QuerniLocal)
                    .with_clock(o.clock)?
                    .with_berserk(o.berserk)?,
            ),
            Kind::Quickchess | Kind::QuickchessLocal => RawJson::of(
                &DuelConfig::chess(
                    o.color.unwrap_or_default(),
                    self == Kind::QuickchessLocal,
                    o.variant.as_deref().unwrap_or("quickchess"),
                    o.fen.as_deref(),
                )?
                .with_clock(o.clock)?
                .with_berserk(o.berserk)?,
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.name()), Some(k));
        }
        assert_eq!(Kind::parse("poker"), None);
    }

    /// Options as a client sends them, read for `kind`.
    fn options(kind: Kind, v: serde_json::Value) -> Result<GameOptions, ApiError> {
        kind.options(Some(&RawJson::of(&v)))
    }

    /// Options as JSON again.
    fn shown(o: &GameOptions) -> serde_json::Value {
        serde_json::to_value(o).unwrap()
    }

    #[test]
    fn a_rematch_swaps_the_sides_of_a_duel_only() {
        let raw = json!({"variant": "chess", "color": "white", "clock": {"initial_s": 60}});
        let o = options(Kind::Quickchess, raw).unwrap();
        let r = Kind::Quickchess.rematch_options(&o);
        assert_eq!(shown(&r)["color"], "black");
        assert_eq!((r.variant.as_deref(), &r.clock), (Some("chess"), &o.clock));
        assert_eq!(Kind::Quickchess.rematch_options(&r), o);
        let none = GameOptions::default();
        assert_eq!(
            shown(&Kind::Querni.rematch_options(&none))["color"],
            "second"
        );
        let red = options(Kind::Querni, json!({"color": "red"})).unwrap();
        assert_eq!(shown(&Kind::Querni.rematch_options(&red))["color"], "blue");
        let party = options(Kind::CheckmatesParty, json!({"side": "chess"})).unwrap();
        assert_eq!(Kind::CheckmatesParty.rematch_options(&party), party);
        let local = options(Kind::QuickchessLocal, json!({"variant": "chess"})).unwrap();
        assert_eq!(Kind::QuickchessLocal.rematch_options(&local), local);
    }

    #[test]
    fn unknown_and_bad_options_are_refused_by_name() {
        let s = crate::services::Services::new();
        let bad = |kind: Kind, v: serde_json::Value| {
            options(kind, v)
                .and_then(|o| kind.configure(&o, 1, &s))
                .unwrap_err()
                .to_string()
        };
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
        let timed = options(
            Kind::Quickchess,
            json!({"clock": {"initial_s": 180, "increment_s": 2}}),
        )
        .and_then(|o| Kind::Quickchess.configure(&o, 2, &s))
        .unwrap();
        let timed: serde_json::Value = timed.parse().unwrap();
        // a new game stores its first-move limit: one stored without it replays as before
        assert_eq!(
            timed["clock"],
            json!({"base_ms": 180_000, "increment_ms": 2_000, "first_move_ms": 30_000})
        );
        let junk: serde_json::Map<String, serde_json::Value> = (0..500)
            .map(|i| (format!("junk{i}"), json!("x".repeat(30))))
            .collect();
        let junk = serde_json::Value::Object(junk);
        assert!(bad(Kind::RoyalSolo, junk).contains("unknown field `junk0`"));
        let none = Kind::RoyalSolo.options(None).unwrap();
        assert!(Kind::RoyalSolo.configure(&none, 1, &s).is_ok());
        let null = options(Kind::RoyalSolo, serde_json::Value::Null).unwrap();
        assert_eq!(null, none);
        assert!(
            options(
                Kind::CheckmatesParty,
                json!({"side": "chess", "deck": "two-star"})
            )
            .and_then(|o| Kind::CheckmatesParty.configure(&o, 3, &s))
            .is_ok()
        );
    }
}
