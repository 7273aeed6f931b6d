//! `POST /api/chess/position`: a QuickChess (or chess) position for the analysis board: its
//! legal moves and status, and on request the engine's evaluation and best line.
//!
//! The search runs on a blocking thread with a time limit of at most three seconds, and at
//! most two searches run at once, so the analysis board cannot starve the games.

use axum::Json;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tabula_chess::engine::{Control, Engine, Limits, Report, Score};
use tabula_chess::{AnyPosition, Variant};
use tokio::sync::Semaphore;

/// The request.
#[derive(Deserialize)]
pub struct PositionQuery {
    variant: String,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// Search for this long (milliseconds, at most 3,000); no search without it.
    #[serde(default)]
    analyse_ms: Option<u64>,
}

/// The longest search the analysis board may ask for.
const MAX_MS: u64 = 3_000;

struct Deadline(Instant, Duration);

impl Control for Deadline {
    fn stop(&mut self, _nodes: u64) -> bool {
        self.0.elapsed() >= self.1
    }
    fn enough(&mut self, _report: &Report) -> bool {
        self.0.elapsed() >= self.1 / 2
    }
    fn report(&mut self, _report: &Report) {}
}

fn searches() -> &'static Semaphore {
    static S: OnceLock<Semaphore> = OnceLock::new();
    S.get_or_init(|| Semaphore::new(2))
}

fn describe(p: &AnyPosition, sans: Vec<String>) -> Value {
    let (w, h) = (p.width(), p.height());
    let board = crate::duels::board_json(p);
    let legal = crate::duels::legal_json(p);
    json!({
        "variant": p.variant().name(), "fen": p.fen(), "width": w, "height": h, "board": board,
        "turn": p.turn().name(), "check": p.is_check(), "outcome": p.outcome().map(|o| o.to_string()),
        "legal": legal, "moves_san": sans,
    })
}

/// Answers a position query (errors name the field).
pub async fn position(q: PositionQuery) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    let bad = |m: String| (StatusCode::BAD_REQUEST, Json(json!({"error": m})));
    let variant =
        Variant::parse(&q.variant).map_err(|e| bad(format!("variant `{}`: {e}", q.variant)))?;
    let mut p = match &q.fen {
        Some(f) => AnyPosition::from_fen(variant, f).map_err(|e| bad(e.to_string()))?,
        None if variant.family == tabula_chess::Family::Blind => {
            return Err(bad(
                "blind: give the position after the placements as a FEN".into(),
            ));
        }
        None => AnyPosition::start(variant),
    };
    if q.moves.len() > 600 {
        return Err(bad("at most 600 moves".into()));
    }
    let mut sans = Vec::new();
    let mut history = Vec::new();
    for (i, m) in q.moves.iter().enumerate() {
        let before = p;
        let mv = p
            .parse_uci(m)
            .map_err(|e| bad(format!("move {} `{m}`: {e}", i + 1)))?;
        sans.push(p.san(&mv));
        history.push(before.hash());
        p = p.play_unchecked(mv);
    }
    let mut answer = describe(&p, sans);
    if let Some(ms) = q.analyse_ms {
        let ms = ms.clamp(10, MAX_MS);
        let _permit = searches().acquire().await.map_err(|e| bad(e.to_string()))?;
        let pos = p;
        let result = tokio::task::spawn_blocking(move || {
            let mut engine = Engine::new(16);
            let mut control = Deadline(Instant::now(), Duration::from_millis(ms));
            engine.search_any(&pos, &history, Limits::default(), &mut control)
        })
        .await
        .map_err(|e| bad(e.to_string()))?;
        if let Some(best) = result.best {
            let r = &result.report;
            let mut q = p;
            let mut line = Vec::new();
            for m in &r.pv {
                line.push(q.san(m));
                q = q.play_unchecked(*m);
            }
            let score = match r.score {
                Score::Cp(c) => json!({"cp": c}),
                Score::Mate(m) => json!({"mate": m}),
            };
            answer["analysis"] = json!({
                "best": p.uci(&best), "best_san": p.san(&best), "score": score,
                "depth": r.depth, "nodes": r.nodes, "pv_san": line,
            });
        }
    }
    Ok(Json(answer))
}

/// The request of `POST /api/querni/hint`.
#[derive(Deserialize)]
pub struct QuerniHint {
    position: String,
    #[serde(default)]
    level: Option<u8>,
}

/// `POST /api/querni/hint`: the computer's suggestion for the side to move (level 3 unless
/// asked otherwise), as the "Hint" button shows it.
pub async fn querni_hint(q: QuerniHint) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    let bad = |m: String| (StatusCode::BAD_REQUEST, Json(json!({"error": m})));
    let p =
        tabula_querni::Position::parse(&q.position).map_err(|e| bad(format!("position: {e}")))?;
    if p.status().is_over() {
        return Err(bad("the game is over".into()));
    }
    let level = q.level.unwrap_or(3).clamp(1, tabula_querni::MAX_LEVEL);
    let _permit = searches().acquire().await.map_err(|e| bad(e.to_string()))?;
    let turn = tokio::task::spawn_blocking(move || {
        let mut s = tabula_querni::Searcher::default();
        let t = tabula_querni::players::best_turn(&p, level, 0, &mut s, &mut || false).turn();
        p.describe(t).to_string()
    })
    .await
    .map_err(|e| bad(e.to_string()))?;
    Ok(Json(json!({"turn": turn, "level": level})))
}
