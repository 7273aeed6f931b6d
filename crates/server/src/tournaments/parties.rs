//! Check Mates tournaments on the server. Each round seats the players playing on at tables of
//! up to six by rating (the pure core's [`parties::seat`]), one party game per table, made
//! unstarted, written into the round, then started, as a Swiss round is; the next round is
//! seated when every table's party is over. A round's points come from the places its parties
//! recorded (RULES.md's tie-breaks decide the places inside a party: score, then fewer penalty
//! cards), one point for each player placed below at the table and half for each sharing the
//! place ([`parties::round_points`]), summed over the rounds.
//!
//! A table is stored as one board: its game and its first player; who sits where is the
//! game's own seats (each an account), read back with the results' places
//! ([`PartySeat`]).
//!
//! [ours] **Standings.** Points, then more first places, then the higher rating at entry.
//! A player who withdrew before a round is not seated in it and scores nothing for it.

use super::Tournaments;
use super::spec::TournamentSpec;
use super::standings::{self, StandingLine};
use crate::error::ApiError;
use crate::store::tournaments::{BoardRecord, EntryRecord, PartySeat, TournamentRecord};
use std::collections::BTreeMap;
use tabula_tournament::parties;

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

/// The standings of Check Mates parties, best first (see the module's notes).
pub fn standings(entries: &[EntryRecord], seats: &[PartySeat]) -> Vec<StandingLine> {
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

impl Tournaments {
    /// A Check Mates tournament's step: the next round seated once the last is over, or the
    /// end after the last round (or with fewer than two players playing on).
    pub(super) async fn parties_step(
        &self,
        record: &TournamentRecord,
        spec: &TournamentSpec,
        now: u64,
    ) -> Result<(), ApiError> {
        let id = record.id.as_str();
        let store = &self.ctx.store;
        let (entries, boards) = (store.entries(id).await?, store.boards(id).await?);
        let Some(round) = standings::last_round_over(&boards) else {
            return Ok(()); // the round's parties go on
        };
        let mut present: Vec<&EntryRecord> = entries.iter().filter(|e| e.active).collect();
        if round >= spec.rounds.unwrap_or(0) || present.len() < 2 {
            self.finish(id, now).await;
            return Ok(());
        }
        present.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.number.cmp(&b.number)));
        let numbers: Vec<u32> = present.iter().map(|e| e.number).collect();
        let mut records = Vec::new();
        let mut made = Vec::new();
        for (i, table) in parties::seat(&numbers).iter().enumerate() {
            let game = self.make_table(spec, &entries, table, false).await?;
            records.push(BoardRecord {
                round: round + 1,
                board: i as u32 + 1,
                game: Some(game.clone()),
                first: table[0],
                second: None,
                outcome: None,
                berserk: [false, false],
                started: now,
                ended: None,
            });
            made.push(game);
        }
        if store.put_boards(id, &self.node, &records, false).await? {
            tracing::info!(tournament = %id, round = round + 1, tables = made.len(), "parties seated");
            self.start_games(&made).await?;
        }
        Ok(())
    }
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
        let lines = standings(&entries, &seats);
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
