//! What nodes say to each other over the pub/sub, as types, and how a message is cut into
//! notification payloads and joined again.
//!
//! Each node listens on its own channel ([`node_channel`]) for calls to the games it owns,
//! the answers to its own calls and the frames of the games it relays, and on
//! [`EVERYONE`] for the lobby. A message is JSON; one longer than a payload may be is cut into
//! parts `ID i/n|text`, sent by one statement so they arrive together and in order.

use crate::error::ApiError;
use crate::lobby::LobbyEvent;
use crate::rooms::{Frame, RoomCall, RoomReply};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

/// The channel every node listens on (the lobby's news and the nodes' heartbeats).
pub const EVERYONE: &str = "tabula_all";

/// The channel node `node` listens on. Node ids are at most 48 characters, so the name stays
/// within PostgreSQL's 63 bytes.
pub fn node_channel(node: &str) -> String {
    format!("tabula_node_{node}")
}

/// An [`ApiError`] on the wire: its kind, its cause, its words and when to retry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireError {
    /// [`ApiError::code`].
    pub code: String,
    /// [`ApiError::wire_cause`]; empty from a node older than causes (during a rolling
    /// restart), which the receiver reads as the kind's general cause.
    #[serde(default)]
    pub cause: String,
    /// The message.
    pub message: String,
    /// When to try again, in ms, for the errors that say so.
    pub retry_ms: Option<u64>,
}

impl From<&ApiError> for WireError {
    fn from(e: &ApiError) -> WireError {
        WireError {
            code: e.code().to_string(),
            cause: e.wire_cause().to_string(),
            message: e.to_string(),
            retry_ms: e.retry_after().map(|d| d.as_millis() as u64),
        }
    }
}

impl From<WireError> for ApiError {
    fn from(e: WireError) -> ApiError {
        let retry_after = Duration::from_millis(e.retry_ms.unwrap_or(5_000));
        ApiError::from_codes(&e.code, &e.cause, e.message, retry_after)
    }
}

/// A room's broadcast on the wire: the `update` texts its sockets are sent (each seat's, then
/// spectators'), so the relaying node neither parses nor serialises views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireFrame {
    /// The version.
    pub version: u64,
    /// Each seat's token hash.
    pub tokens: Vec<String>,
    /// Each seat's `update` text, then the spectators'.
    pub texts: Vec<String>,
}

impl From<&Frame> for WireFrame {
    fn from(f: &Frame) -> WireFrame {
        WireFrame {
            version: f.version,
            tokens: f.tokens.clone(),
            texts: f.texts().iter().map(|t| t.as_str().to_string()).collect(),
        }
    }
}

impl WireFrame {
    /// The frame to send this node's sockets (`None` for a frame without texts).
    pub fn into_frame(self) -> Option<Frame> {
        Frame::from_texts(self.version, self.tokens, self.texts)
    }
}

/// A game a node relays, and the token hashes of its players connected there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Watched {
    /// The game.
    pub game: String,
    /// Its players' token hashes.
    pub tokens: Vec<String>,
}

/// A message between nodes. Tagged the plain way (`{"update": {...}}`): an internally tagged
/// enum is read through a buffered copy of the whole message, which showed in the profile of a
/// busy node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Message {
    /// To a game's owner: do this for a client of node `from`, answer with call id `id`.
    Call {
        /// The asking node.
        from: String,
        /// The asking node's id for this call.
        id: u64,
        /// The game.
        game: String,
        /// What to do.
        call: RoomCall,
    },
    /// The answer to call `id`.
    Reply {
        /// The call's id.
        id: u64,
        /// The answer, or why not.
        answer: Result<RoomReply, WireError>,
    },
    /// To a game's owner: node `from` relays these games and wants their frames, with the
    /// seat tokens (hashes) of the players connected there now. Repeated while it relays them,
    /// one message per owner for all its games.
    Watch {
        /// The relaying node.
        from: String,
        /// The games, each with its players connected there.
        games: Vec<Watched>,
    },
    /// To a game's owner: node `from` has no sockets on the game any more.
    Unwatch {
        /// The relaying node.
        from: String,
        /// The game.
        game: String,
    },
    /// A game's broadcast, to a node relaying it.
    Update {
        /// The game.
        game: String,
        /// The frame.
        frame: WireFrame,
    },
    /// A game left its owner (stepped down, closed): relays end and their clients reconnect.
    Gone {
        /// The game.
        game: String,
    },
    /// To everyone: lobby news from node `from`.
    Lobby {
        /// The sending node.
        from: String,
        /// The news.
        news: LobbyEvent,
    },
    /// To everyone, now and then: node `from` lives, with the players whose lobby is open
    /// there (their seeks live while they do).
    Alive {
        /// The sending node.
        from: String,
        /// Lobby owners with a socket open on it.
        lobby: Vec<String>,
    },
}

