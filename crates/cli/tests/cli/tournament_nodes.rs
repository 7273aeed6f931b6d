//! A tournament's directing node killed (SIGKILL) mid-arena on PostgreSQL: another node takes
//! the direction over when the lease lapses and the arena goes on to its end, nothing lost.

use crate::node;

use node::{Running, fresh_postgres_url, http_as, pg_text, serve_with, signup};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const NODE: &[&str] = &[
    "--lease",
    "2s",
    "--rate-limits",
    "off",
    "--shortest-arena-minutes",
    "0.1",
];

/// Each player looks at the arena at `addr`; in a game against a higher-numbered player, the
/// lower one resigns. The view last seen.
fn round_of_looks(addr: &str, id: &str, cookies: &[String]) -> Value {
    let mut view = Value::Null;
    for (i, cookie) in cookies.iter().enumerate() {
        let (status, v) = http_as(addr, "GET", &format!("/api/tournaments/{id}"), None, cookie);
        assert_eq!(status, 200, "{v}");
        if let Some(game) = v["you"]["game"].as_object() {
            let gid = game["id"].as_str().unwrap();
            let line = v["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["id"] == gid)
                .cloned();
            let opponent = line.as_ref().and_then(|l| {
                l["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_str().unwrap().to_string())
                    .find(|p| *p != format!("kn{i}"))
            });
            let higher = opponent.is_some_and(|o| o[2..].parse::<usize>().unwrap() > i);
            if higher {
                let body = json!({"token": game["token"], "action": {"t": "resign"}});
                // accepted, or the game already over (its result not recorded yet), or its
                // node gone and another taking it over: the next look tries again
                let _ = http_as(
                    addr,
                    "POST",
                    &format!("/api/games/{gid}/act"),
                    Some(body),
                    "",
                );
            }
        }
        view = v;
    }
    view
}

#[test]
fn an_arena_goes_on_when_its_directing_node_is_killed() {
    let url = fresh_postgres_url("tournament_nodes");
    let (a, at_a) = serve_with(&url, &[&["--node", "a"], NODE].concat());
    let mut a = Running(Some(a));
    let cookies: Vec<String> = (0..4).map(|i| signup(&at_a, &format!("kn{i}"))).collect();
    let spec = json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60, "increment_s": 0},
        "minutes": 0.6, "starts_in_s": 0});
    let (status, made) = http_as(&at_a, "POST", "/api/tournaments", Some(spec), &cookies[0]);
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    for c in &cookies {
        let (status, r) = http_as(
            &at_a,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some(json!({})),
            c,
        );
        assert_eq!(status, 200, "{r}");
    }
    // node a directs: it starts the arena and pairs the four
    let began = Instant::now();
    loop {
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "node a never paired the arena"
        );
        let (_, v) = http_as(&at_a, "GET", &format!("/api/tournaments/{id}"), None, "");
        if v["games"].as_array().is_some_and(|g| g.len() >= 2) {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let director = |url: &str| pg_text(url, "SELECT director FROM tournaments WHERE id = $1", &id);
    let first = director(&url).expect("a director");

    // a second node; the first is killed mid-arena, its lease left to lapse
    let (b, at_b) = serve_with(&url, &[&["--node", "b"], NODE].concat());
    let _b = Running(Some(b));
    a.kill();
    let killed_at = Instant::now();
    let last = loop {
        assert!(
            killed_at.elapsed() < Duration::from_secs(90),
            "the arena never finished on node b"
        );
        let v = round_of_looks(&at_b, &id, &cookies);
        if v["status"] == "finished" {
            break v;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let now = director(&url).expect("a director");
    assert_ne!(now, first, "node b took the direction over");
    // games were paired after the kill (more than the two node a made), and every finished
    // game is in the standings: two players' games each
    let games = last["games"].as_array().unwrap();
    let finished = games
        .iter()
        .filter(|g| matches!(g["outcome"].as_str(), Some("win" | "loss" | "draw")))
        .count();
    assert!(games.len() > 2, "only node a's pairings: {games:?}");
    let counted: u64 = last["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["games"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 2 * finished as u64, "{last}");
}
