//! Hardening, round two, for players: a stranger guessing a password cannot lock its owner
//! out, ratings cannot be farmed (two accounts of one address, games resigned at once, the same
//! pair over and over, bots at a rated table), and a guest cannot pass for a registered player.

use crate::common;

use common::jar::Jar;
use common::{Client, request, start_limited};
use serde_json::{Value, json};
use std::net::SocketAddr;
use tabula_server::Limits;

async fn login(jar: &mut Jar, addr: SocketAddr, from: u8, password: &str) -> u16 {
    jar.call_from(
        addr,
        from,
        "POST",
        "/api/auth/login",
        Some(json!({"username": "alice", "password": password})),
    )
    .await
    .status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_guessing_a_password_cannot_lock_its_owner_out() {
    let s = start_limited(Limits::default()).await;
    let mut alice = Jar::default();
    let a = alice
        .call_from(
            s.addr,
            1,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "alice", "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 200);
    // a stranger guesses from one address until refused
    let mut stranger = Jar::default();
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(login(&mut stranger, s.addr, 7, "wrong guess").await);
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    // Alice, from her own address, signs in and changes her password
    assert_eq!(login(&mut alice, s.addr, 1, "correct horse").await, 200);
    let a = alice
        .call_from(
            s.addr,
            1,
            "POST",
            "/api/auth/password",
            Some(json!({"old": "correct horse", "new": "battery staple"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    // many strangers, a few guesses each: the account's own limit, far above a person's rate,
    // stops them; a browser Alice signed in on before still gets in
    let mut all = Vec::new();
    for from in 10..60u8 {
        let mut j = Jar::default();
        for _ in 0..3 {
            all.push(login(&mut j, s.addr, from, "wrong guess").await);
        }
    }
    assert!(all.contains(&429), "the account's limit");
    assert_eq!(login(&mut alice, s.addr, 1, "battery staple").await, 200);
    assert_eq!(login(&mut alice, s.addr, 4, "battery staple").await, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bogus_session_cookie_ends_no_session() {
    let s = start_limited(Limits::default()).await;
    let a = request(
        s.addr,
        1,
        "POST",
        "/api/auth/logout",
        &[("Cookie", "tabula_session=not-a-session")],
        Some(json!({})),
    )
    .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["sessions_ended"], 0);
}

async fn account(addr: SocketAddr, from: u8, name: &str) -> Jar {
    let mut j = Jar::default();
    let a = j
        .call_from(
            addr,
            from,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": name, "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    j
}

async fn rated_game(
    addr: SocketAddr,
    white: &mut Jar,
    wf: u8,
    black: &mut Jar,
    bf: u8,
) -> Result<(String, String, String), (u16, Value)> {
    let created = white
        .call_from(
            addr,
            wf,
            "POST",
            "/api/games",
            Some(
                json!({"kind": "quickchess", "options": {"variant": "quickchess"}, "rated": true}),
            ),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let joined = black
        .call_from(
            addr,
            bf,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({})),
        )
        .await;
    if joined.status != 200 {
        return Err((joined.status, joined.body));
    }
    Ok((
        id,
        created.body["token"].as_str().unwrap().to_string(),
        joined.body["token"].as_str().unwrap().to_string(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_cannot_be_farmed() {
    let s = start_limited(Limits {
        rated_pairings_per_day: 2,
        ..Limits::default()
    })
    .await;
    let mut ann = account(s.addr, 2, "ann").await;
    let mut bob = account(s.addr, 3, "bob").await;
    let mut alt = account(s.addr, 2, "annalt").await;

    // two accounts of one address cannot meet in a rated game
    let (status, body) = rated_game(s.addr, &mut ann, 2, &mut alt, 2)
        .await
        .unwrap_err();
    assert_eq!(status, 403, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("address"),
        "{body}"
    );

    // a game resigned before each side made two moves changes no rating
    let (id, w, _b) = rated_game(s.addr, &mut ann, 2, &mut bob, 3).await.unwrap();
    let mut white = Client::connect(s.addr, &id, Some(&w)).await;
    white.act(json!({"t": "resign"})).await.unwrap();
    let v = white.until("the end", |v| v["over"] == true).await;
    assert_eq!(v["ratings"], json!([]), "{v}");
    let me = ann.call_from(s.addr, 2, "GET", "/api/me", None).await;
    assert_eq!(me.body["ratings"], json!([]), "{}", me.body);

    // the same two accounts: a bounded number of rated games a day
    let again = rated_game(s.addr, &mut ann, 2, &mut bob, 3).await;
    assert!(again.is_ok(), "{again:?}");
    let (status, body) = rated_game(s.addr, &mut ann, 2, &mut bob, 3)
        .await
        .unwrap_err();
    assert_eq!(status, 429, "{body}");

    // no bot ever sits at a rated table
    let created = ann
        .call_from(
            s.addr,
            2,
            "POST",
            "/api/games",
            Some(
                json!({"kind": "checkmates-party", "options": {"side": "sliding"}, "rated": true}),
            ),
        )
        .await;
    let mut host = Client::connect(
        s.addr,
        created.body["id"].as_str().unwrap(),
        created.body["token"].as_str(),
    )
    .await;
    let e = host
        .request("lobby", json!({"op": "add_bot", "level": 3}))
        .await
        .unwrap_err();
    assert!(e.contains("rated"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_cannot_pass_for_a_registered_player() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    let mut alice = account(s.addr, 1, "alice").await;
    for name in [
        "alice",
        "ALICE",
        "\u{430}lice",
        "al\u{200b}ice",
        " alice\u{202e} ",
    ] {
        let (status, body) = common::http(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "quickchess", "name": name})),
        )
        .await;
        assert_eq!(status, 409, "{name:?}: {body}");
    }
    // direction overrides and invisible characters are taken out of a name
    let (id, _) = {
        let c = common::post(
            s.addr,
            "/api/games",
            json!({"kind": "quickchess", "name": "\u{202e}evil\u{200b}bob\u{2066}"}),
        )
        .await;
        (c["id"].as_str().unwrap().to_string(), ())
    };
    let joined = alice
        .call(
            s.addr,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({})),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let (_, v) = common::http(s.addr, "GET", &format!("/api/games/{id}"), None).await;
    let seats = &v["view"]["seats"];
    assert_eq!(seats[0]["name"], "evilbob", "{v}");
    assert_eq!(seats[0]["registered"], false);
    assert_eq!(seats[1]["name"], "alice");
    assert_eq!(seats[1]["registered"], true);
}
