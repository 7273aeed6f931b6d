//! What a Royal Study match is made of, apart from the match itself: its configuration, the
//! players' roles, the phases of a round, the actions players take, why points are scored,
//! the events the match reports and the errors it refuses actions with.

use super::super::execution::{Execution, StepError};
use super::super::{CardAction, Layout, Level};
use crate::moves::Move;
use crate::notation::NotationError;
use serde::{Deserialize, Serialize};
use tabula_core::Millis;

/// How long the opponent may think before the announcer executes **[ours]**.
pub const HOURGLASS_MS: Millis = 60_000;
/// Points that win a match.
pub const TARGET_POINTS: u32 = 6;
/// How long a round waits for an announcement before its card is set aside unscored
/// **[ours]**, as Check Mates's round limit: a pair that walked away never holds a match (or a
/// tournament's round) open.
pub const ANNOUNCE_LIMIT_MS: Millis = 120_000;

/// Everything fixed before a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchConfig {
    /// Level 1, 2 or 3.
    pub level: Level,
    /// Two cards a round (the bonus challenge).
    pub bonus: bool,
    /// The deck of layouts, before shuffling.
    pub cards: Vec<String>,
    /// Length of the hourglass.
    pub hourglass_ms: Millis,
    /// Optional time limit on an execution.
    pub execution_limit_ms: Option<Millis>,
    /// Points that win.
    pub target: u32,
    /// How long a round waits for an announcement before its card is set aside, unscored
    /// (none: for ever, as matches made before the limit were stored).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub announce_limit_ms: Option<Millis>,
}

impl MatchConfig {
    /// A configuration with the standard hourglass, no execution limit and six points to win.
    pub fn new(level: Level, bonus: bool, cards: Vec<String>) -> Self {
        Self {
            level,
            bonus,
            cards,
            hourglass_ms: HOURGLASS_MS,
            execution_limit_ms: None,
            target: TARGET_POINTS,
            announce_limit_ms: Some(ANNOUNCE_LIMIT_MS),
        }
    }
}

/// Who executes and what they must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The announcer, within the announcement.
    Announcer,
    /// The challenger, with fewer moves than announced.
    Challenger,
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchPhase {
    /// The cards are drawn; the first to announce starts the hourglass.
    Announcing {
        /// The cards of the round.
        cards: Vec<Layout>,
        /// When they were drawn.
        since: Millis,
    },
    /// The hourglass runs; the opponent may challenge.
    Hourglass {
        /// The cards.
        cards: Vec<Layout>,
        /// Who announced.
        announcer: u8,
        /// The announcement.
        bid: u32,
        /// When the hourglass runs out.
        ends: Millis,
    },
    /// Someone executes.
    Executing {
        /// Who announced.
        announcer: u8,
        /// The announcement.
        bid: u32,
        /// Who executes.
        executor: u8,
        /// Announcer or challenger.
        role: Role,
        /// The execution so far.
        run: Execution,
        /// When it began.
        since: Millis,
        /// When the execution must end, with a time limit.
        deadline: Option<Millis>,
    },
    /// Someone reached the target (or the deck ran out).
    Over {
        /// The winner; `None` for a draw when the deck ran out level.
        winner: Option<u8>,
    },
}

/// Something a player does, or time passing. Players are 0 and 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum MatchAction {
    /// Announce a number and start the hourglass.
    Announce {
        /// Who.
        player: u8,
        /// The number (moves plus card actions).
        bid: u32,
    },
    /// Challenge the announcement (the opponent, while the hourglass runs).
    Challenge {
        /// Who.
        player: u8,
    },
    /// Let the announcer execute now (the opponent, while the hourglass runs).
    Accept {
        /// Who.
        player: u8,
    },
    /// The executor moves a piece.
    Move {
        /// Who.
        player: u8,
        /// The move.
        mv: Move,
    },
    /// The executor turns or mirrors a card (`card` is 1 or 2 with two cards).
    Card {
        /// Who.
        player: u8,
        /// Which card.
        card: Option<u8>,
        /// The action.
        action: CardAction,
    },
    /// The executor gives up.
    GiveUp {
        /// Who.
        player: u8,
    },
    /// Time passes.
    Tick,
}

/// Why a point was scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PointReason {
    /// The executor completed the card(s) as required.
    Completed,
    /// The executor used too many moves or could no longer succeed.
    TooManyMoves,
    /// The executor gave up.
    GaveUp,
    /// The execution time ran out.
    OutOfTime,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum MatchEvent {
    /// New cards for the round.
    CardsDrawn {
        /// Round number from 1.
        round: u32,
        /// The card(s).
        cards: Vec<Layout>,
    },
    /// Nobody announced within the limit: the round's card(s) set aside, unscored (the next
    /// round's are drawn).
    CardsSetAside {
        /// The round.
        round: u32,
    },
    /// An announcement; the hourglass runs until `ends`.
    Announced {
        /// Who.
        player: u8,
        /// The number.
        bid: u32,
        /// When the hourglass runs out.
        ends: Millis,
    },
    /// The opponent challenged.
    Challenged {
        /// The challenger.
        player: u8,
    },
    /// Execution begins.
    ExecutionStarted {
        /// Who executes.
        executor: u8,
        /// Announcer or challenger.
        role: Role,
        /// The largest count that still succeeds.
        at_most: Option<u32>,
    },
    /// A step was taken.
    Stepped {
        /// The executor.
        player: u8,
        /// The step.
        step: String,
        /// Count so far.
        count: u32,
        /// The pieces now.
        layout: Layout,
        /// The card(s) as currently turned or mirrored.
        cards: Vec<Layout>,
    },
    /// A card was completed.
    CardCompleted {
        /// Which (1 or 2).
        card: u8,
        /// At which count.
        count: u32,
    },
    /// A point was scored.
    PointScored {
        /// Who scores.
        player: u8,
        /// Why.
        reason: PointReason,
        /// The scores after it.
        scores: [u32; 2],
    },
    /// The match is over.
    MatchOver {
        /// The winner (`None`: the deck ran out with the scores level).
        winner: Option<u8>,
        /// Final scores.
        scores: [u32; 2],
    },
}

/// Why an action was rejected. The match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The match's time.
        last: Millis,
    },
    /// Players are 0 and 1.
    #[error("there is no player {0}: players are 0 and 1")]
    NoSuchPlayer(u8),
    /// The match has ended.
    #[error("the match is over")]
    Over,
    /// The action does not fit the phase of the round.
    #[error("not now: {0}")]
    NotNow(&'static str),
    /// Only the announcer's opponent may challenge or accept.
    #[error("only player {0} (the announcer's opponent) may do that")]
    NotTheOpponent(u8),
    /// Only the executor moves.
    #[error("only player {executor} is executing")]
    NotTheExecutor {
        /// The executor.
        executor: u8,
    },
    /// The step breaks a rule.
    #[error("{0}")]
    Step(#[from] StepError),
    /// A configured card is not a legal layout.
    #[error("card {index}: {error}")]
    BadCard {
        /// 1-based position in the configuration.
        index: usize,
        /// What is wrong.
        error: NotationError,
    },
    /// Not enough cards to start.
    #[error("a match needs at least {needed} cards, the deck has {found}")]
    TooFewCards {
        /// Needed.
        needed: usize,
        /// Given.
        found: usize,
    },
    /// The target must be at least one point.
    #[error("a match is played to at least 1 point")]
    Target,
}
