//! The lobby and the daily puzzle end to end: a seek listed live and taken, the daily puzzle
//! the same for everyone and its ranking.

use crate::common;

use common::jar::Jar;
use common::{Client, request, start_limited};
use serde_json::{Value, json};
use tabula_server::Limits;

fn open() -> Limits {
    Limits::default().unlimited_rates()
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A browser's lobby socket and the lobby as it knows it: the whole lobby (`lobby`), then
/// each change (`lobby_diff`) applied as the web page applies it.
struct LobbyWs {
    ws: Socket,
    lobby: Value,
}

impl LobbyWs {
    async fn open(addr: std::net::SocketAddr, jar: &Jar) -> LobbyWs {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/api/lobby/ws")
            .into_client_request()
            .unwrap();
        req.headers_mut()
            .insert("cookie", jar.header().parse().unwrap());
        let ws = tokio_tungstenite::connect_async(req).await.unwrap().0;
        let mut me = LobbyWs {
            ws,
            lobby: Value::Null,
        };
        let first = me.frame().await;
        assert_eq!(first["t"], "lobby", "{first}");
        me
    }

    /// The next frame (the lobby updated by it).
    async fn frame(&mut self) -> Value {
        use futures_util::StreamExt;
        loop {
            let m = tokio::time::timeout(std::time::Duration::from_secs(20), self.ws.next())
                .await
                .expect("a lobby frame")
                .unwrap()
                .unwrap();
            let tokio_tungstenite::tungstenite::Message::Text(text) = m else {
                continue;
            };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            match v["t"].as_str() {
                Some("lobby") => self.lobby = v["d"].clone(),
                Some("lobby_diff") => {
                    let d = &v["d"];
                    // a change is small: never the whole list of seeks again
                    assert!(d.get("seeks").is_none(), "{d}");
                    let gone: Vec<&Value> = d["remove"].as_array().unwrap().iter().collect();
                    let mut seeks: Vec<Value> = self.lobby["seeks"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|s| !gone.contains(&&s["id"]))
                        .cloned()
                        .collect();
                    seeks.extend(d["add"].as_array().unwrap().iter().cloned());
                    self.lobby["seeks"] = json!(seeks);
                    for part in ["tables", "playing"] {
                        if let Some(p) = d.get(part) {
                            self.lobby[part] = p.clone();
                        }
                    }
                }
                _ => {}
            }
            return v;
        }
    }

    /// Reads until the lobby satisfies `pred`.
    async fn until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        while !pred(&self.lobby) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited too long for {what}: {}",
                self.lobby
            );
            self.frame().await;
        }
        self.lobby.clone()
    }

    /// The next frame of type `t`.
    async fn next_of(&mut self, t: &str) -> Value {
        loop {
            let f = self.frame().await;
            if f["t"] == t {
                return f["d"].clone();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_is_listed_live_and_taken() {
    let s = start_limited(open()).await;
    let (mut ann, mut bob) = (Jar::default(), Jar::default());
    ann.call(
        s.addr,
        "POST",
        "/api/auth/signup",
        Some(json!({"username": "ann", "password": "correct horse"})),
    )
    .await;
    bob.call(
        s.addr,
        "POST",
        "/api/auth/signup",
        Some(json!({"username": "bob", "password": "correct horse"})),
    )
    .await;
    let ann_ws = LobbyWs::open(s.addr, &ann).await;
    let mut bob_ws = LobbyWs::open(s.addr, &bob).await;
    assert_eq!(bob_ws.lobby["seeks"], json!([]));
    let spec = json!({"kind": "quickchess", "options": {"variant": "quickchess", "color": "white"}, "rated": true, "range": [1000, 2000]});
    let made = ann
        .call(s.addr, "POST", "/api/lobby/seeks", Some(spec.clone()))
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    // Bob's open lobby shows it at once
    let seen = bob_ws
        .until("ann's seek", |l| l["seeks"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(seen["seeks"][0]["name"], "ann", "{seen}");
    assert_eq!(seen["seeks"][0]["rating"], 1500);
    assert_eq!(seen["seeks"][0]["mine"], false);
    let id = seen["seeks"][0]["id"].as_str().unwrap().to_string();
    // Ann cannot take her own; a guest cannot take a rated one; Bob can
    assert_eq!(
        ann.call(
            s.addr,
            "POST",
            &format!("/api/lobby/seeks/{id}/accept"),
            Some(json!({}))
        )
        .await
        .status,
        409
    );
    let mut guest = Jar::default();
    assert_eq!(
        guest
            .call(
                s.addr,
                "POST",
                &format!("/api/lobby/seeks/{id}/accept"),
                Some(json!({"name": "Gus"}))
            )
            .await
            .status,
        403
    );
    let taken = bob
        .call(
            s.addr,
            "POST",
            &format!("/api/lobby/seeks/{id}/accept"),
            Some(json!({})),
        )
        .await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert_eq!(
        bob.call(
            s.addr,
            "POST",
            &format!("/api/lobby/seeks/{id}/accept"),
            Some(json!({}))
        )
        .await
        .status,
        404,
        "taken once"
    );
    let mut ann_ws = ann_ws;
    let paired = ann_ws.next_of("paired").await;
    assert_eq!(paired["game"], taken.body["game"]);
    // both have seats: Ann plays white as her seek said
    let game = paired["game"].as_str().unwrap();
    let w = Client::connect(s.addr, game, paired["token"].as_str()).await;
    let b = Client::connect(s.addr, game, taken.body["token"].as_str()).await;
    assert_eq!(
        (w.view["color"].clone(), b.view["color"].clone()),
        (json!("white"), json!("black"))
    );
    assert_eq!(w.view["rated"], true);
    // the seek is gone from the lobby, and the game is listed as being played
    let after = bob_ws
        .until("the seek gone and the game listed", |l| {
            l["seeks"] == json!([]) && l["playing"].as_array().is_some_and(|p| !p.is_empty())
        })
        .await;
    assert_eq!(after["playing"][0]["id"], json!(game));
    // a game left alone for longer than five minutes is not listed as being played (the
    // lobby's next refresh, for ann's second seek below, reads the games again)
    let mut quiet = s.hub.store.game(game).await.unwrap().unwrap();
    quiet.id = "quiet".into();
    quiet.updated = tabula_server::ids::now_ms() - 6 * 60 * 1000;
    s.hub.store.create_game(&quiet).await.unwrap();
    // a seek lives while its owner's lobby is open
    ann.call(s.addr, "POST", "/api/lobby/seeks", Some(spec))
        .await;
    let lobby = bob_ws
        .until("ann's second seek", |l| {
            l["seeks"].as_array().unwrap().len() == 1
        })
        .await;
    let listed: Vec<&str> = lobby["playing"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["id"].as_str())
        .collect();
    assert_eq!(listed, [game], "the quiet game is left out");
    drop(ann_ws);
    bob_ws
        .until("the seek gone with its owner", |l| l["seeks"] == json!([]))
        .await;
    // quick pairing: Bob seeks, Ann's quick request takes it
    let mut ann_ws = LobbyWs::open(s.addr, &ann).await;
    let quick = json!({"kind": "querni", "options": {}, "rated": false});
    let first = bob
        .call(s.addr, "POST", "/api/lobby/quick", Some(quick.clone()))
        .await
        .body;
    assert!(first["seek"].is_string(), "{first}");
    let second = ann
        .call(s.addr, "POST", "/api/lobby/quick", Some(quick))
        .await
        .body;
    assert!(second["paired"]["game"].is_string(), "{second}");
    ann_ws.frame().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_the_same_for_everyone_and_ranks_its_solvers() {
    let s = start_limited(open()).await;
    let (mut ann, mut bob) = (Jar::default(), Jar::default());
    let a = ann.call(s.addr, "GET", "/api/daily", None).await.body;
    let b = bob.call(s.addr, "GET", "/api/daily", None).await.body;
    assert_eq!(a["puzzles"], b["puzzles"]);
    assert_eq!(a["puzzles"].as_array().unwrap().len(), 5);
    assert!(
        a["yesterday"]["puzzles"][0]["solution"].is_array(),
        "yesterday's solutions are shown"
    );
    assert!(a["puzzles"][0].get("solution").is_none(), "today's are not");
    // both start the Royal Study level 1; Bob solves it optimally with the solver's help,
    // Ann with a detour of two moves
    let p = a["puzzles"][2].clone();
    let id = p["id"].as_str().unwrap();
    ann.call(s.addr, "POST", &format!("/api/daily/{id}/start"), None)
        .await;
    bob.call(s.addr, "POST", &format!("/api/daily/{id}/start"), None)
        .await;
    let best = request(
        s.addr,
        1,
        "POST",
        "/api/solve/royal",
        &[],
        Some(json!({"level": 1, "board": p["board"], "card": p["target"]})),
    )
    .await
    .body;
    let optimal: Vec<Value> = best["solution"].as_array().unwrap().clone();
    let first = optimal[0].as_str().unwrap();
    let (from, to) = first.split_once('-').unwrap();
    let mut detour = vec![json!(first), json!(format!("{to}-{from}"))];
    detour.extend(optimal.iter().cloned());
    // a wrong solution is refused and counts nothing
    let wrong = ann
        .call(
            s.addr,
            "POST",
            &format!("/api/daily/{id}/solve"),
            Some(json!({"solution": [first]})),
        )
        .await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    let r = ann
        .call(
            s.addr,
            "POST",
            &format!("/api/daily/{id}/solve"),
            Some(json!({"solution": detour, "name": "Ann"})),
        )
        .await;
    assert_eq!(
        r.body["moves"],
        json!(p["optimum"].as_u64().unwrap() + 2),
        "{}",
        r.body
    );
    let r = bob
        .call(
            s.addr,
            "POST",
            &format!("/api/daily/{id}/solve"),
            Some(json!({"solution": optimal, "name": "Bob"})),
        )
        .await;
    assert_eq!(r.body["optimal"], true);
    assert_eq!(r.body["rank"], 1, "fewer moves ranks first");
    let ranking = request(
        s.addr,
        1,
        "GET",
        &format!("/api/daily/{id}/ranking"),
        &[],
        None,
    )
    .await
    .body;
    let names: Vec<&str> = ranking["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bob", "Ann"]);
    // only the first solution counts; the streak begins
    let again = ann
        .call(
            s.addr,
            "POST",
            &format!("/api/daily/{id}/solve"),
            Some(json!({"solution": optimal})),
        )
        .await
        .body;
    assert_eq!(again["counted"], false);
    assert_eq!(
        again["result"]["moves"],
        json!(p["optimum"].as_u64().unwrap() + 2)
    );
    assert_eq!(
        ann.call(s.addr, "GET", "/api/daily", None).await.body["streak"],
        1
    );
}
