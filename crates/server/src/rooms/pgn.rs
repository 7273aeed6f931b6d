//! Games to take home: a QuickChess or chess game as PGN (the tags lichess and
//! Fairy-Stockfish read, SAN moves, the clocks after each move and, once the game is
//! reviewed, the evaluations and marks), a Querni game as text in Tabula's notation with the
//! same kind of header. Both are rebuilt from the stored log, as a replay is.

use super::table::Logged;
use crate::error::{ApiError, Clash, Fault, Invalid};
use crate::games::chess_view::{end_of, result_of};
use crate::games::querni::QuerniLive;
use crate::games::quickchess::ChessLive;
use crate::games::{Adapter, started_config};
use crate::model::Kind;
use crate::services::Services;
use crate::store::{GameRecord, LogEntry, SeatRecord};
use std::fmt::Write as _;
use tabula_chess::pgn::{WrittenMove, clock_command, write_pgn};
use tabula_core::{Millis, TimeControl};

/// The media type and file name of a game's file: PGN for QuickChess and chess, text for
/// Querni; a game of another kind has none.
pub fn file_type(record: &GameRecord) -> Result<(&'static str, String), ApiError> {
    match record.kind {
        Kind::Quickchess | Kind::QuickchessLocal => Ok((
            "application/x-chess-pgn",
            format!("tabula-{}.pgn", record.id),
        )),
        Kind::Querni | Kind::QuerniLocal => Ok((
            "text/plain; charset=utf-8",
            format!("tabula-{}.txt", record.id),
        )),
        other => Err(ApiError::BadInput(
            Invalid::Unsupported,
            format!(
                "a game of {} has no file to download: QuickChess, chess and Querni games have",
                other.name()
            ),
        )),
    }
}

