//! Tournaments by the API (issue #30, items 1 and 2): eight accounts through a whole short
//! arena, five through a Swiss event with byes, each checked against standings worked out
//! here from the games alone; the refusals of bad specs, guests and latecomers.

use crate::common;

use common::jar::{Jar, signed_up, tournament_joined_by};
use common::{act, fresh_store, request, start_configured};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tabula_server::{HttpConfig, Limits};

async fn server() -> common::Server {
    let limits = Limits {
        shortest_arena: Duration::from_secs(5),
        ..Limits::default().unlimited_rates()
    };
    start_configured(fresh_store().await, limits, HttpConfig::default()).await
}

/// The player `me` (index `i` of `names`) looks at the tournament and, when in a game whose
/// opponent is ranked above (a higher index), resigns it: the higher index always wins.
/// The tournament as seen.
async fn look_and_play(
    s: &common::Server,
    jar: &mut Jar,
    id: &str,
    names: &[String],
    i: usize,
    resign: bool,
) -> Value {
    let (status, t) = jar
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}"), None)
        .await;
    assert_eq!(status, 200, "{t}");
    if let Some(game) = t["you"]["game"].as_object() {
        let (gid, token) = (
            game["id"].as_str().unwrap(),
            game["token"].as_str().unwrap(),
        );
        let line = t["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == gid)
            .expect("the player's game is listed")
            .clone();
        let opponent = line["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .find(|p| *p != names[i])
            .unwrap();
        let their = names.iter().position(|n| n == opponent).unwrap();
        // in an arena, the player numbered 3 or 6 berserks each game it will win (refused
        // once the game has begun for it, or is over: then it simply did not)
        if their < i && (i == 3 || i == 6) && t["spec"]["kind"] == "arena" {
            let _ = act(s.addr, gid, token, json!({"t": "berserk"})).await;
        }
        if their > i && resign {
            let a = act(s.addr, gid, token, json!({"t": "resign"})).await;
            // resigned a moment ago: the director records the result within a second
            let over = a.status == 422 && a.body["error"].as_str().unwrap().contains("is over");
            assert!(a.status == 200 || over, "{} {}", a.status, a.body);
        }
    }
    t
}

/// Arena points worked out here: 2 a win, 1 a draw; after two wins in a row each win 4
/// until a non-win; one more for a win after a berserk.
fn arena_points(results: &[(&str, bool)]) -> u32 {
    let mut points = 0;
    for (k, (r, berserk)) in results.iter().enumerate() {
        let streak = k >= 2 && results[k - 2].0 == "win" && results[k - 1].0 == "win";
        points += match (*r, streak) {
            ("win", true) => 4,
            ("win", false) => 2,
            ("draw", _) => 1,
            _ => 0,
        };
        if *r == "win" && *berserk {
            points += 1;
        }
    }
    points
}

#[tokio::test]
async fn eight_players_go_through_a_short_arena() {
    let s = server().await;
    let names: Vec<String> = (0..8).map(|i| format!("arena{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut jars = signed_up(s.addr, &refs).await;

    // guests cannot make one; bad specs are named
    let guest = request(
        s.addr,
        1,
        "POST",
        "/api/tournaments",
        &[],
        Some(json!({"kind": "arena", "game": "querni", "minutes": 10})),
    )
    .await;
    assert_eq!(guest.status, 401);
    for (bad, word) in [
        (
            json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60}}),
            "minutes",
        ),
        (
            json!({"kind": "arena", "game": "querni", "minutes": 1000, "clock": {"initial_s": 60}}),
            "minutes",
        ),
        (
            json!({"kind": "swiss", "game": "querni", "rounds": 40, "clock": {"initial_s": 60}}),
            "rounds",
        ),
        (
            json!({"kind": "arena", "game": "quickchess", "minutes": 10}),
            "clock",
        ),
        (
            json!({"kind": "arena", "game": "quickchess", "minutes": 10, "clock": {"initial_s": 60}, "variant": "nonesuch"}),
            "variant",
        ),
        (
            json!({"kind": "arena", "game": "go", "minutes": 10}),
            "game",
        ),
    ] {
        let (status, e) = jars[0]
            .ask(s.addr, "POST", "/api/tournaments", Some(bad.clone()))
            .await;
        assert!(status == 400 || status == 422, "{bad}: {status} {e}");
        assert!(e.to_string().contains(word), "{bad}: {e}");
    }

    let spec = json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60, "increment_s": 0},
        "minutes": 0.25, "rated": true, "starts_in_s": 2, "name": "Friday <b>blitz</b>"});
    let (status, made) = jars[0]
        .ask(s.addr, "POST", "/api/tournaments", Some(spec))
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let (_, t) = jars[1]
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}"), None)
        .await;
    assert_eq!(t["status"], "created");
    assert_eq!(
        t["name"], "Friday <b>blitz</b>",
        "stored as written, shown as text"
    );
    assert_eq!(t["by"], "arena0");
    let (_, list) = jars[1].ask(s.addr, "GET", "/api/tournaments", None).await;
    assert!(
        list["upcoming"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["id"] == id)
    );

    for (i, j) in jars.iter_mut().enumerate() {
        let (status, r) = j
            .ask(s.addr, "POST", &format!("/api/tournaments/{id}/join"), None)
            .await;
        assert_eq!(
            (status, r["entry"].as_str()),
            (200, Some("joined")),
            "player {i}"
        );
    }
    let (_, again) = jars[3]
        .ask(s.addr, "POST", &format!("/api/tournaments/{id}/join"), None)
        .await;
    assert_eq!(again["entry"], "already");
    // the last player withdraws before the start and comes back after a few seconds
    let (status, _) = jars[7]
        .ask(
            s.addr,
            "POST",
            &format!("/api/tournaments/{id}/withdraw"),
            None,
        )
        .await;
    assert_eq!(status, 200);

    let began = Instant::now();
    let mut seen_games: HashMap<String, Value> = HashMap::new();
    let mut came_back = false;
    let last = loop {
        assert!(
            began.elapsed() < Duration::from_secs(90),
            "the arena never finished"
        );
        let mut view = Value::Null;
        // a look without resigning (the winners berserk), then one with
        for resign in [false, true] {
            for (i, jar) in jars.iter_mut().enumerate() {
                if i == 7 && !came_back {
                    continue;
                }
                view = look_and_play(&s, jar, &id, &names, i, resign).await;
            }
        }
        for g in view["games"].as_array().unwrap() {
            let players: Vec<&str> = g["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect();
            if !came_back {
                assert!(
                    !players.contains(&"arena7"),
                    "a withdrawn player was paired: {g}"
                );
            }
            seen_games.insert(g["id"].as_str().unwrap().to_string(), g.clone());
        }
        if !came_back && began.elapsed() > Duration::from_secs(5) {
            let (_, r) = jars[7]
                .ask(s.addr, "POST", &format!("/api/tournaments/{id}/join"), None)
                .await;
            assert_eq!(r["entry"], "back");
            came_back = true;
        }
        if view["status"] == "finished" {
            break view;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    };

    // the games, oldest first: the finished ones of the final view in the order paired
    let finished: Vec<&Value> = last["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| matches!(g["outcome"].as_str(), Some("win" | "draw" | "loss")))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    assert!(
        finished.len() >= 8,
        "only {} games were played",
        finished.len()
    );
    let mut results: HashMap<&str, Vec<(&str, bool)>> = HashMap::new();
    let mut berserks = 0;
    let mut opponents: HashMap<&str, Vec<&str>> = HashMap::new();
    for g in &finished {
        let p: Vec<&str> = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        let o = g["outcome"].as_str().unwrap();
        let flipped = match o {
            "win" => "loss",
            "loss" => "win",
            d => d,
        };
        // the higher index won every game (the other resigned)
        let winner = if p[0] > p[1] { "win" } else { "loss" };
        assert_eq!(o, winner, "{g}");
        let berserk = [
            g["berserk"][0].as_bool().unwrap(),
            g["berserk"][1].as_bool().unwrap(),
        ];
        // only the players numbered 3 and 6 berserk, and only in games they win
        for (k, &b) in berserk.iter().enumerate() {
            if b {
                assert!(p[k] == "arena3" || p[k] == "arena6", "{g}");
                berserks += 1;
            }
        }
        results.entry(p[0]).or_default().push((o, berserk[0]));
        results.entry(p[1]).or_default().push((flipped, berserk[1]));
        opponents.entry(p[0]).or_default().push(p[1]);
        opponents.entry(p[1]).or_default().push(p[0]);
    }
    for (who, opp) in &opponents {
        for w in opp.windows(2) {
            assert_ne!(w[0], w[1], "{who} met {} twice in a row", w[0]);
        }
    }
    assert!(berserks > 0, "the berserks counted: {finished:?}");
    let standings = last["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 8);
    for line in standings {
        let name = line["name"].as_str().unwrap();
        let mine = results.get(name).cloned().unwrap_or_default();
        assert_eq!(
            line["score"],
            json!(arena_points(&mine) as f64),
            "{name}: {mine:?}"
        );
        assert_eq!(line["games"], json!(mine.len()), "{name}");
    }
    let scores: Vec<f64> = standings
        .iter()
        .map(|l| l["score"].as_f64().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    assert_eq!(standings[0]["rank"], 1);
    // the arena is over: no one is given a game, joining is refused
    let (_, me) = jars[2]
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}"), None)
        .await;
    assert!(me["you"]["game"].is_null(), "{me}");
    let (status, _) = jars[2]
        .ask(s.addr, "POST", &format!("/api/tournaments/{id}/join"), None)
        .await;
    assert_eq!(status, 409);
    let (status, _) = jars[2]
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}/trf"), None)
        .await;
    assert_eq!(status, 404, "an arena has no TRF report");
}

#[tokio::test]
async fn five_players_go_through_a_swiss_event_with_byes() {
    let s = server().await;
    let names: Vec<String> = (0..5).map(|i| format!("swiss{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut jars = signed_up(s.addr, &refs).await;
    let spec = json!({"kind": "swiss", "game": "quickchess", "clock": {"initial_s": 120, "increment_s": 1},
        "rounds": 3, "rated": false, "starts_in_s": 1});
    let id = tournament_joined_by(s.addr, &mut jars, spec).await;
    let began = Instant::now();
    let last = loop {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the Swiss event never finished"
        );
        let mut view = Value::Null;
        for (i, jar) in jars.iter_mut().enumerate() {
            view = look_and_play(&s, jar, &id, &names, i, true).await;
        }
        if view["status"] == "finished" {
            break view;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    };
    assert_eq!(last["round"], 3);
    let games = last["games"].as_array().unwrap();
    assert_eq!(games.len(), 6, "two games a round: {games:?}");
    let mut met = std::collections::HashSet::new();
    let mut points: HashMap<&str, f64> = HashMap::new();
    let mut played: HashMap<&str, Vec<u64>> = HashMap::new();
    for g in games {
        let p: Vec<&str> = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        let pair = if p[0] < p[1] {
            (p[0], p[1])
        } else {
            (p[1], p[0])
        };
        assert!(met.insert(pair), "{pair:?} met twice");
        let winner = if p[0] > p[1] { p[0] } else { p[1] };
        *points.entry(winner).or_default() += 1.0;
        for x in &p {
            played
                .entry(x)
                .or_default()
                .push(g["round"].as_u64().unwrap());
        }
    }
    // the one of five without a game in a round had the bye: a win's point, once each
    let mut byes = std::collections::HashSet::new();
    for round in 1..=3u64 {
        let resting: Vec<&str> = refs
            .iter()
            .copied()
            .filter(|n| !played.get(n).is_some_and(|r| r.contains(&round)))
            .collect();
        assert_eq!(resting.len(), 1, "round {round}: {resting:?}");
        assert!(byes.insert(resting[0]), "{} had two byes", resting[0]);
        *points.entry(resting[0]).or_default() += 1.0;
    }
    for line in last["standings"].as_array().unwrap() {
        let name = line["name"].as_str().unwrap();
        assert_eq!(
            line["score"].as_f64().unwrap(),
            points.get(name).copied().unwrap_or(0.0),
            "{name}"
        );
        assert!(
            line["buchholz"].is_number() && line["sonneborn_berger"].is_number(),
            "{line}"
        );
    }
    // the TRF report: its header, one line per player, the rounds' results in it
    let trf = request(
        s.addr,
        1,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        &[],
        None,
    )
    .await;
    assert_eq!(trf.status, 200);
    let text = trf.body.as_str().expect("TRF is text").to_string();
    assert!(text.lines().any(|l| l.starts_with("012 ")), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("001 ")).count(),
        5,
        "{text}"
    );
    assert_eq!(text.matches("0000 - U").count(), 3, "a bye a round: {text}");
    // too late to join a finished event
    let mut late = signed_up(s.addr, &["latecomer"]).await.remove(0);
    let (status, e) = late
        .ask(s.addr, "POST", &format!("/api/tournaments/{id}/join"), None)
        .await;
    assert_eq!(status, 409, "{e}");
}

#[tokio::test]
async fn the_schedule_announces_each_tournament_once_an_hour_ahead() {
    let store = fresh_store().await;
    let limits = Limits::default().unlimited_rates();
    let s = start_configured(std::sync::Arc::clone(&store), limits, HttpConfig::default()).await;
    // a second node on the same database, with the same settings
    let other = tabula_server::Hub::new(std::sync::Arc::clone(&store), common::services(), limits);
    let bad = s
        .hub
        .tournaments
        .set_schedule(&["hourly@:61 arena querni 1+0 30m".into()]);
    assert!(bad.unwrap_err().contains("hourly@:61"));
    let bad = s
        .hub
        .tournaments
        .set_schedule(&["daily@18:00 arena quickchess 30m".into()]);
    assert!(
        bad.unwrap_err().contains("clock"),
        "a QuickChess arena is timed"
    );
    // the next quarter hour is always within the hour: announced at once
    let line = "hourly@:15 arena querni 1+0 30m rated".to_string();
    for hub in [&s.hub, &other] {
        hub.tournaments
            .set_schedule(std::slice::from_ref(&line))
            .unwrap();
        hub.tournaments.direct_all().await.unwrap();
    }
    let (status, list) = common::http(s.addr, "GET", "/api/tournaments", None).await;
    assert_eq!(status, 200);
    let scheduled: Vec<&Value> = list["upcoming"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["name"] == "Querni 1+0 arena")
        .collect();
    assert_eq!(scheduled.len(), 1, "{list}");
    let t = scheduled[0];
    assert!(t["by"].is_null(), "the server's own: {t}");
    assert_eq!(t["spec"]["rated"], true);
    let minute = (t["starts"].as_u64().unwrap() / 60_000) % 60;
    assert_eq!(minute, 15, "{t}");
}
