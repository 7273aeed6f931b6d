//! Carrying out a plan step by step: the one place that knows how moves and card actions
//! count, when a card is completed, and which actions a level allows. The referee, the match
//! and solo play all use it.

use super::{CardAction, Layout, Level, Step};
use crate::moves::IllegalMove;
use tabula_core::Symmetry;

/// Why a step cannot be taken. Nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The piece move breaks a rule.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// The level does not allow the action.
    #[error("{action} is allowed from level {} on; this is level {}", .action.min_level().number(), .level.number())]
    LevelTooLow {
        /// The action.
        action: CardAction,
        /// The level played.
        level: Level,
    },
    /// The action names a card that is not in play.
    #[error("there is no card {0}")]
    NoSuchCard(u8),
    /// With two cards an action must say which.
    #[error("with two cards an action names its card: 1:{0} or 2:{0}")]
    CardNeeded(CardAction),
    /// Every card is complete already.
    #[error("every card is already complete")]
    Finished,
}

/// An execution in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Execution {
    level: Level,
    cards: Vec<Layout>,
    layout: Layout,
    orientations: Vec<Symmetry>,
    /// For each card, the count at which it was completed.
    completed: Vec<Option<u32>>,
    steps: Vec<Step>,
    moves: u32,
}

impl Execution {
    /// Starts executing towards `cards` (one, or two for the bonus challenge) from `board`.
    /// A card the board already shows is complete at once.
    pub fn new(level: Level, board: Layout, cards: Vec<Layout>) -> Self {
        let n = cards.len();
        let mut e = Self {
            level,
            cards,
            layout: board,
            orientations: vec![Symmetry::Identity; n],
            completed: vec![None; n],
            steps: Vec::new(),
            moves: 0,
        };
        e.mark_completed();
        e
    }

    fn mark_completed(&mut self) -> Vec<u8> {
        let count = self.count();
        let mut newly = Vec::new();
        for (i, card) in self.cards.iter().enumerate() {
            if self.completed[i].is_none() && self.layout == card.transformed(self.orientations[i])
            {
                self.completed[i] = Some(count);
                newly.push(i as u8 + 1);
            }
        }
        newly
    }

    /// Takes one step; returns the cards (1-based) it completes. On error nothing changes.
    pub fn step(&mut self, step: Step) -> Result<Vec<u8>, StepError> {
        if self.all_completed() {
            return Err(StepError::Finished);
        }
        match step {
            Step::Move(mv) => {
                self.layout = self.layout.play(mv)?;
                self.moves += 1;
            }
            Step::Action { card, action } => {
                if action.min_level() > self.level {
                    return Err(StepError::LevelTooLow {
                        action,
                        level: self.level,
                    });
                }
                let index = match (card, self.cards.len()) {
                    (None, 1) | (Some(1), _) => 0,
                    (None, _) => return Err(StepError::CardNeeded(action)),
                    (Some(c), n) if (c as usize) <= n && c >= 1 => c as usize - 1,
                    (Some(c), _) => return Err(StepError::NoSuchCard(c)),
                };
                self.orientations[index] = self.orientations[index].then(action.symmetry());
            }
        }
        self.steps.push(step);
        Ok(self.mark_completed())
    }

    /// Moves plus card actions so far.
    pub fn count(&self) -> u32 {
        self.steps.len() as u32
    }

    /// Piece moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Card actions so far.
    pub fn actions(&self) -> u32 {
        self.count() - self.moves
    }

    /// The steps taken.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Where the pieces stand.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The cards.
    pub fn cards(&self) -> &[Layout] {
        &self.cards
    }

    /// How each card is turned or mirrored now.
    pub fn orientations(&self) -> &[Symmetry] {
        &self.orientations
    }

    /// The cards as currently turned or mirrored (what the executor sees).
    pub fn oriented_cards(&self) -> Vec<Layout> {
        self.cards
            .iter()
            .zip(&self.orientations)
            .map(|(c, o)| c.transformed(*o))
            .collect()
    }

    /// For each card, the count at which it was completed.
    pub fn completed(&self) -> &[Option<u32>] {
        &self.completed
    }

    /// Whether every card is complete.
    pub fn all_completed(&self) -> bool {
        self.completed.iter().all(Option::is_some)
    }

    /// The level played.
    pub fn level(&self) -> Level {
        self.level
    }
}
