//! Seeks: put in the lobby (within the caps of a player and of an address), taken (the game
//! made and both players seated, a rated pairing allowed or not), paired at once, withdrawn.

use super::views::{LobbyView, Paired, QuickMatch, SeekMade};
use super::{Lobby, LobbyEvent, SeekSpec};
use crate::error::{ApiError, Clash, Denied, Fault, Invalid, Missing, Throttled};
use crate::games::Kind;
use crate::ids::{now_ms, random_hex};
use crate::players::Player;
use crate::players::fair::{Seated, may_pair};
use crate::rooms::records::create_hosted;
use crate::store::players::SeekRecord;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

fn seek_kind(kind: Kind) -> Result<(), ApiError> {
    match kind {
        Kind::Quickchess | Kind::Querni | Kind::RoyalMatch => Ok(()),
        other => Err(ApiError::BadInput(
            Invalid::Kind,
            format!(
                "the lobby pairs two players: quickchess, querni or royal-match, not {}",
                other.name()
            ),
        )),
    }
}

impl Lobby {
    /// Puts a seek of `player` (at address `from`) in the lobby: refused when the player, or
    /// the players of its address together, have as many seeks open as they may.
    pub async fn seek(
        self: &Arc<Self>,
        player: &Player,
        spec: SeekSpec,
        from: IpAddr,
    ) -> Result<SeekMade, ApiError> {
        may_play(&self.ctx, player, from)?;
        seek_kind(spec.kind)?;
        spec.kind.configure(&spec.options, 2, &self.ctx.services)?;
        if let Some([lo, hi]) = spec.range
            && lo > hi
        {
            return Err(ApiError::BadInput(
                Invalid::Rating,
                format!("range: {lo} is above {hi}"),
            ));
        }
        if !self.is_open(&player.id) {
            return Err(ApiError::Conflict(
                Clash::LobbyClosed,
                "open the lobby first: a seek lives while its owner's lobby is open".into(),
            ));
        }
        let rating = match (&player.account, spec.rated) {
            (None, true) => {
                return Err(ApiError::Forbidden(
                    Denied::GuestRated,
                    "sign in to play rated games (guests play casual ones)".into(),
                ));
            }
            (Some(a), true) => Some({
                crate::classes::guard::may_play_rated(self.ctx.store.as_ref(), a.id).await?;
                crate::players::rating_of(&self.ctx, a.id, spec.kind, &spec.options)
                    .await?
                    .rating
                    .round() as i64
            }),
            _ => None,
        };
        let client = self.ctx.addresses.client(from).to_string();
        let _one_at_a_time = self.posting.lock().await;
        let open = self.ctx.store.seeks().await?;
        let limits = &self.ctx.limits;
        let mine = open.iter().filter(|s| s.owner == player.id).count();
        if mine >= limits.seeks_per_player {
            return Err(ApiError::Conflict(
                Clash::TooMany,
                format!("you have {mine} seeks open, as many as a player may: withdraw one first"),
            ));
        }
        if open.iter().filter(|s| s.client == client).count() >= limits.seeks_per_address {
            return Err(ApiError::RateLimited {
                cause: Throttled::Seeks,
                message: format!(
                    "the players of your address have {} seeks open, as many as an address may",
                    limits.seeks_per_address
                ),
                retry_after: Duration::from_secs(60),
            });
        }
        let record = SeekRecord {
            id: random_hex(5),
            owner: player.id.clone(),
            name: crate::players::names::clean(&player.name),
            account: player.account.as_ref().map(|a| a.id),
            rating,
            spec: serde_json::to_string(&spec)
                .map_err(|e| ApiError::Internal(Fault::Encoding, e.to_string()))?,
            created: now_ms(),
            client,
        };
        self.ctx.store.put_seek(&record).await?;
        self.changed();
        Ok(SeekMade { id: record.id })
    }

