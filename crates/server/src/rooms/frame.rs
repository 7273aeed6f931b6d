//! One broadcast of a room: the new version, its events and every seat's view, serialised at
//! most once per view however many sockets send it.

use crate::frames::ServerFrame;
use crate::shown::Shown;
use axum::extract::ws::Utf8Bytes;
use std::sync::OnceLock;

/// The stored form of a seat token (its SHA-256), as sockets and requests present it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct TokenHash(pub String);

impl TokenHash {
    /// The hash of a token.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(crate::ids::token_hash(token))
    }
}

/// One broadcast: the version (the log's length) with the events and every seat's view.
#[derive(Debug)]
pub struct Frame {
    /// The room's version after this change.
    pub version: u64,
    /// What happened (the game's and the room's events, a list).
    pub events: Shown,
    /// The view of each seat, by seat number.
    pub views: Vec<Shown>,
    /// What spectators see.
    pub spectator: Shown,
    /// The token hash of each seat (empty for bots): a socket finds its seat here, so a seat
    /// removed or given to someone else is known to every socket at once.
    pub tokens: Vec<String>,
    /// The `update` frame of each seat and (last) of spectators, made when first needed.
    texts: Vec<OnceLock<Utf8Bytes>>,
}

impl Frame {
    /// A frame of these views.
    pub fn new(
        version: u64,
        events: Shown,
        views: Vec<Shown>,
        spectator: Shown,
        tokens: Vec<String>,
    ) -> Frame {
        let texts = (0..=views.len()).map(|_| OnceLock::new()).collect();
        Frame {
            version,
            events,
            views,
            spectator,
            tokens,
            texts,
        }
    }

    /// A frame made on another node, as the `update` texts of each seat and (last) of
    /// spectators, ready to send: its views are never needed as values here. `None` without
    /// the spectators' text.
    pub fn from_texts(version: u64, tokens: Vec<String>, texts: Vec<String>) -> Option<Frame> {
        let seats = texts.len().checked_sub(1)?;
        Some(Frame {
            version,
            events: Shown::of(()),
            views: vec![Shown::of(()); seats],
            spectator: Shown::of(()),
            tokens,
            texts: texts
                .into_iter()
                .map(|t| OnceLock::from(Utf8Bytes::from(t)))
                .collect(),
        })
    }

    /// The `update` texts of each seat and (last) of spectators (shared, not copied).
    pub fn texts(&self) -> Vec<Utf8Bytes> {
        let seats = self.views.len() as u32;
        (0..seats)
            .map(Some)
            .chain([None])
            .map(|s| self.update_text(s))
            .collect()
    }

    /// The seat whose token hashes to `token` now.
    pub fn seat_of(&self, token: Option<&TokenHash>) -> Option<u32> {
        let token = token?;
        self.tokens
            .iter()
            .position(|t| !t.is_empty() && *t == token.0)
            .map(|s| s as u32)
    }

    /// The view for `seat` (spectators get the public one).
    pub fn view_for(&self, seat: Option<u32>) -> &Shown {
        seat.and_then(|s| self.views.get(s as usize))
            .unwrap_or(&self.spectator)
    }

    /// The `update` frame for `seat`, as text.
    pub fn update_text(&self, seat: Option<u32>) -> Utf8Bytes {
        let slot = seat
            .map(|s| s as usize)
            .filter(|&s| s < self.views.len())
            .unwrap_or(self.views.len());
        self.texts[slot]
            .get_or_init(|| {
                Utf8Bytes::from(
                    ServerFrame::Update {
                        v: self.version,
                        events: &self.events,
                        view: self.view_for(seat),
                    }
                    .to_text(),
                )
            })
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_socket_finds_its_seat_by_token_and_loses_it_with_the_seat() {
        let ann = TokenHash::of("ann");
        let bob = TokenHash::of("bob");
        let f = Frame::new(
            3,
            Shown::of(Vec::<u8>::new()),
            vec![Shown::of(json!({"you": 0})), Shown::of(json!({"you": 1}))],
            Shown::of(json!({"you": null})),
            vec![ann.0.clone(), String::new()],
        );
        assert_eq!(f.seat_of(Some(&ann)), Some(0));
        assert_eq!(f.seat_of(Some(&bob)), None);
        assert_eq!(f.seat_of(None), None);
        assert_eq!(f.view_for(Some(1)).to_json().text(), r#"{"you":1}"#);
        assert_eq!(f.view_for(Some(7)).to_json().text(), r#"{"you":null}"#);
        let text = f.update_text(Some(0));
        assert!(text.as_str().contains(r#""view":{"you":0}"#));
        assert!(f.update_text(None).as_str().contains(r#""you":null"#));
        // made again elsewhere from its texts, it sends the same
        let texts = f.texts().iter().map(|t| t.as_str().to_string()).collect();
        let g = Frame::from_texts(3, f.tokens.clone(), texts).unwrap();
        assert_eq!(g.seat_of(Some(&ann)), Some(0));
        for seat in [Some(0), Some(1), None, Some(7)] {
            assert_eq!(g.update_text(seat), f.update_text(seat));
        }
        assert!(Frame::from_texts(3, vec![], vec![]).is_none());
    }
}
