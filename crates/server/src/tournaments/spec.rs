//! What a tournament is: its kind (arena, Swiss or Check Mates parties), game, options, clock
//! and length, as a player asks for it (`POST /api/tournaments`) and as it is stored, checked
//! once here.

use crate::error::{ApiError, Invalid};
use crate::limits::Limits;
use crate::model::{ClockOption, ColorChoice, GameOptions, Kind};
use crate::services::Services;
use serde::{Deserialize, Serialize};
use tabula_puzzles::checkmates::Side;
use tabula_puzzles::checkmates::party::DeckChoice;
use ts_rs::TS;

/// The longest arena, in minutes (the shortest is [`Limits::shortest_arena`]).
pub const LONGEST_ARENA: f64 = 720.0;
/// The fewest Swiss rounds, and the most.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 1..=15;
/// How far ahead a tournament may be announced (a week).
pub const MAX_STARTS_IN_S: u64 = 7 * 24 * 3600;
/// The longest name.
pub const MAX_NAME: usize = 60;
/// The limit on a Royal Study execution in a tournament.
pub const TOURNAMENT_EXECUTION_MS: u64 = 120_000;

/// A tournament's format: an arena, a Swiss event or Check Mates parties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "TournamentKind")]
pub enum Format {
    /// A fixed time; a player who finishes a game is paired again at once.
    Arena,
    /// A fixed number of rounds, paired by score groups.
    Swiss,
    /// Check Mates: a fixed number of party rounds, the players seated at tables of up to six
    /// by rating (crates/tournament/src/parties.rs), each round's points summed.
    Parties,
}

/// The games a tournament is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "TournamentGame")]
pub enum Game {
    /// QuickChess, any variant (8x8 chess too).
    Quickchess,
    /// Querni.
    Querni,
    /// The Royal Study: a match (first to six) per pairing.
    Royal,
    /// Check Mates: a party per table (parties only).
    Checkmates,
}

impl Game {
    /// The kind of game a pairing plays.
    pub fn kind(self) -> Kind {
        match self {
            Game::Quickchess => Kind::Quickchess,
            Game::Querni => Kind::Querni,
            Game::Royal => Kind::RoyalMatch,
            Game::Checkmates => Kind::CheckmatesParty,
        }
    }
}

/// A tournament as asked for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TournamentSpec {
    /// Arena or Swiss.
    pub kind: Format,
    /// The game.
    pub game: Game,
    /// QuickChess's variant (as in a game's options); none for the others.
    #[serde(default)]
    pub variant: Option<String>,
    /// Each player's clock (QuickChess and Querni; The Royal Study plays with its hourglass).
    #[serde(default)]
    pub clock: Option<ClockOption>,
    /// An arena's length, in minutes (`1.5` is a minute and a half).
    #[serde(default)]
    pub minutes: Option<f64>,
    /// A Swiss event's rounds, or the parties' rounds.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Check Mates: the side of the tokens and cards (sliding when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub side: Option<Side>,
    /// Check Mates: which cards (all, or a blitz deck of the one- or two-star ones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub deck: Option<DeckChoice>,
    /// Whether its games move ratings.
    #[serde(default)]
    pub rated: bool,
    /// Seconds from now to the start.
    #[serde(default)]
    pub starts_in_s: u64,
    /// Its name, if its maker gave one (pages make one of the rest otherwise, in the reader's
    /// language).
    #[serde(default)]
    pub name: Option<String>,
}

