//! The tools beside the games: the puzzle solvers, the decks, the QuickChess analysis board,
//! the Querni hint and coach and Learn QuickChess's exercises.

use super::{AppState, Body};
use crate::analysis::{HintView, PositionQuery, PositionView, QuerniHint};
use crate::error::{ApiError, Invalid};
use crate::games::querni::QuerniLegal;
use crate::learn::{Exercise, ExerciseQuery};
use crate::querni_coach::{QuerniCoachQuery, QuerniCoachView};
use crate::thinking::Asker;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use tabula_puzzles::checkmates::deck::Deck;
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::{Layout, Level};
use ts_rs::TS;

super::contract::json_routes! {
    post "/api/solve/checkmates" => solve_checkmates(SolveCheckMates) -> CheckMatesSolved;
    post "/api/solve/royal" => solve_royal(SolveRoyal) -> RoyalSolved;
    get "/api/decks" => decks -> Decks;
    post "/api/chess/position" => chess_position(PositionQuery) -> PositionView;
    post "/api/querni/hint" => querni_hint(QuerniHint) -> HintView;
    post "/api/querni/legal" => querni_legal(QuerniPositionBody) -> QuerniLegal;
    post "/api/querni/coach" => querni_coach(QuerniCoachQuery) -> QuerniCoachView;
    post "/api/learn/exercise" => learn_exercise(ExerciseQuery) -> Exercise;
}

/// A Check Mates task solved, or proved unsolvable from the board.
#[derive(Serialize, TS)]
#[serde(untagged)]
pub enum CheckMatesSolved {
    /// The fewest moves, and one way in that many.
    Solved {
        /// How many moves.
        moves: usize,
        /// The moves.
        solution: Vec<String>,
        /// The task's rotation met, in degrees clockwise (none for a task that looks the
        /// same turned).
        rotation: Option<u16>,
        /// The board at the end.
        final_board: Board,
    },
    /// No sequence of moves meets the task.
    Unsolvable {
        /// Always null.
        #[ts(type = "null")]
        moves: Option<usize>,
        /// Always true.
        #[ts(type = "true")]
        unsolvable: bool,
    },
}

/// A Royal Study card (or two) solved, or proved unsolvable.
#[derive(Serialize, TS)]
#[serde(untagged)]
pub enum RoyalSolved {
    /// The fewest moves and card actions, and one way in that many.
    Solved {
        /// How many moves and card actions.
        moves: u32,
        /// The steps.
        solution: Vec<String>,
        /// The order the cards are completed in (0: the first card).
        order: Vec<u8>,
    },
    /// No execution completes the cards.
    Unsolvable {
        /// Always null.
        #[ts(type = "null")]
        moves: Option<u32>,
        /// Always true.
        #[ts(type = "true")]
        unsolvable: bool,
    },
}

/// The default decks (`GET /api/decks`).
#[derive(Serialize, TS)]
pub struct Decks {
    /// Check Mates's deck.
    pub checkmates: Deck,
    /// The Royal Study's cards, as layouts.
    pub royal: Vec<String>,
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct SolveCheckMates {
    side: Side,
    board: String,
    task: String,
}

async fn solve_checkmates(
    State(state): State<AppState>,
    Body(b): Body<SolveCheckMates>,
) -> Result<Json<CheckMatesSolved>, ApiError> {
    let board = Board::parse(b.side, &b.board)
        .map_err(|e| ApiError::BadInput(Invalid::Position, format!("board: {e}")))?;
    let task = Task::parse(b.side, &b.task)
        .map_err(|e| ApiError::BadInput(Invalid::Position, format!("task: {e}")))?;
    let solver = state.hub.services.solver(b.side);
    Ok(Json(match solver.solve(&board, &task) {
        Some(s) => CheckMatesSolved::Solved {
            moves: s.moves.len(),
            solution: s.moves.iter().map(ToString::to_string).collect(),
            rotation: s.rotation.degrees_clockwise(),
            final_board: s.end,
        },
        None => CheckMatesSolved::Unsolvable {
            moves: None,
            unsolvable: true,
        },
    }))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct SolveRoyal {
    level: u64,
    board: String,
    card: String,
    card2: Option<String>,
}

async fn solve_royal(
    State(state): State<AppState>,
    Body(b): Body<SolveRoyal>,
) -> Result<Json<RoyalSolved>, ApiError> {
    let level = Level::from_number(b.level).ok_or_else(|| {
        ApiError::BadInput(Invalid::Options, format!("level {}: 1, 2 or 3", b.level))
    })?;
    let layout = |what: &str, t: &str| {
        Layout::parse(t).map_err(|e| ApiError::BadInput(Invalid::Position, format!("{what}: {e}")))
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
            Some(p) => RoyalSolved::Solved {
                moves: p.count,
                solution: p.steps.iter().map(ToString::to_string).collect(),
                order: p.order,
            },
            None => RoyalSolved::Unsolvable {
                moves: None,
                unsolvable: true,
            },
        },
    ))
}

async fn decks(State(state): State<AppState>) -> Json<Decks> {
    let s = &state.hub.services;
    Json(Decks {
        checkmates: s.checkmates_deck.clone(),
        royal: s.royal_deck.clone(),
    })
}

async fn chess_position(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<PositionQuery>,
) -> Result<Json<PositionView>, ApiError> {
    let knowledge = std::sync::Arc::clone(&state.hub.services.knowledge);
    crate::analysis::position(q, &state.hub.thinking, asker, knowledge)
        .await
        .map(Json)
}

async fn learn_exercise(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<ExerciseQuery>,
) -> Result<Json<Exercise>, ApiError> {
    crate::learn::exercise(q, &state.hub.thinking, asker)
        .await
        .map(Json)
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct QuerniPositionBody {
    position: String,
}

/// `POST /api/querni/legal`: the legal turns of a Querni position as a game's view lists
/// them (the puzzles page builds its turns from these).
async fn querni_legal(Body(b): Body<QuerniPositionBody>) -> Result<Json<QuerniLegal>, ApiError> {
    let p = tabula_querni::Position::parse(&b.position)
        .map_err(|e| ApiError::BadInput(Invalid::Position, format!("position: {e}")))?;
    if p.status().is_over() {
        return Err(ApiError::BadInput(
            Invalid::Position,
            "position: the game is over".into(),
        ));
    }
    Ok(Json(crate::games::querni::legal_turns(&p)))
}

async fn querni_hint(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<QuerniHint>,
) -> Result<Json<HintView>, ApiError> {
    crate::analysis::querni_hint(q, &state.hub.thinking, asker)
        .await
        .map(Json)
}

/// `POST /api/querni/coach`: what best play gives ([`crate::querni_coach`]).
async fn querni_coach(
    State(state): State<AppState>,
    asker: Asker,
    Body(q): Body<QuerniCoachQuery>,
) -> Result<Json<QuerniCoachView>, ApiError> {
    crate::querni_coach::querni_coach(q, &state.hub.thinking, asker)
        .await
        .map(Json)
}
