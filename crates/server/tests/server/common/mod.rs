//! A real server on port 0 and simple HTTP and WebSocket clients for the tests.
#![allow(dead_code, missing_docs)]

pub mod bell;
pub mod jar;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tabula_server::services::Services;
use tabula_server::store::PostgresStore;
use tabula_server::{HttpConfig, Hub, Limits, SqliteStore, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub fn services() -> Arc<Services> {
    static S: OnceLock<Arc<Services>> = OnceLock::new();
    Arc::clone(S.get_or_init(Services::new))
}

/// The PostgreSQL cluster the tests use: `TABULA_TEST_POSTGRES`, a URL of a database on it
/// (scripts/test.sh starts a throw-away cluster and sets it). Tests of PostgreSQL itself need
/// it and say so rather than pass without it.
pub fn postgres_base() -> String {
    std::env::var("TABULA_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "this test needs PostgreSQL: run scripts/test.sh, or start a cluster with \
             `scripts/postgres.sh start DIR` and set TABULA_TEST_POSTGRES to the URL it prints"
        )
    })
}

/// The URL of a new, empty database on the test cluster.
pub async fn fresh_postgres_url() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let base = postgres_base();
    let name = format!(
        "t_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed),
        tabula_server::ids::random_hex(3)
    );
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
}

/// A new PostgreSQL store on an empty database of the test cluster.
pub async fn fresh_postgres() -> PostgresStore {
    PostgresStore::connect(&fresh_postgres_url().await, 8)
        .await
        .unwrap()
}

/// The store a test's server runs on: an in-memory SQLite database, or with
/// `TABULA_TEST_STORE=postgres` (the second round of scripts/test.sh) a new PostgreSQL
/// database, so the whole server suite runs against both stores.
pub async fn fresh_store() -> Arc<dyn Store> {
    match std::env::var("TABULA_TEST_STORE").as_deref() {
        Ok("postgres") => Arc::new(fresh_postgres().await),
        Ok("sqlite") | Err(_) => Arc::new(SqliteStore::in_memory().unwrap()),
        Ok(other) => panic!("TABULA_TEST_STORE={other}: expected sqlite or postgres"),
    }
}

pub struct Server {
    pub addr: SocketAddr,
    pub hub: Arc<Hub>,
    pub task: tokio::task::JoinHandle<()>,
}

/// A server with `limits` and `http` settings on `store`.
pub async fn start_configured(store: Arc<dyn Store>, limits: Limits, http: HttpConfig) -> Server {
    let hub = Hub::new(store, services(), limits);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let served = Arc::clone(&hub);
    let task = tokio::spawn(async move {
        tabula_server::serve_listener(listener, served, http)
            .await
            .unwrap();
    });
    Server { addr, hub, task }
}

/// A server with the default bounds but no per-address rates (the tests play many games
/// from one address).
pub async fn start_with(store: Arc<dyn Store>) -> Server {
    start_configured(
        store,
        Limits::default().unlimited_rates(),
        HttpConfig::default(),
    )
    .await
}

/// A server with `limits` on a fresh in-memory database.
pub async fn start_limited(limits: Limits) -> Server {
    start_configured(fresh_store().await, limits, HttpConfig::default()).await
}

pub async fn start() -> Server {
    start_with(fresh_store().await).await
}

