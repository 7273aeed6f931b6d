//! `POST /api/learn/exercise` on a real server: each kind's answer checked by the rules crate
//! and by the analysis board's legal moves, the same seed giving the same exercise, and the
//! refusals (400) that name what is wrong.

use crate::common;

use common::{http, post, start};
use serde_json::{Value, json};
use tabula_chess::geometry::Mini;
use tabula_chess::{Color, Position, Variant, parse_square};

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capture_all_states_a_minimum_its_solution_reaches() {
    let s = start().await;
    for (variant, seed) in [
        ("raging-rooks", 11u64),
        ("krazy-knights", 12),
        ("power-pawns", 13),
    ] {
        let ask = json!({"variant": variant, "kind": "capture-all", "seed": seed});
        let e = post(s.addr, "/api/learn/exercise", ask.clone()).await;
        assert_eq!(
            e,
            post(s.addr, "/api/learn/exercise", ask).await,
            "the same seed, the same exercise"
        );
        assert_eq!(
            (
                e["variant"].as_str(),
                e["kind"].as_str(),
                e["seed"].as_u64()
            ),
            (Some(variant), Some("capture-all"), Some(seed))
        );
        let solution = strings(&e["solution"]);
        assert_eq!(solution.len() as u64, e["minimum"].as_u64().unwrap(), "{e}");
        assert_eq!(strings(&e["solution_san"]).len(), solution.len());
        // the solution played by the rules with Black passing takes every pawn
        let v = Variant::parse(variant).unwrap();
        let mut p = Position::<Mini>::from_fen(v, e["fen"].as_str().unwrap()).unwrap();
        assert_eq!(
            p.by_color(Color::Black).count_ones() as usize,
            strings(&e["pawns"]).len()
        );
        assert_eq!(
            p.piece_at(parse_square::<Mini>(e["from"].as_str().unwrap()).unwrap())
                .map(|pc| pc.char().to_string()),
            Some(e["piece"].as_str().unwrap().to_string())
        );
        for m in &solution {
            p = p.play_uci(m).unwrap_or_else(|err| panic!("{m}: {err}"));
            p.set_turn(Color::White);
        }
        assert_eq!(p.by_color(Color::Black), 0, "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn king_squares_are_the_king_moves_the_analysis_board_refuses() {
    let s = start().await;
    for (variant, seed) in [("kings-conquest", 3u64), ("quickchess", 4)] {
        let e = post(
            s.addr,
            "/api/learn/exercise",
            json!({"variant": variant, "kind": "king-squares", "seed": seed}),
        )
        .await;
        let king = e["king"].as_str().unwrap();
        let pos = post(
            s.addr,
            "/api/chess/position",
            json!({"variant": variant, "fen": e["fen"]}),
        )
        .await;
        let mut allowed: Vec<String> = pos["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["from"] == king)
            .map(|m| m["to"].as_str().unwrap().to_string())
            .collect();
        allowed.sort();
        let forbidden = strings(&e["forbidden"]);
        let mut free: Vec<String> = strings(&e["neighbours"])
            .into_iter()
            .filter(|s| !forbidden.contains(s))
            .collect();
        free.sort();
        assert_eq!(allowed, free, "{e}");
        assert!(forbidden.len() >= 2, "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_what_is_wrong() {
    let s = start().await;
    for (body, says) in [
        (
            json!({"variant": "raging-rooks", "kind": "puzzle", "seed": 1}),
            "unknown variant `puzzle`",
        ),
        (
            json!({"variant": "rooks", "kind": "capture-all", "seed": 1}),
            "variant `rooks`",
        ),
        (
            json!({"variant": "quickchess", "kind": "capture-all", "seed": 1}),
            "no capture-all exercise",
        ),
        (
            json!({"variant": "raging-rooks", "kind": "king-squares", "seed": 1}),
            "no king-squares exercise",
        ),
        (
            json!({"variant": "raging-rooks", "kind": "capture-all", "seed": 9_007_199_254_740_992u64}),
            "seed 9007199254740992",
        ),
        (
            json!({"variant": "raging-rooks", "kind": "capture-all", "seed": -1}),
            "seed",
        ),
        (
            json!({"variant": "raging-rooks", "kind": "capture-all", "seed": 1, "answer": 3}),
            "answer",
        ),
        (
            json!({"variant": "raging-rooks", "kind": "capture-all"}),
            "seed",
        ),
    ] {
        let (status, r) = http(s.addr, "POST", "/api/learn/exercise", Some(body.clone())).await;
        assert_eq!(status, 400, "{body}: {r}");
        let error = r["error"].as_str().unwrap();
        assert!(error.contains(says), "{body}: {error}");
    }
}
