//! One room: the task that owns one game of adapter type `A` and does everything to it in
//! turn. The room is generic over the game, so an intent is parsed straight into the game's
//! typed intent and the typed action is applied as it is; JSON appears only at the edges
//! (the wire and the log).

use super::table::{CloseReason, Logged, RoomEvent, RoomIntent, Table, TableAction};
use super::{Caller, Cmd, Frame, RoomCall, RoomReply, RoomStats, SeatView, Shown, TokenHash};
use crate::context::Context;
use crate::error::{ApiError, Busy, Clash, Denied, Fault, Rule};
use crate::games::{Adapter, BotMove, Kind, started_config};
use crate::ids::now_ms;
use crate::json::RawJson;
use crate::model::Status;
use crate::players::RatingShown;
use crate::store::{Due, GameRecord, LogEntry, SeatRecord};
use crate::thinking::lane::Key;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tabula_core::Millis;
use tokio::sync::{broadcast, mpsc};

mod cards;
mod seats;
mod view;

/// A search's answer: the version it was asked for and the action found.
type Answer<A> = (u64, Option<A>);

pub(super) struct Room<A: Adapter> {
    id: String,
    kind: Kind,
    record: GameRecord,
    seats: Vec<SeatRecord>,
    /// The game, once started (a lobby has none).
    game: Option<A>,
    /// Length of the action log: also the room's version, so it survives restarts (lobby
    /// changes, before any action, are sent with version 0).
    seq: u64,
    /// Time of the last applied action (actions never go back in time).
    last_at: Millis,
    ctx: Arc<Context>,
    broadcast: broadcast::Sender<Arc<Frame>>,
    stats: Arc<RoomStats>,
    /// The version a bot's search is running for.
    thinking: Option<u64>,
    /// The version now, as the thinking pool reads it to drop a search the game moved past.
    version_now: Arc<std::sync::atomic::AtomicU64>,
    /// The client whose action was the last: a bot's reply is searched in its turn of the
    /// thinking pool.
    last_actor: Option<std::net::IpAddr>,
    /// A search's answer for the current version, kept until it is time to play it.
    thought: Option<Answer<A::Action>>,
    /// Once the game is over and its results are recorded: the rating changes it made.
    ratings: Option<Vec<RatingShown>>,
    /// Rematches and closing: the room's own part.
    table: Table,
    /// When the room was loaded (players not seen since count as gone from then).
    loaded_at: Millis,
    /// Set when the log refused an append as stale: another node runs the game now, and this
    /// room leaves memory at once.
    stale: bool,
    /// The game's deadline as the store holds it (`None` until known): written with the
    /// action that moves it, so every node's sweeper finds the game when its time comes.
    due_written: Option<Option<Millis>>,
    /// The solo cards written as met, by place: the moves each was written with.
    cards_written: Vec<Option<u32>>,
}

impl<A: Adapter> Room<A> {
    /// Rebuilds a room from its stored record, seats and log (CPU work: called off the async
    /// runtime).
    pub(super) fn load(
        ctx: Arc<Context>,
        record: GameRecord,
        seats: Vec<SeatRecord>,
        log: &[LogEntry],
        stats: Arc<RoomStats>,
    ) -> Result<Room<A>, ApiError> {
        let mut room = Room {
            id: record.id.clone(),
            kind: record.kind,
            record,
            seats,
            game: None,
            seq: 0,
            last_at: 0,
            ctx,
            broadcast: broadcast::channel(64).0,
            stats,
            thinking: None,
            version_now: Arc::default(),
            last_actor: None,
            thought: None,
            ratings: None,
            table: Table::default(),
            loaded_at: now_ms(),
            stale: false,
            due_written: None,
            cards_written: Vec::new(),
        };
        room.replay(log)?;
        Ok(room)
    }

