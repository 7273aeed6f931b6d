//! Puzzle ratings that cannot be farmed (issue #54, item 6): a guest's wrong try shows the
//! solution, and then the same browser's account, an account from the same address, and an
//! account seen from that address today all solve it unrated; a stranger elsewhere solves it
//! rated; an account's rated tries stop at the day's limit; and a puzzle pool's leaderboard
//! lists only accounts with enough tries.

use crate::common;

use common::jar::Jar;
use common::{fresh_store, start_configured};
use serde_json::{Value, json};
use tabula_chess::puzzle::starter;
use tabula_server::{HttpConfig, Limits};

async fn server(per_day: u64) -> common::Server {
    let limits = Limits {
        rated_puzzles_per_day: per_day,
        ..Limits::default().unlimited_rates()
    };
    let s = start_configured(fresh_store().await, limits, HttpConfig::default()).await;
    tabula_server::puzzles::store_starters(&s.hub.ctx)
        .await
        .unwrap();
    s
}

/// A new account signed up in `jar` from 127.0.0.`from`.
async fn sign_up(s: &common::Server, jar: &mut Jar, from: u8, name: &str) {
    let a = jar
        .call_from(
            s.addr,
            from,
            "POST",
            "/api/auth/signup",
            Some(json!({"username": name, "password": "correct horse"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
}

/// A QuickChess puzzle asked for by `jar` from 127.0.0.`from`: its id, position and solution.
async fn next(s: &common::Server, jar: &mut Jar, from: u8) -> (String, String, Vec<String>) {
    let a = jar
        .call_from(
            s.addr,
            from,
            "GET",
            "/api/puzzles/next?game=quickchess",
            None,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let id = a.body["puzzle"]["id"].as_str().unwrap().to_string();
    let fen = a.body["puzzle"]["position"].as_str().unwrap().to_string();
    let solution = starter().into_iter().find(|p| p.id == id).unwrap().moves;
    (id, fen, solution)
}

/// The solver's moves of `solution` tried one after another by `jar` from `from`: the last
/// answer.
async fn solve(
    s: &common::Server,
    jar: &mut Jar,
    from: u8,
    id: &str,
    solution: &[String],
) -> Value {
    let path = format!("/api/puzzles/{id}/try");
    let mine: Vec<String> = solution.iter().step_by(2).cloned().collect();
    for k in 1..=mine.len() {
        let a = jar
            .call_from(
                s.addr,
                from,
                "POST",
                &path,
                Some(json!({"moves": mine[..k]})),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
        if a.body["verdict"] != "continue" {
            assert_eq!(a.body["verdict"], "solved", "{}", a.body);
            return a.body;
        }
    }
    panic!("puzzle {id} was never over");
}

/// A legal move of `fen` that is not `right` and does not mate.
fn wrong_move(fen: &str, right: &str) -> String {
    let variant = tabula_chess::Variant::parse("quickchess").unwrap();
    let pos = tabula_chess::AnyPosition::from_fen(variant, fen).unwrap();
    pos.legal_moves()
        .into_iter()
        .map(|m| pos.uci(&m))
        .find(|u| {
            let after = pos.play_uci(u).unwrap();
            u != right && !(after.is_check() && after.legal_moves().is_empty())
        })
        .expect("another legal move")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solution_shown_to_a_browser_or_an_address_counts_unrated_for_a_day() {
    let s = server(100).await;
    // a guest at 127.0.0.7 tries a puzzle and gets it wrong: the whole solution is shown
    let mut browser = Jar::default();
    let (id, fen, solution) = next(&s, &mut browser, 7).await;
    let a = browser
        .call_from(
            s.addr,
            7,
            "POST",
            &format!("/api/puzzles/{id}/try"),
            Some(json!({"moves": [wrong_move(&fen, &solution[0])]})),
        )
        .await;
    assert_eq!(a.body["verdict"], "wrong", "{}", a.body);
    assert_eq!(a.body["solution"], json!(solution));
    // the same browser signs up from another network and solves it: judged, unrated
    sign_up(&s, &mut browser, 8, "farmer").await;
    let done = solve(&s, &mut browser, 8, &id, &solution).await;
    assert_eq!(done["rated"], false, "{done}");
    assert_eq!(done["unrated"], "solution_seen", "{done}");
    assert_eq!(done["after"], done["before"]);
    // another browser at the same address: unrated too
    let mut second = Jar::default();
    sign_up(&s, &mut second, 7, "farmer2").await;
    let done = solve(&s, &mut second, 7, &id, &solution).await;
    assert_eq!(done["unrated"], "solution_seen", "{done}");
    // an account seen at that address today, solving it from elsewhere: unrated
    let mut third = Jar::default();
    sign_up(&s, &mut third, 9, "farmer3").await;
    next(&s, &mut third, 7).await;
    let done = solve(&s, &mut third, 10, &id, &solution).await;
    assert_eq!(done["unrated"], "solution_seen", "{done}");
    // a stranger elsewhere solves it rated, and gains
    let mut stranger = Jar::default();
    sign_up(&s, &mut stranger, 11, "stranger").await;
    let done = solve(&s, &mut stranger, 11, &id, &solution).await;
    assert_eq!(done["rated"], true, "{done}");
    assert!(done["unrated"].is_null(), "{done}");
    assert!(done["after"]["rating"].as_f64() > done["before"]["rating"].as_f64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_tries_stop_at_the_days_limit_and_the_leaderboard_wants_tries() {
    let s = server(2).await;
    let mut jar = Jar::default();
    sign_up(&s, &mut jar, 12, "daily").await;
    let mut answers = Vec::new();
    for _ in 0..3 {
        let (id, _, solution) = next(&s, &mut jar, 12).await;
        answers.push(solve(&s, &mut jar, 12, &id, &solution).await);
    }
    assert_eq!(answers[0]["rated"], true);
    assert_eq!(answers[1]["rated"], true);
    assert_eq!(answers[2]["rated"], false, "{}", answers[2]);
    assert_eq!(answers[2]["unrated"], "daily_limit");
    // two rated tries are too few for the puzzle leaderboard
    let (status, board) =
        common::http(s.addr, "GET", "/api/leaderboard/puzzles:quickchess", None).await;
    assert_eq!(status, 200, "{board}");
    assert_eq!(board["players"], json!([]), "{board}");
    let (_, pools) = common::http(s.addr, "GET", "/api/leaderboard", None).await;
    assert!(
        !pools["pools"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["pool"] == "puzzles:quickchess"),
        "{pools}"
    );
}
