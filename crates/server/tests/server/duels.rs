//! Querni and QuickChess on a real server: whole games between two WebSocket clients, refused
//! moves that change nothing, the computer opponent, and Blind QuickChess's hidden setup.

use crate::common;

use common::{Client, Duel, create, duel, http, join, post, start};
use serde_json::{Value, json};
use tabula_chess::engine::{Engine, Limits, Unlimited};
use tabula_chess::{AnyPosition, Variant};
use tabula_querni::players::best_turn;
use tabula_querni::{Position, Searcher};

/// Plays a two-seat game to its end: whoever's turn it is sends `action(view)`, then both
/// seats wait until the game's record (`key`: the history or the move list, `done` entries
/// long at the call) has the new entry. Fails if the game has not ended within `limit`
/// entries.
async fn play_to_the_end(
    ann: &mut Client,
    bob: &mut Client,
    key: &str,
    mut done: usize,
    limit: usize,
    action: impl Fn(&Value) -> Value,
) {
    while ann.view["over"] != true {
        let mover = if ann.view["your_turn"] == true {
            &mut *ann
        } else {
            &mut *bob
        };
        assert_eq!(mover.view["your_turn"], true, "one of the seats is to move");
        mover.act(action(&mover.view)).await.unwrap();
        done += 1;
        assert!(done < limit, "the game should end within {limit} entries");
        for seat in [&mut *ann, &mut *bob] {
            seat.until("the new entry", |v| {
                v[key].as_array().unwrap().len() >= done
            })
            .await;
        }
    }
}

