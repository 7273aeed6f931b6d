//! Tournaments on the server: arenas and Swiss events for QuickChess (8x8 chess too), Querni
//! and The Royal Study, made by players or by the server's schedule, played as ordinary games
//! (so their clocks, ratings, reviews and several nodes work as for any game) and directed by
//! one node at a time.
//!
//! The pure rules (arena scoring and pairing, Swiss pairing, tie-breaks, TRF) are the
//! `tabula-tournament` crate's; this module stores, directs and shows. Everything a
//! tournament is lives in the store: the node directing it ([`director`]) holds a lease that
//! it renews every second, checks with each of its writes, and another node takes over when
//! it lapses (a node killed mid-tournament loses nothing: pairings, results and berserks are
//! rows, and the games are the games').
//!
//! A pairing's game seats its players' accounts with tokens derived from the server's secret
//! ([`Tournaments::seat_token`]): the tournament's page gives a player their token on any of
//! their devices, and nothing but its hash is stored.

pub mod director;
pub mod parties;
pub mod schedule;
pub mod spec;
pub mod standings;
pub mod views;

use crate::context::Context;
use crate::error::{ApiError, Clash, Fault, Missing};
use crate::ids::{now_ms, random_hex};
use crate::store::players::Account;
use crate::store::tournaments::{Joined, TournamentRecord, TournamentStatus};
use crate::unpoisoned::Locked;
pub use spec::TournamentSpec;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
pub use views::{TournamentList, TournamentView};

/// How many upcoming tournaments one account may have made and not yet started.
pub const UPCOMING_PER_CREATOR: usize = 3;
/// A page's visit counts as the player being there this long (an arena pairs only players
/// whose page is open).
pub const PRESENT_MS: u64 = 20_000;
/// How often a player's visits are written down (at most).
const SEEN_EVERY_MS: u64 = 5_000;

/// The tournaments of one node.
pub struct Tournaments {
    pub(crate) ctx: Arc<Context>,
    /// This node's name as a director.
    pub(crate) node: String,
    /// Wakes the director at once (a join, a game's end).
    pub(crate) wake: Arc<tokio::sync::Notify>,
    /// When each (tournament, account) visit was last written, so a page's polling writes
    /// at most every few seconds.
    seen_written: Mutex<HashMap<(String, i64), u64>>,
    /// The recurring tournaments of the server's settings.
    schedule: Mutex<Vec<schedule::Recurring>>,
    /// Each tournament as last read for a page, for [`SHOWN_FRESH`]: hundreds of players'
    /// pages asking every two seconds read the store once a second between them.
    shown: Mutex<HashMap<String, (std::time::Instant, Arc<Snapshot>)>>,
}

/// How long a tournament read for the pages is shown before it is read again.
pub const SHOWN_FRESH: std::time::Duration = std::time::Duration::from_secs(1);

/// A tournament as read from the store at one moment: its record, spec, entries and boards.
pub(crate) struct Snapshot {
    pub(crate) record: TournamentRecord,
    pub(crate) spec: TournamentSpec,
    pub(crate) entries: Vec<crate::store::tournaments::EntryRecord>,
    pub(crate) boards: Vec<crate::store::tournaments::BoardRecord>,
    /// Check Mates parties: who sits where at each table, with the places (empty otherwise).
    pub(crate) seats: Vec<crate::store::tournaments::PartySeat>,
}

impl Tournaments {
    /// The tournaments of a node, directed by a task of its own while they live.
    pub fn new(ctx: Arc<Context>) -> Arc<Tournaments> {
        let t = Arc::new(Tournaments {
            ctx,
            node: format!("t-{}", random_hex(6)),
            wake: Arc::default(),
            seen_written: Mutex::new(HashMap::new()),
            schedule: Mutex::new(Vec::new()),
            shown: Mutex::new(HashMap::new()),
        });
        director::spawn(Arc::downgrade(&t));
        t
    }

    /// Sets the recurring tournaments from the settings' lines, each checked as a player's
    /// tournament would be: the first wrong one is refused, named.
    pub fn set_schedule(&self, lines: &[String]) -> Result<(), String> {
        let mut out = Vec::new();
        for line in lines {
            let mut r = schedule::parse(line).map_err(|e| format!("schedule `{line}`: {e}"))?;
            r.spec = r
                .spec
                .checked(&self.ctx.services, &self.ctx.limits)
                .map_err(|e| format!("schedule `{line}`: {e}"))?;
            out.push(r);
        }
        *self.schedule.locked() = out;
        Ok(())
    }

