//! Every clock ends its game on time, watched or not (issue #54, item 1): a game nobody ever
//! opens is aborted at its first move's limit, a game whose players left ends when the mover's
//! flag falls, both with no room held in memory by anyone; a Swiss event whose players walk
//! away from their games goes through every round; every tournament's games have a deadline
//! stored from their start. On SQLite, and on PostgreSQL in scripts/test.sh's second round.

use crate::common;

use common::jar::{Jar, signed_up, tournament_joined_by};
use common::{act, fresh_store, start_configured};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tabula_server::ids::now_ms;
use tabula_server::model::{GameOptions, Kind, Status};
use tabula_server::{HttpConfig, Limits};

/// A server whose rooms leave memory as soon as nobody is connected (so a game ends by the
/// store's deadline, not by a room that happens to be loaded).
async fn server() -> common::Server {
    let limits = Limits {
        idle: Duration::from_millis(300),
        shortest_arena: Duration::from_secs(5),
        ..Limits::default().unlimited_rates()
    };
    start_configured(fresh_store().await, limits, HttpConfig::default()).await
}

/// Waits until game `id` is over in the store; its record.
async fn finished(s: &common::Server, id: &str, within: Duration) {
    let began = Instant::now();
    loop {
        let g = s.hub.store.game(id).await.unwrap().unwrap();
        if g.status == Status::Finished {
            return;
        }
        assert!(began.elapsed() < within, "game {id} never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The outcome a spectator reads of game `id`.
async fn outcome(s: &common::Server, id: &str) -> String {
    let (status, v) = common::http(s.addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200, "{v}");
    v["view"]["outcome"]
        .as_str()
        .unwrap_or_default()
        .to_lowercase()
}

#[tokio::test]
async fn a_game_nobody_ever_opens_is_aborted_at_its_first_move_limit() {
    let s = server().await;
    let ctx = &s.hub.ctx;
    signed_up(s.addr, &["abe", "bea"]).await;
    let mut players = Vec::new();
    for name in ["abe", "bea"] {
        let id = ctx.store.account_by_name(name).await.unwrap().unwrap().id;
        players.push((id, name.to_string()));
    }
    let options: GameOptions = serde_json::from_value(
        json!({"variant": "quickchess", "color": "first", "clock": {"initial_s": 60}}),
    )
    .unwrap();
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
    // started 40 s ago by the server (as a tournament's pairing is), and never opened: its
    // first move's limit (30 s) was written as it started, and passed 10 s ago
    let started = now_ms() - 40_000;
    tabula_server::rooms::records::start_record(ctx, &id, Kind::Quickchess, started)
        .await
        .unwrap();
    assert_eq!(
        ctx.store.deadline(&id).await.unwrap(),
        Some(started + 30_000)
    );
    assert_eq!(s.hub.rooms.loaded_rooms(), 0, "nobody opened it");
    // a sweeper opens it within a second or two, and the game is aborted at the limit's own
    // time, not the sweep's
    finished(&s, &id, Duration::from_secs(10)).await;
    let log = ctx.store.log(&id).await.unwrap();
    assert_eq!(log.last().unwrap().at, started + 30_000, "{log:?}");
    assert!(outcome(&s, &id).await.contains("abort"));
    assert_eq!(ctx.store.deadline(&id).await.unwrap(), None);
    assert!(ctx.store.due_games(now_ms(), 10).await.unwrap().is_empty());
}

/// The first legal move of the seat `token` holds in game `id`, played.
async fn play_first_legal(s: &common::Server, id: &str, token: &str) {
    let v = common::seat_view(s.addr, id, token).await;
    let mv = v["legal"][0]["uci"]
        .as_str()
        .unwrap_or_else(|| panic!("no legal move in {v}"))
        .to_string();
    let a = act(s.addr, id, token, json!({"t": "move", "uci": mv})).await;
    assert_eq!(a.status, 200, "{}", a.body);
}

#[tokio::test]
async fn a_game_its_players_left_ends_when_the_movers_flag_falls() {
    let s = server().await;
    let mut jars = signed_up(s.addr, &["cyd", "dia"]).await;
    let (a, b) = jars.split_at_mut(1);
    let body = json!({"kind": "quickchess", "options": {"variant": "quickchess", "color": "first",
        "clock": {"initial_s": 2}}});
    let (id, first, second) = common::jar::seated_pair(s.addr, &mut a[0], &mut b[0], body).await;
    play_first_legal(&s, &id, &first).await;
    play_first_legal(&s, &id, &second).await;
    let moved = now_ms();
    // nobody is connected: the room leaves memory long before White's two seconds are up
    let began = Instant::now();
    while s.hub.rooms.loaded_rooms() > 0 {
        assert!(began.elapsed() < Duration::from_secs(5), "the room stayed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        now_ms() < moved + 2_000,
        "the room left too late to show anything"
    );
    let due = s
        .hub
        .store
        .deadline(&id)
        .await
        .unwrap()
        .expect("a deadline");
    assert!(due >= moved && due <= moved + 2_100, "{due} vs {moved}");
    finished(&s, &id, Duration::from_secs(10)).await;
    assert_eq!(s.hub.store.log(&id).await.unwrap().last().unwrap().at, due);
    assert!(outcome(&s, &id).await.contains("time"));
}

/// The tournament as player `jar` sees it.
async fn look(s: &common::Server, jar: &mut Jar, id: &str) -> Value {
    let (status, t) = jar
        .ask(s.addr, "GET", &format!("/api/tournaments/{id}"), None)
        .await;
    assert_eq!(status, 200, "{t}");
    t
}

#[tokio::test]
async fn a_swiss_event_whose_players_walk_away_goes_through_every_round() {
    let s = server().await;
    let names = ["sw0", "sw1", "sw2", "sw3"];
    let mut jars = signed_up(s.addr, &names).await;
    let spec = json!({"kind": "swiss", "game": "quickchess", "clock": {"initial_s": 2},
        "rounds": 2, "rated": false, "starts_in_s": 1});
    let id = tournament_joined_by(s.addr, &mut jars, spec).await;
    let began = Instant::now();
    let mut played = std::collections::HashSet::new();
    let last = loop {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the Swiss event never finished"
        );
        let mut view = Value::Null;
        for jar in jars.iter_mut() {
            view = look(&s, jar, &id).await;
            // each player makes one move in each new game, then walks away from it
            if let Some(game) = view["you"]["game"].as_object() {
                let (gid, token) = (
                    game["id"].as_str().unwrap().to_string(),
                    game["token"].as_str().unwrap().to_string(),
                );
                if !played.contains(&(gid.clone(), token.clone())) {
                    // a pairing is shown as it is written and started a moment later
                    let v = common::seat_view(s.addr, &gid, &token).await;
                    if v["your_turn"] == true {
                        play_first_legal(&s, &gid, &token).await;
                        played.insert((gid, token));
                    }
                }
            }
        }
        if view["status"] == "finished" {
            break view;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(last["round"], 2, "{last}");
    let games = last["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "two games a round: {games:?}");
    // every game was decided by a flag (White's, after both had moved), none left open
    for g in games {
        let gid = g["id"].as_str().unwrap();
        let record = s.hub.store.game(gid).await.unwrap().unwrap();
        assert_eq!(record.status, Status::Finished, "{g}");
        assert!(outcome(&s, gid).await.contains("time"), "{g}");
    }
    let points: f64 = last["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["score"].as_f64().unwrap())
        .sum();
    assert_eq!(points, 4.0, "a point a game: {last}");
}

#[tokio::test]
async fn every_tournament_game_has_a_deadline_from_its_start() {
    let s = server().await;
    let names = ["dl0", "dl1", "dl2", "dl3"];
    let mut jars = signed_up(s.addr, &names).await;
    let specs = [
        json!({"kind": "swiss", "game": "quickchess", "clock": {"initial_s": 60}, "rounds": 1,
            "starts_in_s": 1}),
        json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60}, "minutes": 5,
            "starts_in_s": 1}),
        json!({"kind": "arena", "game": "royal", "minutes": 5, "starts_in_s": 1}),
        json!({"kind": "parties", "game": "checkmates", "rounds": 1, "starts_in_s": 1}),
    ];
    for spec in specs {
        let id = tournament_joined_by(s.addr, &mut jars, spec.clone()).await;
        let began = Instant::now();
        let games = loop {
            assert!(
                began.elapsed() < Duration::from_secs(20),
                "{spec}: no games"
            );
            let t = look(&s, &mut jars[0], &id).await;
            let games: Vec<String> = t["games"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|g| g["id"].as_str().map(str::to_string))
                .collect();
            if !games.is_empty() {
                break games;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        for g in games {
            // started a moment after it is shown
            let began = Instant::now();
            loop {
                if let Some(due) = s.hub.store.deadline(&g).await.unwrap() {
                    assert!(due > now_ms(), "{spec}: {g} is due already");
                    break;
                }
                assert!(
                    began.elapsed() < Duration::from_secs(5),
                    "{spec}: game {g} has no deadline"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        // the players leave this one for the next
        for jar in jars.iter_mut() {
            let _ = jar
                .ask(
                    s.addr,
                    "POST",
                    &format!("/api/tournaments/{id}/withdraw"),
                    None,
                )
                .await;
        }
    }
}
