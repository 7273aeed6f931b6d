//! The director: a task on every node that, every second (and at once after a join), takes or
//! renews the direction of each tournament that is due or running, and moves it on: starts
//! it, records the results of its games that ended, pairs (an arena: whoever waits; a Swiss
//! event: the next round once the last is over; Check Mates: the next round's tables, see
//! parties.rs) and finishes it.
//!
//! A step is safe to repeat and to cut short anywhere: it reads everything from the store,
//! every write is checked against the lease in the same transaction. A Swiss round's games
//! (and an untimed arena's) are made unstarted, written into the tournament, then started (a
//! node killed between the two leaves unstarted games that the next step, on whichever node,
//! starts); a timed arena's start as they are made (see the arena's step).

use super::Tournaments;
use super::spec::{Format, TournamentSpec};
use super::standings::{self, outcome_name};
use super::views::arena_end;
use crate::error::{ApiError, Fault};
use crate::ids::now_ms;
use crate::store::tournaments::{BoardRecord, EntryRecord, TournamentRecord, TournamentStatus};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tabula_tournament::swiss::Board;
use tabula_tournament::swiss::pairing::pair_round;
use tabula_tournament::{Outcome, arena};

/// How long a direction lasts without renewal: a node killed mid-tournament is replaced
/// within this.
pub const LEASE_MS: u64 = 10_000;
/// How often each tournament is looked at.
const EVERY: Duration = Duration::from_secs(1);
/// How many pairings' games are made at once (the store's connections are a few).
const MAKING_AT_ONCE: usize = 8;
/// A finished game whose results were not recorded within this is taken as void.
const RESULTS_GRACE_MS: u64 = 30_000;

/// Starts the director of `t`'s node.
pub fn spawn(t: Weak<Tournaments>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    runtime.spawn(async move {
        loop {
            let Some(me) = t.upgrade() else { return };
            if let Err(e) = me.direct_all().await {
                tracing::warn!("directing the tournaments: {e}");
            }
            let wake = Arc::clone(&me.wake);
            drop(me);
            let _ = tokio::time::timeout(EVERY, wake.notified()).await;
        }
    });
}

impl Tournaments {
    /// One look at every tournament due or running.
    pub async fn direct_all(&self) -> Result<(), ApiError> {
        let now = now_ms();
        self.announce_scheduled(now).await?;
        let store = &self.ctx.store;
        let mut due = store.tournaments(TournamentStatus::Started, 500).await?;
        due.extend(
            store
                .tournaments(TournamentStatus::Created, 500)
                .await?
                .into_iter()
                .filter(|t| t.starts <= now),
        );
        for record in due {
            if !store.direct(&record.id, &self.node, LEASE_MS).await? {
                continue; // another node directs it
            }
            if let Err(e) = self.step(&record).await {
                tracing::warn!(tournament = %record.id, "a director's step failed: {e}");
            }
        }
        Ok(())
    }

    async fn step(&self, record: &TournamentRecord) -> Result<(), ApiError> {
        let (_, spec) = self.load(&record.id).await?;
        let id = record.id.as_str();
        let now = now_ms();
        if record.status == TournamentStatus::Created {
            self.ctx
                .store
                .set_tournament_status(id, &self.node, TournamentStatus::Started, now)
                .await?;
            tracing::info!(tournament = %id, "started");
        }
        self.record_results(id, spec.kind).await?;
        self.start_unstarted(id).await?;
        match spec.kind {
            Format::Arena => self.arena_step(record, &spec, now).await,
            Format::Swiss => self.swiss_step(record, &spec, now).await,
            Format::Parties => self.parties_step(record, &spec, now).await,
        }
    }

    /// Records the result of every game of `id` that ended: a duel's for its first mover; a
    /// party's only that it has its results (the places are read from them).
    async fn record_results(&self, id: &str, kind: Format) -> Result<(), ApiError> {
        let now = now_ms();
        for ended in self.ctx.store.ended_games(id).await? {
            let outcome = match ended.first_score {
                Some(_) if kind == Format::Parties => "party",
                Some(s) if s > 0.75 => outcome_name(Outcome::Win),
                Some(s) if s > 0.25 => outcome_name(Outcome::Draw),
                Some(_) => outcome_name(Outcome::Loss),
                // the results come just after the end; none after a while: no result
                None if now > ended.updated + RESULTS_GRACE_MS => "void",
                None => continue,
            };
            let berserk = self.berserks(&ended.game).await?;
            self.ctx
                .store
                .set_outcome(id, &self.node, &ended.game, outcome, berserk, now)
                .await?;
        }
        Ok(())
    }

