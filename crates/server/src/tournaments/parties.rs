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
//! ([`crate::store::tournaments::PartySeat`]).
//!
//! The standings of parties are read in [`super::standings`] with every other kind's.

use super::Tournaments;
use super::spec::TournamentSpec;
use super::standings;
use crate::error::ApiError;
use crate::store::tournaments::{BoardRecord, EntryRecord, TournamentRecord};
use tabula_tournament::parties;

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
