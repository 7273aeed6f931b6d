//! The `lobby` scenario: one hostile address against the lobby, with the server's default
//! (public) bounds, while another client checks `/api/health`.
//!
//! 1. **Seeks**: four guests of one address, each with its lobby open, post seeks from 16
//!    workers as fast as they can for ten seconds: how many are taken, and what the lobby then
//!    weighs.
//! 2. **Sockets that never read**: `readers` lobby sockets (eight an address, as browsers
//!    would come) that finish the handshake and then never read a byte, with a small receive
//!    buffer, so every frame the server sends them stays with the server.
//! 3. **Churn**: the attacker withdraws and posts a seek again and again for `seconds`, each
//!    time a change for every lobby socket; the server's peak memory and the health checks
//!    meanwhile.
//! 4. **Exhaustion**: one address opens lobby sockets until one is refused (or `sockets` are
//!    open); then another address opens a game's socket, which must still connect.

use super::probe::{Health, Peak, merge, next_frame, socket_from};
use super::server::{ChildServer, exchange, http};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;

/// What to run.
pub struct Setup {
    /// Lobby sockets that never read.
    pub readers: usize,
    /// How long the churn lasts.
    pub seconds: u64,
    /// The most lobby sockets one address tries to open.
    pub sockets: usize,
}

/// A guest of 127.0.0.`from`: its cookie, and its lobby socket (read in the background, as
/// a browser's would be).
async fn guest(host: &str, from: u8) -> Result<(String, tokio::task::JoinHandle<()>), String> {
    let (status, headers, _) = exchange(host, from, "GET", "/api/lobby", &[], None).await?;
    if status != 200 {
        return Err(format!("GET /api/lobby: {status}"));
    }
    let cookie = headers
        .iter()
        .find(|(k, v)| k == "set-cookie" && v.starts_with("tabula_guest="))
        .and_then(|(_, v)| v.split(';').next())
        .ok_or("no guest cookie")?
        .to_string();
    let mut ws = socket_from(host, from, "/api/lobby/ws", Some(&cookie), None).await?;
    let reader = tokio::spawn(async move { while let Some(Ok(_)) = ws.next().await {} });
    Ok((cookie, reader))
}

