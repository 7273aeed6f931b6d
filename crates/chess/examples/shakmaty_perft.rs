//! Times shakmaty's perft from a FEN, for `scripts/bench-perft.sh`: `shakmaty_perft DEPTH [FEN]`.

use shakmaty::{CastlingMode, Chess, fen::Fen};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args
        .next()
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    let pos: Chess = Fen::from_ascii(fen.as_bytes())
        .expect("a FEN")
        .into_position(CastlingMode::Standard)
        .expect("a legal position");
    let t = std::time::Instant::now();
    let n = shakmaty::perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!("Nodes searched: {n}");
    eprintln!(
        "perft {depth}: {n} nodes in {s:.3} s ({:.1} M nodes/s)",
        n as f64 / s / 1e6
    );
}
