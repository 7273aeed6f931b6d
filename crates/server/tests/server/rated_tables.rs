//! Rated tables beyond the duel: a Check Mates party rates each player against each other,
//! a Royal Study match rates like a duel.

use crate::common;

use common::jar::{Jar, signed_up};
use common::{Client, request, start_limited};
use serde_json::json;
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_server::Limits;

/// Whether the board of a party in bidding already meets the revealed card's task.
fn met_already(v: &serde_json::Value) -> bool {
    let side = Side::Sliding;
    let task = Task::parse(side, v["phase"]["card"]["task"].as_str().unwrap()).unwrap();
    let board = Board::parse(side, v["board"].as_str().unwrap()).unwrap();
    task.met_by(&board).is_some()
}

fn open() -> Limits {
    Limits::default().unlimited_rates()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_party_rates_each_player_against_each_other() {
    let s = start_limited(open()).await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    // a short party: the one-star cards, each set aside when nobody announces within 2.5 s
    // (a second was too short on a loaded machine: a card set aside before a player's
    // announcement reached the server sent the test after another card)
    let options = json!({"side": "sliding", "deck": "one-star", "round_limit_ms": 2500});
    let created = jars[0]
        .call(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "checkmates-party", "options": options, "rated": true})),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    // bots and guests have no place at a rated table
    let mut guest = Jar::default();
    assert_eq!(
        guest
            .call(
                s.addr,
                "POST",
                &format!("/api/games/{id}/join"),
                Some(json!({"name": "Gus"}))
            )
            .await
            .status,
        403
    );
    let mut tokens = Vec::new();
    for j in &mut jars[1..] {
        let joined = j
            .call(
                s.addr,
                "POST",
                &format!("/api/games/{id}/join"),
                Some(json!({})),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        tokens.push(joined.body["token"].as_str().unwrap().to_string());
    }
    let mut host = Client::connect(s.addr, &id, created.body["token"].as_str()).await;
    let e = host
        .request("lobby", json!({"op": "add_bot", "level": 3}))
        .await
        .unwrap_err();
    assert!(e.contains("rated"), "no bot at a rated table: {e}");
    let mut bob = Client::connect(s.addr, &id, Some(&tokens[0])).await;
    host.request("lobby", json!({"op": "start"})).await.unwrap();
    // ann, then bob, each announce on a card and give the proof up (a penalty each); cyd
    // never acts. Two players played, so the party is rated
    // The deck is shuffled at random: a card whose task the board already meets is won by
    // its announcer at once, with no proof to give up, so such cards are let go by; and each
    // player waits for a card revealed after the last one acted on (a client that has not
    // read its frames yet still shows the old card).
    let mut last_round = 0;
    for seat in [0u64, 1] {
        let c = if seat == 0 { &mut host } else { &mut bob };
        c.until(
            "a new card to bid on that the board does not meet yet",
            |v| {
                v["phase"]["phase"] == "bidding"
                    && v["round"].as_u64().unwrap() > last_round
                    && !met_already(v)
            },
        )
        .await;
        last_round = c.view["round"].as_u64().unwrap();
        c.act(json!({"t": "announce", "bid": 5})).await.unwrap();
        c.until("the proof", |v| {
            v["phase"]["phase"] == "proving" && v["phase"]["prover"] == seat
        })
        .await;
        c.act(json!({"t": "give_up"})).await.unwrap();
    }
    let v = host
        .until("the end of the party", |v| {
            v["over"] == true && v["ratings"].is_array()
        })
        .await;
    let changes = v["ratings"].as_array().unwrap();
    assert_eq!(changes.len(), 3, "{v}");
    // cyd, without a penalty, ranks above ann and bob, who share a place: cyd gains, the
    // other two lose the same
    let change_of = |seat: u64| {
        changes.iter().find(|c| c["seat"] == seat).unwrap()["change"]
            .as_f64()
            .unwrap()
    };
    assert!(change_of(2) > 0.0, "{v}");
    assert!(change_of(0) < 0.0 && change_of(0) == change_of(1), "{v}");
    assert!(changes.iter().all(|c| c["pool"] == "checkmates"), "{v}");
    let p = request(s.addr, 1, "GET", "/api/users/cyd", &[], None)
        .await
        .body;
    assert!(
        p["ratings"][0]["deviation"].as_f64().unwrap() < 350.0,
        "{p}"
    );
    assert_eq!(p["stats"][0]["kind"], "checkmates-party");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_royal_study_match_rates_like_a_duel() {
    let s = start_limited(open()).await;
    let mut jars = signed_up(s.addr, &["ann", "bob"]).await;
    let created = jars[0]
        .call(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "royal-match", "options": {"level": 1}, "rated": true})),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let joined = jars[1]
        .call(
            s.addr,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({})),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let mut ann = Client::connect(s.addr, &id, created.body["token"].as_str()).await;
    let mut bob = Client::connect(s.addr, &id, joined.body["token"].as_str()).await;
    // each round Ann announces, Bob lets her play, and she gives up: Bob's point, six times
    while ann.view["over"] != true {
        ann.until("a round to announce in", |v| {
            v["phase"]["phase"] == "announcing" || v["over"] == true
        })
        .await;
        if ann.view["over"] == true {
            break;
        }
        ann.act(json!({"t": "announce", "bid": 20})).await.unwrap();
        bob.until("the hourglass", |v| v["phase"]["phase"] == "hourglass")
            .await;
        bob.act(json!({"t": "accept"})).await.unwrap();
        ann.until("her execution", |v| v["phase"]["phase"] == "executing")
            .await;
        ann.act(json!({"t": "give_up"})).await.unwrap();
    }
    let v = ann
        .until("the rating changes", |v| v["ratings"].is_array())
        .await;
    assert_eq!(v["phase"]["winner"], 1, "{v}");
    let changes = v["ratings"].as_array().unwrap();
    assert_eq!(changes.len(), 2, "{v}");
    let change_of = |seat: u64| {
        changes.iter().find(|c| c["seat"] == seat).unwrap()["change"]
            .as_f64()
            .unwrap()
    };
    assert!(change_of(0) < 0.0 && change_of(1) > 0.0, "{v}");
    assert!(changes.iter().all(|c| c["pool"] == "royal"), "{v}");
}