    /// `player` (at address `from`) takes seek `id`: the game is made and both are seated.
    pub async fn accept(
        self: &Arc<Self>,
        player: &Player,
        id: &str,
        from: IpAddr,
    ) -> Result<Paired, ApiError> {
        may_play(&self.ctx, player, from)?;
        let taker_client = self.ctx.addresses.client(from);
        let owner_client = |s: &SeekRecord| s.client.parse::<IpAddr>().ok();
        let seek = self.ctx.store.take_seek(id).await?.ok_or_else(|| {
            ApiError::NotFound(
                Missing::Seek,
                format!("no seek `{id}` (it was taken or withdrawn)"),
            )
        })?;
        let store = Arc::clone(&self.ctx.store);
        let put_back = |_: &Self, seek: SeekRecord, e: ApiError| {
            let store = Arc::clone(&store);
            async move {
                store.put_seek(&seek).await?;
                Err::<Paired, ApiError>(e)
            }
        };
        let spec: SeekSpec = serde_json::from_str(&seek.spec)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("a stored seek: {e}")))?;
        if seek.owner == player.id {
            return put_back(
                self,
                seek,
                ApiError::Conflict(Clash::OwnSeek, "this is your own seek".into()),
            )
            .await;
        }
        if let (Some(owner), Some(me)) = (seek.account, &player.account)
            && self.ctx.store.blocked_either(owner, me.id).await?
        {
            let e = ApiError::Forbidden(
                Denied::Blocked,
                format!("you cannot play {}: one of you blocks the other", seek.name),
            );
            return put_back(self, seek, e).await;
        }
        if spec.rated {
            let Some(account) = &player.account else {
                let e =
                    ApiError::Forbidden(Denied::GuestRated, "sign in to play rated games".into());
                return put_back(self, seek, e).await;
            };
            if let Err(e) =
                crate::classes::guard::may_play_rated(self.ctx.store.as_ref(), account.id).await
            {
                return put_back(self, seek, e).await;
            }
            let Some(owner) = seek.account.filter(|&o| o != account.id) else {
                let e = ApiError::Conflict(
                    Clash::Pairing,
                    "a rated game needs two different players".into(),
                );
                return put_back(self, seek, e).await;
            };
            let them = Seated {
                account: owner,
                client: owner_client(&seek),
            };
            let me = Seated {
                account: account.id,
                client: Some(taker_client),
            };
            if let Err(e) = may_pair(&self.ctx, them, me).await {
                return put_back(self, seek, e).await;
            }
            if let Some([lo, hi]) = spec.range {
                let r = crate::players::rating_of(&self.ctx, account.id, spec.kind, &spec.options)
                    .await?
                    .rating
                    .round() as u32;
                if !(lo..=hi).contains(&r) {
                    let e = ApiError::Conflict(
                        Clash::Pairing,
                        format!("this seek wants a rating from {lo} to {hi}; yours is {r}"),
                    );
                    return put_back(self, seek, e).await;
                }
            }
        }
        let owner = crate::players::Host {
            name: seek.name.clone(),
            account: seek.account,
            client: owner_client(&seek),
        };
        let created = create_hosted(
            &self.ctx,
            spec.kind,
            spec.options.clone(),
            &owner,
            &[],
            spec.rated,
        )
        .await?;
        let room = self.rooms.room(&created.id).await?;
        let taker = crate::players::Host {
            name: player.name.clone(),
            account: player.account.as_ref().map(|a| a.id),
            client: Some(taker_client),
        };
        let (seat, token) = room.join_as(&taker).await?;
        self.announce(LobbyEvent::Paired {
            owner: seek.owner.clone(),
            game: created.id.clone(),
            seat: created.seat,
            token: created.token,
        });
        self.changed();
        Ok(Paired {
            game: created.id,
            seat,
            token,
        })
    }

    /// Quick pairing: takes the oldest seek that makes the same game, or seeks one.
    pub async fn quick(
        self: &Arc<Self>,
        player: &Player,
        spec: SeekSpec,
        from: IpAddr,
    ) -> Result<QuickMatch, ApiError> {
        may_play(&self.ctx, player, from)?;
        seek_kind(spec.kind)?;
        for s in self.ctx.store.seeks().await? {
            let Ok(other) = serde_json::from_str::<SeekSpec>(&s.spec) else {
                continue;
            };
            if s.owner != player.id && other.matches(&spec) {
                match self.accept(player, &s.id, from).await {
                    Ok(p) => return Ok(QuickMatch::Paired(p)),
                    // taken meanwhile, out of its range, or not a pairing the two may play
                    // rated: look further
                    Err(
                        ApiError::NotFound(..)
                        | ApiError::Conflict(..)
                        | ApiError::Forbidden(..)
                        | ApiError::RateLimited { .. },
                    ) => continue,
                    Err(e) => return Err(e),
                }
            }
        }
        let made = self.seek(player, spec, from).await?;
        Ok(QuickMatch::Seek(made.id))
    }

    /// Withdraws a seek of `player`.
    pub async fn withdraw(&self, player: &Player, id: &str) -> Result<(), ApiError> {
        let seeks = self.ctx.store.seeks().await?;
        match seeks.iter().find(|s| s.id == id) {
            None => Err(ApiError::NotFound(Missing::Seek, format!("no seek `{id}`"))),
            Some(s) if s.owner != player.id => Err(ApiError::Forbidden(
                Denied::NotYours,
                "only its owner withdraws a seek".into(),
            )),
            Some(_) => {
                self.ctx.store.take_seek(id).await?;
                self.changed();
                Ok(())
            }
        }
    }

    /// The lobby as `player` sees it: open seeks (its own marked, and always listed), open party
    /// tables, and games being played now.
    pub async fn view(&self, player: &Player) -> Result<LobbyView, ApiError> {
        Ok(self.refresh(false).await?.view_for(&player.id))
    }
}

/// Whether the moderators' sanctions let `player` at `from` seek or take a game.
fn may_play(ctx: &crate::context::Context, player: &Player, from: IpAddr) -> Result<(), ApiError> {
    ctx.sanctions
        .may_play(Some(from), player.account.as_ref().map(|a| a.id))
}
