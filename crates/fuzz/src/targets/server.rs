//! The server's inputs: WebSocket frames (parsed into typed requests, an `act` frame's data
//! into each game's typed intent and applied to live games) and the HTTP API's bodies (sent
//! through the real router).

use super::{choose, text};
use crate::Target;
use axum::body::Body;
use axum::http::Request;
use serde_json::Value;
use std::sync::Arc;
use tabula_server::frames::{ClientFrame, Request as Frame};
use tabula_server::games::checkmates_party::PartyIntent;
use tabula_server::games::checkmates_solo::SoloIntent;
use tabula_server::games::parse_intent;
use tabula_server::games::querni::QuerniIntent;
use tabula_server::games::quickchess::ChessIntent;
use tabula_server::games::royal_match::MatchIntent;
use tabula_server::games::royal_solo::RSoloIntent;
use tabula_server::json::RawJson;
use tabula_server::{HttpConfig, Hub, Limits, SqliteStore};
use tower_service::Service;

/// A WebSocket text frame: parsed into a typed request; an `act` frame's data is read as the
/// intent of every game (a parse may fail, never panic), with the status of its error in
/// the 400s.
pub struct WsFrame;

fn intents(d: &RawJson) -> Result<(), String> {
    let check = |r: Result<(), tabula_server::ApiError>| match r {
        Err(e) if !(400..500).contains(&e.status().as_u16()) => {
            Err(format!("an intent's error answers {}: {e}", e.status()))
        }
        _ => Ok(()),
    };
    check(parse_intent::<PartyIntent>(d).map(|_| ()))?;
    check(parse_intent::<SoloIntent>(d).map(|_| ()))?;
    check(parse_intent::<MatchIntent>(d).map(|_| ()))?;
    check(parse_intent::<RSoloIntent>(d).map(|_| ()))?;
    check(parse_intent::<QuerniIntent>(d).map(|_| ()))?;
    check(parse_intent::<ChessIntent>(d).map(|_| ()))
}

impl Target for WsFrame {
    fn name(&self) -> &'static str {
        "ws-frame"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            r#"{"t":"act","d":{"t":"move","uci":"a2a3"},"id":1}"#,
            r#"{"t":"act","d":{"t":"move","mv":"a1-a2"},"id":2}"#,
            r#"{"t":"act","d":{"t":"announce","bid":4}}"#,
            r#"{"t":"act","d":{"t":"card","card":1,"action":"turn+"}}"#,
            r#"{"t":"act","d":{"t":"turn","turn":"c2:e4 x4-6"}}"#,
            r#"{"t":"act","d":{"t":"place","role":"K","square":"c1"}}"#,
            r#"{"t":"lobby","d":{"op":"remove","seat":2},"id":"x"}"#,
            r#"{"t":"lobby","d":{"op":"options","options":{"side":"chess"}}}"#,
            r#"{"t":"auth","d":{"token":"0123456789abcdef"}}"#,
            r#"{"t":"ping","id":9}"#,
            r#"{"t":"resync"}"#,
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "\"t\"",
            "\"d\"",
            "\"id\"",
            "\"act\"",
            "\"lobby\"",
            "\"op\"",
            "\"add_bot\"",
            "\"level\"",
            "\"tick\"",
            "\"player\"",
            "null",
            "true",
            "[]",
            "{}",
            "\"\\u0000\"",
        ]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        match ClientFrame::parse(&text(data)) {
            Ok(frame) => {
                if let Frame::Act(d) = &frame.request {
                    intents(d)?;
                }
                Ok(())
            }
            Err(e) if (400..500).contains(&e.error.status().as_u16()) => Ok(()),
            Err(e) => Err(format!(
                "a frame's error answers {}: {}",
                e.error.status(),
                e.error
            )),
        }
    }
}

/// The HTTP API's bodies through the real router (with an in-memory database): whatever the
/// body, the answer is never a 500, and every refusal is a JSON `{"error"}`.
pub struct HttpBody {
    runtime: tokio::runtime::Runtime,
    app: Option<axum::Router>,
    game: String,
    token: String,
    runs: u64,
}

const ROUTES: [&str; 6] = [
    "/api/games",
    "/api/games/{id}/join",
    "/api/games/{id}/act",
    "/api/solve/checkmates",
    "/api/solve/royal",
    "/api/chess/position",
];

impl HttpBody {
    /// The router over a fresh hub, with one match to act in.
    pub fn new() -> HttpBody {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime for the HTTP target");
        let mut target = HttpBody {
            runtime,
            app: None,
            game: String::new(),
            token: String::new(),
            runs: 0,
        };
        target.reset();
        target
    }