    fn replay(&mut self, log: &[LogEntry]) -> Result<(), ApiError> {
        let Some(started) = self.record.started else {
            return Ok(());
        };
        let services = Arc::clone(&self.ctx.services);
        let mut game = A::start(
            started_config(&self.record)?,
            self.record.seed,
            started,
            &services,
        )?;
        self.last_at = started;
        for entry in log {
            match Logged::<A::Action>::read(&entry.action)? {
                Logged::Game(action) => {
                    game.apply(&action, entry.at, &services).map_err(|e| {
                        ApiError::Internal(
                            Fault::Stored,
                            format!(
                                "action {} of game {} does not replay: {e}",
                                entry.seq, self.id
                            ),
                        )
                    })?;
                }
                Logged::Table(action) => {
                    self.table.apply(&action);
                }
            }
            self.seq = entry.seq + 1;
            self.last_at = entry.at;
        }
        self.game = Some(game);
        Ok(())
    }

    /// The game's id.
    pub(super) fn id(&self) -> &str {
        &self.id
    }

    /// The answer to a failed log write: a stale one makes the room step down.
    fn log_failed(&mut self, e: crate::store::StoreError, what: &str) -> ApiError {
        if let crate::store::StoreError::Stale { .. } = e {
            tracing::warn!(game = %self.id, "{e}: the room steps down");
            self.stale = true;
            return ApiError::Unavailable {
                cause: Busy::Moved,
                message: "this game moved to another server: reconnect and play on".into(),
                retry_after: Duration::from_secs(1),
            };
        }
        ApiError::Internal(
            Fault::Store,
            format!("the {what} could not be saved ({e}); try again"),
        )
    }

    /// When the game next changes by itself, as the store keeps it for the sweepers: a
    /// timed game's next deadline while it is played; none once it is over or closed.
    pub(super) fn next_due(&self) -> Option<Millis> {
        let game = self.game.as_ref()?;
        if self.table.closed.is_some() || game.is_over() {
            return None;
        }
        A::tick().and(game.next_deadline())
    }

    /// Writes the game's deadline to the store when it is not known to hold it (as the room
    /// loads): a game being played is found by the sweepers from then on. A failure is
    /// logged; the next action writes it again.
    async fn sync_due(&mut self) {
        if self.game.is_none() || self.finished() {
            return;
        }
        let due = self.next_due();
        if self.due_written == Some(due) {
            return;
        }
        match self.ctx.store.put_deadline(&self.id, due).await {
            Ok(()) => self.due_written = Some(due),
            Err(e) => tracing::warn!(game = %self.id, "the game's deadline was not written: {e}"),
        }
    }

    /// Applies, logs and broadcasts an action; undoes it if the log write fails.
    async fn accept(&mut self, action: A::Action, at: Millis) -> Result<u64, ApiError> {
        let at = at.max(self.last_at);
        let services = Arc::clone(&self.ctx.services);
        let game = self.game.as_mut().ok_or_else(|| {
            ApiError::Conflict(Clash::NotStarted, "the game has not started yet".into())
        })?;
        let backup = game.clone();
        let events = game.apply(&action, at, &services)?;
        let entry = LogEntry {
            seq: self.seq,
            at,
            action: RawJson::of(&action),
        };
        let due = Due::from_change(self.due_written, self.next_due());
        if let Err(e) = self.append(&entry, due).await {
            if let Some(game) = self.game.as_mut() {
                *game = backup;
            }
            return Err(self.log_failed(e, "move"));
        }
        if let Some(written) = due.written() {
            self.due_written = Some(written);
        }
        self.write_cards(at).await;
        let over = self.game.as_ref().is_some_and(A::is_over);
        self.seq += 1;
        self.last_at = at;
        self.thought = None;
        self.note_turn().await;
        if over && self.record.status != Status::Finished {
            self.record.status = Status::Finished;
            if let Err(e) = self
                .ctx
                .store
                .set_status(&self.id, Status::Finished, at)
                .await
            {
                tracing::error!(game = %self.id, "the game's end could not be recorded: {e}");
            }
        }
        if over && self.ratings.is_none() {
            self.settle(at).await;
        }
        self.publish(events.into_iter().map(RoomEvent::Game).collect());
        Ok(self.seq)
    }

    /// A correspondence game's turn written for the players' lists and the sweeper (after
    /// every move, and when the room loads: a game started elsewhere is noted on its first
    /// look), and the mover's bell rung. A failure is logged: the list is behind until the
    /// next move.
    async fn note_turn(&self) {
        let Some((seat, deadline)) = self.game.as_ref().and_then(A::awaiting) else {
            return;
        };
        let mover = self.seats.iter().find(|s| s.seat == seat);
        let account = mover.and_then(|s| s.account);
        if let Err(e) = self.ctx.store.put_turn(&self.id, account, deadline).await {
            tracing::warn!(game = %self.id, "a correspondence game's turn was not written: {e}");
            return;
        }
        // the mover's bell rings wherever they are on the site (nobody listening: no matter)
        if let Some(s) = mover.filter(|s| s.account.is_some()) {
            let _ = self.ctx.bells.send(vec![s.name.clone()]);
        }
    }

