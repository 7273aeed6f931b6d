//! Classes (issue #55): a teacher makes a class, makes children's accounts and takes a joined
//! one, gives an assignment of every kind of task, and the students meet each task by real
//! play through the API (a puzzle solved, a lesson game drawn against the computer, a card
//! solved in its minimum, a Learn chapter's game won, a game against a classmate); the
//! progress table shows it. Children's accounts are refused to strangers (chat, challenges,
//! follows, profiles) and play rated games only where their teacher allows.

use crate::common;

use common::jar::{Jar, play_resigned, signed_up};
use common::{Client, solve_cm, start};
use serde_json::{Value, json};
use std::net::SocketAddr;
use tabula_chess::puzzle::starter;

/// A browser signed in to `name` with `password`.
pub(crate) async fn logged_in(addr: SocketAddr, name: &str, password: &str) -> Jar {
    let mut j = Jar::default();
    let (status, e) = j
        .ask(
            addr,
            "POST",
            "/api/auth/login",
            Some(json!({"username": name, "password": password})),
        )
        .await;
    assert_eq!(status, 200, "{name} logs in: {e}");
    j
}

/// A class `teacher` makes: its id and code.
pub(crate) async fn class_made(
    addr: SocketAddr,
    teacher: &mut Jar,
    name: &str,
) -> (String, String) {
    let (status, made) = teacher
        .ask(addr, "POST", "/api/classes", Some(json!({"name": name})))
        .await;
    assert_eq!(status, 200, "{made}");
    (
        made["id"].as_str().unwrap().to_string(),
        made["code"].as_str().unwrap().to_string(),
    )
}

