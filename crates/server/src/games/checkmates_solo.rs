//! Check Mates solo: ten cards against the clock, with the optimum shown for each one met.

use super::checkmates_party::moves_of_board;
use super::{Adapter, BotMove, events};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::checkmates::solo::{SoloAction, SoloConfig, SoloEvent, SoloGame};
use tabula_puzzles::checkmates::{Board, Task};

/// A solo run, with each finished task's start board, optimum, moves used and time.
#[derive(Clone, Debug)]
pub struct CmSolo {
    game: SoloGame,
    history: Vec<Value>,
    /// The board when the task on top was revealed.
    reveal_board: Board,
}

/// What the solo player may ask for.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SoloIntent {
    /// Move a token.
    Move {
        /// The move.
        mv: Move,
    },
    /// Stop the run.
    Abandon,
}

impl CmSolo {
    /// Adds each task the events say was met to the history, with the optimum from the board
    /// as it stood when the task was revealed.
    fn record(&mut self, events: &[SoloEvent], services: &Services) {
        for e in events {
            if let SoloEvent::TaskMet {
                index,
                moves,
                elapsed,
            } = e
            {
                let task = self.game.tasks()[*index];
                let optimum = services
                    .solver(task.side())
                    .distance(&self.reveal_board, &task);
                self.history.push(json!({"task": task, "board": self.reveal_board, "optimum": optimum, "moves": moves, "elapsed": elapsed}));
                // the next task is revealed on the board as it stands now
                self.reveal_board = *self.game.board();
            }
        }
    }
}

impl Adapter for CmSolo {
    type Config = SoloConfig;
    type Intent = SoloIntent;
    type Action = SoloAction;

    fn start(
        config: SoloConfig,
        seed: u64,
        now: Millis,
        services: &Services,
    ) -> Result<Self, ApiError> {
        let (game, opening) = SoloGame::start(config, seed, now)
            .map_err(|e| ApiError::Internal(format!("stored configuration: {e}")))?;
        let reveal_board = *game.board();
        let mut solo = CmSolo {
            game,
            history: Vec::new(),
            reveal_board,
        };
        // the board may already meet the first tasks: the game settles them at once
        solo.record(&opening, services);
        Ok(solo)
    }

    fn action(&self, _seat: u32, intent: SoloIntent) -> Result<SoloAction, ApiError> {
        Ok(match intent {
            SoloIntent::Move { mv } => SoloAction::Move { mv },
            SoloIntent::Abandon => SoloAction::Abandon,
        })
    }

    fn apply(
        &mut self,
        action: &SoloAction,
        now: Millis,
        services: &Services,
    ) -> Result<Vec<Value>, ApiError> {
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(e.to_string()))?;
        self.record(&ev, services);
        Ok(events(ev))
    }

    fn tick() -> Option<SoloAction> {
        Some(SoloAction::Tick)
    }

    fn next_deadline(&self) -> Option<Millis> {
        self.game.next_deadline()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn bot(&self, _: &[SeatRecord], _: u64, _: &Services) -> Option<BotMove<SoloAction>> {
        None
    }

    fn view(&self, seat: Option<u32>, _: &[SeatRecord], now: Millis, _: &Services) -> Value {
        let game = &self.game;
        json!({
            "kind": "checkmates-solo", "side": game.tasks().first().map(Task::side), "board": game.board(),
            "task": game.task(), "index": game.current(), "total": game.tasks().len(),
            "started_at": game.started_at(), "elapsed": game.total_ms().unwrap_or(now.saturating_sub(game.started_at())),
            "history": self.history, "finished": game.total_ms().is_some(), "rating": game.rating(),
            "abandoned": game.abandoned(), "over": game.is_over(), "you": seat, "now": now,
            "legal": if game.is_over() { Vec::new() } else { moves_of_board(game.board()) },
        })
    }
}
