//! The `play` scenario: many WebSocket clients playing QuickChess in pairs, measuring what one
//! server holds (clients connected at once, moves per second, the latency from sending a move
//! to its acknowledgement, which the server sends only after the move is in the database).
//!
//! Durability is proven, not assumed: every client remembers each move the server
//! acknowledged and at which version; at the end the server is stopped with `kill -9` and its
//! database is read back: every acknowledged move must be in its game's log at that place,
//! and the logs must hold nothing else.

use super::server::{ChildServer, UNBOUNDED, http, percentile_ms};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_core::rng::{Rng, seeded};
use tokio_tungstenite::tungstenite::Message;

/// One acknowledged move: the log length after it, and the move.
pub(super) type Acked = (u64, String);

/// What a playing client reads of a server frame; the rest is skipped without being built
/// (the load generator shares the machine with the servers: its parsing should cost little).
#[derive(Deserialize)]
struct Incoming {
    t: String,
    #[serde(default)]
    d: FrameData,
}

/// The data of a frame: the request id it answers, the version, the view.
#[derive(Deserialize, Default)]
struct FrameData {
    #[serde(default)]
    id: Option<u64>,
    #[serde(default)]
    v: Option<u64>,
    #[serde(default)]
    view: Option<PlayView>,
}

/// What a client plays from: whether the game is over, whether it is its turn, its moves.
#[derive(Deserialize, Default)]
struct PlayView {
    #[serde(default)]
    over: Option<bool>,
    #[serde(default)]
    your_turn: Option<bool>,
    #[serde(default)]
    legal: Option<Vec<Legal>>,
}

/// One legal move.
#[derive(Deserialize, Clone)]
struct Legal {
    uci: String,
}

/// What one client measured.
#[derive(Default)]
struct ClientResult {
    latencies_us: Vec<u64>,
    acked: Vec<Acked>,
    refused: u64,
}

