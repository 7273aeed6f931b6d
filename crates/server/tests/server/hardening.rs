//! The server on a public address: stale sockets, floods, watchers, dead peers, bots that
//! think, foreign origins, stalled requests, full tables, and the status codes of each.

use crate::common;

use common::{Client, connect_from, fresh_store, post, request, start_configured, start_limited};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tabula_server::{GameStore, HttpConfig, Limits, Rate, SqliteStore};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn open() -> Limits {
    Limits::default().unlimited_rates()
}

fn id_token(v: &Value) -> (String, String) {
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removed_players_open_socket_can_no_longer_act_and_nothing_is_logged() {
    let s = start_limited(open()).await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "checkmates-party", "name": "Host", "options": {"count_ms": 300}}),
    )
    .await;
    let (id, host_token) = id_token(&created);
    let alice = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Alice"}),
    )
    .await;
    let bob = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Bob"}),
    )
    .await;
    let alice_token = alice["token"].as_str().unwrap().to_string();
    let mut host = Client::connect(s.addr, &id, Some(&host_token)).await;
    let mut a = Client::connect(s.addr, &id, Some(&alice_token)).await;
    let mut b = Client::connect(s.addr, &id, bob["token"].as_str()).await;
    assert_eq!(
        (a.view["you"].clone(), b.view["you"].clone()),
        (json!(1), json!(2))
    );

    // the host removes Alice: Bob moves up to seat 1, Alice's socket is told and demoted
    host.request("lobby", json!({"op": "remove", "seat": 1}))
        .await
        .unwrap();
    let told = loop {
        let f = a.frame().await;
        if f["t"] == "seat" {
            break f;
        }
    };
    assert_eq!(told["d"]["seat"], Value::Null, "{told}");
    b.until("Bob in seat 1", |v| v["you"] == 1).await;
    host.request("lobby", json!({"op": "start"})).await.unwrap();
    host.until("the first card", |v| v["phase"]["phase"] == "bidding")
        .await;
    let version = host.version;

    // Alice's old socket, her token over HTTP: refused; the log is untouched
    let e = a.act(json!({"t": "announce", "bid": 3})).await.unwrap_err();
    assert!(e.contains("spectators cannot act"), "{e}");
    let (status, body) = common::http(
        s.addr,
        "POST",
        &format!("/api/games/{id}/act"),
        Some(json!({"token": alice_token, "action": {"t": "announce", "bid": 3}})),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(s.hub.store.log(&id).await.unwrap().len() as u64, version);
    // a fresh socket with her token is refused a seat
    let mut again = Client::connect_then_auth(s.addr, &id, None).await;
    let e = again
        .request("auth", json!({"token": alice_token}))
        .await
        .unwrap_err();
    assert!(e.contains("belongs to no seat"), "{e}");

    // Bob acts as seat 1, and the log says so
    b.act(json!({"t": "announce", "bid": 3})).await.unwrap();
    let log = s.hub.store.log(&id).await.unwrap();
    let last: Value = log.last().unwrap().action.parse().unwrap();
    assert_eq!(
        (last["t"].clone(), last["player"].clone()),
        (json!("announce"), json!(1))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_creation_flood_gets_429_while_an_older_game_stays_playable() {
    let limits = Limits {
        rooms: 4,
        creates: Some(Rate::per_minute(5, 2)),
        ..Limits::default()
    };
    let s = start_limited(limits).await;
    // an older game, its two players connected
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "royal-match", "name": "Ann"}),
    )
    .await;
    let (id, token) = id_token(&created);
    let joined = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Bo"}),
    )
    .await;
    let mut ann = Client::connect(s.addr, &id, Some(&token)).await;
    let mut bo = Client::connect(s.addr, &id, joined["token"].as_str()).await;

    // a flood from another address: five games, then 429 with Retry-After
    let mut made = Vec::new();
    let mut limited = None;
    for _ in 0..30 {
        let a = request(
            s.addr,
            9,
            "POST",
            "/api/games",
            &[],
            Some(json!({"kind": "royal-solo"})),
        )
        .await;
        match a.status {
            200 => made.push(a.body["id"].as_str().unwrap().to_string()),
            429 => limited = Some(a),
            other => panic!("unexpected {other}: {}", a.body),
        }
    }
    assert_eq!(made.len(), 5);
    let limited = limited.expect("the flood was limited");
    let retry: u64 = limited.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=30).contains(&retry), "{retry}");
    assert_eq!(limited.body["code"], "rate_limited");
    // loading every flooded game fills the table of rooms: idle rooms make place, the older
    // game (with players connected) stays
    for g in &made {
        let a = request(s.addr, 9, "GET", &format!("/api/games/{g}"), &[], None).await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
    assert!(s.hub.rooms.loaded_rooms() <= 4);
    ann.act(json!({"t": "announce", "bid": 9})).await.unwrap();
    bo.until("the announcement", |v| v["phase"]["phase"] == "hourglass")
        .await;
    // another address still creates games
    let a = request(
        s.addr,
        10,
        "POST",
        "/api/games",
        &[],
        Some(json!({"kind": "royal-solo"})),
    )
    .await;
    assert_eq!(a.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_never_lock_the_players_out() {
    let limits = Limits {
        spectators_per_room: 64,
        ..open()
    };
    let s = start_limited(limits).await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "power-pawns"}}),
    )
    .await;
    let (id, white) = id_token(&created);
    let black = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "B"}),
    )
    .await;
    let mut watchers = Vec::new();
    let mut refused = 0;
    for _ in 0..70 {
        let (mut ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", s.addr))
                .await
                .unwrap();
        let first = futures_util::StreamExt::next(&mut ws)
            .await
            .unwrap()
            .unwrap();
        let f: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
        if f["t"] == "state" {
            watchers.push(ws);
        } else {
            assert!(
                f["d"]["message"].as_str().unwrap().contains("spectators"),
                "{f}"
            );
            refused += 1;
        }
    }
    assert_eq!((watchers.len(), refused), (64, 6));
    // both players still connect and play
    let mut w = Client::connect(s.addr, &id, Some(&white)).await;
    let mut b = Client::connect(s.addr, &id, black["token"].as_str()).await;
    let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
    w.act(json!({"t": "move", "uci": mv})).await.unwrap();
    b.until("white's move", |v| v["your_turn"] == true).await;
    let mv = b.view["legal"][0]["uci"].as_str().unwrap().to_string();
    b.act(json!({"t": "move", "uci": mv})).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_peer_is_dropped_by_the_heartbeat() {
    let limits = Limits {
        heartbeat: Duration::from_millis(100),
        ..open()
    };
    let s = start_limited(limits).await;
    let created = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
    let (id, _) = id_token(&created);
    // a live client answers pings (its library does, whenever it reads)
    let mut live = Client::connect(s.addr, &id, None).await;
    // a dead one: the handshake, then silence (never reads, so never answers a ping)
    let mut dead = connect_from(s.addr, [127, 0, 0, 1]).await;
    let handshake = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        s.addr
    );
    dead.write_all(handshake.as_bytes()).await.unwrap();
    let mut waited = 0;
    while s.hub.rooms.connection_count() < 2 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += 1;
        assert!(waited < 500, "the dead socket never connected");
    }
    // the live client keeps reading (and so answering pings); the dead one is dropped
    let mut rounds = 0;
    while s.hub.rooms.connection_count() > 1 {
        let _ = tokio::time::timeout(Duration::from_millis(50), live.frame()).await;
        rounds += 1;
        assert!(rounds < 400, "the dead peer was never dropped");
    }
    let state = live.request("resync", json!({})).await.unwrap();
    assert_eq!(state["v"], 0, "the live client is still served");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_keeps_answering_while_its_bot_thinks() {
    let limits = Limits {
        thinking: 1,
        ..open()
    };
    let s = start_limited(limits).await;
    // the one place in the thinking pool is taken until we say so
    let (release, held) = std::sync::mpsc::channel::<()>();
    let pool = Arc::clone(&s.hub.thinking);
    let blocker = tokio::spawn(async move { pool.run(move || held.recv().ok()).await });
    while s.hub.thinking.running() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // (the weakest computer: what is tested is that its search waits for the pool, not how
    // long it then thinks; the strongest's 2,000,000 nodes outlasted the client's 20 s wait
    // for a frame when the suite ran beside another on two busy cores)
    let created = post(s.addr, "/api/games", json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}, "bots": [1]})).await;
    let (id, token) = id_token(&created);
    let mut w = Client::connect(s.addr, &id, Some(&token)).await;
    let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
    w.act(json!({"t": "move", "uci": mv})).await.unwrap();
    // the computer's search waits for the pool; its room and others answer meanwhile
    let other = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
    let mut o = Client::connect(s.addr, other["id"].as_str().unwrap(), None).await;
    for _ in 0..5 {
        w.request("ping", json!({})).await.unwrap();
        o.request("ping", json!({})).await.unwrap();
    }
    let state = w.request("resync", json!({})).await.unwrap();
    assert_eq!(
        state["view"]["turn"], "black",
        "the computer has not moved yet"
    );
    assert!(s.hub.thinking.busy() >= 2, "the search waits its turn");
    release.send(()).unwrap();
    blocker.await.unwrap().unwrap();
    w.until("the computer's move", |v| v["your_turn"] == true)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_other_origins_are_refused() {
    let http = HttpConfig {
        allow_origins: vec!["https://play.example.org".into()],
        ..HttpConfig::default()
    };
    let s = start_configured(fresh_store().await, open(), http).await;
    let created = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
    let (id, _) = id_token(&created);
    let own = format!("http://{}", s.addr);
    for (origin, allowed) in [
        ("https://evil.example", false),
        ("null", false),
        ("https://play.example.org", true),
        (own.as_str(), true),
    ] {
        let mut req =
            tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
                format!("ws://{}/api/games/{id}/ws", s.addr),
            )
            .unwrap();
        req.headers_mut().insert("origin", origin.parse().unwrap());
        let result = tokio_tungstenite::connect_async(req).await;
        assert_eq!(result.is_ok(), allowed, "{origin}");
        let a = request(
            s.addr,
            1,
            "POST",
            "/api/games",
            &[("Origin", origin)],
            Some(json!({"kind": "royal-solo"})),
        )
        .await;
        assert_eq!(a.status == 200, allowed, "{origin}: {}", a.body);
        if !allowed {
            assert_eq!(a.status, 403);
        }
    }
    // reading is not a state change: a foreign page may look (CORS keeps it from reading)
    let a = request(
        s.addr,
        1,
        "GET",
        &format!("/api/games/{id}"),
        &[("Origin", "https://evil.example")],
        None,
    )
    .await;
    assert_eq!(a.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let s = start_limited(open()).await;
    for path in ["/", "/api/health", "/assets/app.js", "/api/games/nosuch"] {
        let a = request(s.addr, 1, "GET", path, &[], None).await;
        let csp = a.header("content-security-policy").unwrap_or_default();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}"
        );
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(
            a.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(a.header("referrer-policy"), Some("same-origin"), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_tokens_travel_in_a_header_or_a_frame() {
    let s = start_limited(open()).await;
    let created = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
    let (id, token) = id_token(&created);
    let bearer = format!("Bearer {token}");
    let a = request(
        s.addr,
        1,
        "GET",
        &format!("/api/games/{id}"),
        &[("Authorization", &bearer)],
        None,
    )
    .await;
    assert_eq!(a.body["seat"], 0);
    let a = request(
        s.addr,
        1,
        "GET",
        &format!("/api/games/{id}"),
        &[("Authorization", "Bearer nope")],
        None,
    )
    .await;
    assert_eq!(a.status, 403);
    // the older URL form still works, for one release
    let c = Client::connect_with_url_token(s.addr, &id, &token).await;
    assert_eq!(c.view["you"], 0);
    let mut c = Client::connect_then_auth(s.addr, &id, Some(&token)).await;
    assert_eq!(c.view["you"], 0);
    let c2 = Client::connect(s.addr, &id, Some(&token)).await;
    assert_eq!(c2.view["you"], 0, "the token in the subprotocol header");
    let layout = c.view["layout"].clone();
    let mv = c.view["legal"][0].as_str().unwrap().to_string();
    c.act(json!({"t": "move", "mv": mv})).await.unwrap();
    assert_ne!(c.view["layout"], layout);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_failure_has_its_status() {
    let limits = Limits { rooms: 1, ..open() };
    let s = start_limited(limits).await;
    let status = |a: common::Answer| a.status;
    let create = |body: Value| request(s.addr, 1, "POST", "/api/games", &[], Some(body));
    assert_eq!(
        status(create(json!({"kind": 5})).await),
        400,
        "a type error is bad input"
    );
    assert_eq!(
        status(create(json!({"kind": "royal-solo", "colour": 1})).await),
        400
    );
    let a = create(json!({"kind": "royal-solo", "options": {"junk": "x".repeat(15_000)}})).await;
    assert_eq!(a.status, 400);
    assert!(
        a.body["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `junk`"),
        "{}",
        a.body
    );
    let a = create(json!({"kind": "royal-solo", "name": "x".repeat(20_000)})).await;
    assert_eq!(a.status, 413);
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "royal-match", "name": "A", "bots": [2]}),
    )
    .await;
    let (id, token) = id_token(&created);
    let join = request(
        s.addr,
        1,
        "POST",
        &format!("/api/games/{id}/join"),
        &[],
        Some(json!({"name": "C"})),
    )
    .await;
    assert_eq!(join.status, 409, "{}", join.body);
    let act_path = format!("/api/games/{id}/act");
    let act = |action: Value| {
        request(
            s.addr,
            1,
            "POST",
            &act_path,
            &[],
            Some(json!({"token": token, "action": action})),
        )
    };
    assert_eq!(
        status(act(json!({"t": "announce", "bid": "many"})).await),
        400
    );
    assert_eq!(
        status(act(json!({"t": "challenge"})).await),
        422,
        "refused by the rules"
    );
    assert_eq!(status(act(json!({"t": "tick"})).await), 403);
    let wrong = request(
        s.addr,
        1,
        "POST",
        &format!("/api/games/{id}/act"),
        &[],
        Some(json!({"token": "nope", "action": {"t": "accept"}})),
    )
    .await;
    assert_eq!(wrong.status, 403);
    assert_eq!(
        status(request(s.addr, 1, "GET", "/api/games/nosuch", &[], None).await),
        404
    );
    // one room in memory, in use by a connected player: another game cannot load now
    let _c = Client::connect(s.addr, &id, Some(&token)).await;
    let other = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
    let a = request(
        s.addr,
        1,
        "GET",
        &format!("/api/games/{}", other["id"].as_str().unwrap()),
        &[],
        None,
    )
    .await;
    assert_eq!(a.status, 503, "{}", a.body);
    assert!(a.header("retry-after").is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_requests_are_cut_off_and_health_still_answers() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        http_connections: 64,
        http_connections_per_address: 20,
        ..open()
    };
    let s = start_limited(Limits {
        http_connections_per_address: 20,
        ..limits
    })
    .await;
    // an attacker at 127.0.0.7 opens 40 connections and sends half a request on each
    let mut stalled = Vec::new();
    for _ in 0..40 {
        let mut c = connect_from(s.addr, [127, 0, 0, 7]).await;
        let _ = c
            .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await;
        stalled.push(c);
    }
    // everyone else is served
    let a = request(s.addr, 1, "GET", "/api/health", &[], None).await;
    assert_eq!((a.status, a.body.clone()), (200, json!("ok")));
    // the server ends each stalled connection: past the address's cap at once, the others
    // when their headers do not arrive in time
    let mut closed = 0;
    for mut c in stalled {
        let mut buf = [0u8; 256];
        match tokio::time::timeout(Duration::from_secs(10), c.read(&mut buf)).await {
            Ok(Ok(_)) | Ok(Err(_)) => closed += 1,
            Err(_) => {}
        }
    }
    assert_eq!(closed, 40, "every stalled connection was closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_and_frames_are_bounded_per_address() {
    let limits = Limits {
        sockets_per_address: 3,
        frames: Some(Rate::per_second(5, 1)),
        ..open()
    };
    let s = start_limited(limits).await;
    let created = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
    let (id, _) = id_token(&created);
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(Client::connect(s.addr, &id, None).await);
    }
    let (mut fourth, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", s.addr))
            .await
            .unwrap();
    let f = futures_util::StreamExt::next(&mut fourth)
        .await
        .unwrap()
        .unwrap();
    assert!(
        f.to_text()
            .unwrap()
            .contains("too many connections from your address"),
        "{f}"
    );
    // five frames at once, then the rate: refused with a wait, and a flood is cut off
    let c = &mut held[0];
    for _ in 0..5 {
        c.request("ping", json!({})).await.unwrap();
    }
    c.send_raw(r#"{"t":"ping"}"#).await;
    let f = c.frame().await;
    assert_eq!(f["d"]["code"], "rate_limited", "{f}");
    assert!(f["d"]["retry_after_ms"].as_u64().unwrap() > 0);
    for _ in 0..40 {
        let _ = futures_util::SinkExt::send(
            &mut c.ws,
            tokio_tungstenite::tungstenite::Message::Text(r#"{"t":"ping"}"#.into()),
        )
        .await;
    }
    let mut closed = false;
    for _ in 0..100 {
        match tokio::time::timeout(
            Duration::from_secs(5),
            futures_util::StreamExt::next(&mut c.ws),
        )
        .await
        {
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))))
            | Ok(None)
            | Ok(Some(Err(_))) => {
                closed = true;
                break;
            }
            Ok(Some(Ok(_))) => {}
            Err(_) => break,
        }
    }
    assert!(closed, "a socket that keeps flooding is closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_during_play_restores_every_acknowledged_action() {
    let dir = std::env::temp_dir().join(format!("tabula-hardening-backup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("live.db");
    let _ = std::fs::remove_file(&db);
    let store = Arc::new(SqliteStore::open(&db).unwrap());
    let s = common::start_with(store.clone()).await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "power-pawns"}}),
    )
    .await;
    let (id, white) = id_token(&created);
    let black = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "B"}),
    )
    .await;
    let mut w = Client::connect(s.addr, &id, Some(&white)).await;
    let mut b = Client::connect(s.addr, &id, black["token"].as_str()).await;
    let mut acked = Vec::new();
    let mut backup = None;
    for ply in 0..12 {
        let mover = if ply % 2 == 0 { &mut w } else { &mut b };
        mover
            .until("my turn", |v| v["your_turn"] == true || v["over"] == true)
            .await;
        if mover.view["over"] == true {
            break;
        }
        let mv = mover.view["legal"][0]["uci"].as_str().unwrap().to_string();
        let ack = mover.act(json!({"t": "move", "uci": mv})).await.unwrap();
        acked.push((ack["v"].as_u64().unwrap(), mv));
        if ply == 5 {
            // while the game goes on: an online copy
            let (db, to) = (db.clone(), dir.join("copy.db"));
            backup = Some(
                tokio::task::spawn_blocking(move || {
                    tabula_server::store::backup::backup_file(&db, &to)
                })
                .await
                .unwrap()
                .unwrap(),
            );
        }
    }
    let report = backup.unwrap();
    let copy = SqliteStore::open(&report.path).unwrap();
    let saved = copy.log(&id).await.unwrap();
    // every move acknowledged before the backup is in it, as it was logged
    for (v, mv) in acked.iter().take(6) {
        let entry = &saved[*v as usize - 1];
        let action: Value = entry.action.parse().unwrap();
        assert_eq!(action["uci"], json!(mv));
    }
    assert_eq!(&saved[..], &store.log(&id).await.unwrap()[..saved.len()]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_leave_memory_least_recently_used_first_and_come_back() {
    let limits = Limits { rooms: 2, ..open() };
    let s = start_limited(limits).await;
    let mut games = Vec::new();
    for _ in 0..5 {
        let created = post(s.addr, "/api/games", json!({"kind": "royal-solo"})).await;
        games.push(id_token(&created));
    }
    let (first, token) = games[0].clone();
    let mut c = Client::connect(s.addr, &first, Some(&token)).await;
    let mv = c.view["legal"][0].as_str().unwrap().to_string();
    c.act(json!({"t": "move", "mv": mv})).await.unwrap();
    drop(c);
    tokio::time::sleep(Duration::from_millis(100)).await;
    // four more games load through a table of two: the first game is sent away
    for (g, _) in &games[1..] {
        let (status, _) = common::http(s.addr, "GET", &format!("/api/games/{g}"), None).await;
        assert_eq!(status, 200);
    }
    assert!(s.hub.rooms.loaded_rooms() <= 2);
    // and comes back from its log with its move
    let (status, v) = common::http(s.addr, "GET", &format!("/api/games/{first}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(v["v"], 1);
}