/// A lobby socket that reads nothing after its handshake (a 4 KiB receive buffer).
async fn never_reading(host: &str, from: u8) -> Result<tokio::net::TcpStream, String> {
    let addr: SocketAddr = host.parse().map_err(|e| format!("{host}: {e}"))?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    let _ = socket.set_recv_buffer_size(4096);
    socket
        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
        .map_err(|e| e.to_string())?;
    let mut s = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let req = format!(
        "GET /api/lobby/ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    Ok(s)
}

/// Phase 1: the seek flood. Counts by status, and the cookies of the guests.
async fn seek_flood(
    host: &str,
) -> Result<(Value, Vec<String>, Vec<tokio::task::JoinHandle<()>>), String> {
    let mut cookies = Vec::new();
    let mut readers = Vec::new();
    for _ in 0..4 {
        let (c, r) = guest(host, 2).await?;
        cookies.push(c);
        readers.push(r);
    }
    let counts: Arc<[AtomicU64; 4]> = Arc::new(Default::default());
    let stop = Arc::new(AtomicBool::new(false));
    let mut workers = Vec::new();
    for w in 0..16 {
        let (host, cookie, counts, stop) = (
            host.to_string(),
            cookies[w % cookies.len()].clone(),
            Arc::clone(&counts),
            Arc::clone(&stop),
        );
        workers.push(tokio::spawn(async move {
            let body = json!({"kind": "quickchess", "options": {"variant": "quickchess"}});
            while !stop.load(Ordering::Relaxed) {
                let answer = exchange(
                    &host,
                    2,
                    "POST",
                    "/api/lobby/seeks",
                    &[("Cookie", &cookie)],
                    Some(&body),
                )
                .await;
                let i = match answer {
                    Ok((200, _, _)) => 0,
                    Ok((409, _, _)) => 1,
                    Ok((429, _, _)) => 2,
                    _ => 3,
                };
                counts[i].fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(10)).await;
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        let _ = w.await;
    }
    let (status, _, lobby) = exchange(host, 3, "GET", "/api/lobby", &[], None).await?;
    let n = |i: usize| counts[i].load(Ordering::Relaxed);
    Ok((
        json!({
            "seeks_posted": n(0) + n(1) + n(2) + n(3), "seeks_taken": n(0),
            "seeks_refused_409": n(1), "seeks_refused_429": n(2), "seeks_failed": n(3),
            "lobby_status": status, "lobby_kib": (lobby.to_string().len() as f64 / 102.4).round() / 10.0,
            "lobby_seeks_listed": lobby["seeks"].as_array().map_or(0, Vec::len),
        }),
        cookies,
        readers,
    ))
}

/// Phase 3: one seek withdrawn and posted again, over and over, for `seconds`.
async fn churn(host: &str, cookie: &str, seconds: u64) -> Result<u64, String> {
    let body = json!({"kind": "querni", "options": {}});
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut changes = 0;
    let mut mine: Option<String> = None;
    while Instant::now() < until {
        if let Some(id) = mine.take() {
            let path = format!("/api/lobby/seeks/{id}/withdraw");
            let _ = exchange(
                host,
                2,
                "POST",
                &path,
                &[("Cookie", cookie)],
                Some(&json!({})),
            )
            .await;
            changes += 1;
        }
        let (status, _, v) = exchange(
            host,
            2,
            "POST",
            "/api/lobby/seeks",
            &[("Cookie", cookie)],
            Some(&body),
        )
        .await?;
        if status == 200 {
            changes += 1;
            mine = v["id"].as_str().map(str::to_string);
        } else {
            // at its cap: withdraw one of the listed seeks of its own, then go on
            let (_, _, lobby) =
                exchange(host, 2, "GET", "/api/lobby", &[("Cookie", cookie)], None).await?;
            mine = lobby["seeks"]
                .as_array()
                .and_then(|s| s.iter().find(|s| s["mine"] == true))
                .and_then(|s| s["id"].as_str())
                .map(str::to_string);
            if mine.is_none() {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    Ok(changes)
}

/// Phase 4: lobby sockets from one address until one is refused; then a game's socket from
/// another address.
async fn exhaustion(host: &str, most: usize) -> Result<Value, String> {
    let began = Instant::now();
    // each socket held is read in the background, as a browser's is, so it answers the
    // server's pings and stays open
    let mut held: Vec<tokio::task::JoinHandle<()>> = Vec::new();
    let mut refusal = Value::Null;
    while held.len() < most {
        let mut ws = match socket_from(host, 4, "/api/lobby/ws", None, None).await {
            Ok(ws) => ws,
            Err(e) => {
                refusal = json!(e);
                break;
            }
        };
        match next_frame(&mut ws, Duration::from_secs(10)).await {
            Some(f) if f["t"] == "lobby" => held.push(tokio::spawn(async move {
                while let Some(Ok(_)) = ws.next().await {}
            })),
            other => {
                refusal = other.unwrap_or(json!("closed"));
                break;
            }
        }
    }
    let took = began.elapsed();
    let created = http(
        host,
        "POST",
        "/api/games",
        Some(json!({"kind": "quickchess", "options": {"variant": "quickchess"}, "bots": [1]})),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?;
    let offer = format!(
        "tabula, tabula-token.{}",
        created["token"].as_str().unwrap_or_default()
    );
    let game_socket =
        match socket_from(host, 5, &format!("/api/games/{id}/ws"), None, Some(&offer)).await {
            Ok(mut ws) => match next_frame(&mut ws, Duration::from_secs(10)).await {
                Some(f) if f["t"] == "state" => "connected".to_string(),
                Some(f) => format!("refused: {}", f["d"]["message"]),
                None => "closed".into(),
            },
            Err(e) => format!("refused: {e}"),
        };
    let open = held.iter().filter(|h| !h.is_finished()).count();
    for h in &held {
        h.abort();
    }
    Ok(json!({
        "lobby_sockets_one_address": held.len(),
        "lobby_sockets_open_at_the_end": open,
        "lobby_sockets_seconds": (took.as_secs_f64() * 10.0).round() / 10.0,
        "refused_with": refusal,
        "another_players_game_socket": game_socket,
    }))
}

/// Runs the scenario.
pub async fn run(setup: Setup) -> Result<Value, String> {
    let server = ChildServer::start("lobby", &[])?;
    let host = server.host.clone();
    let health = Health::start(&host);
    let (seeks, cookies, _readers) = seek_flood(&host).await?;
    let after_seeks = health.report().await;

    let mut silent = Vec::new();
    for i in 0..setup.readers {
        let from = 10 + (i / 8) as u8;
        match never_reading(&host, from).await {
            Ok(s) => silent.push(s),
            Err(_) => break,
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let peak = Peak::start(server.pid());
    let health = Health::start(&host);
    let changes = churn(&host, &cookies[0], setup.seconds).await?;
    let during = health.report().await;
    let memory = peak.report();
    drop(silent);

    let exhausted = exhaustion(&host, setup.sockets).await?;
    let report = json!({
        "seek_flood": merge(seeks, after_seeks),
        "never_reading_sockets": setup.readers,
        "churn_changes": changes,
        "churn_seconds": setup.seconds,
        "during_churn": merge(during, memory),
        "exhaustion": exhausted,
    });
    Ok(report)
}
