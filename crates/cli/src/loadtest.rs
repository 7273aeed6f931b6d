//! `tabula loadtest`: many WebSocket clients playing QuickChess in pairs against one server,
//! measuring what it holds: clients connected at once, moves per second, and the latency from
//! sending a move to its acknowledgement (which the server sends only after the move is in the
//! database). At the end every room's log length is compared with the moves its clients saw
//! acknowledged, so an accepted move that was lost would show.
//!
//! Without `--url` the server runs in this process on a fresh on-disk SQLite database (WAL),
//! as `tabula serve` runs it.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_core::rng::{Rng, seeded};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// What one client measured.
#[derive(Default)]
struct ClientResult {
    latencies_us: Vec<u64>,
    acks: u64,
    refused: u64,
}

/// A plain HTTP/1.1 request with a JSON body; the answer's JSON.
async fn http(host: &str, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(host)
        .await
        .map_err(|e| format!("{host}: {e}"))?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or("a malformed HTTP answer")?;
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut s = rest;
        while let Some((len, more)) = s.split_once("\r\n") {
            let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
            if n == 0 || more.len() < n {
                break;
            }
            out.push_str(&more[..n]);
            s = more.get(n + 2..).unwrap_or("");
        }
        out
    } else {
        rest.to_string()
    };
    let v: Value = serde_json::from_str(&body).map_err(|e| format!("{path}: {e}: {body}"))?;
    if let Some(e) = v.get("error") {
        return Err(format!("{path}: {e}"));
    }
    Ok(v)
}

