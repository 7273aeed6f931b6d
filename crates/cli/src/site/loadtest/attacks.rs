//! The attack scenarios, each against a server with its default (public) bounds:
//! - `slowloris`: many connections that trickle a request's headers and never finish them
//!   (or, with `--body`, send whole headers and then trickle the body a byte every eight
//!   seconds), from one or more addresses, while another address checks `/api/health`;
//! - `flood`: game creations as fast as one address can send them, then a flood of new games
//!   loaded from hundreds of addresses, while an older game's players go on playing.

use super::play::connect_seat;
use super::probe::Health;
use super::server::{ChildServer, connect_from, http, request};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

#[derive(Default)]
struct Tally {
    opened: AtomicU64,
    refused_at_once: AtomicU64,
    timed_out: AtomicU64,
}

/// One attacker slot: connect, send half a request, trickle a header line every two seconds
/// (or, for `body`, send whole headers and trickle the body a byte every eight seconds)
/// until the server hangs up; then again, until `stop`.
async fn loris(host: String, from: u8, body: bool, tally: Arc<Tally>, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut c) = connect_from(&host, from).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        tally.opened.fetch_add(1, Ordering::Relaxed);
        let began = Instant::now();
        let (start, trickle, every): (&[u8], &[u8], u64) = if body {
            (
                b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
                b" ",
                8,
            )
        } else {
            (
                b"GET /api/health HTTP/1.1\r\nHost: x\r\n",
                b"X-Slow: 1\r\n",
                2,
            )
        };
        let _ = c.write_all(start).await;
        let mut buf = [0u8; 512];
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            match tokio::time::timeout(Duration::from_secs(every), c.read(&mut buf)).await {
                Ok(_) => break, // the server answered or hung up
                Err(_) => {
                    if c.write_all(trickle).await.is_err() {
                        break;
                    }
                }
            }
        }
        if began.elapsed() < Duration::from_secs(1) {
            tally.refused_at_once.fetch_add(1, Ordering::Relaxed);
            // a slowloris reopens what the server closes, at its own slow pace
            tokio::time::sleep(Duration::from_secs(1)).await;
        } else {
            tally.timed_out.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The slowloris scenario: `stalled` attacker slots over `addresses` addresses for `seconds`,
/// trickling headers, or with `body` whole headers and then the body.
pub async fn slowloris(
    stalled: usize,
    addresses: u8,
    seconds: u64,
    body: bool,
) -> Result<Value, String> {
    let server = ChildServer::start("slowloris", &[])?;
    let host = server.host.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let health = Health::every(&host, Duration::from_millis(50));
    let mut slots = Vec::new();
    for i in 0..stalled {
        let from = 2 + (i % usize::from(addresses.max(1))) as u8;
        slots.push(tokio::spawn(loris(
            host.clone(),
            from,
            body,
            Arc::clone(&tally),
            Arc::clone(&stop),
        )));
    }
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let rss = server.rss_kib();
    stop.store(true, Ordering::Relaxed);
    let checked = health.report().await;
    for s in slots {
        s.abort();
    }
    let mut answer = json!({
        "trickled": if body { "body" } else { "headers" },
        "attacker_slots": stalled,
        "attacker_addresses": addresses,
        "seconds": seconds,
        "connections_opened": tally.opened.load(Ordering::Relaxed),
        "closed_at_once": tally.refused_at_once.load(Ordering::Relaxed),
        "closed_by_timeout": tally.timed_out.load(Ordering::Relaxed),
    });
    if let (Some(a), Value::Object(h)) = (answer.as_object_mut(), checked) {
        a.extend(h);
    }
    answer["server_rss_mib"] = json!(rss.map(|k| (k as f64 / 1024.0 * 10.0).round() / 10.0));
    Ok(answer)
}

/// An older game whose two players stay connected through the flood.
struct OlderGame {
    id: String,
    sockets: [tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >; 2],
}

impl OlderGame {
    async fn start(host: &str) -> Result<OlderGame, String> {
        let created = http(
            host,
            "POST",
            "/api/games",
            Some(json!({"kind": "royal-match", "name": "Ann"})),
        )
        .await?;
        let id = created["id"].as_str().ok_or("no id")?.to_string();
        let joined = http(
            host,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({"name": "Bo"})),
        )
        .await?;
        let a = connect_seat(host, &id, created["token"].as_str()).await?;
        let b = connect_seat(host, &id, joined["token"].as_str()).await?;
        Ok(OlderGame {
            id,
            sockets: [a, b],
        })
    }

    /// Sends `action` from player `who` and waits for the ack: the game is playable.
    async fn play(&mut self, who: usize, id: u32, action: Value) -> Result<Duration, String> {
        let ws = &mut self.sockets[who];
        let t = Instant::now();
        let frame = json!({"t": "act", "id": id, "d": action});
        ws.send(Message::Text(frame.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
                .await
                .map_err(|_| "the older game did not answer within 30 s")?
                .ok_or("the older game's socket closed")?
                .map_err(|e| e.to_string())?;
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
            if v["d"]["id"] == json!(id) {
                return match v["t"].as_str() {
                    Some("ack") => Ok(t.elapsed()),
                    _ => Err(format!("the older game refused a move: {v}")),
                };
            }
        }
    }
}

/// The flood scenario: `requests` creations from one address, then the wide flood.
pub async fn flood(requests: u64) -> Result<Value, String> {
    let server = ChildServer::start("flood", &[])?;
    let host = server.host.clone();
    let mut older = OlderGame::start(&host).await?;

    // one address creates games as fast as it can
    let created = Arc::new(AtomicU64::new(0));
    let limited = Arc::new(AtomicU64::new(0));
    let sent = Arc::new(AtomicU64::new(0));
    let began = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..32 {
        let (host, created, limited, sent) = (
            host.clone(),
            Arc::clone(&created),
            Arc::clone(&limited),
            Arc::clone(&sent),
        );
        workers.push(tokio::spawn(async move {
            let body = json!({"kind": "royal-solo"});
            while sent.fetch_add(1, Ordering::Relaxed) < requests {
                match request(&host, 2, "POST", "/api/games", Some(&body)).await {
                    Ok((200, _)) => created.fetch_add(1, Ordering::Relaxed),
                    Ok((429, _)) => limited.fetch_add(1, Ordering::Relaxed),
                    _ => 0,
                };
            }
        }));
    }
    for w in workers {
        let _ = w.await;
    }
    let one_address = began.elapsed();
    let during_one = older.play(0, 1, json!({"t": "announce", "bid": 9})).await?;

    // then hundreds of addresses each create what their bucket allows and open every game,
    // more games than the server keeps in memory
    let started = Instant::now();
    let mut loaders = Vec::new();
    for from in 3..=250u8 {
        let host = host.clone();
        loaders.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            let body = json!({"kind": "royal-solo"});
            while let Ok((200, v)) = request(&host, from, "POST", "/api/games", Some(&body)).await {
                ids.push(v["id"].as_str().unwrap_or_default().to_string());
            }
            let mut loaded = 0u64;
            let mut unavailable = 0u64;
            for id in ids {
                match request(&host, from, "GET", &format!("/api/games/{id}"), None).await {
                    Ok((200, _)) => loaded += 1,
                    _ => unavailable += 1,
                }
            }
            (loaded, unavailable)
        }));
    }
    let (mut loaded, mut unavailable) = (0, 0);
    for l in loaders {
        let (a, b) = l.await.map_err(|e| e.to_string())?;
        loaded += a;
        unavailable += b;
    }
    let wide = started.elapsed();
    let during_many = older
        .play(1, 2, json!({"t": "accept"}))
        .await
        .map_err(|e| format!("after the wide flood: {e}"))?;
    let (status, _) = request(&host, 1, "GET", &format!("/api/games/{}", older.id), None).await?;
    Ok(json!({
        "one_address_requests": requests,
        "one_address_seconds": (one_address.as_secs_f64() * 100.0).round() / 100.0,
        "one_address_created": created.load(Ordering::Relaxed),
        "one_address_429": limited.load(Ordering::Relaxed),
        "older_game_move_ms_after_one_address": during_one.as_millis(),
        "many_addresses": 248,
        "many_addresses_games_loaded": loaded,
        "many_addresses_unavailable": unavailable,
        "many_addresses_seconds": (wide.as_secs_f64() * 10.0).round() / 10.0,
        "older_game_status": status,
        "older_game_move_ms_after_many": during_many.as_millis(),
    }))
}
