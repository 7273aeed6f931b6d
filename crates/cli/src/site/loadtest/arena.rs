//! The `arena` scenario: many players in one arena tournament, spread over one or several
//! nodes (`--db postgres://... --nodes 2`). Each player signs up on its own node, joins, and
//! then does what the tournament's page does: asks for the tournament about every second and,
//! when given a game, plays it out (here the lower-numbered player resigns after a think), so
//! the director pairs, records and pairs again as fast as players finish.
//!
//! Measured: how long a player who finished a game waits for the next (from the look that
//! showed them free to the look that showed them a game), how long a look takes, the games
//! played; checked: no request refused, and the standings count each game once for each of
//! its two players and none that was not played.

use super::server::{ChildServer, UNBOUNDED, exchange, percentile_ms};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// What to run.
pub struct Setup {
    /// Players in the arena.
    pub players: usize,
    /// The arena's length.
    pub minutes: f64,
    /// How long a player thinks before resigning a game it is to lose.
    pub think: Duration,
    /// The PostgreSQL database of several nodes, or none for one node on SQLite.
    pub db: Option<String>,
    /// Nodes to start.
    pub nodes: u32,
}

/// What one player lived through.
#[derive(Default)]
struct Lived {
    waits_us: Vec<u64>,
    looks_us: Vec<u64>,
    games: u32,
    errors: Vec<String>,
}

/// Signs `name` up at `host`: its session cookie.
pub(super) async fn sign_up(host: &str, name: &str) -> Result<String, String> {
    let body = json!({"username": name, "password": "load test password"});
    let (status, headers, v) =
        exchange(host, 1, "POST", "/api/auth/signup", &[], Some(&body)).await?;
    if status != 200 {
        return Err(format!("signing up {name}: {status} {v}"));
    }
    headers
        .iter()
        .filter(|(k, _)| k == "set-cookie")
        .filter_map(|(_, v)| v.split(';').next())
        .find(|c| c.starts_with("tabula_session="))
        .map(str::to_string)
        .ok_or_else(|| format!("signing up {name}: no session cookie"))
}

/// A request with the player's cookie: the status and the answer.
pub(super) async fn call(
    host: &str,
    cookie: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    exchange(host, 1, method, path, &[("Cookie", cookie)], body)
        .await
        .map(|(s, _, v)| (s, v))
}

