//! `tabula exact solve --batch` throughput once tables are warm: 10,000 JSON query lines (Check
//! Mates on both sides against the default deck's tasks from random setups, and Royal Study
//! at levels 1-3, some with two cards, against the default deck's cards), answered and
//! written as JSON lines.
//!
//! Run: `cargo bench -p tabula --bench batch`

use divan::{Bencher, counter::ItemsCount};
use tabula::puzzles::batch::Solvers;
use tabula_core::rng::{Rng, seeded};
use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, deck};
use tabula_puzzles::royal::{self, RoyalSolver};

fn main() {
    divan::main();
}

const QUERIES: usize = 10_000;

fn queries() -> Vec<String> {
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    let cm = deck::generate(&sliding, &chess, deck::DEFAULT_SEED);
    let rs = RoyalSolver::new();
    let rd = royal::deck::generate(&rs, royal::deck::DEFAULT_SEED);
    let layouts: Vec<String> = rs.layouts().map(|l| l.to_string()).collect();
    let mut rng = seeded(1);
    (0..QUERIES)
        .map(|i| match i % 10 {
            0..=3 => {
                let side = if i % 2 == 0 { Side::Chess } else { Side::Sliding };
                let card = &cm.cards[rng.random_range(0..cm.cards.len())];
                let board = Board::random_setup(side, &mut rng);
                format!(
                    r#"{{"game":"checkmates","side":"{side}","board":"{board}","task":"{}"}}"#,
                    card.side(side).task
                )
            }
            4..=6 => {
                let side = Side::Sliding;
                let card = &cm.cards[rng.random_range(0..cm.cards.len())];
                let board = Board::random_setup(side, &mut rng);
                format!(
                    r#"{{"game":"checkmates","side":"{side}","board":"{board}","task":"{}"}}"#,
                    card.side(side).task
                )
            }
            _ => {
                let level = rng.random_range(1..=3);
                let board = &layouts[rng.random_range(0..layouts.len())];
                let card = &rd.cards[rng.random_range(0..rd.cards.len())];
                if i % 30 == 9 {
                    let card2 = &rd.cards[rng.random_range(0..rd.cards.len())];
                    format!(
                        r#"{{"game":"royal","level":{level},"board":"{board}","card":"{card}","card2":"{card2}"}}"#
                    )
                } else {
                    format!(r#"{{"game":"royal","level":{level},"board":"{board}","card":"{card}"}}"#)
                }
            }
        })
        .collect()
}

fn answer_all(solvers: &mut Solvers, lines: &[String], out: &mut Vec<u8>) {
    out.clear();
    for line in lines {
        let v = solvers
            .answer(line)
            .expect("every benchmark query is valid");
        serde_json::to_writer(&mut *out, &v).expect("writing to memory");
        out.push(b'\n');
    }
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn batch_10000_queries_warm(bencher: Bencher) {
    let lines = queries();
    let mut solvers = Solvers::default();
    let mut out = Vec::with_capacity(lines.len() * 128);
    answer_all(&mut solvers, &lines, &mut out); // warm every table
    bencher
        .counter(ItemsCount::new(lines.len()))
        .bench_local(|| answer_all(&mut solvers, &lines, &mut out));
}
