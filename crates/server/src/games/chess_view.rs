//! How a QuickChess game looks to a client: the board, the legal moves, the position after
//! every move (for stepping through the game), the pieces each side has lost with the
//! material balance, the clocks, and the result in parts a client can put into words.

use serde_json::{Value, json};
use tabula_chess::{
    AnyPosition, ChessGame, Color, DrawReason, Outcome, Role, TieBreakCause, WinReason,
};
use tabula_core::Millis;

/// The pieces of a chess position as `[{"square", "piece"}]` (FEN letters).
pub fn board_json(p: &AnyPosition) -> Vec<Value> {
    (0..p.width() * p.height())
        .filter_map(|sq| {
            p.piece_at(sq)
                .map(|pc| json!({"square": p.square_name(sq), "piece": pc.char().to_string()}))
        })
        .collect()
}

/// Every legal move as `{"from", "to", "uci", "san", "promotion", "pass"}` (the browser's
/// contract); a lesson game's pass has no squares (`from` and `to` are null).
pub fn legal_json(p: &AnyPosition) -> Vec<Value> {
    p.legal_moves()
        .iter()
        .map(|m| {
            let square = |sq| (!m.is_pass()).then(|| p.square_name(sq));
            json!({
                "from": square(m.from), "to": square(m.to),
                "uci": p.uci(m), "san": p.san(m),
                "promotion": m.promotion.map(|r| r.char().to_string()),
                "pass": m.is_pass(),
            })
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

/// The pieces each side has lost since the start (`{"white": "qnp", "black": ...}`, most
/// valuable first: in QuickChess exactly what a pawn reaching the last rank may rescue, with
/// pawns besides) and the material balance on the board, White's points minus Black's.
pub fn material_json(game: &ChessGame) -> Value {
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
    json!({
        "lost": {"white": lost(Color::White), "black": lost(Color::Black)},
        "balance": points(Color::White) - points(Color::Black),
    })
}

/// The clocks as a client draws them: `{"white_ms", "black_ms", "running"}` at `now`.
pub fn clock_json(game: &ChessGame, now: Millis) -> Value {
    match game.clocks(now) {
        None => Value::Null,
        Some([w, b]) => json!({
            "white_ms": w, "black_ms": b,
            "running": game.clock_running().map(Color::name),
            "initial_ms": game.time_control().map(|t| t.base_ms),
            "increment_ms": game.time_control().map(|t| t.increment_ms),
        }),
    }
}

/// A result in parts: `{"winner": "white" | null, "reason", "tie_break", "flag"}`, with the
/// reasons' names in snake case (`checkmate`, `timeout`, `insufficient_material`, ...) and
/// `flag` the side whose time ran out, if that ended the game.
pub fn end_json(game: &ChessGame) -> Value {
    let Some(o) = game.outcome() else {
        return Value::Null;
    };
    let mut v = outcome_json(&o);
    v["flag"] = json!(game.flagged().map(Color::name));
    v
}

/// A result in parts (see [`end_json`]).
pub fn outcome_json(o: &Outcome) -> Value {
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
        } => json!({
            "winner": winner.name(),
            "reason": match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::PawnReachedEdge => "pawn_reached_edge",
                WinReason::AllPiecesCaptured => "all_pieces_captured",
                WinReason::AllPawnsCaptured => "all_pawns_captured",
                WinReason::TieBreakAdvancedPawn => "tie_break_advanced_pawn",
                WinReason::TieBreakMorePawns => "tie_break_more_pawns",
                WinReason::Resignation => "resignation",
                WinReason::Timeout => "timeout",
            },
            "tie_break": cause(tie_break),
        }),
        Outcome::Draw { reason, tie_break } => json!({
            "winner": null,
            "reason": match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::InsufficientMaterial => "insufficient_material",
                DrawReason::FiftyMoves => "fifty_moves",
                DrawReason::Repetition => "repetition",
                DrawReason::TieBreakLevel => "tie_break_level",
                DrawReason::Agreement => "agreement",
            },
            "tie_break": cause(tie_break),
        }),
    }
}
