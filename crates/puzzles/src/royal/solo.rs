//! Royal Study solo and cooperative play (RULES.md section 2, "Solo/cooperative").
//!
//! Cards come one by one (two at a time in the bonus challenge). The player executes; when
//! every card is complete, the count is recorded and the driver can show the optimum from the
//! recorded start (see [`RoyalSolo::optimum`]). The player may retry from the recorded start,
//! as often as they like, to find a shorter plan (the best count is kept), then draw the next
//! card, which starts from where the pieces stand.

use super::execution::{Execution, StepError};
use super::matchplay::{MatchError, deal};
use super::{CardAction, Layout, Level, RoyalSolver, Step};
use crate::moves::Move;
use serde::{Deserialize, Serialize};
use tabula_core::game::transactional;
use tabula_core::{Game, Millis};

/// Everything fixed before a solo session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SoloConfig {
    /// Level 1, 2 or 3.
    pub level: Level,
    /// Two cards at a time.
    pub bonus: bool,
    /// The deck of layouts, before shuffling.
    pub cards: Vec<String>,
}

/// An action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RoyalSoloAction"))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SoloAction {
    /// Move a piece.
    Move {
        /// The move.
        mv: Move,
    },
    /// Turn or mirror a card.
    Card {
        /// Which card (1 or 2 with two cards).
        card: Option<u8>,
        /// The action.
        action: CardAction,
    },
    /// Start the current card(s) again from the recorded start.
    Retry,
    /// Draw the next card(s) (once the current ones are complete).
    Next,
    /// Time passes.
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RoyalSoloEvent"))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SoloEvent {
    /// New card(s) from a recorded start.
    CardsDrawn {
        /// Their index in the session, from 0.
        index: usize,
        /// The card(s).
        cards: Vec<Layout>,
        /// The recorded start.
        start: Layout,
    },
    /// A step was taken.
    Stepped {
        /// The step.
        step: String,
        /// Count so far.
        count: u32,
        /// The pieces now.
        layout: Layout,
        /// The card(s) as currently turned or mirrored.
        cards: Vec<Layout>,
    },
    /// Every card of this attempt is complete.
    Completed {
        /// The count of this attempt.
        count: u32,
        /// The best count so far on these cards.
        best: u32,
    },
    /// Back to the recorded start.
    Retried {
        /// Attempt number, from 1.
        attempt: u32,
    },
    /// The deck ran out.
    DeckEmpty,
}

/// Why an action was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    /// A configuration problem.
    #[error(transparent)]
    Config(#[from] MatchError),
    /// The step breaks a rule.
    #[error("{0}")]
    Step(#[from] StepError),
    /// `Next` before completing the cards.
    #[error("complete the card first (or retry it)")]
    NotComplete,
    /// The deck is empty.
    #[error("the session is over: the deck is empty")]
    Over,
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The session's time.
        last: Millis,
    },
}

/// The result on one card (or pair).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardResult {
    /// The recorded start.
    pub start: Layout,
    /// The card(s).
    pub cards: Vec<Layout>,
    /// Best completed count.
    pub best: Option<u32>,
    /// Attempts made (including the current one).
    pub attempts: u32,
}

/// A solo session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalSolo {
    level: Level,
    per_round: usize,
    deck: Vec<Layout>,
    run: Execution,
    results: Vec<CardResult>,
    over: bool,
    now: Millis,
}

impl RoyalSolo {
    /// The current execution (the pieces, the cards and their orientations).
    pub fn run(&self) -> &Execution {
        &self.run
    }

    /// Results so far, the current card(s) last.
    pub fn results(&self) -> &[CardResult] {
        &self.results
    }

    /// Cards still in the deck.
    pub fn cards_left(&self) -> usize {
        self.deck.len()
    }

    /// The least count from the current recorded start (for showing after completion).
    pub fn optimum(&self, solver: &RoyalSolver) -> Option<u32> {
        let r = self.results.last()?;
        solver
            .solve(self.level, &r.start, &r.cards[0], r.cards.get(1))
            .map(|p| p.count)
    }

    fn draw(&mut self, start: Layout, events: &mut Vec<SoloEvent>) {
        if self.deck.len() < self.per_round {
            self.over = true;
            events.push(SoloEvent::DeckEmpty);
            return;
        }
        let cards: Vec<Layout> = (0..self.per_round)
            .filter_map(|_| self.deck.pop())
            .collect();
        events.push(SoloEvent::CardsDrawn {
            index: self.results.len(),
            cards: cards.clone(),
            start,
        });
        self.results.push(CardResult {
            start,
            cards: cards.clone(),
            best: None,
            attempts: 1,
        });
        self.run = Execution::new(self.level, start, cards);
        self.record(events);
    }

    fn record(&mut self, events: &mut Vec<SoloEvent>) {
        if self.run.all_completed() {
            let count = self.run.count();
            let r = self.results.last_mut().expect("a card is in play");
            let best = r.best.map_or(count, |b| b.min(count));
            r.best = Some(best);
            events.push(SoloEvent::Completed { count, best });
        }
    }

    fn act(&mut self, action: &SoloAction, now: Millis) -> Result<Vec<SoloEvent>, SoloError> {
        if now < self.now {
            return Err(SoloError::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        self.now = now;
        let mut events = Vec::new();
        if self.over && *action != SoloAction::Tick {
            return Err(SoloError::Over);
        }
        match action {
            SoloAction::Tick => {}
            SoloAction::Move { mv } => self.step(Step::Move(*mv), &mut events)?,
            SoloAction::Card { card, action } => self.step(
                Step::Action {
                    card: *card,
                    action: *action,
                },
                &mut events,
            )?,
            SoloAction::Retry => {
                let r = self.results.last_mut().expect("a card is in play");
                r.attempts += 1;
                let attempt = r.attempts;
                self.run = Execution::new(self.level, r.start, r.cards.clone());
                events.push(SoloEvent::Retried { attempt });
                self.record(&mut events);
            }
            SoloAction::Next => {
                if !self.run.all_completed() {
                    return Err(SoloError::NotComplete);
                }
                let start = self.run.layout();
                self.draw(start, &mut events);
            }
        }
        Ok(events)
    }

    fn step(&mut self, step: Step, events: &mut Vec<SoloEvent>) -> Result<(), SoloError> {
        self.run.step(step)?;
        events.push(SoloEvent::Stepped {
            step: step.to_string(),
            count: self.run.count(),
            layout: self.run.layout(),
            cards: self.run.oriented_cards(),
        });
        self.record(events);
        Ok(())
    }
}

impl Game for RoyalSolo {
    type Config = SoloConfig;
    type Action = SoloAction;
    type Event = SoloEvent;
    type Error = SoloError;

    fn start(
        config: SoloConfig,
        seed: u64,
        now: Millis,
    ) -> Result<(Self, Vec<SoloEvent>), SoloError> {
        let per_round = if config.bonus { 2 } else { 1 };
        let (start, deck) = deal(&config.cards, per_round, seed)?;
        let mut game = RoyalSolo {
            level: config.level,
            per_round,
            deck,
            run: Execution::new(config.level, start, vec![start]),
            results: Vec::new(),
            over: false,
            now,
        };
        let mut events = Vec::new();
        game.draw(start, &mut events);
        Ok((game, events))
    }

    fn apply(&mut self, action: &SoloAction, now: Millis) -> Result<Vec<SoloEvent>, SoloError> {
        transactional(self, |g| g.act(action, now))
    }

    fn next_deadline(&self) -> Option<Millis> {
        None
    }

    fn is_over(&self) -> bool {
        self.over
    }
}
