//! What a Check Mates party is made of, apart from the game itself: its configuration and
//! deck, the players' tableaux and announcements, the phases of a round, the actions players
//! take, the events the game reports and the errors it refuses actions with.

use super::super::{Board, Side, Task};
use crate::moves::{IllegalMove, Move};
use crate::notation::NotationError;
use serde::{Deserialize, Serialize};
use tabula_core::Millis;

/// The length of the count an announcement starts (five seconds).
pub const COUNT_MS: Millis = 5_000;
/// How long a card waits for a first announcement before it is set aside **[ours]**.
pub const ROUND_LIMIT_MS: Millis = 120_000;
/// The most players at one table.
pub const MAX_PLAYERS: u8 = 6;

/// A card as configured: its task on the side being played and its stars.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardSpec {
    /// The task pattern, e.g. `R.w/.b./Q.b`.
    pub task: String,
    /// Stars it is worth (1 or 2).
    pub stars: u8,
}

/// Which cards of the deck are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum DeckChoice {
    /// Every card.
    Full,
    /// Blitz, easier: only the 1-star cards.
    OneStar,
    /// Blitz, harder: only the 2-star cards.
    TwoStar,
}

impl DeckChoice {
    pub(super) fn keeps(self, stars: u8) -> bool {
        match self {
            DeckChoice::Full => true,
            DeckChoice::OneStar => stars == 1,
            DeckChoice::TwoStar => stars == 2,
        }
    }
}

/// Everything fixed before a party starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PartyConfig {
    /// The side of tokens and cards played.
    pub side: Side,
    /// Number of players, 1 to 6 (numbered from 0).
    pub players: u8,
    /// The cards (tasks of `side`), before blitz filtering and shuffling.
    pub cards: Vec<CardSpec>,
    /// Full deck or a blitz deck.
    pub deck: DeckChoice,
    /// Length of the count, in milliseconds.
    pub count_ms: Millis,
    /// Time a card waits for a first announcement, in milliseconds.
    pub round_limit_ms: Millis,
}

impl PartyConfig {
    /// A configuration with the standard timings.
    pub fn new(side: Side, players: u8, cards: Vec<CardSpec>, deck: DeckChoice) -> Self {
        Self {
            side,
            players,
            cards,
            deck,
            count_ms: COUNT_MS,
            round_limit_ms: ROUND_LIMIT_MS,
        }
    }
}

/// A card in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayCard {
    /// Its place in the shuffled deck, from 1.
    pub number: u32,
    /// The task.
    pub task: Task,
    /// Its stars.
    pub stars: u8,
}

/// The cards in front of a player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tableau {
    /// Cards won, face up (worth their stars).
    pub face_up: Vec<PlayCard>,
    /// Penalty cards, face down (worth -1 each).
    pub penalties: Vec<PlayCard>,
}

impl Tableau {
    /// Stars of face-up cards.
    pub fn stars(&self) -> i32 {
        self.face_up.iter().map(|c| i32::from(c.stars)).sum()
    }

    /// Stars minus penalty cards.
    pub fn score(&self) -> i32 {
        self.stars() - self.penalties.len() as i32
    }
}

/// An announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bid {
    /// Who announced.
    pub player: u8,
    /// How many moves.
    pub bid: u32,
    /// When.
    pub at: Millis,
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// A card is revealed and announcements are open.
    Bidding {
        /// The card.
        card: PlayCard,
        /// When it was revealed.
        revealed_at: Millis,
        /// Announcements so far, each lower than the one before.
        bids: Vec<Bid>,
        /// When the running count ends, if one runs.
        count_ends: Option<Millis>,
    },
    /// The lowest announcer is moving tokens.
    Proving {
        /// The card.
        card: PlayCard,
        /// Who proves.
        prover: u8,
        /// The announcement being proved.
        bid: u32,
        /// The board when the proof began.
        start: Board,
        /// Moves made so far.
        moves: Vec<Move>,
        /// When the proof began.
        since: Millis,
    },
    /// The deck is empty.
    Over,
}

/// Something a player does, or time passing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum PartyAction {
    /// Announce a number of moves.
    Announce {
        /// Who.
        player: u8,
        /// How many moves.
        bid: u32,
    },
    /// The prover moves a token.
    Move {
        /// Who (must be the prover).
        player: u8,
        /// The move.
        mv: Move,
    },
    /// The prover declares the proof finished.
    Stop {
        /// Who (must be the prover).
        player: u8,
    },
    /// The prover gives up (a penalty card).
    GiveUp {
        /// Who (must be the prover).
        player: u8,
    },
    /// Time passes (fires the count or the round limit when due).
    Tick,
}

