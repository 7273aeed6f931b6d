//! Querni for two: online by link, against the computer, or at one screen.

use super::duel::{COMPUTER_DELAY_MS, DuelConfig};
use super::{Adapter, BotMove, bot_seats, events};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_querni::players::best_turn;
use tabula_querni::position::{FILES, square_name};
use tabula_querni::{QuerniAction, QuerniConfig, QuerniGame, Searcher, Side, Turn};

/// The longest turn text accepted (a long jump sequence with a removal is under 60).
const MAX_TURN_TEXT: usize = 200;

/// A Querni game being played.
#[derive(Clone, Debug)]
pub struct QuerniLive {
    game: QuerniGame,
    config: DuelConfig,
    last_at: Millis,
}

/// What a Querni player may ask for.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum QuerniIntent {
    /// A turn in notation: `c2-c3 x4-6`, `c2:e4`, `pass`.
    Turn {
        /// The turn.
        turn: String,
    },
    /// Give up.
    Resign,
}

fn side_name(i: usize) -> Side {
    if i == 0 { Side::Blue } else { Side::Red }
}

impl QuerniLive {
    fn to_move(&self) -> usize {
        usize::from(self.game.position().turn() == Side::Red)
    }
}

impl Adapter for QuerniLive {
    type Config = DuelConfig;
    type Intent = QuerniIntent;
    type Action = QuerniAction;

    fn start(config: DuelConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let (game, _) = QuerniGame::start(QuerniConfig::default(), seed, now)
            .map_err(|e| ApiError::Internal(format!("stored configuration: {e}")))?;
        Ok(QuerniLive {
            game,
            config,
            last_at: now,
        })
    }

    fn action(&self, seat: u32, intent: QuerniIntent) -> Result<QuerniAction, ApiError> {
        let side = self
            .config
            .side_of(seat, self.to_move())
            .map(side_name)
            .ok_or_else(|| ApiError::Forbidden("this seat plays no side".into()))?;
        Ok(match intent {
            QuerniIntent::Turn { turn } => {
                if turn.len() > MAX_TURN_TEXT {
                    return Err(ApiError::BadInput(format!(
                        "a turn is at most {MAX_TURN_TEXT} characters"
                    )));
                }
                QuerniAction::Turn { side, turn }
            }
            QuerniIntent::Resign => QuerniAction::Resign { side },
        })
    }

    fn apply(
        &mut self,
        action: &QuerniAction,
        now: Millis,
        _: &Services,
    ) -> Result<Vec<Value>, ApiError> {
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(e.to_string()))?;
        self.last_at = now;
        Ok(events(ev))
    }

    fn tick() -> Option<QuerniAction> {
        None
    }

    fn next_deadline(&self) -> Option<Millis> {
        None
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn bot(&self, seats: &[SeatRecord], seed: u64, _: &Services) -> Option<BotMove<QuerniAction>> {
        if self.game.is_over() {
            return None;
        }
        let seat = self.config.sides[self.to_move()];
        let (_, level) = bot_seats(seats).find(|(s, _)| *s == seat)?;
        let p = *self.game.position();
        let seed = mix(&[seed, self.game.history().len() as u64]);
        Some(BotMove::Think {
            not_before: self.last_at + COMPUTER_DELAY_MS,
            think: Box::new(move || {
                let mut searcher = Searcher::default();
                let turn = best_turn(&p, level, seed, &mut searcher, &mut || false).turn();
                Some(QuerniAction::Turn {
                    side: p.turn(),
                    turn: p.describe(turn).to_string(),
                })
            }),
        })
    }

    fn outcome(&self) -> Option<Vec<f64>> {
        match self.game.status() {
            tabula_querni::Status::Ongoing => None,
            tabula_querni::Status::Won { winner, .. } => {
                super::duel_outcome(self.config.sides, Some(usize::from(winner == Side::Red)))
            }
            tabula_querni::Status::Draw => super::duel_outcome(self.config.sides, None),
        }
    }

    fn view(&self, seat: Option<u32>, _: &[SeatRecord], _: Millis, _: &Services) -> Value {
        let p = self.game.position();
        let cells: Vec<Value> = (0..70u8)
            .map(|sq| {
                let id = p.cell(sq);
                if id == 0 {
                    Value::Null
                } else {
                    let (side, n) = tabula_querni::position::piece_of(id);
                    json!({"side": side, "n": n})
                }
            })
            .collect();
        let to_move = self.to_move();
        let mine = seat.is_some_and(|s| self.config.side_of(s, to_move) == Some(to_move));
        let legal = if mine && !self.game.is_over() {
            legal_turns(p)
        } else {
            Value::Null
        };
        let status = self.game.status();
        json!({
            "kind": "querni",
            "position": p.to_string(),
            "cells": cells,
            "files": FILES,
            "turn": p.turn(),
            "quiet": p.quiet(),
            "draw_at": tabula_querni::position::DRAW_TURNS,
            "left": {"blue": p.count(Side::Blue), "red": p.count(Side::Red)},
            "history": self.game.history().iter().map(|(s, t)| json!({"side": s, "turn": t})).collect::<Vec<_>>(),
            "status": status,
            "result": status.result(),
            "over": self.game.is_over(),
            "sides": {"blue": self.config.sides[0], "red": self.config.sides[1]},
            "one_screen": self.config.one_screen(),
            "you": seat,
            "your_turn": mine && !self.game.is_over(),
            "legal": legal,
        })
    }
}

/// Every movement of the side to move with its jump path and the removals it makes possible,
/// and the removals available without moving (each `[low, high, loses]`).
fn legal_turns(p: &tabula_querni::Position) -> Value {
    let side = p.turn();
    let mut movements = Vec::new();
    p.movements(&mut movements);
    let list: Vec<Value> = movements
        .iter()
        .map(|&m| {
            let text = p.describe(Turn {
                movement: Some(m),
                removal: None,
            });
            let path: Vec<String> = text.squares.iter().map(|&s| square_name(s)).collect();
            // the removals are those of the mover, looked at before the turn passes
            let mut removals = Vec::new();
            let after = p.after_movement(m);
            after.removals(side, &mut removals);
            json!({
                "from": square_name(m.from), "to": square_name(m.to), "path": path,
                "text": text.to_string(),
                "removals": removals.iter().map(|r| removal_json(&after, side, *r)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut now = Vec::new();
    p.removals(side, &mut now);
    json!({
        "movements": list,
        "removals": now.iter().map(|r| removal_json(p, side, *r)).collect::<Vec<_>>(),
    })
}

/// A removal as `[low, high, loses]`: `loses` when it would strand some of the mover's
/// numbers in a run shorter than three (legal, but the game is lost at once).
fn removal_json(p: &tabula_querni::Position, side: Side, r: tabula_querni::Removal) -> Value {
    let left = p.numbers_on_board(side) & !r.mask();
    let loses = left != 0 && tabula_querni::rules::stranded(left) != 0;
    json!([r.low, r.high, loses])
}