/// An account the teacher makes in class `id`, signed in with the password shown once.
pub(crate) async fn child(
    addr: SocketAddr,
    teacher: &mut Jar,
    id: &str,
    name: &str,
) -> (Jar, String) {
    let (status, made) = teacher
        .ask(
            addr,
            "POST",
            &format!("/api/classes/{id}/students"),
            Some(json!({"username": name})),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    assert_eq!(made["username"], name);
    let password = made["password"].as_str().unwrap().to_string();
    assert!(password.len() >= 8, "{password}");
    (logged_in(addr, name, &password).await, password)
}

/// A game against the computer that `jar` makes: its id and seat token.
async fn against_computer(
    addr: SocketAddr,
    jar: &mut Jar,
    options: Value,
    level: u8,
) -> (String, String) {
    let (status, made) = jar
        .ask(
            addr,
            "POST",
            "/api/games",
            Some(json!({"kind": "quickchess", "options": options, "bots": [level]})),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    (
        made["id"].as_str().unwrap().to_string(),
        made["token"].as_str().unwrap().to_string(),
    )
}

/// Plays White's side of a lesson game until its end: the distance solver's perfect move
/// where it knows the position, else the engine's best in 300 ms.
async fn play_perfectly(addr: SocketAddr, game: &str, token: &str) -> Value {
    let mut me = Client::connect(addr, game, Some(token)).await;
    for _ in 0..200 {
        if me.view["status"] == "finished" {
            return me.view;
        }
        if me.view["your_turn"] != true {
            me.until("my turn or the end", |v| {
                v["your_turn"] == true || v["status"] == "finished"
            })
            .await;
            continue;
        }
        let pos = common::post(
            addr,
            "/api/chess/position",
            json!({"variant": me.view["variant"], "fen": me.view["fen"], "analyse_ms": 300}),
        )
        .await;
        // the solver's perfect move where it knows the position, else a search's best
        let best = pos["solved"]["best"]
            .as_str()
            .or(pos["analysis"]["best"].as_str())
            .unwrap_or_else(|| panic!("no move: {pos}"))
            .to_string();
        me.act(json!({"t": "move", "uci": best})).await.unwrap();
    }
    panic!("the game did not end: {}", me.view);
}

/// Solves the first puzzle of QuickChess the server serves `jar` (its first rated try).
async fn puzzle_solved(addr: SocketAddr, jar: &mut Jar) {
    let (status, next) = jar
        .ask(addr, "GET", "/api/puzzles/next?game=quickchess", None)
        .await;
    assert_eq!(status, 200, "{next}");
    let id = next["puzzle"]["id"].as_str().unwrap().to_string();
    let solution = starter().into_iter().find(|p| p.id == id).unwrap().moves;
    // a try sends the solver's moves so far (the replies are the puzzle's)
    let mut played: Vec<String> = Vec::new();
    loop {
        played.push(solution[2 * played.len()].clone());
        let (status, a) = jar
            .ask(
                addr,
                "POST",
                &format!("/api/puzzles/{id}/try"),
                Some(json!({"moves": played})),
            )
            .await;
        assert_eq!(status, 200, "{a}");
        if a["verdict"] != "continue" {
            assert_eq!(a["verdict"], "solved", "{a}");
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_task_is_met_by_play_and_shown_in_the_progress() {
    let s = start().await;
    let a = s.addr;
    tabula_server::puzzles::store_starters(&s.hub.ctx)
        .await
        .unwrap();
    let mut signed = signed_up(a, &["Teach", "Sam", "Stranger"]).await;
    let mut stranger = signed.pop().unwrap();
    let mut sam = signed.pop().unwrap();
    let mut teach = signed.pop().unwrap();
    let (class, code) = class_made(a, &mut teach, "Class 3B").await;
    let (mut kid, _) = child(a, &mut teach, &class, "Kid_one").await;
    let (mut kid2, _) = child(a, &mut teach, &class, "Kid_two").await;
    // an existing account joins by the code, typed loosely
    let typed = format!("{}-{}", code[..4].to_lowercase(), &code[4..]);
    let (status, joined) = sam
        .ask(a, "POST", "/api/classes/join", Some(json!({"code": typed})))
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["role"], "student");
    assert!(joined["code"].is_null(), "a student is not shown the code");

    // the first card of a Check Mates run, and its minimum, known before the assignment
    let (status, run) = kid
        .ask(
            a,
            "POST",
            "/api/games",
            Some(
                json!({"kind": "checkmates-solo", "options": {"side": "sliding", "deck": "full"}}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{run}");
    let mut solo = Client::connect(a, run["id"].as_str().unwrap(), run["token"].as_str()).await;
    let first = solve_cm(
        a,
        "sliding",
        solo.view["board"].as_str().unwrap(),
        solo.view["task"].as_str().unwrap(),
    )
    .await;
    let difficulty = first.len();

    let tasks = json!([
        {"kind": "puzzles", "game": "quickchess", "count": 1},
        {"kind": "lesson", "variant": "power-pawns", "goal": "draw", "level": 1, "fen": "5/5/p1p2/P4/2P2/5 w - - 0 1"},
        {"kind": "cards", "game": "checkmates", "difficulty": difficulty, "count": 1},
        {"kind": "learn", "chapter": 2},
        {"kind": "games", "game": "quickchess", "count": 1, "against": "classmate"},
    ]);
    let (status, given) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/assignments"),
            Some(json!({"title": "Week 1", "tasks": tasks})),
        )
        .await;
    assert_eq!(status, 200, "{given}");

    // nothing done yet
    let (status, table) = teach
        .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
        .await;
    assert_eq!(status, 200, "{table}");
    let names: Vec<&str> = table["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Kid_one", "Kid_two", "Sam"]);
    for s in table["students"].as_array().unwrap() {
        assert!(
            s["tasks"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["done"] == 0),
            "{s}"
        );
    }

    // the play: a puzzle, the lesson position drawn, the card in its minimum, chapter 2's
    // game won, a game with a classmate
    puzzle_solved(a, &mut kid).await;
    // the teacher sees the child's puzzle tries; the child does not see a classmate's
    let tries = format!("/api/classes/{class}/students/Kid_one/puzzles");
    let (status, seen) = teach.ask(a, "GET", &tries, None).await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["tries"].as_array().unwrap().len(), 1, "{seen}");
    assert_eq!(seen["tries"][0]["solved"], true);
    let other = format!("/api/classes/{class}/students/Kid_two/puzzles");
    assert_eq!(kid.ask(a, "GET", &other, None).await.0, 403);
    let (game, token) = against_computer(
        a,
        &mut kid,
        json!({"variant": "power-pawns", "color": "white", "fen": "5/5/p1p2/P4/2P2/5 w - - 0 1"}),
        1,
    )
    .await;
    let end = play_perfectly(a, &game, &token).await;
    assert!(end["outcome"].as_str().unwrap().contains("Draw"), "{end}");
    for m in &first {
        solo.act(json!({"t": "move", "mv": m})).await.unwrap();
    }
    assert_eq!(
        solo.view["history"][0]["moves"],
        solo.view["history"][0]["optimum"]
    );
    // chapter 2's lesson game won from its start against the weakest level (a search beats
    // it nearly always; a game it does not win is played again, and does not count)
    let mut won = false;
    for _ in 0..3 {
        let options = json!({"variant": "power-pawns", "color": "white"});
        let (game, token) = against_computer(a, &mut kid, options, 1).await;
        let end = play_perfectly(a, &game, &token).await;
        if end["outcome"].as_str().unwrap().contains("White wins") {
            won = true;
            break;
        }
    }
    assert!(
        won,
        "a search won none of three lesson games against level 1"
    );
    play_resigned(
        a,
        &mut kid,
        &mut kid2,
        json!({"variant": "quickchess"}),
        false,
        &["c2c3", "c5c4"],
        1,
    )
    .await;
    // a game with a stranger is no game with a classmate
    play_resigned(
        a,
        &mut sam,
        &mut stranger,
        json!({"variant": "quickchess"}),
        false,
        &["c2c3"],
        1,
    )
    .await;

    let (_, table) = teach
        .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
        .await;
    let row = |name: &str| -> Vec<(u64, u64)> {
        table["students"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["username"] == name)
            .unwrap()["tasks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["done"].as_u64().unwrap(), t["of"].as_u64().unwrap()))
            .collect()
    };
    assert_eq!(row("Kid_one"), [(1, 1); 5], "{table}");
    assert_eq!(
        row("Kid_two"),
        [(0, 1), (0, 1), (0, 1), (0, 1), (1, 1)],
        "{table}"
    );
    assert_eq!(row("Sam"), [(0, 1); 5], "{table}");
    let kid_row = &table["students"][0]["tasks"];
    assert!(
        kid_row[1]["met"].is_u64() && kid_row[1]["ms"].is_u64(),
        "{kid_row}"
    );

    // the student's own list says it is done; the teacher's CSV has the row
    let (status, mine) = kid.ask(a, "GET", "/api/me/assignments", None).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["assignments"][0]["title"], "Week 1");
    assert_eq!(mine["assignments"][0]["done"], true, "{mine}");
    let csv = teach
        .call(
            a,
            "GET",
            &format!("/api/classes/{class}/progress.csv"),
            None,
        )
        .await;
    assert_eq!(csv.status, 200);
    let text = csv
        .body
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| csv.body.to_string());
    let kid_line = text
        .lines()
        .find(|l| l.starts_with("Kid_one,"))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(kid_line.matches("1/1").count(), 5, "{kid_line}");

    // the progress is the teachers' only
    let (status, e) = kid
        .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("teachers_only")),
        "{e}"
    );
    let (status, e) = stranger
        .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("class_members_only")),
        "{e}"
    );
    let (status, _) = Jar::default()
        .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
        .await;
    assert_eq!(status, 401);
}
