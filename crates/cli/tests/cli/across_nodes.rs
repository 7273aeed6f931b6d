//! Two `tabula serve` nodes on one PostgreSQL database, with clients on both: a game runs on
//! one node and a player on the other plays it through the pub/sub (intents to the owner,
//! frames back); the lobby is one lobby whichever node a player uses, and a challenge made
//! through one node rings the bell a player has open on the other.

use crate::node;

use futures_util::{SinkExt, StreamExt};
use node::{
    Running, assert_logged, fresh_postgres_url, game, http, http_as, pg_text, serve_with, signup,
};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Two nodes, `a` and `b`, on a fresh database: their guards and addresses.
fn two_nodes(prefix: &str) -> (String, [Running; 2], [String; 2]) {
    let url = fresh_postgres_url(prefix);
    let (a, at_a) = serve_with(&url, &["--node", "a", "--lease", "2s"]);
    let (b, at_b) = serve_with(&url, &["--node", "b", "--lease", "2s"]);
    (url, [Running(Some(a)), Running(Some(b))], [at_a, at_b])
}

/// A WebSocket to `path` at `addr`, holding the seat `token` and sending `cookie`.
async fn socket(addr: &str, path: &str, token: Option<&str>, cookie: Option<&str>) -> Ws {
    let mut req = format!("ws://{addr}{path}").into_client_request().unwrap();
    if let Some(t) = token {
        let offer = format!("tabula, tabula-token.{t}");
        req.headers_mut()
            .insert("sec-websocket-protocol", offer.parse().unwrap());
    }
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", c.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

/// The next frame of `ws` for which `pick` says yes (10 s at most).
async fn frame_where(ws: &mut Ws, what: &str, pick: impl Fn(&Value) -> bool) -> Value {
    let wait = async {
        loop {
            let msg = ws.next().await.expect("the socket closed").unwrap();
            if let Message::Text(t) = msg {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                if pick(&v) {
                    return v;
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or_else(|_| panic!("no {what} within 10 s"))
}

/// The next state or update of a game socket at version `v` or later.
async fn view_at(ws: &mut Ws, v: u64) -> Value {
    let f = frame_where(ws, &format!("view at version {v}"), |f| {
        matches!(f["t"].as_str(), Some("state" | "update")) && f["d"]["v"].as_u64() >= Some(v)
    })
    .await;
    f["d"]["view"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_each_node_plays_a_game_to_its_end() {
    let (url, _nodes, [at_a, at_b]) = two_nodes("across");
    // White makes the game at a; Black takes the seat through b, the first node to load it,
    // which runs it from then on: White plays through a
    let (id, white) = game(
        &at_a,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
    );
    let (status, joined) = http(
        &at_b,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"name": "B"})),
    );
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 1);
    let black = joined["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/ws");
    let mut ws = [
        socket(&at_a, &path, Some(&white), None).await,
        socket(&at_b, &path, Some(&black), None).await,
    ];
    let mut views = [view_at(&mut ws[0], 0).await, view_at(&mut ws[1], 0).await];
    // and someone watching through a, the relaying node
    let mut watcher = socket(&at_a, &path, None, None).await;
    assert_eq!(view_at(&mut watcher, 0).await["you"], json!(null));
    assert_eq!(views[1]["status"], "playing", "{}", views[1]);
    assert_eq!(views[1]["seats"][1]["name"], "B");
    // a wrong move through b is refused by the owner, with the owner's words
    let wrong = json!({"t": "act", "id": 1, "d": {"t": "move", "uci": "a1a1"}});
    ws[1]
        .send(Message::Text(wrong.to_string().into()))
        .await
        .unwrap();
    let refused = frame_where(&mut ws[1], "an error", |f| f["t"] == "error").await;
    assert_eq!(refused["d"]["code"], "refused", "{refused}");

    let mut acked = Vec::new();
    for ply in 0..12u64 {
        let mover = usize::from(views[1]["your_turn"] == true);
        assert_eq!(
            views[mover]["your_turn"], true,
            "ply {ply}: {}",
            views[mover]
        );
        let uci = views[mover]["legal"][0]["uci"]
            .as_str()
            .unwrap()
            .to_string();
        let id = 100 + ply;
        let act = json!({"t": "act", "id": id, "d": {"t": "move", "uci": uci}});
        ws[mover]
            .send(Message::Text(act.to_string().into()))
            .await
            .unwrap();
        // the frame of the move reaches the mover before its acknowledgement, on either node
        let update = frame_where(&mut ws[mover], "the move's update", |f| f["t"] == "update").await;
        let v = update["d"]["v"].as_u64().unwrap();
        let ack = frame_where(&mut ws[mover], "the ack", |f| f["d"]["id"] == json!(id)).await;
        assert_eq!(
            ack["t"], "ack",
            "ply {ply} ({uci}) through node {mover}: {ack}"
        );
        assert_eq!(ack["d"]["v"].as_u64(), Some(v));
        acked.push((v, uci));
        // and the other player, on the other node, sees it
        views[mover] = update["d"]["view"].clone();
        views[1 - mover] = view_at(&mut ws[1 - mover], v).await;
        assert_eq!(views[0]["v"], views[1]["v"]);
    }
    // Black resigns through b: the game ends, and White at a is told
    let resign = json!({"t": "act", "id": 999, "d": {"t": "resign"}});
    ws[1]
        .send(Message::Text(resign.to_string().into()))
        .await
        .unwrap();
    let ack = frame_where(&mut ws[1], "the resignation's ack", |f| f["d"]["id"] == 999).await;
    assert_eq!(ack["t"], "ack", "{ack}");
    let end = view_at(&mut ws[0], 13).await;
    assert_eq!(end["status"], "finished", "{end}");
    assert_eq!(end["over"], true);
    let watched = view_at(&mut watcher, 13).await;
    assert_eq!(watched["status"], "finished", "{watched}");
    assert_eq!(watched["you"], json!(null));
    // the game never left b, and its log holds every acknowledged move at its version
    assert_eq!(
        pg_text(&url, "SELECT node FROM leases WHERE game = $1", &id).as_deref(),
        Some("b")
    );
    assert_logged(&url, &id, &acked);
}

/// A signed-in player's seat is the account's on either node: Ann makes the game at a, Bob
/// takes his seat through b (which runs the game from then on), then plays from a with his
/// session alone, no token: through the relay, the owner finds his seat by his account.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_seat_plays_through_the_node_that_does_not_run_the_game() {
    let (_url, _nodes, [at_a, at_b]) = two_nodes("seats");
    let ann = signup(&at_a, "annx");
    let bob = signup(&at_b, "bobx");
    let body =
        json!({"kind": "quickchess", "options": {"variant": "quickchess", "color": "first"}});
    let (status, made) = http_as(&at_a, "POST", "/api/games", Some(body), &ann);
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let white = made["token"].as_str().unwrap().to_string();
    let (status, joined) = http_as(
        &at_b,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({})),
        &bob,
    );
    assert_eq!(status, 200, "{joined}");
    // Bob at a, by his session only: his seat, over the relay
    let (status, v) = http_as(&at_a, "GET", &format!("/api/games/{id}"), None, &bob);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["seat"], 1, "{v}");
    let path = format!("/api/games/{id}/ws");
    let mut bob_ws = socket(&at_a, &path, None, Some(&bob)).await;
    let first = frame_where(&mut bob_ws, "the state", |f| f["t"] == "state").await;
    assert_eq!(first["d"]["seat"], 1, "{first}");
    // White moves (by token, at b); Bob's socket at a sees it and answers by the session
    let white_view = node::seen(&at_b, &id, &white);
    let uci = white_view["view"]["legal"][0]["uci"]
        .as_str()
        .unwrap()
        .to_string();
    node::act(&at_b, &id, &white, json!({"t": "move", "uci": uci}));
    let seen = view_at(&mut bob_ws, 1).await;
    assert_eq!(seen["your_turn"], true, "{seen}");
    let uci = seen["legal"][0]["uci"].as_str().unwrap().to_string();
    let act = json!({"t": "act", "id": 7, "d": {"t": "move", "uci": uci}});
    bob_ws
        .send(Message::Text(act.to_string().into()))
        .await
        .unwrap();
    let ack = frame_where(&mut bob_ws, "the ack", |f| f["d"]["id"] == 7).await;
    assert_eq!(ack["t"], "ack", "{ack}");
    let after = node::seen(&at_b, &id, &white);
    assert_eq!(after["view"]["your_turn"], true, "{after}");
}

