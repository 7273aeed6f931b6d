//! The `tools` scenario: one address keeps every long computation a client may ask for busy
//! (three-second analyses, Querni hints at the top level, exercises, and `games` games
//! against the strongest QuickChess computer, taking back each of its replies so it thinks
//! again), with the server's default bounds, while `victims` players of other addresses each
//! play a game against the level-1 computer: the time from each of their moves to the
//! computer's reply is what the scenario measures.

use super::probe::{Ws, next_frame, socket_from};
use super::server::{ChildServer, exchange, percentile_ms};
use futures_util::SinkExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// What to run.
pub struct Setup {
    /// The attacker's games against the strongest computer.
    pub games: usize,
    /// Other players, each in a game against the level-1 computer.
    pub victims: usize,
    /// How long to measure.
    pub seconds: u64,
}

/// Counts of the attacker's tool requests by answer.
#[derive(Default)]
struct Tally {
    ok: AtomicU64,
    limited: AtomicU64,
    busy: AtomicU64,
    other: AtomicU64,
}

/// One of the attacker's tool loops: `body` to `path` until `stop`.
async fn tool_loop(
    host: String,
    path: &'static str,
    body: Value,
    tally: Arc<Tally>,
    stop: Arc<AtomicBool>,
) {
    while !stop.load(Ordering::Relaxed) {
        let counter = match exchange(&host, 2, "POST", path, &[], Some(&body)).await {
            Ok((200, _, _)) => &tally.ok,
            Ok((429, h, _)) => {
                // a well-behaved client waits as told; a hostile one would not, and gains
                // nothing either way: it only spins here
                let _ = h;
                &tally.limited
            }
            Ok((503, _, _)) => &tally.busy,
            _ => &tally.other,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// Creates a QuickChess game against the computer at `level` from 127.0.0.`from`; its
/// socket as the human's seat.
async fn game(host: &str, from: u8, level: u8) -> Result<Ws, String> {
    let body = json!({"kind": "quickchess", "name": "P", "options": {"variant": "quickchess", "color": "white"}, "bots": [level]});
    let (status, _, created) = exchange(host, from, "POST", "/api/games", &[], Some(&body)).await?;
    if status != 200 {
        return Err(format!("creating a game: {status} {created}"));
    }
    let id = created["id"].as_str().ok_or("no id")?;
    let offer = format!(
        "tabula, tabula-token.{}",
        created["token"].as_str().unwrap_or_default()
    );
    socket_from(
        host,
        from,
        &format!("/api/games/{id}/ws"),
        None,
        Some(&offer),
    )
    .await
}

/// Sends an intent.
async fn act(ws: &mut Ws, id: u64, intent: Value) -> Result<(), String> {
    let f = json!({"t": "act", "id": id, "d": intent});
    ws.send(Message::Text(f.to_string().into()))
        .await
        .map_err(|e| e.to_string())
}

/// The attacker's game: move, and once the computer has replied, take the reply back (and
/// the move: one screen takes back one move at a time, the computer grants at once), again.
async fn attacker_game(host: String, stop: Arc<AtomicBool>) -> Result<(), String> {
    let mut ws = game(&host, 2, tabula_chess::engine::LEVELS).await?;
    let mut id = 0;
    while !stop.load(Ordering::Relaxed) {
        let Some(f) = next_frame(&mut ws, Duration::from_secs(2)).await else {
            continue;
        };
        let v = &f["d"]["view"];
        if v["over"] == true {
            return Ok(());
        }
        if v["your_turn"] == true {
            id += 1;
            let moves = v["moves"].as_array().map_or(0, Vec::len);
            if moves >= 2 {
                act(&mut ws, id, json!({"t": "offer_takeback"})).await?;
            } else if let Some(uci) = v["legal"].get(0).and_then(|m| m["uci"].as_str()) {
                act(&mut ws, id, json!({"t": "move", "uci": uci})).await?;
            }
        }
    }
    Ok(())
}

/// A victim's game against the level-1 computer: the computer's reply times (µs).
async fn victim(host: String, from: u8, stop: Arc<AtomicBool>) -> Result<Vec<u64>, String> {
    let mut ws = game(&host, from, 1).await?;
    let mut replies = Vec::new();
    let mut moved_at: Option<Instant> = None;
    let mut id = 0;
    while !stop.load(Ordering::Relaxed) {
        let Some(f) = next_frame(&mut ws, Duration::from_secs(30)).await else {
            return Err("a victim's game went silent for 30 s".into());
        };
        let v = &f["d"]["view"];
        if v["your_turn"] == true {
            if let Some(t) = moved_at.take() {
                replies.push(t.elapsed().as_micros() as u64);
            }
            if v["over"] == true {
                break;
            }
            // think a moment, as a person does
            tokio::time::sleep(Duration::from_millis(300)).await;
            let Some(uci) = v["legal"].get(0).and_then(|m| m["uci"].as_str()) else {
                break;
            };
            id += 1;
            act(&mut ws, id, json!({"t": "move", "uci": uci})).await?;
            moved_at = Some(Instant::now());
        } else if v["over"] == true {
            // the game ended: a new one
            ws = game(&host, from, 1).await?;
            moved_at = None;
        }
    }
    Ok(replies)
}

/// Runs the scenario.
pub async fn run(setup: Setup) -> Result<Value, String> {
    let server = ChildServer::start("tools", &[])?;
    let host = server.host.clone();
    // the victims' baseline: the replies with nobody else on the server
    let stop = Arc::new(AtomicBool::new(false));
    let base = tokio::spawn(victim(host.clone(), 100, Arc::clone(&stop)));
    tokio::time::sleep(Duration::from_secs(5)).await;
    stop.store(true, Ordering::Relaxed);
    let mut baseline = base.await.map_err(|e| e.to_string())??;
    baseline.sort_unstable();

    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let mut attack = Vec::new();
    for (path, body, n) in [
        (
            "/api/chess/position",
            json!({"variant": "quickchess", "analyse_ms": 3000}),
            24,
        ),
        (
            "/api/querni/hint",
            json!({"position": tabula_querni::Position::start(4).to_string(), "level": tabula_querni::MAX_LEVEL}),
            16,
        ),
        (
            "/api/learn/exercise",
            json!({"variant": "rescue-the-queen", "kind": "capture-all", "seed": 7}),
            8,
        ),
    ] {
        for _ in 0..n {
            attack.push(tokio::spawn(tool_loop(
                host.clone(),
                path,
                body.clone(),
                Arc::clone(&tally),
                Arc::clone(&stop),
            )));
        }
    }
    let mut games = Vec::new();
    for _ in 0..setup.games {
        games.push(tokio::spawn(attacker_game(host.clone(), Arc::clone(&stop))));
    }
    tokio::time::sleep(Duration::from_secs(3)).await; // the attack under way
    let mut victims = Vec::new();
    for i in 0..setup.victims {
        victims.push(tokio::spawn(victim(
            host.clone(),
            101 + i as u8,
            Arc::clone(&stop),
        )));
    }
    tokio::time::sleep(Duration::from_secs(setup.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut replies = Vec::new();
    let mut failures = Vec::new();
    for v in victims {
        match v.await.map_err(|e| e.to_string())? {
            Ok(r) => replies.extend(r),
            Err(e) => failures.push(e),
        }
    }
    replies.sort_unstable();
    for a in attack {
        a.abort();
    }
    for g in games {
        g.abort();
    }
    let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
    Ok(json!({
        "attacker_games": setup.games,
        "attacker_tool_ok": n(&tally.ok), "attacker_tool_429": n(&tally.limited),
        "attacker_tool_503": n(&tally.busy), "attacker_tool_other": n(&tally.other),
        "victims": setup.victims,
        "baseline_replies": baseline.len(),
        "baseline_reply_p50_ms": percentile_ms(&baseline, 0.5),
        "baseline_reply_max_ms": percentile_ms(&baseline, 1.0),
        "replies": replies.len(),
        "reply_p50_ms": percentile_ms(&replies, 0.5),
        "reply_p99_ms": percentile_ms(&replies, 0.99),
        "reply_max_ms": percentile_ms(&replies, 1.0),
        "victim_failures": failures,
    }))
}
