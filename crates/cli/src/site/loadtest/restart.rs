//! The `restart` scenario: players keep playing QuickChess while the servers are restarted one
//! after another with SIGTERM, as a rolling deploy (or `systemctl restart`) does.
//!
//! Each client plays as the browser does: on the server's `restart` frame and the close that
//! follows it reconnects (to its own node, or to the next one while its own is down), takes
//! the state it is sent and plays on. A move sent but not acknowledged is not counted: it is
//! in the state that comes back or it was never made. Checked at the end: every acknowledged
//! move is in the database at its place (read back after `kill -9`), no client was ever
//! answered with an error, and how long the longest reconnection took (what the page shows as
//! "reconnecting").

use super::play::{Acked, audit_database, connect_seat, two_player_game};
use super::server::{ChildServer, UNBOUNDED, percentile_ms};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_core::rng::{Rng, seeded};
use tokio_tungstenite::tungstenite::Message;

/// What to run.
pub struct Setup {
    /// Clients, two per game.
    pub clients: usize,
    /// Moves each client makes.
    pub moves: u32,
    /// Average thinking time before a move.
    pub think: Duration,
    /// The PostgreSQL database of several nodes, or none for one node on SQLite.
    pub db: Option<String>,
    /// Nodes to start (several need `db`).
    pub nodes: u32,
}

/// What one client lived through.
#[derive(Default)]
struct Played {
    acked: Vec<Acked>,
    latencies_us: Vec<u64>,
    errors: Vec<String>,
    reconnects: u32,
    longest_gap: Duration,
}

/// How long a client keeps trying to reconnect before it counts as an error.
const GIVE_UP: Duration = Duration::from_secs(30);

