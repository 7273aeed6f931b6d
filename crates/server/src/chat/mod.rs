//! The chat: a room for a game's players, one for its spectators, and one for each
//! tournament. Signed-in players write (guests read); a message is at most [`MAX_CHARS`]
//! characters, held to a rate per address and per account, its listed words masked
//! ([`filter`]); a muted account writes nothing. Messages are stored as typed (masked) and
//! sent as JSON text: the page shows them as text, never as HTML. A reader never sees the
//! messages of an account they block, and two players one of whom blocks the other cannot
//! write in their game's room. Pages read their room every few seconds (`?after=` the last
//! message seen), so a room works the same whichever node a player is on.

use crate::context::Context;
use crate::error::{ApiError, Denied, Missing};
use crate::ids::now_ms;
use crate::store::moderation::NewMessage;
use crate::store::players::Account;
use serde::Serialize;
use std::net::IpAddr;
use ts_rs::TS;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 300;
/// The most messages a room shows.
pub const SHOWN: usize = 100;

/// A chat room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Room {
    /// A game's players (and only they read it).
    Players(String),
    /// A game's spectators (everyone reads it; its players do not write in it).
    Spectators(String),
    /// A tournament's (everyone reads it).
    Tournament(String),
    /// A class's news: its teachers write, its members read.
    ClassNews(String),
    /// A class's students' room (open when its teacher allows; its members read it).
    Class(String),
}

impl Room {
    /// Its stored name.
    pub fn key(&self) -> String {
        match self {
            Room::Players(g) => format!("game:{g}"),
            Room::Spectators(g) => format!("spectators:{g}"),
            Room::Tournament(t) => format!("tournament:{t}"),
            Room::ClassNews(c) => format!("class-news:{c}"),
            Room::Class(c) => format!("class:{c}"),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Room::Players(_) => "players",
            Room::Spectators(_) => "spectators",
            Room::Tournament(_) => "tournament",
            Room::ClassNews(_) => "class_news",
            Room::Class(_) => "class",
        }
    }
}

/// A message as a room shows it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChatLine {
    /// Its number (for `?after=` and for a report).
    #[ts(type = "number")]
    pub id: i64,
    /// Its writer.
    pub name: String,
    /// Its text (masked where the filter found a listed word); show it as text.
    pub body: String,
    /// When.
    #[ts(type = "number")]
    pub at: u64,
}

/// A room as its reader sees it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChatView {
    /// `players`, `spectators`, `tournament`, `class_news` or `class`.
    pub room: String,
    /// The messages after the one asked for, oldest first (at most [`SHOWN`]).
    pub messages: Vec<ChatLine>,
    /// Why the reader cannot write here, if they cannot (a guest, a muted account).
    pub cannot_write: Option<CannotWrite>,
}

/// Why a reader cannot write in a chat: as data, so the page words it in the reader's language
/// (a mute's end as a date of theirs, not a timestamp).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum CannotWrite {
    /// A guest: sign in to write.
    SignIn,
    /// A muted account.
    Muted {
        /// Until when (ms since the Unix epoch; none: until a moderator lifts it).
        #[ts(type = "number | null")]
        until: Option<u64>,
        /// The moderator's reason.
        reason: String,
    },
    /// An account a teacher made, in a room where others than its classmates read.
    ClassAccount,
}

/// A game's room for `viewer`: the players' when the viewer holds one of its seats, else the
/// spectators'; and the accounts seated.
pub async fn game_room(
    ctx: &Context,
    game: &str,
    viewer: Option<&Account>,
) -> Result<(Room, Vec<i64>), ApiError> {
    if ctx.store.game(game).await?.is_none() {
        return Err(ApiError::NotFound(
            Missing::Game,
            format!("no game `{game}`"),
        ));
    }
    let players: Vec<i64> = ctx
        .store
        .seats(game)
        .await?
        .iter()
        .filter_map(|s| s.account)
        .collect();
    let seated = viewer.is_some_and(|v| players.contains(&v.id));
    let room = if seated {
        Room::Players(game.to_string())
    } else {
        Room::Spectators(game.to_string())
    };
    Ok((room, players))
}

