//! Perft speed: QuickChess from the start (depth 7 and 8) and 8x8 chess from the start
//! (depth 5), ours and shakmaty's (8x8). Fairy-Stockfish is timed beside them by
//! `scripts/bench-perft.sh`, which runs this benchmark too.
//!
//! Run: `cargo bench -p tabula-chess --bench perft`

use divan::{Bencher, black_box, counter::ItemsCount};
use tabula_chess::{AnyPosition, Variant};

fn main() {
    divan::main();
}

fn ours(bencher: Bencher, variant: Variant, depth: u32, expected: u64) {
    let p = AnyPosition::start(variant);
    bencher
        .counter(ItemsCount::new(expected))
        .bench_local(|| assert_eq!(black_box(&p).perft(depth), expected));
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn quickchess_fsf_start_depth_7(b: Bencher) {
    ours(b, Variant::parse("quickchess-fsf").unwrap(), 7, 3_599_776);
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn quickchess_fsf_start_depth_8(b: Bencher) {
    ours(b, Variant::parse("quickchess-fsf").unwrap(), 8, 42_490_085);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn chess_start_depth_5(b: Bencher) {
    ours(b, Variant::CHESS, 5, 4_865_609);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn shakmaty_chess_start_depth_5(b: Bencher) {
    use shakmaty::Chess;
    let p = Chess::default();
    b.counter(ItemsCount::new(4_865_609u64))
        .bench_local(|| assert_eq!(shakmaty::perft(black_box(&p), 5), 4_865_609));
}
