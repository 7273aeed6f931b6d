//! The Royal Study solo: cards in turn, the optimum shown after each, retry from the start.

use super::royal_match::moves_of_layout;
use super::{Adapter, BotMove};
use crate::error::{ApiError, Fault, Rule};
use crate::services::Services;
use crate::store::SeatRecord;
use serde::{Deserialize, Serialize};
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::royal::solo::{CardResult, RoyalSolo, SoloAction, SoloConfig, SoloEvent};
use tabula_puzzles::royal::{CardAction, Layout};
use ts_rs::TS;

/// A solo run being played.
#[derive(Clone, Debug)]
pub struct RSolo {
    game: RoyalSolo,
}

/// What the solo player may ask for.
#[derive(Debug, Deserialize, ts_rs::TS)]
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

/// What the solo player sees.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RSoloView {
    /// `royal-solo`.
    pub kind: &'static str,
    /// 1, 2 or 3.
    pub level: u8,
    /// The board now.
    pub layout: Layout,
    /// The card(s) being played, as drawn.
    pub cards: Vec<Layout>,
    /// The card(s) as turned and mirrored now.
    pub oriented: Vec<Layout>,
    /// Moves made on the current card(s).
    pub count: u32,
    /// Those moves.
    pub steps: Vec<String>,
    /// Whether the current card(s) are done.
    pub complete: bool,
    /// Each card's result so far.
    pub results: Vec<CardResult>,
    /// Cards still to draw.
    pub cards_left: usize,
    /// The fewest moves, once the card(s) are done.
    pub optimum: Option<u32>,
    /// Whether the run has ended.
    pub over: bool,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// The server's time.
    pub now: Millis,
    /// The legal moves (none once done).
    pub legal: Vec<String>,
}

impl Adapter for RSolo {
    fn cards_met(&self) -> Vec<Option<super::CardMet>> {
        self.game
            .results()
            .iter()
            .map(|r| {
                r.best.map(|moves| super::CardMet {
                    deck: "royal",
                    moves,
                    ms: 0,
                })
            })
            .collect()
    }

    fn card_optimum(&self, index: usize, services: &Services) -> Option<u32> {
        let r = self.game.results().get(index)?;
        services
            .royal
            .solve(
                self.game.run().level(),
                &r.start,
                r.cards.first()?,
                r.cards.get(1),
            )
            .map(|p| p.count)
    }

    type Config = SoloConfig;
    type Intent = RSoloIntent;
    type Action = SoloAction;
    type View = RSoloView;
    type Event = SoloEvent;
    type Public = SoloAction;

    fn start(config: SoloConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let (game, _) = RoyalSolo::start(config, seed, now)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored configuration: {e}")))?;
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
    ) -> Result<Vec<SoloEvent>, ApiError> {
        self.game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(Rule::Game, e.to_string()))
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

    fn view(
        &self,
        seat: Option<u32>,
        _: &[SeatRecord],
        now: Millis,
        services: &Services,
    ) -> RSoloView {
        let game = &self.game;
        let run = game.run();
        let complete = run.all_completed();
        RSoloView {
            kind: "royal-solo",
            level: run.level().number(),
            layout: run.layout(),
            cards: run.cards().to_vec(),
            oriented: run.oriented_cards(),
            count: run.count(),
            steps: run.steps().iter().map(ToString::to_string).collect(),
            complete,
            results: game.results().to_vec(),
            cards_left: game.cards_left(),
            optimum: if complete {
                game.optimum(&services.royal)
            } else {
                None
            },
            over: game.is_over(),
            you: seat,
            now,
            legal: if complete {
                Vec::new()
            } else {
                moves_of_layout(&run.layout())
            },
        }
    }

    fn close(view: &mut RSoloView) {
        view.over = true;
        view.legal.clear();
    }

    fn public_action(&self, action: &SoloAction) -> SoloAction {
        action.clone()
    }
}
