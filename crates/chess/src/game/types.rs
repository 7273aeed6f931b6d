//! What a whole game is configured, driven and answered with: its configuration, the actions
//! players take, the events the game reports, the errors it refuses actions with, and the
//! Blind QuickChess placement phase.

use crate::types::{Color, Role};
use serde::{Deserialize, Serialize};
use tabula_core::Millis;
use tabula_core::clock::TimeControl;

/// Everything fixed before a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChessConfig {
    /// The variant, by name (`quickchess`, `mix:KRN`, `chess`, ...).
    pub variant: String,
    /// A start position other than the variant's, in FEN.
    pub fen: Option<String>,
    /// Clocks, if the game is timed.
    pub clock: Option<TimeControl>,
}

/// Something a player does, or time passing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChessAction {
    /// A move in UCI.
    Move {
        /// Who moves.
        player: Color,
        /// The move (`a2a3`, `a5a6q`, `e1c1`).
        uci: String,
    },
    /// Blind QuickChess: place a piece on one's half.
    Place {
        /// Who places.
        player: Color,
        /// The piece kind.
        role: char,
        /// The square.
        square: String,
    },
    /// Blind QuickChess: take back a placement before finishing.
    Unplace {
        /// Who.
        player: Color,
        /// The square to clear.
        square: String,
    },
    /// Resign.
    Resign {
        /// Who resigns.
        player: Color,
    },
    /// Offer (or accept an offered) draw.
    OfferDraw {
        /// Who offers.
        player: Color,
    },
    /// Ask to take one's last move back (an offer by the other side is accepted instead).
    OfferTakeback {
        /// Who asks.
        player: Color,
    },
    /// Grant the other side's takeback: the game goes back to before its last move.
    AcceptTakeback {
        /// Who grants it.
        player: Color,
    },
    /// Refuse the other side's takeback.
    DeclineTakeback {
        /// Who refuses.
        player: Color,
    },
    /// Berserk (an arena tournament's): halve one's own time before one's first move, for no
    /// increment.
    Berserk {
        /// Who.
        player: Color,
    },
    /// Time passes (clocks run out).
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChessEvent {
    /// A move was played.
    Moved {
        /// By whom.
        player: Color,
        /// UCI.
        uci: String,
        /// SAN.
        san: String,
        /// The position after it.
        fen: String,
        /// Whether the side to move is now in check.
        check: bool,
    },
    /// Blind: a piece was placed (shown only to its owner by a server).
    Placed {
        /// Whose.
        player: Color,
        /// Where and what, like `K@c1`.
        placement: String,
    },
    /// Blind: a placement was taken back.
    Unplaced {
        /// Whose.
        player: Color,
        /// The square.
        square: String,
    },
    /// Blind: both sides finished; the board is revealed.
    Revealed {
        /// The position.
        fen: String,
        /// Who moves first.
        first: Color,
        /// Why: the coin, or a king in check.
        why: String,
    },
    /// Blind: both kings stood in check after the reveal; both place again.
    PlaceAgain,
    /// A draw was offered.
    DrawOffered {
        /// By whom.
        player: Color,
    },
    /// A takeback was asked for.
    TakebackOffered {
        /// By whom.
        player: Color,
    },
    /// A takeback was refused.
    TakebackDeclined {
        /// By whom.
        player: Color,
    },
    /// Moves were taken back: `player`'s last move and any played after it.
    TakenBack {
        /// Whose move was taken back.
        player: Color,
        /// How many moves (half-moves) were undone.
        moves: usize,
        /// The position now.
        fen: String,
    },
    /// A player berserked: their time is halved.
    Berserked {
        /// Who.
        player: Color,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: String,
        /// `1-0`, `0-1` or `1/2-1/2`; `*` for a game aborted before a first move.
        result: String,
    },
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// The configuration is not valid.
    #[error("{0}")]
    Config(String),
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The game's time.
        last: Millis,
    },
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Not this player's turn.
    #[error("it is {0}'s turn")]
    NotYourTurn(&'static str),
    /// The move is not legal.
    #[error("{0}")]
    Illegal(String),
    /// A placement is not allowed.
    #[error("{0}")]
    Placement(String),
    /// Moves before the Blind setup is done, or placements after.
    #[error("{0}")]
    Phase(&'static str),
    /// A takeback that cannot be asked for, granted or refused.
    #[error("{0}")]
    Takeback(String),
}

/// Where a Blind QuickChess setup stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlindSetup {
    /// Each side's placements so far: (square, kind).
    pub placed: [Vec<(u8, Role)>; 2],
}

/// The pieces each side places in Blind QuickChess.
pub const BLIND_PIECES: [(Role, u8); 6] = [
    (Role::King, 1),
    (Role::Queen, 1),
    (Role::Rook, 1),
    (Role::Bishop, 1),
    (Role::Knight, 1),
    (Role::Pawn, 5),
];

impl BlindSetup {
    pub(super) fn complete(&self, c: Color) -> bool {
        self.placed[c.index()].len() == 10
    }
}
