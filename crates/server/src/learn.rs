//! `POST /api/learn/exercise`: an exercise of Learn QuickChess, made by the rules engine from a
//! seed with its answer proved (see `tabula_chess::exercise`): "capture all the pawns in N
//! moves", whose N a breadth-first search proves, or "which squares may your king not step
//! on?", answered from the attack tables. The browser checks the player's moves against the
//! legal moves of the position (the same move generator) and compares squares with the answer.
//!
//! Generation tries up to a few thousand small positions, so it runs in the thinking pool,
//! off the async runtime.

use crate::error::{ApiError, Invalid, Rule};
use crate::thinking::{Asker, Thinking};
use serde::{Deserialize, Serialize};
use tabula_chess::exercise::{self, CaptureAll, ExerciseError, KingSquares};
use tabula_chess::geometry::{Geometry, Mini, square_name, squares};
use tabula_chess::{AnyPosition, Variant};
use ts_rs::TS;

/// The kinds of exercise.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ExerciseKind {
    /// Capture every black pawn with the box's piece in the fewest moves.
    CaptureAll,
    /// Tap the squares next to the king that it may not step on.
    KingSquares,
}

/// The request.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ExerciseQuery {
    variant: String,
    kind: ExerciseKind,
    seed: u64,
}

/// The largest seed: the largest whole number a browser's numbers hold exactly (2^53 - 1).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// An exercise made (`POST /api/learn/exercise`).
#[derive(Debug, Serialize, TS)]
pub struct Exercise {
    /// The variant asked for.
    pub variant: String,
    /// The seed asked for (the same seed makes the same exercise).
    pub seed: u64,
    /// The task, by kind.
    #[serde(flatten)]
    pub task: ExerciseTask,
}

/// An exercise's task and its proved answer.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ExerciseTask {
    /// Capture every pawn with one piece in the fewest moves.
    CaptureAll {
        /// The position (the pawns do not move).
        fen: String,
        /// The piece's square.
        from: String,
        /// The piece, as a FEN letter (white).
        piece: String,
        /// The pawns' squares.
        pawns: Vec<String>,
        /// The fewest moves that capture them all.
        minimum: u8,
        /// One way in that many, as UCI.
        solution: Vec<String>,
        /// The same in SAN.
        solution_san: Vec<String>,
    },
    /// Name the squares next to the king that it may not step on.
    KingSquares {
        /// The position.
        fen: String,
        /// The king's square.
        king: String,
        /// The squares next to it.
        neighbours: Vec<String>,
        /// Those it may not step on.
        forbidden: Vec<String>,
    },
}

fn names(bb: u64) -> Vec<String> {
    squares(bb).map(|s| square_name(s, Mini::W)).collect()
}

fn capture_task(e: &CaptureAll) -> ExerciseTask {
    let p = AnyPosition::Mini(e.position);
    let mut q = e.position;
    let (mut uci, mut san) = (Vec::new(), Vec::new());
    for m in &e.solution {
        uci.push(q.uci(m));
        san.push(q.san(m));
        q = q.play_unchecked(*m);
        q.set_turn(tabula_chess::Color::White);
    }
    ExerciseTask::CaptureAll {
        fen: p.fen(),
        from: square_name(e.from, Mini::W),
        piece: e.piece.upper().to_string(),
        pawns: names(e.pawns),
        minimum: e.minimum,
        solution: uci,
        solution_san: san,
    }
}

fn king_task(e: &KingSquares) -> ExerciseTask {
    ExerciseTask::KingSquares {
        fen: AnyPosition::Mini(e.position).fen(),
        king: square_name(e.king, Mini::W),
        neighbours: names(e.neighbours),
        forbidden: names(e.forbidden),
    }
}

/// Makes the exercise (errors name the field).
pub async fn exercise(
    q: ExerciseQuery,
    thinking: &Thinking,
    asker: Asker,
) -> Result<Exercise, ApiError> {
    let bad = ApiError::BadInput;
    let variant = Variant::parse(&q.variant)
        .map_err(|e| bad(Invalid::Variant, format!("variant `{}`: {e}", q.variant)))?;
    if q.seed > MAX_SEED {
        return Err(bad(
            Invalid::Options,
            format!("seed {}: at most {MAX_SEED}", q.seed),
        ));
    }
    let (kind, seed) = (q.kind, q.seed);
    let made = thinking
        .run_tool(asker, move || match kind {
            ExerciseKind::CaptureAll => {
                exercise::capture_all(variant, seed).map(|e| capture_task(&e))
            }
            ExerciseKind::KingSquares => {
                exercise::king_squares(variant, seed).map(|e| king_task(&e))
            }
        })
        .await?;
    let task = made.map_err(|e| match e {
        ExerciseError::NotForVariant { .. } => bad(Invalid::Variant, e.to_string()),
        ExerciseError::NotFound { .. } => {
            ApiError::Refused(Rule::Exercise, format!("{e}; try another seed"))
        }
    })?;
    Ok(Exercise {
        variant: variant.name().to_string(),
        seed,
        task,
    })
}
