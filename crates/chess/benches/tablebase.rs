//! Endgame tables: building one (KRvKP under the rescue rule, with the tables it leads to)
//! and probing: the value alone, and the value with the best move (which probes every child).
//!
//! Run: `cargo bench -p tabula-chess --bench tablebase`

use divan::{Bencher, black_box, counter::ItemsCount};
use tabula_chess::tablebase::{Material, Rules, Tablebases};
use tabula_chess::{Mini, Position};
use tabula_core::rng::{Rng, seeded};

fn main() {
    divan::main();
}

fn krkp() -> Tablebases {
    let mut tb = Tablebases::new(Rules::Rescue);
    tb.generate(Material::parse("KRvKP").unwrap(), &mut |_| {})
        .unwrap();
    tb
}

/// 1,000 random legal KRvKP positions.
fn positions(tb: &Tablebases) -> Vec<Position<Mini>> {
    let layout = tb
        .table(&Material::parse("KRvKP").unwrap())
        .unwrap()
        .layout();
    let mut rng = seeded(1);
    let mut out = Vec::new();
    while out.len() < 1_000 {
        if let Some(p) = layout.position(rng.random_range(0..layout.len()), Rules::Rescue.variant())
        {
            out.push(p);
        }
    }
    out
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn generate_krkp_with_its_smaller_tables(b: Bencher) {
    b.bench_local(|| black_box(krkp()));
}

#[divan::bench]
fn probe_value(b: Bencher) {
    let tb = krkp();
    let ps = positions(&tb);
    b.counter(ItemsCount::new(ps.len()))
        .bench_local(|| ps.iter().filter_map(|p| tb.value(black_box(p))).count());
}

#[divan::bench]
fn probe_value_and_best_move(b: Bencher) {
    let tb = krkp();
    let ps = positions(&tb);
    b.counter(ItemsCount::new(ps.len()))
        .bench_local(|| ps.iter().filter_map(|p| tb.probe(black_box(p))).count());
}