/// A TCP connection to `addr` from the loopback address `from` (127.0.0.x: a client of its
/// own, as far as per-address limits can tell).
pub async fn connect_from(addr: SocketAddr, from: [u8; 4]) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// An answer: status, headers (lower-case names) and body as JSON (or a string).
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A seat's view of `game` (asserting the answer is 200).
pub async fn seat_view(addr: std::net::SocketAddr, game: &str, token: &str) -> Value {
    let a = request(
        addr,
        1,
        "GET",
        &format!("/api/games/{game}?token={token}"),
        &[],
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body["view"].clone()
}

/// An HTTP/1.1 request from 127.0.0.`from` with extra header lines.
pub async fn request(
    addr: SocketAddr,
    from: u8,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<Value>,
) -> Answer {
    let mut s = connect_from(addr, [127, 0, 0, from]).await;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let extra: String = extra.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    // the head is text; the body may be compressed bytes (read as bytes, then as text)
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(raw.len());
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let rest = raw.get(split + 4..).unwrap_or_default();
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    let body = String::from_utf8_lossy(&body).to_string();
    Answer {
        status,
        headers,
        body: serde_json::from_str(&body).unwrap_or(Value::String(body)),
    }
}

/// A minimal HTTP/1.1 request; returns the status and the body as JSON (or a string).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let a = request(addr, 1, method, path, &[], body).await;
    (a.status, a.body)
}

