//! The opening explorer end to end: games played through the API counted by position (move
//! orders that meet counted at one position), the filters, a player's view, the latest games,
//! the exact value of a lesson position, a game counted once however often it is settled, and
//! bad queries refused with their parameter named.

use crate::common;

use common::jar::{play_resigned, signed_up};
use common::{act, request, start_limited};
use serde_json::{Value, json};
use tabula_server::Limits;
use tabula_server::store::explorer::{ExplorerFilter, ExplorerGame, Scope};

fn open() -> Limits {
    Limits::default().unlimited_rates()
}

async fn explore(addr: std::net::SocketAddr, query: &str) -> Value {
    let a = request(addr, 1, "GET", &format!("/api/explorer?{query}"), &[], None).await;
    assert_eq!(a.status, 200, "{query}: {}", a.body);
    a.body
}

/// The moves of an answer as `(uci, games, white, draws, black)`.
fn moves(v: &Value) -> Vec<(String, u64, u64, u64, u64)> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let n = |k: &str| m[k].as_u64().unwrap();
            let uci = m["uci"].as_str().unwrap().to_string();
            (uci, n("games"), n("white"), n("draws"), n("black"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_played_meet_in_the_explorer_by_position_with_every_filter() {
    let s = start_limited(open()).await;
    let mut jars = signed_up(s.addr, &["ann", "bob"]).await;
    let (ann, bob) = jars.split_at_mut(1);
    let (ann, bob) = (&mut ann[0], &mut bob[0]);
    let qc = json!({"variant": "quickchess"});
    // a rated game Black resigns, and a casual one White resigns, whose first moves reach one
    // position in two orders
    let rated = play_resigned(
        s.addr,
        ann,
        bob,
        qc.clone(),
        true,
        &["a2a3", "a5a4", "e2e3", "e5e4"],
        1,
    )
    .await;
    let casual = play_resigned(
        s.addr,
        ann,
        bob,
        qc.clone(),
        false,
        &["e2e3", "a5a4", "a2a3", "e5e4"],
        0,
    )
    .await;

    let start = explore(s.addr, "variant=quickchess").await;
    assert_eq!(
        (
            start["games"].as_u64(),
            start["white"].as_u64(),
            start["black"].as_u64()
        ),
        (Some(2), Some(1), Some(1)),
        "{start}"
    );
    let mut at_start = moves(&start);
    at_start.sort();
    assert_eq!(
        at_start,
        vec![("a2a3".into(), 1, 1, 0, 0), ("e2e3".into(), 1, 0, 0, 1)]
    );
    let sans: Vec<&str> = start["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert!(sans.contains(&"a3") && sans.contains(&"e3"), "{sans:?}");
    let recent: Vec<&str> = start["recent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        recent,
        vec![casual.as_str(), rated.as_str()],
        "newest first"
    );
    assert_eq!(start["recent"][0]["result"], "0-1");
    assert_eq!(start["recent"][1]["white"], "ann");

    // the two orders meet: the position after three plies counts both games once each
    let met = explore(s.addr, "variant=quickchess&moves=a2a3,a5a4,e2e3").await;
    assert_eq!(moves(&met), vec![("e5e4".into(), 2, 1, 0, 1)], "{met}");
    let other_order = explore(s.addr, "variant=quickchess&moves=e2e3,a5a4,a2a3").await;
    assert_eq!(other_order["moves"], met["moves"]);
    assert_eq!(other_order["fen"], met["fen"]);

    // rated only: the rated game, both players at the fresh 1500
    let rated_only = explore(s.addr, "variant=quickchess&rated=true").await;
    assert_eq!(moves(&rated_only), vec![("a2a3".into(), 1, 1, 0, 0)]);
    assert_eq!(rated_only["moves"][0]["rating"], 1500);
    // the casual game has the players' ratings then too: Ann's went up and Bob's down by as
    // much in the rated game, so their mean is still 1500
    let (ann_then, bob_then) = (
        &start["recent"][0]["white_rating"],
        &start["recent"][0]["black_rating"],
    );
    assert!(
        ann_then.as_u64() > Some(1500) && bob_then.as_u64() < Some(1500),
        "{start}"
    );
    let band = explore(s.addr, "variant=quickchess&ratings=1400-1600").await;
    assert_eq!(band["games"], 2, "{band}");
    let above = explore(s.addr, "variant=quickchess&ratings=1600-2000").await;
    assert_eq!(above["games"], 0);
    // speed classes: both games are untimed
    assert_eq!(
        explore(s.addr, "variant=quickchess&speeds=blitz,rapid").await["games"],
        0
    );
    assert_eq!(
        explore(s.addr, "variant=quickchess&speeds=untimed").await["games"],
        2
    );

    // one player's view, by colour
    let ann_white = explore(s.addr, "variant=quickchess&player=Ann&color=white").await;
    assert_eq!(ann_white["games"], 2, "{ann_white}");
    let ann_black = explore(s.addr, "variant=quickchess&player=ann&color=black").await;
    assert_eq!(ann_black["games"], 0);
    let bob_black = explore(
        s.addr,
        "variant=quickchess&player=bob&color=black&rated=true",
    )
    .await;
    assert_eq!(moves(&bob_black), vec![("a2a3".into(), 1, 1, 0, 0)]);
    assert_eq!(
        bob_black["moves"][0]["rating"], 1500,
        "the opponent's rating"
    );

    // another variant's games are its own
    assert_eq!(explore(s.addr, "variant=raging-rooks").await["games"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_s_games_wait_to_be_asked_for_and_lesson_positions_carry_their_value() {
    let s = start_limited(open()).await;
    let (id, token) = common::create(
        s.addr,
        "quickchess",
        json!({"variant": "raging-rooks", "color": "white"}),
        json!([1]),
    )
    .await;
    let a = act(s.addr, &id, &token, json!({"t": "move", "uci": "a2a3"})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let a = act(s.addr, &id, &token, json!({"t": "resign"})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let plain = explore(s.addr, "variant=raging-rooks").await;
    assert_eq!(
        plain["games"], 0,
        "against the computer: left out by default"
    );
    // the lesson book knows the start: a draw with best play
    assert_eq!(plain["value"]["kind"], "draw", "{plain}");
    let computer = explore(s.addr, "variant=raging-rooks&speeds=computer").await;
    assert_eq!(computer["games"], 1, "{computer}");
    assert_eq!(computer["moves"][0]["uci"], "a2a3");
    assert!(
        computer["moves"][0]["value"]["kind"].is_string(),
        "the position after a3 is in the book: {computer}"
    );
    assert_eq!(computer["recent"][0]["id"], id);
    // the engine's evaluation on request
    let engine = explore(s.addr, "variant=raging-rooks&speeds=computer&engine_ms=50").await;
    assert!(engine["moves"][0]["engine"].is_object(), "{engine}");
    assert!(computer["moves"][0].get("engine").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_counted_once_however_often_it_is_settled() {
    let store = common::fresh_store().await;
    let game = ExplorerGame {
        game: "g1".into(),
        variant: "quickchess".into(),
        names: ["ann".into(), "bob".into()],
        accounts: [None, None],
        ratings: [Some(1620), Some(1710)],
        result: 1,
        speed: "blitz".into(),
        rated: false,
        finished: 5,
        plies: vec![(7, "a2a3".into()), (8, "a5a4".into())],
    };
    // the games' table is the explorer's parent: a real game row first
    store
        .create_game(&tabula_server::store::GameRecord {
            id: "g1".into(),
            kind: tabula_server::model::Kind::Quickchess,
            config: Default::default(),
            seed: 1,
            created: 1,
            started: Some(1),
            status: tabula_server::model::Status::Finished,
            updated: 5,
        })
        .await
        .unwrap();
    assert!(store.count_game(&game).await.unwrap());
    assert!(!store.count_game(&game).await.unwrap(), "counted before");
    let all = ExplorerFilter {
        speeds: vec!["blitz".into()],
        rated_only: false,
        scope: Scope::All(Some((1600, 1700))),
    };
    let at = store.explorer_moves(7, &all).await.unwrap();
    assert_eq!(at.len(), 1);
    assert_eq!((at[0].games, at[0].draws), (1, 1));
    assert_eq!(at[0].rating_sum / at[0].rating_games, 1665);
    let recent = store.explorer_recent(8, &all, 5).await.unwrap();
    assert_eq!(recent.len(), 1);
    assert_eq!(recent[0].names, ["ann".to_string(), "bob".to_string()]);
    let other_band = ExplorerFilter {
        scope: Scope::All(Some((1700, 1800))),
        ..all
    };
    assert!(
        store
            .explorer_moves(7, &other_band)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_explorer_queries_name_what_is_wrong() {
    let s = start_limited(open()).await;
    for (query, status, cause, words) in [
        ("variant=go", 400, "bad_variant", "variant `go`"),
        ("", 400, "bad_query", "variant"),
        (
            "variant=quickchess&moves=a2a3,a2a3",
            400,
            "bad_moves",
            "move 2 `a2a3`",
        ),
        (
            "variant=quickchess&ratings=high",
            400,
            "bad_rating",
            "ratings",
        ),
        (
            "variant=quickchess&ratings=1800-1400",
            400,
            "bad_rating",
            "ratings",
        ),
        (
            "variant=quickchess&speeds=warp",
            400,
            "bad_query",
            "speeds: `warp`",
        ),
        (
            "variant=quickchess&color=white",
            400,
            "bad_query",
            "color: only with player",
        ),
        (
            "variant=quickchess&player=nobody",
            404,
            "no_player",
            "player `nobody`",
        ),
        (
            "variant=quickchess&fen=nonsense",
            400,
            "bad_position",
            "fen",
        ),
        (
            "variant=quickchess&colour=white",
            400,
            "bad_query",
            "colour",
        ),
    ] {
        let a = request(
            s.addr,
            1,
            "GET",
            &format!("/api/explorer?{query}"),
            &[],
            None,
        )
        .await;
        assert_eq!(a.status, status, "{query}: {}", a.body);
        assert_eq!(a.body["cause"], cause, "{query}: {}", a.body);
        let message = a.body["error"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{query}: {message}");
    }
}
