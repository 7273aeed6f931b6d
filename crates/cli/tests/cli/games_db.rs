//! A damaged game in the database: found when the server starts (and by `tabula site check-games`),
//! listed with the command that exports it, and exported by `tabula site export-game`.

use crate::node;

use node::{act, game, join, kill, seen, serve};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_damaged_game_is_found_at_start_and_can_be_exported() {
    let dir = std::env::temp_dir().join(format!("tabula-games-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let db_text = db.display().to_string();
    let (server, addr) = serve(&db);
    // two games, four plies each
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (id, white) = game(
            &addr,
            json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
        );
        let black = join(&addr, &id);
        for ply in 0..4 {
            let token = if ply % 2 == 0 { &white } else { &black };
            let uci = seen(&addr, &id, token)["view"]["legal"][0]["uci"]
                .as_str()
                .unwrap()
                .to_string();
            act(&addr, &id, token, json!({"t": "move", "uci": uci}));
        }
        ids.push(id);
    }
    kill(server);

    // both replay
    let ok = tabula(&["site", "check-games", "--db", &db_text]);
    assert!(ok.status.success(), "{ok:?}");
    assert!(String::from_utf8_lossy(&ok.stdout).contains("all 2 games replay"));

    // the second game's third move is damaged on disk: a move no rule allows
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE actions SET action = ?1 WHERE game = ?2 AND seq = 2",
        rusqlite::params![r#"{"t":"move","player":"white","uci":"a1a1"}"#, ids[1]],
    )
    .unwrap();
    drop(conn);
    let found = tabula(&["site", "check-games", "--db", &db_text]);
    assert_eq!(found.status.code(), Some(1));
    let text = String::from_utf8_lossy(&found.stdout);
    assert!(text.contains("1 of 2 games do not replay"), "{text}");
    assert!(text.contains(&format!("{}: ", ids[1])), "{text}");
    assert!(text.contains("action 2"), "{text}");
    assert!(!text.contains(&ids[0]), "{text}");

    // the server says so at start (its log, on its output after the address line), with the
    // command that exports it
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", &db_text])
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // the log, on standard error
    let out = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let began = Instant::now();
    let mut said = String::new();
    while let Some(left) = Duration::from_secs(60).checked_sub(began.elapsed()) {
        let Ok(line) = rx.recv_timeout(left) else {
            break;
        };
        said.push_str(&line);
        said.push('\n');
        if line.contains(&format!("game {}", ids[1])) {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(said.contains("1 of 2 games do not replay"), "{said}");
    assert!(said.contains("tabula site export-game"), "{said}");
    assert!(said.contains(&format!("game {}", ids[1])), "{said}");

    // exported as stored, the damaged action among the others
    let out = tabula(&["site", "export-game", "--db", &db_text, &ids[1]]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["id"], json!(ids[1]));
    assert_eq!(v["log"].as_array().unwrap().len(), 4);
    assert_eq!(v["log"][2]["action"]["uci"], "a1a1");
    assert!(
        v["seats"][0].get("token_hash").is_none(),
        "no token hash leaves the store"
    );
    let missing = tabula(&["site", "export-game", "--db", &db_text, "nosuchgame"]);
    assert_eq!(missing.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
