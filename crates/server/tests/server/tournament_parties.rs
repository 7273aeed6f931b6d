//! Check Mates tournaments by the API (issue #30, item 3): seven accounts through two party
//! rounds, seated at tables of four and three by rating, each party played to its end; the
//! standings checked against points worked out here from the parties' own final views (each
//! player against each other at their table: a point for being placed above, half for a tie).

use crate::common;

use common::jar::{Jar, signed_up, tournament_joined_by};
use common::{act, fresh_store, request, start_configured};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tabula_server::{HttpConfig, Limits};

/// A party's view as its seat `token` sees it (a spectator's for none).
async fn party(s: &common::Server, game: &str, token: Option<&str>) -> Value {
    let path = match token {
        Some(t) => format!("/api/games/{game}?token={t}"),
        None => format!("/api/games/{game}"),
    };
    let a = request(s.addr, 1, "GET", &path, &[], None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body["view"].clone()
}

/// The player looks at the tournament; at their table, the first seat calls 0 on every card
/// (a card its board already meets is won at once, any other costs a penalty card), so each
/// party runs to its end in a few requests. The tournament as seen.
async fn look_and_play(s: &common::Server, jar: &mut Jar, id: &str) -> Value {
    let (status, t) = jar
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}"), None)
        .await;
    assert_eq!(status, 200, "{t}");
    if let Some(game) = t["you"]["game"].as_object()
        && game["seat"] == 0
    {
        let (gid, token) = (
            game["id"].as_str().unwrap(),
            game["token"].as_str().unwrap(),
        );
        for _ in 0..40 {
            let v = party(s, gid, Some(token)).await;
            if v["over"] == true || v["phase"]["phase"] != "bidding" {
                break;
            }
            let a = act(s.addr, gid, token, json!({"t": "announce", "bid": 0})).await;
            assert!(
                a.status == 200 || a.status == 422,
                "{} {}",
                a.status,
                a.body
            );
        }
    }
    t
}

/// The places of a finished party's players (1 the best: more points, then fewer penalty
/// cards; equal places shared), worked out from its view.
fn places(view: &Value) -> Vec<(String, u32)> {
    let players = view["players"].as_array().unwrap();
    let key = |p: &Value| {
        (
            -p["score"].as_i64().unwrap(),
            p["penalties"].as_array().unwrap().len(),
        )
    };
    players
        .iter()
        .map(|p| {
            let above = players.iter().filter(|o| key(o) < key(p)).count();
            (p["name"].as_str().unwrap().to_string(), above as u32 + 1)
        })
        .collect()
}

#[tokio::test]
async fn seven_players_go_through_two_rounds_of_check_mates_parties() {
    let limits = Limits::default().unlimited_rates();
    let s = start_configured(fresh_store().await, limits, HttpConfig::default()).await;
    let names: Vec<String> = (0..7).map(|i| format!("party{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut jars = signed_up(s.addr, &refs).await;
    // refusals: Check Mates is played in parties, and parties are Check Mates
    for (spec, word) in [
        (
            json!({"kind": "arena", "game": "checkmates", "minutes": 30}),
            "parties",
        ),
        (
            json!({"kind": "parties", "game": "querni", "rounds": 2}),
            "parties",
        ),
        (
            json!({"kind": "parties", "game": "checkmates", "rounds": 2, "clock": {"initial_s": 60, "increment_s": 0}}),
            "clock",
        ),
        (json!({"kind": "parties", "game": "checkmates"}), "rounds"),
    ] {
        let (status, e) = jars[0]
            .ask(s.addr, "POST", "/api/tournaments", Some(spec.clone()))
            .await;
        assert_eq!(status, 400, "{spec}: {e}");
        assert!(e.to_string().contains(word), "{spec}: {e}");
    }
    let spec = json!({"kind": "parties", "game": "checkmates", "side": "sliding", "deck": "one-star",
        "rounds": 2, "rated": false, "starts_in_s": 1});
    let id = tournament_joined_by(s.addr, &mut jars, spec).await;
    let began = Instant::now();
    let last = loop {
        assert!(
            began.elapsed() < Duration::from_secs(90),
            "the parties never finished"
        );
        let mut view = Value::Null;
        for jar in jars.iter_mut() {
            view = look_and_play(&s, jar, &id).await;
        }
        if view["status"] == "finished" {
            break view;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    };
    assert_eq!(last["round"], 2);
    // two tables a round, of four and three; everyone at a table each round
    let games = last["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "{games:?}");
    let mut expected: HashMap<String, f64> = HashMap::new();
    for round in 1..=2 {
        let mut sizes: Vec<usize> = games
            .iter()
            .filter(|g| g["round"] == round)
            .map(|g| g["players"].as_array().unwrap().len())
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [3, 4], "round {round}");
    }
    // each party's final view gives its places; the points worked out from them by hand
    for g in games {
        assert_eq!(g["outcome"], "party", "{g}");
        let gid = g["id"].as_str().unwrap();
        let v = party(&s, gid, None).await;
        assert_eq!(v["over"], true, "{v}");
        let p = places(&v);
        for (name, mine) in &p {
            let points: f64 = p
                .iter()
                .filter(|(other, _)| other != name)
                .map(|(_, theirs)| match mine.cmp(theirs) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                })
                .sum();
            *expected.entry(name.clone()).or_default() += points;
        }
    }
    let standings = last["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 7);
    for line in standings {
        let name = line["name"].as_str().unwrap();
        assert_eq!(
            line["score"].as_f64(),
            expected.get(name).copied(),
            "{name}: {line}"
        );
        assert_eq!(line["games"], 2, "{line}");
        assert!(line["firsts"].is_number(), "{line}");
    }
    let scores: Vec<f64> = standings
        .iter()
        .map(|l| l["score"].as_f64().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    // the first round's tables: seated by rating (all equal: in the order of joining)
    let first_round: Vec<Vec<&str>> = games
        .iter()
        .filter(|g| g["round"] == 1)
        .map(|g| {
            g["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect()
        })
        .collect();
    assert!(
        first_round.contains(&vec!["party0", "party1", "party2", "party3"]),
        "{first_round:?}"
    );
}
