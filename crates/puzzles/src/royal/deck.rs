//! Generating a Royal Study deck of 60 cards **[ours: the published deck is not available]**.
//!
//! Cards are legal layouts, no two equal up to a turn or mirror (so a level-3 card is never
//! a cheap reflection of another), in a seeded random order and orientation. For each pair of
//! consecutive cards the deck reports the optimal count at every level: the pieces stand on
//! one card's layout when the next is drawn, if every execution was optimal.

use super::{Layout, Level, RoyalSolver};
use serde::Serialize;
use std::collections::HashSet;
use tabula_core::Symmetry;
use tabula_core::rng::{Rng, SliceRandom, seeded};

/// Cards in a deck.
pub const DECK_SIZE: usize = 60;
/// The seed of the default deck.
pub const DEFAULT_SEED: u64 = 2026;

/// The optimal counts from one card to the next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Transition {
    /// Card number (from 1) the pieces stand on.
    pub from: usize,
    /// The next card's number.
    pub to: usize,
    /// Optimal count at levels 1, 2 and 3.
    pub optimal: [u32; 3],
}

/// A generated deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoyalDeck {
    /// The seed.
    pub seed: u64,
    /// The cards, top first.
    pub cards: Vec<String>,
    /// Optimal counts between consecutive cards.
    pub transitions: Vec<Transition>,
}

/// Generates a deck from `seed`.
pub fn generate(solver: &RoyalSolver, seed: u64) -> RoyalDeck {
    let mut rng = seeded(seed);
    let mut seen = HashSet::new();
    let mut classes: Vec<Vec<Layout>> = Vec::new();
    for layout in solver.layouts() {
        if seen.contains(&layout) {
            continue;
        }
        let mut images: Vec<Layout> = Symmetry::ALL
            .iter()
            .map(|&s| layout.transformed(s))
            .collect();
        images.sort();
        images.dedup();
        seen.extend(images.iter().copied());
        classes.push(images);
    }
    classes.shuffle(&mut rng);
    let cards: Vec<Layout> = classes
        .iter()
        .take(DECK_SIZE)
        .map(|images| images[rng.random_range(0..images.len())])
        .collect();
    let transitions = cards
        .windows(2)
        .enumerate()
        .map(|(i, pair)| Transition {
            from: i + 1,
            to: i + 2,
            optimal: [Level::One, Level::Two, Level::Three].map(|level| {
                solver
                    .solve(level, &pair[0], &pair[1], None)
                    .map_or(u32::MAX, |p| p.count)
            }),
        })
        .collect();
    RoyalDeck {
        seed,
        cards: cards.iter().map(ToString::to_string).collect(),
        transitions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_has_sixty_distinct_legal_cards_and_replays() {
        let solver = RoyalSolver::new();
        let deck = generate(&solver, 5);
        assert_eq!(deck.cards.len(), DECK_SIZE);
        assert_eq!(deck.transitions.len(), DECK_SIZE - 1);
        let layouts: Vec<Layout> = deck
            .cards
            .iter()
            .map(|c| Layout::parse(c).unwrap())
            .collect();
        let classes: HashSet<Layout> = layouts
            .iter()
            .map(|l| {
                Symmetry::ALL
                    .iter()
                    .map(|&s| l.transformed(s))
                    .min()
                    .unwrap()
            })
            .collect();
        assert_eq!(
            classes.len(),
            DECK_SIZE,
            "no two cards equal up to symmetry"
        );
        for t in &deck.transitions {
            let [l1, l2, l3] = t.optimal;
            assert!(l3 <= l2 && l2 <= l1, "more freedom never costs more: {t:?}");
            let d = solver
                .distance(&layouts[t.from - 1], &layouts[t.to - 1])
                .unwrap();
            assert_eq!(l1, u32::from(d));
        }
        assert_eq!(generate(&solver, 5), deck);
        assert_ne!(generate(&solver, 6).cards, deck.cards);
    }
}
