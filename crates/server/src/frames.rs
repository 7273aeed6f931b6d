//! The WebSocket protocol as types: every frame a client may send, parsed once at the edge
//! into a [`ClientFrame`], and every frame the server sends, as a [`ServerFrame`].
//!
//! On the wire frames are JSON `{"t": type, "d": data}` with an optional `"id"` that the
//! answer echoes (docs/web.md). The data of an `act` frame stays JSON here: only the game's
//! room knows which intents its game takes, and parses it into that game's typed intent.

use crate::error::{ApiError, Invalid, Oversize};
use crate::json::RawJson;
use crate::shown::Shown;
use serde::{Deserialize, Serialize};

/// The largest frame a client may send, in bytes.
pub const MAX_FRAME: usize = 8 * 1024;

/// What a client asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// An intent for the client's seat (the game's own JSON, parsed by the room).
    Act(RawJson),
    /// A change to a lobby (host only).
    Lobby(LobbyOp),
    /// The current state again.
    Resync,
    /// A `pong`, to keep the connection alive or measure it.
    Ping,
    /// Bind the socket to the seat this token holds (the token travels in a frame, never in
    /// a URL, so it lands in no log and no browser history).
    Auth {
        /// The seat's secret token.
        token: String,
    },
}

/// A change to a lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyOp {
    /// Add a bot of this level.
    AddBot {
        /// Its level.
        level: u8,
    },
    /// Remove a seat (not the host's own).
    Remove {
        /// The seat number.
        seat: u32,
    },
    /// Change the game's options (the side, the deck, ...).
    Options {
        /// The new options, as at creation (read by the game's kind).
        #[ts(as = "crate::model::GameOptions")]
        options: RawJson,
    },
    /// Start the game.
    Start,
}

/// A parsed client frame: its request and the id to echo.
#[derive(Clone, Debug, PartialEq)]
pub struct ClientFrame {
    /// The client's id for this request, echoed in the answer.
    pub id: Option<RawJson>,
    /// What it asks.
    pub request: Request,
}

/// A frame that could not be parsed: why, and its id if one could be read.
#[derive(Clone, Debug, PartialEq)]
pub struct FrameError {
    /// The id to echo, if the frame had one.
    pub id: Option<RawJson>,
    /// Why it was refused.
    pub error: ApiError,
}

#[derive(Deserialize)]
struct RawFrame {
    t: Option<String>,
    #[serde(default)]
    d: Option<RawJson>,
    #[serde(default)]
    id: Option<RawJson>,
}

/// An `auth` frame's data.
#[derive(Deserialize)]
struct AuthData {
    token: String,
}

const LOBBY_SHAPE: &str = "a lobby change is {\"op\": \"add_bot\", \"level\": N} | {\"op\": \"remove\", \"seat\": N} | {\"op\": \"options\", \"options\": {...}} | {\"op\": \"start\"}";

const FRAME_SHAPE: &str = "a frame is {\"t\": type, \"d\": data}";

