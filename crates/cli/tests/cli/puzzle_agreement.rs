//! The shipped QuickChess puzzles against Fairy-Stockfish (issue #29): on a sample of the
//! starter set, Debian's fairy-stockfish with MultiPV 2 must find the puzzle's first move
//! (any mate, for a mating puzzle) and rate its own second choice clearly worse. Its
//! QuickChess promotes to a queen only where ours rescues a captured piece, so the sample
//! leaves out puzzles with a pawn one step from promotion. BENCHMARKS.md "Puzzles" records the
//! agreement.

use crate::common;

use common::fsf::Fsf;
use tabula_chess::puzzle::{Theme, starter};
use tabula_chess::{AnyPosition, Variant};

fn win(cp: f64) -> f64 {
    50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
}

/// Fairy-Stockfish's two best first moves of `fen` with their scores (centipawns for the side
/// to move, a mate as 100,000).
fn two_best(fsf: &mut Fsf, fen: &str) -> Vec<(String, f64)> {
    fsf.say(&format!("position fen {fen}\ngo nodes 300000"));
    let mut best: [Option<(String, f64)>; 2] = [None, None];
    for line in fsf.until("bestmove") {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (Some(k), Some(s), Some(pv)) = (
            w.iter().position(|x| *x == "multipv"),
            w.iter().position(|x| *x == "score"),
            w.iter().position(|x| *x == "pv"),
        ) else {
            continue;
        };
        let n: usize = w[k + 1].parse().unwrap();
        let value: f64 = w[s + 2].parse().unwrap();
        let cp = if w[s + 1] == "mate" {
            100_000.0 * value.signum()
        } else {
            value
        };
        if (1..=2).contains(&n) && pv + 1 < w.len() {
            best[n - 1] = Some((w[pv + 1].to_string(), cp));
        }
    }
    best.into_iter().flatten().collect()
}

#[test]
fn fairy_stockfish_finds_the_shipped_puzzles_first_moves() {
    let mut fsf = Fsf::start(&[("MultiPV", "2")]);
    let v = Variant::parse("quickchess").unwrap();
    let near_promotion = |fen: &str| {
        let ranks: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
        ranks[1].contains('P') || ranks[4].contains('p')
    };
    let set: Vec<_> = starter()
        .into_iter()
        .filter(|p| !near_promotion(&p.fen))
        .collect();
    let sample: Vec<_> = set
        .iter()
        .step_by((set.len() / 40).max(1))
        .take(40)
        .collect();
    assert!(sample.len() >= 10, "a sample of {}", sample.len());
    let (mut same_move, mut unique) = (0usize, 0usize);
    for p in &sample {
        let found = two_best(&mut fsf, &p.fen);
        let pos = AnyPosition::from_fen(v, &p.fen).unwrap();
        let mates = |u: &str| {
            let a = pos.play_uci(u).unwrap();
            a.is_check() && a.legal_moves().is_empty()
        };
        let Some((first, cp1)) = found.first().cloned() else {
            continue;
        };
        let mating = p.themes.contains(&Theme::MateIn1);
        if first == p.moves[0] || (mating && mates(&first)) {
            same_move += 1;
        }
        // the second choice is clearly worse (or, for a mate in one, not a mate either way)
        let second = found.get(1).map_or(-100_000.0, |s| s.1);
        if mating || win(cp1) - win(second) >= 20.0 {
            unique += 1;
        }
        println!("{} {} fsf {first} {cp1} second {second}", p.id, p.moves[0]);
    }
    let n = sample.len();
    println!("puzzles: {n}, same first move {same_move}, clearly best {unique}");
    drop(fsf);
    assert!(
        same_move * 100 >= n * 80,
        "Fairy-Stockfish agrees on {same_move} of {n}"
    );
    assert!(
        unique * 100 >= n * 70,
        "clearly best for Fairy-Stockfish on {unique} of {n}"
    );
}
