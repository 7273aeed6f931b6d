//! The analysis board's PGN import (issue #29): `POST /api/chess/position {"pgn"}` plays a
//! pasted game's moves from its start, and says what is wrong with a bad one.

use crate::common;

use common::{post, request, start};
use serde_json::json;

const GAME: &str = r#"[Event "Casual game"]
[Variant "quickchess"]
[Result "*"]

1. b3 {[%clk 0:04:58]} b4 2. a3 (2. c3 c4) Nd4 $1 *
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_game_is_played_from_its_start_in_one_request() {
    let s = start().await;
    let v = post(s.addr, "/api/chess/position", json!({"pgn": GAME})).await;
    assert_eq!(v["variant"], "quickchess", "{v}");
    assert_eq!(
        v["start_fen"], "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1",
        "{v}"
    );
    assert_eq!(v["moves_san"], json!(["b3", "b4", "a3", "Nd4"]), "{v}");
    assert_eq!(v["moves_uci"].as_array().unwrap().len(), 4, "{v}");
    // the same moves given as UCI reach the same position
    let again = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "quickchess", "moves": v["moves_uci"]}),
    )
    .await;
    assert_eq!(again["fen"], v["fen"]);
    let bad = |body: serde_json::Value| async move {
        let a = request(s.addr, 1, "POST", "/api/chess/position", &[], Some(body)).await;
        (a.status, a.body.to_string())
    };
    let (status, e) = bad(json!({"pgn": GAME, "moves": ["b2b3"]})).await;
    assert_eq!(status, 400, "{e}");
    assert!(e.contains("comes alone"), "{e}");
    let (status, e) = bad(json!({"pgn": GAME, "variant": "chess"})).await;
    assert_eq!(status, 400, "{e}");
    assert!(e.contains("Variant tag"), "{e}");
    let (status, e) = bad(json!({"pgn": GAME.replace("Nd4", "Nd9")})).await;
    assert_eq!(status, 400, "{e}");
    assert!(e.contains("Nd9"), "{e}");
    let (status, e) = bad(json!({"moves": []})).await;
    assert_eq!(status, 400, "{e}");
    assert!(e.contains("variant: required"), "{e}");
}