    /// Appends `entry` to the game's log in the store, with the deadline it moved, timed for
    /// the metrics.
    async fn append(&self, entry: &LogEntry, due: Due) -> Result<(), crate::store::StoreError> {
        let began = std::time::Instant::now();
        let appended = self.ctx.store.append(&self.id, entry, due).await;
        let took = began.elapsed().as_secs_f64();
        crate::metrics::METRICS.append_seconds.observe(took);
        tracing::debug!(game = %self.id, seq = entry.seq, seconds = took, ok = appended.is_ok(), "store append");
        appended
    }

    /// Records the finished game's results and ratings (once: recording again changes
    /// nothing), counts it in the opening explorer (once too) and keeps its rating changes
    /// for the view.
    async fn settle(&mut self, at: Millis) {
        let Some(values) = self.game.as_ref().and_then(A::outcome) else {
            return;
        };
        if values.len() != self.seats.len() {
            return;
        }
        let played_enough = self.game.as_ref().is_some_and(A::played_enough);
        match crate::players::record_game(
            &self.ctx,
            &self.record,
            &self.seats,
            &values,
            played_enough,
            at,
        )
        .await
        {
            Ok(changes) => {
                self.ratings = Some(crate::players::changes_shown(&self.seats, &changes));
                let rated = crate::players::is_rated(&self.record) && played_enough;
                let (record, seats) = (&self.record, &self.seats);
                super::explorer_count::count(&self.ctx, record, seats, &changes, rated, at).await;
                super::after::after_game(&self.ctx, &self.record, played_enough);
            }
            Err(e) => {
                tracing::error!(game = %self.id, "the game's results could not be recorded: {e}")
            }
        }
    }

    /// Applies, logs and broadcasts a room action.
    async fn accept_table(&mut self, action: TableAction, at: Millis) -> Result<u64, ApiError> {
        let at = at.max(self.last_at);
        let entry = LogEntry {
            seq: self.seq,
            at,
            action: RawJson::of(&action),
        };
        // a closed game changes by itself no more
        let due = match &action {
            TableAction::Closed { .. } => Due::from_change(self.due_written, None),
            _ => Due::Same,
        };
        if let Err(e) = self.append(&entry, due).await {
            return Err(self.log_failed(e, "request"));
        }
        if let Some(written) = due.written() {
            self.due_written = Some(written);
        }
        let events = vec![RoomEvent::Table(self.table.apply(&action))];
        self.seq += 1;
        self.last_at = at;
        self.thought = None;
        if self.finished() && self.record.status != Status::Finished {
            self.record.status = Status::Finished;
            if let Err(e) = self
                .ctx
                .store
                .set_status(&self.id, Status::Finished, at)
                .await
            {
                tracing::error!(game = %self.id, "the game's end could not be recorded: {e}");
            }
        }
        self.publish(events);
        Ok(self.seq)
    }

    /// Creates the rematch every player agreed to and points this game to it.
    async fn create_rematch(&mut self) -> Result<u64, ApiError> {
        let id = super::records::rematch(&self.ctx, &self.record, &self.seats).await?;
        self.accept_table(TableAction::Next { game: id }, now_ms())
            .await
    }

    /// A request to the room (a rematch), from `seat`.
    async fn act_on_table(&mut self, action: TableAction) -> Result<u64, ApiError> {
        self.table.check(&action, self.finished())?;
        let v = self.accept_table(action, now_ms()).await?;
        if self.table.rematch_agreed(&self.seats) {
            return self.create_rematch().await;
        }
        Ok(v)
    }

