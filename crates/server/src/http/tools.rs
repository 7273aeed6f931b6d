//! The tools beside the games: the puzzle solvers, the decks, the QuickChess analysis board,
//! the Querni hint and Learn QuickChess's exercises.

use super::{AppState, Body};
use crate::error::ApiError;
use crate::thinking::Asker;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::{Layout, Level};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/solve/checkmates", post(solve_checkmates))
        .route("/api/solve/royal", post(solve_royal))
        .route("/api/decks", get(decks))
        .route("/api/chess/position", post(chess_position))
        .route("/api/querni/hint", post(querni_hint))
        .route("/api/querni/legal", post(querni_legal))
        .route("/api/learn/exercise", post(learn_exercise))
}

type ApiResult = Result<Json<Value>, ApiError>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveCheckMates {
    side: Side,
    board: String,
    task: String,
}

async fn solve_checkmates(
    State(state): State<AppState>,
    Body(b): Body<SolveCheckMates>,
) -> ApiResult {
    let board =
        Board::parse(b.side, &b.board).map_err(|e| ApiError::BadInput(format!("board: {e}")))?;
    let task =
        Task::parse(b.side, &b.task).map_err(|e| ApiError::BadInput(format!("task: {e}")))?;
    let solver = state.hub.services.solver(b.side);
    Ok(Json(match solver.solve(&board, &task) {
        Some(s) => json!({
            "moves": s.moves.len(),
            "solution": s.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "rotation": s.rotation.degrees_clockwise(),
            "final_board": s.end,
        }),
        None => json!({"moves": null, "unsolvable": true}),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRoyal {
    level: u64,
    board: String,
    card: String,
    card2: Option<String>,
}

async fn solve_royal(State(state): State<AppState>, Body(b): Body<SolveRoyal>) -> ApiResult {
    let level = Level::from_number(b.level)
        .ok_or_else(|| ApiError::BadInput(format!("level {}: 1, 2 or 3", b.level)))?;
    let layout = |what: &str, t: &str| {
        Layout::parse(t).map_err(|e| ApiError::BadInput(format!("{what}: {e}")))
    };
    let board = layout("board", &b.board)?;
    let card = layout("card", &b.card)?;
    let card2 = b.card2.as_deref().map(|c| layout("card2", c)).transpose()?;
    Ok(Json(
        match state
            .hub
            .services
            .royal
            .solve(level, &board, &card, card2.as_ref())
        {
            Some(p) => json!({
                "moves": p.count,
                "solution": p.steps.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "order": p.order,
            }),
            None => json!({"moves": null, "unsolvable": true}),
        },
    ))
}

async fn decks(State(state): State<AppState>) -> Json<Value> {
    let s = &state.hub.services;
    Json(json!({"checkmates": s.checkmates_deck, "royal": s.royal_deck}))
}

async fn chess_position(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<crate::analysis::PositionQuery>,
) -> Result<Json<crate::analysis::PositionView>, ApiError> {
    let knowledge = std::sync::Arc::clone(&state.hub.services.knowledge);
    crate::analysis::position(q, &state.hub.thinking, asker, knowledge)
        .await
        .map(Json)
}

async fn learn_exercise(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<crate::learn::ExerciseQuery>,
) -> ApiResult {
    crate::learn::exercise(q, &state.hub.thinking, asker)
        .await
        .map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuerniPositionBody {
    position: String,
}

/// `POST /api/querni/legal`: the legal turns of a Querni position as a game's view lists
/// them (the puzzles page builds its turns from these).
async fn querni_legal(
    Body(b): Body<QuerniPositionBody>,
) -> Result<Json<crate::games::querni::QuerniLegal>, ApiError> {
    let p = tabula_querni::Position::parse(&b.position)
        .map_err(|e| ApiError::BadInput(format!("position: {e}")))?;
    if p.status().is_over() {
        return Err(ApiError::BadInput("position: the game is over".into()));
    }
    Ok(Json(crate::games::querni::legal_turns(&p)))
}

async fn querni_hint(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<crate::analysis::QuerniHint>,
) -> Result<Json<crate::analysis::HintView>, ApiError> {
    crate::analysis::querni_hint(q, &state.hub.thinking, asker)
        .await
        .map(Json)
}
