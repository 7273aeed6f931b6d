//! A stored game's moves as the game crates take them: the start and the moves of a QuickChess
//! or chess game, the start and the turns of a Querni game, replayed from the log (the
//! review and the puzzle miner work from these).

use super::pgn::replay;
use crate::error::{ApiError, Fault};
use crate::games::querni::QuerniLive;
use crate::games::quickchess::ChessLive;
use crate::services::Services;
use crate::store::{GameRecord, LogEntry};
use tabula_chess::{AnyPosition, Move};

/// The start and the moves of a stored QuickChess or chess game.
pub fn chess_line(
    record: &GameRecord,
    log: &[LogEntry],
    services: &Services,
) -> Result<(AnyPosition, Vec<Move>), ApiError> {
    let live = replay::<ChessLive>(record, log, services, |_, _| {})?;
    let start = *live.game.start_position();
    let mut p = start;
    let mut moves = Vec::new();
    for (uci, _) in live.game.moves() {
        let m = p
            .parse_uci(uci)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored move `{uci}`: {e}")))?;
        moves.push(m);
        p = p.play_unchecked(m);
    }
    Ok((start, moves))
}

/// The start and the turns of a stored Querni game.
pub fn querni_line(
    record: &GameRecord,
    log: &[LogEntry],
    services: &Services,
) -> Result<(tabula_querni::Position, Vec<tabula_querni::Turn>), ApiError> {
    let live = replay::<QuerniLive>(record, log, services, |_, _| {})?;
    let start = *live.game.start_position();
    let mut p = start;
    let mut turns = Vec::new();
    for (i, (_, text)) in live.game.history().iter().enumerate() {
        let (t, next) = p.play(text).map_err(|e| {
            ApiError::Internal(
                Fault::Stored,
                format!("stored turn {} `{text}`: {e}", i + 1),
            )
        })?;
        turns.push(t);
        p = next;
    }
    Ok((start, turns))
}