/// A good Querni turn for the side to move (the library's level 2).
fn querni_turn(view: &Value) -> String {
    let p = Position::parse(view["position"].as_str().unwrap()).unwrap();
    let t = best_turn(&p, 2, 1, &mut Searcher::new(10), &mut || false).turn();
    p.describe(t).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_querni_game_online_to_its_end() {
    let s = start().await;
    let (id, ann_token) = create(s.addr, "querni", json!({"color": "blue"}), json!([])).await;
    let mut ann = Client::connect(s.addr, &id, Some(&ann_token)).await;
    let bob_token = join(s.addr, &id, "Bob").await;
    let mut bob = Client::connect(s.addr, &id, Some(&bob_token)).await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    ann.until("the start", |v| v["status"] == "playing").await;
    assert_eq!(ann.view["sides"], json!({"blue": 0, "red": 1}));
    assert_eq!(ann.view["your_turn"], true);
    assert!(ann.view["legal"]["movements"].as_array().unwrap().len() > 20);
    assert_eq!(
        bob.view["legal"],
        Value::Null,
        "only the side to move gets its moves"
    );
    assert_eq!(watcher.view["legal"], Value::Null);

    // refused: out of turn, another seat's move, an illegal jump, nonsense; nothing changes
    let v0 = ann.version;
    let e = bob
        .act(json!({"t": "turn", "turn": "pass"}))
        .await
        .unwrap_err();
    assert!(e.contains("blue's turn"), "{e}");
    let e = ann
        .act(json!({"t": "turn", "turn": "c1:c5"}))
        .await
        .unwrap_err();
    assert!(e.contains("c1:c5"), "{e}");
    let e = ann
        .act(json!({"t": "turn", "turn": "j9-j8"}))
        .await
        .unwrap_err();
    assert!(!e.is_empty());
    let e = ann.act(json!({"t": "fly"})).await.unwrap_err();
    assert!(e.contains("unknown action"), "{e}");
    let e = ann
        .act(json!({"t": "turn", "side": "red", "turn": "pass"}))
        .await;
    // the side always comes from the seat: this is blue's pass, which is legal
    assert!(e.is_ok());
    assert_eq!(ann.version, v0 + 1);

    bob.until("the pass", |v| {
        v["history"].as_array().is_some_and(|h| h.len() == 1)
    })
    .await;
    play_to_the_end(
        &mut ann,
        &mut bob,
        "history",
        1,
        400,
        |view| json!({"t": "turn", "turn": querni_turn(view)}),
    )
    .await;
    let history: Vec<String> = ann.view["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["turn"].as_str().unwrap().to_string())
        .collect();
    assert!(
        history.iter().any(|t| t.contains(':')),
        "a jump: {history:?}"
    );
    assert!(
        history.iter().any(|t| t.contains('x')),
        "a chain removal: {history:?}"
    );
    watcher.until("the end", |v| v["over"] == true).await;
    assert_ne!(watcher.view["result"], "ongoing");
    // the replay shows every turn
    let (status, replay) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(status, 200);
    assert_eq!(
        replay["frames"].as_array().unwrap().len() as u64,
        ann.version + 1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn querni_against_the_computer_and_at_one_screen() {
    let s = start().await;
    let (id, token) = create(s.addr, "querni", json!({"color": "red"}), json!([2])).await;
    let mut ann = Client::connect(s.addr, &id, Some(&token)).await;
    // the computer plays blue and moves first
    ann.until("the computer's turn", |v| {
        v["history"].as_array().is_some_and(|h| !h.is_empty())
    })
    .await;
    assert_eq!(ann.view["history"][0]["side"], "blue");
    assert_eq!(ann.view["your_turn"], true);
    let t = querni_turn(&ann.view);
    ann.act(json!({"t": "turn", "turn": t})).await.unwrap();
    ann.until("the reply", |v| v["history"].as_array().unwrap().len() >= 3)
        .await;
    let (_, bad) = http(
        s.addr,
        "POST",
        "/api/games",
        Some(json!({"kind": "querni", "name": "Ann", "bots": [6]})),
    )
    .await;
    assert!(bad["error"].as_str().unwrap().contains("1 to 5"), "{bad}");

    // one screen: seat 0 plays both sides
    let (id, token) = create(s.addr, "querni-local", json!({}), json!([])).await;
    let mut both = Client::connect(s.addr, &id, Some(&token)).await;
    for _ in 0..2 {
        let t = querni_turn(&both.view);
        both.act(json!({"t": "turn", "turn": t})).await.unwrap();
    }
    assert_eq!(both.view["history"].as_array().unwrap().len(), 2);
    assert_eq!(both.view["your_turn"], true);
}

fn chess_move(view: &Value) -> String {
    let v = Variant::parse(view["variant"].as_str().unwrap()).unwrap();
    let p = AnyPosition::from_fen(v, view["fen"].as_str().unwrap()).unwrap();
    let mut e = Engine::new(1);
    let r = e.search_any(
        &p,
        &[],
        Limits {
            depth: Some(3),
            nodes: None,
        },
        &mut Unlimited,
    );
    p.uci(&r.best.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quickchess_lesson_game_online_to_its_end() {
    let s = start().await;
    let Duel {
        mut ann, mut bob, ..
    } = duel(
        s.addr,
        "quickchess",
        json!({"variant": "power-pawns", "color": "white"}),
    )
    .await;
    assert_eq!(ann.view["color"], "white", "{}", ann.view);
    assert_eq!(ann.view["legal"].as_array().unwrap().len(), 5);
    assert!(bob.view["legal"].as_array().unwrap().is_empty());

    let v0 = ann.version;
    let e = bob
        .act(json!({"t": "move", "uci": "a5a4"}))
        .await
        .unwrap_err();
    assert!(e.contains("white's turn"), "{e}");
    let e = ann
        .act(json!({"t": "move", "uci": "a2a5"}))
        .await
        .unwrap_err();
    assert!(e.contains("a2a5"), "{e}");
    let e = ann
        .act(json!({"t": "move", "uci": "a5a4", "player": "black"}))
        .await
        .unwrap_err();
    assert!(!e.is_empty(), "a black pawn is not white's to move");
    assert_eq!(ann.version, v0);

    play_to_the_end(
        &mut ann,
        &mut bob,
        "moves",
        0,
        300,
        |view| json!({"t": "move", "uci": chess_move(view)}),
    )
    .await;
    assert!(
        ann.view["outcome"].as_str().unwrap().contains("wins")
            || ann.view["outcome"].as_str().unwrap().contains("Draw")
    );
    assert!(ann.view["legal"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quickchess_against_the_computer_to_a_promotion_choice() {
    let s = start().await;
    let (id, token) = create(
        s.addr,
        "quickchess",
        json!({"variant": "quickchess"}),
        json!([1]),
    )
    .await;
    let mut ann = Client::connect(s.addr, &id, Some(&token)).await;
    assert_eq!(ann.view["color"], "white");
    ann.act(json!({"t": "move", "uci": "c2c3"})).await.unwrap();
    ann.until("the computer's reply", |v| {
        v["moves"].as_array().unwrap().len() == 2
    })
    .await;
    assert_eq!(ann.view["your_turn"], true);
    let (_, bad) = http(
        s.addr,
        "POST",
        "/api/games",
        Some(json!({"kind": "quickchess", "name": "A", "options": {"variant": "checkers"}})),
    )
    .await;
    assert!(bad["error"].as_str().unwrap().contains("checkers"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blind_quickchess_keeps_each_setup_hidden_until_the_reveal() {
    let s = start().await;
    let (id, ann_token) =
        create(s.addr, "quickchess", json!({"variant": "blind"}), json!([])).await;
    let mut ann = Client::connect(s.addr, &id, Some(&ann_token)).await;
    let bob_token = join(s.addr, &id, "Bob").await;
    let mut bob = Client::connect(s.addr, &id, Some(&bob_token)).await;
    let mut watcher = Client::connect(s.addr, &id, None).await;
    ann.until("the setup", |v| v["status"] == "playing").await;
    assert!(ann.view["setup"].is_object());
    let white = [
        ("K", "b1"),
        ("Q", "a1"),
        ("R", "e1"),
        ("B", "d1"),
        ("N", "c1"),
        ("P", "a2"),
        ("P", "b2"),
        ("P", "c2"),
        ("P", "d2"),
        ("P", "e2"),
    ];
    for (role, sq) in white {
        ann.act(json!({"t": "place", "role": role, "square": sq}))
            .await
            .unwrap();
    }
    // Bob and the watcher learn that White placed ten pieces, and nothing of what or where:
    // no frame they receive names a square of White's half or a piece
    for client in [&mut bob, &mut watcher] {
        let mut frames = Vec::new();
        while client.view["setup"]["counts"][0] != 10 {
            frames.push(client.frame().await);
        }
        assert!(frames.len() >= 10, "a frame per placement: {frames:?}");
        for f in &frames {
            assert_eq!(hidden_setup_leaks(f), Vec::<String>::new(), "{f}");
        }
        assert!(client.view["board"].as_array().unwrap().is_empty());
        assert!(client.view["fen"].is_null());
    }
    // the check can fail: White's own view shows the placements it hides from the others
    assert_eq!(ann.view["setup"]["yours"].as_array().unwrap().len(), 10);
    assert!(!hidden_setup_leaks(&ann.view).is_empty());
    let (_, replay) = http(s.addr, "GET", &format!("/api/games/{id}/replay"), None).await;
    assert_eq!(
        hidden_setup_leaks(&replay["frames"]),
        Vec::<String>::new(),
        "the replay must not show the setup either"
    );
    // a placement on the wrong half is refused
    let e = bob
        .act(json!({"t": "place", "role": "K", "square": "c1"}))
        .await
        .unwrap_err();
    assert!(!e.is_empty());
    let black = [
        ("K", "c6"),
        ("Q", "d6"),
        ("R", "a6"),
        ("B", "b6"),
        ("N", "e6"),
        ("P", "a5"),
        ("P", "b5"),
        ("P", "c5"),
        ("P", "d5"),
        ("P", "e5"),
    ];
    for (role, sq) in black {
        bob.act(json!({"t": "place", "role": role, "square": sq}))
            .await
            .unwrap();
    }
    watcher.until("the reveal", |v| v["setup"].is_null()).await;
    assert_eq!(watcher.view["board"].as_array().unwrap().len(), 20);
    assert!(
        watcher.view["fen"]
            .as_str()
            .unwrap()
            .starts_with("rbkqn/ppppp")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_and_the_querni_hint() {
    let s = start().await;
    let r = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "quickchess", "fen": "k4/2K2/5/5/5/4Q w - - 0 1", "analyse_ms": 300}),
    )
    .await;
    assert_eq!(r["analysis"]["score"]["mate"], 1, "{r}");
    assert!(r["analysis"]["best_san"].as_str().unwrap().ends_with('#'));
    let r = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "quickchess", "moves": ["c2c3", "c5c4"]}),
    )
    .await;
    assert_eq!(r["moves_san"], json!(["c3", "c4"]));
    assert!(r["analysis"].is_null());
    assert!(r["solved"].is_null(), "nothing known about an opening");
    assert_eq!(r["turn"], "white");
    // a lesson position the solver settles: its verdict and perfect move, then remembered
    let lesson = json!({"variant": "power-pawns", "fen": "5/p3p/P4/5/5/5 w - - 0 1"});
    let mut asked = lesson.clone();
    asked["analyse_ms"] = json!(300);
    let r = post(s.addr, "/api/chess/position", asked).await;
    assert_eq!(r["solved"]["text"], "solved: Black wins in 8 plies", "{r}");
    assert_eq!(r["solved"]["wdl"], "loss");
    assert_eq!(r["solved"]["best"], "0000");
    let r = post(s.addr, "/api/chess/position", lesson).await;
    assert_eq!(
        r["solved"]["text"], "solved: Black wins in 8 plies",
        "known without a search"
    );
    let (status, bad) = http(
        s.addr,
        "POST",
        "/api/chess/position",
        Some(json!({"variant": "quickchess", "moves": ["c2c3", "c2c4"]})),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        bad["error"].as_str().unwrap().starts_with("move 2 `c2c4`"),
        "{bad}"
    );
    // the lesson coach: kings-conquest's book knows its opening; Black's Kb6 throws the draw
    let r = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "kings-conquest", "moves": ["a2a3", "c6b6"], "coach": true}),
    )
    .await;
    assert_eq!(r["coach"]["value"], "win", "{r}");
    assert_eq!(r["coach"]["source"], "book");
    assert_eq!(
        r["coach"]["last"],
        json!({"mover": "black", "before": "draw", "after": "loss"})
    );
    let keeping = r["coach"]["keeping"].as_array().unwrap();
    assert!(!keeping.is_empty(), "{r}");
    assert_eq!(r["solved"]["kind"], "win", "the verdict without a distance");
    // a keeping move keeps it: the side left to move loses
    let first = keeping[0]["uci"].as_str().unwrap();
    let after = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "kings-conquest", "moves": ["a2a3", "c6b6", first], "coach": true}),
    )
    .await;
    assert_eq!(after["coach"]["value"], "loss", "{after}");
    assert_eq!(after["coach"]["last"]["after"], "win");
    // a game the coach does not take: nothing known, and no coach without asking
    let r = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "quickchess", "coach": true}),
    )
    .await;
    assert!(r["coach"]["value"].is_null(), "{r}");
    assert_eq!(r["coach"]["keeping"], json!([]));
    let r = post(
        s.addr,
        "/api/chess/position",
        json!({"variant": "kings-conquest"}),
    )
    .await;
    assert!(r.get("coach").is_none(), "{r}");
    let (status, bad) = http(
        s.addr,
        "POST",
        "/api/chess/position",
        Some(json!({"variant": "kings-conquest", "coach": "yes"})),
    )
    .await;
    assert_eq!(status, 400, "{bad}");
    assert!(bad["error"].as_str().unwrap().contains("coach"), "{bad}");
    let start_pos = Position::start(4).to_string();
    let hint = post(s.addr, "/api/querni/hint", json!({"position": start_pos})).await;
    let p = Position::parse(&start_pos).unwrap();
    assert!(p.play(hint["turn"].as_str().unwrap()).is_ok(), "{hint}");
    let (status, _) = http(
        s.addr,
        "POST",
        "/api/querni/hint",
        Some(json!({"position": "nonsense"})),
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_olympics_are_five_games_with_points_and_changing_colours() {
    let s = start().await;
    let Duel {
        mut ann, mut bob, ..
    } = duel(
        s.addr,
        "quickchess",
        json!({"variant": "olympics", "color": "white"}),
    )
    .await;
    let expected = [
        "rescue-the-queen+blasters",
        "quickchess",
        "kings-pro",
        "queens-pro",
        "blind",
    ];
    for (game, variant) in expected.iter().enumerate() {
        ann.until("the next game", |v| v["series"]["game"] == json!(game + 1))
            .await;
        bob.until("the next game", |v| v["series"]["game"] == json!(game + 1))
            .await;
        assert_eq!(ann.view["variant"], *variant);
        // Ann has White in games 1, 3 and 5
        let ann_white = game % 2 == 0;
        assert_eq!(ann.view["color"], if ann_white { "white" } else { "black" });
        if game < 4 {
            // one move each way, then the player with White resigns
            let (white, black) = if ann_white {
                (&mut ann, &mut bob)
            } else {
                (&mut bob, &mut ann)
            };
            let m = white.view["legal"][0]["uci"].as_str().unwrap().to_string();
            white.act(json!({"t": "move", "uci": m})).await.unwrap();
            black.until("its move", |v| v["your_turn"] == true).await;
            white.act(json!({"t": "resign"})).await.unwrap();
        } else {
            // Blind: resigning during the setup ends the last game
            ann.act(json!({"t": "resign"})).await.unwrap();
        }
    }
    ann.until("the end of the series", |v| v["series"]["over"] == true)
        .await;
    // White resigned every game: Bob won games 1, 3, 5 and Ann games 2 and 4
    assert_eq!(ann.view["series"]["points"], json!([2.0, 3.0]));
    assert_eq!(ann.view["series"]["winner"], 1);
    assert_eq!(ann.view["over"], true);
    assert_eq!(ann.view["series"]["results"].as_array().unwrap().len(), 5);
}

/// What in `v` would tell White's hidden setup: a square of White's half (`a1`-`e3`) standing
/// as a word in any text, or a piece letter as the value of a piece field. Identifiers are
/// skipped (a random game id may spell `b1`).
fn hidden_setup_leaks(v: &Value) -> Vec<String> {
    fn walk(key: &str, v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    walk(k, x, out);
                }
            }
            Value::Array(a) => a.iter().for_each(|x| walk(key, x, out)),
            Value::String(_) if key == "id" || key == "token" => {}
            Value::String(s) => {
                let words = s.split(|c: char| !c.is_ascii_alphanumeric());
                for w in words {
                    let b = w.as_bytes();
                    if b.len() == 2
                        && (b'a'..=b'e').contains(&b[0])
                        && (b'1'..=b'3').contains(&b[1])
                    {
                        out.push(format!("{key}: {s}"));
                    }
                }
                let piece = ["role", "piece", "placement", "placed"].contains(&key);
                if piece && s.chars().any(|c| "KQRBNP".contains(c)) {
                    out.push(format!("{key}: {s}"));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk("", v, &mut out);
    out
}
