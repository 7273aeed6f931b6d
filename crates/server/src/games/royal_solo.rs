//! The Royal Study solo: cards in turn, the optimum shown after each, retry from the start.

use super::royal_match::moves_of_layout;
use super::{Adapter, BotMove, events};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::royal::CardAction;
use tabula_puzzles::royal::solo::{RoyalSolo, SoloAction, SoloConfig};

/// A solo run being played.
#[derive(Clone, Debug)]
pub struct RSolo {
    game: RoyalSolo,
}

/// What the solo player may ask for.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum RSoloIntent {
    /// Move a piece.
    Move {
        /// The move.
        mv: Move,
    },
    /// Turn or mirror a card.
    Card {
        /// Which card (1 or 2 with two cards).
        #[serde(default)]
        card: Option<u8>,
        /// The action.
        action: CardAction,
    },
    /// Start the current card(s) again from the recorded start.
    Retry,
    /// Draw the next card(s).
    Next,
}

impl Adapter for RSolo {
    type Config = SoloConfig;
    type Intent = RSoloIntent;
    type Action = SoloAction;

    fn start(config: SoloConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let (game, _) = RoyalSolo::start(config, seed, now)
            .map_err(|e| ApiError::Internal(format!("stored configuration: {e}")))?;
        Ok(RSolo { game })
    }

    fn action(&self, _seat: u32, intent: RSoloIntent) -> Result<SoloAction, ApiError> {
        Ok(match intent {
            RSoloIntent::Move { mv } => SoloAction::Move { mv },
            RSoloIntent::Card { card, action } => SoloAction::Card { card, action },
            RSoloIntent::Retry => SoloAction::Retry,
            RSoloIntent::Next => SoloAction::Next,
        })
    }

    fn apply(
        &mut self,
        action: &SoloAction,
        now: Millis,
        _: &Services,
    ) -> Result<Vec<Value>, ApiError> {
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(e.to_string()))?;
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

    fn view(&self, seat: Option<u32>, _: &[SeatRecord], now: Millis, services: &Services) -> Value {
        let game = &self.game;
        let run = game.run();
        let complete = run.all_completed();
        json!({
            "kind": "royal-solo", "level": run.level().number(), "layout": run.layout(), "cards": run.cards(),
            "oriented": run.oriented_cards(), "count": run.count(), "steps": run.steps().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "complete": complete, "results": game.results(), "cards_left": game.cards_left(),
            "optimum": if complete { game.optimum(&services.royal) } else { None },
            "over": game.is_over(), "you": seat, "now": now,
            "legal": if complete { Vec::new() } else { moves_of_layout(&run.layout()) },
        })
    }
}
