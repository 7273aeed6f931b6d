//! Querni speed: movement generation (positions per second) and the engine's search (nodes
//! per second), over positions taken from seeded games between greedy players.
//!
//! Run: `cargo bench -p tabula-querni --bench querni`

use divan::{Bencher, black_box, counter::ItemsCount};
use tabula_querni::{Budget, Player, Position, Searcher, Turn};

fn main() {
    divan::main();
}

/// Positions from the first 60 turns of four seeded greedy-vs-random games.
fn sample() -> Vec<Position> {
    let mut out = Vec::new();
    let mut searcher = Searcher::new(12);
    for seed in 0..4u64 {
        let mut p = Position::start(seed);
        for ply in 0..60u64 {
            if p.status().is_over() {
                break;
            }
            out.push(p);
            let player = if ply % 2 == 0 {
                Player::Greedy
            } else {
                Player::Random
            };
            let t: Turn = player.choose(&p, seed * 1000 + ply, &mut searcher);
            p = p.play_unchecked(t);
        }
    }
    out
}

/// Every movement of the side to move (steps and jump sequences), per position.
#[divan::bench(sample_count = 30)]
fn movement_generation(bencher: Bencher) {
    let positions = sample();
    let mut buf = Vec::with_capacity(256);
    bencher
        .counter(ItemsCount::new(positions.len()))
        .bench_local(|| {
            let mut total = 0;
            for p in black_box(&positions) {
                buf.clear();
                p.movements(&mut buf);
                total += buf.len();
            }
            total
        });
}

/// The engine's search with a 200,000-position budget from several positions; the counter
/// is positions visited, so the throughput is nodes per second.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn search_nodes(bencher: Bencher) {
    let positions: Vec<Position> = sample().into_iter().step_by(20).collect();
    let budget = Budget {
        depth: 20,
        nodes: 200_000,
    };
    let mut searcher = Searcher::default();
    let nodes: u64 = positions
        .iter()
        .map(|p| searcher.search(p, budget, 0, 1, &mut || false).nodes)
        .sum();
    bencher.counter(ItemsCount::new(nodes)).bench_local(|| {
        for p in black_box(&positions) {
            searcher.search(p, budget, 0, 1, &mut || false);
        }
    });
}