impl ClientFrame {
    /// Parses a text frame; anything malformed, oversized or unknown is a [`FrameError`].
    pub fn parse(text: &str) -> Result<ClientFrame, FrameError> {
        let fail = |id: Option<RawJson>, error: ApiError| FrameError { id, error };
        if text.len() > MAX_FRAME {
            return Err(fail(
                None,
                ApiError::TooLarge(
                    Oversize::Frame,
                    format!(
                        "frame too large ({} bytes, at most {MAX_FRAME})",
                        text.len()
                    ),
                ),
            ));
        }
        let raw: RawFrame = match serde_json::from_str(text) {
            Err(e) if e.is_syntax() || e.is_eof() => {
                return Err(fail(
                    None,
                    ApiError::BadInput(Invalid::Frame, format!("not JSON: {e}")),
                ));
            }
            Err(e) => {
                return Err(fail(
                    None,
                    ApiError::BadInput(
                        Invalid::Frame,
                        format!("{FRAME_SHAPE}: {}", crate::json::message(&e)),
                    ),
                ));
            }
            // an array would read as the fields in order: a frame is an object
            Ok(_) if !text.trim_start().starts_with('{') => {
                return Err(fail(
                    None,
                    ApiError::BadInput(Invalid::Frame, FRAME_SHAPE.into()),
                ));
            }
            Ok(raw) => raw,
        };
        let id = raw.id;
        let request = match raw.t.as_deref() {
            None => {
                return Err(fail(
                    id,
                    ApiError::BadInput(Invalid::Frame, FRAME_SHAPE.into()),
                ));
            }
            Some("act") => Request::Act(raw.d.unwrap_or_else(RawJson::null)),
            Some("lobby") => match raw.d.unwrap_or_else(RawJson::null).parse::<LobbyOp>() {
                Ok(op) => Request::Lobby(op),
                Err(e) => {
                    return Err(fail(
                        id,
                        ApiError::BadInput(
                            Invalid::Frame,
                            format!("{LOBBY_SHAPE}: {}", crate::json::message(&e)),
                        ),
                    ));
                }
            },
            Some("resync") => Request::Resync,
            Some("ping") => Request::Ping,
            Some("auth") => match raw.d.map(|d| d.parse::<AuthData>()) {
                Some(Ok(AuthData { token })) if token.len() <= 128 => Request::Auth { token },
                _ => {
                    return Err(fail(
                        id,
                        ApiError::BadInput(
                            Invalid::Frame,
                            "an auth frame is {\"t\": \"auth\", \"d\": {\"token\": \"...\"}}"
                                .into(),
                        ),
                    ));
                }
            },
            Some(other) => {
                let shown: String = other.chars().take(32).collect();
                return Err(fail(
                    id,
                    ApiError::BadInput(
                        Invalid::Frame,
                        format!("unknown frame type `{shown}`: act, lobby, resync, auth or ping"),
                    ),
                ));
            }
        };
        Ok(ClientFrame { id, request })
    }
}

/// A frame the server sends.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(tag = "t", content = "d", rename_all = "snake_case")]
pub enum ServerFrame<'a> {
    /// The whole state: on connecting, on `auth` and on `resync`.
    State {
        /// The room's version.
        v: u64,
        /// The seat this socket acts for, if any.
        seat: Option<u32>,
        /// What it sees.
        view: &'a Shown,
        /// The request's id, when answering one.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        id: Option<&'a RawJson>,
    },
    /// A change: the new version, what happened and the view after it.
    Update {
        /// The room's version after the change.
        v: u64,
        /// The events.
        events: &'a Shown,
        /// The view after it.
        view: &'a Shown,
    },
    /// The request is done (an action is in the log).
    Ack {
        /// The request's id.
        id: Option<&'a RawJson>,
        /// The version after an action.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        v: Option<u64>,
    },
    /// The request was refused; nothing changed.
    Error {
        /// The request's id.
        id: Option<&'a RawJson>,
        /// Why, in words.
        message: String,
        /// The kind of error (`bad_input`, `forbidden`, `refused`, `rate_limited`, ...).
        code: &'static str,
        /// Its cause (`illegal`, `seats_full`, `no_seat`, ...): see `crate::error::causes`.
        #[ts(type = "Cause")]
        cause: &'static str,
        /// The HTTP status the same error has in the HTTP API.
        status: u16,
        /// For limits: when to try again.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        retry_after_ms: Option<u64>,
    },
    /// The socket's seat changed under it (the host removed the seat): it now watches.
    Seat {
        /// The seat it now acts for (`null`: none, it watches).
        seat: Option<u32>,
        /// Why, in words.
        message: String,
    },
    /// The answer to `ping`.
    Pong {
        /// The request's id.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        id: Option<&'a RawJson>,
    },
    /// The server is restarting: the socket closes next (code 1012); reconnect after about
    /// `retry_ms` (spread a little, so every client does not come back at once).
    Restart {
        /// When to reconnect.
        retry_ms: u64,
    },
}