/// What to run: how many clients, how they play, against which servers.
pub struct Setup {
    /// Clients, two per game.
    pub clients: usize,
    /// Moves each client makes.
    pub moves: u32,
    /// Average thinking time before a move.
    pub think: Duration,
    /// Running servers (the nodes of one site), if not started here.
    pub urls: Vec<String>,
    /// The database of the servers started here.
    pub db: Option<String>,
    /// Nodes to start here.
    pub nodes: u32,
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
    let mut view = PlayView::default();
    let mut made = 0;
    let mut pending: Option<(u64, Instant, String)> = None;
    loop {
        if pending.is_none() {
            if view.over == Some(true) || made >= moves {
                break;
            }
            if view.your_turn == Some(true) {
                let legal = view.legal.clone().unwrap_or_default();
                if !legal.is_empty() {
                    let jitter = rng.random_range(0..=think.as_millis() as u64 / 2);
                    tokio::time::sleep(think / 2 + Duration::from_millis(jitter)).await;
                    let uci = legal[rng.random_range(0..legal.len())].uci.clone();
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
        let frame: Incoming = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
        let d = frame.d;
        if let Some(v) = d.view {
            view = v;
        }
        if let Some((id, sent, uci)) = &pending
            && d.id == Some(*id)
        {
            match frame.t.as_str() {
                "ack" => {
                    result.latencies_us.push(sent.elapsed().as_micros() as u64);
                    result.acked.push((d.v.unwrap_or(0), uci.clone()));
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
pub(super) struct Audit {
    /// Log entries read.
    pub logged: u64,
    /// Acknowledged moves not at their place.
    pub lost: u64,
    /// How they were checked.
    pub how: &'static str,
}

/// Reads every game's log back from the stopped server's database.
pub(super) async fn audit_database(
    db: &str,
    acked: &HashMap<String, Vec<Acked>>,
) -> Result<Audit, String> {
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
            let logged = entry.and_then(|e| e.action.parse::<serde_json::Value>().ok());
            if logged.is_none_or(|a| a["uci"] != json!(uci)) {
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

/// The servers to play against: the running ones named, or `nodes` started here.
fn servers(setup: &Setup) -> Result<(Vec<String>, Vec<ChildServer>), String> {
    if !setup.urls.is_empty() {
        let hosts = setup
            .urls
            .iter()
            .map(|u| {
                u.trim_start_matches("http://")
                    .trim_end_matches('/')
                    .to_string()
            })
            .collect();
        return Ok((hosts, Vec::new()));
    }
    let mut started = Vec::new();
    for n in 1..=setup.nodes {
        let node = format!("n{n}");
        let mut extra = UNBOUNDED.to_vec();
        if setup.nodes > 1 {
            extra.extend(["--node", node.as_str()]);
        }
        started.push(ChildServer::start_on(
            &format!("play-{node}"),
            setup.db.as_deref(),
            &extra,
        )?);
    }
    Ok((started.iter().map(|s| s.host.clone()).collect(), started))
}

/// The p-th percentile of the latencies of `results`, in ms.
fn percentile_of(results: &[&ClientResult], p: f64) -> f64 {
    let mut all: Vec<u64> = results
        .iter()
        .flat_map(|r| r.latencies_us.iter().copied())
        .collect();
    all.sort_unstable();
    percentile_ms(&all, p)
}

/// A QuickChess game made and joined on `home` (which then runs it), the `r`-th of a run: its
/// id and the white and black seat tokens.
pub(super) async fn two_player_game(
    home: &str,
    r: usize,
) -> Result<(String, String, String), String> {
    let created = http(
        home,
        "POST",
        "/api/games",
        Some(json!({"kind": "quickchess", "name": format!("w{r}"), "options": {"variant": "quickchess"}})),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let joined = http(
        home,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"name": format!("b{r}")})),
    )
    .await?;
    let white = created["token"].as_str().unwrap_or_default().to_string();
    let black = joined["token"].as_str().unwrap_or_default().to_string();
    Ok((id, white, black))
}

/// Runs the scenario; the report as JSON.
pub async fn run(setup: Setup) -> Result<Value, String> {
    let (hosts, mut started) = servers(&setup)?;
    let Setup {
        clients,
        moves,
        think,
        ..
    } = setup;
    let nodes = hosts.len();
    let rooms = clients / 2;
    // each game is made and joined on its home node (which then runs it); with several nodes
    // its second player plays through the next node
    let mut seats = Vec::new();
    for r in 0..rooms {
        let home = &hosts[r % nodes];
        let away = &hosts[(r + 1) % nodes];
        let (id, white, black) = two_player_game(home, r).await?;
        seats.push((id.clone(), white, home.clone(), false));
        seats.push((id, black, away.clone(), nodes > 1));
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(seats.len() + 1));
    let mut tasks = Vec::new();
    for (i, (game, token, host, _)) in seats.iter().enumerate() {
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
    let started_at = Instant::now();
    let mut results = Vec::new();
    let mut failures = Vec::new();
    for (t, (game, _, _, relayed)) in tasks.into_iter().zip(&seats) {
        match t.await {
            Ok(Ok(r)) => results.push((game.clone(), *relayed, r)),
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(e.to_string()),
        }
    }
    let elapsed = started_at.elapsed();
    if !failures.is_empty() {
        return Err(format!(
            "{} client(s) failed, first: {}",
            failures.len(),
            failures[0]
        ));
    }
    let mut acked: HashMap<String, Vec<Acked>> = HashMap::new();
    let mut refused = 0;
    for (game, _, r) in &results {
        acked
            .entry(game.clone())
            .or_default()
            .extend(r.acked.clone());
        refused += r.refused;
    }
    let audit = match started.first() {
        Some(first) => {
            let db = first.db.clone();
            for s in started.iter_mut() {
                s.kill();
            }
            audit_database(&db, &acked).await?
        }
        None => audit_views(&hosts[0], &acked).await?,
    };
    let all: Vec<&ClientResult> = results.iter().map(|(_, _, r)| r).collect();
    let owner: Vec<&ClientResult> = results.iter().filter(|r| !r.1).map(|(_, _, r)| r).collect();
    let relayed: Vec<&ClientResult> = results.iter().filter(|r| r.1).map(|(_, _, r)| r).collect();
    let total: u64 = all.iter().map(|r| r.latencies_us.len() as u64).sum();
    let mut report = json!({
        "clients": held,
        "rooms": rooms,
        "nodes": nodes,
        "moves": total,
        "refused": refused,
        "logged": audit.logged,
        "lost": audit.lost,
        "durability": audit.how,
        "seconds": (elapsed.as_secs_f64() * 100.0).round() / 100.0,
        "moves_per_second": ((total as f64 / elapsed.as_secs_f64()) * 10.0).round() / 10.0,
        "p50_ms": percentile_of(&all, 0.50),
        "p99_ms": percentile_of(&all, 0.99),
        "max_ms": percentile_of(&all, 1.0),
    });
    if nodes > 1 {
        report["owner_p50_ms"] = json!(percentile_of(&owner, 0.50));
        report["owner_p99_ms"] = json!(percentile_of(&owner, 0.99));
        report["relayed_p50_ms"] = json!(percentile_of(&relayed, 0.50));
        report["relayed_p99_ms"] = json!(percentile_of(&relayed, 0.99));
    }
    Ok(report)
}
