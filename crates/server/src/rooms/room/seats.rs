//! Before play: who sits where. The host's changes to a lobby (bots, removals, options, the
//! start) and a new player taking a free seat, a rated table's rules among them (no bots, no
//! two accounts of one address, the pair's rated games of the day).

use super::Room;
use crate::error::{ApiError, Clash, Denied, Fault, Invalid};
use crate::frames::LobbyOp;
use crate::games::Adapter;
use crate::ids::{now_ms, random_hex, token_hash};
use crate::players::names::clean as clean_name;
use crate::rooms::TokenHash;
use crate::rooms::table::{RoomEvent, TableEvent};
use crate::store::SeatRecord;
use std::sync::Arc;

impl<A: Adapter> Room<A> {
    async fn start(&mut self) -> Result<(), ApiError> {
        let now = now_ms();
        let config =
            crate::rooms::records::start_record(&self.ctx, &self.id, self.kind, now).await?;
        self.record.config = config;
        self.record.started = Some(now);
        self.record.status = crate::model::Status::Playing;
        self.replay(&[])?;
        // start_record wrote the started game's first deadline: the same game from the same
        // start has the same one
        self.due_written = Some(self.next_due());
        self.note_turn().await;
        self.publish(vec![RoomEvent::Table(TableEvent::Started)]);
        Ok(())
    }

    pub(super) async fn lobby(
        &mut self,
        token: Option<&TokenHash>,
        op: LobbyOp,
    ) -> Result<(), ApiError> {
        let seat = self.acting_seat(token)?;
        if self.game.is_some() {
            return Err(ApiError::Conflict(
                Clash::Started,
                "the game has started".into(),
            ));
        }
        let host = self.host(now_ms());
        if seat != host {
            return Err(ApiError::Forbidden(
                Denied::NotHost,
                format!("only the host (seat {host}) changes the table"),
            ));
        }
        let store = Arc::clone(&self.ctx.store);
        match op {
            LobbyOp::AddBot { level } => {
                if crate::players::is_rated(&self.record) {
                    return Err(ApiError::Forbidden(
                        Denied::BotRated,
                        "a rated table is for people: bots play casual games only".into(),
                    ));
                }
                if self.seats.len() >= self.kind.max_seats() {
                    return Err(ApiError::Conflict(
                        Clash::Full,
                        format!("the table is full ({} seats)", self.kind.max_seats()),
                    ));
                }
                self.kind.check_bot_level(level)?;
                let s = SeatRecord {
                    seat: self.seats.len() as u32,
                    name: format!("Bot {level}"),
                    token_hash: String::new(),
                    bot_level: Some(level),
                    account: None,
                };
                store.put_seat(&self.id, &s).await?;
                self.seats.push(s);
            }
            LobbyOp::Remove { seat: which } => {
                if which == 0 || which == seat || which as usize >= self.seats.len() {
                    return Err(ApiError::BadInput(
                        Invalid::Options,
                        format!(
                            "seat {which} cannot be removed: seats 1 to {} can",
                            self.seats.len().saturating_sub(1)
                        ),
                    ));
                }
                // seats stay numbered 0..n: the last seat moves into the gap; every socket
                // finds its seat again by its token in the next frame
                let last = self.seats.len() as u32 - 1;
                store.remove_seat(&self.id, last).await?;
                let moved = self.seats.pop().ok_or_else(|| {
                    ApiError::Internal(
                        Fault::Server,
                        "a lobby with a removable seat has seats".into(),
                    )
                })?;
                if which != last {
                    let s = SeatRecord {
                        seat: which,
                        ..moved
                    };
                    store.put_seat(&self.id, &s).await?;
                    self.seats[which as usize] = s;
                }
                // a rated table's clients move with their seats
                if let Some(clients) = self.record.config.clients.as_mut() {
                    if (last as usize) < clients.len() {
                        let c = clients.remove(last as usize);
                        if (which as usize) < clients.len() {
                            clients[which as usize] = c;
                        }
                    }
                    store.set_config(&self.id, &self.record.config).await?;
                }
            }
            LobbyOp::Options { options } => {
                let options = self.kind.options(Some(&options))?;
                self.kind
                    .configure(&options, self.seats.len(), &self.ctx.services)?;
                // the rest of the configuration (rated or not, the seats' clients) stays
                self.record.config.options = options;
                store.set_config(&self.id, &self.record.config).await?;
            }
            LobbyOp::Start => return self.start().await,
        }
        self.publish(vec![RoomEvent::Table(TableEvent::Lobby)]);
        Ok(())
    }

    pub(super) async fn join(
        &mut self,
        who: crate::players::Host,
    ) -> Result<(u32, String), ApiError> {
        if self.game.is_some() {
            return Err(ApiError::Conflict(
                Clash::Started,
                "the game has started; you can watch it".into(),
            ));
        }
        if self.seats.len() >= self.kind.max_seats() {
            return Err(ApiError::Conflict(
                Clash::Full,
                "every seat is taken; you can watch".into(),
            ));
        }
        if crate::players::is_rated(&self.record) {
            let Some(account) = who.account else {
                return Err(ApiError::Forbidden(
                    Denied::GuestRated,
                    "this game is rated: sign in to take a seat".into(),
                ));
            };
            if self.seats.iter().any(|s| s.account == Some(account)) {
                return Err(ApiError::Conflict(
                    Clash::Seated,
                    "you already have a seat at this rated game".into(),
                ));
            }
            self.may_seat_rated(account, who.client).await?;
            crate::classes::guard::may_play_rated(self.ctx.store.as_ref(), account).await?;
        }
        let token = random_hex(16);
        let seat = SeatRecord {
            seat: self.seats.len() as u32,
            name: clean_name(&who.name),
            token_hash: token_hash(&token),
            bot_level: None,
            account: who.account,
        };
        self.ctx.store.put_seat(&self.id, &seat).await?;
        if self.record.config.clients.is_some() && !self.kind.ready(self.seats.len() + 1) {
            self.ctx
                .store
                .set_config(&self.id, &self.record.config)
                .await?;
        }
        let n = seat.seat;
        self.seats.push(seat);
        if self.kind.ready(self.seats.len()) {
            self.start().await?;
        } else {
            self.publish(vec![RoomEvent::Table(TableEvent::Joined { seat: n })]);
        }
        Ok((n, token))
    }

    /// Whether `account` (from `client`) may take a seat at this rated table: beside no
    /// account of its own client, and with each seated account under their rated games of
    /// the day. The client is remembered with the seats until the game starts.
    async fn may_seat_rated(
        &mut self,
        account: i64,
        client: Option<std::net::IpAddr>,
    ) -> Result<(), ApiError> {
        use crate::players::fair::{Seated, may_pair};
        let clients = self.record.config.clients.clone().unwrap_or_default();
        let me = Seated { account, client };
        for (i, s) in self.seats.iter().enumerate() {
            let Some(other) = s.account else { continue };
            let them = Seated {
                account: other,
                client: clients.get(i).copied().flatten(),
            };
            may_pair(&self.ctx, me, them).await?;
        }
        let mut clients = clients;
        clients.resize(self.seats.len(), None);
        clients.push(client);
        self.record.config.clients = Some(clients);
        Ok(())
    }
}
