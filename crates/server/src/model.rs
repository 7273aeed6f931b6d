//! The server's words for a game, as the store keeps them and every part reads them: its
//! kind, its status, the options its creator chose and its stored configuration. Typed once
//! here, below the store, so the rooms, the players' records and the lobby read fields, never
//! JSON.

use crate::error::{ApiError, Invalid};
use crate::json::RawJson;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use tabula_core::clock::TimeControl;
use tabula_puzzles::checkmates::Side;
use tabula_puzzles::checkmates::party::DeckChoice;
use ts_rs::TS;

/// The longest initial time a clock may have (three hours).
pub const MAX_INITIAL_S: u64 = 3 * 60 * 60;

/// The largest increment (ten minutes).
pub const MAX_INCREMENT_S: u64 = 10 * 60;

/// The kinds of game the server hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
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

impl Kind {
    /// Whether games of this kind can be reviewed by the computer (QuickChess, 8x8 chess and
    /// Querni, at one screen or not).
    pub fn reviewable(self) -> bool {
        matches!(
            self,
            Kind::Quickchess | Kind::QuickchessLocal | Kind::Querni | Kind::QuerniLocal
        )
    }

    /// The kind for its wire name.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::CheckmatesParty,
        Kind::CheckmatesSolo,
        Kind::RoyalMatch,
        Kind::RoyalSolo,
        Kind::Querni,
        Kind::QuerniLocal,
        Kind::Quickchess,
        Kind::QuickchessLocal,
    ];

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
            Err(ApiError::BadInput(
                Invalid::Options,
                format!(
                    "bot level {level}: levels are 1 to {}",
                    self.max_bot_level()
                ),
            ))
        }
    }

    /// Whether both sides play at one screen (`querni-local`, `quickchess-local`).
    pub fn one_screen(self) -> bool {
        matches!(self, Kind::QuerniLocal | Kind::QuickchessLocal)
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
}

/// Where a stored game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for its players (a party's lobby, a duel's second seat).
    Lobby,
    /// Being played.
    Playing,
    /// Over.
    Finished,
    /// A lobby nobody started in time.
    Expired,
}

impl Status {
    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Expired => "expired",
        }
    }

    /// The status of its stored name.
    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Lobby,
            Status::Playing,
            Status::Finished,
            Status::Expired,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }

    /// Whether nothing more happens in it.
    pub fn ended(self) -> bool {
        matches!(self, Status::Finished | Status::Expired)
    }
}

/// A time control as a client asks for it: `{"initial_s": 300, "increment_s": 3}` (whole
/// seconds; the increment may be left out for none), or a correspondence game's
/// `{"days": 3}` (each move within three days, the time set afresh after every move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ClockOption {
    /// Each side's time at the start (none for correspondence).
    #[serde(default)]
    pub initial_s: u64,
    /// Added after each of a side's moves.
    #[serde(default)]
    pub increment_s: u64,
    /// Correspondence: the days each move may take (one of [`CORRESPONDENCE_DAYS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub days: Option<u32>,
}

/// The days a move of a correspondence game may take, as lichess offers them.
pub const CORRESPONDENCE_DAYS: [u32; 5] = [1, 2, 3, 7, 14];

/// A day, in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl ClockOption {
    /// The time control, if the numbers are within bounds.
    pub fn control(self) -> Result<TimeControl, ApiError> {
        if let Some(days) = self.days {
            if !CORRESPONDENCE_DAYS.contains(&days) {
                return Err(ApiError::BadInput(
                    Invalid::Options,
                    format!(
                        "options: clock.days must be one of {CORRESPONDENCE_DAYS:?}, not {days}"
                    ),
                ));
            }
            if self.initial_s != 0 || self.increment_s != 0 {
                return Err(ApiError::BadInput(
                    Invalid::Options,
                    "options: a correspondence clock has days, not initial_s or increment_s".into(),
                ));
            }
            return Ok(TimeControl {
                base_ms: u64::from(days) * DAY_MS,
                increment_ms: 0,
                first_move_ms: None,
                per_move: true,
            });
        }
        if !(1..=MAX_INITIAL_S).contains(&self.initial_s) {
            return Err(ApiError::BadInput(
                Invalid::Options,
                format!(
                    "options: clock.initial_s must be 1 to {MAX_INITIAL_S} seconds, not {}",
                    self.initial_s
                ),
            ));
        }
        if self.increment_s > MAX_INCREMENT_S {
            return Err(ApiError::BadInput(
                Invalid::Options,
                format!(
                    "options: clock.increment_s must be 0 to {MAX_INCREMENT_S} seconds, not {}",
                    self.increment_s
                ),
            ));
        }
        Ok(TimeControl {
            base_ms: self.initial_s * 1000,
            increment_ms: self.increment_s * 1000,
            // every new timed game has free first moves and aborts on a missed one
            first_move_ms: Some(tabula_core::clock::FIRST_MOVE_MS),
            per_move: false,
        })
    }
}