/// Reads lobby frames, keeping `seeks` as the page does (the whole lobby, then its changes),
/// until `pred` holds of them (10 s at most).
async fn seeks_until(
    ws: &mut Ws,
    seeks: &mut Vec<Value>,
    what: &str,
    pred: impl Fn(&[Value]) -> bool,
) {
    let wait = async {
        while !pred(seeks) {
            let msg = ws.next().await.expect("the socket closed").unwrap();
            let Message::Text(t) = msg else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            match v["t"].as_str() {
                Some("lobby") => *seeks = v["d"]["seeks"].as_array().unwrap().clone(),
                Some("lobby_diff") => {
                    let gone = v["d"]["remove"].as_array().unwrap();
                    seeks.retain(|s| !gone.contains(&s["id"]));
                    seeks.extend(v["d"]["add"].as_array().unwrap().iter().cloned());
                }
                _ => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or_else(|_| panic!("no {what} within 10 s"))
}

/// A guest's cookie.
fn guest(c: char) -> String {
    format!("tabula_guest={}", c.to_string().repeat(24))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_one_lobby_across_nodes() {
    let (_url, mut nodes, [at_a, at_b]) = two_nodes("lobby");
    let (ann, bob, cid) = (guest('a'), guest('b'), guest('c'));
    // Ann has the lobby open at a, Bob at b
    let mut ann_ws = socket(&at_a, "/api/lobby/ws", None, Some(&ann)).await;
    let mut bob_ws = socket(&at_b, "/api/lobby/ws", None, Some(&bob)).await;
    let lobby = |f: &Value| f["t"] == "lobby";
    frame_where(&mut ann_ws, "Ann's lobby", lobby).await;
    frame_where(&mut bob_ws, "Bob's lobby", lobby).await;
    let (mut ann_seeks, mut bob_seeks) = (Vec::new(), Vec::new());
    // Ann seeks through b (her lobby is open at a: b knows)
    // (b hears that her lobby is open over the database's notifications, a moment after a has
    // sent its first frame: on a loaded machine the seek may reach b first and is refused
    // with 409 until then)
    let spec = json!({"name": "Ann", "kind": "querni", "options": {}});
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let (status, made) = loop {
        let (status, made) = http_as(&at_b, "POST", "/api/lobby/seeks", Some(spec.clone()), &ann);
        if status != 409 || std::time::Instant::now() > deadline {
            break (status, made);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status, 200, "{made}");
    let seek = made["id"].as_str().unwrap().to_string();
    // both lobbies show it live: Ann's at a hears of it from b
    let has_seek = |s: &[Value]| !s.is_empty();
    seeks_until(&mut ann_ws, &mut ann_seeks, "the seek at a", has_seek).await;
    assert_eq!(ann_seeks[0]["mine"], true, "{ann_seeks:?}");
    seeks_until(&mut bob_ws, &mut bob_seeks, "the seek at b", has_seek).await;
    // Bob takes it through b; Ann, at a, is told her seat
    let taken = http_as(
        &at_b,
        "POST",
        &format!("/api/lobby/seeks/{seek}/accept"),
        Some(json!({"name": "Bob"})),
        &bob,
    );
    assert_eq!(taken.0, 200, "{}", taken.1);
    let paired = frame_where(&mut ann_ws, "Ann's pairing", |f| f["t"] == "paired").await;
    let game = taken.1["game"].as_str().unwrap();
    assert_eq!(paired["d"]["game"], game, "{paired}");
    // Ann plays it through a, though b made and runs it
    let token = paired["d"]["token"].as_str().unwrap();
    let (status, view) = http(
        &at_a,
        "GET",
        &format!("/api/games/{game}?token={token}"),
        None,
    );
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["seat"], paired["d"]["seat"]);

    // a seek of a player whose lobby was open on a node that is killed goes with that node
    let mut cid_ws = socket(&at_a, "/api/lobby/ws", None, Some(&cid)).await;
    frame_where(&mut cid_ws, "Cid's lobby", lobby).await;
    let spec = json!({"name": "Cid", "kind": "querni", "options": {}});
    let (status, made) = http_as(&at_a, "POST", "/api/lobby/seeks", Some(spec), &cid);
    assert_eq!(status, 200, "{made}");
    seeks_until(&mut bob_ws, &mut bob_seeks, "Cid's seek at b", |s| {
        s.iter().any(|s| s["name"] == "Cid")
    })
    .await;
    nodes[0].kill();
    seeks_until(
        &mut bob_ws,
        &mut bob_seeks,
        "the killed node's seek withdrawn",
        <[Value]>::is_empty,
    )
    .await;
    let (_, now) = http(&at_b, "GET", "/api/lobby", None);
    assert_eq!(now["seeks"], json!([]), "{now}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_rings_the_bell_open_on_the_other_node() {
    let (_url, _nodes, [at_a, at_b]) = two_nodes("bell");
    let (ann, bob) = (signup(&at_a, "bellann"), signup(&at_b, "bellbob"));
    // each has a page open on their own node: its bell rings once at once
    let ring = |f: &Value| f["t"] == "ring";
    let mut ann_bell = socket(&at_a, "/api/lobby/ws?bell=true", None, Some(&ann)).await;
    let mut bob_bell = socket(&at_b, "/api/lobby/ws?bell=true", None, Some(&bob)).await;
    frame_where(&mut ann_bell, "Ann's first ring", ring).await;
    frame_where(&mut bob_bell, "Bob's first ring", ring).await;
    // Ann challenges Bob through a: Bob's bell at b rings (and hers)
    let spec = json!({"to": "bellbob", "kind": "querni"});
    let (status, made) = http_as(&at_a, "POST", "/api/challenges", Some(spec), &ann);
    assert_eq!(status, 200, "{made}");
    frame_where(&mut bob_bell, "Bob's bell at b, rung from a", ring).await;
    frame_where(&mut ann_bell, "Ann's bell for her challenge", ring).await;
    // Bob declines through b: Ann's bell at a rings
    let id = made["id"].as_str().unwrap();
    let path = format!("/api/challenges/{id}/decline");
    let (status, answered) = http_as(&at_b, "POST", &path, Some(json!({})), &bob);
    assert_eq!(
        (status, answered["status"].as_str()),
        (200, Some("declined"))
    );
    frame_where(&mut ann_bell, "Ann's bell at a, rung from b", ring).await;
}
