//! The player's table on a real server: clocks (free first moves, the increment, a flag that
//! falls, a loss on time in words), takebacks (asked and granted between friends, at once against the
//! computer and at one screen), rematches (both must agree; sides swapped; the same seat
//! tokens), the host's role passing to the next player, and a party closed once every
//! player has gone rather than played on by its bots.

use crate::common;

use common::{Client, Duel, create, duel, http, join, start, start_limited};
use serde_json::{Value, json};
use std::time::Duration;
use tabula_server::Limits;

/// The first legal move of a QuickChess view.
fn first_move(view: &Value) -> Value {
    json!({"t": "move", "uci": view["legal"][0]["uci"]})
}

fn ms(view: &Value, key: &str) -> u64 {
    view["clock"][key].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_game_starts_each_clock_after_its_first_move_and_ends_when_a_flag_falls() {
    let s = start().await;
    let clock = json!({"initial_s": 2, "increment_s": 1});
    let Duel {
        id,
        mut ann,
        mut bob,
        ..
    } = duel(
        s.addr,
        "quickchess",
        json!({"color": "white", "clock": clock}),
    )
    .await;
    // no clock runs before a side's first move: both are full
    let v = ann.view.clone();
    assert_eq!(v["clock"]["running"], Value::Null);
    assert_eq!(v["clock"]["initial_ms"], 2_000);
    assert_eq!(v["clock"]["increment_ms"], 1_000);
    assert_eq!((ms(&v, "white_ms"), ms(&v, "black_ms")), (2_000, 2_000));
    assert!(
        v["now"].is_u64(),
        "the server's time, for the client's clock"
    );
    let moves = |n: usize| move |v: &Value| v["moves"].as_array().unwrap().len() == n;
    // white's first move was free, and black's clock waits for black's first move
    tokio::time::sleep(Duration::from_millis(300)).await;
    ann.act(first_move(&ann.view)).await.unwrap();
    let v = bob.until("white's first move", moves(1)).await;
    assert_eq!(v["clock"]["running"], Value::Null);
    assert_eq!((ms(&v, "white_ms"), ms(&v, "black_ms")), (2_000, 2_000));
    // after black's first move only black's opponent's clock runs; black's is still full
    tokio::time::sleep(Duration::from_millis(300)).await;
    bob.act(first_move(&bob.view)).await.unwrap();
    let v = ann.until("black's first move", moves(2)).await;
    assert_eq!(v["clock"]["running"], "white");
    assert_eq!(ms(&v, "black_ms"), 2_000);
    assert!(ms(&v, "white_ms") <= 2_000);
    ann.act(first_move(&ann.view)).await.unwrap();
    let v = ann.until("white's second move", moves(3)).await;
    // white used a little of its 2 s and got 1 s back; black's clock runs
    let white = ms(&v, "white_ms");
    assert!((2_000..=3_000).contains(&white), "{white}");
    assert_eq!(v["clock"]["running"], "black");
    // black does not move: its flag falls after 2 s, and the game says so
    let v = bob.until("black's flag", |v| v["over"] == true).await;
    assert_eq!(v["end"]["reason"], "timeout");
    assert_eq!(v["end"]["winner"], "white");
    assert_eq!(v["end"]["flag"], "black");
    assert_eq!(v["result"], "1-0");
    assert!(
        v["outcome"].as_str().unwrap().ends_with("on time"),
        "{}",
        v["outcome"]
    );
    assert_eq!(
        (ms(&v, "black_ms"), &v["clock"]["running"]),
        (0, &Value::Null)
    );
    assert_eq!(ms(&v, "white_ms"), white, "the clocks stop at the end");
    // the replay has the start, the moves and the flag, with no quiet timer steps
    let (_, replay) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    let frames = replay["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 5, "{replay}");
    assert_eq!(frames[4]["action"]["t"], "tick");
    assert_eq!(frames[4]["events"][0]["t"], "game_over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_runs_out_of_time_against_the_computer_loses_on_time() {
    let s = start().await;
    let (id, token) = create(
        s.addr,
        "querni",
        json!({"color": "blue", "clock": {"initial_s": 1}}),
        json!([1]),
    )
    .await;
    let mut ann = Client::connect(s.addr, &id, Some(&token)).await;
    assert_eq!(
        ann.view["clock"]["running"],
        Value::Null,
        "first turns are free"
    );
    assert_eq!(
        (ms(&ann.view, "blue_ms"), ms(&ann.view, "red_ms")),
        (1_000, 1_000)
    );
    ann.act(json!({"t": "turn", "turn": "pass"})).await.unwrap();
    // the computer answers; then blue's clock runs out
    let v = ann.until("the flag", |v| v["over"] == true).await;
    assert_eq!(v["history"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(
        v["end"],
        json!({"result": "won", "winner": "red", "reason": "timeout"})
    );
    assert_eq!(v["clock"]["blue_ms"], 0);
    assert_eq!(v["result"], "red wins");
    let e = ann
        .act(json!({"t": "turn", "turn": "pass"}))
        .await
        .unwrap_err();
    assert!(e.contains("over"), "{e}");
    // a clock of 0 seconds, or of more than three hours, is refused
    for clock in [json!({"initial_s": 0}), json!({"initial_s": 10_801})] {
        let (status, body) = http(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "quickchess", "options": {"clock": clock}})),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert!(body["error"].as_str().unwrap().contains("clock.initial_s"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_and_one_screen_grant_a_takeback_at_once() {
    let s = start().await;
    let (id, token) = create(
        s.addr,
        "quickchess",
        json!({"variant": "power-pawns", "color": "white"}),
        json!([1]),
    )
    .await;
    let mut ann = Client::connect(s.addr, &id, Some(&token)).await;
    let e = ann.act(json!({"t": "offer_takeback"})).await.unwrap_err();
    assert!(e.contains("no move to take back"), "{e}");
    ann.act(first_move(&ann.view)).await.unwrap();
    ann.until("the computer's reply", |v| {
        v["moves"].as_array().unwrap().len() == 2 && v["your_turn"] == true
    })
    .await;
    assert!(
        ann.view["moves"][1]["fen"].is_string(),
        "each move has its position"
    );
    ann.act(json!({"t": "offer_takeback"})).await.unwrap();
    let v = ann
        .until("both moves taken back", |v| {
            v["moves"].as_array().unwrap().is_empty()
        })
        .await;
    assert_eq!(
        (&v["your_turn"], &v["takeback"]),
        (&json!(true), &Value::Null)
    );
    assert_eq!(v["fen"], v["start_fen"]);

    // at one screen the last move goes, whoever made it
    let (id, token) = create(s.addr, "querni-local", json!({}), json!([])).await;
    let mut both = Client::connect(s.addr, &id, Some(&token)).await;
    let start_position = both.view["position"].clone();
    // a step (a path of two squares): the shuffled start decides whether the first movement
    // listed is a jump
    let step = both.view["legal"]["movements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["path"].as_array().is_some_and(|p| p.len() == 2))
        .expect("some piece can step")
        .clone();
    both.act(json!({"t": "turn", "turn": step["text"]}))
        .await
        .unwrap();
    assert_eq!(both.view["turn"], "red");
    assert_eq!(both.view["history"][0]["path"].as_array().unwrap().len(), 2);
    both.act(json!({"t": "offer_takeback"})).await.unwrap();
    let v = both
        .until("the turn taken back", |v| {
            v["history"].as_array().unwrap().is_empty()
        })
        .await;
    assert_eq!(
        (&v["position"], &v["turn"]),
        (&start_position, &json!("blue"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_between_friends_is_asked_for_then_granted_or_refused() {
    let s = start().await;
    let Duel {
        id,
        mut ann,
        mut bob,
        ..
    } = duel(
        s.addr,
        "quickchess",
        json!({"variant": "power-pawns", "color": "white"}),
    )
    .await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    ann.act(first_move(&ann.view)).await.unwrap();
    bob.until("white's move", |v| v["your_turn"] == true).await;
    ann.act(json!({"t": "offer_takeback"})).await.unwrap();
    bob.until("the request", |v| v["takeback"] == "white").await;
    assert!(
        ann.act(json!({"t": "accept_takeback"})).await.is_err(),
        "nobody grants their own takeback"
    );
    assert!(
        watcher
            .act(json!({"t": "accept_takeback"}))
            .await
            .unwrap_err()
            .contains("spectators")
    );
    bob.act(json!({"t": "decline_takeback"})).await.unwrap();
    ann.until("the refusal", |v| v["takeback"].is_null()).await;
    assert_eq!(ann.view["moves"].as_array().unwrap().len(), 1);
    ann.act(json!({"t": "offer_takeback"})).await.unwrap();
    bob.until("the request again", |v| v["takeback"] == "white")
        .await;
    bob.act(json!({"t": "accept_takeback"})).await.unwrap();
    let v = ann
        .until("the move taken back", |v| {
            v["moves"].as_array().unwrap().is_empty()
        })
        .await;
    assert_eq!(v["your_turn"], true);
    watcher
        .until("the spectator sees it", |v| {
            v["moves"].as_array().is_some_and(Vec::is_empty) && v["takeback"].is_null()
        })
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_needs_both_players_and_swaps_the_sides() {
    let s = start().await;
    let options = json!({"variant": "chess", "color": "white", "clock": {"initial_s": 300, "increment_s": 5}});
    let Duel {
        mut ann,
        mut bob,
        ann_token,
        bob_token,
        ..
    } = duel(s.addr, "quickchess", options).await;
    let e = ann.act(json!({"t": "rematch"})).await.unwrap_err();
    assert!(e.contains("once the game is over"), "{e}");
    ann.act(json!({"t": "resign"})).await.unwrap();
    bob.until("the end", |v| v["over"] == true).await;
    assert_eq!(bob.view["end"]["reason"], "resignation");

    ann.act(json!({"t": "rematch"})).await.unwrap();
    bob.until("Ann's request", |v| v["table"]["rematch"] == json!([0]))
        .await;
    assert!(
        ann.act(json!({"t": "rematch"})).await.is_err(),
        "asked once"
    );
    bob.act(json!({"t": "decline_rematch"})).await.unwrap();
    ann.until("Bob's refusal", |v| v["table"]["declined"] == 1)
        .await;
    assert_eq!(ann.view["table"]["rematch"], json!([]));
    bob.act(json!({"t": "rematch"})).await.unwrap();
    ann.act(json!({"t": "rematch"})).await.unwrap();
    let v = bob
        .until("the rematch", |v| v["table"]["next"].is_string())
        .await;
    let next = v["table"]["next"].as_str().unwrap().to_string();
    assert_eq!(v["table"]["kind"], "quickchess");

    // the same tokens hold the same seats of the new game, with the colours swapped
    let mut ann2 = Client::connect(s.addr, &next, Some(&ann_token)).await;
    let bob2 = Client::connect(s.addr, &next, Some(&bob_token)).await;
    assert_eq!(ann2.view["status"], "playing");
    assert_eq!(
        (&ann2.view["you"], &ann2.view["color"]),
        (&json!(0), &json!("black"))
    );
    assert_eq!(
        (&bob2.view["you"], &bob2.view["color"]),
        (&json!(1), &json!("white"))
    );
    assert_eq!(ann2.view["variant"], "chess");
    assert_eq!(ann2.view["clock"]["initial_ms"], 300_000);
    assert_eq!(ann2.view["table"]["options"]["color"], "black");
    assert!(ann2.act(json!({"t": "rematch"})).await.is_err());
    // the old game keeps pointing to the new one
    assert!(
        ann.act(json!({"t": "rematch"}))
            .await
            .unwrap_err()
            .contains(&next)
    );

    // against the computer one request is enough
    let (id, token) = create(s.addr, "querni", json!({"color": "red"}), json!([1])).await;
    let mut solo = Client::connect(s.addr, &id, Some(&token)).await;
    solo.act(json!({"t": "resign"})).await.unwrap();
    solo.act(json!({"t": "rematch"})).await.unwrap();
    let v = solo
        .until("the rematch", |v| v["table"]["next"].is_string())
        .await;
    let again = Client::connect(s.addr, v["table"]["next"].as_str().unwrap(), Some(&token)).await;
    assert_eq!(again.view["sides"], json!({"blue": 0, "red": 1}));
    assert_eq!(again.view["seats"][1]["bot"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_role_passes_on_and_a_deserted_party_is_closed() {
    let limits = Limits {
        away: Duration::from_millis(600),
        ..Limits::default().unlimited_rates()
    };
    let s = start_limited(limits).await;
    let (id, ann_token) = create(
        s.addr,
        "checkmates-party",
        json!({"side": "sliding"}),
        json!([]),
    )
    .await;
    let ann = Client::connect(s.addr, &id, Some(&ann_token)).await;
    let bob_token = join(s.addr, &id, "Bob").await;
    let mut bob = Client::connect(s.addr, &id, Some(&bob_token)).await;
    assert_eq!(bob.view["host"], 0);
    let e = bob
        .request("lobby", json!({"op": "add_bot", "level": 6}))
        .await
        .unwrap_err();
    assert!(e.contains("only the host (seat 0)"), "{e}");
    drop(ann); // the host closes the page and does not come back
    tokio::time::sleep(Duration::from_millis(900)).await;
    bob.request("lobby", json!({"op": "add_bot", "level": 6}))
        .await
        .unwrap();
    assert_eq!(bob.view["host"], 1);
    bob.request("lobby", json!({"op": "start"})).await.unwrap();
    bob.until("the start", |v| v["phase"].is_object()).await;
    // Bob leaves too: the bot does not play the party alone
    drop(bob);
    let mut watcher = Client::connect(s.addr, &id, None).await;
    let v = watcher
        .until("the party's close", |v| v["table"]["closed"] == "deserted")
        .await;
    assert_eq!(v["over"], true);
    let (_, replay) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    let frames = replay["frames"].as_array().unwrap();
    assert_eq!(
        frames.last().unwrap()["view"]["table"]["closed"],
        "deserted"
    );
    let (_, recent) = http(s.addr, "GET", "/api/games/recent", None).await;
    let listed = recent
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .expect("the closed party is among the finished games");
    assert_eq!(listed["players"][1]["name"], "Bob");
}
