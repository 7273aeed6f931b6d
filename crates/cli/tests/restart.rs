//! `tabula serve` survives `kill -9`: every game is the same after a restart on the same
//! database, and the finished ones replay.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

fn serve(db: &std::path::Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    (child, addr)
}

fn http(addr: &str, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(s, "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = if head.to_ascii_lowercase().contains("chunked") {
        let mut out = String::new();
        let mut r = rest;
        while let Some((len, more)) = r.split_once("\r\n") {
            let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.push_str(&more[..n]);
            r = &more[n + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    (
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    )
}

fn post(addr: &str, path: &str, body: Value) -> Value {
    let (status, v) = http(addr, "POST", path, Some(body));
    assert_eq!(status, 200, "{path}: {v}");
    v
}

/// A view without the fields that depend on the moment it is read.
fn stable(mut v: Value) -> Value {
    for key in ["now", "elapsed"] {
        v["view"].as_object_mut().map(|o| o.remove(key));
    }
    v
}

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
