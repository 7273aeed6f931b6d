//! `POST /api/chess/position`: a QuickChess (or chess) position for the analysis board: its
//! legal moves and status, what is known exactly about it (`solved`: the endgame tables, or
//! the lesson-game solver), and on request the engine's evaluation and best line.
//!
//! The search and the solver run in the thinking pool (off the async runtime, a bounded
//! number at once) within at most three seconds, so the analysis board cannot starve the
//! games. Without a search request only what is already known is reported.

use crate::coach::view::{CoachView, coach_view};
use crate::error::{ApiError, Invalid};
use crate::games::chess_view::{LegalMove, PieceOn, board_of, legal_of};
use crate::knowledge::{Knowledge, Verdict, VerdictParts};
use crate::thinking::{Asker, Thinking};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabula_chess::engine::{Control, Engine, Limits, Report, Score};
use tabula_chess::{AnyPosition, Variant};
use ts_rs::TS;

/// The request.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PositionQuery {
    /// The variant (with `pgn`, the game's own `Variant` tag decides; a `variant` given too
    /// must agree with it).
    #[serde(default)]
    #[ts(optional = nullable)]
    variant: Option<String>,
    /// A game in PGN (its first game): its start and moves instead of `fen` and `moves`.
    #[serde(default)]
    #[ts(optional = nullable)]
    pgn: Option<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    fen: Option<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    moves: Vec<String>,
    /// Search for this long (milliseconds, at most 3,000); no search without it.
    #[serde(default)]
    #[ts(optional = nullable)]
    analyse_ms: Option<u64>,
    /// Ask the lesson-game coach too: what perfect play gives, what the last move did, the
    /// moves that keep the value ([`crate::coach::view`]).
    #[serde(default)]
    #[ts(optional = nullable)]
    coach: bool,
}

/// The longest search the analysis board may ask for.
const MAX_MS: u64 = 3_000;

/// A search's time limit: it stops at the limit, and is content at half of it (used by the
/// opening explorer's evaluations too).
pub(crate) struct Deadline(pub(crate) Instant, pub(crate) Duration);

impl Control for Deadline {
    fn stop(&mut self, _nodes: u64) -> bool {
        self.0.elapsed() >= self.1
    }
    fn enough(&mut self, _report: &Report) -> bool {
        self.0.elapsed() >= self.1 / 2
    }
    fn report(&mut self, _report: &Report) {}
}

/// A position as the analysis board shows it.
#[derive(Serialize, TS)]
pub struct PositionView {
    variant: String,
    fen: String,
    width: u8,
    height: u8,
    board: Vec<PieceOn>,
    turn: &'static str,
    check: bool,
    outcome: Option<String>,
    legal: Vec<LegalMove>,
    /// The start the moves were played from.
    start_fen: String,
    /// The moves played, in UCI (with `pgn`: the game's).
    moves_uci: Vec<String>,
    moves_san: Vec<String>,
    /// What is known exactly (`null` when nothing is).
    solved: Option<SolvedView>,
    /// The engine's search, when one was asked for and found a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    analysis: Option<EngineView>,
    /// The coach's answer, when it was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    coach: Option<CoachView>,
}

/// An exact verdict with its best move.
#[derive(Serialize, TS)]
pub struct SolvedView {
    #[serde(flatten)]
    parts: VerdictParts,
    best: Option<String>,
    best_san: Option<String>,
}