/// `room` as `viewer` sees it: the messages after number `after`, without those of accounts
/// the viewer blocks.
pub async fn read(
    ctx: &Context,
    room: &Room,
    viewer: Option<&Account>,
    after: i64,
) -> Result<ChatView, ApiError> {
    let blocked: Vec<i64> = match viewer {
        Some(v) => ctx
            .store
            .blocked(v.id)
            .await?
            .into_iter()
            .map(|(id, _)| id)
            .collect(),
        None => Vec::new(),
    };
    // a class account reads its classmates' messages and its own only
    let circle = match viewer {
        Some(v) => crate::classes::guard::circle(ctx.store.as_ref(), v.id).await?,
        None => None,
    };
    let messages = ctx
        .store
        .messages(&room.key(), SHOWN)
        .await?
        .into_iter()
        .filter(|m| m.id > after)
        .filter(|m| !m.account.is_some_and(|a| blocked.contains(&a)))
        .filter(|m| {
            circle
                .as_ref()
                .is_none_or(|c| m.account.is_some_and(|a| c.contains(&a)))
        })
        .map(|m| ChatLine {
            id: m.id,
            name: m.name,
            body: m.body,
            at: m.at,
        })
        .collect();
    let cannot_write = match viewer {
        None => Some(CannotWrite::SignIn),
        Some(v) => ctx
            .sanctions
            .muted(v.id)
            .map(|(until, reason)| CannotWrite::Muted { until, reason })
            .or_else(|| {
                (circle.is_some() && matches!(room, Room::Spectators(_) | Room::Tournament(_)))
                    .then_some(CannotWrite::ClassAccount)
            }),
    };
    Ok(ChatView {
        room: room.kind().into(),
        messages,
        cannot_write,
    })
}

/// The text of a message as it is kept: the text policy's ([`crate::text::written`]): one
/// line of visible characters within [`MAX_CHARS`], its flagged words masked.
pub fn clean(text: &str) -> Result<String, ApiError> {
    crate::text::written(text, "text", MAX_CHARS, crate::text::Flagged::Masked)
}

/// `writer` (at `from`) writes `text` in `room`, whose players are `players` (a game's): the
/// message's number.
pub async fn write(
    ctx: &Context,
    room: &Room,
    players: &[i64],
    writer: &Account,
    from: IpAddr,
    text: &str,
) -> Result<i64, ApiError> {
    ctx.sanctions.may_play(Some(from), Some(writer.id))?;
    ctx.sanctions.may_write(writer.id)?;
    let body = clean(text)?;
    class_rules(ctx, room, players, writer).await?;
    if let Room::Players(_) = room {
        for &other in players.iter().filter(|&&p| p != writer.id) {
            if ctx.store.blocked_either(writer.id, other).await? {
                return Err(ApiError::Forbidden(
                    Denied::Blocked,
                    "one of you blocks the other: this game's chat is closed to you".into(),
                ));
            }
        }
    }
    ctx.addresses.check_chat(writer.id, from)?;
    let id = ctx
        .store
        .put_message(&NewMessage {
            room: room.key(),
            account: Some(writer.id),
            name: writer.name.clone(),
            body,
            at: now_ms(),
        })
        .await?;
    crate::metrics::METRICS.chat_messages.inc();
    Ok(id)
}

/// A class account writes only where its classmates alone read (never in a spectators' or a
/// tournament's room), and nobody outside its classes writes in a game's room it sits in.
async fn class_rules(
    ctx: &Context,
    room: &Room,
    players: &[i64],
    writer: &Account,
) -> Result<(), ApiError> {
    let store = ctx.store.as_ref();
    match room {
        Room::Players(_) => {
            for &other in players.iter().filter(|&&p| p != writer.id) {
                crate::classes::guard::reach(store, Some(writer.id), other, "write to").await?;
                crate::classes::guard::reach(store, Some(other), writer.id, "write to").await?;
            }
            Ok(())
        }
        Room::Spectators(_) | Room::Tournament(_) => {
            if crate::classes::guard::is_class_account(store, writer.id).await? {
                return Err(ApiError::Forbidden(
                    Denied::ClassAccount,
                    "an account a teacher made writes only where its classmates read".into(),
                ));
            }
            Ok(())
        }
        // the class's own rooms are checked by their handler (members, teachers, the setting)
        Room::ClassNews(_) | Room::Class(_) => Ok(()),
    }
}