impl TournamentSpec {
    /// The spec checked: every refusal names the field and what it takes. The name is made
    /// when none is given.
    pub fn checked(
        mut self,
        services: &Services,
        limits: &Limits,
    ) -> Result<TournamentSpec, ApiError> {
        match self.kind {
            Format::Arena => {
                let m = self.minutes.ok_or_else(|| {
                    ApiError::BadInput(
                        Invalid::Tournament,
                        "minutes: an arena needs its length in minutes".into(),
                    )
                })?;
                let shortest = limits.shortest_arena.as_secs_f64() / 60.0;
                if !(shortest..=LONGEST_ARENA).contains(&m) {
                    return Err(ApiError::BadInput(
                        Invalid::Tournament,
                        format!(
                            "minutes: an arena lasts {shortest} to {LONGEST_ARENA} minutes, not {m}"
                        ),
                    ));
                }
                if self.rounds.is_some() {
                    return Err(ApiError::BadInput(
                        Invalid::Tournament,
                        "rounds: an arena has no rounds (give minutes)".into(),
                    ));
                }
            }
            Format::Swiss | Format::Parties => {
                let r = self.rounds.ok_or_else(|| {
                    ApiError::BadInput(
                        Invalid::Tournament,
                        "rounds: a Swiss event or parties need their number of rounds".into(),
                    )
                })?;
                if !SWISS_ROUNDS.contains(&r) {
                    return Err(ApiError::BadInput(
                        Invalid::Tournament,
                        format!(
                            "rounds: a Swiss event or parties have {} to {} rounds, not {r}",
                            SWISS_ROUNDS.start(),
                            SWISS_ROUNDS.end()
                        ),
                    ));
                }
                if self.minutes.is_some() {
                    return Err(ApiError::BadInput(
                        Invalid::Tournament,
                        "minutes: a Swiss event or parties have rounds, not minutes".into(),
                    ));
                }
            }
        }
        // Check Mates is played in parties, and parties are Check Mates
        if (self.kind == Format::Parties) != (self.game == Game::Checkmates) {
            return Err(ApiError::BadInput(Invalid::Tournament,
                "kind, game: Check Mates tournaments are parties (\"kind\": \"parties\", \"game\": \"checkmates\"), and only Check Mates is"
                    .into(),
            ));
        }
        if self.game != Game::Checkmates && (self.side.is_some() || self.deck.is_some()) {
            return Err(ApiError::BadInput(
                Invalid::Tournament,
                "side, deck: only Check Mates has a side and a deck".into(),
            ));
        }
        match self.game {
            Game::Royal => {
                if self.clock.is_some() || self.variant.is_some() {
                    return Err(ApiError::BadInput(Invalid::Tournament,
                        "clock, variant: The Royal Study plays with its hourglass and has no variants"
                            .into(),
                    ));
                }
            }
            Game::Checkmates => {
                if self.clock.is_some() || self.variant.is_some() {
                    return Err(ApiError::BadInput(Invalid::Tournament,
                        "clock, variant: a Check Mates party has no clock and no variants (give side and deck)"
                            .into(),
                    ));
                }
                self.side.get_or_insert(Side::Sliding);
            }
            Game::Querni if self.variant.is_some() => {
                return Err(ApiError::BadInput(
                    Invalid::Tournament,
                    "variant: Querni has no variants".into(),
                ));
            }
            _ => {
                if self.clock.is_none() {
                    return Err(ApiError::BadInput(
                        Invalid::Tournament,
                        "clock: a tournament's games are timed ({\"initial_s\", \"increment_s\"})"
                            .into(),
                    ));
                }
            }
        }
        if self.clock.is_some_and(|c| c.days.is_some()) {
            return Err(ApiError::BadInput(Invalid::Tournament,
                "clock: a tournament's games are played at one sitting, not by correspondence (days)"
                    .into(),
            ));
        }
        if self.starts_in_s > MAX_STARTS_IN_S {
            return Err(ApiError::BadInput(
                Invalid::Tournament,
                format!(
                    "starts_in_s: a tournament starts within a week ({MAX_STARTS_IN_S} s), not in {} s",
                    self.starts_in_s
                ),
            ));
        }
        // the options as a game takes them: a bad variant or clock is refused now
        self.game.kind().configure(&self.options(), 2, services)?;
        // a name given passes the text policy: nothing invisible, no flagged word (refused);
        // none given stays none, and every reader is shown one made in their language
        self.name = match self.name.take() {
            Some(n) if !n.trim().is_empty() => Some(crate::text::written(
                &n,
                "name",
                MAX_NAME,
                crate::text::Flagged::Refused,
            )?),
            _ => None,
        };
        Ok(self)
    }

    /// The options of each pairing's game: the first seat moves first; an arena's timed
    /// games allow berserk. A Check Mates table's: its side and deck.
    pub fn options(&self) -> GameOptions {
        let berserk =
            self.kind == Format::Arena && self.clock.is_some() && self.game != Game::Royal;
        if self.game == Game::Checkmates {
            return GameOptions {
                side: Some(self.side.unwrap_or(Side::Sliding)),
                deck: self.deck,
                ..GameOptions::default()
            };
        }
        GameOptions {
            color: Some(ColorChoice::First),
            clock: self.clock,
            variant: self.variant.clone(),
            berserk: berserk.then_some(true),
            // a match's execution has a limit in a tournament: an executor who walks away
            // never holds a round open (every tournament game has a deadline)
            execution_limit_ms: (self.game == Game::Royal).then_some(TOURNAMENT_EXECUTION_MS),
            ..GameOptions::default()
        }
    }

    /// Its name: the one given, else one made of the rest ([`TournamentSpec::default_name`]).
    pub fn shown_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.default_name())
    }

    /// "QuickChess 3+2 arena" and the like, in English (a page makes its own, in the reader's
    /// language, from the spec: the name stands in where no language is known, as in a TRF).
    pub fn default_name(&self) -> String {
        let game = match self.game {
            Game::Quickchess => self.variant.clone().unwrap_or_else(|| "QuickChess".into()),
            Game::Querni => "Querni".into(),
            Game::Royal => "Royal Study".into(),
            Game::Checkmates => match self.side {
                Some(Side::Chess) => "Check Mates (chess)".into(),
                _ => "Check Mates".into(),
            },
        };
        let clock = self
            .clock
            .map(|c| format!(" {}+{}", c.initial_s / 60, c.increment_s))
            .unwrap_or_default();
        let kind = match self.kind {
            Format::Arena => "arena",
            Format::Swiss => "Swiss",
            Format::Parties => "parties",
        };
        format!("{game}{clock} {kind}")
    }
}