impl ServerFrame<'_> {
    /// An error frame for `error`, echoing `id`.
    pub fn error<'a>(error: &ApiError, id: Option<&'a RawJson>) -> ServerFrame<'a> {
        ServerFrame::Error {
            id,
            message: error.public_message(),
            code: error.code(),
            cause: error.cause(),
            status: error.status().as_u16(),
            retry_after_ms: error.retry_after().map(|d| d.as_millis() as u64),
        }
    }

    /// The frame as JSON text.
    pub fn to_text(&self) -> String {
        // serialising these plain types to a string cannot fail
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> RawJson {
        RawJson::from_text(text.into()).unwrap()
    }

    #[test]
    fn frames_parse_into_requests() {
        let f = ClientFrame::parse(r#"{"t":"act","d":{"t":"move","mv":"a1-a2"},"id":7}"#).unwrap();
        assert_eq!(f.id, Some(raw("7")));
        assert_eq!(f.request, Request::Act(raw(r#"{"t":"move","mv":"a1-a2"}"#)));
        let f = ClientFrame::parse(r#"{"t":"lobby","d":{"op":"add_bot","level":3}}"#).unwrap();
        assert_eq!(f.request, Request::Lobby(LobbyOp::AddBot { level: 3 }));
        assert_eq!(
            ClientFrame::parse(r#"{"t":"auth","d":{"token":"abc"}}"#)
                .unwrap()
                .request,
            Request::Auth {
                token: "abc".into()
            }
        );
    }

    #[test]
    fn out_of_range_numbers_are_refused_not_truncated() {
        // 4294967297 = 2^32 + 1 would be seat 1 after an `as u32`
        let e = ClientFrame::parse(r#"{"t":"lobby","d":{"op":"remove","seat":4294967297},"id":1}"#)
            .unwrap_err();
        assert_eq!(e.id, Some(raw("1")));
        assert_eq!(e.error.status().as_u16(), 400);
        assert!(e.error.to_string().contains("4294967297"), "{}", e.error);
        let e =
            ClientFrame::parse(r#"{"t":"lobby","d":{"op":"add_bot","level":300}}"#).unwrap_err();
        assert!(e.error.to_string().contains("300"));
    }

    #[test]
    fn malformed_frames_say_what_is_wrong() {
        for (text, expect) in [
            ("nope", "not JSON"),
            ("[1]", "a frame is"),
            (r#"{"d":{}}"#, "a frame is"),
            (r#"{"t":5}"#, "a frame is"),
            (r#"{"t":"dance"}"#, "unknown frame type `dance`"),
            (r#"{"t":"lobby","d":{"op":"paint"}}"#, "a lobby change is"),
            (r#"{"t":"auth","d":{}}"#, "an auth frame is"),
        ] {
            let e = ClientFrame::parse(text).unwrap_err();
            assert!(e.error.to_string().contains(expect), "{text}: {}", e.error);
        }
        let big = format!(r#"{{"t":"ping","d":"{}"}}"#, "x".repeat(MAX_FRAME));
        assert_eq!(
            ClientFrame::parse(&big)
                .unwrap_err()
                .error
                .status()
                .as_u16(),
            413
        );
    }

    #[test]
    fn server_frames_keep_the_wire_shape() {
        let view = Shown::Text(raw(r#"{"a":1}"#));
        let id = raw("3");
        assert_eq!(
            ServerFrame::State {
                v: 2,
                seat: Some(1),
                view: &view,
                id: None
            }
            .to_text(),
            r#"{"t":"state","d":{"v":2,"seat":1,"view":{"a":1}}}"#
        );
        assert_eq!(
            ServerFrame::Ack {
                id: Some(&id),
                v: Some(4)
            }
            .to_text(),
            r#"{"t":"ack","d":{"id":3,"v":4}}"#
        );
        assert_eq!(
            ServerFrame::Pong { id: None }.to_text(),
            r#"{"t":"pong","d":{}}"#
        );
        assert_eq!(
            ServerFrame::Pong { id: Some(&id) }.to_text(),
            r#"{"t":"pong","d":{"id":3}}"#
        );
        let e = ServerFrame::error(
            &ApiError::Refused(crate::error::Rule::Game, "no".into()),
            None,
        )
        .to_text();
        assert_eq!(
            e,
            r#"{"t":"error","d":{"id":null,"message":"no","code":"refused","cause":"illegal","status":422}}"#
        );
    }
}
