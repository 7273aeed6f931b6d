//! The stored boards read as the pure tournament core reads them: an arena's finished games,
//! a Swiss event's rounds, and from them the standings and who waits to be paired.

use super::spec::Format;
use crate::store::tournaments::{BoardRecord, EntryRecord, PartySeat};
use serde::Serialize;
use std::collections::BTreeMap;
use tabula_tournament::parties;
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
    kind: Format,
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
        Format::Arena => {
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
        Format::Swiss => swiss::standings(&entrants(entries), &swiss_rounds(boards))
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
        Format::Parties => party_standings(entries, seats),
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

/// The seats of each table, by (round, board), in seat order.
pub fn tables(seats: &[PartySeat]) -> BTreeMap<(u32, u32), Vec<&PartySeat>> {
    let mut out: BTreeMap<(u32, u32), Vec<&PartySeat>> = BTreeMap::new();
    for s in seats {
        out.entry((s.round, s.board)).or_default().push(s);
    }
    for table in out.values_mut() {
        table.sort_by_key(|s| s.seat);
    }
    out
}

/// The entry sitting at `seat` (its account's), if any.
fn entry_of<'a>(entries: &'a [EntryRecord], seat: &PartySeat) -> Option<&'a EntryRecord> {
    entries.iter().find(|e| Some(e.account) == seat.account)
}

/// The standings of Check Mates parties, best first.
///
/// [ours] Points, then more first places, then the higher rating at entry. A player who
/// withdrew before a round is not seated in it and scores nothing for it.
pub fn party_standings(entries: &[EntryRecord], seats: &[PartySeat]) -> Vec<StandingLine> {
    // per entry number: half points, parties played, first places
    let mut sheet: BTreeMap<u32, (u32, u32, u32)> =
        entries.iter().map(|e| (e.number, (0, 0, 0))).collect();
    for table in tables(seats).values() {
        let places: Option<Vec<u32>> = table.iter().map(|s| s.place).collect();
        let Some(places) = places else {
            continue; // being played (or ended without results): it counts for nobody yet
        };
        for ((seat, points), place) in table
            .iter()
            .zip(parties::round_points(&places))
            .zip(&places)
        {
            if let Some(e) = entry_of(entries, seat)
                && let Some(line) = sheet.get_mut(&e.number)
            {
                line.0 += points;
                line.1 += 1;
                line.2 += u32::from(*place == 1);
            }
        }
    }
    let mut ranked: Vec<&EntryRecord> = entries.iter().collect();
    let key = |e: &EntryRecord| sheet.get(&e.number).copied().unwrap_or_default();
    ranked.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        kb.0.cmp(&ka.0)
            .then(kb.2.cmp(&ka.2))
            .then(b.rating.total_cmp(&a.rating))
            .then(a.number.cmp(&b.number))
    });
    ranked
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let (halves, games, firsts) = key(e);
            StandingLine {
                rank: i as u32 + 1,
                name: e.name.clone(),
                score: f64::from(halves) / 2.0,
                games,
                streak: false,
                buchholz: None,
                sonneborn_berger: None,
                firsts: Some(firsts),
                active: e.active,
            }
        })
        .collect()
}

/// The names at a table, in seat order.
pub fn names_at(entries: &[EntryRecord], table: &[&PartySeat]) -> Vec<String> {
    table
        .iter()
        .map(|s| {
            entry_of(entries, s)
                .map(|e| e.name.clone())
                .unwrap_or_default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(number: u32, account: i64, rating: f64) -> EntryRecord {
        EntryRecord {
            number,
            account,
            name: format!("p{number}"),
            rating,
            joined: 0,
            active: true,
            seen: 0,
            playing: None,
        }
    }

    fn seat(round: u32, board: u32, seat: u32, account: i64, place: Option<u32>) -> PartySeat {
        PartySeat {
            round,
            board,
            seat,
            account: Some(account),
            place,
        }
    }

    #[test]
    fn points_per_round_are_summed_and_first_places_break_ties() {
        // five players, accounts 10..14, ratings falling with the number
        let entries: Vec<EntryRecord> = (0..5)
            .map(|n| entry(n, 10 + i64::from(n), 1600.0 - 10.0 * f64::from(n)))
            .collect();
        let seats = vec![
            // round 1: a table of three (places 1, 2, 2) and one of two (1, 2)
            seat(1, 1, 0, 10, Some(1)),
            seat(1, 1, 1, 11, Some(2)),
            seat(1, 1, 2, 12, Some(2)),
            seat(1, 2, 0, 13, Some(1)),
            seat(1, 2, 1, 14, Some(2)),
            // round 2: one table of five: 14 first, 11 and 12 share second, 10 fourth, 13 last
            seat(2, 1, 0, 10, Some(4)),
            seat(2, 1, 1, 11, Some(2)),
            seat(2, 1, 2, 12, Some(2)),
            seat(2, 1, 3, 13, Some(5)),
            seat(2, 1, 4, 14, Some(1)),
            // round 3 being played: no places yet, nothing counts
            seat(3, 1, 0, 10, None),
            seat(3, 1, 1, 11, Some(1)),
        ];
        let lines = party_standings(&entries, &seats);
        let got: Vec<(&str, f64, u32, Option<u32>)> = lines
            .iter()
            .map(|l| (l.name.as_str(), l.score, l.games, l.firsts))
            .collect();
        // by hand: p0 2 + 1 = 3 (one first); p1 0.5 + 2.5 = 3 (no first); p2 0.5 + 2.5 = 3;
        // p3 1 + 0 = 1 (one first); p4 0 + 4 = 4 (one first)
        assert_eq!(
            got,
            [
                ("p4", 4.0, 2, Some(1)),
                ("p0", 3.0, 2, Some(1)),
                ("p1", 3.0, 2, Some(0)),
                ("p2", 3.0, 2, Some(0)),
                ("p3", 1.0, 2, Some(1)),
            ]
        );
        assert_eq!(
            lines.iter().map(|l| l.rank).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
    }
}
