//! After the game (issue #29): a finished game's computer review, asked for over HTTP, made
//! on the thinking pool, stored once and served again; the games to take home as PGN (read
//! back by Tabula's reader and, for 8x8 chess, by shakmaty) and Querni's text.

use crate::common;

use common::{Client, create, duel, http, request, start};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tabula_chess::pgn::read_pgn;
use tabula_querni::players::best_turn;
use tabula_querni::{Position, Searcher};

/// Fool's mate between Ann (White) and Bob: White's 2. g4 allows the mate.
async fn fools_mate(addr: std::net::SocketAddr) -> String {
    let mut d = duel(
        addr,
        "quickchess",
        json!({"variant": "chess", "color": "white"}),
    )
    .await;
    d.ann
        .act(json!({"t": "move", "uci": "f2f3"}))
        .await
        .unwrap();
    d.bob
        .act(json!({"t": "move", "uci": "e7e5"}))
        .await
        .unwrap();
    d.ann
        .act(json!({"t": "move", "uci": "g2g4"}))
        .await
        .unwrap();
    d.bob
        .act(json!({"t": "move", "uci": "d8h4"}))
        .await
        .unwrap();
    d.ann.until("the mate", |v| v["over"] == true).await;
    d.id
}

/// Polls the review of `id` until it is made.
async fn review_of(addr: std::net::SocketAddr, id: &str) -> Value {
    let began = Instant::now();
    loop {
        let (status, body) = http(addr, "GET", &format!("/api/games/{id}/review"), None).await;
        match status {
            200 => {
                assert_eq!(body["status"], "done", "{body}");
                return body["review"].clone();
            }
            202 => assert!(
                body["status"] == "running" || body["place"].as_u64().is_some_and(|p| p >= 1),
                "{body}"
            ),
            other => panic!("GET review: {other} {body}"),
        }
        assert!(
            began.elapsed() < Duration::from_secs(120),
            "no review in 2 minutes"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_once_and_its_blunder_marked() {
    let s = common::start_limited(tabula_server::Limits {
        review_nodes: 20_000,
        ..tabula_server::Limits::default().unlimited_rates()
    })
    .await;
    let id = fools_mate(s.addr).await;
    // nothing asked for yet
    let (status, body) = http(s.addr, "GET", &format!("/api/games/{id}/review"), None).await;
    assert_eq!(status, 404, "{body}");
    assert!(body["error"].as_str().unwrap().contains("POST"), "{body}");
    let (status, body) = http(s.addr, "POST", &format!("/api/games/{id}/review"), None).await;
    assert!(status == 202 || status == 200, "{status} {body}");
    let review = review_of(s.addr, &id).await;
    let moves = review["moves"].as_array().unwrap();
    let played: Vec<&str> = moves.iter().map(|m| m["uci"].as_str().unwrap()).collect();
    assert_eq!(played, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    // 2. g4 allows the mate: a blunder, and the mate is what Black plays
    assert_eq!(moves[2]["san"], "g4");
    assert_eq!(moves[2]["class"], "blunder", "{}", moves[2]);
    assert_eq!(moves[2]["eval"], json!({"mate": -1}), "{}", moves[2]);
    assert_ne!(moves[2]["best"], "g2g4");
    assert_eq!(moves[3]["best"], "d8h4", "the engine finds the mate");
    assert_eq!(moves[3]["end"], "0-1");
    assert_eq!(moves[3]["class"], Value::Null);
    let (white, black) = (&review["accuracy"]["white"], &review["accuracy"]["black"]);
    assert!(
        white.as_f64().unwrap() < black.as_f64().unwrap(),
        "{white} {black}"
    );
    assert_eq!(review["marks"]["white"]["blunder"], 1);
    // asked again: the stored review at once, the same
    let (status, again) = http(s.addr, "POST", &format!("/api/games/{id}/review"), None).await;
    assert_eq!(status, 200);
    assert_eq!(again["review"], review);
    assert!(s.hub.store.review(&id).await.unwrap().is_some());

    // the PGN carries the review: evaluations and marks, beside the clocks' absence
    let a = request(s.addr, 1, "GET", &format!("/api/games/{id}/pgn"), &[], None).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.header("content-type"), Some("application/x-chess-pgn"));
    assert!(
        a.header("content-disposition")
            .unwrap()
            .contains(&format!("tabula-{id}.pgn"))
    );
    let text = a.body.as_str().unwrap().to_string();
    assert!(text.contains("g4??"), "{text}");
    assert!(text.contains("[%eval #-1]"), "{text}");
    assert!(
        text.contains("[Result \"0-1\"]") && text.contains("[White \"Ann\"]"),
        "{text}"
    );
    assert!(text.contains("[Termination \"Normal\"]"), "{text}");
    assert!(
        !text.contains("[Variant"),
        "chess from its start has no variant tag: {text}"
    );
    let games = read_pgn(&text).unwrap();
    assert_eq!(games[0].moves.len(), 4);
    assert_eq!(games[0].result, "0-1");
    // shakmaty, an independent reader, accepts every move
    use shakmaty::{Chess, Position as _, san::San};
    let mut pos = Chess::default();
    let movetext = text.split("\n\n").nth(1).unwrap();
    let mut sans = 0;
    for word in movetext.split_whitespace() {
        if word.ends_with('.') || word.starts_with('{') || word.ends_with('}') || word == "0-1" {
            continue;
        }
        let san: San = word.trim_end_matches(['?', '!']).parse().unwrap();
        let m = san.to_move(&pos).unwrap_or_else(|e| panic!("{word}: {e}"));
        pos.play_unchecked(&m);
        sans += 1;
    }
    assert_eq!(sans, 4);
    assert!(pos.is_checkmate());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_finished_quickchess_games_are_reviewed() {
    let s = start().await;
    let (status, body) = http(s.addr, "POST", "/api/games/nosuchgame/review", None).await;
    assert_eq!(status, 404, "{body}");
    let d = duel(s.addr, "quickchess", json!({"color": "white"})).await;
    let (status, body) = http(s.addr, "POST", &format!("/api/games/{}/review", d.id), None).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("not over"),
        "{body}"
    );
    let (solo, _) = create(s.addr, "royal-solo", json!({}), json!([])).await;
    // (a game of another kind: 400)
    let (status, body) = http(s.addr, "POST", &format!("/api/games/{solo}/review"), None).await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = http(s.addr, "GET", &format!("/api/games/{solo}/pgn"), None).await;
    assert_eq!(status, 400);
    // a QuickChess game being played downloads as it stands, with its variant and start
    let a = request(
        s.addr,
        1,
        "GET",
        &format!("/api/games/{}/pgn", d.id),
        &[],
        None,
    )
    .await;
    let text = a.body.as_str().unwrap();
    assert!(text.contains("[Variant \"quickchess\"]"), "{text}");
    assert!(
        text.contains("[SetUp \"1\"]") && text.contains("[Result \"*\"]"),
        "{text}"
    );
    assert_eq!(read_pgn(text).unwrap()[0].moves.len(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_querni_game_is_reviewed_on_its_own_scale() {
    let s = start().await;
    let (id, token) = create(s.addr, "querni-local", json!({}), json!([])).await;
    let mut both = Client::connect(s.addr, &id, Some(&token)).await;
    let mut turns = Vec::new();
    for _ in 0..4 {
        let p = Position::parse(both.view["position"].as_str().unwrap()).unwrap();
        let t = best_turn(&p, 2, 1, &mut Searcher::new(10), &mut || false).turn();
        let text = p.describe(t).to_string();
        both.act(json!({"t": "turn", "turn": text})).await.unwrap();
        turns.push(text);
    }
    // blue passes where it could play, then resigns
    both.act(json!({"t": "turn", "turn": "pass"}))
        .await
        .unwrap();
    turns.push("pass".into());
    both.act(json!({"t": "resign"})).await.unwrap();
    let (status, body) = http(s.addr, "POST", &format!("/api/games/{id}/review"), None).await;
    assert!(status == 202 || status == 200, "{status} {body}");
    let review = review_of(s.addr, &id).await;
    assert_eq!(review["game"], "querni");
    let reviewed = review["turns"].as_array().unwrap();
    let played: Vec<&str> = reviewed
        .iter()
        .map(|t| t["turn"].as_str().unwrap())
        .collect();
    assert_eq!(played, turns);
    assert_eq!(reviewed[0]["side"], "blue");
    for t in reviewed {
        let win = t["blue_win"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&win), "{t}");
        assert!(t["best"].is_string(), "{t}");
    }
    assert!(review["accuracy"]["blue"].as_f64().is_some());
    assert!(review["marks"]["red"]["blunder"].is_number());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_querni_game_downloads_as_text() {
    let s = start().await;
    let (id, token) = create(s.addr, "querni-local", json!({}), json!([])).await;
    let mut both = Client::connect(s.addr, &id, Some(&token)).await;
    let mut turns = Vec::new();
    for _ in 0..2 {
        let p = Position::parse(both.view["position"].as_str().unwrap()).unwrap();
        let t = best_turn(&p, 2, 1, &mut Searcher::new(10), &mut || false).turn();
        let text = p.describe(t).to_string();
        both.act(json!({"t": "turn", "turn": text})).await.unwrap();
        turns.push(text);
    }
    let a = request(s.addr, 1, "GET", &format!("/api/games/{id}/pgn"), &[], None).await;
    assert_eq!(a.status, 200);
    assert!(a.header("content-type").unwrap().starts_with("text/plain"));
    let text = a.body.as_str().unwrap();
    assert!(
        text.contains("[Game \"Querni\"]") && text.contains("[Start \""),
        "{text}"
    );
    assert!(text.contains(&format!("1. blue: {}", turns[0])), "{text}");
    assert!(text.contains(&format!("2. red: {}", turns[1])), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_games_download_in_one_file_and_rated_games_are_reviewed_at_once() {
    let limits = tabula_server::Limits {
        auto_review: true,
        review_nodes: 5_000,
        ..tabula_server::Limits::default().unlimited_rates()
    };
    let s = common::start_limited(limits).await;
    let (status, _) = http(s.addr, "GET", "/api/users/nobody/games.pgn", None).await;
    assert_eq!(status, 404);
    let mut jars = common::jar::signed_up(s.addr, &["ann", "bob"]).await;
    let created = jars[0]
        .call(
            s.addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "quickchess", "options": {"color": "white"}, "rated": true})),
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
    let mut w = Client::connect(s.addr, &id, created.body["token"].as_str()).await;
    let mut b = Client::connect(s.addr, &id, joined.body["token"].as_str()).await;
    for _ in 0..2 {
        w.until("white to move", |v| v["your_turn"] == true).await;
        let mv = w.view["legal"][0]["uci"].as_str().unwrap().to_string();
        w.act(json!({"t": "move", "uci": mv})).await.unwrap();
        b.until("black to move", |v| v["your_turn"] == true).await;
        let mv = b.view["legal"][0]["uci"].as_str().unwrap().to_string();
        b.act(json!({"t": "move", "uci": mv})).await.unwrap();
    }
    w.act(json!({"t": "resign"})).await.unwrap();
    // nobody asked: the rated game is reviewed all the same
    let review = review_of(s.addr, &id).await;
    assert_eq!(review["moves"].as_array().unwrap().len(), 4);
    let a = request(s.addr, 1, "GET", "/api/users/ann/games.pgn", &[], None).await;
    assert_eq!(a.status, 200, "{:?}", a.body);
    let text = a.body.as_str().unwrap();
    let games = read_pgn(text).unwrap();
    assert_eq!(games.len(), 1, "{text}");
    assert_eq!(games[0].tag("White"), Some("ann"));
    assert_eq!(games[0].tag("Event"), Some("Tabula Rated game"));
    assert_eq!(games[0].result, "0-1");
    assert!(text.contains("[%eval"), "the review is in the file: {text}");
}
