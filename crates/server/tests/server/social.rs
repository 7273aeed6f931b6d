//! Friends (issue #30, item 6): follow and unfollow, who is online and what they play, block
//! and unblock; a blocked player cannot pair with the blocker in the lobby.

use crate::common;

use common::jar::{Jar, seated_pair, signed_up};
use common::{request, start};
use serde_json::{Value, json};

async fn call(j: &mut Jar, s: &common::Server, method: &str, path: &str) -> (u16, Value) {
    let body = (method == "POST").then(|| json!({}));
    let a = j.call(s.addr, method, path, body).await;
    (a.status, a.body)
}

#[tokio::test]
async fn friends_are_followed_seen_online_with_their_games_and_blocked() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob", "cyd"]).await;
    let (mut ann, mut bob, mut cyd) = (jars.remove(0), jars.remove(0), jars.remove(0));
    // a guest has no friends; nobody follows themselves or someone unknown
    let guest = request(s.addr, 1, "GET", "/api/me/friends", &[], None).await;
    assert_eq!(guest.status, 401);
    assert_eq!(
        call(&mut ann, &s, "POST", "/api/users/ann/follow").await.0,
        422
    );
    assert_eq!(
        call(&mut ann, &s, "POST", "/api/users/nobody/follow")
            .await
            .0,
        404
    );

    let (status, r) = call(&mut ann, &s, "POST", "/api/users/Bob/follow").await;
    assert_eq!(
        (status, r),
        (200, json!({"following": true, "blocked": false}))
    );
    // twice is once
    assert_eq!(
        call(&mut ann, &s, "POST", "/api/users/bob/follow").await.0,
        200
    );
    assert_eq!(
        call(&mut ann, &s, "POST", "/api/users/cyd/follow").await.0,
        200
    );
    let (_, rel) = call(&mut ann, &s, "GET", "/api/users/bob/relation").await;
    assert_eq!(rel, json!({"following": true, "blocked": false}));

    // Bob plays a game: Ann sees it to watch; both were seen signing in just now
    let (id, _, _) = seated_pair(s.addr, &mut bob, &mut cyd, json!({"kind": "quickchess"})).await;
    let (status, f) = call(&mut ann, &s, "GET", "/api/me/friends").await;
    assert_eq!(status, 200, "{f}");
    assert_eq!(
        f["following"],
        json!([
            {"name": "bob", "online": true, "playing": [{"id": id, "kind": "quickchess"}]},
            {"name": "cyd", "online": true, "playing": [{"id": id, "kind": "quickchess"}]},
        ])
    );
    assert_eq!(
        call(&mut ann, &s, "POST", "/api/users/cyd/unfollow")
            .await
            .0,
        200
    );

    // Bob blocks Ann: her follow of him ends, he cannot follow her while he blocks her, and
    // she cannot take his seek in the lobby
    let (status, r) = call(&mut bob, &s, "POST", "/api/users/ann/block").await;
    assert_eq!(
        (status, r),
        (200, json!({"following": false, "blocked": true}))
    );
    let (_, f) = call(&mut ann, &s, "GET", "/api/me/friends").await;
    assert_eq!(f["following"], json!([]), "a block ends the follow");
    let (_, f) = call(&mut bob, &s, "GET", "/api/me/friends").await;
    assert_eq!(f["blocked"], json!(["ann"]));
    assert_eq!(
        call(&mut bob, &s, "POST", "/api/users/ann/follow").await.0,
        409
    );
    // a seek lives while its owner's lobby socket is open
    let _lobby = {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{}/api/lobby/ws", s.addr)
            .into_client_request()
            .unwrap();
        req.headers_mut()
            .insert("cookie", bob.header().parse().unwrap());
        let mut ws = tokio_tungstenite::connect_async(req).await.unwrap().0;
        // its first frame, the lobby: the socket is counted by then
        use futures_util::StreamExt;
        ws.next().await.unwrap().unwrap();
        ws
    };
    let seek = bob
        .call(
            s.addr,
            "POST",
            "/api/lobby/seeks",
            Some(json!({"kind": "querni"})),
        )
        .await;
    assert_eq!(seek.status, 200, "{}", seek.body);
    let seek_id = seek.body["id"].as_str().unwrap().to_string();
    let taken = ann
        .call(
            s.addr,
            "POST",
            &format!("/api/lobby/seeks/{seek_id}/accept"),
            Some(json!({})),
        )
        .await;
    assert_eq!(taken.status, 403, "{}", taken.body);
    assert!(taken.body["error"].as_str().unwrap().contains("blocks"));
    // the seek is still there for others: Cyd takes it
    let by_cyd = cyd
        .call(
            s.addr,
            "POST",
            &format!("/api/lobby/seeks/{seek_id}/accept"),
            Some(json!({})),
        )
        .await;
    assert_eq!(by_cyd.status, 200, "{}", by_cyd.body);
    // unblocked, they may meet again
    assert_eq!(
        call(&mut bob, &s, "POST", "/api/users/ann/unblock").await.0,
        200
    );
    let (_, rel) = call(&mut bob, &s, "GET", "/api/users/ann/relation").await;
    assert_eq!(rel, json!({"following": false, "blocked": false}));
}
