//! The server's logs: one JSON object a line with `--log-format json`, every line written for a
//! request carrying its id (into the room's store write, for a WebSocket's move too), and no
//! password, seat token or session token in any line, at debug level.

use crate::node;

use futures_util::{SinkExt, StreamExt};
use node::{game, http, join, kill, serve_logging};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const PASSWORD: &str = "a long and secret passphrase";

/// A POST with a JSON body: the status, the raw head and the body.
fn raw_post(addr: &str, path: &str, body: &Value, cookie: Option<&str>) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.to_string();
    let cookie = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
    write!(s, "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head.to_string(), rest.to_string())
}

/// The value of header `name` in a raw response head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// Runs of hex digits exactly 32 or 64 long: a seat token, a session token or a hash of one.
fn secret_like(line: &str) -> bool {
    let mut run = 0;
    for c in line.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || ('a'..='f').contains(&c) {
            run += 1;
        } else {
            if run == 32 || run == 64 {
                return true;
            }
            run = 0;
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_follow_a_request_and_never_hold_a_secret() {
    let dir = std::env::temp_dir().join(format!("tabula-logs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("logs.db");
    let _ = std::fs::remove_file(&db);
    let log_path = dir.join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let (server, addr) = serve_logging(
        &db.display().to_string(),
        &["--log-format", "json", "--log", "debug"],
        Stdio::from(log),
    );

    // an account: signed up, a wrong password, then signed in (the session cookie)
    let creds = json!({"username": "logwatcher", "password": PASSWORD});
    let (status, _, body) = raw_post(&addr, "/api/auth/signup", &creds, None);
    assert_eq!(status, 200, "{body}");
    let wrong = json!({"username": "logwatcher", "password": "not it at all"});
    let (status, refused_head, _) = raw_post(&addr, "/api/auth/login", &wrong, None);
    assert!(
        (400..500).contains(&status),
        "a wrong password is refused: {status}"
    );
    let refused_id = header(&refused_head, "x-request-id").unwrap().to_string();
    let (status, head, body) = raw_post(&addr, "/api/auth/login", &creds, None);
    assert_eq!(status, 200, "{body}");
    let cookie = header(&head, "set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let session = cookie.split_once('=').unwrap().1.to_string();
    let (status, me) = node::http_as(&addr, "GET", "/api/me", None, &cookie);
    assert_eq!((status, &me["name"]), (200, &json!("logwatcher")), "{me}");

    // a game: its tokens in a body, a query string and a WebSocket's protocol header
    let (id, white) = game(
        &addr,
        json!({"kind": "quickchess", "name": "W", "options": {"variant": "quickchess"}}),
    );
    let black = join(&addr, &id);
    let (status, _) = http(
        &addr,
        "GET",
        &format!("/api/games/{id}?token={black}"),
        None,
    );
    assert_eq!(status, 200);
    let mut req = format!("ws://{addr}/api/games/{id}/ws")
        .into_client_request()
        .unwrap();
    let offer = format!("tabula, tabula-token.{white}");
    req.headers_mut()
        .insert("sec-websocket-protocol", offer.parse().unwrap());
    let (mut ws, upgrade) = tokio_tungstenite::connect_async(req).await.unwrap();
    let ws_id = upgrade.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_string();
    let move_ = json!({"t": "act", "id": 1, "d": {"t": "move", "uci": "b2b3"}});
    ws.send(Message::Text(move_.to_string().into()))
        .await
        .unwrap();
    let acked = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Text(t) = m {
                let f: Value = serde_json::from_str(t.as_str()).unwrap();
                if f["t"] == "ack" || f["t"] == "error" {
                    return f;
                }
            }
        }
        panic!("the socket closed")
    })
    .await
    .expect("an answer to the move within 10 s");
    assert_eq!(acked["t"], "ack", "{acked}");
    drop(ws);
    tokio::time::sleep(Duration::from_millis(200)).await;
    kill(server);

    let text = std::fs::read_to_string(&log_path).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(lines.len() > 10, "a debug log has lines: {text}");
    for (i, line) in text.lines().enumerate() {
        for secret in [PASSWORD, white.as_str(), black.as_str(), session.as_str()] {
            assert!(
                !line.contains(secret),
                "line {} holds a secret: {line}",
                i + 1
            );
        }
        assert!(
            !secret_like(line),
            "line {} holds a token-like value: {line}",
            i + 1
        );
    }
    let span_id = |l: &Value| l["span"]["id"].as_str().map(str::to_string);
    // the refused log-in is logged at info with its id, status and path
    assert!(
        lines
            .iter()
            .any(|l| span_id(l).as_deref() == Some(refused_id.as_str())
                && l["level"] == "INFO"
                && l["fields"]["status"] == status_of(&refused_head)
                && l["span"]["path"] == "/api/auth/login"),
        "the refused log-in's line: {text}"
    );
    // the WebSocket's move reached the store inside the socket's request span
    assert!(
        lines
            .iter()
            .any(|l| l["fields"]["message"] == "store append"
                && l["fields"]["game"] == id.as_str()
                && span_id(l).as_deref() == Some(ws_id.as_str())),
        "the move's store write carries the socket's request id {ws_id}: {text}"
    );
}

/// The status of a raw response head, as JSON.
fn status_of(head: &str) -> Value {
    json!(
        head.split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<u16>()
            .unwrap()
    )
}
