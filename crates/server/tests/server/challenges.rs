//! Challenges (issue #30, item 5): sent by name, listed to both players, accepted into a game
//! where both hold their seats, declined, cancelled, expired; refused to guests, to oneself,
//! for a game that cannot be played, between players one of whom blocks the other, and past
//! the cap of open ones. Each change rings the bells (sockets) of its two players, and no one
//! else's; a guest has no bell.

use crate::common;

use common::bell::{bell, next_frame, rings};

use common::jar::signed_up;
use common::{request, seat_view, start};
use serde_json::{Value, json};

fn quick(to: &str) -> Value {
    json!({"to": to, "kind": "quickchess", "options": {"variant": "quickchess", "color": "first", "clock": {"initial_s": 180, "increment_s": 2}}, "rated": true})
}

#[tokio::test]
async fn a_challenge_is_accepted_into_a_game_both_players_hold() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let (mut ann, mut bob, mut cyd) = (jars.remove(0), jars.remove(0), jars.remove(0));

    let guest = request(
        s.addr,
        1,
        "POST",
        "/api/challenges",
        &[],
        Some(quick("bob")),
    )
    .await;
    assert_eq!(guest.status, 401);
    for (body, status, word) in [
        (quick("ann"), 422, "yourself"),
        (quick("nobody"), 404, "nobody"),
        (
            json!({"to": "bob", "kind": "checkmates-party"}),
            400,
            "kind",
        ),
        (
            json!({"to": "bob", "kind": "quickchess", "options": {"variant": "nonesuch"}}),
            400,
            "nonesuch",
        ),
    ] {
        let (got, e) = ann
            .ask(s.addr, "POST", "/api/challenges", Some(body.clone()))
            .await;
        assert_eq!(got, status, "{body}: {e}");
        assert!(e.to_string().contains(word), "{body}: {e}");
    }

    let (status, c) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("Bob")))
        .await;
    assert_eq!(status, 200, "{c}");
    assert_eq!(
        (c["from"].as_str(), c["to"].as_str(), c["status"].as_str()),
        (Some("ann"), Some("bob"), Some("open"))
    );
    let id = c["id"].as_str().unwrap().to_string();
    let (_, bobs) = bob.ask(s.addr, "GET", "/api/challenges", None).await;
    assert_eq!(bobs["incoming"][0]["id"], id.as_str());
    assert!(bobs["outgoing"].as_array().unwrap().is_empty());
    let (_, anns) = ann.ask(s.addr, "GET", "/api/challenges", None).await;
    assert_eq!(anns["outgoing"][0]["id"], id.as_str());

    // only Bob accepts it
    let (status, _) = cyd
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = ann
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{id}/decline"),
            None,
        )
        .await;
    assert_eq!(status, 403, "the challenger cancels, not declines");
    let (status, accepted) = bob
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["status"], "accepted");
    let game = accepted["seat"]["id"].as_str().unwrap().to_string();
    assert_eq!(accepted["seat"]["seat"], 1);
    // Ann's list gives her seat in the same game
    let (_, anns) = ann.ask(s.addr, "GET", "/api/challenges", None).await;
    let mine = &anns["outgoing"][0]["seat"];
    assert_eq!(
        (mine["id"].as_str(), mine["seat"].as_u64()),
        (Some(game.as_str()), Some(0))
    );
    // both tokens hold their seats in a started, rated game with the clock asked for; Ann
    // (who asked for the first side) moves first
    for (token, seat) in [
        (mine["token"].as_str().unwrap(), 0),
        (accepted["seat"]["token"].as_str().unwrap(), 1),
    ] {
        let view = seat_view(s.addr, &game, token).await;
        assert_eq!(view["you"], seat, "{view}");
        assert_eq!(
            (view["status"].as_str(), view["rated"].as_bool()),
            (Some("playing"), Some(true)),
            "{view}"
        );
    }
    let body = json!({"token": mine["token"], "action": {"t": "move", "uci": "a2a3"}});
    let moved = request(
        s.addr,
        1,
        "POST",
        &format!("/api/games/{game}/act"),
        &[],
        Some(body),
    )
    .await;
    assert_eq!(moved.status, 200, "Ann moves first: {}", moved.body);
    // answered once
    for (j, what) in [(&mut bob, "accept"), (&mut ann, "cancel")] {
        let (status, e) = j
            .ask(
                s.addr,
                "POST",
                &format!("/api/challenges/{id}/{what}"),
                None,
            )
            .await;
        assert_eq!(status, 409, "{what}: {e}");
    }
}

