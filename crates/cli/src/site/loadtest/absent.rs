//! The `absent` scenario (issue #54): a tournament whose entrants all sign up, join and never
//! come back. Nobody opens any game, so only the server's own deadlines can end them: each
//! pairing's game is aborted at its first move's limit (or a party's, a match's timers run
//! out), the director records it and goes on. Before the deadlines were stored, the first
//! round of such an event never ended.
//!
//! Measured: when each round was paired and how long it lasted, the whole event's time, and
//! (with `--kill-after`) that a `kill -9` of the node in the middle, then a restart on the same
//! database, loses nothing: the rounds go on from where they were. Checked: the event
//! finishes, with every game ended, and the scenario itself never opens a game.

use super::arena::{call, sign_up};
use super::server::{ChildServer, UNBOUNDED, exchange};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Which tournament the absent entrants join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Event {
    /// A Swiss event, QuickChess 1+0, three rounds.
    Swiss,
    /// An arena, QuickChess 1+0, of `--seconds`.
    Arena,
    /// Check Mates parties, two rounds.
    Parties,
}

/// What to run.
pub struct Setup {
    /// Entrants.
    pub players: usize,
    /// The kind of event.
    pub event: Event,
    /// An arena's length.
    pub seconds: u64,
    /// Kill the node (`kill -9`) this long after the start, and start it again.
    pub kill_after: Option<Duration>,
    /// The PostgreSQL database, or none for SQLite.
    pub db: Option<String>,
}

/// The longest the scenario waits for the event to finish.
const GIVE_UP: Duration = Duration::from_secs(30 * 60);

fn spec(setup: &Setup) -> Value {
    match setup.event {
        Event::Swiss => json!({"kind": "swiss", "game": "quickchess", "variant": "quickchess",
            "clock": {"initial_s": 60, "increment_s": 0}, "rounds": 3, "starts_in_s": 2,
            "name": "Absent Swiss"}),
        Event::Arena => json!({"kind": "arena", "game": "quickchess", "variant": "quickchess",
            "clock": {"initial_s": 60, "increment_s": 0}, "minutes": setup.seconds as f64 / 60.0,
            "starts_in_s": 2, "name": "Absent arena"}),
        Event::Parties => json!({"kind": "parties", "game": "checkmates", "rounds": 2,
            "starts_in_s": 2, "name": "Absent parties"}),
    }
}

/// Runs the scenario: its report.
pub async fn run(setup: Setup) -> Result<Value, String> {
    let mut extra = UNBOUNDED.to_vec();
    extra.extend(["--shortest-arena-minutes", "0.5"]);
    let mut server = ChildServer::start_on("absent", setup.db.as_deref(), &extra)?;
    let host = server.host.clone();
    let mut cookies = Vec::with_capacity(setup.players);
    for p in 0..setup.players {
        cookies.push(sign_up(&host, &format!("ab{p}")).await?);
    }
    let (status, made) = call(
        &host,
        &cookies[0],
        "POST",
        "/api/tournaments",
        Some(&spec(&setup)),
    )
    .await?;
    if status != 200 {
        return Err(format!("making the event: {status} {made}"));
    }
    let id = made["id"].as_str().unwrap_or_default().to_string();
    let join = format!("/api/tournaments/{id}/join");
    for cookie in &cookies {
        let (status, v) = call(&host, cookie, "POST", &join, Some(&json!({}))).await?;
        if status != 200 {
            return Err(format!("joining: {status} {v}"));
        }
    }
    // from here on only an outsider looks, at the tournament's page: no game is ever opened
    let began = Instant::now();
    let path = format!("/api/tournaments/{id}");
    let mut rounds: Vec<(u64, f64)> = Vec::new();
    let mut killed_at: Option<f64> = None;
    let mut errors: Vec<String> = Vec::new();
    let last = loop {
        if began.elapsed() > GIVE_UP {
            return Err(format!(
                "the event did not finish within {} s; rounds so far: {rounds:?}",
                GIVE_UP.as_secs()
            ));
        }
        if let Some(after) = setup.kill_after
            && killed_at.is_none()
            && began.elapsed() >= after
        {
            server.kill();
            killed_at = Some(began.elapsed().as_secs_f64());
            server.start_again()?;
        }
        let v = match exchange(&host, 1, "GET", &path, &[], None).await {
            Ok((200, _, v)) => v,
            Ok((s, _, v)) => {
                errors.push(format!("a look: {s} {v}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            Err(e) => {
                errors.push(e);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let round = v["round"].as_u64().unwrap_or(0);
        if round > 0 && rounds.last().is_none_or(|(r, _)| *r < round) {
            rounds.push((round, began.elapsed().as_secs_f64()));
        }
        if v["status"] == "finished" {
            break v;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let seconds = began.elapsed().as_secs_f64();
    let games = last["games"].as_array().cloned().unwrap_or_default();
    // every game ended: the event's own page says each game's result
    let open = games.iter().filter(|g| g["outcome"].is_null()).count();
    let mut outcomes = std::collections::BTreeMap::<String, u64>::new();
    for g in &games {
        *outcomes
            .entry(g["outcome"].as_str().unwrap_or("none").to_string())
            .or_default() += 1;
    }
    let round = |s: f64| (s * 10.0).round() / 10.0;
    let paired: Vec<Value> = rounds
        .iter()
        .map(|(r, at)| json!({"round": r, "paired_at_s": round(*at)}))
        .collect();
    Ok(json!({
        "event": format!("{:?}", setup.event).to_lowercase(),
        "players": setup.players,
        "seconds": round(seconds),
        "rounds": paired,
        "games": games.len(),
        "games_without_result": open,
        "outcomes": outcomes,
        "killed_at_s": killed_at.map(round),
        "standings": last["standings"].as_array().map_or(0, Vec::len),
        "errors": errors.len(),
        "first_error": errors.first(),
        "lost": open,
    }))
}
