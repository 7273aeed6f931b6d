//! Solver speed: building the move graphs, one task's distance table on each side, one Royal
//! Study card's table, and the tables of every task of the default Check Mates deck.
//!
//! Run: `cargo bench -p tabula-puzzles --bench solvers`

use divan::{Bencher, black_box};
use tabula_puzzles::checkmates::{CheckMatesSolver, Side, Task, deck};
use tabula_puzzles::royal::{Layout, RoyalSolver};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn graph_build_sliding() -> CheckMatesSolver {
    CheckMatesSolver::new(Side::Sliding)
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn graph_build_chess() -> CheckMatesSolver {
    CheckMatesSolver::new(Side::Chess)
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn graph_build_royal() -> RoyalSolver {
    RoyalSolver::new()
}

/// One chess-side task (five constraints, the RULES.md example) over all 181,440 boards.
#[divan::bench(sample_count = 50)]
fn table_chess_task(bencher: Bencher) {
    let solver = CheckMatesSolver::new(Side::Chess);
    let task = Task::parse(Side::Chess, "R.w/.b./Q.b").unwrap();
    bencher.bench_local(|| solver.compute_table(black_box(&task)));
}

/// One sliding-side task (four constraints) over all 22,680 boards.
#[divan::bench(sample_count = 100)]
fn table_sliding_task(bencher: Bencher) {
    let solver = CheckMatesSolver::new(Side::Sliding);
    let task = Task::parse(Side::Sliding, "g../.../bgr").unwrap();
    bencher.bench_local(|| solver.compute_table(black_box(&task)));
}

/// One Royal Study card: distances from all 7,560 layouts.
#[divan::bench(sample_count = 100)]
fn table_royal_card(bencher: Bencher) {
    let solver = RoyalSolver::new();
    let card = Layout::parse("K.N/.Q./R.B").unwrap();
    let rank = solver.rank(&card);
    bencher.bench_local(|| solver.graph().distances_from([black_box(rank)]));
}

/// The tables of all 56 tasks of the default deck (28 sliding + 28 chess), uncached.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn tables_all_default_deck_tasks(bencher: Bencher) {
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let d = deck::generate(&sliding, &chess, deck::DEFAULT_SEED);
    let tasks: Vec<(Side, Task)> = d
        .cards
        .iter()
        .flat_map(|c| {
            [
                (
                    Side::Sliding,
                    Task::parse(Side::Sliding, &c.sliding.task).unwrap(),
                ),
                (
                    Side::Chess,
                    Task::parse(Side::Chess, &c.chess.task).unwrap(),
                ),
            ]
        })
        .collect();
    assert_eq!(tasks.len(), 56);
    bencher.bench_local(|| {
        for (side, task) in &tasks {
            let solver = if *side == Side::Sliding {
                &sliding
            } else {
                &chess
            };
            black_box(solver.compute_table(task));
        }
    });
}
