//! Check Mates solo: ten cards against the clock, with the optimum shown for each one met.

use super::checkmates_party::moves_of_board;
use super::{Adapter, BotMove};
use crate::error::{ApiError, Fault, Rule};
use crate::services::Services;
use crate::store::SeatRecord;
use serde::{Deserialize, Serialize};
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::checkmates::solo::{SoloAction, SoloConfig, SoloEvent, SoloGame};
use tabula_puzzles::checkmates::{Board, Side, Task};
use ts_rs::TS;

/// A solo run, with each finished task's start board, optimum, moves used and time.
#[derive(Clone, Debug)]
pub struct CmSolo {
    game: SoloGame,
    history: Vec<TaskDone>,
    /// The board when the task on top was revealed.
    reveal_board: Board,
}

/// What the solo player may ask for.
#[derive(Debug, Deserialize, ts_rs::TS)]
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

/// A task met, as the run's history shows it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TaskDone {
    /// The task.
    pub task: Task,
    /// The board when it was revealed.
    pub board: Board,
    /// The fewest moves from there.
    pub optimum: Option<u8>,
    /// The moves it took.
    pub moves: u32,
    /// When it was met, from the start of the run.
    pub elapsed: Millis,
}

/// What the solo player sees.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CmSoloView {
    /// `checkmates-solo`.
    pub kind: &'static str,
    /// The side of the tokens and cards.
    pub side: Option<Side>,
    /// The board.
    pub board: Board,
    /// The task on top, if any is left.
    pub task: Option<Task>,
    /// Its index.
    pub index: usize,
    /// How many tasks the run has.
    pub total: usize,
    /// When the run started.
    pub started_at: Millis,
    /// Time used so far (the total once finished).
    pub elapsed: Millis,
    /// The tasks met.
    pub history: Vec<TaskDone>,
    /// Whether every task was met.
    pub finished: bool,
    /// The rating of a finished run's time.
    pub rating: Option<&'static str>,
    /// Whether the player stopped.
    pub abandoned: bool,
    /// Whether the run has ended.
    pub over: bool,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// The server's time.
    pub now: Millis,
    /// The legal moves.
    pub legal: Vec<String>,
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
                self.history.push(TaskDone {
                    task,
                    board: self.reveal_board,
                    optimum,
                    moves: *moves,
                    elapsed: *elapsed,
                });
                // the next task is revealed on the board as it stands now
                self.reveal_board = *self.game.board();
            }
        }
    }
}

impl Adapter for CmSolo {
    fn cards_met(&self) -> Vec<Option<super::CardMet>> {
        let mut before = 0;
        self.history
            .iter()
            .map(|t| {
                let ms = t.elapsed.saturating_sub(before);
                before = t.elapsed;
                Some(super::CardMet {
                    deck: "checkmates",
                    moves: t.moves,
                    ms,
                })
            })
            .collect()
    }

    fn card_optimum(&self, index: usize, _: &Services) -> Option<u32> {
        self.history
            .get(index)
            .and_then(|t| t.optimum)
            .map(u32::from)
    }

    type Config = SoloConfig;
    type Intent = SoloIntent;
    type Action = SoloAction;
    type View = CmSoloView;
    type Event = SoloEvent;
    type Public = SoloAction;

    fn start(
        config: SoloConfig,
        seed: u64,
        now: Millis,
        services: &Services,
    ) -> Result<Self, ApiError> {
        let (game, opening) = SoloGame::start(config, seed, now)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored configuration: {e}")))?;
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
    ) -> Result<Vec<SoloEvent>, ApiError> {
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(Rule::Game, e.to_string()))?;
        self.record(&ev, services);
        Ok(ev)
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

    fn view(&self, seat: Option<u32>, _: &[SeatRecord], now: Millis, _: &Services) -> CmSoloView {
        let game = &self.game;
        CmSoloView {
            kind: "checkmates-solo",
            side: game.tasks().first().map(Task::side),
            board: *game.board(),
            task: game.task().copied(),
            index: game.current(),
            total: game.tasks().len(),
            started_at: game.started_at(),
            elapsed: game
                .total_ms()
                .unwrap_or(now.saturating_sub(game.started_at())),
            history: self.history.clone(),
            finished: game.total_ms().is_some(),
            rating: game.rating(),
            abandoned: game.abandoned(),
            over: game.is_over(),
            you: seat,
            now,
            legal: if game.is_over() {
                Vec::new()
            } else {
                moves_of_board(game.board())
            },
        }
    }

    fn close(view: &mut CmSoloView) {
        view.over = true;
        view.legal.clear();
    }

    fn public_action(&self, action: &SoloAction) -> SoloAction {
        action.clone()
    }
}
