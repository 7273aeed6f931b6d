//! The stored boards read as the pure tournament core reads them: an arena's finished games,
//! a Swiss event's rounds, and from them the standings and who waits to be paired.

use super::spec::Kind2;
use crate::store::tournaments::{BoardRecord, EntryRecord, PartySeat};
use serde::Serialize;
use tabula_tournament::swiss::{Board, Entrant};
use tabula_tournament::{Colour, Outcome, PlayerId, arena, swiss};
use ts_rs::TS;

/// A board's stored outcome for its first player, if it is a game's result.
pub fn outcome(stored: Option<&str>) -> Option<Outcome> {
    match stored? {
        "win" => Some(Outcome::Win),
        "draw" => Some(Outcome::Draw),
        "loss" => Some(Outcome::Loss),
        _ => None,
    }
}

/// The stored name of an outcome.
pub fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

/// The last round paired (0 before the first), if every board of it has its result: a Swiss
/// event's or the parties' next round may be paired then.
pub fn last_round_over(boards: &[BoardRecord]) -> Option<u32> {
    let round = boards.iter().map(|b| b.round).max().unwrap_or(0);
    let playing = boards
        .iter()
        .any(|b| b.round == round && b.outcome.is_none());
    (!playing).then_some(round)
}

/// An arena's games that counted, in the order they ended.
pub fn arena_finished(boards: &[BoardRecord]) -> Vec<arena::Finished> {
    let mut done: Vec<&BoardRecord> = boards
        .iter()
        .filter(|b| b.second.is_some() && outcome(b.outcome.as_deref()).is_some())
        .collect();
    done.sort_by_key(|b| (b.ended, b.board));
    done.iter()
        .filter_map(|b| {
            Some(arena::Finished {
                first: b.first,
                second: b.second?,
                outcome: outcome(b.outcome.as_deref())?,
                berserk: b.berserk,
            })
        })
        .collect()
}

/// A Swiss event's rounds as the pairing reads them. [ours] A game that ended without a
/// result (closed by a moderator) counts as a draw: both players lose nothing by it.
pub fn swiss_rounds(boards: &[BoardRecord]) -> Vec<Vec<Board>> {
    let last = boards.iter().map(|b| b.round).max().unwrap_or(0);
    (1..=last)
        .map(|r| {
            boards
                .iter()
                .filter(|b| b.round == r)
                .map(|b| match (b.second, b.outcome.as_deref()) {
                    (None, Some("bye")) => Board::Bye { player: b.first },
                    (None, _) => Board::Absent { player: b.first },
                    (Some(second), o) => Board::Game {
                        first: b.first,
                        second,
                        outcome: match o {
                            Some("void") => Some(Outcome::Draw),
                            o => outcome(o),
                        },
                    },
                })
                .collect()
        })
        .collect()
}

/// The entries as a Swiss event's entrants.
pub fn entrants(entries: &[EntryRecord]) -> Vec<Entrant> {
    entries
        .iter()
        .map(|e| Entrant {
            player: e.number,
            name: e.name.clone(),
            rating: e.rating,
        })
        .collect()
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct StandingLine {
    /// 1 for the leader.
    pub rank: u32,
    /// The player.
    pub name: String,
    /// Points: an arena's (2 a win, 4 on a streak, +1 berserk); a Swiss event's (1 a win, ½ a
    /// draw); parties' (a point for each player placed below at a table, ½ for each sharing).
    pub score: f64,
    /// Games played (byes not counted), or parties.
    pub games: u32,
    /// An arena player on a streak (their wins count double).
    pub streak: bool,
    /// Swiss: the Buchholz tie-break (the opponents' scores summed).
    pub buchholz: Option<f64>,
    /// Swiss: the Sonneborn-Berger tie-break.
    pub sonneborn_berger: Option<f64>,
    /// Check Mates parties: the parties won (first places, shared or not), the tie-break.
    pub firsts: Option<u32>,
    /// Playing on (false: withdrawn).
    pub active: bool,
}

/// The standings, best first (`seats`: a Check Mates tournament's tables).
pub fn standings(
    kind: Kind2,
    entries: &[EntryRecord],
    boards: &[BoardRecord],
    seats: &[PartySeat],
) -> Vec<StandingLine> {
    let name = |p: PlayerId| {
        entries
            .iter()
            .find(|e| e.number == p)
            .map(|e| (e.name.clone(), e.active))
            .unwrap_or_default()
    };
    match kind {
        Kind2::Arena => {
            let players: Vec<PlayerId> = entries.iter().map(|e| e.number).collect();
            arena::standings(&players, &arena_finished(boards))
                .into_iter()
                .enumerate()
                .map(|(i, s)| {
                    let (name, active) = name(s.player);
                    StandingLine {
                        rank: i as u32 + 1,
                        name,
                        score: f64::from(s.points),
                        games: s.games.len() as u32,
                        streak: s.streak,
                        buchholz: None,
                        sonneborn_berger: None,
                        firsts: None,
                        active,
                    }
                })
                .collect()
        }
        Kind2::Swiss => swiss::standings(&entrants(entries), &swiss_rounds(boards))
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let (name, active) = name(s.player);
                StandingLine {
                    rank: i as u32 + 1,
                    name,
                    score: f64::from(s.half_points) / 2.0,
                    games: s.games,
                    streak: false,
                    buchholz: Some(f64::from(s.buchholz) / 2.0),
                    sonneborn_berger: Some(f64::from(s.sonneborn_berger) / 4.0),
                    firsts: None,
                    active,
                }
            })
            .collect(),
        Kind2::Parties => super::parties::standings(entries, seats),
    }
}

/// The arena players waiting to be paired: in, playing on, seen lately (`present`) and not
/// in a game, with what the pairing weighs.
pub fn arena_waiting(
    entries: &[EntryRecord],
    boards: &[BoardRecord],
    present: impl Fn(&EntryRecord) -> bool,
) -> Vec<arena::Waiting> {
    let players: Vec<PlayerId> = entries.iter().map(|e| e.number).collect();
    let sheets = arena::standings(&players, &arena_finished(boards));
    entries
        .iter()
        .filter(|e| e.active && e.playing.is_none() && present(e))
        .map(|e| {
            let mine: Vec<&BoardRecord> = boards
                .iter()
                .filter(|b| b.first == e.number || b.second == Some(e.number))
                .collect();
            let last = mine.iter().max_by_key(|b| b.board);
            let firsts = mine.iter().filter(|b| b.first == e.number).count() as i32;
            arena::Waiting {
                player: e.number,
                points: sheets
                    .iter()
                    .find(|s| s.player == e.number)
                    .map_or(0, |s| s.points),
                rating: e.rating,
                last_opponent: last.and_then(|b| {
                    if b.first == e.number {
                        b.second
                    } else {
                        Some(b.first)
                    }
                }),
                first_balance: 2 * firsts - mine.len() as i32,
                last_colour: last.map(|b| {
                    if b.first == e.number {
                        Colour::First
                    } else {
                        Colour::Second
                    }
                }),
            }
        })
        .collect()
}