/// What opens a message in the compact form of updates (a JSON message opens with `{`).
const RECORD: char = '\u{1e}';
/// What separates the fields of an update's head.
const UNIT: char = '\u{1f}';

/// A message as notification text. Updates, the bulk of what nodes send, go in a compact form
/// that carries the frame's `update` texts as they are (JSON escapes every control character,
/// so the separators never occur inside them): no escaping when sent, no parsing when
/// received, which a profile of two busy nodes showed to be most of an update's cost. Every
/// other message is JSON.
pub fn encode(message: &Message) -> Result<String, String> {
    match message {
        Message::Update { game, frame } => {
            let texts: Vec<&str> = frame.texts.iter().map(String::as_str).collect();
            Ok(encode_update(game, frame.version, &frame.tokens, &texts))
        }
        other => serde_json::to_string(other).map_err(|e| e.to_string()),
    }
}

/// The compact form of an update of `game`: `RS U game US version US tokens,.. (RS text)*`.
pub fn encode_update(game: &str, version: u64, tokens: &[String], texts: &[&str]) -> String {
    let size = texts.iter().map(|t| t.len() + 1).sum::<usize>() + 64 * tokens.len() + 64;
    let mut out = String::with_capacity(size);
    out.push(RECORD);
    out.push('U');
    out.push_str(game);
    out.push(UNIT);
    out.push_str(&version.to_string());
    out.push(UNIT);
    out.push_str(&tokens.join(","));
    for t in texts {
        out.push(RECORD);
        out.push_str(t);
    }
    out
}

/// A message from its notification text.
pub fn decode(text: &str) -> Result<Message, String> {
    let Some(update) = text.strip_prefix(RECORD) else {
        return serde_json::from_str(text).map_err(|e| e.to_string());
    };
    let mut records = update.split(RECORD);
    let head = records.next().unwrap_or_default();
    let head = head
        .strip_prefix('U')
        .ok_or_else(|| format!("a compact message of an unknown kind: {head:.20}"))?;
    let mut fields = head.split(UNIT);
    let (Some(game), Some(version), Some(tokens), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(format!(
            "an update's head is not `game, version, tokens`: {head:.60}"
        ));
    };
    let version = version
        .parse()
        .map_err(|_| format!("an update's version `{version:.20}` is not a number"))?;
    let tokens = match tokens {
        "" => Vec::new(),
        t => t.split(',').map(str::to_string).collect(),
    };
    Ok(Message::Update {
        game: game.to_string(),
        frame: WireFrame {
            version,
            tokens,
            texts: records.map(str::to_string).collect(),
        },
    })
}

/// The largest payload part, in bytes (PostgreSQL takes less than 8,000, the header included).
pub const PART: usize = 7_800;

/// Cuts `text` into payloads, each under 8,000 bytes; `id` tells one message's parts apart.
pub fn cut(id: u64, text: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = rest.len().min(PART);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        pieces.push(&rest[..end]);
        rest = &rest[end..];
    }
    if pieces.is_empty() {
        pieces.push("");
    }
    let n = pieces.len();
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{id:x} {}/{n}|{p}", i + 1))
        .collect()
}

/// Joins the parts of messages as they arrive, from one channel.
#[derive(Default)]
pub struct Joiner {
    partial: HashMap<u64, Vec<String>>,
}

/// Why a payload was not understood.
#[derive(Debug, PartialEq, Eq)]
pub struct BadPayload(pub String);

/// Messages with parts missing kept at most (parts of one message arrive together, so this
/// only bounds what a lost part could leave behind).
const MAX_PARTIAL: usize = 64;

