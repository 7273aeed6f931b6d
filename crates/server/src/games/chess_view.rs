//! How a QuickChess game looks to a client: the board, the legal moves, the position after
//! every move (for stepping through the game), the pieces each side has lost with the
//! material balance, the clocks, and the result in parts a client can put into words.

use serde::Serialize;
use tabula_chess::{
    AnyPosition, ChessGame, Color, DrawReason, Outcome, Role, TieBreakCause, WinReason,
};
use tabula_core::Millis;
use ts_rs::TS;

/// A piece on a square.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PieceOn {
    /// The square (`a1`).
    pub square: String,
    /// The piece (a FEN letter).
    pub piece: String,
}

/// A legal move as the browser takes it; a lesson game's pass has no squares.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LegalMove {
    /// From (none for a pass).
    pub from: Option<String>,
    /// To (none for a pass).
    pub to: Option<String>,
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// The piece a pawn becomes (a FEN letter).
    pub promotion: Option<String>,
    /// Whether it is a pass.
    pub pass: bool,
}

/// The pieces of a chess position.
pub fn board_of(p: &AnyPosition) -> Vec<PieceOn> {
    (0..p.width() * p.height())
        .filter_map(|sq| {
            p.piece_at(sq).map(|pc| PieceOn {
                square: p.square_name(sq),
                piece: pc.char().to_string(),
            })
        })
        .collect()
}

/// Every legal move.
pub fn legal_of(p: &AnyPosition) -> Vec<LegalMove> {
    p.legal_moves()
        .iter()
        .map(|m| {
            let square = |sq| (!m.is_pass()).then(|| p.square_name(sq));
            LegalMove {
                from: square(m.from),
                to: square(m.to),
                uci: p.uci(m),
                san: p.san(m),
                promotion: m.promotion.map(|r| r.char().to_string()),
                pass: m.is_pass(),
            }
        })
        .collect()
}

/// The FEN after each move of the game, in order (the client steps through them).
pub fn positions_after(game: &ChessGame) -> Vec<String> {
    let mut p = *game.start_position();
    game.moves()
        .iter()
        .map_while(|(uci, _)| {
            let m = p.parse_uci(uci).ok()?;
            p = p.play_unchecked(m);
            Some(p.fen())
        })
        .collect()
}

/// How many pieces of each colour and kind stand on the board.
fn census(p: &AnyPosition) -> [[u32; 6]; 2] {
    let mut n = [[0; 6]; 2];
    for sq in 0..p.width() * p.height() {
        if let Some(pc) = p.piece_at(sq) {
            n[pc.color.index()][pc.role.index()] += 1;
        }
    }
    n
}

/// The usual values of the pieces (the king counts nothing).
const VALUE: [i64; 6] = [1, 3, 3, 5, 9, 0];

/// The pieces each side has lost.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Lost {
    /// White's (FEN letters, most valuable first).
    pub white: String,
    /// Black's.
    pub black: String,
}

/// The material: lost pieces and the balance.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Material {
    /// The pieces each side has lost since the start.
    pub lost: Lost,
    /// White's points on the board minus Black's.
    pub balance: i64,
}

/// The pieces each side has lost since the start (`{"white": "qnp", "black": ...}`, most
/// valuable first: in QuickChess exactly what a pawn reaching the last rank may rescue, with
/// pawns besides) and the material balance on the board, White's points minus Black's.
pub fn material_of(game: &ChessGame) -> Material {
    let start = census(game.start_position());
    let now = census(game.position());
    let lost = |c: Color| -> String {
        let i = c.index();
        [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .iter()
        .flat_map(|&r| {
            let n = start[i][r.index()].saturating_sub(now[i][r.index()]);
            std::iter::repeat_n(r.char(), n as usize)
        })
        .collect()
    };
    let points = |c: Color| -> i64 {
        (0..6)
            .map(|r| VALUE[r] * i64::from(now[c.index()][r]))
            .sum()
    };
    Material {
        lost: Lost {
            white: lost(Color::White),
            black: lost(Color::Black),
        },
        balance: points(Color::White) - points(Color::Black),
    }
}

/// The clocks as a client draws them.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChessClock {
    /// White's time left.
    pub white_ms: Millis,
    /// Black's.
    pub black_ms: Millis,
    /// Whose clock runs (`white`, `black`): none until the side to move has made its first
    /// move (first moves are free), before the Blind reveal, or after the end.
    pub running: Option<&'static str>,
    /// The time each side started with.
    pub initial_ms: Option<Millis>,
    /// Added after each move.
    pub increment_ms: Option<Millis>,
}

