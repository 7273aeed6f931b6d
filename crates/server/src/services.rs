//! What every room shares: the solvers (built once, tables cached), the default decks, and
//! what is known exactly about QuickChess positions (endgame tables, the lesson solver).

use crate::knowledge::Knowledge;
use crate::tablebases::TableSets;
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
    /// Endgame tables and the lesson-game solver.
    pub knowledge: Arc<Knowledge>,
}

impl Services {
    /// Builds the solvers and decks (a fraction of a second in release builds), without
    /// endgame tables.
    pub fn new() -> Arc<Services> {
        Services::with_tables(TableSets::empty())
    }

    /// The same, with endgame tables.
    pub fn with_tables(tables: TableSets) -> Arc<Services> {
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
            knowledge: Arc::new(Knowledge::new(tables)),
        })
    }

    /// The seed of the default Royal Study deck (printed on its sheets).
    pub fn royal_seed(&self) -> u64 {
        royal::deck::DEFAULT_SEED
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