    /// The next automatic action (a deadline or a bot's move) with its time, asking the
    /// thinking pool for a bot's search when one is needed and not yet under way.
    fn next_auto(
        &mut self,
        answers: &mpsc::Sender<Answer<A::Action>>,
    ) -> Option<(Millis, A::Action)> {
        self.version_now.store(self.seq, Ordering::Relaxed);
        if self.table.closed.is_some() {
            return None;
        }
        let game = self.game.as_ref()?;
        let deadline = game
            .next_deadline()
            .and_then(|t| A::tick().map(|tick| (t, tick)));
        let bot = match game.bot(&self.seats, self.record.seed, &self.ctx.services) {
            None => None,
            Some(BotMove::At(t, action)) => Some((t, action)),
            Some(BotMove::Think { not_before, think }) => match &self.thought {
                Some((v, Some(action))) if *v == self.seq => Some((not_before, action.clone())),
                Some((v, None)) if *v == self.seq => None,
                _ => {
                    if self.thinking != Some(self.seq) {
                        self.thinking = Some(self.seq);
                        let version = self.seq;
                        let (ctx, answers) = (Arc::clone(&self.ctx), answers.clone());
                        let key = match self.last_actor {
                            Some(a) => Key::Address(self.ctx.addresses.client(a)),
                            None => Key::Game(self.id.clone()),
                        };
                        let now = Arc::clone(&self.version_now);
                        let wanted = move || now.load(Ordering::Relaxed) == version;
                        tokio::spawn(async move {
                            let found = match ctx.thinking.run_game(key, wanted, think).await {
                                Ok(found) => found.flatten(),
                                Err(e) => {
                                    tracing::error!("a bot's search failed: {e}");
                                    None
                                }
                            };
                            let _ = answers.send((version, found)).await;
                        });
                    }
                    None
                }
            },
        };
        match (deadline, bot) {
            (Some(d), Some(b)) => Some(if b.0 < d.0 { b } else { d }),
            (d, b) => d.or(b),
        }
    }

    async fn act(&mut self, token: Option<&TokenHash>, intent: RawJson) -> Result<u64, ApiError> {
        let seat = self.acting_seat(token)?;
        let intent = match RoomIntent::<A::Intent>::parse(&intent)? {
            RoomIntent::Table(request) => return self.act_on_table(request.action(seat)).await,
            RoomIntent::Game(intent) => intent,
        };
        if self.table.closed.is_some() {
            return Err(ApiError::Conflict(
                Clash::Closed,
                "this game was closed: every player had left".into(),
            ));
        }
        if A::is_takeback(&intent) && crate::players::is_rated(&self.record) {
            return Err(ApiError::Refused(
                Rule::Takeback,
                "takebacks are for casual games: this game is rated".into(),
            ));
        }
        let game = self.game.as_ref().ok_or_else(|| {
            ApiError::Conflict(Clash::NotStarted, "the game has not started yet".into())
        })?;
        let action = game.action(seat, intent)?;
        self.accept(action, now_ms()).await
    }

    /// Answers a call (of a socket here, or relayed from another node).
    async fn call(&mut self, call: RoomCall) -> Result<RoomReply, ApiError> {
        match call {
            RoomCall::Act {
                token,
                account,
                intent,
                from,
            } => {
                let token = self.held(&Caller::signed_in(token, account));
                let account = self
                    .seat_of(token.as_ref())
                    .and_then(|seat| self.seats.iter().find(|s| s.seat == seat))
                    .and_then(|s| s.account);
                self.ctx.sanctions.may_play(from, account)?;
                let version = self.act(token.as_ref(), intent).await?;
                if from.is_some() {
                    self.last_actor = from;
                }
                Ok(RoomReply::Acted { version })
            }
            RoomCall::Lobby { token, account, op } => {
                let token = self.held(&Caller::signed_in(token, account));
                self.lobby(token.as_ref(), op).await?;
                Ok(RoomReply::Done)
            }
            RoomCall::Join { who } => {
                self.ctx.sanctions.may_play(who.client, who.account)?;
                let (seat, token) = self.join(who).await?;
                Ok(RoomReply::Joined { seat, token })
            }
            RoomCall::View { token, account } => {
                let held = self.held(&Caller::signed_in(token, account));
                let seat = self.seat_of(held.as_ref());
                if held.is_some() && seat.is_none() {
                    return Err(ApiError::Forbidden(
                        Denied::NoSeat,
                        "that token belongs to no seat of this game".into(),
                    ));
                }
                Ok(RoomReply::Viewed(SeatView {
                    version: self.seq,
                    seat,
                    view: Shown::of(self.view(seat)),
                    held: seat.and(held),
                }))
            }
            RoomCall::Close => {
                if self.finished() {
                    return Err(ApiError::Conflict(
                        Clash::Over,
                        format!(
                            "game {} is over already: there is nothing to close",
                            self.id
                        ),
                    ));
                }
                let closed = TableAction::Closed {
                    reason: CloseReason::Moderator,
                };
                let version = self.accept_table(closed, now_ms()).await?;
                Ok(RoomReply::Acted { version })
            }
        }
    }

