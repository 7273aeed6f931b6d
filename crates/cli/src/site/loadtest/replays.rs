//! The `replays` scenario: many clients asking at once for the replay of a long game (each
//! replay replays the whole log and holds every step's view), with the server's default
//! bounds, while another client checks `/api/health`: the server's peak memory and threads.
//! Two 8x8 games of `steps` logged steps each (moves and takebacks at one screen): one finished
//! (its replay can never change), one still being played.

use super::probe::{Health, Peak, merge, next_frame, socket_from};
use super::server::{ChildServer, exchange, http};
use futures_util::SinkExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// What to run.
pub struct Setup {
    /// Logged steps of each game.
    pub steps: u64,
    /// Replays asked for at once.
    pub clients: usize,
    /// Rounds of them.
    pub rounds: usize,
}

/// A one-screen 8x8 chess game with `steps` logged steps (a move, then its takeback, over
/// and over), resigned at the end if `finish`: its id.
async fn long_game(host: &str, steps: u64, finish: bool) -> Result<String, String> {
    let created = http(
        host,
        "POST",
        "/api/games",
        Some(json!({"kind": "quickchess-local", "name": "R", "options": {"variant": "chess"}})),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let offer = format!(
        "tabula, tabula-token.{}",
        created["token"].as_str().unwrap_or_default()
    );
    let mut ws = socket_from(host, 1, &format!("/api/games/{id}/ws"), None, Some(&offer)).await?;
    let mut n = 0u64;
    let mut version = 0u64;
    let mut last = Value::Null;
    while version < steps {
        let Some(f) = next_frame(&mut ws, Duration::from_secs(10)).await else {
            return Err(format!("the long game went silent after {last}"));
        };
        last = f.clone();
        if let Some(v) = f["d"]["v"].as_u64() {
            version = version.max(v);
        }
        let view = &f["d"]["view"];
        if f["t"] == "ack" || view.is_null() || view["takeback"].is_object() {
            continue;
        }
        n += 1;
        let intent = if view["moves"].as_array().is_some_and(|m| !m.is_empty()) {
            json!({"t": "offer_takeback"})
        } else {
            let uci = view["legal"][0]["uci"].clone();
            json!({"t": "move", "uci": uci})
        };
        let frame = json!({"t": "act", "id": n, "d": intent});
        // within the address's frame rate (50 a second)
        tokio::time::sleep(Duration::from_millis(25)).await;
        ws.send(Message::Text(frame.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
    }
    if finish {
        let frame = json!({"t": "act", "id": n + 1, "d": {"t": "resign"}});
        ws.send(Message::Text(frame.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        while let Some(f) = next_frame(&mut ws, Duration::from_secs(10)).await {
            if f["d"]["view"]["over"] == true {
                break;
            }
        }
    }
    Ok(id)
}

/// `clients` replays of `id` at once, `rounds` times: statuses, the replay's size, seconds.
async fn ask(server: &ChildServer, id: &str, setup: &Setup) -> Result<Value, String> {
    let host = server.host.clone();
    let peak = Peak::start(server.pid());
    let health = Health::start(&host);
    let began = Instant::now();
    let (mut ok, mut busy, mut other, mut bytes) = (0, 0, 0, 0);
    for _ in 0..setup.rounds {
        let mut asks = Vec::new();
        for c in 0..setup.clients {
            let (host, path) = (host.clone(), format!("/api/games/{id}/replay"));
            asks.push(tokio::spawn(async move {
                exchange(&host, 2 + (c % 200) as u8, "GET", &path, &[], None).await
            }));
        }
        for a in asks {
            match a.await.map_err(|e| e.to_string())? {
                Ok((200, _, v)) => {
                    ok += 1;
                    bytes = v.to_string().len();
                }
                Ok((503, _, _)) => busy += 1,
                _ => other += 1,
            }
        }
    }
    let seconds = began.elapsed().as_secs_f64();
    let during = merge(health.report().await, peak.report());
    Ok(merge(
        json!({
            "replays_ok": ok, "replays_503": busy, "replays_failed": other,
            "replay_kib": bytes / 1024, "seconds": (seconds * 10.0).round() / 10.0,
        }),
        during,
    ))
}

/// Runs the scenario.
pub async fn run(setup: Setup) -> Result<Value, String> {
    let server = ChildServer::start("replays", &[])?;
    let host = server.host.clone();
    let finished = long_game(&host, setup.steps, true).await?;
    let playing = long_game(&host, setup.steps, false).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let base = server.rss_kib().unwrap_or(0);
    let threads = server.threads().unwrap_or(0);
    let of_finished = ask(&server, &finished, &setup).await?;
    let of_playing = ask(&server, &playing, &setup).await?;
    Ok(json!({
        "steps": setup.steps, "clients": setup.clients, "rounds": setup.rounds,
        "server_base_rss_mib": (base as f64 / 102.4).round() / 10.0,
        "server_base_threads": threads,
        "finished_game": of_finished,
        "game_in_play": of_playing,
    }))
}
