//! The `bots` scenario: QuickChess games against the strongest computer opponent, all of them
//! keeping the computer thinking (each human answers at once with a random legal move), while
//! a client in an unrelated room measures its `ping` round trips: first without the games (a
//! baseline), then with them. A search on the async runtime would hold these pings up for
//! seconds; in the thinking pool it must not.

use super::play::connect_seat;
use super::server::{ChildServer, http, percentile_ms};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tabula_core::rng::{Rng, seeded};
use tokio_tungstenite::tungstenite::Message;

/// The strongest QuickChess level.
const TOP_LEVEL: u8 = tabula_chess::engine::LEVELS;

/// One human against the computer, answering at once until `stop`: the computer's moves seen.
async fn human(
    host: String,
    seed: u64,
    stop: Arc<AtomicBool>,
    moves: Arc<AtomicU64>,
) -> Result<(), String> {
    let created = http(
        &host,
        "POST",
        "/api/games",
        Some(json!({"kind": "quickchess", "name": "H", "options": {"variant": "quickchess"}, "bots": [TOP_LEVEL]})),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let mut ws = connect_seat(&host, &id, created["token"].as_str()).await?;
    let mut rng = seeded(seed);
    let mut next = 1u64;
    while !stop.load(Ordering::Relaxed) {
        let msg = match tokio::time::timeout(Duration::from_secs(1), ws.next()).await {
            Err(_) => continue,
            Ok(None) => return Err("a game's socket closed".into()),
            Ok(Some(m)) => m.map_err(|e| e.to_string())?,
        };
        let Message::Text(text) = msg else { continue };
        let frame: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
        let view = &frame["d"]["view"];
        if view["over"] == true {
            return Ok(()); // this game ended; the others go on
        }
        if frame["t"] == "update" && view["your_turn"] == true {
            moves.fetch_add(1, Ordering::Relaxed);
        }
        if view["your_turn"] == true {
            let legal = view["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let uci = legal[rng.random_range(0..legal.len())]["uci"].clone();
            let act = json!({"t": "act", "id": next, "d": {"t": "move", "uci": uci}});
            next += 1;
            ws.send(Message::Text(act.to_string().into()))
                .await
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Pings every 50 ms for `how_long`: round trips in µs, sorted.
async fn pings(host: &str, game: &str, how_long: Duration) -> Result<Vec<u64>, String> {
    let mut ws = connect_seat(host, game, None).await?;
    let until = Instant::now() + how_long;
    let mut rtts = Vec::new();
    let mut id = 0u64;
    while Instant::now() < until {
        id += 1;
        let t = Instant::now();
        let ping = json!({"t": "ping", "id": id});
        ws.send(Message::Text(ping.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
                .await
                .map_err(|_| "no pong within 30 s")?
                .ok_or("closed")?
                .map_err(|e| e.to_string())?;
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
            if v["t"] == "pong" && v["d"]["id"] == json!(id) {
                rtts.push(t.elapsed().as_micros() as u64);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    rtts.sort_unstable();
    Ok(rtts)
}

/// Runs the scenario: `games` games against the top level for `seconds`.
pub async fn run(games: usize, seconds: u64) -> Result<Value, String> {
    let server = ChildServer::start("bots", &["--rate-limits", "off"])?;
    let host = server.host.clone();
    let quiet = http(
        &host,
        "POST",
        "/api/games",
        Some(json!({"kind": "royal-solo"})),
    )
    .await?;
    let quiet = quiet["id"].as_str().ok_or("no id")?.to_string();
    let baseline = pings(&host, &quiet, Duration::from_secs(5)).await?;

    let stop = Arc::new(AtomicBool::new(false));
    let moves = Arc::new(AtomicU64::new(0));
    let mut humans = Vec::new();
    for g in 0..games {
        humans.push(tokio::spawn(human(
            host.clone(),
            g as u64,
            Arc::clone(&stop),
            Arc::clone(&moves),
        )));
    }
    // the games start and the computer is thinking in each before the measure begins
    tokio::time::sleep(Duration::from_secs(2)).await;
    let loaded = pings(&host, &quiet, Duration::from_secs(seconds)).await?;
    stop.store(true, Ordering::Relaxed);
    for h in humans {
        h.await.map_err(|e| e.to_string())??;
    }
    Ok(json!({
        "games": games,
        "bot_level": TOP_LEVEL,
        "seconds": seconds,
        "computer_moves": moves.load(Ordering::Relaxed),
        "baseline_pings": baseline.len(),
        "baseline_p50_ms": percentile_ms(&baseline, 0.5),
        "baseline_p99_ms": percentile_ms(&baseline, 0.99),
        "pings": loaded.len(),
        "p50_ms": percentile_ms(&loaded, 0.5),
        "p99_ms": percentile_ms(&loaded, 0.99),
        "max_ms": percentile_ms(&loaded, 1.0),
    }))
}
