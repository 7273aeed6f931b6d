//! Who sits where and what each seat sees: finding a token's seat, who is at the table,
//! every view of the game, the broadcast of a change, and a new socket's subscription.

use super::Room;
use crate::error::{ApiError, Denied};
use crate::games::{Adapter, seat_list};
use crate::ids::now_ms;
use crate::rooms::table::{RoomEvent, TableView};
use crate::rooms::views::{PlayView, RoomView, WaitingView};
use crate::rooms::{Attendance, Caller, Frame, SeatKey, Subscription, TokenHash, held_token};
use crate::shown::Shown;
use crate::store::SeatRecord;
use std::sync::Arc;
use tabula_core::Millis;

impl<A: Adapter> Room<A> {
    /// The token (hash) of the seat `caller` holds: its own token's, or its account's seat's
    /// (on any device where the account is signed in).
    pub(super) fn held(&self, caller: &Caller) -> Option<TokenHash> {
        held_token(
            caller,
            self.seats.iter().map(|s| SeatKey {
                token_hash: &s.token_hash,
                account: s.account,
                bot: s.bot_level.is_some(),
            }),
        )
    }

    /// The seat `token` holds now.
    pub(super) fn seat_of(&self, token: Option<&TokenHash>) -> Option<u32> {
        let token = token?;
        self.seats
            .iter()
            .find(|s| s.bot_level.is_none() && s.token_hash == token.0)
            .map(|s| s.seat)
    }

    /// The seat `token` holds, or why it may not act.
    pub(super) fn acting_seat(&self, token: Option<&TokenHash>) -> Result<u32, ApiError> {
        match (token, self.seat_of(token)) {
            (_, Some(seat)) => Ok(seat),
            (None, None) => Err(ApiError::Forbidden(
                Denied::Spectator,
                "spectators cannot act: join the game or use your seat's link".into(),
            )),
            (Some(_), None) => Err(ApiError::Forbidden(
                Denied::NoSeat,
                "that token belongs to no seat of this game (the seat may have been removed)"
                    .into(),
            )),
        }
    }

    /// Whether the player of `seat` is at the table: connected, or gone for less than the
    /// away time (players not seen since the room was loaded count as gone from then).
    pub(super) fn present(&self, seat: &SeatRecord, now: Millis) -> bool {
        let away = self.ctx.limits.away.as_millis() as u64;
        match self.stats.attendance(&seat.token_hash) {
            Attendance::Here => true,
            Attendance::LeftAt(t) => now.saturating_sub(t) < away,
            Attendance::Unseen => now.saturating_sub(self.loaded_at) < away,
        }
    }

    /// The host: the first seat whose player is at the table (seat 0, the creator, while
    /// present), so a table never waits for a host who has gone.
    pub(super) fn host(&self, now: Millis) -> u32 {
        self.seats
            .iter()
            .find(|s| s.bot_level.is_none() && self.present(s, now))
            .map_or(0, |s| s.seat)
    }

    /// Whether every player has gone away (a game with players only).
    pub(super) fn deserted(&self, now: Millis) -> bool {
        let mut humans = self.seats.iter().filter(|s| s.bot_level.is_none());
        humans.clone().next().is_some() && humans.all(|s| !self.present(s, now))
    }

    /// The room's part of every view: rematches, closing, the host, and the game's kind,
    /// options and bots (what a new game with the same settings needs).
    pub(super) fn table_view(&self, now: Millis) -> TableView {
        let bots = self.seats.iter().filter_map(|s| s.bot_level).collect();
        let options = self.record.config.options.clone();
        self.table.view(self.host(now), self.kind, options, bots)
    }

    pub(super) fn view(&self, seat: Option<u32>) -> RoomView<A::View> {
        let now = now_ms();
        let Some(game) = &self.game else {
            return RoomView::Waiting(WaitingView {
                id: self.id.clone(),
                kind: self.kind,
                status: self.record.status,
                options: self.record.config.options.clone(),
                max_seats: self.kind.max_seats(),
                seats: seat_list(&self.seats),
                you: seat,
                host: self.host(now),
                now,
                table: self.table_view(now),
            });
        };
        let mut view = game.view(seat, &self.seats, now, &self.ctx.services);
        if self.table.closed.is_some() {
            A::close(&mut view);
        }
        let rated = crate::players::is_rated(&self.record);
        RoomView::Playing(PlayView {
            game: view,
            id: self.id.clone(),
            status: self.record.status,
            seats: seat_list(&self.seats),
            rated,
            // the game ended before both sides played: nobody's rating moved
            too_short_to_rate: rated && game.is_over() && !game.played_enough(),
            ratings: self.ratings.clone(),
            table: self.table_view(now),
        })
    }

    /// Whether the game is over, or was closed.
    pub(super) fn finished(&self) -> bool {
        self.table.closed.is_some() || self.game.as_ref().is_some_and(A::is_over)
    }

    pub(super) fn publish(&self, events: Vec<RoomEvent<A::Event>>) {
        if self.broadcast.receiver_count() == 0 {
            return;
        }
        let views = (0..self.seats.len() as u32)
            .map(|s| Shown::of(self.view(Some(s))))
            .collect();
        let tokens = self.seats.iter().map(|s| s.token_hash.clone()).collect();
        let spectator = Shown::of(self.view(None));
        let frame = Frame::new(self.seq, Shown::of(events), views, spectator, tokens);
        let _ = self.broadcast.send(Arc::new(frame));
    }

    pub(super) fn subscribe(&self, caller: &Caller) -> Result<Subscription, ApiError> {
        let held = self.held(caller);
        let token = held.as_ref();
        let seat = self.seat_of(token);
        if token.is_some() && seat.is_none() {
            return Err(ApiError::Forbidden(
                Denied::NoSeat,
                "that token belongs to no seat of this game".into(),
            ));
        }
        let limits = &self.ctx.limits;
        let place = seat.and(token).map(|t| t.0.clone());
        let max = match place {
            Some(_) => limits.sockets_per_seat,
            None => limits.spectators_per_room,
        };
        let presence = self.stats.admit(place, max)?;
        Ok(Subscription {
            updates: self.broadcast.subscribe(),
            version: self.seq,
            seat,
            held: seat.and(held),
            view: Shown::of(self.view(seat)),
            presence,
        })
    }
}