/// An evaluation for the side to move: `{"cp": 35}` or `{"mate": -3}`.
#[derive(Serialize, TS, Debug)]
#[serde(rename_all = "snake_case")]
pub enum ScoreView {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// The engine's answer.
#[derive(Serialize, TS)]
pub struct EngineView {
    best: String,
    best_san: String,
    score: ScoreView,
    depth: u32,
    nodes: u64,
    pv_san: Vec<String>,
}

fn describe(
    p: &AnyPosition,
    start: &AnyPosition,
    ucis: Vec<String>,
    sans: Vec<String>,
) -> PositionView {
    PositionView {
        variant: p.variant().name(),
        fen: p.fen(),
        width: p.width(),
        height: p.height(),
        board: board_of(p),
        turn: p.turn().name(),
        check: p.is_check(),
        outcome: p.outcome().map(|o| o.to_string()),
        legal: legal_of(p),
        start_fen: start.fen(),
        moves_uci: ucis,
        moves_san: sans,
        solved: None,
        analysis: None,
        coach: None,
    }
}

/// Positions the lesson solver may value per millisecond of an analysis request.
const SOLVE_PER_MS: u64 = 1_000;

/// The exact verdict as the browser shows it.
fn solved(p: &AnyPosition, v: Option<Verdict>) -> Option<SolvedView> {
    v.map(|v| SolvedView {
        parts: v.parts(),
        best: v.best.map(|m| p.uci(&m)),
        best_san: v.best.map(|m| p.san(&m)),
    })
}

/// The variant, start and moves (UCI) of the first game of a PGN text; `fen` and `moves`
/// may not come with it, and a `variant` given must be the game's.
fn from_pgn(
    q: &PositionQuery,
    text: &str,
) -> Result<(Variant, AnyPosition, Vec<String>), ApiError> {
    let bad = |m: String| ApiError::BadInput(Invalid::Moves, m);
    if q.fen.is_some() || !q.moves.is_empty() {
        return Err(bad(
            "pgn: comes alone, without fen or moves (the game has both)".into(),
        ));
    }
    let games = tabula_chess::pgn::read_pgn(text).map_err(|e| bad(format!("pgn: {e}")))?;
    let game = games
        .into_iter()
        .next()
        .ok_or_else(|| bad("pgn: no game".into()))?;
    if let Some(name) = &q.variant
        && Variant::parse(name).ok() != Some(game.variant)
    {
        return Err(ApiError::BadInput(
            Invalid::Variant,
            format!(
                "variant `{name}`: the game's Variant tag says {}",
                game.variant.name()
            ),
        ));
    }
    let mut p = game.start;
    let mut ucis = Vec::with_capacity(game.moves.len());
    for m in &game.moves {
        ucis.push(p.uci(m));
        p = p.play_unchecked(*m);
    }
    Ok((game.variant, game.start, ucis))
}

/// Answers a position query (errors name the field).
pub async fn position(
    q: PositionQuery,
    thinking: &Thinking,
    asker: Asker,
    knowledge: Arc<Knowledge>,
) -> Result<PositionView, ApiError> {
    let bad = ApiError::BadInput;
    let (_, start, moves) = match &q.pgn {
        Some(text) => from_pgn(&q, text)?,
        None => {
            let name = q.variant.as_deref().ok_or_else(|| {
                bad(
                    Invalid::Variant,
                    "variant: required (or a game in `pgn`)".into(),
                )
            })?;
            let variant = Variant::parse(name)
                .map_err(|e| bad(Invalid::Variant, format!("variant `{name}`: {e}")))?;
            let start = match &q.fen {
                Some(f) => AnyPosition::from_fen(variant, f)
                    .map_err(|e| bad(Invalid::Position, e.to_string()))?,
                None if variant.family == tabula_chess::Family::Blind => {
                    return Err(bad(
                        Invalid::Position,
                        "blind: give the position after the placements as a FEN".into(),
                    ));
                }
                None => AnyPosition::start(variant),
            };
            (variant, start, q.moves.clone())
        }
    };
    if moves.len() > 600 {
        return Err(bad(Invalid::Moves, "at most 600 moves".into()));
    }
    let mut p = start;
    let mut sans = Vec::new();
    let mut ucis = Vec::new();
    let mut history = Vec::new();
    let mut last_before = None;
    for (i, m) in moves.iter().enumerate() {
        let before = p;
        last_before = Some(before);
        let mv = p
            .parse_uci(m)
            .map_err(|e| bad(Invalid::Moves, format!("move {} `{m}`: {e}", i + 1)))?;
        sans.push(p.san(&mv));
        ucis.push(p.uci(&mv));
        history.push(before.hash());
        p = p.play_unchecked(mv);
    }
    let mut answer = describe(&p, &start, ucis, sans);
    answer.solved = solved(&p, knowledge.known(&p));
    if q.coach {
        let (before, now, k) = (last_before, p, Arc::clone(&knowledge));
        let view = thinking
            .run_tool(asker, move || coach_view(&k.coach, before.as_ref(), &now))
            .await?;
        answer.coach = Some(view);
    }
    if let Some(ms) = q.analyse_ms {
        let ms = ms.clamp(10, MAX_MS);
        let pos = p;
        let (verdict, result) = thinking
            .run_tool(asker, move || {
                let started = Instant::now();
                let verdict = knowledge.solve(&pos, ms * SOLVE_PER_MS);
                let mut engine = Engine::new(16);
                let t = &knowledge.tables;
                engine.set_tablebases(vec![Arc::clone(&t.rescue), Arc::clone(&t.queen)]);
                let left = Duration::from_millis(ms).saturating_sub(started.elapsed());
                let mut control = Deadline(Instant::now(), left.max(Duration::from_millis(10)));
                let result = engine.search_any(&pos, &history, Limits::default(), &mut control);
                (verdict, result)
            })
            .await?;
        answer.solved = solved(&p, verdict);
        if let Some(best) = result.best {
            let r = &result.report;
            let mut q = p;
            let mut line = Vec::new();
            for m in &r.pv {
                line.push(q.san(m));
                q = q.play_unchecked(*m);
            }
            let score = match r.score {
                Score::Cp(c) => ScoreView::Cp(c),
                Score::Mate(m) => ScoreView::Mate(m),
            };
            answer.analysis = Some(EngineView {
                best: p.uci(&best),
                best_san: p.san(&best),
                score,
                depth: r.depth,
                nodes: r.nodes,
                pv_san: line,
            });
        }
    }
    Ok(answer)
}

/// The request of `POST /api/querni/hint`.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct QuerniHint {
    position: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    level: Option<u8>,
}

/// The computer's suggestion.
#[derive(Serialize, TS)]
pub struct HintView {
    /// The turn, as the position's notation writes it.
    turn: String,
    /// The level that found it.
    level: u8,
}

/// `POST /api/querni/hint`: the computer's suggestion for the side to move (level 3 unless
/// asked otherwise), as the "Hint" button shows it.
pub async fn querni_hint(
    q: QuerniHint,
    thinking: &Thinking,
    asker: Asker,
) -> Result<HintView, ApiError> {
    let bad = |m: String| ApiError::BadInput(Invalid::Position, m);
    let p =
        tabula_querni::Position::parse(&q.position).map_err(|e| bad(format!("position: {e}")))?;
    if p.status().is_over() {
        return Err(bad("the game is over".into()));
    }
    let level = q.level.unwrap_or(3).clamp(1, tabula_querni::MAX_LEVEL);
    let turn = thinking
        .run_tool(asker, move || {
            let mut s = tabula_querni::Searcher::default();
            let t = tabula_querni::players::best_turn(&p, level, 0, &mut s, &mut || false).turn();
            p.describe(t).to_string()
        })
        .await?;
    Ok(HintView { turn, level })
}
