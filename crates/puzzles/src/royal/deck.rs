//! Generating a Royal Study deck of 60 cards **[ours: the published deck is not available]**.
//!
//! Cards are legal layouts, no two equal up to a turn or mirror (so a level-3 card is never
//! a cheap reflection of another), in a seeded random order and orientation. For each pair of
//! consecutive cards the deck reports the optimal count at every level: the pieces stand on
//! one card's layout when the next is drawn, if every execution was optimal.

use super::{Layout, Level, RoyalSolver};
use crate::graph::UNREACHABLE;
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoyalDeck {
    /// The seed.
    pub seed: u64,
    /// The cards, top first.
    pub cards: Vec<String>,
    /// Optimal counts between consecutive cards.
    pub transitions: Vec<Transition>,
}

/// A card's exact difficulty at each level: the optimal count (moves, plus turn and mirror
/// actions where the level allows them) from every legal layout of the pieces to the card.
/// This is what a printed card shows, since a shuffled deck has no fixed previous card.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardDifficulty {
    /// Mean optimal count over every legal start (7,560 layouts), at levels 1, 2 and 3.
    pub mean: [f64; 3],
    /// Largest optimal count over every legal start, at levels 1, 2 and 3.
    pub max: [u32; 3],
}

/// The exact difficulty of `card` at every level, by one distance table per orientation.
pub fn card_difficulty(solver: &RoyalSolver, card: &Layout) -> CardDifficulty {
    let mut mean = [0.0; 3];
    let mut max = [0; 3];
    for (i, level) in [Level::One, Level::Two, Level::Three]
        .into_iter()
        .enumerate()
    {
        let targets: Vec<(u32, _)> = level
            .orientations()
            .iter()
            .map(|o| (o.cost(), solver.table(&card.transformed(o.symmetry))))
            .collect();
        let (mut sum, mut starts) = (0u64, 0u64);
        for start in solver.layouts() {
            let rank = solver.rank(&start) as usize;
            let best = targets
                .iter()
                .filter(|(_, table)| table[rank] != UNREACHABLE)
                .map(|(cost, table)| cost + u32::from(table[rank]))
                .min();
            if let Some(best) = best {
                sum += u64::from(best);
                starts += 1;
                max[i] = max[i].max(best);
            }
        }
        mean[i] = sum as f64 / starts.max(1) as f64;
    }
    CardDifficulty { mean, max }
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

    #[test]
    fn a_cards_difficulty_is_the_solvers_count_from_every_start() {
        let solver = RoyalSolver::new();
        let card = Layout::parse("K.N/.Q./R.B").unwrap();
        let d = card_difficulty(&solver, &card);
        // Independently: the solver's own plan from every legal start, level by level.
        let starts: Vec<Layout> = solver.layouts().collect();
        for (i, level) in [Level::One, Level::Two, Level::Three]
            .into_iter()
            .enumerate()
        {
            let counts: Vec<u32> = starts
                .iter()
                .map(|s| solver.solve(level, s, &card, None).unwrap().count)
                .collect();
            let mean = counts.iter().map(|&c| f64::from(c)).sum::<f64>() / counts.len() as f64;
            assert_eq!(d.max[i], *counts.iter().max().unwrap(), "level {}", i + 1);
            assert!((d.mean[i] - mean).abs() < 1e-9, "level {}", i + 1);
        }
        assert!(d.max[2] <= d.max[1] && d.max[1] <= d.max[0]);
        assert!(d.mean[0] > 1.0);
    }
}
