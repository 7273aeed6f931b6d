//! Correspondence games (issue #30, item 8): a clock of days a move, checked; each player's
//! "your turn" list follows the moves and the bell rings for the player to move; the rating pool of its own; and a game whose mover let
//! the time run out while nobody had it open is ended by the sweeper.

use crate::common;

use common::bell::{bell, rings};
use common::jar::{seated_pair, signed_up};
use common::{act, request, seat_view, start};
use serde_json::{Value, json};
use tabula_server::ids::now_ms;
use tabula_server::model::{DAY_MS, GameOptions, Kind, Status};

/// The games waiting for `jar`'s move: the status and the list.
async fn turns(addr: std::net::SocketAddr, jar: &mut common::jar::Jar) -> (u16, Value) {
    jar.ask(addr, "GET", "/api/me/turns", None).await
}

#[tokio::test]
async fn the_turn_lists_follow_the_moves_of_a_correspondence_game() {
    let s = start().await;
    let mut jars = signed_up(s.addr, &["ann", "bob"]).await;
    let (mut ann, mut bob) = (jars.remove(0), jars.remove(0));
    // days a move, from the allowed ones only, and not beside minutes
    for (clock, word) in [
        (json!({"days": 4}), "days"),
        (json!({"days": 3, "initial_s": 60}), "initial_s"),
    ] {
        let body = json!({"kind": "quickchess", "options": {"clock": clock}});
        let (status, e) = ann.ask(s.addr, "POST", "/api/games", Some(body)).await;
        assert_eq!(status, 400, "{clock}: {e}");
        assert!(e.to_string().contains(word), "{clock}: {e}");
    }
    let body = json!({"kind": "arena", "game": "querni", "clock": {"days": 1}, "minutes": 30});
    let (status, e) = ann
        .ask(s.addr, "POST", "/api/tournaments", Some(body))
        .await;
    assert_eq!(status, 400, "{e}");
    assert!(e.to_string().contains("correspondence"), "{e}");

    let options = json!({"variant": "quickchess", "color": "first", "clock": {"days": 3}});
    let before = now_ms();
    let (id, ann_token, bob_token) = seated_pair(
        s.addr,
        &mut ann,
        &mut bob,
        json!({"kind": "quickchess", "options": options}),
    )
    .await;
    let v = seat_view(s.addr, &id, &ann_token).await;
    assert_eq!(v["color"], "white", "{v}");
    // White's turn: it is on Ann's list with three days to go, not on Bob's
    let (status, mine) = turns(s.addr, &mut ann).await;
    assert_eq!(status, 200, "{mine}");
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{mine}");
    assert_eq!(
        (games[0]["id"].as_str(), games[0]["opponent"].as_str()),
        (Some(id.as_str()), Some("bob"))
    );
    let deadline = games[0]["deadline"].as_u64().unwrap();
    assert!(
        deadline >= before + 3 * DAY_MS && deadline <= now_ms() + 3 * DAY_MS,
        "{mine}"
    );
    assert_eq!(turns(s.addr, &mut bob).await.1["games"], json!([]));
    // a game made by link: only the browsers that made and joined it hold its seats' tokens
    assert!(games[0]["seat"].is_null(), "{mine}");
    // Ann moves: Bob's bell rings (wherever he is on the site), the game moves to his list,
    // with three whole days from her move
    let mut bobs_bell = bell(s.addr, &bob.header()).await;
    rings(&mut bobs_bell, "Bob's (on opening)").await;
    let uci = v["legal"][0]["uci"].as_str().unwrap().to_string();
    let moved_at = now_ms();
    let a = act(s.addr, &id, &ann_token, json!({"t": "move", "uci": uci})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    rings(&mut bobs_bell, "Bob's (his turn)").await;
    assert_eq!(turns(s.addr, &mut ann).await.1["games"], json!([]));
    let theirs = turns(s.addr, &mut bob).await.1;
    assert_eq!(theirs["games"][0]["opponent"], "ann", "{theirs}");
    assert!(theirs["games"][0]["deadline"].as_u64().unwrap() >= moved_at + 3 * DAY_MS);
    // Bob's clock shows his whole allowance; Ann's is set back to hers
    let b = seat_view(s.addr, &id, &bob_token).await;
    assert_eq!(b["clock"]["white_ms"], 3 * DAY_MS, "{b}");
    // a challenge's correspondence game: the list hands each player their seat's token, to
    // play it from any device
    let body =
        json!({"to": "bob", "kind": "querni", "options": {"color": "first", "clock": {"days": 7}}});
    let (status, c) = ann.ask(s.addr, "POST", "/api/challenges", Some(body)).await;
    assert_eq!(status, 200, "{c}");
    let path = format!("/api/challenges/{}/accept", c["id"].as_str().unwrap());
    let (status, accepted) = bob.ask(s.addr, "POST", &path, Some(json!({}))).await;
    assert_eq!(status, 200, "{accepted}");
    let game = accepted["seat"]["id"].as_str().unwrap();
    // nobody opened it yet: its turn is written when its room first loads
    let _ = request(s.addr, 1, "GET", &format!("/api/games/{game}"), &[], None).await;
    let mine = turns(s.addr, &mut ann).await.1;
    let line = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == game)
        .unwrap_or_else(|| panic!("the challenge's game on Ann's list: {mine}"))
        .clone();
    let token = line["seat"]["token"].as_str().expect("a token");
    let v = seat_view(s.addr, game, token).await;
    assert_eq!(
        (v["you"].as_u64(), v["your_turn"].as_bool()),
        (Some(0), Some(true)),
        "{v}"
    );
    // a guest has no list
    let guest = request(s.addr, 1, "GET", "/api/me/turns", &[], None).await;
    assert_eq!(guest.status, 401);
    // its rating pool is its own
    let o: GameOptions = serde_json::from_value(options).unwrap();
    assert_eq!(
        tabula_server::players::ratings::pool(Kind::Quickchess, &o),
        "quickchess:correspondence"
    );
}

