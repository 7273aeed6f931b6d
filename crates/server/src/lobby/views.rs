//! What the lobby shows, as types: a seek, an open Check Mates table, a game being played,
//! the whole lobby a viewer sees and the change a lobby socket is sent (docs/web.md, "The
//! lobby"). The board (`board.rs`) works them out; the socket serialises them.

use crate::model::{GameOptions, Kind};
use serde::Serialize;
use ts_rs::TS;

/// A seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SeekView {
    /// Its id (to accept or withdraw it).
    pub id: String,
    /// Its owner's name.
    pub name: String,
    /// The game sought.
    pub kind: Kind,
    /// Its options.
    pub options: GameOptions,
    /// Rated or casual.
    pub rated: bool,
    /// The ratings the owner accepts an opponent within, if any.
    pub range: Option<[u32; 2]>,
    /// The owner's rating in the seek's pool, when rated.
    pub rating: Option<i64>,
    /// Whether the owner is signed in (a registered name).
    pub registered: bool,
    /// The rating pool of the game sought.
    pub pool: String,
    /// Whether it is the viewer's own.
    pub mine: bool,
}

/// An open Check Mates table waiting for players.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TableItem {
    /// The game.
    pub id: String,
    /// Its host's name.
    pub host: Option<String>,
    /// Whether the host is signed in.
    pub registered: bool,
    /// Seats taken.
    pub seats: usize,
    /// Its options.
    pub options: GameOptions,
}

/// A game being played.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PlayingItem {
    /// The game.
    pub id: String,
    /// What game.
    pub kind: Kind,
    /// Its options.
    pub options: GameOptions,
    /// Rated or casual.
    pub rated: bool,
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// Whether each is signed in, by seat.
    pub registered: Vec<bool>,
    /// The computer's level at each seat it plays (the page names it in its own language).
    pub bots: Vec<Option<u8>>,
}

/// The whole lobby as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LobbyView {
    /// The seeks shown to everyone, and the viewer's own.
    pub seeks: Vec<SeekView>,
    /// Seeks beyond the view.
    pub more_seeks: usize,
    /// Open Check Mates tables.
    pub tables: Vec<TableItem>,
    /// Games being played.
    pub playing: Vec<PlayingItem>,
}

/// A change of one viewer's lobby.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LobbyDiff {
    /// Seeks to show.
    pub add: Vec<SeekView>,
    /// Seeks to take away, by id.
    pub remove: Vec<String>,
    /// Seeks beyond the view now.
    pub more_seeks: usize,
    /// The open tables, when they changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tables: Option<Vec<TableItem>>,
    /// The games being played, when they changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub playing: Option<Vec<PlayingItem>>,
}

/// A frame the lobby socket sends.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "t", content = "d", rename_all = "snake_case")]
pub enum LobbyFrame<'a> {
    /// The whole lobby (on connecting, and after the socket fell behind).
    Lobby(&'a LobbyView),
    /// A change.
    LobbyDiff(&'a LobbyDiff),
    /// The viewer's seek was taken: its seat in the new game.
    Paired(&'a Paired),
    /// The viewer's challenges changed (one made to them, or one of theirs answered): ask
    /// for them again (a bell's socket hears only this and `restart`).
    Ring,
    /// The server is restarting (see the game socket's frame of the same name).
    Restart {
        /// When to reconnect.
        retry_ms: u64,
    },
}

impl LobbyFrame<'_> {
    /// The frame as JSON text.
    pub fn to_text(&self) -> String {
        // these plain types always serialise
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A seat in a game just paired.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Paired {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: u32,
    /// Its token.
    pub token: String,
}

/// A seek put in the lobby.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeekMade {
    /// Its id (to withdraw it).
    pub id: String,
}

/// What a quick pairing came to: a game with an open seek's owner, or a seek of one's own.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum QuickMatch {
    /// Paired at once.
    Paired(Paired),
    /// No seek fitted: this one was opened (its id).
    Seek(String),
}

/// A seek withdrawn.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Withdrawn {
    /// Its id.
    pub withdrawn: String,
}
