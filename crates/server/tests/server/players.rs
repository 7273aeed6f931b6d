//! Players end to end: accounts, rated games and their ratings, a guest's games carried into
//! an account, and an upgrade from the release before them (the lobby and the daily puzzle are
//! in lobby.rs, rated tables of more than two in rated_tables.rs).

use crate::common;

use common::jar::Jar;
use common::{Client, request, start_limited};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_server::{Limits, SqliteStore};

fn open() -> Limits {
    Limits::default().unlimited_rates()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_log_in_log_out_change_and_delete() {
    let s = start_limited(open()).await;
    let mut ann = Jar::default();
    let a = ann
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "Ann_1", "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let cookie = a.header("set-cookie").unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert_eq!(
        ann.call(s.addr, "GET", "/api/me", None).await.body["name"],
        "Ann_1"
    );
    // the name is taken whatever its case; bad names and passwords say why
    let mut other = Jar::default();
    let a = other
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "ann_1", "password": "xxxxxxxxx"})),
        )
        .await;
    assert_eq!(
        (a.status, a.body["cause"].as_str()),
        (409, Some("name_taken")),
        "{}",
        a.body
    );
    let a = other
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "a b", "password": "xxxxxxxxx"})),
        )
        .await;
    assert_eq!(
        (a.status, a.body["cause"].as_str()),
        (400, Some("bad_username")),
        "{}",
        a.body
    );
    let a = other
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "bob", "password": "short"})),
        )
        .await;
    assert_eq!(
        (a.status, a.body["cause"].as_str()),
        (400, Some("bad_password")),
        "{}",
        a.body
    );
    let a = other.call(s.addr, "GET", "/api/me", None).await;
    assert_eq!(
        (a.status, a.body["cause"].as_str()),
        (401, Some("sign_in")),
        "{}",
        a.body
    );
    // a second browser logs in; a wrong password is refused
    let mut phone = Jar::default();
    let a = phone
        .call(
            s.addr,
            "POST",
            "/api/auth/login",
            Some(json!({"username": "ann_1", "password": "wrong horse"})),
        )
        .await;
    assert_eq!(
        (a.status, a.body["cause"].as_str()),
        (401, Some("wrong_credentials")),
        "{}",
        a.body
    );
    assert_eq!(
        phone
            .call(
                s.addr,
                "POST",
                "/api/auth/login",
                Some(json!({"username": "nobody", "password": "wrong horse"}))
            )
            .await
            .status,
        401
    );
    assert_eq!(
        phone
            .call(
                s.addr,
                "POST",
                "/api/auth/login",
                Some(json!({"username": "ANN_1", "password": "correct horse"}))
            )
            .await
            .status,
        200
    );
    assert_eq!(phone.call(s.addr, "GET", "/api/me", None).await.status, 200);
    // log out everywhere: both browsers are out
    let a = ann
        .call(
            s.addr,
            "POST",
            "/api/auth/logout",
            Some(json!({"everywhere": true})),
        )
        .await;
    assert_eq!(a.body["sessions_ended"], 2);
    assert_eq!(phone.call(s.addr, "GET", "/api/me", None).await.status, 401);
    // the password changes; the old one no longer works
    ann.call(
        s.addr,
        "POST",
        "/api/auth/login",
        Some(json!({"username": "Ann_1", "password": "correct horse"})),
    )
    .await;
    let a = ann
        .call(
            s.addr,
            "POST",
            "/api/auth/password",
            Some(json!({"old": "correct horse", "new": "battery staple"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        ann.call(s.addr, "GET", "/api/me", None).await.status,
        200,
        "this session stays"
    );
    assert_eq!(
        phone
            .call(
                s.addr,
                "POST",
                "/api/auth/login",
                Some(json!({"username": "Ann_1", "password": "correct horse"}))
            )
            .await
            .status,
        401
    );
    // a game of hers, then the account is deleted: the game stays, under "deleted player"
    let created = ann
        .call(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "royal-solo", "name": "ignored"})),
        )
        .await;
    let game = created.body["id"].as_str().unwrap().to_string();
    assert_eq!(
        s.hub.store.seats(&game).await.unwrap()[0].name,
        "Ann_1",
        "a signed-in player plays under the account's name"
    );
    assert_eq!(
        ann.call(
            s.addr,
            "POST",
            "/api/auth/delete",
            Some(json!({"password": "nope nope"}))
        )
        .await
        .status,
        401
    );
    assert_eq!(
        ann.call(
            s.addr,
            "POST",
            "/api/auth/delete",
            Some(json!({"password": "battery staple"}))
        )
        .await
        .status,
        200
    );
    assert_eq!(ann.call(s.addr, "GET", "/api/me", None).await.status, 401);
    assert_eq!(
        s.hub.store.seats(&game).await.unwrap()[0].name,
        "deleted player"
    );
    assert_eq!(
        other
            .call(s.addr, "GET", "/api/users/Ann_1", None)
            .await
            .status,
        404
    );
    // the name is free again
    assert_eq!(
        other
            .call(
                s.addr,
                "POST",
                "/api/auth/signup",
                Some(json!({"username": "Ann_1", "password": "a new start"}))
            )
            .await
            .status,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_a_password_is_slowed_and_other_origins_cannot_post() {
    let s = start_limited(Limits::default()).await;
    let mut ann = Jar::default();
    ann.call(
        s.addr,
        "POST",
        "/api/auth/signup",
        Some(json!({"username": "ann", "password": "correct horse"})),
    )
    .await;
    let mut guesser = Jar::default();
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let a = guesser
            .call(
                s.addr,
                "POST",
                "/api/auth/login",
                Some(json!({"username": "ann", "password": "wrong guess"})),
            )
            .await;
        statuses.push(a.status);
    }
    assert_eq!(statuses[..5], [401; 5]);
    assert_eq!(statuses[5], 429, "the account's attempts are limited");
    // even the right password waits its turn now
    let a = guesser
        .call(
            s.addr,
            "POST",
            "/api/auth/login",
            Some(json!({"username": "ann", "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 429);
    assert!(a.header("retry-after").is_some());
    // a page of another origin cannot post with Ann's cookie
    let cookie = ann.header();
    let a = request(
        s.addr,
        1,
        "POST",
        "/api/auth/logout",
        &[("Cookie", &cookie), ("Origin", "https://evil.example")],
        Some(json!({})),
    )
    .await;
    assert_eq!(a.status, 403);
    assert_eq!(
        ann.call(s.addr, "GET", "/api/me", None).await.status,
        200,
        "still signed in"
    );
}

/// Plays a QuickChess game to its end: white resigns after two moves each.
async fn play_rated(s: &common::Server, white: &mut Jar, black: &mut Jar) -> String {
    let created = white
        .call(
            s.addr,
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
        .call(
            s.addr,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({})),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let mut w = Client::connect(s.addr, &id, created.body["token"].as_str()).await;
    let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
    w.act(json!({"t": "move", "uci": mv})).await.unwrap();
    // takebacks are for casual games
    let e = w.act(json!({"t": "offer_takeback"})).await.unwrap_err();
    assert!(e.contains("rated"), "{e}");
    let mut b = Client::connect(s.addr, &id, joined.body["token"].as_str()).await;
    // two moves each: a game resigned sooner is not rated (attacks.rs)
    for _ in 0..2 {
        b.until("black to move", |v| v["your_turn"] == true).await;
        let mv = b.view["legal"][0]["uci"].as_str().unwrap().to_string();
        b.act(json!({"t": "move", "uci": mv})).await.unwrap();
        w.until("white to move", |v| v["your_turn"] == true).await;
        if w.view["moves"].as_array().is_some_and(|m| m.len() >= 4) {
            break;
        }
        let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
        w.act(json!({"t": "move", "uci": mv})).await.unwrap();
    }
    w.act(json!({"t": "resign"})).await.unwrap();
    w.until("the rating changes", |v| {
        v["ratings"].as_array().is_some_and(|r| r.len() == 2)
    })
    .await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_by_glicko_2() {
    let s = start_limited(open()).await;
    let (mut ann, mut bob) = (Jar::default(), Jar::default());
    ann.call(
        s.addr,
        "POST",
        "/api/auth/signup",
        Some(json!({"username": "ann", "password": "correct horse"})),
    )
    .await;
    bob.call(
        s.addr,
        "POST",
        "/api/auth/signup",
        Some(json!({"username": "bob", "password": "correct horse"})),
    )
    .await;
    // a guest cannot join a rated game, nor create one
    let mut guest = Jar::default();
    assert_eq!(
        guest
            .call(
                s.addr,
                "POST",
                "/api/games",
                Some(json!({"kind": "quickchess", "rated": true}))
            )
            .await
            .status,
        403
    );
    let id = play_rated(&s, &mut ann, &mut bob).await;
    // Ann resigned: by the crate's formula from two fresh ratings, Bob gains what Ann loses
    let (a, b) = skillratings::glicko2::glicko2(
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::Outcomes::LOSS,
        &skillratings::glicko2::Glicko2Config::new(),
    );
    async fn profile(addr: std::net::SocketAddr, name: &str) -> Value {
        request(addr, 1, "GET", &format!("/api/users/{name}"), &[], None)
            .await
            .body
    }
    let ann_profile = profile(s.addr, "ann").await;
    let bob_profile = profile(s.addr, "bob").await;
    assert_eq!(ann_profile["ratings"][0]["pool"], "quickchess:untimed");
    assert_eq!(ann_profile["ratings"][0]["rating"], json!(a.rating.round()));
    assert_eq!(bob_profile["ratings"][0]["rating"], json!(b.rating.round()));
    assert_eq!(ann_profile["ratings"][0]["provisional"], true);
    assert_eq!(
        ann_profile["stats"][0],
        json!({"kind": "quickchess", "played": 1, "won": 0, "drawn": 0, "lost": 1})
    );
    assert_eq!(bob_profile["games"][0]["game"], json!(id));
    assert_eq!(bob_profile["history"].as_array().unwrap().len(), 1);
    // the same ratings as the store holds them, and on the leaderboard
    let board = request(
        s.addr,
        1,
        "GET",
        "/api/leaderboard/quickchess:untimed",
        &[],
        None,
    )
    .await
    .body;
    assert_eq!(board["players"][0]["name"], "bob");
    // the list of pools names it, with its two players, and no empty pool
    let pools = request(s.addr, 1, "GET", "/api/leaderboard", &[], None)
        .await
        .body;
    assert_eq!(
        pools["pools"],
        json!([{"pool": "quickchess:untimed", "players": 2}])
    );
    // the game's view shows the changes
    let v = request(s.addr, 1, "GET", &format!("/api/games/{id}"), &[], None)
        .await
        .body;
    let changes = v["view"]["ratings"].as_array().unwrap();
    assert_eq!(changes[0]["change"], json!((a.rating - 1500.0).round()));
    // a game that is loaded again is not counted again
    let again = tabula_server::players::record_game(
        &s.hub,
        &s.hub.store.game(&id).await.unwrap().unwrap(),
        &s.hub.store.seats(&id).await.unwrap(),
        &[0.0, 1.0],
        true,
        1,
    )
    .await
    .unwrap();
    assert_eq!(again.len(), 2);
    assert_eq!(s.hub.store.ratings(1).await.unwrap()[0].games, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_games_go_with_them_into_a_new_account() {
    let s = start_limited(open()).await;
    let mut guest = Jar::default();
    let created = guest
        .call(
            s.addr,
            "POST",
            "/api/games",
            Some(
                json!({"kind": "quickchess", "name": "Cy", "options": {"variant": "power-pawns"}}),
            ),
        )
        .await
        .body;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut other = Jar::default();
    let joined = other
        .call(
            s.addr,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({"name": "Di"})),
        )
        .await
        .body;
    let mut c = Client::connect(s.addr, &id, Some(&token)).await;
    c.act(json!({"t": "resign"})).await.unwrap();
    let _ = joined;
    // Cy signs up in the same browser, which still holds the seat's token
    let a = guest
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "cyril", "password": "correct horse", "seats": [token]})),
        )
        .await;
    assert_eq!(a.body["claimed"], 1, "{}", a.body);
    let profile = request(s.addr, 1, "GET", "/api/users/cyril", &[], None)
        .await
        .body;
    assert_eq!(profile["games"][0]["game"], json!(id), "{profile}");
    assert_eq!(profile["games"][0]["rated"], false);
    assert_eq!(s.hub.store.seats(&id).await.unwrap()[0].account, Some(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_release_before_opens_and_every_game_replays() {
    let dir = std::env::temp_dir().join(format!("tabula-upgrade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("old.db");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/before-players.db"),
        &db,
    )
    .unwrap();
    let store = Arc::new(SqliteStore::open(&db).unwrap());
    let s = common::start_with(store.clone()).await;
    for (id, length) in [
        ("4ca5f15e518f", 1),
        ("567472836ea0", 1),
        ("a40be7a6f744", 8),
        ("e464471e67cc", 2),
        ("455ff7a825bf", 0),
    ] {
        let (status, v) = common::http(s.addr, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, 200, "{id}: {v}");
        assert!(v["v"].as_u64().unwrap() >= length, "{id}: {v}");
        let (status, r) =
            common::http(s.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
        if length > 0 {
            assert_eq!(status, 200, "{id}: {r}");
            assert_eq!(
                r["frames"].as_array().unwrap().len() as u64,
                v["v"].as_u64().unwrap() + 1
            );
        }
    }
    // the new tables are there: an account is made in the upgraded database
    let mut jar = Jar::default();
    let a = jar
        .call(
            s.addr,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": "old_timer", "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let _ = std::fs::remove_dir_all(&dir);
}