async fn client(
    host: String,
    game: String,
    token: String,
    moves: u32,
    think: Duration,
    seed: u64,
    ready: Arc<tokio::sync::Barrier>,
) -> Result<ClientResult, String> {
    let url = format!("ws://{host}/api/games/{game}/ws?token={token}");
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    ready.wait().await;
    let mut rng = seeded(seed);
    let mut result = ClientResult::default();
    let mut view = Value::Null;
    let mut made = 0;
    let mut pending: Option<(u64, Instant)> = None;
    loop {
        if pending.is_none() {
            let over = view["over"] == true;
            if over || made >= moves {
                break;
            }
            if view["your_turn"] == true {
                let legal = view["legal"].as_array().cloned().unwrap_or_default();
                if !legal.is_empty() {
                    let jitter = rng.random_range(0..=think.as_millis() as u64 / 2);
                    tokio::time::sleep(think / 2 + Duration::from_millis(jitter)).await;
                    let m = &legal[rng.random_range(0..legal.len())];
                    made += 1;
                    let id = u64::from(made);
                    let frame = json!({"t": "act", "id": id, "d": {"t": "move", "uci": m["uci"]}});
                    ws.send(Message::Text(frame.to_string().into()))
                        .await
                        .map_err(|e| e.to_string())?;
                    pending = Some((id, Instant::now()));
                }
            }
        }
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .map_err(|_| "no frame for 60 s".to_string())?
            .ok_or("the server closed the connection")?
            .map_err(|e| e.to_string())?;
        let Message::Text(text) = msg else { continue };
        let frame: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
        let d = &frame["d"];
        if let Some(v) = d.get("view") {
            view = v.clone();
        }
        if let Some((id, sent)) = pending
            && d["id"] == json!(id)
        {
            match frame["t"].as_str() {
                Some("ack") => {
                    result.acks += 1;
                    result.latencies_us.push(sent.elapsed().as_micros() as u64);
                }
                _ => result.refused += 1,
            }
            pending = None;
        }
    }
    let _ = ws.close(None).await;
    Ok(result)
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

async fn run(
    clients: usize,
    moves: u32,
    think: Duration,
    url: Option<String>,
) -> Result<Value, String> {
    let mut _server = None;
    let mut scratch = None;
    let host = match url {
        Some(u) => u
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string(),
        None => {
            let dir = std::env::temp_dir().join(format!("tabula-loadtest-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            scratch = Some(dir.clone());
            let store: Arc<dyn tabula_server::Store> = Arc::new(
                tabula_server::SqliteStore::open(&dir.join("load.db"))
                    .map_err(|e| e.to_string())?,
            );
            let hub = tabula_server::Hub::new(
                store,
                tabula_server::services::Services::new(),
                tabula_server::Limits::default().unlimited_rates(),
            );
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .map_err(|e| e.to_string())?;
            let addr = listener.local_addr().map_err(|e| e.to_string())?;
            _server = Some(tokio::spawn(async move {
                let _ = tabula_server::serve_listener(
                    listener,
                    hub,
                    tabula_server::HttpConfig::default(),
                )
                .await;
            }));
            addr.to_string()
        }
    };
    let rooms = clients / 2;
    let mut seats = Vec::new();
    for r in 0..rooms {
        let created = http(
            &host,
            "POST",
            "/api/games",
            Some(json!({"kind": "quickchess", "name": format!("w{r}"), "options": {"variant": "quickchess"}})),
        )
        .await?;
        let id = created["id"].as_str().ok_or("no id")?.to_string();
        let joined = http(
            &host,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({"name": format!("b{r}")})),
        )
        .await?;
        seats.push((
            id.clone(),
            created["token"].as_str().unwrap_or_default().to_string(),
        ));
        seats.push((id, joined["token"].as_str().unwrap_or_default().to_string()));
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(seats.len() + 1));
    let mut tasks = Vec::new();
    for (i, (game, token)) in seats.iter().enumerate() {
        tasks.push(tokio::spawn(client(
            host.clone(),
            game.clone(),
            token.clone(),
            moves,
            think,
            i as u64,
            Arc::clone(&barrier),
        )));
    }
    barrier.wait().await;
    let held = seats.len();
    let started = Instant::now();
    let mut all = Vec::new();
    let mut acks_by_room = std::collections::HashMap::<String, u64>::new();
    let mut refused = 0;
    let mut failures = Vec::new();
    for (t, (game, _)) in tasks.into_iter().zip(&seats) {
        match t.await {
            Ok(Ok(r)) => {
                *acks_by_room.entry(game.clone()).or_default() += r.acks;
                refused += r.refused;
                all.extend(r.latencies_us);
            }
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(e.to_string()),
        }
    }
    let elapsed = started.elapsed();
    if !failures.is_empty() {
        return Err(format!(
            "{} client(s) failed, first: {}",
            failures.len(),
            failures[0]
        ));
    }
    // every acknowledged move must be in its game's log (the view's version is its length)
    let mut lost = 0u64;
    let mut logged = 0u64;
    for (game, acks) in &acks_by_room {
        let v = http(&host, "GET", &format!("/api/games/{game}"), None).await?;
        let log_len = v["v"].as_u64().unwrap_or(0);
        logged += log_len;
        lost += acks.saturating_sub(log_len);
    }
    all.sort_unstable();
    let total = all.len() as u64;
    if let Some(dir) = scratch {
        // the in-process server's database was only for this run
        let _ = std::fs::remove_dir_all(dir);
    }
    Ok(json!({
        "clients": held,
        "rooms": rooms,
        "moves": total,
        "refused": refused,
        "logged": logged,
        "lost": lost,
        "seconds": (elapsed.as_secs_f64() * 100.0).round() / 100.0,
        "moves_per_second": ((total as f64 / elapsed.as_secs_f64()) * 10.0).round() / 10.0,
        "p50_ms": percentile(&all, 0.50),
        "p99_ms": percentile(&all, 0.99),
        "max_ms": percentile(&all, 1.0),
    }))
}

/// `tabula loadtest`.
pub fn command(clients: &str, moves: &str, think: &str, url: Option<String>) -> ExitCode {
    let parse = |t: &str, flag: &str, lo: u64, hi: u64| -> Result<u64, String> {
        t.parse::<u64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or(format!("{flag} `{t}` must be a number from {lo} to {hi}"))
    };
    let args = (|| -> Result<(usize, u32, Duration), String> {
        Ok((
            parse(clients, "--clients", 2, 20_000)? as usize,
            parse(moves, "--moves", 1, 10_000)? as u32,
            Duration::from_millis(parse(think, "--think", 0, 60_000)?),
        ))
    })();
    let (clients, moves, think) = match args {
        Ok(a) => a,
        Err(e) => return crate::output::usage_error(&e),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return crate::output::usage_error(&format!("cannot start: {e}")),
    };
    println!(
        "{clients} clients in {} QuickChess rooms, {moves} moves each, thinking {} ms on average",
        clients / 2,
        think.as_millis()
    );
    match runtime.block_on(run(clients, moves, think, url)) {
        Ok(report) => {
            println!(
                "held {} clients; {} moves in {} s = {} moves/s; latency p50 {} ms, p99 {} ms, max {} ms; {} refused, {} lost",
                report["clients"],
                report["moves"],
                report["seconds"],
                report["moves_per_second"],
                report["p50_ms"],
                report["p99_ms"],
                report["max_ms"],
                report["refused"],
                report["lost"]
            );
            println!("{report}");
            if report["lost"] == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
