//! The chat (issue #30, item 7): a game's players' room and its spectators' room, a
//! tournament's room; text kept as typed (HTML too) and its listed words masked; guests read
//! but do not write; limits of length and rate (per address and per account); a muted player
//! writes nothing; a blocked player neither writes to nor is read by the blocker; a message
//! reported reaches the moderators' queue.

use crate::common;

use common::jar::{seated_pair, signed_up};
use common::{request, start, start_limited};
use serde_json::{Value, json};
use tabula_server::Limits;
use tabula_server::moderation::actions::{self, Actor};

fn bodies(view: &Value) -> Vec<String> {
    view["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn players_and_spectators_have_rooms_of_their_own_and_text_stays_text() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let (mut ann, mut bob, mut cyd) = (jars.remove(0), jars.remove(0), jars.remove(0));
    let (id, _, _) = seated_pair(
        s.addr,
        &mut ann,
        &mut bob,
        json!({"kind": "quickchess", "rated": false}),
    )
    .await;
    let path = format!("/api/games/{id}/chat");

    // a guest reads the spectators' room and may not write
    let guest = request(s.addr, 1, "GET", &path, &[], None).await;
    assert_eq!(guest.status, 200);
    assert_eq!(guest.body["room"], "spectators");
    assert_eq!(guest.body["cannot_write"], json!({"why": "sign_in"}));
    let guest_write = request(s.addr, 1, "POST", &path, &[], Some(json!({"text": "hi"}))).await;
    assert_eq!(guest_write.status, 401);

    // the players' words, HTML and all, come back as the text typed; listed words masked
    let html = "<script>alert('x')</script> <b>gg</b> & good luck";
    let (status, w) = ann
        .ask(s.addr, "POST", &path, Some(json!({"text": html})))
        .await;
    assert_eq!(status, 200, "{w}");
    let first = w["id"].as_i64().unwrap();
    let (status, _) = bob
        .ask(
            s.addr,
            "POST",
            &path,
            Some(json!({"text": "what the fuck, a blunder"})),
        )
        .await;
    assert_eq!(status, 200);
    let (_, seen) = bob.ask(s.addr, "GET", &path, None).await;
    assert_eq!(seen["room"], "players");
    assert_eq!(
        bodies(&seen),
        vec![html.to_string(), "what the ****, a blunder".to_string()]
    );
    assert_eq!(seen["messages"][0]["name"], "ann");
    assert!(seen["cannot_write"].is_null());
    // `after` gives only what is new
    let (_, newer) = ann
        .ask(s.addr, "GET", &format!("{path}?after={first}"), None)
        .await;
    assert_eq!(bodies(&newer), vec!["what the ****, a blunder".to_string()]);

    // a spectator writes in the spectators' room; neither room sees the other's words
    let (status, _) = cyd
        .ask(s.addr, "POST", &path, Some(json!({"text": "nice opening"})))
        .await;
    assert_eq!(status, 200);
    let (_, spect) = cyd.ask(s.addr, "GET", &path, None).await;
    assert_eq!(
        (spect["room"].as_str(), bodies(&spect)),
        (Some("spectators"), vec!["nice opening".to_string()])
    );
    let (_, players) = ann.ask(s.addr, "GET", &path, None).await;
    assert!(!bodies(&players).contains(&"nice opening".to_string()));

    // lengths
    for (text, word) in [("   ", "empty"), (&"x".repeat(301) as &str, "300")] {
        let (status, e) = ann
            .ask(s.addr, "POST", &path, Some(json!({"text": text})))
            .await;
        assert_eq!(status, 400, "{e}");
        assert!(e["error"].as_str().unwrap().contains(word), "{e}");
    }
    let (status, _) = ann
        .ask(
            s.addr,
            "POST",
            &path,
            Some(json!({"text": "y".repeat(300)})),
        )
        .await;
    assert_eq!(status, 200, "300 characters are allowed");
    assert_eq!(
        request(s.addr, 1, "GET", "/api/games/nonesuch/chat", &[], None)
            .await
            .status,
        404
    );

    // Bob reports Ann's message: the moderators' queue has it
    let (status, r) = bob
        .ask(
            s.addr,
            "POST",
            "/api/reports",
            Some(json!({"player": "ann", "reason": "abuse", "game": id, "message": first})),
        )
        .await;
    assert_eq!(status, 200, "{r}");
    let reports = s.hub.store.reports(true, 10).await.unwrap();
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].message, Some(first));

    // Bob blocks Ann: she can no longer write in their game's room
    assert_eq!(
        bob.ask(s.addr, "POST", "/api/users/ann/block", Some(json!({})))
            .await
            .0,
        200
    );
    let (status, e) = ann
        .ask(s.addr, "POST", &path, Some(json!({"text": "hello?"})))
        .await;
    assert_eq!(status, 403, "{e}");
}

