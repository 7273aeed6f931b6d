//! Pairing speed: a Swiss round of a large field late in the event (every earlier opponent to
//! avoid, colours to balance), and an arena's pairing of everyone waiting at once.
//!
//! Run: `cargo bench -p tabula-tournament --bench pairing`

use divan::{Bencher, black_box};
use rand::Rng;
use tabula_tournament::Outcome;
use tabula_tournament::arena::{Waiting, pair};
use tabula_tournament::swiss::pairing::pair_round;
use tabula_tournament::swiss::{Board, Entrant};

fn main() {
    divan::main();
}

/// `n` entrants and `rounds` played rounds with seeded random results.
fn swiss_history(n: u32, rounds: usize) -> (Vec<Entrant>, Vec<Vec<Board>>) {
    let mut rng = tabula_core::rng::seeded(7);
    let entrants: Vec<Entrant> = (0..n)
        .map(|p| Entrant {
            player: p,
            name: format!("P{p}"),
            rating: f64::from(rng.random_range(1000..2400)),
        })
        .collect();
    let all: Vec<u32> = (0..n).collect();
    let mut history = Vec::new();
    for _ in 0..rounds {
        let mut boards = pair_round(&entrants, &history, &all).expect("a pairing");
        for b in &mut boards {
            if let Board::Game { outcome, .. } = b {
                *outcome = Some(match rng.random_range(0..3) {
                    0 => Outcome::Win,
                    1 => Outcome::Loss,
                    _ => Outcome::Draw,
                });
            }
        }
        history.push(boards);
    }
    (entrants, history)
}

/// The tenth round of a Swiss of `n` players.
#[divan::bench(args = [100, 500])]
fn swiss_round_ten(bencher: Bencher, n: u32) {
    let (entrants, history) = swiss_history(n, 9);
    let all: Vec<u32> = (0..n).collect();
    bencher.bench(|| pair_round(black_box(&entrants), black_box(&history), &all));
}

/// The second round of a Swiss of `n` players: the largest brackets (a third of the field
/// each), every colour preference to weigh.
#[divan::bench(args = [100, 500])]
fn swiss_round_two(bencher: Bencher, n: u32) {
    let (entrants, history) = swiss_history(n, 1);
    let all: Vec<u32> = (0..n).collect();
    bencher.bench(|| pair_round(black_box(&entrants), black_box(&history), &all));
}

/// An arena's pairing of `n` players waiting at once (the start of an arena).
#[divan::bench(args = [100, 500])]
fn arena_all_waiting(bencher: Bencher, n: u32) {
    let mut rng = tabula_core::rng::seeded(11);
    let waiting: Vec<Waiting> = (0..n)
        .map(|p| Waiting {
            player: p,
            points: rng.random_range(0..30),
            rating: f64::from(rng.random_range(1000..2400)),
            last_opponent: Some(rng.random_range(0..n)),
            first_balance: rng.random_range(-2..=2),
            last_colour: None,
        })
        .collect();
    bencher.bench(|| pair(black_box(&waiting), n as usize));
}
