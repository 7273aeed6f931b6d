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
async fn logged_in(addr: SocketAddr, name: &str, password: &str) -> Jar {
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
async fn class_made(addr: SocketAddr, teacher: &mut Jar, name: &str) -> (String, String) {
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
async fn child(addr: SocketAddr, teacher: &mut Jar, id: &str, name: &str) -> (Jar, String) {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_childs_account_is_closed_to_strangers() {
    let s = start().await;
    let a = s.addr;
    let mut signed = signed_up(a, &["Teach", "Sam", "Stranger"]).await;
    let mut stranger = signed.pop().unwrap();
    let mut sam = signed.pop().unwrap();
    let mut teach = signed.pop().unwrap();
    let (class, code) = class_made(a, &mut teach, "Chess club").await;
    let (mut kid, _) = child(a, &mut teach, &class, "Kid_one").await;
    let (status, _) = sam
        .ask(a, "POST", "/api/classes/join", Some(json!({"code": code})))
        .await;
    assert_eq!(status, 200);

    // a stranger cannot follow, challenge, see the profile or the games of a class account
    let refused = |(status, e): (u16, Value)| {
        assert_eq!(
            (status, e["cause"].as_str()),
            (403, Some("class_account")),
            "{e}"
        );
    };
    refused(
        stranger
            .ask(a, "POST", "/api/users/Kid_one/follow", None)
            .await,
    );
    refused(
        stranger
            .ask(
                a,
                "POST",
                "/api/challenges",
                Some(json!({"to": "Kid_one", "kind": "quickchess", "options": {}})),
            )
            .await,
    );
    refused(stranger.ask(a, "GET", "/api/users/Kid_one", None).await);
    refused(
        stranger
            .ask(a, "GET", "/api/players/Kid_one/games", None)
            .await,
    );
    refused(
        Jar::default()
            .ask(a, "GET", "/api/users/Kid_one", None)
            .await,
    );
    // a joined account stays an ordinary one; classmates and teachers reach the child
    assert_eq!(
        stranger
            .ask(a, "POST", "/api/users/Sam/follow", None)
            .await
            .0,
        200
    );
    assert_eq!(
        sam.ask(a, "POST", "/api/users/Kid_one/follow", None)
            .await
            .0,
        200
    );
    assert_eq!(teach.ask(a, "GET", "/api/users/Kid_one", None).await.0, 200);
    assert_eq!(kid.ask(a, "GET", "/api/users/Kid_one", None).await.0, 200);

    // a game with a stranger (paired in the lobby, say) has a chat closed both ways
    let (game, _, kid_seat) = common::jar::seated_pair(
        a,
        &mut stranger,
        &mut kid,
        json!({"kind": "quickchess", "options": {"variant": "quickchess"}}),
    )
    .await;
    let chat = format!("/api/games/{game}/chat");
    refused(
        stranger
            .ask(a, "POST", &chat, Some(json!({"text": "hi kid"})))
            .await,
    );
    refused(
        kid.ask(a, "POST", &chat, Some(json!({"text": "hello"})))
            .await,
    );
    // nor does the child write where strangers read (a game's spectators' room); a reader of
    // it sees the messages of its classmates only
    let (watched, _, sam_seat) = common::jar::seated_pair(
        a,
        &mut stranger,
        &mut sam,
        json!({"kind": "quickchess", "options": {"variant": "quickchess"}}),
    )
    .await;
    let spectators = format!("/api/games/{watched}/chat");
    refused(
        kid.ask(a, "POST", &spectators, Some(json!({"text": "hello"})))
            .await,
    );
    let (_, read) = kid.ask(a, "GET", &spectators, None).await;
    assert_eq!(read["cannot_write"]["why"], "class_account", "{read}");
    assert_eq!(
        stranger
            .ask(a, "POST", &chat, Some(json!({"text": "x"})))
            .await
            .0,
        403
    );

    // the public lists name no class account: its finished game is not among the latest
    for (id, seat) in [(&game, &kid_seat), (&watched, &sam_seat)] {
        let end = common::act(a, id, seat, json!({"t": "resign"})).await;
        assert_eq!(end.status, 200, "{}", end.body);
    }
    let (_, recent) = stranger.ask(a, "GET", "/api/games/recent", None).await;
    let listed: Vec<&str> = recent
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(
        listed.contains(&watched.as_str()) && !listed.contains(&game.as_str()),
        "{recent}"
    );

    // rated games wait for the teacher's word
    let rated = json!({"kind": "quickchess", "options": {"variant": "quickchess"}, "rated": true});
    let (status, e) = kid.ask(a, "POST", "/api/games", Some(rated.clone())).await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("class_unrated")),
        "{e}"
    );
    let (status, e) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/settings"),
            Some(json!({"rated_games": true})),
        )
        .await;
    assert_eq!(status, 200, "{e}");
    assert_eq!(e["rated_games"], true);
    let (status, e) = kid.ask(a, "POST", "/api/games", Some(rated)).await;
    assert_eq!(status, 200, "{e}");

    // the class's rooms: news from the teachers; the students' room once the teacher opens it
    let news = format!("/api/classes/{class}/rooms/news");
    let room = format!("/api/classes/{class}/rooms/students");
    assert_eq!(
        teach
            .ask(a, "POST", &news, Some(json!({"text": "Homework is up"})))
            .await
            .0,
        200
    );
    let (status, e) = kid
        .ask(a, "POST", &news, Some(json!({"text": "me too"})))
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("teachers_only")),
        "{e}"
    );
    let (status, e) = kid
        .ask(a, "POST", &room, Some(json!({"text": "hi Sam"})))
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("student_chat_off")),
        "{e}"
    );
    teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/settings"),
            Some(json!({"student_chat": true})),
        )
        .await;
    assert_eq!(
        kid.ask(a, "POST", &room, Some(json!({"text": "hi Sam"})))
            .await
            .0,
        200
    );
    let (_, read) = sam.ask(a, "GET", &room, None).await;
    assert_eq!(read["messages"][0]["body"], "hi Sam", "{read}");
    let (_, read) = kid.ask(a, "GET", &news, None).await;
    assert_eq!(read["messages"][0]["body"], "Homework is up", "{read}");
    refused_to_stranger(a, &mut stranger, &news).await;
}