#[tokio::test]
async fn a_tournament_room_hides_the_blocked_and_silences_the_muted() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let (mut ann, mut bob, mut cyd) = (jars.remove(0), jars.remove(0), jars.remove(0));
    let spec = json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60}, "minutes": 30, "starts_in_s": 600});
    let (_, made) = ann
        .ask(s.addr, "POST", "/api/tournaments", Some(spec))
        .await;
    let path = format!("/api/tournaments/{}/chat", made["id"].as_str().unwrap());
    assert_eq!(
        request(
            s.addr,
            1,
            "GET",
            "/api/tournaments/nonesuch/chat",
            &[],
            None
        )
        .await
        .status,
        404
    );
    for (j, text) in [
        (&mut ann, "good luck all"),
        (&mut cyd, "see you at the top"),
    ] {
        let (status, w) = j
            .ask(s.addr, "POST", &path, Some(json!({"text": text})))
            .await;
        assert_eq!(status, 200, "{w}");
    }
    // Bob blocks Cyd: Bob no longer reads Cyd's messages; Ann still does
    assert_eq!(
        bob.ask(s.addr, "POST", "/api/users/cyd/block", Some(json!({})))
            .await
            .0,
        200
    );
    let (_, for_bob) = bob.ask(s.addr, "GET", &path, None).await;
    assert_eq!(for_bob["room"], "tournament");
    assert_eq!(bodies(&for_bob), vec!["good luck all".to_string()]);
    let (_, for_ann) = ann.ask(s.addr, "GET", &path, None).await;
    assert_eq!(bodies(&for_ann).len(), 2);

    // a muted Ann reads, is told why she cannot write, and is refused
    let store = s.hub.store.as_ref();
    let account = store.account_by_name("ann").await.unwrap().unwrap();
    actions::sanction_account(
        store,
        &Actor::cli(),
        tabula_server::store::moderation::SanctionKind::Mute,
        &account,
        "insults",
        Some(1),
    )
    .await
    .unwrap();
    s.hub.sanctions.refresh().await.unwrap();
    let (_, muted) = ann.ask(s.addr, "GET", &path, None).await;
    // the mute as data: its reason, and its end as a time the page words in its language
    assert_eq!(muted["cannot_write"]["why"], "muted", "{muted}");
    assert!(
        muted["cannot_write"]["reason"]
            .as_str()
            .unwrap()
            .contains("insults"),
        "{muted}"
    );
    let (status, e) = ann
        .ask(s.addr, "POST", &path, Some(json!({"text": "let me speak"})))
        .await;
    assert_eq!(
        (status, e["code"].as_str(), e["cause"].as_str()),
        (403, Some("banned"), Some("muted")),
        "{e}"
    );
}

#[tokio::test]
async fn messages_are_held_to_a_rate_per_address_and_per_account() {
    let s = start_limited(Limits::default()).await;
    let mut jars = signed_up(s.addr, &["ann", "bob"]).await;
    let (mut ann, mut bob) = (jars.remove(0), jars.remove(0));
    let spec = json!({"kind": "swiss", "game": "querni", "clock": {"initial_s": 60}, "rounds": 3, "starts_in_s": 600});
    let (status, made) = ann
        .ask(s.addr, "POST", "/api/tournaments", Some(spec))
        .await;
    assert_eq!(status, 200, "{made}");
    let path = format!("/api/tournaments/{}/chat", made["id"].as_str().unwrap());
    let burst = Limits::default().chats.unwrap().burst;
    for i in 0..burst {
        let a = ann
            .call_from(
                s.addr,
                2,
                "POST",
                &path,
                Some(json!({"text": format!("message {i}")})),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
    // the address's bucket is empty: Bob, from the same address, waits too
    let a = bob
        .call_from(s.addr, 2, "POST", &path, Some(json!({"text": "me too"})))
        .await;
    assert_eq!(a.status, 429, "{}", a.body);
    // Ann from another address: her account's bucket is empty as well
    let a = ann
        .call_from(
            s.addr,
            3,
            "POST",
            &path,
            Some(json!({"text": "from elsewhere"})),
        )
        .await;
    assert_eq!(a.status, 429, "{}", a.body);
    // Bob from another address writes
    let a = bob
        .call_from(s.addr, 4, "POST", &path, Some(json!({"text": "hello"})))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
}