#[tokio::test]
async fn the_sweeper_ends_a_game_whose_mover_ran_out_of_days_while_nobody_looked() {
    let s = start().await;
    let ctx = &s.hub.ctx;
    let mut jars = signed_up(s.addr, &["cal", "dee"]).await;
    let mut ids = Vec::new();
    for name in ["cal", "dee"] {
        ids.push(ctx.store.account_by_name(name).await.unwrap().unwrap().id);
    }
    let options: GameOptions = serde_json::from_value(
        json!({"variant": "quickchess", "color": "first", "clock": {"days": 1}}),
    )
    .unwrap();
    let players = [(ids[0], "cal".to_string()), (ids[1], "dee".to_string())];
    let tokens = ctx.paired_seat_tokens().await.unwrap();
    let id = tabula_server::rooms::records::create_paired(
        ctx,
        Kind::Quickchess,
        options,
        false,
        &players,
        false,
        tokens,
    )
    .await
    .unwrap();
    // started two days ago, White never moved, nobody opened it: its deadline, a day after
    // the start, was written as it started
    let started = now_ms() - 2 * DAY_MS;
    tabula_server::rooms::records::start_record(ctx, &id, Kind::Quickchess, started)
        .await
        .unwrap();
    assert_eq!(
        ctx.store.deadline(&id).await.unwrap(),
        Some(started + DAY_MS)
    );
    // every node's sweeper opens it within a second or two: White's flag falls, Black wins,
    // the game is over in the store
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let g = ctx.store.game(&id).await.unwrap().unwrap();
        if g.status == Status::Finished {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the flag never fell");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (_, v) = jars[1]
        .ask(s.addr, "GET", &format!("/api/games/{id}"), None)
        .await;
    assert!(
        v["view"]["outcome"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("time"),
        "{v}"
    );
    // nothing is overdue any more: the game has no deadline now
    assert_eq!(ctx.store.deadline(&id).await.unwrap(), None);
    assert!(ctx.store.due_games(now_ms(), 10).await.unwrap().is_empty());
    assert_eq!(
        tabula_server::rooms::deadlines::sweep(&s.hub.rooms)
            .await
            .unwrap(),
        0
    );
}
