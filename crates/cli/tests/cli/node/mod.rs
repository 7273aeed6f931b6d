//! A `tabula serve` child process (on a SQLite file or a PostgreSQL URL) and a plain HTTP
//! client, for the tests that kill servers and move databases.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// `tabula serve` on the SQLite file `db`.
pub fn serve(db: &std::path::Path) -> (Child, String) {
    serve_with(&db.display().to_string(), &[])
}

/// `tabula serve` on `db` (a SQLite file or a PostgreSQL URL) on a free port, with `extra`
/// options: the child and its address.
pub fn serve_with(db: &str, extra: &[&str]) -> (Child, String) {
    serve_logging(db, extra, Stdio::null())
}

/// [`serve_with`], its log (standard error) going to `log`.
pub fn serve_logging(db: &str, extra: &[&str], log: Stdio) -> (Child, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .args(extra)
        .stderr(log);
    let (child, line) = spawn_reading_first_line(command);
    (child, address_in(&line, "http"))
}

/// Spawns `command` (a `tabula serve ...`) with its standard output piped and reads the first
/// line it prints (where it runs, on what database): the child and that line.
pub fn spawn_reading_first_line(mut command: Command) -> (Child, String) {
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, line)
}

/// The `host:port` after `scheme://` in a server's first line.
pub fn address_in(line: &str, scheme: &str) -> String {
    line.split(&format!("{scheme}://"))
        .nth(1)
        .unwrap_or_else(|| panic!("a {scheme} address: {line}"))
        .split('/')
        .next()
        .unwrap()
        .to_string()
}

/// Signs `name` up at `addr`: the session cookie (`tabula_session=...`).
pub fn signup(addr: &str, name: &str) -> String {
    let body = json!({"username": name, "password": "correct horse"}).to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "POST /api/auth/signup HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
    raw.lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.trim().split(';').next().unwrap().to_string())
        .find(|c| c.starts_with("tabula_session="))
        .expect("a session cookie")
}

/// A request: the status and the body as JSON (or a string).
pub fn http(addr: &str, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    http_as(addr, method, path, body, "")
}

/// A request with `cookie` (`name=value`, or empty for none).
pub fn http_as(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    cookie: &str,
) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = match cookie {
        "" => String::new(),
        c => format!("Cookie: {c}\r\n"),
    };
    write!(s, "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
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

/// A POST that must succeed.
pub fn post(addr: &str, path: &str, body: Value) -> Value {
    let (status, v) = http(addr, "POST", path, Some(body));
    assert_eq!(status, 200, "{path}: {v}");
    v
}

/// A view without the fields that depend on the moment it is read.
pub fn stable(mut v: Value) -> Value {
    for key in ["now", "elapsed"] {
        v["view"].as_object_mut().map(|o| o.remove(key));
    }
    v
}

/// The URL of a new, empty database on the test cluster (`TABULA_TEST_POSTGRES`, which
/// scripts/test.sh sets after starting a throw-away cluster).
pub fn fresh_postgres_url(prefix: &str) -> String {
    let base = std::env::var("TABULA_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "this test needs PostgreSQL: run scripts/test.sh, or start a cluster with \
             `scripts/postgres.sh start DIR` and set TABULA_TEST_POSTGRES to the URL it prints"
        )
    });
    let name = format!(
        "{prefix}_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos())
    );
    blocking(async move {
        let (client, conn) = tokio_postgres::connect(&base, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot reach the test cluster {base}: {e}"));
        let driver = tokio::spawn(conn);
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .unwrap();
        drop(client);
        let _ = driver.await;
        let (server, _) = base.rsplit_once('/').unwrap();
        format!("{server}/{name}")
    })
}

/// Runs `work` to its end on a runtime of its own, on a thread of its own: callable from plain
/// tests and from async ones alike.
fn blocking<T: Send + 'static>(work: impl std::future::Future<Output = T> + Send + 'static) -> T {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(work)
    })
    .join()
    .unwrap()
}

/// Stops a server the hard way (SIGKILL: no chance to flush or say goodbye).
pub fn kill(mut server: Child) {
    server.kill().unwrap();
    server.wait().unwrap();
}

/// The view of `id` as the holder of `token` sees it (without the clock).
pub fn seen(addr: &str, id: &str, token: &str) -> Value {
    stable(http(addr, "GET", &format!("/api/games/{id}?token={token}"), None).1)
}

/// An action of the holder of `token` that must be accepted.
pub fn act(addr: &str, id: &str, token: &str, action: Value) -> Value {
    post(
        addr,
        &format!("/api/games/{id}/act"),
        json!({"token": token, "action": action}),
    )
}

/// Creates a game: its id and the creator's token.
pub fn game(addr: &str, body: Value) -> (String, String) {
    let v = post(addr, "/api/games", body);
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

/// Takes the free seat of `id`: its token.
pub fn join(addr: &str, id: &str) -> String {
    post(
        addr,
        &format!("/api/games/{id}/join"),
        json!({"name": "Two"}),
    )["token"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Waits (a bounded number of polls) until the view of `id` satisfies `ready`.
pub fn wait_for(addr: &str, id: &str, token: &str, ready: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let v = seen(addr, id, token);
        if ready(&v["view"]) {
            return v;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("game {id} never got ready: {}", seen(addr, id, token));
}

/// One column of one row of the database at `url` (the tests look behind the servers' backs).
pub fn pg_text(url: &str, sql: &str, param: &str) -> Option<String> {
    let (url, sql, param) = (url.to_string(), sql.to_string(), param.to_string());
    blocking(async move {
        let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap();
        let driver = tokio::spawn(conn);
        let row = client.query_opt(&sql, &[&param]).await.unwrap();
        drop(client);
        let _ = driver.await;
        row.map(|r| r.get::<_, String>(0))
    })
}

/// Checks that the log of game `id` holds each acknowledged `(version, uci)` move at its
/// place.
pub fn assert_logged(url: &str, id: &str, acked: &[(u64, String)]) {
    for (v, uci) in acked {
        let sql = format!(
            "SELECT action FROM actions WHERE game = $1 AND seq = {}",
            v - 1
        );
        let logged = pg_text(url, &sql, id).unwrap();
        assert!(
            logged.contains(uci.as_str()),
            "move {v}: {logged} is not {uci}"
        );
    }
}

/// A server that is killed when the test ends, also when it fails half-way (a panicking test
/// must not leave nodes running).
pub struct Running(pub Option<Child>);

impl Running {
    /// Kills it now (SIGKILL).
    pub fn kill(&mut self) {
        if let Some(child) = self.0.take() {
            kill(child);
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.kill();
    }
}