    /// Who berserked in a tournament game, first mover first, read from its log (the game
    /// is the truth, whichever node ran it): the first mover is White in QuickChess, Blue in
    /// Querni, seated first.
    async fn berserks(&self, game: &str) -> Result<[bool; 2], ApiError> {
        #[derive(serde::Deserialize)]
        struct Act {
            // QuickChess's actions are tagged `t`, Querni's `type`
            #[serde(alias = "type")]
            t: String,
            player: Option<String>,
            side: Option<String>,
        }
        let mut out = [false, false];
        for entry in self.ctx.store.log(game).await? {
            let Ok(act) = entry.action.parse::<Act>() else {
                continue; // a room's own action (a rematch, a close)
            };
            if act.t == "berserk" {
                match act.player.or(act.side).as_deref() {
                    Some("white" | "blue") => out[0] = true,
                    Some("black" | "red") => out[1] = true,
                    _ => {}
                }
            }
        }
        Ok(out)
    }

    /// Starts the games of `id`'s boards that were written but not started (a director cut
    /// short between the two): one read a step, whatever the number of boards.
    async fn start_unstarted(&self, id: &str) -> Result<(), ApiError> {
        for (game, kind) in self.ctx.store.unstarted_games(id).await? {
            crate::rooms::records::start_record(&self.ctx, &game, kind, now_ms()).await?;
        }
        Ok(())
    }

    async fn arena_step(
        &self,
        record: &TournamentRecord,
        spec: &TournamentSpec,
        now: u64,
    ) -> Result<(), ApiError> {
        let id = record.id.as_str();
        if arena_end(record, spec).is_some_and(|end| now >= end) {
            self.finish(id, now).await;
            return Ok(());
        }
        let store = &self.ctx.store;
        let (entries, boards) = (store.entries(id).await?, store.boards(id).await?);
        let waiting =
            standings::arena_waiting(&entries, &boards, |e| now < e.seen + super::PRESENT_MS);
        let in_arena = entries.iter().filter(|e| e.active).count();
        let first_board = boards.iter().map(|b| b.board + 1).max().unwrap_or(0);
        let pairs = arena::pair(&waiting, in_arena);
        if pairs.is_empty() {
            return Ok(());
        }
        // every pairing's game made (a few at once), the boards written in one transaction with
        // the players marked as playing. A timed game starts when it is made, so its players
        // find it running as soon as they are shown it. If the boards are not written after
        // all (this node lost the direction, rare), nobody is sent to it: it stays as an
        // abandoned game does, and its first-move limit aborts it, unrated, when anyone opens
        // it. An untimed game (a Royal Study match) starts only once written.
        let timed = spec.clock.is_some();
        let mut records = Vec::with_capacity(pairs.len());
        for chunk in pairs.chunks(MAKING_AT_ONCE) {
            let made = futures_util::future::join_all(
                chunk
                    .iter()
                    .map(|p| self.make_game(spec, &entries, p.first, p.second, timed)),
            )
            .await;
            for (p, game) in chunk.iter().zip(made) {
                records.push((p, game?));
            }
        }
        let boards: Vec<BoardRecord> = records
            .iter()
            .zip(first_board..)
            .map(|((p, game), board)| BoardRecord {
                round: 0,
                board,
                game: Some(game.clone()),
                first: p.first,
                second: Some(p.second),
                outcome: None,
                berserk: [false, false],
                started: now,
                ended: None,
            })
            .collect();
        if store.put_boards(id, &self.node, &boards, true).await? && !timed {
            let games: Vec<String> = records.into_iter().map(|(_, g)| g).collect();
            self.start_games(&games).await?;
        }
        Ok(())
    }