/// Why a proof failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FailReason {
    /// The prover gave up.
    GaveUp,
    /// The announced number of moves was used without meeting the task.
    BidUsedUp,
    /// The prover stopped on a board that does not meet the task.
    Stopped,
    /// Zero was announced but the board did not meet the task.
    ZeroNotMet,
}

/// A player's final result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Standing {
    /// The player.
    pub player: u8,
    /// Stars minus penalties.
    pub score: i32,
    /// Stars of face-up cards.
    pub stars: i32,
    /// Penalty cards.
    pub penalties: u32,
    /// Whether the player wins (possibly shared).
    pub winner: bool,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum PartyEvent {
    /// A new card is revealed.
    CardRevealed {
        /// Round number, from 1.
        round: u32,
        /// The card.
        card: PlayCard,
        /// Cards still in the deck after it.
        cards_left: usize,
    },
    /// Someone announced; the count runs until `count_ends`.
    Announced {
        /// Who.
        player: u8,
        /// How many moves.
        bid: u32,
        /// When the count ends.
        count_ends: Millis,
    },
    /// The count ran out: this player proves.
    ProverChosen {
        /// The prover.
        player: u8,
        /// The announcement.
        bid: u32,
    },
    /// The prover moved.
    Moved {
        /// The prover.
        player: u8,
        /// The move.
        mv: Move,
        /// Moves made so far.
        made: u32,
        /// The board after it.
        board: Board,
    },
    /// The proof succeeded: the card goes face up to the player.
    ProofSucceeded {
        /// The prover.
        player: u8,
        /// Moves used.
        moves: u32,
        /// The announcement.
        bid: u32,
        /// Stars won.
        stars: u8,
        /// Clockwise rotation of the task that the board meets.
        rotation: u16,
    },
    /// The proof failed: the card goes face down to the player.
    ProofFailed {
        /// The prover.
        player: u8,
        /// Moves used.
        moves: u32,
        /// The announcement.
        bid: u32,
        /// Why.
        reason: FailReason,
    },
    /// Nobody announced in time: the card is set aside unscored.
    CardSetAside {
        /// The round.
        round: u32,
    },
    /// The deck is empty: final standings, best first.
    GameOver {
        /// Standings.
        standings: Vec<Standing>,
    },
}

/// Why an action or configuration was rejected. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartyError {
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The game's time.
        last: Millis,
    },
    /// The player number is out of range.
    #[error("there is no player {player}: players are numbered 0 to {last}")]
    NoSuchPlayer {
        /// The number given.
        player: u8,
        /// The last player.
        last: u8,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Announcements are closed while someone proves.
    #[error("announcements are closed: player {prover} is proving")]
    NotBidding {
        /// The prover.
        prover: u8,
    },
    /// One announcement per player per round.
    #[error("player {0} has already announced this round")]
    AlreadyAnnounced(u8),
    /// An interruption must be lower.
    #[error("an interruption must be lower than the current announcement of {current}, not {bid}")]
    NotLower {
        /// The announcement tried.
        bid: u32,
        /// The current lowest.
        current: u32,
    },
    /// No proof is under way.
    #[error("no proof is under way: announcements are open")]
    NotProving,
    /// Someone other than the prover tried to move.
    #[error("player {player} cannot move tokens: player {prover} is proving")]
    NotTheProver {
        /// Who tried.
        player: u8,
        /// The prover.
        prover: u8,
    },
    /// The move breaks a rule.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
    /// Player count out of range.
    #[error("a party has 1 to {MAX_PLAYERS} players, not {0}")]
    Players(u8),
    /// No card is left after choosing the deck.
    #[error("the chosen deck ({0:?}) has no cards")]
    EmptyDeck(DeckChoice),
    /// A configured card is not a valid task.
    #[error("card {index}: {error}")]
    BadCard {
        /// 1-based position in the configuration.
        index: usize,
        /// What is wrong.
        error: NotationError,
    },
    /// A configured card has a star value other than 1 or 2.
    #[error("card {index}: a card is worth 1 or 2 stars, not {stars}")]
    BadStars {
        /// 1-based position in the configuration.
        index: usize,
        /// The value given.
        stars: u8,
    },
}
