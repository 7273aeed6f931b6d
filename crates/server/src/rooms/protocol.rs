//! What a room is asked, and answers: one protocol, the same for a socket of this node and for
//! a call from another node (the cluster carries [`RoomCall`] and [`RoomReply`] as they are),
//! so a new room command is written once: here, and in the room's `call`.
//!
//! Requests carry the caller's token hash and signed-in account ([`Caller`]), never a seat: the
//! room finds the seat they hold at the moment it acts.

use super::{Caller, RoomHandle, Subscription, TokenHash};
use crate::error::{ApiError, Busy, Fault};
use crate::frames::LobbyOp;
use crate::json::RawJson;
use crate::players::Host;
use crate::shown::Shown;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use tokio::sync::oneshot;

/// A request to a room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomCall {
    /// An intent of the seat `token` (or `account`) holds.
    Act {
        /// The token's hash.
        token: Option<TokenHash>,
        /// The caller's signed-in account (its seat is theirs on every device).
        #[serde(default)]
        account: Option<i64>,
        /// The game's intent (parsed by the room into its game's typed intent).
        intent: RawJson,
        /// The client's address (a bot's reply is searched in its turn).
        #[serde(default)]
        from: Option<IpAddr>,
    },
    /// A change to a game's lobby.
    Lobby {
        /// The token's hash.
        token: Option<TokenHash>,
        /// The caller's signed-in account.
        #[serde(default)]
        account: Option<i64>,
        /// The change.
        op: LobbyOp,
    },
    /// Take a free seat.
    Join {
        /// Who sits down.
        #[serde(flatten)]
        who: Host,
    },
    /// The version, seat and view of `token` or `account` (the start of a relayed
    /// subscription too).
    View {
        /// The token's hash.
        token: Option<TokenHash>,
        /// The caller's signed-in account.
        #[serde(default)]
        account: Option<i64>,
    },
    /// A moderator closes the game before its end (409 when it is over already).
    Close,
}

/// The state as one seat (or a spectator) sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    /// The room's version.
    pub version: u64,
    /// The seat the token (or the account) holds now.
    pub seat: Option<u32>,
    /// What it sees.
    pub view: Shown,
    /// The token hash of that seat (the caller's own token, or the seat its account holds):
    /// what a socket then finds its seat by in every frame.
    #[serde(default)]
    pub held: Option<TokenHash>,
}

/// A room's answer to a [`RoomCall`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomReply {
    /// An intent was logged: the room's version now.
    Acted {
        /// The version.
        version: u64,
    },
    /// A lobby change was made.
    Done,
    /// A seat was taken.
    Joined {
        /// The seat.
        seat: u32,
        /// Its secret token.
        token: String,
    },
    /// A view.
    Viewed(SeatView),
}

/// What a room's task receives.
pub enum Cmd {
    /// A call, answered on `reply`.
    Call {
        /// The call.
        call: RoomCall,
        /// Where the answer goes.
        reply: oneshot::Sender<Result<RoomReply, ApiError>>,
        /// The caller's span (its request id): the room handles the call, and writes its log
        /// entry, inside it, so a request's log lines can be followed into the store.
        span: tracing::Span,
    },
    /// A new subscriber to the room's frames (in this process: another node's sockets watch
    /// through that node's relay).
    Subscribe {
        /// The subscriber's token and account.
        caller: Caller,
        /// Where the subscription goes.
        reply: oneshot::Sender<Result<Subscription, ApiError>>,
    },
    /// Leave memory now (the registry needs the place).
    Leave,
}

fn room_gone() -> ApiError {
    ApiError::unavailable(Busy::Closing, "the room closed; reload the page")
}

fn unexpected(reply: RoomReply) -> ApiError {
    ApiError::Internal(
        Fault::Protocol,
        format!("a room answered {reply:?} out of turn"),
    )
}

impl RoomHandle {
    /// Sends `call` to the room (or, for a relay, to the node that runs it) and waits for the
    /// answer.
    pub async fn call(&self, call: RoomCall) -> Result<RoomReply, ApiError> {
        self.stats.touch();
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Cmd::Call {
                call,
                reply,
                span: tracing::Span::current(),
            })
            .await
            .map_err(|_| room_gone())?;
        rx.await.map_err(|_| room_gone())?
    }

    /// An intent of `caller`'s seat, sent from address `from`; on success, the room's
    /// version once it is logged.
    pub async fn act(
        &self,
        caller: Caller,
        intent: RawJson,
        from: Option<IpAddr>,
    ) -> Result<u64, ApiError> {
        let began = std::time::Instant::now();
        let done = match self
            .call(RoomCall::Act {
                token: caller.token,
                account: caller.account,
                intent,
                from,
            })
            .await
        {
            Ok(RoomReply::Acted { version }) => Ok(version),
            Ok(other) => Err(unexpected(other)),
            Err(e) => Err(e),
        };
        // counted here, where every action of a socket or of `POST .../act` passes, once
        crate::metrics::METRICS.action(
            done.as_ref()
                .map(|_| began.elapsed())
                .map_err(ApiError::code),
        );
        done
    }

    /// A lobby change by `caller`'s seat.
    pub async fn lobby(&self, caller: Caller, op: LobbyOp) -> Result<(), ApiError> {
        let call = RoomCall::Lobby {
            token: caller.token,
            account: caller.account,
            op,
        };
        match self.call(call).await? {
            RoomReply::Done => Ok(()),
            other => Err(unexpected(other)),
        }
    }

    /// Takes a free seat as a guest: returns it and its secret token.
    pub async fn join(&self, name: String) -> Result<(u32, String), ApiError> {
        let who = Host {
            name,
            account: None,
            client: None,
        };
        self.join_as(&who).await
    }

    /// Takes a free seat for `who`: returns it and its secret token.
    pub async fn join_as(&self, who: &Host) -> Result<(u32, String), ApiError> {
        match self.call(RoomCall::Join { who: who.clone() }).await? {
            RoomReply::Joined { seat, token } => Ok((seat, token)),
            other => Err(unexpected(other)),
        }
    }

    /// The version, the seat `caller` holds and its view (403 for a token of no seat).
    pub async fn view(&self, caller: Caller) -> Result<SeatView, ApiError> {
        let call = RoomCall::View {
            token: caller.token,
            account: caller.account,
        };
        match self.call(call).await? {
            RoomReply::Viewed(v) => Ok(v),
            other => Err(unexpected(other)),
        }
    }

    /// Closes the game for the moderators: the room's version once it is logged.
    pub async fn close(&self) -> Result<u64, ApiError> {
        match self.call(RoomCall::Close).await? {
            RoomReply::Acted { version } => Ok(version),
            other => Err(unexpected(other)),
        }
    }

    /// Subscribes to the room's frames as `caller`'s seat (a spectator without one).
    pub async fn subscribe(&self, caller: Caller) -> Result<Subscription, ApiError> {
        self.stats.touch();
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Cmd::Subscribe { caller, reply })
            .await
            .map_err(|_| room_gone())?;
        rx.await.map_err(|_| room_gone())?
    }
}
