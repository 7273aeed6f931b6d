//! The web app's API end to end: a real server on port 0 and WebSocket clients.

use crate::common;

use common::{Client, http, post, solution_of, solve_cm, start};
use futures_util::SinkExt;
use serde_json::{Value, json};

fn bidding(v: &Value) -> bool {
    v["phase"]["phase"] == "bidding"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_party_game_with_an_interrupt_and_a_failed_proof() {
    let s = start().await;
    let created = post(s.addr, "/api/games", json!({"kind": "checkmates-party", "name": "Ann", "options": {"side": "sliding", "deck": "one-star", "count_ms": 300}})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let joined = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Bob"}),
    )
    .await;
    assert_eq!(joined["seat"], 1);
    let mut ann = Client::connect(s.addr, &id, created["token"].as_str()).await;
    let mut bob = Client::connect(s.addr, &id, joined["token"].as_str()).await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    assert_eq!(ann.view["status"], "lobby");
    assert!(
        bob.request("lobby", json!({"op": "start"}))
            .await
            .unwrap_err()
            .contains("only the host")
    );
    ann.request("lobby", json!({"op": "start"})).await.unwrap();
    // a card the board already meets would settle at once: clear such cards with a call of 0
    loop {
        ann.until("a card", bidding).await;
        let (board, task) = (
            ann.view["board"].as_str().unwrap().to_string(),
            ann.view["phase"]["card"]["task"]
                .as_str()
                .unwrap()
                .to_string(),
        );
        if !solve_cm(s.addr, "sliding", &board, &task).await.is_empty() {
            break;
        }
        let round = ann.view["round"].clone();
        ann.act(json!({"t": "announce", "bid": 0})).await.unwrap();
        assert_ne!(
            ann.view["round"], round,
            "a correct 0 wins the card at once"
        );
    }
    ann.until("the first card", bidding).await;

    // Bob announces; his "player": 0 is ignored: the server knows who he is
    bob.act(json!({"t": "announce", "player": 0, "bid": 9}))
        .await
        .unwrap();
    assert_eq!(bob.view["phase"]["bids"][0]["player"], 1);
    assert!(
        ann.act(json!({"t": "announce", "bid": 9}))
            .await
            .unwrap_err()
            .contains("must be lower")
    );
    ann.act(json!({"t": "announce", "bid": 8})).await.unwrap(); // the interruption
    assert!(
        bob.act(json!({"t": "announce", "bid": 7}))
            .await
            .unwrap_err()
            .contains("already announced")
    );
    assert!(
        watcher
            .act(json!({"t": "announce", "bid": 1}))
            .await
            .unwrap_err()
            .contains("spectators cannot act")
    );
    let v = ann
        .until("Ann to prove", |v| v["phase"]["phase"] == "proving")
        .await;
    assert_eq!(v["phase"]["prover"], 0);
    assert!(
        !v["legal"].as_array().unwrap().is_empty(),
        "the prover is offered the legal moves"
    );
    assert!(bob.view["legal"].as_array().unwrap().is_empty());
    let mv = v["legal"][0].as_str().unwrap().to_string();
    assert!(
        bob.act(json!({"t": "move", "mv": mv}))
            .await
            .unwrap_err()
            .contains("cannot move tokens")
    );
    let score_before = ann.view["players"][0]["score"].as_i64().unwrap();
    let penalties_before = ann.view["players"][0]["penalties"]
        .as_array()
        .unwrap()
        .len();
    ann.act(json!({"t": "give_up"})).await.unwrap();
    assert_eq!(
        ann.view["players"][0]["score"].as_i64().unwrap(),
        score_before - 1,
        "the failed proof is a penalty card"
    );
    assert_eq!(
        ann.view["players"][0]["penalties"]
            .as_array()
            .unwrap()
            .len(),
        penalties_before + 1
    );
    assert_eq!(ann.view["last"]["result"]["success"], false);
    assert!(
        ann.view["last"]["optimum"].is_u64(),
        "the real minimum is shown after the round"
    );

    // the rest of the deck: whoever's turn announces the optimum and proves it
    let mut turn = 1u32;
    while !ann.view["over"].as_bool().unwrap() {
        ann.until("a card", |v| bidding(v) || v["over"] == true)
            .await;
        if ann.view["over"] == true {
            break;
        }
        let (side, board, task) = (
            ann.view["side"].as_str().unwrap().to_string(),
            ann.view["board"].as_str().unwrap().to_string(),
            ann.view["phase"]["card"]["task"]
                .as_str()
                .unwrap()
                .to_string(),
        );
        let moves = solve_cm(s.addr, &side, &board, &task).await;
        let (me, other) = if turn == 0 {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        me.act(json!({"t": "announce", "bid": moves.len()}))
            .await
            .unwrap();
        if !moves.is_empty() {
            me.until("proving", |v| v["phase"]["phase"] == "proving")
                .await;
            for m in &moves {
                me.act(json!({"t": "move", "mv": m})).await.unwrap();
            }
        }
        other
            .until("the round to settle", |v| {
                v["last"]["board"] == json!(board) && v["last"]["task"] == json!(task)
                    || v["over"] == true
            })
            .await;
        turn = 1 - turn;
    }
    let standings = ann.view["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 2);
    assert!(standings.iter().any(|s| s["winner"] == true));
    let v = watcher.until("the end", |v| v["over"] == true).await;
    assert_eq!(v["you"], Value::Null, "spectators have no seat");
    // the finished game replays from its URL
    let (status, replay) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(status, 200);
    let frames = replay["frames"].as_array().unwrap();
    assert_eq!(frames.last().unwrap()["view"]["over"], true);
    assert_eq!(frames[0]["view"]["phase"]["phase"], "bidding");
    // the steps are moves and announcements: the counts that ran out are not steps
    assert!(
        frames[..frames.len() - 1]
            .iter()
            .all(|f| f["action"]["t"] != "tick"),
        "{replay}"
    );
    assert!(
        (frames.len() as u64) < ann.version + 1,
        "the log has counts that ran out, left out of the steps"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_run_to_its_rating() {
    let s = start().await;
    let created = post(s.addr, "/api/games", json!({"kind": "checkmates-solo", "name": "Sol", "options": {"side": "chess", "deck": "full"}})).await;
    let id = created["id"].as_str().unwrap();
    let mut me = Client::connect(s.addr, id, created["token"].as_str()).await;
    assert_eq!(me.view["total"], 10);
    while me.view["finished"] != true {
        let (board, task) = (
            me.view["board"].as_str().unwrap().to_string(),
            me.view["task"].as_str().unwrap().to_string(),
        );
        for m in solve_cm(s.addr, "chess", &board, &task).await {
            me.act(json!({"t": "move", "mv": m})).await.unwrap();
        }
    }
    assert!(me.view["rating"].is_string());
    let history = me.view["history"].as_array().unwrap();
    assert_eq!(history.len(), 10);
    assert!(
        history.iter().all(|h| h["moves"] == h["optimum"]),
        "solver moves are optimal: {history:?}"
    );
    assert!(
        me.act(json!({"t": "tick"}))
            .await
            .unwrap_err()
            .contains("server's own")
    );
}

async fn solve_royal(addr: std::net::SocketAddr, view: &Value) -> Vec<String> {
    let cards = view["cards"].as_array().unwrap();
    let mut body = json!({"level": view["level"], "board": view["layout"], "card": cards[0]});
    if cards.len() > 1 {
        body["card2"] = cards[1].clone();
    }
    solution_of(&post(addr, "/api/solve/royal", body).await)
}

fn step(s: &str) -> Value {
    if s.contains(char::is_numeric) && s.contains('-') && !s.contains(':') {
        json!({"t": "move", "mv": s})
    } else {
        let (card, action) = match s.split_once(':') {
            Some((c, a)) => (json!(c.parse::<u8>().unwrap()), a),
            None => (Value::Null, s),
        };
        json!({"t": "card", "card": card, "action": action})
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_royal_study_match_with_challenges_won_and_lost() {
    let s = start().await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "royal-match", "name": "Ann", "options": {"level": 2}}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut ann = Client::connect(s.addr, &id, created["token"].as_str()).await;
    assert_eq!(ann.view["status"], "lobby", "waiting for the friend");
    let joined = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Bob"}),
    )
    .await;
    let mut bob = Client::connect(s.addr, &id, joined["token"].as_str()).await;
    assert_eq!(
        bob.view["phase"]["phase"], "announcing",
        "the second seat starts the match"
    );
    let (_, third) = http(
        s.addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"name": "Cy"})),
    )
    .await;
    assert!(third["error"].as_str().unwrap().contains("started"));

    let mut round = 0;
    while ann.view["over"] != true {
        ann.until("announcing", |v| {
            v["phase"]["phase"] == "announcing" || v["over"] == true
        })
        .await;
        if ann.view["over"] == true {
            break;
        }
        let plan = solve_royal(s.addr, &ann.view).await;
        let n = plan.len() as u64;
        match round {
            0 => {
                // a challenge won: Ann says one too many, Bob does it in the optimum
                ann.act(json!({"t": "announce", "bid": n + 1}))
                    .await
                    .unwrap();
                bob.act(json!({"t": "challenge"})).await.unwrap();
                for st in &plan {
                    bob.act(step(st)).await.unwrap();
                }
                assert_eq!(bob.view["last"]["scorer"], 1);
            }
            1 => {
                // a challenge lost: Ann says the optimum; Bob cannot do fewer
                ann.act(json!({"t": "announce", "bid": n})).await.unwrap();
                bob.act(json!({"t": "challenge"})).await.unwrap();
                for st in plan.iter().take((n as usize).saturating_sub(1)) {
                    bob.act(step(st)).await.unwrap();
                }
                bob.until("the point", |v| {
                    v["last"]["scorer"] == 0 && v["phase"]["phase"] == "announcing"
                })
                .await;
            }
            _ => {
                ann.act(json!({"t": "announce", "bid": n})).await.unwrap();
                assert!(
                    ann.act(json!({"t": "challenge"}))
                        .await
                        .unwrap_err()
                        .contains("opponent")
                );
                bob.act(json!({"t": "accept"})).await.unwrap();
                for st in &plan {
                    ann.act(step(st)).await.unwrap();
                }
            }
        }
        round += 1;
    }
    assert_eq!(ann.view["scores"], json!([6, 1]));
    assert_eq!(ann.view["phase"]["winner"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_opponent_challenges_an_overbid() {
    let s = start().await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "royal-match", "name": "Ann", "options": {"level": 1}, "bots": [6]}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let mut ann = Client::connect(s.addr, id, created["token"].as_str()).await;
    assert_eq!(ann.view["players"][1]["bot"], 6);
    ann.act(json!({"t": "announce", "bid": 40})).await.unwrap();
    let v = ann
        .until("the bot to challenge", |v| {
            v["phase"]["phase"] == "executing"
        })
        .await;
    assert_eq!(
        v["phase"]["executor"], 1,
        "the strongest bot always beats an overbid"
    );
    assert!(
        ann.act(json!({"t": "move", "mv": "a1-a2"}))
            .await
            .unwrap_err()
            .contains("executing")
    );
    ann.until("the bot's point", |v| v["scores"][1] == 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_and_bad_requests_change_nothing() {
    let s = start().await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "royal-solo", "name": "Ann", "options": {"level": 3}}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let mut c = Client::connect(s.addr, id, created["token"].as_str()).await;
    let version = c.version;
    for (bad, expect) in [
        ("this is not json", "not JSON"),
        (r#"{"d": {}}"#, "a frame is"),
        (r#"{"t": "dance"}"#, "unknown frame type"),
        (
            r#"{"t": "act", "d": {"t": "move", "mv": "a1-z9"}}"#,
            "not a valid action",
        ),
        (
            r#"{"t": "act", "d": {"t": "move", "mv": "a1-a1"}}"#,
            "not a valid action",
        ),
        (r#"{"t": "act", "d": "move"}"#, "JSON object"),
        (r#"{"t": "act", "d": {"t": "tick"}}"#, "server's own"),
        (
            r#"{"t": "act", "d": {"t": "next"}}"#,
            "complete the card first",
        ),
        (
            r#"{"t": "act", "d": {"t": "card", "action": "spin"}}"#,
            "not a valid action",
        ),
    ] {
        c.send_raw(bad).await;
        let f = c.frame().await;
        assert_eq!(f["t"], "error", "{bad}");
        assert!(
            f["d"]["message"].as_str().unwrap().contains(expect),
            "{bad}: {f}"
        );
    }
    let big = format!(r#"{{"t": "ping", "d": "{}"}}"#, "x".repeat(9_000));
    c.send_raw(&big).await;
    assert!(
        c.frame().await["d"]["message"]
            .as_str()
            .unwrap()
            .contains("too large")
    );
    c.ws.send(tokio_tungstenite::tungstenite::Message::Binary(
        vec![1, 2, 3].into(),
    ))
    .await
    .unwrap();
    assert!(
        c.frame().await["d"]["message"]
            .as_str()
            .unwrap()
            .contains("JSON text")
    );
    // an illegal move is refused with the rule it breaks
    let layout = c.view["layout"].as_str().unwrap().to_string();
    let legal: Vec<String> = c.view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let illegal = ["a1-c3", "a1-a2", "b2-c2", "c3-a1", "a3-b1"]
        .into_iter()
        .find(|m| !legal.contains(&m.to_string()))
        .unwrap();
    let err = c
        .act(json!({"t": "move", "mv": illegal}))
        .await
        .unwrap_err();
    assert!(
        err.contains("empty") || err.contains("cannot go") || err.contains("occupied"),
        "{err}"
    );
    // the same through HTTP: 422, its kind and its cause
    let token = created["token"].as_str().unwrap();
    let a = common::act(s.addr, id, token, json!({"t": "move", "mv": illegal})).await;
    assert_eq!(
        (a.status, a.body["code"].as_str(), a.body["cause"].as_str()),
        (422, Some("refused"), Some("illegal")),
        "{}",
        a.body
    );
    c.request("resync", json!({})).await.unwrap();
    assert_eq!(c.view["layout"], json!(layout));
    assert_eq!(c.version, version, "nothing changed");
    // wrong token, unknown game, bad creation, oversized body
    let (ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws?token=nope", s.addr))
            .await
            .unwrap();
    let mut ws = ws;
    let f = futures_util::StreamExt::next(&mut ws)
        .await
        .unwrap()
        .unwrap();
    assert!(f.to_text().unwrap().contains("belongs to no seat"));
    assert_eq!(http(s.addr, "GET", "/api/games/nosuch", None).await.0, 404);
    assert_eq!(
        http(s.addr, "POST", "/api/games", Some(json!({"kind": "poker"})))
            .await
            .0,
        400
    );
    assert_eq!(
        http(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "checkmates-party", "options": {"side": "marble"}}))
        )
        .await
        .0,
        400
    );
    assert_eq!(
        http(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "royal-match", "bots": [9]}))
        )
        .await
        .0,
        400
    );
    let huge = json!({"kind": "royal-solo", "name": "x".repeat(20_000)});
    assert_eq!(http(s.addr, "POST", "/api/games", Some(huge)).await.0, 413);
    assert_eq!(
        http(
            s.addr,
            "POST",
            "/api/solve/checkmates",
            Some(json!({"side": "chess", "board": "bad", "task": "R../.../..."}))
        )
        .await
        .0,
        400
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_resyncs() {
    let s = start().await;
    let created = post(
        s.addr,
        "/api/games",
        json!({"kind": "royal-match", "name": "Ann", "options": {"level": 1}}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let joined = post(
        s.addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Bob"}),
    )
    .await;
    let mut ann = Client::connect(s.addr, &id, created["token"].as_str()).await;
    let mut bob = Client::connect(s.addr, &id, joined["token"].as_str()).await;
    drop(bob.ws.close(None).await);
    ann.act(json!({"t": "announce", "bid": 12})).await.unwrap();
    let v_after = ann.version;
    // Bob comes back with the same token: he gets the current state and his seat
    let mut bob = Client::connect(s.addr, &id, joined["token"].as_str()).await;
    assert_eq!(bob.version, v_after);
    assert_eq!(bob.view["you"], 1);
    assert_eq!(bob.view["phase"]["phase"], "hourglass");
    let state = bob.request("resync", json!({})).await.unwrap();
    assert_eq!(state["v"], v_after, "resync answers with the state");
    assert_eq!(bob.view["phase"]["bid"], 12);
    bob.act(json!({"t": "accept"})).await.unwrap();
    assert_eq!(ann.frame().await["t"], "update");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_bounded() {
    use tabula_server::Limits;
    let limits = Limits {
        sockets: 2,
        ..Limits::default().unlimited_rates()
    };
    let s = common::start_limited(limits).await;
    let addr = s.addr;
    let created = post(
        addr,
        "/api/games",
        json!({"kind": "royal-solo", "name": "A"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let _a = Client::connect(addr, id, None).await;
    let _b = Client::connect(addr, id, None).await;
    let (mut third, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    let f = futures_util::StreamExt::next(&mut third)
        .await
        .unwrap()
        .unwrap();
    assert!(f.to_text().unwrap().contains("too many connections"), "{f}");
    drop(_a);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let _c = Client::connect(addr, id, None).await; // a place freed up
}