    /// Handles one command; `false` when the room should leave memory.
    async fn handle(&mut self, cmd: Cmd) -> bool {
        match cmd {
            Cmd::Call { call, reply, span } => {
                use tracing::Instrument;
                let answer = self.call(call).instrument(span).await;
                let _ = reply.send(answer);
            }
            Cmd::Subscribe { caller, reply } => {
                let _ = reply.send(self.subscribe(&caller));
            }
            Cmd::Leave => return false,
        }
        true
    }

    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        // a game that ended just before a crash has its results recorded now
        if self.game.as_ref().is_some_and(A::is_over) {
            self.settle(self.last_at).await;
        }
        self.note_turn().await;
        self.sync_due().await;
        let (answers_tx, mut answers) = mpsc::channel::<Answer<A::Action>>(4);
        let idle_limit = self.ctx.limits.idle;
        let mut idle_since = tokio::time::Instant::now();
        // a rematch agreed to just before a restart is created now
        if self.table.rematch_agreed(&self.seats)
            && let Err(e) = self.create_rematch().await
        {
            tracing::error!(game = %self.id, "the rematch could not be created: {e}");
        }
        loop {
            // catch up with anything already due (a restart may find overdue deadlines)
            let auto = self.next_auto(&answers_tx);
            if auto.as_ref().is_some_and(|(t, _)| *t <= now_ms())
                && A::ends_when_deserted()
                && !self.finished()
                && self.deserted(now_ms())
            {
                // bots never play on alone: the game ends here
                let closed = TableAction::Closed {
                    reason: CloseReason::Deserted,
                };
                if let Err(e) = self.accept_table(closed, now_ms()).await {
                    tracing::error!(game = %self.id, "a deserted game could not be closed: {e}");
                    return;
                }
                continue;
            }
            if let Some((t, action)) = &auto
                && *t <= now_ms()
            {
                if let Err(e) = self.accept(action.clone(), *t).await {
                    tracing::error!(game = %self.id, "automatic action {action:?} refused: {e}");
                    // a refused tick or bot action would loop forever: stop this room
                    return;
                }
                continue;
            }
            let wait = auto.as_ref().map_or(idle_limit, |(t, _)| {
                Duration::from_millis(t.saturating_sub(now_ms()))
            });
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(c) => {
                        if !self.handle(c).await || self.stale {
                            return;
                        }
                        idle_since = tokio::time::Instant::now();
                    }
                    None => return,
                },
                Some((version, found)) = answers.recv() => {
                    if version == self.seq {
                        self.thought = Some((version, found));
                    }
                    if self.thinking == Some(version) {
                        self.thinking = None;
                    }
                }
                _ = tokio::time::sleep(wait.min(idle_limit)) => {}
            }
            if self.stats.connected() == 0 {
                let expired = self.game.is_none()
                    && now_ms().saturating_sub(self.record.created)
                        >= self.ctx.limits.lobby_expiry.as_millis() as u64;
                if expired {
                    if let Err(e) = self
                        .ctx
                        .store
                        .set_status(&self.id, Status::Expired, now_ms())
                        .await
                    {
                        tracing::error!(game = %self.id, "a lobby's expiry could not be recorded: {e}");
                    }
                    return;
                }
                let soon = auto.as_ref().is_some_and(|(t, _)| {
                    t.saturating_sub(now_ms()) < idle_limit.as_millis() as u64
                });
                let searching = self.thinking.is_some();
                if idle_since.elapsed() >= idle_limit && !soon && !searching {
                    return; // leave memory; the store has everything
                }
            } else {
                idle_since = tokio::time::Instant::now();
            }
        }
    }
}