#[tokio::test]
async fn challenges_are_declined_cancelled_expire_and_respect_blocks_and_caps() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let (mut ann, mut bob, mut cyd) = (jars.remove(0), jars.remove(0), jars.remove(0));
    // declined by Bob
    let (_, c) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("bob")))
        .await;
    let (status, d) = bob
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{}/decline", c["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!((status, d["status"].as_str()), (200, Some("declined")));
    // cancelled by Ann before Cyd answers
    let (_, c) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("cyd")))
        .await;
    let cid = c["id"].as_str().unwrap().to_string();
    let (status, d) = ann
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{cid}/cancel"),
            None,
        )
        .await;
    assert_eq!((status, d["status"].as_str()), (200, Some("cancelled")));
    let (status, e) = cyd
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{cid}/accept"),
            None,
        )
        .await;
    assert_eq!(status, 409);
    assert!(e["error"].as_str().unwrap().contains("cancelled"), "{e}");

    // expired: one past its time (written so) is shown expired and cannot be accepted
    let store = s.hub.store.as_ref();
    let a = store.account_by_name("ann").await.unwrap().unwrap();
    let c = store.account_by_name("cyd").await.unwrap().unwrap();
    let now = tabula_server::ids::now_ms();
    store
        .put_challenge(&tabula_server::store::challenges::ChallengeRecord {
            id: "oldone".into(),
            challenger: a.id,
            challenged: c.id,
            spec: json!({"kind": "querni", "options": {}, "rated": false}).to_string(),
            status: "open".into(),
            created: now - 600_000,
            expires: now - 1,
            game: None,
        })
        .await
        .unwrap();
    let (status, e) = cyd
        .ask(s.addr, "POST", "/api/challenges/oldone/accept", None)
        .await;
    assert_eq!(status, 409);
    assert!(e["error"].as_str().unwrap().contains("expired"), "{e}");

    // blocks: a challenge waiting when Bob blocks Ann cannot be accepted, nor can she send more
    let (_, waiting) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("bob")))
        .await;
    assert_eq!(
        bob.ask(s.addr, "POST", "/api/users/ann/block", None)
            .await
            .0,
        200
    );
    let (status, _) = bob
        .ask(
            s.addr,
            "POST",
            &format!("/api/challenges/{}/accept", waiting["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(status, 403);
    let (status, e) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("bob")))
        .await;
    assert_eq!(status, 403, "{e}");
    let (status, _) = bob
        .ask(s.addr, "POST", "/api/challenges", Some(quick("ann")))
        .await;
    assert_eq!(status, 403, "the blocker cannot challenge either");

    // at most five waiting at once (the one to Bob is still open)
    for i in 0..4 {
        let (status, e) = ann
            .ask(s.addr, "POST", "/api/challenges", Some(quick("cyd")))
            .await;
        assert_eq!(status, 200, "challenge {i}: {e}");
    }
    let (status, e) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("cyd")))
        .await;
    assert_eq!(status, 409, "{e}");
}

#[tokio::test]
async fn a_challenge_rings_the_bells_of_its_two_players_only() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let (mut ann, mut bob, cyd) = (jars.remove(0), jars.remove(0), jars.remove(0));
    // a guest's bell is refused, saying why
    let mut guest = bell(s.addr, "").await;
    let refused = next_frame(&mut guest, 5000).await.expect("a refusal");
    assert_eq!(refused["t"], "error", "{refused}");
    assert!(refused.to_string().contains("sign in"), "{refused}");
    // each bell rings once on opening (the page asks for its list then)
    let mut bells = Vec::new();
    for jar in [&ann, &bob, &cyd] {
        let mut b = bell(s.addr, &jar.header()).await;
        rings(&mut b, "a new").await;
        bells.push(b);
    }
    let (status, c) = ann
        .ask(s.addr, "POST", "/api/challenges", Some(quick("bob")))
        .await;
    assert_eq!(status, 200, "{c}");
    rings(&mut bells[1], "Bob's").await;
    rings(&mut bells[0], "Ann's").await;
    // Bob accepts: both ring again; Cyd's never rang
    let path = format!("/api/challenges/{}/accept", c["id"].as_str().unwrap());
    let (status, accepted) = bob.ask(s.addr, "POST", &path, Some(json!({}))).await;
    assert_eq!(status, 200, "{accepted}");
    rings(&mut bells[0], "Ann's").await;
    rings(&mut bells[1], "Bob's").await;
    assert_eq!(
        next_frame(&mut bells[2], 300).await,
        None,
        "Cyd's bell stays quiet"
    );
}
