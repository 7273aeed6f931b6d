//! The lobby's WebSocket and the header's bell: the lobby now, then each change to it, and the
//! owner's pairings; or, for a bell, only the signed-in viewer's rings.
//!
//! A client sends nothing on these sockets (its frames only count against the address's
//! rate). Beyond [`super::run`]'s bounds, a lobby socket holds a place among the node's lobby
//! sockets (half of all) and the address's; its news queue is bounded, and a socket that falls
//! behind gets the whole lobby again, not every change it missed (a bell rings once).

use super::{Closed, Outbox, Session};
use crate::error::{ApiError, SignIn};
use crate::hub::Hub;
use crate::limits::{Held, Hold};
use crate::lobby::views::{LobbyFrame, Paired};
use crate::lobby::{self, LobbyNews, LobbySlot};
use crate::players::Player;
use axum::extract::ws::{Utf8Bytes, WebSocket};
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

/// A lobby frame as the text the socket sends.
fn text(frame: &LobbyFrame<'_>) -> Utf8Bytes {
    Utf8Bytes::from(frame.to_text())
}

/// The bell's one frame.
fn ring() -> Utf8Bytes {
    text(&LobbyFrame::Ring)
}

/// A lobby watcher: the lobby's changes as this player sees them, and its own pairings.
struct LobbySession {
    hub: Arc<Hub>,
    player: Player,
    news: broadcast::Receiver<LobbyNews>,
}

impl LobbySession {
    /// The whole lobby as this player sees it.
    fn whole(&self, snapshot: &lobby::Snapshot) -> Utf8Bytes {
        text(&LobbyFrame::Lobby(&snapshot.view_for(&self.player.id)))
    }
}

impl Session for LobbySession {
    type News = Result<LobbyNews, RecvError>;

    async fn news(&mut self) -> Self::News {
        self.news.recv().await
    }

    async fn tell(&mut self, news: Self::News, out: &mut Outbox) -> Result<(), Closed> {
        let frame = match news {
            Ok(LobbyNews::Ring(_)) => return Ok(()),
            Ok(LobbyNews::Changed(diff)) => match diff.for_viewer(&self.player.id) {
                Some(d) => text(&LobbyFrame::LobbyDiff(&d)),
                None => return Ok(()),
            },
            Ok(LobbyNews::Paired {
                owner,
                game,
                seat,
                token,
            }) => {
                if owner != self.player.id {
                    return Ok(());
                }
                text(&LobbyFrame::Paired(&Paired { game, seat, token }))
            }
            Err(RecvError::Lagged(_)) => match self.hub.lobby.refresh(false).await {
                Ok(now) => self.whole(&now),
                Err(_) => return Err(Closed),
            },
            Err(RecvError::Closed) => return Err(Closed),
        };
        out.text(frame).await
    }

    async fn answer(&mut self, _text: &str, _out: &mut Outbox) -> Result<(), Closed> {
        Ok(())
    }

    fn restart_frame(&self, retry_ms: u64) -> Utf8Bytes {
        text(&LobbyFrame::Restart { retry_ms })
    }
}

/// The header's bell: rings when the account has something new.
struct BellSession {
    /// The account whose rings these are.
    name: String,
    news: broadcast::Receiver<LobbyNews>,
}

impl Session for BellSession {
    type News = Result<LobbyNews, RecvError>;

    async fn news(&mut self) -> Self::News {
        self.news.recv().await
    }

    async fn tell(&mut self, news: Self::News, out: &mut Outbox) -> Result<(), Closed> {
        match news {
            Ok(LobbyNews::Ring(names)) if names.contains(&self.name) => out.text(ring()).await,
            // a bell hears nothing of the lobby
            Ok(_) => Ok(()),
            // one that fell behind may have missed a ring
            Err(RecvError::Lagged(_)) => out.text(ring()).await,
            Err(RecvError::Closed) => Err(Closed),
        }
    }

    async fn answer(&mut self, _text: &str, _out: &mut Outbox) -> Result<(), Closed> {
        Ok(())
    }

    fn restart_frame(&self, retry_ms: u64) -> Utf8Bytes {
        text(&LobbyFrame::Restart { retry_ms })
    }
}

/// A lobby watcher's places among the node's lobby sockets and the address's.
struct LobbyPlaces {
    _slot: LobbySlot,
    _from_address: Hold,
}

/// Takes a lobby watcher's places, or says why there is none.
fn lobby_places(hub: &Hub, address: IpAddr) -> Result<LobbyPlaces, ApiError> {
    let limits = hub.limits;
    let slot = hub
        .lobby
        .connect(limits.lobby_sockets())
        .ok_or_else(super::full)?;
    let held = hub
        .addresses
        .hold(address, Held::LobbySocket, limits.lobby_sockets_per_address)
        .ok_or_else(|| super::too_many_from_address("lobby connections"))?;
    Ok(LobbyPlaces {
        _slot: slot,
        _from_address: held,
    })
}

/// Serves one lobby socket (or, with `bell`, one bell) until it closes.
pub async fn serve(socket: WebSocket, hub: Arc<Hub>, player: Player, address: IpAddr, bell: bool) {
    let super::Split { mut out, incoming } = super::split(socket, &hub);
    let what = if bell {
        "connections"
    } else {
        "lobby connections"
    };
    let _admitted = match super::admit(&hub, address, what) {
        Ok(a) => a,
        Err(e) => return out.refuse(e).await,
    };
    if bell {
        // a bell's rings are an account's: a guest's bell would never ring
        let Some(account) = &player.account else {
            return out
                .refuse(ApiError::Unauthorized(
                    SignIn::Needed,
                    "sign in for the bell".into(),
                ))
                .await;
        };
        let session = BellSession {
            name: account.name.clone(),
            news: hub.lobby.subscribe(),
        };
        // it rings once at once: rings missed while it was away (a restart) are asked for
        if out.text(ring()).await.is_err() {
            return;
        }
        return super::run(&hub, address, session, out, incoming).await;
    }
    // a bell holds no place among the lobby's sockets (a player has one on every page)
    let _places = match lobby_places(&hub, address) {
        Ok(p) => p,
        Err(e) => return out.refuse(e).await,
    };
    let _presence = hub.lobby.enter(&player.id);
    let session = LobbySession {
        hub: Arc::clone(&hub),
        player,
        news: hub.lobby.subscribe(),
    };
    match hub.lobby.refresh(false).await {
        Ok(now) => {
            if out.text(session.whole(&now)).await.is_err() {
                return;
            }
        }
        Err(e) => return out.refuse(e).await,
    }
    super::run(&hub, address, session, out, incoming).await;
}