fn dechunk(mut s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = s.windows(2).position(|w| w == b"\r\n") {
        let len = String::from_utf8_lossy(&s[..end]);
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        let rest = &s[end + 2..];
        if n == 0 || rest.len() < n {
            break;
        }
        out.extend_from_slice(&rest[..n]);
        s = rest.get(n + 2..).unwrap_or_default();
    }
    out
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> Value {
    let (status, v) = http(addr, "POST", path, Some(body)).await;
    assert_eq!(status, 200, "{path}: {v}");
    v
}

/// A shortest solution of a Check Mates card from `board`, as the server's solver gives it.
pub async fn solve_cm(addr: SocketAddr, side: &str, board: &str, task: &str) -> Vec<String> {
    let v = post(
        addr,
        "/api/solve/checkmates",
        serde_json::json!({"side": side, "board": board, "task": task}),
    )
    .await;
    solution_of(&v)
}

/// The moves of a solver's answer (`{"solution": [...]}`).
pub fn solution_of(v: &Value) -> Vec<String> {
    v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Creates a game as "Ann" (seat 0): its id and Ann's token.
pub async fn create(addr: SocketAddr, kind: &str, options: Value, bots: Value) -> (String, String) {
    let c = post(
        addr,
        "/api/games",
        json!({"kind": kind, "name": "Ann", "options": options, "bots": bots}),
    )
    .await;
    (
        c["id"].as_str().unwrap().to_string(),
        c["token"].as_str().unwrap().to_string(),
    )
}

/// Takes the free seat of game `id` as `name`: the seat's token.
pub async fn join(addr: SocketAddr, id: &str, name: &str) -> String {
    let j = post(
        addr,
        &format!("/api/games/{id}/join"),
        json!({"name": name}),
    )
    .await;
    j["token"].as_str().unwrap().to_string()
}

/// A game between Ann (seat 0, its creator) and Bob, both connected, once it has started.
pub struct Duel {
    pub id: String,
    pub ann_token: String,
    pub bob_token: String,
    pub ann: Client,
    pub bob: Client,
}

/// Ann creates a game of `kind` with `options`, Bob takes the other seat, both connect.
pub async fn duel(addr: SocketAddr, kind: &str, options: Value) -> Duel {
    let (id, ann_token) = create(addr, kind, options, json!([])).await;
    let mut ann = Client::connect(addr, &id, Some(&ann_token)).await;
    let bob_token = join(addr, &id, "Bob").await;
    let bob = Client::connect(addr, &id, Some(&bob_token)).await;
    ann.until("the start", |v| v["status"] == "playing").await;
    Duel {
        id,
        ann_token,
        bob_token,
        ann,
        bob,
    }
}

pub struct Client {
    pub ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    pub view: Value,
    pub version: u64,
    next_id: u64,
}

impl Client {
    /// Connects with the seat token in the `Sec-WebSocket-Protocol` header, as the browser
    /// does (or as a spectator).
    pub async fn connect(addr: SocketAddr, game: &str, token: Option<&str>) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/api/games/{game}/ws")
            .into_client_request()
            .unwrap();
        if let Some(t) = token {
            let offer = format!("tabula, tabula-token.{t}");
            req.headers_mut()
                .insert("sec-websocket-protocol", offer.parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        let mut c = Client {
            ws,
            view: Value::Null,
            version: 0,
            next_id: 0,
        };
        let first = c.frame().await;
        assert_eq!(first["t"], "state", "{first}");
        if token.is_some() {
            assert!(
                first["d"]["seat"].is_u64(),
                "a seat from the header: {first}"
            );
        }
        c
    }

    /// Connects with extra request headers (a session's `Cookie`, an `Origin`) and no token,
    /// as a signed-in browser without the seat's token does.
    pub async fn connect_with_headers(
        addr: SocketAddr,
        game: &str,
        headers: &[(&str, &str)],
    ) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/api/games/{game}/ws")
            .into_client_request()
            .unwrap();
        for (k, v) in headers {
            req.headers_mut().insert(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        let mut c = Client {
            ws,
            view: Value::Null,
            version: 0,
            next_id: 0,
        };
        let first = c.frame().await;
        assert_eq!(first["t"], "state", "{first}");
        c
    }

    /// Connects as a spectator, then (with a token) takes the seat with an `auth` frame.
    pub async fn connect_then_auth(addr: SocketAddr, game: &str, token: Option<&str>) -> Client {
        let url = format!("ws://{addr}/api/games/{game}/ws");
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut c = Client {
            ws,
            view: Value::Null,
            version: 0,
            next_id: 0,
        };
        let first = c.frame().await;
        assert_eq!(first["t"], "state", "{first}");
        if let Some(t) = token {
            let state = c.request("auth", json!({"token": t})).await.unwrap();
            assert!(state["seat"].is_u64(), "a seat after auth: {state}");
        }
        c
    }

    /// Connects the older way, the token in the URL (still accepted).
    pub async fn connect_with_url_token(addr: SocketAddr, game: &str, token: &str) -> Client {
        let url = format!("ws://{addr}/api/games/{game}/ws?token={token}");
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut c = Client {
            ws,
            view: Value::Null,
            version: 0,
            next_id: 0,
        };
        let first = c.frame().await;
        assert_eq!(first["t"], "state", "{first}");
        c
    }

    /// The next frame (updates the view); panics after 20 s.
    pub async fn frame(&mut self) -> Value {
        // one deadline for the whole wait: the server's heartbeat pings arrive every 20 s and
        // must not restart it
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let msg = match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Ok(m) => m.expect("open").unwrap(),
                Err(_) => panic!("no frame within 20 s; the last view was {}", self.view),
            };
            let Message::Text(t) = msg else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if let Some(view) = v["d"].get("view") {
                self.view = view.clone();
                self.version = v["d"]["v"].as_u64().unwrap_or(self.version);
            }
            return v;
        }
    }

    pub async fn send_raw(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends `t` with `d` and waits for its ack or error, applying updates meanwhile.
    pub async fn request(&mut self, t: &str, d: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id;
        self.send_raw(&json!({"t": t, "d": d, "id": id}).to_string())
            .await;
        loop {
            let f = self.frame().await;
            if f["d"]["id"] == json!(id) {
                return match f["t"].as_str() {
                    Some("ack" | "state" | "pong") => Ok(f["d"].clone()),
                    _ => Err(f["d"]["message"].as_str().unwrap_or_default().to_string()),
                };
            }
        }
    }

    pub async fn act(&mut self, intent: Value) -> Result<Value, String> {
        self.request("act", intent).await
    }

    /// Reads frames until the view satisfies `pred`.
    pub async fn until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
        while !pred(&self.view) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited too long for {what}: {}",
                self.view
            );
            self.frame().await;
        }
        self.view.clone()
    }
}

/// A seat's action through `POST /api/games/{game}/act`: the answer.
pub async fn act(addr: SocketAddr, game: &str, token: &str, action: Value) -> Answer {
    let body = json!({"token": token, "action": action});
    request(
        addr,
        1,
        "POST",
        &format!("/api/games/{game}/act"),
        &[],
        Some(body),
    )
    .await
}
