//! A seat belongs to the account that took it (issue #54, item 2): every device where the
//! account is signed in plays it (a view, an action and a socket with the session alone), the
//! two devices see the same moves; a guest's seat stays with its token; a stranger's session,
//! or the session sent from another site's page, plays nothing.

use crate::common;

use common::Client;
use common::jar::{Jar, seated_pair, signed_up};
use serde_json::{Value, json};

/// A second browser of `name`: signed in anew (a session of its own).
async fn other_device(addr: std::net::SocketAddr, name: &str) -> Jar {
    let mut jar = Jar::default();
    let a = jar
        .call(
            addr,
            "POST",
            "/api/auth/login",
            Some(json!({"username": name, "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    jar
}

/// A QuickChess game between `ann` (White, its host) and `bob`, signed in: id and tokens.
async fn game(addr: std::net::SocketAddr, jars: &mut [Jar]) -> (String, String, String) {
    let (a, b) = jars.split_at_mut(1);
    let body =
        json!({"kind": "quickchess", "options": {"variant": "quickchess", "color": "first"}});
    seated_pair(addr, &mut a[0], &mut b[0], body).await
}

#[tokio::test]
async fn a_second_device_of_the_account_plays_its_seat_with_the_session_alone() {
    let s = common::start().await;
    let mut jars = signed_up(s.addr, &["annie", "bobby"]).await;
    let (id, ann_token, _bob_token) = game(s.addr, &mut jars).await;
    let mut phone = other_device(s.addr, "bobby").await;
    // the view with the session alone: Bob's seat, his view
    let (status, v) = phone
        .ask(s.addr, "GET", &format!("/api/games/{id}"), None)
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["seat"], 1, "{v}");
    assert_eq!(v["view"]["you"], 1, "{v}");
    // Ann moves (by her token), then Bob from his phone by the session alone
    let ann_move = common::seat_view(s.addr, &id, &ann_token).await["legal"][0]["uci"].clone();
    let a = common::act(
        s.addr,
        &id,
        &ann_token,
        json!({"t": "move", "uci": ann_move}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let (_, v) = phone
        .ask(s.addr, "GET", &format!("/api/games/{id}"), None)
        .await;
    let bob_move = v["view"]["legal"][0]["uci"].clone();
    let (status, e) = phone
        .ask(
            s.addr,
            "POST",
            &format!("/api/games/{id}/act"),
            Some(json!({"action": {"t": "move", "uci": bob_move}})),
        )
        .await;
    assert_eq!(status, 200, "{e}");
    // his laptop (the first session) and his phone, each a socket with the session alone:
    // both in Bob's seat, both see the next move, and a move from either is his
    let cookie = |j: &Jar| j.header();
    let mut laptop =
        Client::connect_with_headers(s.addr, &id, &[("cookie", &cookie(&jars[1]))]).await;
    let mut pocket =
        Client::connect_with_headers(s.addr, &id, &[("cookie", &cookie(&phone))]).await;
    assert_eq!(laptop.view["you"], 1, "{}", laptop.view);
    assert_eq!(pocket.view["you"], 1, "{}", pocket.view);
    let version = laptop.version;
    let ann_move = common::seat_view(s.addr, &id, &ann_token).await["legal"][0]["uci"].clone();
    let a = common::act(
        s.addr,
        &id,
        &ann_token,
        json!({"t": "move", "uci": ann_move}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    laptop.until("Ann's move", |v| v["your_turn"] == true).await;
    pocket.until("Ann's move", |v| v["your_turn"] == true).await;
    assert!(laptop.version > version);
    let mv = pocket.view["legal"][0]["uci"].as_str().unwrap().to_string();
    pocket.act(json!({"t": "move", "uci": mv})).await.unwrap();
    let seen = laptop
        .until("the phone's move", |v| v["your_turn"] == false)
        .await;
    assert_eq!(seen["you"], 1);
    // and the resignation from the laptop ends Bob's game
    laptop.act(json!({"t": "resign"})).await.unwrap();
    let over = pocket.until("the end", |v| !v["outcome"].is_null()).await;
    assert!(
        over["outcome"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("resign"),
        "{over}"
    );
}

#[tokio::test]
async fn a_guests_seat_stays_with_its_token_and_strangers_play_nothing() {
    let s = common::start().await;
    let mut jars = signed_up(s.addr, &["carla", "stranger"]).await;
    let _ = &mut jars;
    // a guest's game (created without a session): its seat is its token's only
    let (id, token) = common::create(
        s.addr,
        "quickchess",
        json!({"variant": "quickchess", "color": "first"}),
        json!([]),
    )
    .await;
    let joined = common::join(s.addr, &id, "Guest Two").await;
    assert!(!joined.is_empty());
    let (_, v) = jars[1]
        .ask(s.addr, "GET", &format!("/api/games/{id}"), None)
        .await;
    assert_eq!(
        v["seat"],
        Value::Null,
        "a stranger's session holds no guest seat: {v}"
    );
    let mv = common::seat_view(s.addr, &id, &token).await["legal"][0]["uci"].clone();
    let (status, e) = jars[1]
        .ask(
            s.addr,
            "POST",
            &format!("/api/games/{id}/act"),
            Some(json!({"action": {"t": "move", "uci": mv}})),
        )
        .await;
    assert_eq!(status, 403, "{e}");
    // an account's game: another account's session is a spectator there
    let mut pair = signed_up(s.addr, &["dora", "edgar"]).await;
    let (id, _, _) = game(s.addr, &mut pair).await;
    let (_, v) = jars[1]
        .ask(s.addr, "GET", &format!("/api/games/{id}"), None)
        .await;
    assert_eq!(v["seat"], Value::Null, "{v}");
    let other = &mut pair[1];
    // the session sent from another site's page: not used for a seat
    let cookie = other.header();
    let a = common::request(
        s.addr,
        1,
        "GET",
        &format!("/api/games/{id}"),
        &[("Cookie", &cookie), ("Origin", "https://evil.example")],
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["seat"], Value::Null, "{}", a.body);
    // (and a socket from another site's page is refused outright)
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{}/api/games/{id}/ws", s.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut().insert("cookie", cookie.parse().unwrap());
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a socket from another site's page: {:?}", other.map(|_| ())),
    }
    // from the site itself the same session plays its seat
    let (_, v) = other
        .ask(s.addr, "GET", &format!("/api/games/{id}"), None)
        .await;
    assert_eq!(v["seat"], 1, "{v}");
}
