//! The `sockets` scenario: what an idle WebSocket costs the server. It opens many sockets
//! (spectators of a number of games, each past its first state frame), reads the server's
//! resident memory before and after, closes them all and reads it again, then opens as many
//! again: the memory freed by the first ones must be what the second ones use (the
//! allocator keeps freed memory for reuse rather than giving it back, so a second round
//! that grows nothing shows that nothing leaked).

use super::play::connect_seat;
use super::server::{ChildServer, UNBOUNDED, http};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;

/// Spectators per game (under the server's 200 per room).
const PER_ROOM: usize = 100;

async fn settle() {
    tokio::time::sleep(Duration::from_secs(2)).await;
}

/// Runs the scenario with `sockets` idle sockets; the report as JSON.
pub async fn run(sockets: usize) -> Result<Value, String> {
    let server = ChildServer::start("sockets", &UNBOUNDED)?;
    let host = server.host.clone();
    let rooms = sockets.div_ceil(PER_ROOM);
    let mut games = Vec::new();
    for _ in 0..rooms {
        let created = http(
            &host,
            "POST",
            "/api/games",
            Some(json!({"kind": "royal-solo"})),
        )
        .await?;
        games.push(created["id"].as_str().ok_or("no id")?.to_string());
    }
    // warm up: load every room and open a few sockets once, so the base is a running server
    for g in &games {
        drop(connect_seat(&host, g, None).await?);
    }
    settle().await;
    let base = server.rss_kib().ok_or("cannot read the server's memory")?;
    let rss = || server.rss_kib().ok_or("cannot read the server's memory");
    let open = open_idle(&host, &games, sockets).await?;
    settle().await;
    let loaded = rss()?;
    drop(open);
    settle().await;
    let closed = rss()?;
    let again = open_idle(&host, &games, sockets).await?;
    settle().await;
    let reloaded = rss()?;
    drop(again);
    let per_socket = (loaded.saturating_sub(base)) as f64 * 1024.0 / sockets as f64;
    Ok(json!({
        "sockets": sockets,
        "rooms": rooms,
        "rss_base_mib": (base as f64 / 1024.0 * 10.0).round() / 10.0,
        "rss_loaded_mib": (loaded as f64 / 1024.0 * 10.0).round() / 10.0,
        "rss_after_close_mib": (closed as f64 / 1024.0 * 10.0).round() / 10.0,
        "bytes_per_socket": per_socket.round(),
        "returned_on_close_mib": (loaded.saturating_sub(closed) as f64 / 1024.0 * 10.0).round() / 10.0,
        "rss_second_round_mib": (reloaded as f64 / 1024.0 * 10.0).round() / 10.0,
        "second_round_growth_mib": (reloaded.saturating_sub(loaded) as f64 / 1024.0 * 10.0).round() / 10.0,
    }))
}

/// Opens `sockets` spectators' sockets over `games`, each past its first frame.
async fn open_idle(
    host: &str,
    games: &[String],
    sockets: usize,
) -> Result<Vec<impl Sized + use<>>, String> {
    let mut open = Vec::with_capacity(sockets);
    for i in 0..sockets {
        let mut ws = connect_seat(host, &games[i / PER_ROOM], None).await?;
        // the first frame (the state) is read, as a browser would
        tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .map_err(|_| format!("socket {i}: no state within 30 s"))?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        open.push(ws);
    }
    Ok(open)
}
