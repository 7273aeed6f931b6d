//! What every room shares: the solvers (built once, tables cached) and the default decks.

use std::sync::Arc;
use tabula_puzzles::checkmates::party::CardSpec;
use tabula_puzzles::checkmates::{CheckMatesSolver, Side, deck};
use tabula_puzzles::royal::{self, RoyalSolver};

/// Shared, read-only game services.
pub struct Services {
    /// Sliding-side solver.
    pub sliding: CheckMatesSolver,
    /// Chess-side solver.
    pub chess: CheckMatesSolver,
    /// Royal Study solver.
    pub royal: RoyalSolver,
    /// The default Check Mates deck (both sides).
    pub checkmates_deck: deck::Deck,
    /// The default Royal Study deck.
    pub royal_deck: Vec<String>,
}

impl Services {
    /// Builds the solvers and decks (a fraction of a second in release builds).
    pub fn new() -> Arc<Services> {
        let sliding = CheckMatesSolver::new(Side::Sliding);
        let chess = CheckMatesSolver::new(Side::Chess);
        let royal = RoyalSolver::new();
        let checkmates_deck = deck::generate(&sliding, &chess, deck::DEFAULT_SEED);
        let royal_deck = royal::deck::generate(&royal, royal::deck::DEFAULT_SEED).cards;
        Arc::new(Services {
            sliding,
            chess,
            royal,
            checkmates_deck,
            royal_deck,
        })
    }

    /// The solver of a side.
    pub fn solver(&self, side: Side) -> &CheckMatesSolver {
        match side {
            Side::Sliding => &self.sliding,
            Side::Chess => &self.chess,
        }
    }

    /// The default deck's cards for one side.
    pub fn cards(&self, side: Side) -> Vec<CardSpec> {
        self.checkmates_deck
            .cards
            .iter()
            .map(|c| CardSpec {
                task: c.side(side).task.clone(),
                stars: c.side(side).stars,
            })
            .collect()
    }
}