    /// A new hub and database (now and then, so a long run's games do not pile up).
    fn reset(&mut self) {
        let services = services();
        let (app, game, token) = self.runtime.block_on(async move {
            let store = Arc::new(SqliteStore::in_memory().expect("an in-memory database"));
            let hub = Hub::new(store, services, Limits::default().unlimited_rates());
            let created = tabula_server::rooms::records::create(
                &hub.ctx,
                tabula_server::games::Kind::RoyalMatch,
                tabula_server::model::GameOptions {
                    level: Some(2),
                    ..Default::default()
                },
                "Ann",
                &[],
            )
            .await
            .expect("a match");
            let app = tabula_server::http::router(hub, HttpConfig::default());
            (app, created.id, created.token)
        });
        self.app = Some(app);
        self.game = game;
        self.token = token;
    }
}

impl Default for HttpBody {
    fn default() -> Self {
        HttpBody::new()
    }
}

fn services() -> Arc<tabula_server::services::Services> {
    static S: std::sync::OnceLock<Arc<tabula_server::services::Services>> =
        std::sync::OnceLock::new();
    Arc::clone(S.get_or_init(tabula_server::services::Services::new))
}

impl Target for HttpBody {
    fn name(&self) -> &'static str {
        "http-body"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let act = format!(
            r#"{{"token":"{}","action":{{"t":"announce","bid":5}}}}"#,
            self.token
        );
        [
            (0, r#"{"kind":"checkmates-party","name":"Ann","options":{"side":"chess","count_ms":500}}"#.to_string()),
            (0, r#"{"kind":"quickchess","name":"W","options":{"variant":"mix:KRN","color":"black"},"bots":[3]}"#.to_string()),
            (1, r#"{"name":"Bo"}"#.to_string()),
            (2, act),
            (3, r#"{"side":"sliding","board":"bgr/.j./rbg","task":"b../r../..."}"#.to_string()),
            (4, r#"{"level":3,"board":"K.N/.Q./R.B","card":".QN/K../B.R","card2":"BKN/RQ./..."}"#.to_string()),
            (5, r#"{"variant":"quickchess","moves":["a2a3","e5e4"]}"#.to_string()),
        ]
        .into_iter()
        .map(|(route, body)| {
            let mut v = vec![route];
            v.extend(body.bytes());
            v
        })
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "\"kind\"",
            "\"options\"",
            "\"bots\"",
            "\"name\"",
            "\"token\"",
            "\"action\"",
            "\"side\"",
            "\"board\"",
            "\"task\"",
            "\"level\"",
            "\"card\"",
            "\"variant\"",
            "\"fen\"",
            "\"moves\"",
            "null",
            "[]",
            "{}",
            ",",
        ]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        self.runs += 1;
        if self.runs.is_multiple_of(20_000) {
            self.reset();
        }
        self.send(data).map(|_| ())
    }
}

impl HttpBody {
    /// Sends one input (its first byte chooses the route): the status, or the broken
    /// invariant.
    pub fn send(&mut self, data: &[u8]) -> Result<u16, String> {
        let (route, body) = choose(data, ROUTES.len());
        let path = ROUTES[route].replace("{id}", &self.game);
        let body = if route == 5 {
            // a search of up to 3 s per input would make fuzzing crawl: no analysis here
            text(body).replace("analyse", "analyze").into_bytes()
        } else {
            body.to_vec()
        };
        let request = Request::builder()
            .method("POST")
            .uri(&path)
            .header("content-type", "application/json")
            .body(Body::from(body))
            .map_err(|e| e.to_string())?;
        let mut app = self.app.clone().ok_or("no router")?;
        let (status, answer) = self.runtime.block_on(async move {
            let response = app.call(request).await.expect("the router never fails");
            let status = response.status().as_u16();
            let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
                .await
                .unwrap_or_default();
            (status, bytes)
        });
        if status == 500 {
            return Err(format!("{path}: 500 {}", String::from_utf8_lossy(&answer)));
        }
        if status != 200 {
            let v: Value = serde_json::from_slice(&answer)
                .map_err(|_| format!("{path}: a {status} that is not JSON"))?;
            if !v["error"].is_string() {
                return Err(format!("{path}: a {status} without an error: {v}"));
            }
        }
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_reach_the_handlers() {
        let mut t = HttpBody::new();
        let statuses: Vec<u16> = t.seeds().iter().map(|s| t.send(s).unwrap()).collect();
        // create, create, join, act (the match has started: an announcement is accepted),
        // both solvers, the analysis board
        assert_eq!(statuses, [200, 200, 200, 200, 200, 200, 200]);
        assert_eq!(t.send(b"\x00{\"kind\":7}").unwrap(), 400);
        assert_eq!(t.send(b"\x02{\"token\":\"x\",\"action\":{}}").unwrap(), 403);
    }
}
