//! `POST /api/querni/coach` on a real server: a proved win with its distance and the turns
//! that keep it, a turn that kept the win and one that lost it, nothing claimed far from the
//! end, and bad requests named.

use crate::common;

use common::{http, post, start};
use serde_json::json;
use tabula_querni::Position;

/// Blue to move forces its win in two of its turns, by one turn only (b2-c1).
const WON_IN_TWO: &str = "10/10/10/k1j7/2ihL5/gN1MP5/1O8 b 0";

fn after(position: &str, turn: &str) -> String {
    Position::parse(position)
        .unwrap()
        .play(turn)
        .unwrap()
        .1
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_says_a_forced_win_and_judges_the_turn_that_kept_or_lost_it() {
    let s = start().await;
    let v = post(s.addr, "/api/querni/coach", json!({"position": WON_IN_TWO})).await;
    assert_eq!(v["win"], json!({"winner": "blue", "turns": 2}), "{v}");
    assert_eq!(v["keeping"], json!(["b2-c1"]), "{v}");
    assert!(v["last"].is_null(), "{v}");

    // the turn that keeps it: Blue wins with its next turn whatever Red does
    let kept = after(WON_IN_TWO, "b2-c1");
    let v = post(
        s.addr,
        "/api/querni/coach",
        json!({"position": kept, "before": WON_IN_TWO}),
    )
    .await;
    assert_eq!(v["win"], json!({"winner": "blue", "turns": 1}), "{v}");
    assert_eq!(
        v["last"],
        json!({"mover": "blue", "before": {"winner": "blue", "turns": 2}, "kept": true}),
        "{v}"
    );
    assert_eq!(
        v["keeping"],
        json!([]),
        "Red, to move, has no win to keep: {v}"
    );

    // a pass instead loses it, and hands Red a win in two with its own turns to keep it
    let passed = after(WON_IN_TWO, "pass");
    let v = post(
        s.addr,
        "/api/querni/coach",
        json!({"position": passed, "before": WON_IN_TWO}),
    )
    .await;
    assert_eq!(v["last"]["kept"], false, "{v}");
    assert_eq!(v["win"], json!({"winner": "red", "turns": 2}), "{v}");
    let keeping = v["keeping"].as_array().unwrap();
    assert!(!keeping.is_empty(), "{v}");
    for turn in keeping {
        let next = Position::parse(&passed)
            .unwrap()
            .play(turn.as_str().unwrap())
            .unwrap()
            .1;
        assert_eq!(
            tabula_querni::proof::prove(&next, 2, u64::MAX).verdict,
            tabula_querni::proof::Verdict::Wins {
                side: tabula_querni::Side::Red,
                turns: 1
            },
            "{turn}"
        );
    }

    // at the start nothing is proved, and the answer says how far it looked
    let v = post(
        s.addr,
        "/api/querni/coach",
        json!({"position": Position::start(3).to_string(), "ms": 50}),
    )
    .await;
    assert!(v["win"].is_null(), "{v}");
    assert!(v["keeping"].as_array().unwrap().is_empty(), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_coach_requests_name_what_is_wrong() {
    let s = start().await;
    for (body, words) in [
        (json!({"position": "nonsense"}), "position:"),
        (
            json!({"position": WON_IN_TWO, "before": "10/10 b 0"}),
            "before:",
        ),
        (
            json!({"position": WON_IN_TWO, "before": Position::start(1).to_string()}),
            "no turn leads from it",
        ),
        (json!({"position": WON_IN_TWO, "depth": 3}), "depth"),
    ] {
        let (status, v) = http(s.addr, "POST", "/api/querni/coach", Some(body.clone())).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(words), "{body}: {v}");
    }
}