/// One player, number `me`, until the arena is over.
async fn player(host: String, cookie: String, id: String, me: usize, think: Duration) -> Lived {
    let mut lived = Lived::default();
    let path = format!("/api/tournaments/{id}");
    let mut free_since: Option<Instant> = Some(Instant::now());
    let mut current: Option<String> = None;
    loop {
        let began = Instant::now();
        let (status, v) = match call(&host, &cookie, "GET", &path, None).await {
            Ok(answer) => answer,
            Err(e) => {
                lived.errors.push(e);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        lived.looks_us.push(began.elapsed().as_micros() as u64);
        if status != 200 {
            lived.errors.push(format!("a look: {status} {v}"));
        }
        if v["status"] == "finished" {
            return lived;
        }
        match v["you"]["game"].as_object() {
            Some(game) => {
                let gid = game["id"].as_str().unwrap_or_default().to_string();
                if current.as_deref() != Some(gid.as_str()) {
                    if let Some(since) = free_since.take() {
                        lived.waits_us.push(since.elapsed().as_micros() as u64);
                    }
                    lived.games += 1;
                    current = Some(gid.clone());
                    // the lower-numbered player of the two resigns after a think
                    let names: Vec<&str> = v["games"]
                        .as_array()
                        .and_then(|g| g.iter().find(|l| l["id"] == gid.as_str()))
                        .and_then(|l| l["players"].as_array())
                        .map(|p| p.iter().filter_map(Value::as_str).collect())
                        .unwrap_or_default();
                    let mine = format!("ld{me}");
                    let other = names
                        .iter()
                        .find(|n| **n != mine)
                        .and_then(|n| n[2..].parse::<usize>().ok());
                    if other.is_some_and(|o| o > me) {
                        tokio::time::sleep(think).await;
                        let body = json!({"token": game["token"], "action": {"t": "resign"}});
                        let act = format!("/api/games/{gid}/act");
                        // a game is shown as soon as its pairing is written and started a
                        // moment later: "not started yet" is asked again, as a page's socket
                        // waits for the start
                        for attempt in 0..20 {
                            match call(&host, "", "POST", &act, Some(&body)).await {
                                Ok((200, _)) | Ok((422, _)) => break,
                                Ok((409, _)) if attempt < 19 => {
                                    tokio::time::sleep(Duration::from_millis(100)).await;
                                }
                                Ok((s, e)) => {
                                    lived.errors.push(format!("a resignation: {s} {e}"));
                                    break;
                                }
                                Err(e) => {
                                    lived.errors.push(e);
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            None => {
                if current.take().is_some() {
                    free_since = Some(Instant::now());
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(1000)).await;
    }
}

/// Runs the scenario: its report.
pub async fn run(setup: Setup) -> Result<Value, String> {
    let mut servers = Vec::new();
    for n in 1..=setup.nodes {
        let node = format!("n{n}");
        let mut extra = UNBOUNDED.to_vec();
        extra.extend(["--shortest-arena-minutes", "0.5"]);
        if setup.nodes > 1 {
            extra.extend(["--node", node.as_str(), "--lease", "10s"]);
        }
        servers.push(ChildServer::start_on(
            &format!("arena-{node}"),
            setup.db.as_deref(),
            &extra,
        )?);
    }
    let hosts: Vec<String> = servers.iter().map(|s| s.host.clone()).collect();
    let mut cookies = Vec::new();
    for p in 0..setup.players {
        cookies.push(sign_up(&hosts[p % hosts.len()], &format!("ld{p}")).await?);
    }
    let spec = json!({"kind": "arena", "game": "querni", "clock": {"initial_s": 60, "increment_s": 0},
        "minutes": setup.minutes, "starts_in_s": 0, "name": "Load test arena"});
    let (status, made) = call(
        &hosts[0],
        &cookies[0],
        "POST",
        "/api/tournaments",
        Some(&spec),
    )
    .await?;
    if status != 200 {
        return Err(format!("making the arena: {status} {made}"));
    }
    let id = made["id"].as_str().unwrap_or_default().to_string();
    let join = format!("/api/tournaments/{id}/join");
    for (p, cookie) in cookies.iter().enumerate() {
        let (status, v) = call(
            &hosts[p % hosts.len()],
            cookie,
            "POST",
            &join,
            Some(&json!({})),
        )
        .await?;
        if status != 200 {
            return Err(format!("joining: {status} {v}"));
        }
    }
    let began = Instant::now();
    let tasks: Vec<_> = cookies
        .into_iter()
        .enumerate()
        .map(|(p, cookie)| {
            let host = hosts[p % hosts.len()].clone();
            tokio::spawn(player(host, cookie, id.clone(), p, setup.think))
        })
        .collect();
    let mut lived = Vec::new();
    for t in tasks {
        lived.push(t.await.map_err(|e| e.to_string())?);
    }
    let seconds = began.elapsed().as_secs_f64();
    let (_, last) = exchange(
        &hosts[0],
        1,
        "GET",
        &format!("/api/tournaments/{id}"),
        &[],
        None,
    )
    .await
    .map(|(s, _, v)| (s, v))?;
    let counted: u64 = last["standings"]
        .as_array()
        .map(|s| s.iter().filter_map(|l| l["games"].as_u64()).sum())
        .unwrap_or(0);
    let mut waits: Vec<u64> = lived
        .iter()
        .flat_map(|l| l.waits_us.iter().copied())
        .collect();
    let mut looks: Vec<u64> = lived
        .iter()
        .flat_map(|l| l.looks_us.iter().copied())
        .collect();
    waits.sort_unstable();
    looks.sort_unstable();
    let errors: Vec<&String> = lived.iter().flat_map(|l| l.errors.iter()).collect();
    let games: u32 = lived.iter().map(|l| l.games).sum::<u32>() / 2;
    let rss: Vec<Option<u64>> = servers.iter().map(ChildServer::rss_kib).collect();
    Ok(json!({
        "players": setup.players,
        "nodes": hosts.len(),
        "seconds": (seconds * 10.0).round() / 10.0,
        "games": games,
        "wait_p50_ms": percentile_ms(&waits, 0.5),
        "wait_p99_ms": percentile_ms(&waits, 0.99),
        "wait_max_ms": percentile_ms(&waits, 1.0),
        "look_p50_ms": percentile_ms(&looks, 0.5),
        "look_p99_ms": percentile_ms(&looks, 0.99),
        "looks": looks.len(),
        "standings_games": counted,
        // each game counted once for each of its players, and none the players did not play
        "counted_right": counted.is_multiple_of(2) && counted <= 2 * u64::from(games),
        "rss_kib": rss,
        "errors": errors.len(),
        "first_error": errors.first().map(|e| e.as_str()),
    }))
}
