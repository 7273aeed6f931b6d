//! Generating a Check Mates deck: 28 double-sided cards.
//!
//! RULES.md asks that every task be solvable, that no two tasks of a side be equal up to
//! rotation, and that difficulty be spread. Our composition **[ours]**: on the sliding side,
//! 14 three-token tasks (1 star) and 14 four-token tasks (2 stars); on the chess side, 7 tasks
//! with three constraints and 7 with four (1 star) and 14 with five (2 stars). For each group
//! we draw twice as many random solvable tasks as needed, measure each one exactly (the mean
//! optimal number of moves over all legal setups), sort them by that mean and keep tasks at
//! evenly spaced places in the order, so each group runs from easy to hard. Tasks that every
//! setup already meets are never drawn. The sides are then shuffled and paired into cards.

use super::{CheckMatesSolver, Difficulty, Side, Task};
use serde::Serialize;
use std::collections::HashSet;
use tabula_core::rng::{Rng, SliceRandom, seeded};

/// The seed of the default deck (the one `tabula exact deck` prints without `--seed`).
pub const DEFAULT_SEED: u64 = 2026;
/// Cards in a deck.
pub const DECK_SIZE: usize = 28;

/// One side of a card.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardTask {
    /// The task pattern.
    pub task: String,
    /// Stars it is worth.
    pub stars: u8,
    /// Exact difficulty over every legal setup.
    pub difficulty: Difficulty,
}

/// A double-sided card.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Card {
    /// Position in the deck, from 1 (the top card).
    pub number: u8,
    /// The sliding-side task.
    pub sliding: CardTask,
    /// The chess-side task.
    pub chess: CardTask,
}

impl Card {
    /// The task of `side`.
    pub fn side(&self, side: Side) -> &CardTask {
        match side {
            Side::Sliding => &self.sliding,
            Side::Chess => &self.chess,
        }
    }
}

/// A whole deck.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Deck {
    /// The seed it was generated from.
    pub seed: u64,
    /// The cards, top first.
    pub cards: Vec<Card>,
}

/// `(constraints, how many)` per group of a side's 28 tasks.
fn composition(side: Side) -> &'static [(u32, usize)] {
    match side {
        Side::Sliding => &[(3, 14), (4, 14)],
        Side::Chess => &[(3, 7), (4, 7), (5, 14)],
    }
}

fn random_task(side: Side, constraints: u32, rng: &mut impl Rng) -> Task {
    let mut squares: Vec<u8> = (0..9).collect();
    squares.shuffle(rng);
    let kinds = side.constraint_letters().len() as u8;
    let mut cells = [0u8; 9];
    for &sq in &squares[..constraints as usize] {
        cells[sq as usize] = rng.random_range(1..=kinds);
    }
    Task::from_cells(side, cells).expect("codes are in range")
}

/// The tasks of one side, each with its difficulty, easy to hard within each group.
fn side_tasks(solver: &CheckMatesSolver, seed: u64) -> Vec<CardTask> {
    let side = solver.side();
    let mut rng = seeded(seed ^ (side as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut used: HashSet<Task> = HashSet::new();
    let mut out = Vec::with_capacity(DECK_SIZE);
    for &(constraints, wanted) in composition(side) {
        let mut pool: Vec<(Task, Difficulty)> = Vec::with_capacity(wanted * 2);
        let mut attempts = 0;
        while pool.len() < wanted * 2 && attempts < 100_000 {
            attempts += 1;
            let task = random_task(side, constraints, &mut rng);
            let key = task.canonical();
            if used.contains(&key) {
                continue;
            }
            let Some(difficulty) = solver.difficulty(&task) else {
                continue; // unsolvable
            };
            if difficulty.max == 0 {
                continue; // met by every setup: not a task
            }
            used.insert(key);
            pool.push((task, difficulty));
        }
        pool.sort_by(|a, b| a.1.mean.total_cmp(&b.1.mean).then(a.0.cmp(&b.0)));
        let picks: Vec<usize> = if wanted <= 1 {
            vec![0]
        } else {
            (0..wanted)
                .map(|i| (i * (pool.len() - 1) + (wanted - 1) / 2) / (wanted - 1))
                .collect()
        };
        for (i, (task, difficulty)) in pool.into_iter().enumerate() {
            if picks.contains(&i) {
                out.push(CardTask {
                    task: task.to_string(),
                    stars: side.stars(constraints).unwrap_or(1),
                    difficulty,
                });
            }
        }
    }
    out
}

/// Generates the deck for `seed` with both sides' solvers.
pub fn generate(sliding: &CheckMatesSolver, chess: &CheckMatesSolver, seed: u64) -> Deck {
    let mut rng = seeded(seed);
    let mut slides = side_tasks(sliding, seed);
    let mut chesses = side_tasks(chess, seed);
    slides.shuffle(&mut rng);
    chesses.shuffle(&mut rng);
    let cards = slides
        .into_iter()
        .zip(chesses)
        .enumerate()
        .map(|(i, (sliding, chess))| Card {
            number: i as u8 + 1,
            sliding,
            chess,
        })
        .collect();
    Deck { seed, cards }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_obey_the_rules_and_replay_from_their_seed() {
        let s = CheckMatesSolver::new(Side::Sliding);
        let c = CheckMatesSolver::new(Side::Chess);
        let deck = generate(&s, &c, 7);
        assert_eq!(deck.cards.len(), DECK_SIZE);
        for side in Side::ALL {
            let solver = if side == Side::Sliding { &s } else { &c };
            let tasks: Vec<Task> = deck
                .cards
                .iter()
                .map(|card| Task::parse(side, &card.side(side).task).unwrap())
                .collect();
            let distinct: HashSet<Task> = tasks.iter().map(Task::canonical).collect();
            assert_eq!(
                distinct.len(),
                DECK_SIZE,
                "{side}: no two tasks equal up to rotation"
            );
            for (card, task) in deck.cards.iter().zip(&tasks) {
                let ct = card.side(side);
                assert_eq!(task.stars(), Some(ct.stars));
                assert!(solver.table(task).unwrap().is_solvable());
                assert!(ct.difficulty.max >= 1);
                assert_eq!(solver.difficulty(task).as_ref(), Some(&ct.difficulty));
            }
            let stars: Vec<u8> = tasks.iter().filter_map(Task::stars).collect();
            assert_eq!(stars.iter().filter(|&&x| x == 2).count(), 14);
        }
        assert_eq!(generate(&s, &c, 7), deck);
        assert_ne!(generate(&s, &c, 8), deck);
    }
}