/// What a review adds to a move in the PGN: its evaluation command and its sign.
pub type MoveNote = (String, Option<&'static str>);

/// The game `record` as a file's text ([`file_type`] says which); `notes` (one per move,
/// from a stored review) adds the evaluations and marks of a reviewed QuickChess game. CPU
/// work: run off the async runtime.
pub fn take_home(
    record: &GameRecord,
    seats: &[SeatRecord],
    log: &[LogEntry],
    services: &Services,
    notes: Option<&[MoveNote]>,
) -> Result<String, ApiError> {
    file_type(record)?;
    match record.kind {
        Kind::Querni | Kind::QuerniLocal => querni_text(record, seats, log, services),
        _ => chess_pgn(record, seats, log, services, notes),
    }
}

/// Replays the log of a game of adapter `A`, calling `after` with the game after each of its
/// logged actions and the action's time.
pub(crate) fn replay<A: Adapter>(
    record: &GameRecord,
    log: &[LogEntry],
    services: &Services,
    mut after: impl FnMut(&A, Millis),
) -> Result<A, ApiError> {
    let started = record.started.ok_or_else(|| {
        ApiError::Conflict(
            Clash::NotStarted,
            format!("game `{}` never started", record.id),
        )
    })?;
    let mut game = A::start(started_config(record)?, record.seed, started, services)?;
    for entry in log {
        if let Logged::Game(action) = Logged::<A::Action>::read(&entry.action)? {
            game.apply(&action, entry.at, services)?;
            after(&game, entry.at);
        }
    }
    Ok(game)
}

/// A seat's name as a file shows it: the computer is `Tabula level N`.
fn player(seats: &[SeatRecord], seat: u32) -> String {
    match seats.iter().find(|s| s.seat == seat) {
        Some(s) => match s.bot_level {
            Some(level) => format!("Tabula level {level}"),
            None => s.name.clone(),
        },
        None => "?".to_string(),
    }
}

/// The seven-tag roster (the two sides named as the game names them: `White`/`Black`,
/// `Blue`/`Red`) and the time control, shared by both games.
fn roster(
    record: &GameRecord,
    sides: [(&'static str, String); 2],
    result: &str,
    clock: Option<TimeControl>,
) -> Vec<(&'static str, String)> {
    let (y, m, d) = civil_date(record.started.unwrap_or(record.created));
    let event = if record.config.rated {
        "Rated game"
    } else {
        "Casual game"
    };
    let [first, second] = sides;
    vec![
        ("Event", format!("Tabula {event}")),
        ("Site", format!("Tabula /replay/{}", record.id)),
        ("Date", format!("{y:04}.{m:02}.{d:02}")),
        ("Round", "-".to_string()),
        first,
        second,
        ("Result", result.to_string()),
        (
            "TimeControl",
            clock.map_or("-".to_string(), |c| {
                format!("{}+{}", c.base_ms / 1000, c.increment_ms / 1000)
            }),
        ),
    ]
}

fn chess_pgn(
    record: &GameRecord,
    seats: &[SeatRecord],
    log: &[LogEntry],
    services: &Services,
    notes: Option<&[MoveNote]>,
) -> Result<String, ApiError> {
    // the clock of the side that moved, after each move (the time it had left)
    let mut clocks: Vec<Option<Millis>> = Vec::new();
    let live = replay::<ChessLive>(record, log, services, |g, at| {
        let n = g.game.moves().len();
        clocks.truncate(n); // a takeback
        while clocks.len() < n {
            let mover = g.game.mover(clocks.len());
            clocks.push(g.game.clocks(at).map(|c| c[mover.index()]));
        }
    })?;
    let game = &live.game;
    let start = *game.start_position();
    let mut p = start;
    let mut moves = Vec::new();
    for (i, (uci, _)) in game.moves().iter().enumerate() {
        let m = p.parse_uci(uci).map_err(|e| {
            ApiError::Internal(Fault::Stored, format!("stored move {} `{uci}`: {e}", i + 1))
        })?;
        let mut w = WrittenMove::plain(m);
        if let Some((eval, sign)) = notes.and_then(|n| n.get(i)) {
            w.sign = *sign;
            if !eval.is_empty() {
                w.comment.push(eval.clone());
            }
        }
        if let Some(Some(ms)) = clocks.get(i) {
            w.comment.push(clock_command(*ms));
        }
        moves.push(w);
        p = p.play_unchecked(m);
    }
    let end = end_of(game);
    let result = result_of(game).unwrap_or("*");
    let termination = match &end {
        None => "Unterminated",
        Some(e) if e.reason == "aborted" => "Abandoned",
        Some(e) if matches!(e.flag, Some(Some(_))) => "Time forfeit",
        Some(_) => "Normal",
    };
    let [white, black] = live.config.sides;
    let sides = [
        ("White", player(seats, white)),
        ("Black", player(seats, black)),
    ];
    let mut tags = roster(record, sides, result, game.time_control());
    tags.push(("Termination", termination.to_string()));
    if let Some(e) = &end {
        tags.push(("TabulaEnd", e.reason.to_string()));
    }
    Ok(write_pgn(&tags, &start, &moves, result))
}

fn querni_text(
    record: &GameRecord,
    seats: &[SeatRecord],
    log: &[LogEntry],
    services: &Services,
) -> Result<String, ApiError> {
    let live = replay::<QuerniLive>(record, log, services, |_, _| {})?;
    let game = &live.game;
    let result = match game.status() {
        tabula_querni::Status::Won { winner, .. } => {
            if winner == tabula_querni::Side::Blue {
                "1-0"
            } else {
                "0-1"
            }
        }
        tabula_querni::Status::Draw => "1/2-1/2",
        _ => "*",
    };
    let [blue, red] = live.config.sides;
    let sides = [("Blue", player(seats, blue)), ("Red", player(seats, red))];
    let mut tags = roster(record, sides, result, game.time_control());
    tags.push(("Game", "Querni".to_string()));
    tags.push(("Start", game.start_position().to_string()));
    let mut s = String::new();
    for (name, value) in tags {
        let _ = writeln!(s, "[{name} \"{}\"]", value.replace(['"', '\n'], "'"));
    }
    s.push('\n');
    for (i, (side, turn)) in game.history().iter().enumerate() {
        let auto = if game.automatic(i) {
            "  (automatic pass)"
        } else {
            ""
        };
        let _ = writeln!(s, "{}. {}: {turn}{auto}", i + 1, side.name());
    }
    let _ = writeln!(s, "{result}");
    Ok(s)
}

/// The calendar date (UTC) of a time in ms since the Unix epoch (the days-to-civil
/// conversion of the proleptic Gregorian calendar).
pub(crate) fn civil_date(ms: u64) -> (i64, u32, u32) {
    let z = (ms / 86_400_000) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates_of_known_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(951_782_400_000), (2000, 2, 29));
        assert_eq!(civil_date(1_795_651_200_000 + 3_600_000), (2026, 11, 26));
        assert_eq!(civil_date(1_704_067_199_000), (2023, 12, 31));
    }
}