/// The side the creator of a duel takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// The side that moves first.
    #[default]
    First,
    /// The side that moves second.
    Second,
    /// Querni's first side.
    Blue,
    /// Querni's second side.
    Red,
    /// QuickChess's first side.
    White,
    /// QuickChess's second side.
    Black,
}

impl ColorChoice {
    /// Whether it is the side that moves first.
    pub fn first(self) -> bool {
        matches!(
            self,
            ColorChoice::First | ColorChoice::Blue | ColorChoice::White
        )
    }
}

/// The options a game was created with, whatever its kind: each kind takes some of them
/// (checked when the game is created, naming any it does not know: `games::kind`), and the
/// game keeps them as they were given, for its rematch, its table's "same again" and its
/// rating pool.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameOptions {
    /// Check Mates: the side of the tokens and cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub side: Option<Side>,
    /// Check Mates: which cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deck: Option<DeckChoice>,
    /// Check Mates party: the count after an announcement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub count_ms: Option<u64>,
    /// Check Mates party: the time a card waits for an announcement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub round_limit_ms: Option<u64>,
    /// The Royal Study: 1, 2 or 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub level: Option<u64>,
    /// The Royal Study: the bonus challenge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bonus: Option<bool>,
    /// A Royal Study match: the hourglass.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hourglass_ms: Option<u64>,
    /// A Royal Study match: the limit on an execution, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub execution_limit_ms: Option<u64>,
    /// A Royal Study match: how long a round waits for an announcement before its card is set
    /// aside (120 s when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub announce_limit_ms: Option<u64>,
    /// A duel: the creator's side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color: Option<ColorChoice>,
    /// A duel: the clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub clock: Option<ClockOption>,
    /// A duel of an arena tournament: each player may berserk (halve their own time before
    /// their first move, for no increment) for a bonus point when they win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub berserk: Option<bool>,
    /// QuickChess: the variant (or `olympics`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub variant: Option<String>,
    /// QuickChess: a start position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fen: Option<String>,
}

/// A stored game's configuration: the creator's options, the game's own configuration once it
/// started (its adapter's type, read back by that adapter), whether it is rated, and while a
/// rated table waits for its players their clients (two accounts of one client never meet
/// there; dropped when the game starts).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct GameConfig {
    /// The creator's options (stored as `null` by older releases when none were given).
    #[serde(default, deserialize_with = "null_is_default")]
    pub options: GameOptions,
    /// The game's configuration, once it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game: Option<RawJson>,
    /// Whether the game is rated.
    #[serde(default)]
    pub rated: bool,
    /// A waiting rated table's players' clients, by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub clients: Option<Vec<Option<IpAddr>>>,
}

impl GameConfig {
    /// The QuickChess variant played: the started game's (its canonical name), else the
    /// creator's option.
    pub fn variant(&self) -> Option<String> {
        #[derive(Deserialize)]
        struct Variant {
            variant: Option<String>,
        }
        self.game
            .as_ref()
            .and_then(|g| g.parse::<Variant>().ok())
            .and_then(|v| v.variant)
            .or_else(|| self.options.variant.clone())
    }
}

/// Reads `null` as the default: games created before the options were typed stored `null`
/// for "none given".
pub(crate) fn null_is_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}
