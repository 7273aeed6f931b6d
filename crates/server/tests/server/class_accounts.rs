//! Classes' accounts and their keeping (issue #55): a child's account closed to strangers
//! (chat, challenges, follows, profiles, the public lists), rated games at the teacher's word,
//! the class's rooms; teachers resetting passwords, removing, archiving and restoring
//! students, co-teachers, assignments removed; refusals that say why; the bound on accounts
//! made.

use crate::classes::{child, class_made, logged_in};
use crate::common;

use common::jar::{Jar, signed_up};
use common::start;
use serde_json::{Value, json};
use std::net::SocketAddr;

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