/// A socket to the first of `hosts` that answers (its own node first), retried every 100 ms.
async fn reconnect(
    hosts: &[String],
    game: &str,
    token: &str,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    String,
> {
    let began = Instant::now();
    let mut last = String::new();
    while began.elapsed() < GIVE_UP {
        for host in hosts {
            // a node that takes the connection but never answers is the same as a node down
            match tokio::time::timeout(
                Duration::from_secs(5),
                connect_seat(host, game, Some(token)),
            )
            .await
            {
                Ok(Ok(ws)) => return Ok(ws),
                Ok(Err(e)) => last = e,
                Err(_) => last = format!("{host}: no answer to the upgrade within 5 s"),
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("no node took the socket back within 30 s: {last}"))
}

async fn player(
    hosts: Vec<String>,
    game: String,
    token: String,
    moves: u32,
    think: Duration,
    seed: u64,
    ready: Arc<tokio::sync::Barrier>,
) -> Played {
    let mut rng = seeded(seed);
    let mut out = Played::default();
    let mut made = 0u64;
    let mut down_since: Option<Instant> = None;
    let mut first = true;
    'connection: loop {
        let mut ws = match reconnect(&hosts, &game, &token).await {
            Ok(ws) => ws,
            Err(e) => {
                out.errors.push(e);
                break;
            }
        };
        if first {
            ready.wait().await;
            first = false;
        }
        if let Some(t) = down_since.take() {
            out.longest_gap = out.longest_gap.max(t.elapsed());
            out.reconnects += 1;
        }
        let mut view = Value::Null;
        let mut version = 0;
        let mut pending: Option<(u64, Instant, String)> = None;
        loop {
            if pending.is_none() {
                // both players stop at the same place in the game (a move lost to a restart
                // before its ack would leave one of them waiting for a move that never comes)
                if view["over"] == true || version >= 2 * u64::from(moves) {
                    let _ = ws.close(None).await;
                    break 'connection;
                }
                let legal = view["legal"].as_array().cloned().unwrap_or_default();
                if view["your_turn"] == true && !legal.is_empty() {
                    let jitter = rng.random_range(0..=think.as_millis() as u64 / 2);
                    tokio::time::sleep(think / 2 + Duration::from_millis(jitter)).await;
                    let uci = legal[rng.random_range(0..legal.len())]["uci"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string();
                    made += 1;
                    let id = made;
                    let frame = json!({"t": "act", "id": id, "d": {"t": "move", "uci": uci}});
                    if ws
                        .send(Message::Text(frame.to_string().into()))
                        .await
                        .is_err()
                    {
                        down_since = Some(Instant::now());
                        continue 'connection;
                    }
                    pending = Some((id, Instant::now(), uci));
                }
            }
            let next = tokio::time::timeout(Duration::from_secs(60), ws.next()).await;
            let text = match next {
                Ok(Some(Ok(Message::Text(t)))) => t,
                Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => {
                    // the restart's close (1012) or the node gone: come back, as the page does
                    down_since = Some(Instant::now());
                    continue 'connection;
                }
                Ok(Some(Ok(_))) => continue,
                Err(_) => {
                    out.errors.push("no frame for 60 s".into());
                    break 'connection;
                }
            };
            let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                out.errors.push(format!("a frame that is not JSON: {text}"));
                continue;
            };
            let d = &frame["d"];
            if let Some(v) = d["v"].as_u64()
                && frame["t"] != "ack"
            {
                version = version.max(v);
            }
            if !d["view"].is_null() {
                view = d["view"].clone();
            }
            let answers = pending
                .as_ref()
                .is_some_and(|(id, _, _)| d["id"].as_u64() == Some(*id));
            match frame["t"].as_str() {
                Some("ack") if answers => {
                    if let Some((_, sent, uci)) = pending.take() {
                        out.latencies_us.push(sent.elapsed().as_micros() as u64);
                        out.acked.push((d["v"].as_u64().unwrap_or(0), uci));
                    }
                }
                Some("error") => {
                    out.errors.push(format!("{}", d));
                    if answers {
                        pending = None;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// One server's restart: how long it took to stop, whether it exited 0, and how long it
/// was away (from SIGTERM until it listened again).
fn restart_each(servers: &mut [ChildServer], pause: Duration) -> Result<Vec<Value>, String> {
    let mut report = Vec::new();
    for (i, s) in servers.iter_mut().enumerate() {
        std::thread::sleep(pause);
        let began = Instant::now();
        let (stopped_in, clean) = s.terminate()?;
        s.start_again()?;
        report.push(json!({
            "node": i + 1,
            "stop_ms": stopped_in.as_millis() as u64,
            "exit_0": clean,
            "away_ms": began.elapsed().as_millis() as u64,
        }));
    }
    Ok(report)
}

/// Runs the scenario; the report as JSON (`lost` and `errors` must be 0).
pub async fn run(setup: Setup) -> Result<Value, String> {
    let mut servers = Vec::new();
    for n in 1..=setup.nodes {
        let node = format!("n{n}");
        let mut extra = UNBOUNDED.to_vec();
        if setup.nodes > 1 {
            extra.extend(["--node", node.as_str(), "--lease", "30s"]);
        }
        servers.push(ChildServer::start_on(
            &format!("restart-{node}"),
            setup.db.as_deref(),
            &extra,
        )?);
    }
    let hosts: Vec<String> = servers.iter().map(|s| s.host.clone()).collect();
    let nodes = hosts.len();
    let mut seats = Vec::new();
    for r in 0..setup.clients / 2 {
        let home = &hosts[r % nodes];
        let (id, white, black) = two_player_game(home, r).await?;
        for (seat, token) in [(0, white), (1, black)] {
            // each player's own node first, then the others
            let own = (r + seat) % nodes;
            let order: Vec<String> = (0..nodes)
                .map(|k| hosts[(own + k) % nodes].clone())
                .collect();
            seats.push((id.clone(), token, order));
        }
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(seats.len() + 1));
    let tasks: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(i, (game, token, order))| {
            tokio::spawn(player(
                order.clone(),
                game.clone(),
                token.clone(),
                setup.moves,
                setup.think,
                i as u64,
                Arc::clone(&barrier),
            ))
        })
        .collect();
    barrier.wait().await;
    let began = Instant::now();
    // a few moves first, then each node in turn
    let pause = setup.think * 4;
    let (servers_back, restarts) = tokio::task::spawn_blocking(move || {
        let r = restart_each(&mut servers, pause);
        (servers, r)
    })
    .await
    .map_err(|e| e.to_string())?;
    let mut servers = servers_back;
    let restarts = restarts?;
    let mut acked: HashMap<String, Vec<Acked>> = HashMap::new();
    let (mut errors, mut reconnects, mut longest, mut latencies) =
        (Vec::new(), 0u32, Duration::ZERO, Vec::new());
    for (t, (game, _, _)) in tasks.into_iter().zip(&seats) {
        let p = t.await.map_err(|e| e.to_string())?;
        acked.entry(game.clone()).or_default().extend(p.acked);
        errors.extend(p.errors);
        reconnects += p.reconnects;
        longest = longest.max(p.longest_gap);
        latencies.extend(p.latencies_us);
    }
    let seconds = began.elapsed().as_secs_f64();
    let db = servers[0].db.clone();
    for s in servers.iter_mut() {
        s.kill();
    }
    let audit = audit_database(&db, &acked).await?;
    latencies.sort_unstable();
    Ok(json!({
        "clients": seats.len(),
        "nodes": nodes,
        "moves": latencies.len(),
        "lost": audit.lost,
        "durability": audit.how,
        "errors": errors.len(),
        "first_error": errors.first(),
        "reconnects": reconnects,
        "longest_reconnect_ms": longest.as_millis() as u64,
        "restarts": restarts,
        "seconds": (seconds * 100.0).round() / 100.0,
        "p50_ms": percentile_ms(&latencies, 0.5),
        "p99_ms": percentile_ms(&latencies, 0.99),
        "max_ms": percentile_ms(&latencies, 1.0),
    }))
}