    /// Makes the scheduled tournaments due to be announced (each once, whichever node
    /// gets there first).
    pub(crate) async fn announce_scheduled(&self, now: u64) -> Result<(), ApiError> {
        let due: Vec<(String, u64, TournamentSpec)> = self
            .schedule
            .locked()
            .iter()
            .filter_map(|r| r.due(now).map(|(id, starts)| (id, starts, r.spec.clone())))
            .collect();
        for (id, starts, spec) in due {
            let record = TournamentRecord {
                id: id.clone(),
                spec: serde_json::to_string(&spec).map_err(|e| {
                    ApiError::Internal(Fault::Encoding, format!("a tournament's spec: {e}"))
                })?,
                creator: None,
                status: TournamentStatus::Created,
                starts,
                created: now,
                finished: None,
                hidden: false,
                client: None,
            };
            if self.ctx.store.create_tournament(&record).await? {
                tracing::info!(tournament = %id, "a scheduled tournament announced");
            }
        }
        Ok(())
    }

    /// The token of `seat` of a tournament game `game`: the same every time it is asked.
    pub async fn seat_token(&self, game: &str, seat: u32) -> Result<String, ApiError> {
        self.ctx.paired_seat_token(game, seat).await
    }

    /// Makes a tournament for `creator` (none: the server's schedule), asked from `client`
    /// (an address's client key); its id. A creator has at most [`UPCOMING_PER_CREATOR`]
    /// tournaments waiting to start, an address at most the limits' number, whatever its
    /// accounts.
    pub async fn create(
        &self,
        creator: Option<&Account>,
        client: Option<std::net::IpAddr>,
        spec: TournamentSpec,
    ) -> Result<String, ApiError> {
        let spec = spec.checked(&self.ctx.services, &self.ctx.limits)?;
        if let Some(me) = creator {
            let mine = self.ctx.store.waiting_made_by(me.id).await?;
            if mine >= UPCOMING_PER_CREATOR as u64 {
                return Err(ApiError::Conflict(
                    Clash::TooMany,
                    format!(
                        "you have {mine} tournaments waiting to start: at most {UPCOMING_PER_CREATOR}"
                    ),
                ));
            }
        }
        let client = client.map(|c| c.to_string());
        if let Some(c) = &client {
            let most = self.ctx.limits.upcoming_events_per_address;
            let from_here = self.ctx.store.waiting_made_from(c).await?;
            if from_here >= most as u64 {
                return Err(ApiError::Conflict(
                    Clash::TooMany,
                    format!(
                        "{from_here} tournaments made from your address are waiting to start: at most {most}"
                    ),
                ));
            }
        }
        let now = now_ms();
        let id = random_hex(5);
        let record = TournamentRecord {
            id: id.clone(),
            spec: serde_json::to_string(&spec).map_err(|e| {
                ApiError::Internal(Fault::Encoding, format!("a tournament's spec: {e}"))
            })?,
            creator: creator.map(|a| a.id),
            status: TournamentStatus::Created,
            starts: now + spec.starts_in_s * 1000,
            created: now,
            finished: None,
            hidden: false,
            client,
        };
        self.ctx.store.create_tournament(&record).await?;
        self.wake.notify_one();
        Ok(id)
    }

    /// The tournament `id` and its spec.
    pub(crate) async fn load(
        &self,
        id: &str,
    ) -> Result<(TournamentRecord, TournamentSpec), ApiError> {
        let record = self.ctx.store.tournament(id).await?.ok_or_else(|| {
            ApiError::NotFound(Missing::Tournament, format!("no tournament `{id}`"))
        })?;
        let spec = serde_json::from_str(&record.spec).map_err(|e| {
            ApiError::Internal(Fault::Stored, format!("tournament {id}'s stored spec: {e}"))
        })?;
        Ok((record, spec))
    }