    async fn swiss_step(
        &self,
        record: &TournamentRecord,
        spec: &TournamentSpec,
        now: u64,
    ) -> Result<(), ApiError> {
        let id = record.id.as_str();
        let store = &self.ctx.store;
        let (entries, boards) = (store.entries(id).await?, store.boards(id).await?);
        let Some(round) = standings::last_round_over(&boards) else {
            return Ok(()); // the round goes on
        };
        let present: Vec<u32> = entries
            .iter()
            .filter(|e| e.active)
            .map(|e| e.number)
            .collect();
        if round >= spec.rounds.unwrap_or(0) || present.len() < 2 {
            self.finish(id, now).await;
            return Ok(());
        }
        let entrants = standings::entrants(&entries);
        let rounds = standings::swiss_rounds(&boards);
        // the Dutch search can take tens of milliseconds for a large field: off the runtime
        let paired = tokio::task::spawn_blocking(move || pair_round(&entrants, &rounds, &present))
            .await
            .map_err(|e| {
                ApiError::Internal(
                    Fault::Task,
                    format!("tournament {id}: the pairing stopped: {e}"),
                )
            })?
            .map_err(|e| {
                ApiError::Internal(
                    Fault::Server,
                    format!("tournament {id}: round {} cannot be paired: {e}", round + 1),
                )
            })?;
        let mut records = Vec::new();
        for (i, b) in paired.iter().enumerate() {
            let (first, second, outcome) = match *b {
                Board::Game { first, second, .. } => (first, Some(second), None),
                Board::Bye { player } => (player, None, Some("bye")),
                Board::Absent { player } => (player, None, Some("absent")),
            };
            records.push(BoardRecord {
                round: round + 1,
                board: i as u32 + 1,
                game: None,
                first,
                second,
                outcome: outcome.map(str::to_string),
                berserk: [false, false],
                started: now,
                ended: outcome.map(|_| now),
            });
        }
        // the round's games made unstarted, the round written at once, then the games started
        let mut made = Vec::new();
        for r in &mut records {
            if let Some(second) = r.second {
                let game = self
                    .make_game(spec, &entries, r.first, second, false)
                    .await?;
                r.game = Some(game.clone());
                made.push(game);
            }
        }
        if store.put_boards(id, &self.node, &records, false).await? {
            tracing::info!(tournament = %id, round = round + 1, games = made.len(), "round paired");
            self.start_games(&made).await?;
        }
        Ok(())
    }

    /// A pairing's game, `first` in the first seat, started at once if `start`.
    async fn make_game(
        &self,
        spec: &TournamentSpec,
        entries: &[EntryRecord],
        first: u32,
        second: u32,
        start: bool,
    ) -> Result<String, ApiError> {
        self.make_table(spec, entries, &[first, second], start)
            .await
    }

    /// A game of `seated` (players by number, in seat order), started at once if `start`.
    pub(super) async fn make_table(
        &self,
        spec: &TournamentSpec,
        entries: &[EntryRecord],
        seated: &[u32],
        start: bool,
    ) -> Result<String, ApiError> {
        let player = |n: u32| {
            entries
                .iter()
                .find(|e| e.number == n)
                .map(|e| (e.account, e.name.clone()))
                .ok_or_else(|| ApiError::Internal(Fault::Server, format!("no player numbered {n}")))
        };
        let players = seated
            .iter()
            .map(|&n| player(n))
            .collect::<Result<Vec<_>, ApiError>>()?;
        crate::rooms::records::create_paired(
            &self.ctx,
            spec.game.kind(),
            spec.options(),
            spec.rated,
            &players,
            start,
            self.ctx.paired_seat_tokens().await?,
        )
        .await
    }

    pub(super) async fn start_games(&self, games: &[String]) -> Result<(), ApiError> {
        for chunk in games.chunks(MAKING_AT_ONCE) {
            let started = futures_util::future::join_all(chunk.iter().map(|g| async move {
                let kind = self
                    .ctx
                    .store
                    .game(g)
                    .await?
                    .map(|r| r.kind)
                    .ok_or_else(|| {
                        ApiError::Internal(Fault::Server, format!("game {g} is gone"))
                    })?;
                crate::rooms::records::start_record(&self.ctx, g, kind, now_ms()).await?;
                Ok::<(), ApiError>(())
            }))
            .await;
            started.into_iter().collect::<Result<(), ApiError>>()?;
        }
        Ok(())
    }

    /// Finishes tournament `id`: the standings are final (games still being played in an
    /// arena no longer count).
    pub(super) async fn finish(&self, id: &str, now: u64) {
        match self
            .ctx
            .store
            .set_tournament_status(id, &self.node, TournamentStatus::Finished, now)
            .await
        {
            Ok(true) => tracing::info!(tournament = %id, "finished"),
            Ok(false) => {}
            Err(e) => tracing::warn!(tournament = %id, "could not be finished: {e}"),
        }
    }
}
