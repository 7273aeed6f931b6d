//! The `play` scenario: many WebSocket clients playing QuickChess in pairs, measuring what one
//! server holds (clients connected at once, moves per second, the latency from sending a move
//! to its acknowledgement, which the server sends only after the move is in the database).
//!
//! Durability is proven, not assumed: every client remembers each move the server
//! acknowledged and at which version; at the end the server is stopped with `kill -9` and its
//! database is read back: every acknowledged move must be in its game's log at that place,
//! and the logs must hold nothing else.

use super::server::{ChildServer, http, percentile_ms};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_core::rng::{Rng, seeded};
use tokio_tungstenite::tungstenite::Message;

/// One acknowledged move: the log length after it, and the move.
type Acked = (u64, String);

/// What one client measured.
#[derive(Default)]
struct ClientResult {
    latencies_us: Vec<u64>,
    acked: Vec<Acked>,
    refused: u64,
}

/// A WebSocket to `game` as the seat of `token` (offered in the subprotocol header, as the
/// browser does).
pub async fn connect_seat(
    host: &str,
    game: &str,
    token: Option<&str>,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    String,
> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{host}/api/games/{game}/ws")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(t) = token {
        let offer = format!("tabula, tabula-token.{t}");
        req.headers_mut().insert(
            "sec-websocket-protocol",
            offer
                .parse()
                .map_err(|_| "a token that is not a header value")?,
        );
    }
    let (ws, _) = tokio_tungstenite::connect_async(req)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    Ok(ws)
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
    let mut ws = connect_seat(&host, &game, Some(&token)).await?;
    ready.wait().await;
    let mut rng = seeded(seed);
    let mut result = ClientResult::default();
    let mut view = Value::Null;
    let mut made = 0;
    let mut pending: Option<(u64, Instant, String)> = None;
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
                    let uci = m["uci"].as_str().unwrap_or_default().to_string();
                    made += 1;
                    let id = u64::from(made);
                    let frame = json!({"t": "act", "id": id, "d": {"t": "move", "uci": uci}});
                    ws.send(Message::Text(frame.to_string().into()))
                        .await
                        .map_err(|e| e.to_string())?;
                    pending = Some((id, Instant::now(), uci));
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
        if let Some((id, sent, uci)) = &pending
            && d["id"] == json!(id)
        {
            match frame["t"].as_str() {
                Some("ack") => {
                    result.latencies_us.push(sent.elapsed().as_micros() as u64);
                    result
                        .acked
                        .push((d["v"].as_u64().unwrap_or(0), uci.clone()));
                }
                _ => result.refused += 1,
            }
            pending = None;
        }
    }
    let _ = ws.close(None).await;
    Ok(result)
}

/// What the logs say of the acknowledged moves.
#[derive(Default)]
struct Audit {
    logged: u64,
    lost: u64,
    how: &'static str,
}

/// Reads every game's log back from the stopped server's database.
async fn audit_database(db: &str, acked: &HashMap<String, Vec<Acked>>) -> Result<Audit, String> {
    let store = tabula_server::Database::parse(db)
        .open()
        .await
        .map_err(|e| e.to_string())?;
    let mut audit = Audit {
        how: "read back from the database after kill -9",
        ..Audit::default()
    };
    for (game, moves) in acked {
        let log = store.log(game).await.map_err(|e| e.to_string())?;
        audit.logged += log.len() as u64;
        for (v, uci) in moves {
            let entry = (*v as usize).checked_sub(1).and_then(|i| log.get(i));
            if entry.is_none_or(|e| e.action["uci"] != json!(uci)) {
                audit.lost += 1;
            }
        }
    }
    Ok(audit)
}

/// Against a server of someone else's: its views' versions (the log lengths) only.
async fn audit_views(host: &str, acked: &HashMap<String, Vec<Acked>>) -> Result<Audit, String> {
    let mut audit = Audit {
        how: "checked against the games' versions (another server's database cannot be read)",
        ..Audit::default()
    };
    for (game, moves) in acked {
        let v = http(host, "GET", &format!("/api/games/{game}"), None).await?;
        let len = v["v"].as_u64().unwrap_or(0);
        audit.logged += len;
        audit.lost += moves.iter().filter(|(v, _)| *v > len).count() as u64;
    }
    Ok(audit)
}

/// Runs the scenario; the report as JSON.
pub async fn run(
    clients: usize,
    moves: u32,
    think: Duration,
    url: Option<String>,
    db: Option<String>,
) -> Result<Value, String> {
    let mut server = None;
    let host = match url {
        Some(u) => u
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string(),
        None => {
            let s = ChildServer::start_on(
                "play",
                db.as_deref(),
                &[
                    "--rate-limits",
                    "off",
                    "--max-sockets",
                    "40000",
                    "--max-rooms",
                    "40000",
                ],
            )?;
            let host = s.host.clone();
            server = Some(s);
            host
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
    let mut acked: HashMap<String, Vec<Acked>> = HashMap::new();
    let mut refused = 0;
    let mut failures = Vec::new();
    for (t, (game, _)) in tasks.into_iter().zip(&seats) {
        match t.await {
            Ok(Ok(r)) => {
                acked.entry(game.clone()).or_default().extend(r.acked);
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
    let audit = match server.as_mut() {
        Some(s) => {
            s.kill();
            audit_database(&s.db, &acked).await?
        }
        None => audit_views(&host, &acked).await?,
    };
    all.sort_unstable();
    let total = all.len() as u64;
    Ok(json!({
        "clients": held,
        "rooms": rooms,
        "moves": total,
        "refused": refused,
        "logged": audit.logged,
        "lost": audit.lost,
        "durability": audit.how,
        "seconds": (elapsed.as_secs_f64() * 100.0).round() / 100.0,
        "moves_per_second": ((total as f64 / elapsed.as_secs_f64()) * 10.0).round() / 10.0,
        "p50_ms": percentile_ms(&all, 0.50),
        "p99_ms": percentile_ms(&all, 0.99),
        "max_ms": percentile_ms(&all, 1.0),
    }))
}
