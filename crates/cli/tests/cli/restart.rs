//! `tabula serve` survives `kill -9`: every game is the same after a restart on the same
//! database, and the finished ones replay.

use crate::node;

use node::{act, game, http, join, post, seen, serve, stable, wait_for};
use serde_json::{Value, json};
use std::process::Command;

#[test]
fn games_survive_kill_dash_nine() {
    let dir = std::env::temp_dir().join(format!("tabula-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let (mut server, addr) = serve(&db);

    // a Royal Study solo run in progress, a Check Mates solo run, a party in a proof, a match
    let solo = post(
        &addr,
        "/api/games",
        json!({"kind": "royal-solo", "name": "Ann", "options": {"level": 2}}),
    );
    let (sid, stoken) = (
        solo["id"].as_str().unwrap().to_string(),
        solo["token"].as_str().unwrap().to_string(),
    );
    let view = http(
        &addr,
        "GET",
        &format!("/api/games/{sid}?token={stoken}"),
        None,
    )
    .1;
    let first = view["view"]["legal"][0].as_str().unwrap().to_string();
    post(
        &addr,
        &format!("/api/games/{sid}/act"),
        json!({"token": stoken, "action": {"t": "move", "mv": first}}),
    );
    post(
        &addr,
        &format!("/api/games/{sid}/act"),
        json!({"token": stoken, "action": {"t": "card", "card": null, "action": "turn+"}}),
    );

    let cm = post(
        &addr,
        "/api/games",
        json!({"kind": "checkmates-solo", "name": "Bo", "options": {"side": "sliding"}}),
    );
    let (cid, ctoken) = (
        cm["id"].as_str().unwrap().to_string(),
        cm["token"].as_str().unwrap().to_string(),
    );
    let legal = http(
        &addr,
        "GET",
        &format!("/api/games/{cid}?token={ctoken}"),
        None,
    )
    .1["view"]["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    post(
        &addr,
        &format!("/api/games/{cid}/act"),
        json!({"token": ctoken, "action": {"t": "move", "mv": legal}}),
    );

    let party = post(
        &addr,
        "/api/games",
        json!({"kind": "royal-match", "name": "Cy", "options": {"level": 3, "bonus": true}}),
    );
    let (pid, ptoken) = (
        party["id"].as_str().unwrap().to_string(),
        party["token"].as_str().unwrap().to_string(),
    );
    let friend = post(
        &addr,
        &format!("/api/games/{pid}/join"),
        json!({"name": "Di"}),
    );
    let ftoken = friend["token"].as_str().unwrap().to_string();
    post(
        &addr,
        &format!("/api/games/{pid}/act"),
        json!({"token": ptoken, "action": {"t": "announce", "bid": 30}}),
    );
    post(
        &addr,
        &format!("/api/games/{pid}/act"),
        json!({"token": ftoken, "action": {"t": "accept"}}),
    );
    let legal = http(
        &addr,
        "GET",
        &format!("/api/games/{pid}?token={ptoken}"),
        None,
    )
    .1["view"]["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    post(
        &addr,
        &format!("/api/games/{pid}/act"),
        json!({"token": ptoken, "action": {"t": "move", "mv": legal}}),
    );

    let ids = [
        (sid.clone(), stoken.clone()),
        (cid.clone(), ctoken.clone()),
        (pid.clone(), ptoken.clone()),
    ];
    let before: Vec<Value> = ids
        .iter()
        .map(|(id, t)| stable(http(&addr, "GET", &format!("/api/games/{id}?token={t}"), None).1))
        .collect();
    let replay_before = http(&addr, "GET", &format!("/api/games/{pid}/replay"), None).1;

    server.kill().unwrap(); // SIGKILL: no chance to flush or say goodbye
    server.wait().unwrap();

    let (mut server, addr) = serve(&db);
    let after: Vec<Value> = ids
        .iter()
        .map(|(id, t)| stable(http(&addr, "GET", &format!("/api/games/{id}?token={t}"), None).1))
        .collect();
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b, a, "the same game after the restart");
    }
    assert_eq!(
        http(&addr, "GET", &format!("/api/games/{pid}/replay"), None).1,
        replay_before
    );
    // and play goes on with the same tokens
    let legal = after[2]["view"]["legal"][0].as_str().unwrap().to_string();
    post(
        &addr,
        &format!("/api/games/{pid}/act"),
        json!({"token": ptoken, "action": {"t": "move", "mv": legal}}),
    );
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn duels_survive_kill_dash_nine_and_a_backup_taken_meanwhile_restores_them() {
    let dir = std::env::temp_dir().join(format!("tabula-restart-duels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let (mut server, addr) = serve(&db);

    // Querni against the computer, after one turn each
    let (q, qt) = game(
        &addr,
        json!({"kind": "querni", "name": "Q", "options": {"color": "blue"}, "bots": [1]}),
    );
    let turn = seen(&addr, &q, &qt)["view"]["legal"]["movements"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    act(&addr, &q, &qt, json!({"t": "turn", "turn": turn}));
    wait_for(&addr, &q, &qt, |v| v["your_turn"] == true);

    // QuickChess between two people, three plies in
    let (c, white) = game(
        &addr,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
    );
    let black = join(&addr, &c);
    for ply in 0..3 {
        let token = if ply % 2 == 0 { &white } else { &black };
        let uci = seen(&addr, &c, token)["view"]["legal"][0]["uci"]
            .as_str()
            .unwrap()
            .to_string();
        act(&addr, &c, token, json!({"t": "move", "uci": uci}));
    }

    // Blind QuickChess with the setup half placed: five white pieces, three black
    let (b, bw) = game(
        &addr,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "blind"}}),
    );
    let bb = join(&addr, &b);
    for (role, square) in [
        ("K", "c1"),
        ("Q", "d1"),
        ("R", "a1"),
        ("P", "a2"),
        ("P", "b2"),
    ] {
        act(
            &addr,
            &b,
            &bw,
            json!({"t": "place", "role": role, "square": square}),
        );
    }
    for (role, square) in [("K", "c6"), ("N", "e6"), ("P", "c5")] {
        act(
            &addr,
            &b,
            &bb,
            json!({"t": "place", "role": role, "square": square}),
        );
    }

    // the Olympics between games: game 1 resigned, game 2 not begun
    let (o, ow) = game(
        &addr,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "olympics"}}),
    );
    let ob = join(&addr, &o);
    act(&addr, &o, &ow, json!({"t": "resign"}));
    let series = seen(&addr, &o, &ob);
    assert_eq!(series["view"]["series"]["game"], 2, "{series}");

    let games = [
        (q.clone(), qt.clone()),
        (c.clone(), white.clone()),
        (c.clone(), black.clone()),
        (b.clone(), bw.clone()),
        (b.clone(), bb.clone()),
        (o.clone(), ow.clone()),
        (o.clone(), ob.clone()),
    ];
    let before: Vec<Value> = games.iter().map(|(id, t)| seen(&addr, id, t)).collect();

    // an online backup while the server runs
    let copy = dir.join("copy.db");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["site", "backup", "--db"])
        .arg(&db)
        .arg("--to")
        .arg(&copy)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("4 games"));

    server.kill().unwrap();
    server.wait().unwrap();

    // the same database after kill -9, and the backup: every game exactly as it was
    for path in [&db, &copy] {
        let (mut server, addr) = serve(path);
        let after: Vec<Value> = games.iter().map(|(id, t)| seen(&addr, id, t)).collect();
        for ((id, _), (b, a)) in games.iter().zip(before.iter().zip(&after)) {
            assert_eq!(b, a, "game {id} from {}", path.display());
        }
        server.kill().unwrap();
        server.wait().unwrap();
    }

    // and play goes on: the Blind setup is completed, the Olympics' second game begins
    let (mut server, addr) = serve(&db);
    for (role, square) in [
        ("B", "b1"),
        ("N", "e1"),
        ("P", "c2"),
        ("P", "d2"),
        ("P", "e2"),
    ] {
        act(
            &addr,
            &b,
            &bw,
            json!({"t": "place", "role": role, "square": square}),
        );
    }
    for (role, square) in [
        ("Q", "d6"),
        ("R", "a6"),
        ("B", "b6"),
        ("P", "a5"),
        ("P", "b5"),
        ("P", "d5"),
        ("P", "e5"),
    ] {
        act(
            &addr,
            &b,
            &bb,
            json!({"t": "place", "role": role, "square": square}),
        );
    }
    let revealed = seen(&addr, &b, &bw);
    assert!(revealed["view"]["setup"].is_null(), "{revealed}");
    assert_eq!(revealed["view"]["board"].as_array().unwrap().len(), 20);
    let view = seen(&addr, &o, &ow)["view"].clone();
    let mover = if view["your_turn"] == true { &ow } else { &ob };
    let uci = seen(&addr, &o, mover)["view"]["legal"][0]["uci"]
        .as_str()
        .unwrap()
        .to_string();
    act(&addr, &o, mover, json!({"t": "move", "uci": uci}));
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn clocks_keep_running_across_kill_dash_nine_and_a_flag_falls_at_its_own_time() {
    let dir = std::env::temp_dir().join(format!("tabula-restart-clocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let (mut server, addr) = serve(&db);

    // a five-minute game with a 2 s increment, four plies in (a side's clock starts with its
    // first move, which earns no increment: Black's second move does)
    let clock = json!({"initial_s": 300, "increment_s": 2});
    let (long, white) = game(
        &addr,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess", "clock": clock}}),
    );
    let black = join(&addr, &long);
    for token in [&white, &black, &white, &black] {
        let uci = seen(&addr, &long, token)["view"]["legal"][0]["uci"]
            .as_str()
            .unwrap()
            .to_string();
        act(&addr, &long, token, json!({"t": "move", "uci": uci}));
    }
    // a Querni game whose player has 2 s, against the computer
    let (short, st) = game(
        &addr,
        json!({"kind": "querni", "name": "Q", "options": {"color": "blue", "clock": {"initial_s": 2}}, "bots": [1]}),
    );
    // the player's first turn (free), then the computer's: from then on the 2 s run
    act(&addr, &short, &st, json!({"t": "turn", "turn": "pass"}));
    let answered = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while seen(&addr, &short, &st)["view"]["history"]
        .as_array()
        .map_or(0, Vec::len)
        < 2
    {
        assert!(
            std::time::Instant::now() < answered,
            "the computer's first turn"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let before = seen(&addr, &long, &white)["view"].clone();
    assert_eq!(before["clock"]["running"], "white");
    let black_left = before["clock"]["black_ms"].as_u64().unwrap();
    assert!(
        black_left > 300_000,
        "the increment was added: {black_left}"
    );

    server.kill().unwrap();
    server.wait().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2_500));
    let (mut server, addr) = serve(&db);

    // the running clock went on while the server was down; the other kept its time
    let after = seen(&addr, &long, &white)["view"].clone();
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["clock"]["running"], "white");
    assert_eq!(after["clock"]["black_ms"], black_left);
    let (w0, w1) = (
        before["clock"]["white_ms"].as_u64().unwrap(),
        after["clock"]["white_ms"].as_u64().unwrap(),
    );
    assert!(w1 + 2_500 <= w0 && w1 > 290_000, "{w0} then {w1}");
    // the flag of the short game fell during the outage: at its own time, on time
    let flagged = seen(&addr, &short, &st)["view"].clone();
    assert_eq!(flagged["over"], true, "{flagged}");
    assert_eq!(flagged["end"]["reason"], "timeout");
    assert_eq!(flagged["clock"]["blue_ms"], 0);
    let replay = http(&addr, "GET", &format!("/api/games/{short}/replay"), None).1;
    let frames = replay["frames"].as_array().unwrap();
    // the flag fell 2 s after the computer's turn gave blue the move
    let blue_to_move = frames[frames.len() - 2]["at"].as_u64().unwrap();
    assert_eq!(
        frames.last().unwrap()["at"].as_u64().unwrap(),
        blue_to_move + 2_000
    );
    // and play goes on with the clocks
    let uci = after["legal"][0]["uci"].as_str().unwrap().to_string();
    act(&addr, &long, &white, json!({"t": "move", "uci": uci}));
    assert_eq!(
        seen(&addr, &long, &white)["view"]["clock"]["running"],
        "black"
    );
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_or_emptied_database_is_refused_at_start_up() {
    let dir = std::env::temp_dir().join(format!("tabula-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = |db: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .output()
            .unwrap()
    };
    // not a database at all
    let junk = dir.join("junk.db");
    std::fs::write(&junk, vec![b'x'; 8192]).unwrap();
    let out = start(&junk);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot be read as a database") && err.contains("backup"),
        "{err}"
    );

    // a database that held a game, then emptied
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let (mut server, addr) = serve(&db);
    game(&addr, json!({"kind": "royal-solo"}));
    server.kill().unwrap();
    server.wait().unwrap();
    for side in ["-wal", "-shm"] {
        let mut name = db.as_os_str().to_owned();
        name.push(side);
        let _ = std::fs::remove_file(std::path::PathBuf::from(name));
    }
    std::fs::write(&db, b"").unwrap();
    let out = start(&db);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is empty") && err.contains("held games"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_stops_the_server_cleanly_and_every_acked_move_is_there_after() {
    let dir = std::env::temp_dir().join(format!("tabula-sigterm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let (mut server, addr) = serve(&db);
    let (id, white) = game(
        &addr,
        json!({"kind": "quickchess", "name": "Ann", "options": {"color": "white"}}),
    );
    let black = join(&addr, &id);
    let mut acked = Vec::new();
    for token in [&white, &black, &white, &black] {
        let view = seen(&addr, &id, token);
        let mv = view["view"]["legal"][0]["uci"]
            .as_str()
            .unwrap()
            .to_string();
        act(&addr, &id, token, json!({"t": "move", "uci": mv}));
        acked.push(mv);
    }
    let began = std::time::Instant::now();
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = loop {
        if let Some(s) = server.try_wait().unwrap() {
            break s;
        }
        assert!(
            began.elapsed() < std::time::Duration::from_secs(10),
            "no exit within 10 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(exit.success(), "SIGTERM exits 0: {exit:?}");
    let (mut again, addr) = serve(&db);
    let view = seen(&addr, &id, &white);
    let moves: Vec<&str> = view["view"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(moves, acked);
    let _ = again.kill();
    let _ = again.wait();
    std::fs::remove_dir_all(&dir).ok();
}
