//! Hardening, round two: the ways one hostile address could take the site from everyone else
//! (lobby sockets and frames, seeks, slow bodies, the thinking pool, a seat's sockets). Each
//! test plays the attack from one or a few loopback addresses (127.0.0.x: clients of their own
//! to the server) and checks that the other clients are still served. The players' side
//! (passwords, ratings, names) is in fair_play.rs.

use crate::common;

use common::jar::Jar;
use common::{Client, connect_from, request, start_limited};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tabula_server::{Limits, Rate};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A WebSocket to `path` from 127.0.0.`from`, with a cookie header and protocol offer if
/// given.
async fn socket_from(
    addr: SocketAddr,
    from: u8,
    path: &str,
    cookie: Option<&str>,
    protocol: Option<&str>,
) -> Ws {
    let mut req = format!("ws://{addr}{path}").into_client_request().unwrap();
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", c.parse().unwrap());
    }
    if let Some(p) = protocol {
        req.headers_mut()
            .insert("sec-websocket-protocol", p.parse().unwrap());
    }
    let tcp = connect_from(addr, [127, 0, 0, from]).await;
    tokio_tungstenite::client_async(req, tcp).await.unwrap().0
}

/// The next text frame as JSON, or `None` when the socket closes (or 10 s pass).
async fn next_frame(ws: &mut Ws) -> Option<Value> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .ok()??;
        match m {
            Ok(Message::Text(t)) => return serde_json::from_str(t.as_str()).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// The next frame of type `t`.
async fn frame_of(ws: &mut Ws, t: &str) -> Value {
    loop {
        let f = next_frame(ws)
            .await
            .unwrap_or_else(|| panic!("no `{t}` frame"));
        if f["t"] == t {
            return f["d"].clone();
        }
    }
}

/// A guest's browser: a jar with its guest cookie (from opening the lobby).
async fn guest(addr: SocketAddr, from: u8) -> Jar {
    let mut j = Jar::default();
    let a = j.call_from(addr, from, "GET", "/api/lobby", None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    j
}

fn quickchess_seek() -> Value {
    json!({"kind": "quickchess", "options": {"variant": "quickchess", "color": "white"}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_sockets_from_one_address_cannot_fill_the_server() {
    let s = start_limited(Limits {
        sockets: 40,
        ..Limits::default()
    })
    .await;
    // one address opens as many lobby sockets as it can
    let mut held = Vec::new();
    let mut refused = 0;
    for _ in 0..40 {
        let mut ws = socket_from(s.addr, 2, "/api/lobby/ws", None, None).await;
        match next_frame(&mut ws).await {
            Some(f) if f["t"] == "lobby" => held.push(ws),
            Some(f) => {
                assert_eq!(f["d"]["code"], "rate_limited", "{f}");
                refused += 1;
            }
            None => refused += 1,
        }
    }
    assert!(
        held.len() <= Limits::default().lobby_sockets_per_address,
        "{} lobby sockets from one address",
        held.len()
    );
    assert!(refused > 0);
    // another player's game socket still connects
    let (id, token) = common::create(
        s.addr,
        "quickchess",
        json!({"variant": "quickchess"}),
        json!([1]),
    )
    .await;
    let offer = format!("tabula, tabula-token.{token}");
    let mut game = socket_from(
        s.addr,
        3,
        &format!("/api/games/{id}/ws"),
        None,
        Some(&offer),
    )
    .await;
    let first = next_frame(&mut game).await.expect("a frame");
    assert_eq!(first["t"], "state", "{first}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_are_capped_and_the_lobby_sends_small_changes() {
    let s = start_limited(Limits::default()).await;
    let limits = Limits::default();
    // a watcher from another address sees the lobby change
    let mut watcher = socket_from(s.addr, 9, "/api/lobby/ws", None, None).await;
    assert_eq!(frame_of(&mut watcher, "lobby").await["seeks"], json!([]));

    // one guest posts seeks as fast as it can: a handful are taken, the rest refused
    let mut g = guest(s.addr, 2).await;
    let mut open = socket_from(s.addr, 2, "/api/lobby/ws", Some(&g.header()), None).await;
    // the lobby counts the guest present once its socket is served, which its first frame
    // shows (the upgrade's answer comes before): a seek before that would be refused
    frame_of(&mut open, "lobby").await;
    let mut statuses = Vec::new();
    for _ in 0..limits.seeks_per_player + 3 {
        let a = g
            .call_from(
                s.addr,
                2,
                "POST",
                "/api/lobby/seeks",
                Some(quickchess_seek()),
            )
            .await;
        statuses.push(a.status);
    }
    let taken = statuses.iter().filter(|&&s| s == 200).count();
    assert_eq!(taken, limits.seeks_per_player, "{statuses:?}");
    assert!(statuses[taken..].iter().all(|&s| s == 409), "{statuses:?}");

    // the watcher got the new seeks as changes (a burst of them in one), never the whole
    // lobby again
    let mut added = 0;
    while added < taken {
        let change = frame_of(&mut watcher, "lobby_diff").await;
        assert!(change.get("seeks").is_none(), "{change}");
        let add = change["add"].as_array().unwrap();
        assert!(add.iter().all(|s| s["mine"] == false), "{change}");
        added += add.len();
    }
    assert_eq!(added, taken);

    // more guests of the same address: the address's cap
    let mut address_total = taken;
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut other = guest(s.addr, 2).await;
        // a seek lives while its owner's lobby is open: these stay open to the end
        let mut ws = socket_from(s.addr, 2, "/api/lobby/ws", Some(&other.header()), None).await;
        // present once the first frame arrives (the upgrade's answer comes before)
        frame_of(&mut ws, "lobby").await;
        open.push(ws);
        for _ in 0..limits.seeks_per_player {
            let a = other
                .call_from(
                    s.addr,
                    2,
                    "POST",
                    "/api/lobby/seeks",
                    Some(quickchess_seek()),
                )
                .await;
            match a.status {
                200 => address_total += 1,
                429 => {}
                other => panic!("{other}: {}", a.body),
            }
        }
    }
    assert_eq!(address_total, limits.seeks_per_address);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_view_is_bounded() {
    let s = start_limited(Limits {
        lobby_seeks_shown: 5,
        ..Limits::default().unlimited_rates()
    })
    .await;
    let mut sockets = Vec::new();
    for from in 2..6u8 {
        let mut g = guest(s.addr, from).await;
        let mut ws = socket_from(s.addr, from, "/api/lobby/ws", Some(&g.header()), None).await;
        // present once the first frame arrives: a seek before that is refused (409)
        frame_of(&mut ws, "lobby").await;
        sockets.push(ws);
        for _ in 0..2 {
            let a = g
                .call_from(
                    s.addr,
                    from,
                    "POST",
                    "/api/lobby/seeks",
                    Some(quickchess_seek()),
                )
                .await;
            assert_eq!(a.status, 200, "{}", a.body);
        }
    }
    let (status, v) = common::http(s.addr, "GET", "/api/lobby", None).await;
    assert_eq!(status, 200);
    assert_eq!(v["seeks"].as_array().unwrap().len(), 5, "{v}");
    assert_eq!(v["more_seeks"], 3, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_is_cut_off_at_its_deadline() {
    let s = start_limited(Limits {
        body_timeout: Duration::from_secs(2),
        ..Limits::default()
    })
    .await;
    let mut c = connect_from(s.addr, [127, 0, 0, 2]).await;
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n",
        s.addr
    );
    c.write_all(head.as_bytes()).await.unwrap();
    let began = Instant::now();
    // one byte every 400 ms: each gap is well under the deadline, the whole body never is
    let mut answer = Vec::new();
    for _ in 0..60 {
        if c.write_all(b" ").await.is_err() {
            break;
        }
        let mut buf = [0u8; 512];
        match tokio::time::timeout(Duration::from_millis(400), c.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => {
                answer.extend_from_slice(&buf[..n]);
                break;
            }
            Err(_) => {}
        }
    }
    let took = began.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "the slow body was read for {took:?}"
    );
    let text = String::from_utf8_lossy(&answer);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 408") || text.starts_with("HTTP/1.1 400"),
        "{text}"
    );
}

/// Asks for a 3-second analysis from 127.0.0.`from`: the status, and when it answered.
async fn analyse(addr: SocketAddr, from: u8) -> (u16, Option<String>, Instant) {
    let a = request(
        addr,
        from,
        "POST",
        "/api/chess/position",
        &[],
        Some(json!({"variant": "quickchess", "analyse_ms": 3000})),
    )
    .await;
    let retry = a.header("retry-after").map(str::to_string);
    (a.status, retry, Instant::now())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_saturating_the_tools_never_delays_another_players_game() {
    let s = start_limited(Limits {
        thinking: 1,
        ..Limits::default()
    })
    .await;
    // one address asks for eight long analyses at once
    let mut analyses = Vec::new();
    for _ in 0..8 {
        analyses.push(tokio::spawn(analyse(s.addr, 2)));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // meanwhile another player moves against the computer
    let (id, token) = common::create(
        s.addr,
        "quickchess",
        json!({"variant": "quickchess", "color": "white"}),
        json!([1]),
    )
    .await;
    let mut me = Client::connect(s.addr, &id, Some(&token)).await;
    let mv = me.view["legal"][0]["uci"].as_str().unwrap().to_string();
    me.act(json!({"t": "move", "uci": mv})).await.unwrap();
    me.until("the computer's reply", |v| {
        v["moves"].as_array().is_some_and(|m| m.len() == 2)
    })
    .await;
    let replied = Instant::now();
    let mut done = Vec::new();
    for a in analyses {
        done.push(a.await.unwrap());
    }
    // the address's own queue is bounded: the rest is told when to come back
    let refused: Vec<_> = done.iter().filter(|(s, _, _)| *s == 429).collect();
    assert!(
        !refused.is_empty(),
        "{:?}",
        done.iter().map(|d| d.0).collect::<Vec<_>>()
    );
    assert!(refused.iter().all(|(_, retry, _)| retry.is_some()));
    // and the reply came before the analyses the address had queued were done
    let served_after_reply = done
        .iter()
        .filter(|(s, _, at)| *s == 200 && *at > replied)
        .count();
    assert!(
        served_after_reply >= 1,
        "the computer's reply waited for every queued analysis"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_cannot_lock_the_opponent_out() {
    let s = start_limited(Limits::default()).await;
    let (id, white) = common::create(
        s.addr,
        "quickchess",
        json!({"variant": "quickchess"}),
        json!([]),
    )
    .await;
    let black = common::join(s.addr, &id, "Bob").await;
    let per_seat = Limits::default().sockets_per_seat;
    let offer = format!("tabula, tabula-token.{white}");
    let mut mine = Vec::new();
    let mut refused = 0;
    for _ in 0..per_seat * 3 {
        let mut ws = socket_from(
            s.addr,
            2,
            &format!("/api/games/{id}/ws"),
            None,
            Some(&offer),
        )
        .await;
        match next_frame(&mut ws).await {
            Some(f) if f["t"] == "state" => mine.push(ws),
            _ => refused += 1,
        }
    }
    assert_eq!(mine.len(), per_seat, "White's sockets");
    assert_eq!(refused, per_seat * 2);
    // Black still sits down
    let offer = format!("tabula, tabula-token.{black}");
    let mut ws = socket_from(
        s.addr,
        3,
        &format!("/api/games/{id}/ws"),
        None,
        Some(&offer),
    )
    .await;
    let f = next_frame(&mut ws).await.expect("a frame");
    assert_eq!(f["t"], "state", "{f}");
    assert_eq!(f["d"]["seat"], 1);
}

/// A signed-up account's browser at 127.0.0.`from`.
/// A rated QuickChess game of `white` (at `wf`) and `black` (at `bf`): its id and both
/// tokens, or the status and body of the refused join.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_frames_are_rate_limited() {
    let s = start_limited(Limits {
        frames: Some(Rate::per_second(20, 10)),
        ..Limits::default()
    })
    .await;
    let mut ws = socket_from(s.addr, 2, "/api/lobby/ws", None, None).await;
    frame_of(&mut ws, "lobby").await;
    for _ in 0..200 {
        if ws
            .send(Message::Text("{\"t\":\"ping\"}".into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut limited = false;
    while let Some(f) = next_frame(&mut ws).await {
        if f["t"] == "error" && f["d"]["code"] == "rate_limited" {
            limited = true;
            break;
        }
    }
    assert!(limited, "a flood of lobby frames is refused");
}

/// A restart (SIGTERM's first half): every game and lobby socket is told when to come back,
/// then closed with 1012 "service restart"; the acknowledged moves are in the store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_tells_every_socket_to_come_back_and_closes_it_with_1012() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    let mut d = common::duel(s.addr, "quickchess", json!({"color": "white"})).await;
    let first = d.ann.view["legal"][0]["uci"].as_str().unwrap().to_string();
    d.ann.act(json!({"t": "move", "uci": first})).await.unwrap();
    let mut lobby = socket_from(s.addr, 3, "/api/lobby/ws", None, None).await;
    assert_eq!(next_frame(&mut lobby).await.unwrap()["t"], "lobby");
    let hub = std::sync::Arc::clone(&s.hub);
    let closing = tokio::spawn(async move { hub.close_sockets(700, Duration::from_secs(5)).await });
    for (said, code) in [
        restart_of(&mut d.ann.ws).await,
        restart_of(&mut d.bob.ws).await,
        restart_of(&mut lobby).await,
    ] {
        assert_eq!(said, Some(json!(700)), "the restart frame comes first");
        assert_eq!(code, 1012);
    }
    assert_eq!(closing.await.unwrap(), 0, "every socket closed");
    let log = s.hub.store.log(&d.id).await.unwrap();
    assert!(
        log.iter().any(|e| e.action.to_string().contains(&first)),
        "the acked move is stored"
    );
}

/// The `retry_ms` of a socket's restart frame and its close code.
async fn restart_of<S>(ws: &mut tokio_tungstenite::WebSocketStream<S>) -> (Option<Value>, u16)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let mut said = None;
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                if v["t"] == "restart" {
                    said = Some(v["d"]["retry_ms"].clone());
                }
            }
            Ok(Some(Ok(Message::Close(Some(c))))) => return (said, u16::from(c.code)),
            Ok(Some(Ok(_))) => {}
            other => panic!("no close frame: {other:?}"),
        }
    }
}

/// `/metrics` (on the operator's own address) read with a Prometheus text parser: a scrape's
/// counter, summed over the samples whose labels contain every pair of `labels`.
fn sample(scrape: &prometheus_parse::Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == name)
        .filter(|s| labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match &s.value {
            prometheus_parse::Value::Counter(x)
            | prometheus_parse::Value::Gauge(x)
            | prometheus_parse::Value::Untyped(x) => *x,
            prometheus_parse::Value::Histogram(h) => h.iter().map(|b| b.count).fold(0.0, f64::max),
            _ => 0.0,
        })
        .sum()
}

async fn scrape(addr: SocketAddr) -> prometheus_parse::Scrape {
    let a = request(addr, 1, "GET", "/metrics", &[], None).await;
    assert_eq!(a.status, 200);
    assert!(
        a.header("content-type")
            .unwrap()
            .contains("openmetrics-text")
    );
    let text = a.body.as_str().unwrap().to_string();
    prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_move_with_a_game_a_refusal_and_a_rate_limit() {
    let limits = Limits {
        creates: Some(Rate::per_minute(2, 1)),
        ..Limits::default()
    };
    let s = start_limited(limits).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics = listener.local_addr().unwrap();
    let app = tabula_server::http::observe::metrics_app(std::sync::Arc::clone(&s.hub));
    tokio::spawn(async move { axum::serve(listener, app).await });
    // the public address has no /metrics: it is a page like any unknown path
    let public = request(s.addr, 1, "GET", "/metrics", &[], None).await;
    assert!(
        !public.body.to_string().contains("tabula_actions"),
        "{}",
        public.body
    );
    let before = scrape(metrics).await;

    let mut d = common::duel(s.addr, "quickchess", json!({"color": "white"})).await;
    let mv = d.ann.view["legal"][0]["uci"].as_str().unwrap().to_string();
    d.ann.act(json!({"t": "move", "uci": mv})).await.unwrap();
    let refused = d.ann.act(json!({"t": "move", "uci": "a1a1"})).await;
    assert!(refused.is_err());
    // the creations' limit: two at once from this address (the duel made one)
    let mut limited = false;
    for _ in 0..3 {
        let a = request(
            s.addr,
            1,
            "POST",
            "/api/games",
            &[],
            Some(json!({"kind": "royal-solo", "name": "X"})),
        )
        .await;
        limited |= a.status == 429;
    }
    assert!(limited);
    let after = scrape(metrics).await;

    let moved = |name: &str, labels: &[(&str, &str)]| {
        sample(&after, name, labels) - sample(&before, name, labels)
    };
    assert!(moved("tabula_actions_total", &[("outcome", "accepted")]) >= 1.0);
    assert!(
        moved("tabula_actions_total", &[("outcome", "bad_input")])
            + moved("tabula_actions_total", &[("outcome", "refused")])
            >= 1.0
    );
    assert!(moved("tabula_rate_limited_total", &[("limit", "create")]) >= 1.0);
    assert!(
        moved(
            "tabula_http_requests_total",
            &[
                ("route", "/api/games"),
                ("method", "POST"),
                ("status", "429")
            ]
        ) >= 1.0
    );
    assert!(
        moved(
            "tabula_http_requests_total",
            // (not a route with `{id}` in it: the parser splits labels at braces)
            &[
                ("route", "/api/games"),
                ("method", "POST"),
                ("status", "200")
            ]
        ) >= 1.0
    );
    assert!(moved("tabula_action_ack_seconds_count", &[]) >= 1.0);
    assert!(moved("tabula_store_append_seconds_count", &[]) >= 1.0);
    assert!(
        sample(&after, "tabula_websockets_open", &[]) >= 2.0,
        "the duel's two sockets"
    );
    assert!(sample(&after, "tabula_process_resident_memory_bytes", &[]) > 1e6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_scripts_and_json_are_compressed_for_browsers_that_accept_it() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    for path in ["/", "/assets/app.js", "/assets/app.css", "/api/decks"] {
        let plain = request(s.addr, 1, "GET", path, &[], None).await;
        assert_eq!(plain.header("content-encoding"), None, "{path}");
        for (asked, got) in [("br", "br"), ("gzip", "gzip"), ("gzip, deflate, br", "br")] {
            let a = request(s.addr, 1, "GET", path, &[("Accept-Encoding", asked)], None).await;
            assert_eq!(a.status, 200, "{path}");
            assert_eq!(a.header("content-encoding"), Some(got), "{path} {asked}");
            // (a page's own Vary, Accept-Language and Cookie, is kept beside it)
            let vary: Vec<String> = a
                .headers
                .iter()
                .filter(|(k, _)| k == "vary")
                .map(|(_, v)| v.to_ascii_lowercase())
                .collect();
            assert!(
                vary.iter().any(|v| v.contains("accept-encoding")),
                "{path}: {vary:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_or_script_the_browser_has_is_answered_304() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    for (path, lang) in [("/assets/app.js", "en"), ("/", "en"), ("/", "de")] {
        let first = request(s.addr, 1, "GET", path, &[("Accept-Language", lang)], None).await;
        let tag = first.header("etag").unwrap().to_string();
        assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
        let again = request(
            s.addr,
            1,
            "GET",
            path,
            &[("Accept-Language", lang), ("If-None-Match", &tag)],
            None,
        )
        .await;
        assert_eq!(again.status, 304, "{path} {lang}");
        assert_eq!(again.body, Value::String(String::new()));
        let other = request(
            s.addr,
            1,
            "GET",
            path,
            &[("Accept-Language", lang), ("If-None-Match", "\"stale\"")],
            None,
        )
        .await;
        assert_eq!(other.status, 200);
    }
    // a page in another language is another copy
    let en = request(s.addr, 1, "GET", "/", &[("Accept-Language", "en")], None).await;
    let de = request(s.addr, 1, "GET", "/", &[("Accept-Language", "de")], None).await;
    assert_ne!(en.header("etag"), de.header("etag"));
}