impl Joiner {
    /// Takes one payload: the whole message once its last part is in.
    pub fn take(&mut self, payload: &str) -> Result<Option<String>, BadPayload> {
        let bad = || {
            BadPayload(format!(
                "`{}`",
                payload.chars().take(40).collect::<String>()
            ))
        };
        let (head, body) = payload.split_once('|').ok_or_else(bad)?;
        let (id, count) = head.split_once(' ').ok_or_else(bad)?;
        let (i, n) = count.split_once('/').ok_or_else(bad)?;
        let id = u64::from_str_radix(id, 16).map_err(|_| bad())?;
        let i: usize = i.parse().map_err(|_| bad())?;
        let n: usize = n.parse().map_err(|_| bad())?;
        if i == 0 || i > n {
            return Err(bad());
        }
        if n == 1 {
            return Ok(Some(body.to_string()));
        }
        if self.partial.len() >= MAX_PARTIAL && !self.partial.contains_key(&id) {
            self.partial.clear();
        }
        let parts = self.partial.entry(id).or_default();
        if parts.len() + 1 != i {
            self.partial.remove(&id);
            return Err(BadPayload(format!(
                "part {i}/{n} of message {id:x} out of order"
            )));
        }
        parts.push(body.to_string());
        if i < n {
            return Ok(None);
        }
        Ok(self.partial.remove(&id).map(|p| p.concat()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frames::LobbyOp;
    use crate::shown::Shown;
    use serde_json::json;

    #[test]
    fn a_long_message_is_cut_on_character_boundaries_and_joined_again() {
        let text = "й".repeat(9_000) + "end";
        let parts = cut(0xab, &text);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.len() < 8_000));
        let mut j = Joiner::default();
        assert_eq!(j.take(&parts[0]), Ok(None));
        assert_eq!(j.take(&parts[1]), Ok(None));
        assert_eq!(j.take(&parts[2]), Ok(Some(text)));
        assert_eq!(cut(1, "{}"), vec!["1 1/1|{}".to_string()]);
    }

    #[test]
    fn a_part_out_of_order_or_malformed_is_refused() {
        let parts = cut(7, &"x".repeat(20_000));
        let mut j = Joiner::default();
        assert!(j.take(&parts[1]).is_err());
        assert!(j.take("no header").is_err());
        assert!(j.take("zz 1/1|{}").is_err());
        assert!(j.take("1 0/1|{}").is_err());
        assert!(j.take("1 2/1|{}").is_err());
    }

    #[test]
    fn a_bad_compact_update_is_refused() {
        assert!(decode("\u{1e}X").is_err());
        assert!(decode("\u{1e}Ug\u{1f}x\u{1f}t").is_err());
        assert!(decode("\u{1e}Ug\u{1f}1").is_err());
        let m = decode("\u{1e}Ug\u{1f}1\u{1f}\u{1e}{}").unwrap();
        let Message::Update { frame, .. } = m else {
            panic!()
        };
        assert!(frame.tokens.is_empty());
        assert_eq!(frame.texts, vec!["{}".to_string()]);
        assert!(decode("{not json").is_err());
    }

    #[test]
    fn messages_and_errors_survive_the_wire() {
        let m = Message::Call {
            from: "a".into(),
            id: 3,
            game: "g".into(),
            call: RoomCall::Lobby {
                token: None,
                account: Some(7),
                op: LobbyOp::AddBot { level: 2 },
            },
        };
        let back: Message = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
        let e = ApiError::Unavailable {
            cause: crate::error::Busy::Rooms,
            message: "full".into(),
            retry_after: Duration::from_secs(7),
        };
        assert_eq!(ApiError::from(WireError::from(&e)), e);
        let e = ApiError::Refused(crate::error::Rule::Game, "not your turn".into());
        assert_eq!(ApiError::from(WireError::from(&e)), e);
        // a fault keeps its cause between nodes (it is logged where it becomes a response)
        let e = ApiError::Internal(crate::error::Fault::Stored, "a stored spec".into());
        assert_eq!(ApiError::from(WireError::from(&e)), e);
        // an older node sends no cause, a newer one may send one not known here: the kind's
        // general cause stands for it
        let old = r#"{"code":"conflict","message":"every seat is taken","retry_ms":null}"#;
        let e = ApiError::from(serde_json::from_str::<WireError>(old).unwrap());
        assert_eq!(
            e,
            ApiError::Conflict(crate::error::Clash::State, "every seat is taken".into())
        );
        let newer =
            r#"{"code":"conflict","cause":"from_the_future","message":"m","retry_ms":null}"#;
        let e = ApiError::from(serde_json::from_str::<WireError>(newer).unwrap());
        assert_eq!(e.cause(), "conflict");
        let frame = Frame::new(
            4,
            Shown::of(vec![json!({"e": 1})]),
            vec![Shown::of(json!({"you": 0}))],
            Shown::of(json!({})),
            vec!["t".into()],
        );
        let m = Message::Update {
            game: "g".into(),
            frame: WireFrame::from(&frame),
        };
        let text = encode(&m).unwrap();
        assert!(text.starts_with('\u{1e}'), "updates go in the compact form");
        let back = decode(&text).unwrap();
        assert_eq!(back, m);
        let Message::Update { frame: wire, .. } = back else {
            panic!("{text}");
        };
        let again = wire.into_frame().unwrap();
        assert_eq!(again.update_text(Some(0)), frame.update_text(Some(0)));
        assert_eq!(again.update_text(None), frame.update_text(None));
    }
}