    /// Tournament `id` for the pages: read at most once every [`SHOWN_FRESH`] on this node.
    pub(crate) async fn snapshot(&self, id: &str) -> Result<Arc<Snapshot>, ApiError> {
        let now = std::time::Instant::now();
        if let Some((at, snap)) = self.shown.locked().get(id)
            && now.duration_since(*at) < SHOWN_FRESH
        {
            return Ok(Arc::clone(snap));
        }
        let (record, spec) = self.load(id).await?;
        let store = &self.ctx.store;
        let snap = Arc::new(Snapshot {
            record,
            entries: store.entries(id).await?,
            boards: store.boards(id).await?,
            seats: match spec.kind {
                spec::Format::Parties => store.party_seats(id).await?,
                _ => Vec::new(),
            },
            spec,
        });
        let mut shown = self.shown.locked();
        shown.retain(|_, (at, _)| now.duration_since(*at) < SHOWN_FRESH * 60);
        shown.insert(id.to_string(), (now, Arc::clone(&snap)));
        Ok(snap)
    }

    /// Drops this node's copy of tournament `id` (the player who changed it sees the change
    /// at once).
    fn forget_shown(&self, id: &str) {
        self.shown.locked().remove(id);
    }

    /// `account` joins (or comes back to) tournament `id`.
    pub async fn join(&self, id: &str, account: &Account) -> Result<Joined, ApiError> {
        let (record, spec) = self.load(id).await?;
        self.ctx.sanctions.may_play(None, Some(account.id))?;
        if record.status == TournamentStatus::Finished {
            return Err(ApiError::Conflict(
                Clash::Tournament,
                format!("tournament {id} is over"),
            ));
        }
        if let (spec::Format::Swiss | spec::Format::Parties, Some(rounds)) =
            (spec.kind, spec.rounds)
        {
            let boards = self.ctx.store.boards(id).await?;
            let round = boards.iter().map(|b| b.round).max().unwrap_or(0);
            if round >= rounds {
                return Err(ApiError::Conflict(
                    Clash::Tournament,
                    format!("tournament {id} is in its last round: too late to join"),
                ));
            }
        }
        let rating =
            crate::players::rating_of(&self.ctx, account.id, spec.game.kind(), &spec.options())
                .await?
                .rating;
        let now = now_ms();
        let joined = self
            .ctx
            .store
            .enter(id, account.id, &account.name, rating, now)
            .await?;
        self.note_seen(id, account.id, now);
        self.forget_shown(id);
        self.wake.notify_one();
        Ok(joined)
    }

    /// `account` withdraws from tournament `id` (it may come back); whether it was playing on.
    pub async fn withdraw(&self, id: &str, account: &Account) -> Result<bool, ApiError> {
        let (record, _) = self.load(id).await?;
        if record.status == TournamentStatus::Finished {
            return Err(ApiError::Conflict(
                Clash::Tournament,
                format!("tournament {id} is over"),
            ));
        }
        let done = self.ctx.store.withdraw(id, account.id).await?;
        self.forget_shown(id);
        if !done {
            return Err(ApiError::Conflict(
                Clash::Tournament,
                format!("you are not playing in tournament {id}"),
            ));
        }
        Ok(done)
    }

    /// Remembers that `account`'s page is open on tournament `id` (written at most every few
    /// seconds; a failure only costs a pairing's wait).
    pub(crate) fn note_seen(&self, id: &str, account: i64, now: u64) {
        {
            let mut written = self.seen_written.locked();
            let key = (id.to_string(), account);
            if written
                .get(&key)
                .is_some_and(|&at| now < at + SEEN_EVERY_MS)
            {
                return;
            }
            if written.len() > 100_000 {
                written.clear();
            }
            written.insert(key, now);
        }
        let (store, id) = (std::sync::Arc::clone(&self.ctx.store), id.to_string());
        tokio::spawn(async move {
            if let Err(e) = store.seen(&id, account, now).await {
                tracing::warn!(tournament = %id, "a player's visit was not written: {e}");
            }
        });
    }

    /// Gives back the direction of every tournament this node directs (a restart's part).
    pub async fn step_down(&self) {
        match self.ctx.store.release_directions(&self.node).await {
            Ok(n) if n > 0 => tracing::info!("gave back the direction of {n} tournaments"),
            Ok(_) => {}
            Err(e) => tracing::warn!("the tournaments' direction was not given back: {e}"),
        }
    }
}
