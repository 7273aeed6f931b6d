//! Several `tabula serve` nodes on one PostgreSQL database: a game runs on one node at a
//! time (the others relay it), `kill -9` of that node moves it to another with nothing
//! acknowledged lost, and SIGTERM hands its games over at once (no lease left to lapse).

use crate::node;

use node::{
    Running, act, assert_logged, fresh_postgres_url, game, http, join, pg_text, seen, serve_with,
};
use serde_json::json;
use std::time::{Duration, Instant};

fn first_legal(addr: &str, id: &str, token: &str) -> String {
    seen(addr, id, token)["view"]["legal"][0]["uci"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The status of a WebSocket upgrade request for game `id`.
/// Plays the first legal move at each ply of `plies` (White on even plies) through the node
/// at `addr`, noting each acknowledged version and move in `acked`.
fn play(
    addr: &str,
    id: &str,
    [white, black]: [&str; 2],
    plies: std::ops::Range<u32>,
    acked: &mut Vec<(u64, String)>,
) {
    for ply in plies {
        let token = if ply % 2 == 0 { white } else { black };
        let uci = first_legal(addr, id, token);
        let v = act(addr, id, token, json!({"t": "move", "uci": uci}));
        acked.push((v["v"].as_u64().unwrap(), uci));
    }
}

fn upgrade_status(addr: &str, id: &str) -> u16 {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
    .unwrap();
    let mut head = [0u8; 12];
    s.read_exact(&mut head).unwrap();
    String::from_utf8_lossy(&head[9..12]).parse().unwrap()
}

/// Polls `f` every 100 ms for at most `limit`.
fn eventually<T>(limit: Duration, what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let until = Instant::now() + limit;
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < until, "{what}: not within {limit:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_killed_nodes_games_go_on_at_another_node_with_nothing_lost() {
    let url = fresh_postgres_url("nodes");
    let lease = ["--lease", "2s"];
    let (a, at_a) = serve_with(&url, &[&["--node", "a"][..], &lease].concat());
    let mut a = Running(Some(a));
    let metrics_b = format!(
        "127.0.0.1:{}",
        std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port()
    );
    let b_flags = ["--node", "b", "--metrics-addr", &metrics_b];
    let (b, at_b) = serve_with(&url, &[&b_flags[..], &lease].concat());
    let _b = Running(Some(b));

    // QuickChess between two people, played on node a
    let (id, white) = game(
        &at_a,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
    );
    let black = join(&at_a, &id);
    let mut acked = Vec::new();
    play(&at_a, &id, [&white, &black], 0..4, &mut acked);
    // the game runs on a; b does not load it a second time, it relays it to a
    let (status, body) = http(
        &at_b,
        "GET",
        &format!("/api/games/{id}?token={white}"),
        None,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["v"], 4, "{body}");
    assert_eq!(upgrade_status(&at_b, &id), 101);
    assert_eq!(upgrade_status(&at_a, &id), 101);
    assert_eq!(
        pg_text(&url, "SELECT node FROM leases WHERE game = $1", &id).as_deref(),
        Some("a")
    );

    // a game whose clock runs out with nobody watching: blue has 3 s, plays its first turn
    // (free: a side's clock starts with its first move) and then no more
    let (timed, tt) = game(
        &at_a,
        json!({"kind": "querni", "name": "Q", "options": {"color": "blue", "clock": {"initial_s": 3}}, "bots": [1]}),
    );
    act(&at_a, &timed, &tt, json!({"t": "turn", "turn": "pass"}));
    assert_eq!(seen(&at_a, &timed, &tt)["view"]["over"], false); // loaded on a
    let status_of = |g: &str| pg_text(&url, "SELECT status FROM games WHERE id = $1", g);
    assert_eq!(status_of(&timed).as_deref(), Some("playing"));

    a.kill(); // SIGKILL, mid-game: no lease is given back
    let killed = Instant::now();

    // the players reconnect to b: within the lease's life (2 s) and a sweep, the game is there
    let view = eventually(Duration::from_secs(15), "the game at node b", || {
        let (s, v) = http(
            &at_b,
            "GET",
            &format!("/api/games/{id}?token={white}"),
            None,
        );
        (s == 200).then_some(v)
    });
    let moved_in = killed.elapsed();
    assert!(moved_in < Duration::from_secs(10), "{moved_in:?}");
    assert_eq!(view["v"], 4, "every acknowledged move is there: {view}");
    assert_eq!(
        pg_text(&url, "SELECT node FROM leases WHERE game = $1", &id).as_deref(),
        Some("b")
    );
    // and the game goes on through b to its end
    play(&at_b, &id, [&white, &black], 4..8, &mut acked);
    let end = act(&at_b, &id, &black, json!({"t": "resign"}));
    assert_eq!(end["v"], 9, "{end}");
    let over = seen(&at_b, &id, &white);
    assert_eq!(over["view"]["status"], "finished", "{over}");
    // the log holds each acknowledged move at its version
    assert_logged(&url, &id, &acked);

    // b's metrics count the takeover, and its group commits
    let (status, scraped) = http(&metrics_b, "GET", "/metrics", None);
    assert_eq!(status, 200);
    let text = scraped.as_str().unwrap().to_string();
    let value = |name: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in\n{text}"))
    };
    assert!(value("tabula_lease_takeovers_total") >= 1.0, "{text}");
    assert!(
        value("tabula_store_commit_batch_writes_count") >= 4.0,
        "{text}"
    );
    // and its messages on the pub/sub: it asked a for the game's view and was answered
    for name in [
        "tabula_bus_sent_notifications_total",
        "tabula_bus_received_notifications_total",
    ] {
        assert!(value(name) >= 1.0, "{name}: {text}");
    }
    assert!(
        value("tabula_bus_received_payload_bytes_total")
            >= value("tabula_bus_received_notifications_total"),
        "{text}"
    );

    // the timed game nobody came back to: node b adopted it and its clock ran out there
    eventually(Duration::from_secs(20), "the flag at node b", || {
        (status_of(&timed).as_deref() == Some("finished")).then_some(())
    });
    assert_eq!(
        pg_text(&url, "SELECT node FROM leases WHERE game = $1", &timed).as_deref(),
        Some("b")
    );
}

/// SIGTERM to `child`, and its exit status (it must come within 10 s).
fn terminate(child: &mut std::process::Child) -> std::process::ExitStatus {
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let began = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        assert!(
            began.elapsed() < Duration::from_secs(10),
            "no exit within 10 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_node_stopped_with_sigterm_hands_its_games_over_at_once() {
    let url = fresh_postgres_url("nodes_term");
    // a lease of a minute: a game that moved within seconds was handed over, not left to lapse
    let lease = ["--lease", "60s"];
    let (a, at_a) = serve_with(&url, &[&["--node", "a"][..], &lease].concat());
    let mut a = Running(Some(a));
    let (b, at_b) = serve_with(&url, &[&["--node", "b"][..], &lease].concat());
    let _b = Running(Some(b));
    let (id, white) = game(
        &at_a,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
    );
    let black = join(&at_a, &id);
    let mut acked = Vec::new();
    play(&at_a, &id, [&white, &black], 0..4, &mut acked);
    assert_eq!(
        pg_text(&url, "SELECT node FROM leases WHERE game = $1", &id).as_deref(),
        Some("a")
    );
    let exit = terminate(a.0.as_mut().unwrap());
    assert!(exit.success(), "SIGTERM exits 0: {exit:?}");
    a.0 = None;
    let stopped = Instant::now();
    // the players come back through b: the game is there at once, every move in it
    let view = eventually(Duration::from_secs(5), "the game at node b", || {
        let (s, v) = http(
            &at_b,
            "GET",
            &format!("/api/games/{id}?token={white}"),
            None,
        );
        (s == 200).then_some(v)
    });
    assert!(
        stopped.elapsed() < Duration::from_secs(5),
        "{:?}",
        stopped.elapsed()
    );
    assert_eq!(view["v"], 4, "every acknowledged move is there: {view}");
    play(&at_b, &id, [&white, &black], 4..6, &mut acked);
    assert_eq!(
        pg_text(&url, "SELECT node FROM leases WHERE game = $1", &id).as_deref(),
        Some("b")
    );
    assert_logged(&url, &id, &acked);
}

#[test]
fn a_node_needs_postgresql_and_a_proper_id() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "serve",
            "--db",
            "x.db",
            "--node",
            "a",
            "--addr",
            "127.0.0.1:0",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--node is for several servers on one PostgreSQL"),
        "{err}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--node", "a b"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--lease", "5s"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--lease needs --node");
}
