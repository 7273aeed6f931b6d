//! `tabula site migrate`: games played on SQLite go on, the same, on PostgreSQL.

use crate::node;

use node::{act, fresh_postgres_url, game, http, join, kill, seen, serve, serve_with, wait_for};
use serde_json::{Value, json};
use std::process::Command;

fn migrate(from: &std::path::Path, to: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["site", "migrate", "--from"])
        .arg(from)
        .args(["--to", to])
        .output()
        .unwrap()
}

#[test]
fn every_game_moves_from_sqlite_to_postgres_and_replays_identically() {
    let dir = std::env::temp_dir().join(format!("tabula-migrate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let (server, addr) = serve(&db);

    // QuickChess between two people, four plies in
    let (c, white) = game(
        &addr,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
    );
    let black = join(&addr, &c);
    for ply in 0..4 {
        let token = if ply % 2 == 0 { &white } else { &black };
        let uci = seen(&addr, &c, token)["view"]["legal"][0]["uci"]
            .as_str()
            .unwrap()
            .to_string();
        act(&addr, &c, token, json!({"t": "move", "uci": uci}));
    }
    // a QuickChess game that ended (one side resigned): the opening explorer counted it
    let (e, ew) = game(
        &addr,
        json!({"kind": "quickchess", "name": "E", "options": {"variant": "quickchess"}}),
    );
    let eb = join(&addr, &e);
    act(&addr, &e, &ew, json!({"t": "move", "uci": "a2a3"}));
    act(&addr, &e, &eb, json!({"t": "resign"}));
    let explorer = "/api/explorer?variant=quickchess";
    let counted = http(&addr, "GET", explorer, None).1;
    assert_eq!(counted["games"], 1, "{counted}");
    // Querni against the computer, after a turn each
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
    // a Royal Study solo run and a Check Mates solo run, a move in; a lobby waiting
    let (r, rt) = game(
        &addr,
        json!({"kind": "royal-solo", "name": "R", "options": {"level": 2}}),
    );
    let mv = seen(&addr, &r, &rt)["view"]["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    act(&addr, &r, &rt, json!({"t": "move", "mv": mv}));
    let (m, mt) = game(
        &addr,
        json!({"kind": "checkmates-solo", "name": "M", "options": {"side": "sliding"}}),
    );
    let mv = seen(&addr, &m, &mt)["view"]["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    act(&addr, &m, &mt, json!({"t": "move", "mv": mv}));
    let (l, lt) = game(
        &addr,
        json!({"kind": "royal-match", "name": "L", "options": {"level": 1}}),
    );

    let games = [(&c, &white), (&q, &qt), (&r, &rt), (&m, &mt), (&l, &lt)];
    let before: Vec<Value> = games.iter().map(|(id, t)| seen(&addr, id, t)).collect();
    let replays: Vec<Value> = games
        .iter()
        .map(|(id, _)| http(&addr, "GET", &format!("/api/games/{id}/replay"), None).1)
        .collect();
    kill(server);

    let url = fresh_postgres_url("migrate");
    // (the throw-away cluster trusts local users: the password is only there to be hidden)
    let with_password = url.replacen("tabula@", "tabula:s3cret@", 1);
    let out = migrate(&db, &with_password);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("games: 6"), "{said}");
    assert!(
        said.contains("checked: all 6 games read back with the same record, seats and log"),
        "{said}"
    );
    assert!(
        said.contains("tabula:***@") && !said.contains("s3cret"),
        "the password never shows: {said}"
    );

    // the same games, served from PostgreSQL, with the same tokens
    let (server, addr) = serve_with(&url, &[]);
    for ((id, t), b) in games.iter().zip(&before) {
        assert_eq!(&seen(&addr, id, t), b, "game {id} after the move");
    }
    for ((id, _), replay) in games.iter().zip(&replays) {
        let now = http(&addr, "GET", &format!("/api/games/{id}/replay"), None).1;
        assert_eq!(&now, replay, "the replay of {id}");
    }
    // the explorer's statistics came along (their SQLite tables have no row ids)
    assert_eq!(http(&addr, "GET", explorer, None).1, counted);
    // and play goes on there
    let uci = seen(&addr, &c, &white)["view"]["legal"][0]["uci"]
        .as_str()
        .unwrap()
        .to_string();
    let v = act(&addr, &c, &white, json!({"t": "move", "uci": uci}));
    assert_eq!(v["v"], 5, "{v}");
    kill(server);

    // a database that already holds games is not copied into
    let again = migrate(&db, &url);
    assert_eq!(again.status.code(), Some(1));
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("already holds games"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
