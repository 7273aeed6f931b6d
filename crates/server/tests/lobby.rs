//! The lobby and the daily puzzle end to end: a seek listed live and taken, the daily puzzle
//! the same for everyone and its ranking.

mod common;

use common::jar::Jar;
use common::{Client, request, start_limited};
use serde_json::{Value, json};
use tabula_server::Limits;

fn open() -> Limits {
    Limits::default().unlimited_rates()
}

/// The next lobby frame of type `t`.
async fn lobby_frame(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    t: &str,
) -> Value {
    use futures_util::StreamExt;
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(20), ws.next())
            .await
            .expect("a lobby frame")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(text) = m {
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["t"] == t {
                return v["d"].clone();
            }
        }
    }
}

async fn lobby_socket(
    addr: std::net::SocketAddr,
    jar: &Jar,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/api/lobby/ws")
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("cookie", jar.header().parse().unwrap());
    tokio_tungstenite::connect_async(req).await.unwrap().0
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
    let mut ann_ws = lobby_socket(s.addr, &ann).await;
    let mut bob_ws = lobby_socket(s.addr, &bob).await;
    assert_eq!(lobby_frame(&mut bob_ws, "lobby").await["seeks"], json!([]));
    let spec = json!({"kind": "quickchess", "options": {"variant": "quickchess", "color": "white"}, "rated": true, "range": [1000, 2000]});
    let made = ann
        .call(s.addr, "POST", "/api/lobby/seeks", Some(spec.clone()))
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    // Bob's open lobby shows it at once
    let seen = lobby_frame(&mut bob_ws, "lobby").await;
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
    let paired = lobby_frame(&mut ann_ws, "paired").await;
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
    let after = lobby_frame(&mut bob_ws, "lobby").await;
    assert_eq!(after["seeks"], json!([]));
    assert_eq!(after["playing"][0]["id"], json!(game));
    // a seek lives while its owner's lobby is open
    ann.call(s.addr, "POST", "/api/lobby/seeks", Some(spec))
        .await;
    assert_eq!(
        lobby_frame(&mut bob_ws, "lobby").await["seeks"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    drop(ann_ws);
    assert_eq!(lobby_frame(&mut bob_ws, "lobby").await["seeks"], json!([]));
    // quick pairing: Bob seeks, Ann's quick request takes it
    let mut ann_ws = lobby_socket(s.addr, &ann).await;
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
    let _ = lobby_frame(&mut ann_ws, "lobby").await;
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
