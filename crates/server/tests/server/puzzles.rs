//! Puzzles over HTTP (issue #29): a puzzle near the player's rating, each move judged by the
//! server, the ratings moved by Glicko-2 as skillratings computes it, a guest's rating kept
//! by the browser, and bad input refused with its reason.

use crate::common;

use common::jar::{Jar, signed_up};
use common::{request, start};
use serde_json::{Value, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::net::SocketAddr;
use tabula_chess::puzzle::starter;

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let a = request(addr, 1, "GET", path, &[], None).await;
    (a.status, a.body)
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let a = request(addr, 1, "POST", path, &[], Some(body)).await;
    (a.status, a.body)
}

fn glicko(v: &Value) -> Glicko2Rating {
    Glicko2Rating {
        rating: v["rating"].as_f64().unwrap(),
        deviation: v["deviation"].as_f64().unwrap(),
        volatility: v["volatility"].as_f64().unwrap(),
    }
}

/// The server's puzzle `id` as the starter set has it.
fn chess_solution(id: &str) -> Vec<String> {
    starter()
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("puzzle {id} is a starter puzzle"))
        .moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_solves_a_quickchess_puzzle_move_by_move_and_gains_rating() {
    let s = start().await;
    assert!(
        tabula_server::puzzles::store_starters(&s.hub.ctx)
            .await
            .unwrap()
            > 0
    );
    // a second start adds nothing
    assert_eq!(
        tabula_server::puzzles::store_starters(&s.hub.ctx)
            .await
            .unwrap(),
        0
    );
    let (status, next) = get(s.addr, "/api/puzzles/next?game=quickchess").await;
    assert_eq!(status, 200, "{next}");
    let id = next["puzzle"]["id"].as_str().unwrap().to_string();
    let solution = chess_solution(&id);
    assert_eq!(next["puzzle"]["solver_moves"], solution.len().div_ceil(2));
    // the answer never carries the solution
    assert!(
        !next.to_string().contains(&format!("\"{}\"", solution[0]))
            || next["puzzle"]["last"] == solution[0]
    );
    let before = next["rating"].clone();
    assert_eq!(before["rating"], 1500.0);
    let mut played: Vec<String> = Vec::new();
    let answer = loop {
        played.push(solution[2 * played.len()].clone());
        let (status, a) = post(
            s.addr,
            &format!("/api/puzzles/{id}/try"),
            json!({"moves": played, "rating": before}),
        )
        .await;
        assert_eq!(status, 200, "{a}");
        if a["verdict"] != "continue" {
            break a;
        }
        assert_eq!(a["reply"], solution[2 * played.len() - 1], "{a}");
    };
    assert_eq!(answer["verdict"], "solved", "{answer}");
    assert_eq!(answer["solution"], json!(solution));
    // a guest's rating moves as Glicko-2 says; the puzzle's does not
    let puzzle = starter().into_iter().find(|p| p.id == id).unwrap();
    let (expected, _) = glicko2(
        &glicko(&before),
        &Glicko2Rating {
            rating: f64::from(puzzle.rating),
            deviation: 200.0,
            volatility: Glicko2Rating::new().volatility,
        },
        &Outcomes::WIN,
        &Glicko2Config::new(),
    );
    let after = glicko(&answer["after"]);
    assert!((after.rating - expected.rating).abs() < 1e-9, "{answer}");
    assert!(after.rating > 1500.0);
    assert_eq!(answer["puzzle_rating"], puzzle.rating);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_s_first_try_moves_both_ratings_and_a_second_try_moves_none() {
    let s = start().await;
    tabula_server::puzzles::store_starters(&s.hub.ctx)
        .await
        .unwrap();
    let mut jars: Vec<Jar> = signed_up(s.addr, &["ann"]).await;
    let ann = &mut jars[0];
    let next = ann
        .call(s.addr, "GET", "/api/puzzles/next?game=quickchess", None)
        .await;
    assert_eq!(next.status, 200, "{}", next.body);
    assert_eq!(next.body["tried"], json!([0, 0]));
    let id = next.body["puzzle"]["id"].as_str().unwrap().to_string();
    let solution = chess_solution(&id);
    // a legal move that is not the solution's
    let fen = next.body["puzzle"]["position"].as_str().unwrap();
    let variant = tabula_chess::Variant::parse("quickchess").unwrap();
    let pos = tabula_chess::AnyPosition::from_fen(variant, fen).unwrap();
    let wrong = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.uci(&m))
        .find(|u| {
            let after = pos.play_uci(u).unwrap();
            *u != solution[0] && !(after.is_check() && after.legal_moves().is_empty())
        })
        .expect("another legal move");
    let path = format!("/api/puzzles/{id}/try");
    let a = ann
        .call(s.addr, "POST", &path, Some(json!({"moves": [wrong]})))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["verdict"], "wrong");
    assert_eq!(a.body["expected"], solution[0]);
    assert_eq!(a.body["rated"], true);
    let lost = a.body["after"]["rating"].as_f64().unwrap();
    assert!(lost < 1500.0, "{}", a.body);
    // the puzzle gained what the player lost, by the same formula
    assert!(
        a.body["puzzle_rating"].as_i64().unwrap()
            > i64::from(starter().into_iter().find(|p| p.id == id).unwrap().rating) - 1
    );
    let p = request(s.addr, 1, "GET", "/api/users/ann", &[], None)
        .await
        .body;
    let pool = p["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["pool"] == "puzzles:quickchess");
    assert!(pool.is_some(), "{p}");
    // trying again (now right) counts for nothing
    let a = ann
        .call(s.addr, "POST", &path, Some(json!({"moves": [solution[0]]})))
        .await;
    if a.body["verdict"] != "continue" {
        assert_eq!(a.body["rated"], false, "{}", a.body);
        assert_eq!(a.body["after"]["rating"].as_f64().unwrap(), lost);
    }
    // and the puzzle is not served to ann again
    for _ in 0..20 {
        let n = ann
            .call(s.addr, "GET", "/api/puzzles/next?game=quickchess", None)
            .await;
        assert_ne!(n.body["puzzle"]["id"], id.as_str());
    }
    let n = ann
        .call(s.addr, "GET", "/api/puzzles/next?game=quickchess", None)
        .await;
    assert_eq!(n.body["tried"], json!([1, 0]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_querni_puzzle_takes_one_turn_and_any_good_turn_solves_it() {
    let s = start().await;
    tabula_server::puzzles::store_starters(&s.hub.ctx)
        .await
        .unwrap();
    let (status, next) = get(s.addr, "/api/puzzles/next?game=querni&theme=win-at-once").await;
    assert_eq!(status, 200, "{next}");
    let id = next["puzzle"]["id"].as_str().unwrap();
    let set = tabula_querni::puzzle::starter();
    let puzzle = set.iter().find(|p| p.id == id).expect("a starter puzzle");
    assert!(
        puzzle
            .themes
            .contains(&tabula_querni::puzzle::QuerniTheme::WinAtOnce)
    );
    let path = format!("/api/puzzles/{id}/try");
    // every legal turn is judged the way the puzzle says
    let pos = tabula_querni::Position::parse(&puzzle.position).unwrap();
    let mut turns = Vec::new();
    tabula_querni::search::generate_turns(&pos, &mut turns);
    let bad = turns
        .iter()
        .map(|(t, _)| pos.describe(*t).to_string())
        .find(|t| puzzle.judge(t) == Ok(false))
        .expect("a turn that does not win");
    let (_, a) = post(s.addr, &path, json!({"moves": [bad]})).await;
    assert_eq!(a["verdict"], "wrong", "{a}");
    let (_, a) = post(s.addr, &path, json!({"moves": [puzzle.turn]})).await;
    assert_eq!(a["verdict"], "solved", "{a}");
    assert_eq!(a["themes"], json!(["win-at-once"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_puzzle_requests_say_what_is_wrong() {
    let s = start().await;
    tabula_server::puzzles::store_starters(&s.hub.ctx)
        .await
        .unwrap();
    let (status, e) = get(s.addr, "/api/puzzles/next?game=chess").await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = get(
        s.addr,
        "/api/puzzles/next?game=quickchess&rating=9000&deviation=50&volatility=0.06",
    )
    .await;
    assert_eq!(status, 400, "{e}");
    assert!(
        e["error"].as_str().unwrap_or_default().contains("Glicko-2")
            || e.to_string().contains("Glicko-2"),
        "{e}"
    );
    let (status, e) = get(s.addr, "/api/puzzles/next?game=quickchess&rating=1500").await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = get(
        s.addr,
        "/api/puzzles/next?game=quickchess&theme=%3Cscript%3E",
    )
    .await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = get(
        s.addr,
        "/api/puzzles/next?game=quickchess&theme=no-such-theme",
    )
    .await;
    assert_eq!(status, 404, "{e}");
    let (status, _) = post(
        s.addr,
        "/api/puzzles/nosuch/try",
        json!({"moves": ["a2a3"]}),
    )
    .await;
    assert_eq!(status, 404);
    let (_, next) = get(s.addr, "/api/puzzles/next?game=quickchess").await;
    let id = next["puzzle"]["id"].as_str().unwrap();
    let path = format!("/api/puzzles/{id}/try");
    let (status, e) = post(s.addr, &path, json!({"moves": []})).await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = post(s.addr, &path, json!({"moves": ["z9z9"]})).await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = post(s.addr, &path, json!({"moves": vec!["a2a3"; 40]})).await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = post(s.addr, &path, json!({"moves": ["a2a3"], "extra": 1})).await;
    assert_eq!(status, 400, "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_mined_for_its_puzzles_in_the_background() {
    let mut limits = tabula_server::Limits::default().unlimited_rates();
    limits.mine_puzzles = true;
    let s = common::start_limited(limits).await;
    // Black, a queen up, walks the queen into a knight's fork, and White resigns at once
    let start = "k4/5/4q/1N3/2P2/K4 b - - 0 1";
    let mut d = common::duel(
        s.addr,
        "quickchess",
        json!({"variant": "quickchess", "fen": start}),
    )
    .await;
    let (black, white) = if d.ann.view["color"] == "black" {
        (&mut d.ann, &mut d.bob)
    } else {
        (&mut d.bob, &mut d.ann)
    };
    black
        .act(json!({"t": "move", "uci": "e4e6"}))
        .await
        .unwrap();
    white.until("its move", |v| v["your_turn"] == true).await;
    white.act(json!({"t": "resign"})).await.unwrap();
    let variant = tabula_chess::Variant::parse("quickchess").unwrap();
    let after = tabula_chess::AnyPosition::from_fen(variant, start)
        .unwrap()
        .play_uci("e4e6")
        .unwrap();
    let id = tabula_chess::puzzle::Puzzle::id_of(&after.fen(), "b3c5");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(120);
    let found = loop {
        if let Some(p) = s.hub.ctx.store.puzzle(&id).await.unwrap() {
            break p;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the fork was not mined"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    assert_eq!(found.source.as_deref(), Some(d.id.as_str()));
    assert_eq!(found.solution[0], "b3c5");
    assert!(found.themes.contains(&"fork".to_string()), "{found:?}");
    // and served to players like any other
    let (status, a) = post(
        s.addr,
        &format!("/api/puzzles/{id}/try"),
        json!({"moves": ["b3c5"]}),
    )
    .await;
    assert_eq!(status, 200, "{a}");
    assert_ne!(a["verdict"], "wrong", "{a}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streak_s_tries_move_no_rating_and_querni_s_legal_turns_are_served() {
    let s = start().await;
    tabula_server::puzzles::store_starters(&s.hub.ctx)
        .await
        .unwrap();
    let (_, next) = get(s.addr, "/api/puzzles/next?game=quickchess&streak=3").await;
    let id = next["puzzle"]["id"].as_str().unwrap();
    let first = chess_solution(id)[0].clone();
    let (status, a) = post(
        s.addr,
        &format!("/api/puzzles/{id}/try"),
        json!({"moves": ["0000"], "streak": true}),
    )
    .await;
    // "0000" is no legal move here: refused, and nothing rated
    assert_eq!(status, 400, "{a}");
    let (_, a) = post(
        s.addr,
        &format!("/api/puzzles/{id}/try"),
        json!({"moves": [first], "streak": true}),
    )
    .await;
    if a["verdict"] == "solved" {
        assert_eq!(a["rated"], false, "{a}");
        assert_eq!(a["before"], a["after"], "{a}");
    }
    // the legal turns of a puzzle's Querni position, as a game's view lists them
    let q = &tabula_querni::puzzle::starter()[0];
    let (status, legal) = post(s.addr, "/api/querni/legal", json!({"position": q.position})).await;
    assert_eq!(status, 200, "{legal}");
    assert!(legal.to_string().contains("movements"), "{legal}");
    let (status, _) = post(s.addr, "/api/querni/legal", json!({"position": "nonsense"})).await;
    assert_eq!(status, 400);
}