/// The clocks at `now`, for a timed game.
pub fn clock_of(game: &ChessGame, now: Millis) -> Option<ChessClock> {
    let [w, b] = game.clocks(now)?;
    Some(ChessClock {
        white_ms: w,
        black_ms: b,
        running: game.clock_running().map(Color::name),
        initial_ms: game.time_control().map(|t| t.base_ms),
        increment_ms: game.time_control().map(|t| t.increment_ms),
    })
}

/// A result in parts a client puts into words: the reasons' names in snake case
/// (`checkmate`, `timeout`, `insufficient_material`, ..., and `aborted` for a timed game
/// whose side to move made no first move in time: no winner, not rated).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct End {
    /// The winner (`white`, `black`), none for a draw.
    pub winner: Option<&'static str>,
    /// Why it ended.
    pub reason: &'static str,
    /// What the tie-break settled, if it did.
    pub tie_break: Option<&'static str>,
    /// The side whose time ran out, if that ended the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub flag: Option<Option<&'static str>>,
}

/// How the game ended, with the side that lost on time; a game aborted before a first move
/// ends with no winner and the reason `aborted`.
pub fn end_of(game: &ChessGame) -> Option<End> {
    if game.aborted().is_some() {
        return Some(End {
            winner: None,
            reason: "aborted",
            tie_break: None,
            flag: Some(None),
        });
    }
    let o = game.outcome()?;
    Some(End {
        flag: Some(game.flagged().map(Color::name)),
        ..outcome_parts(&o)
    })
}

/// The outcome in words, an aborted game's included.
pub fn words_of(game: &ChessGame) -> Option<String> {
    match game.aborted() {
        Some(side) => Some(format!("aborted: {} made no first move", side.name())),
        None => game.outcome().map(|o| o.to_string()),
    }
}

/// The result (`1-0`, `0-1`, `1/2-1/2`; `*` for an aborted game).
pub fn result_of(game: &ChessGame) -> Option<&'static str> {
    match game.aborted() {
        Some(_) => Some("*"),
        None => game.outcome().map(|o| o.result()),
    }
}

/// A result in parts (see [`End`]; no `flag`).
pub fn outcome_parts(o: &Outcome) -> End {
    let cause = |t: &Option<TieBreakCause>| {
        t.map(|t| match t {
            TieBreakCause::Deadlock => "deadlock",
            TieBreakCause::FiftyMoves => "fifty_moves",
            TieBreakCause::Repetition => "repetition",
        })
    };
    match o {
        Outcome::Win {
            winner,
            reason,
            tie_break,
        } => End {
            winner: Some(winner.name()),
            reason: match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::PawnReachedEdge => "pawn_reached_edge",
                WinReason::AllPiecesCaptured => "all_pieces_captured",
                WinReason::AllPawnsCaptured => "all_pawns_captured",
                WinReason::TieBreakAdvancedPawn => "tie_break_advanced_pawn",
                WinReason::TieBreakMorePawns => "tie_break_more_pawns",
                WinReason::Resignation => "resignation",
                WinReason::Timeout => "timeout",
            },
            tie_break: cause(tie_break),
            flag: None,
        },
        Outcome::Draw { reason, tie_break } => End {
            winner: None,
            reason: match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::InsufficientMaterial => "insufficient_material",
                DrawReason::FiftyMoves => "fifty_moves",
                DrawReason::Repetition => "repetition",
                DrawReason::TieBreakLevel => "tie_break_level",
                DrawReason::Agreement => "agreement",
            },
            tie_break: cause(tie_break),
            flag: None,
        },
    }
}