async fn refused_to_stranger(a: SocketAddr, stranger: &mut Jar, path: &str) {
    let (status, e) = stranger.ask(a, "GET", path, None).await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("class_members_only")),
        "{e}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teachers_manage_their_students_and_bad_requests_say_why() {
    let s = start().await;
    let a = s.addr;
    let mut signed = signed_up(a, &["Teach", "Helper", "Sam"]).await;
    let mut sam = signed.pop().unwrap();
    let mut helper = signed.pop().unwrap();
    let mut teach = signed.pop().unwrap();
    let (class, code) = class_made(a, &mut teach, "Tuesday group").await;
    let (mut kid, old) = child(a, &mut teach, &class, "Kid_one").await;
    sam.ask(a, "POST", "/api/classes/join", Some(json!({"code": code})))
        .await;

    // a password reset: the old one and its sessions end, the new one works
    let (status, reset) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/students/Kid_one/password"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{reset}");
    let new = reset["password"].as_str().unwrap();
    assert_ne!(new, old);
    assert_eq!(
        kid.ask(a, "GET", "/api/classes", None).await.0,
        401,
        "the old session ended"
    );
    let (status, _) = Jar::default()
        .ask(
            a,
            "POST",
            "/api/auth/login",
            Some(json!({"username": "Kid_one", "password": old})),
        )
        .await;
    assert_eq!(status, 401);
    let mut kid = logged_in(a, "Kid_one", new).await;
    let (_, list) = kid.ask(a, "GET", "/api/classes", None).await;
    assert_eq!(list["class_account"], true);
    assert_eq!(list["classes"][0]["name"], "Tuesday group");
    // an account its owner made keeps its password from the teacher
    let (status, e) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/students/Sam/password"),
            None,
        )
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (422, Some("not_class_account")),
        "{e}"
    );

    // a co-teacher sees the table; a student leaves; the last teacher cannot
    let (status, v) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/teachers"),
            Some(json!({"username": "Helper"})),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["teachers"], json!(["Helper", "Teach"]));
    assert_eq!(
        helper
            .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
            .await
            .0,
        200
    );
    assert_eq!(
        sam.ask(a, "POST", &format!("/api/classes/{class}/leave"), None)
            .await
            .0,
        200
    );
    assert_eq!(
        sam.ask(a, "GET", &format!("/api/classes/{class}"), None)
            .await
            .0,
        403
    );
    assert_eq!(
        helper
            .ask(a, "POST", &format!("/api/classes/{class}/leave"), None)
            .await
            .0,
        200
    );
    let (status, e) = teach
        .ask(a, "POST", &format!("/api/classes/{class}/leave"), None)
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (422, Some("last_teacher")),
        "{e}"
    );

    // removed, the child is out; restored, back
    let path = |change: &str| format!("/api/classes/{class}/students/Kid_one/{change}");
    assert_eq!(
        teach.ask(a, "POST", &path("remove"), None).await.1["standing"],
        "removed"
    );
    assert_eq!(
        kid.ask(a, "GET", &format!("/api/classes/{class}"), None)
            .await
            .0,
        403
    );
    let (status, e) = kid
        .ask(a, "POST", "/api/classes/join", Some(json!({"code": code})))
        .await;
    assert_eq!(
        status, 403,
        "a removed student comes back by a teacher's hand: {e}"
    );
    assert_eq!(
        teach.ask(a, "POST", &path("restore"), None).await.1["standing"],
        "active"
    );
    assert_eq!(
        kid.ask(a, "GET", &format!("/api/classes/{class}"), None)
            .await
            .0,
        200
    );
    assert_eq!(
        teach.ask(a, "POST", &path("archive"), None).await.1["standing"],
        "archived"
    );
    let (_, v) = teach
        .ask(a, "GET", &format!("/api/classes/{class}"), None)
        .await;
    assert_eq!(
        v["students"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["username"] == "Kid_one")
            .unwrap()["standing"],
        "archived"
    );
    assert_eq!(teach.ask(a, "POST", &path("restore"), None).await.0, 200);

    // an assignment given by mistake is removed: it leaves the table
    let assignments = format!("/api/classes/{class}/assignments");
    let body = json!({"title": "Oops", "tasks": [{"kind": "learn", "chapter": 3}]});
    let (status, given) = teach.ask(a, "POST", &assignments, Some(body)).await;
    assert_eq!(status, 200, "{given}");
    let removal = format!("{assignments}/{}/remove", given["id"].as_str().unwrap());
    let (status, e) = kid.ask(a, "POST", &removal, None).await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("teachers_only")),
        "{e}"
    );
    assert_eq!(teach.ask(a, "POST", &removal, None).await.0, 200);
    let (_, table) = teach
        .ask(a, "GET", &format!("/api/classes/{class}/progress"), None)
        .await;
    assert_eq!(table["assignments"], json!([]), "{table}");
    let (status, e) = teach.ask(a, "POST", &removal, None).await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (404, Some("no_assignment")),
        "{e}"
    );

    // bad requests name what and where
    let bad = |tasks: Value| json!({"title": "x", "tasks": tasks});
    for (body, words) in [
        (
            bad(json!([{"kind": "learn", "chapter": 1}])),
            "tasks[0].chapter",
        ),
        (
            bad(json!([{"kind": "lesson", "variant": "bishops", "goal": "draw", "level": 9}])),
            "tasks[0].level",
        ),
        (
            bad(json!([{"kind": "games", "game": "chess", "count": 1, "against": "computer"}])),
            "tasks[0].game",
        ),
        (
            bad(json!([{"kind": "puzzles", "game": "quickchess", "count": 0}])),
            "tasks[0].count",
        ),
        (
            bad(
                json!([{"kind": "cards", "game": "royal", "difficulty": 3, "count": 1, "extra": 1}]),
            ),
            "extra",
        ),
        (bad(json!([])), "tasks: 1 to 20"),
        (
            json!({"title": "x", "tasks": [{"kind": "learn", "chapter": 3}], "students": ["Nobody"]}),
            "students[0]",
        ),
        (
            json!({"title": "x", "tasks": [{"kind": "learn", "chapter": 3}], "due": 5}),
            "due",
        ),
    ] {
        let (status, e) = teach
            .ask(
                a,
                "POST",
                &format!("/api/classes/{class}/assignments"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, 400, "{body}: {e}");
        assert!(e["error"].as_str().unwrap().contains(words), "{words}: {e}");
    }
    let (status, e) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/students"),
            Some(json!({"username": "Sam"})),
        )
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (409, Some("name_taken")),
        "{e}"
    );
    let (status, e) = sam
        .ask(
            a,
            "POST",
            "/api/classes/join",
            Some(json!({"code": "NOPE2345"})),
        )
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (404, Some("no_class")),
        "{e}"
    );
    let (status, e) = kid
        .ask(a, "POST", "/api/classes", Some(json!({"name": "Mine"})))
        .await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (403, Some("class_account")),
        "{e}"
    );
    let (status, e) = teach.ask(a, "GET", "/api/classes/nosuch", None).await;
    assert_eq!(
        (status, e["cause"].as_str()),
        (404, Some("no_class")),
        "{e}"
    );
    let (status, _) = kid
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/students"),
            Some(json!({"username": "Kid_three"})),
        )
        .await;
    assert_eq!(status, 403, "a student makes no accounts");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_class_is_no_factory_of_accounts() {
    let limits = tabula_server::Limits {
        made_accounts: Some(tabula_server::limits::Rate::per_hour(2, 1)),
        ..tabula_server::Limits::default().unlimited_rates()
    };
    let s = common::start_limited(limits).await;
    let a = s.addr;
    let mut teach = signed_up(a, &["Teach"]).await.pop().unwrap();
    let (class, _) = class_made(a, &mut teach, "Big school").await;
    child(a, &mut teach, &class, "Kid_one").await;
    child(a, &mut teach, &class, "Kid_two").await;
    let (status, e) = teach
        .ask(
            a,
            "POST",
            &format!("/api/classes/{class}/students"),
            Some(json!({"username": "Kid_three"})),
        )
        .await;
    assert_eq!(status, 429, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("accounts made"),
        "{e}"
    );
    // nothing was made of the refused one
    let (status, _) = Jar::default()
        .ask(a, "GET", "/api/users/Kid_three", None)
        .await;
    assert_eq!(status, 404);
}
