//! The review's marks against Fairy-Stockfish's (issue #29): a sample of QuickChess games of
//! a weakened engine is reviewed by `tabula engine review`, every position of them is evaluated by
//! Debian's fairy-stockfish with its own QuickChess, and the marks each evaluation gives (the
//! same Win% scale and thresholds) are compared. BENCHMARKS.md records the agreement.

use serde_json::Value;
use std::process::Command;
use tabula_chess::engine::{Engine, Limits, Unlimited};
use tabula_chess::{AnyPosition, Variant};

use crate::common;

use common::fsf::Fsf;

/// A game of the engine at a low skill against itself: its moves in UCI.
fn weak_game(seed: u64, plies: usize) -> Vec<String> {
    let v = Variant::parse("quickchess-fsf").unwrap();
    let mut p = AnyPosition::start(v);
    let mut engine = Engine::new(1);
    engine.skill = 4;
    engine.seed = seed;
    let mut history = Vec::new();
    let mut moves = Vec::new();
    while moves.len() < plies && p.outcome().is_none() {
        let limits = Limits {
            depth: None,
            nodes: Some(2_000),
        };
        let Some(m) = engine.search_any(&p, &history, limits, &mut Unlimited).best else {
            break;
        };
        history.push(p.hash());
        moves.push(p.uci(&m));
        p = p.play_unchecked(m);
    }
    moves
}

/// Fairy-Stockfish's score of a position.
trait Score {
    fn score(&mut self, moves: &[String]) -> f64;
}

impl Score for Fsf {
    /// The score of the position after `moves`, for the side to move, as centipawns on the
    /// Win% scale (a mate counts as 100,000).
    fn score(&mut self, moves: &[String]) -> f64 {
        self.say(&format!(
            "position startpos moves {}\ngo nodes 100000",
            moves.join(" ")
        ));
        let lines = self.until("bestmove");
        let mut score = 0.0;
        for l in &lines {
            let w: Vec<&str> = l.split_whitespace().collect();
            if let Some(i) = w.iter().position(|x| *x == "score") {
                score = match (w[i + 1], w[i + 2].parse::<f64>()) {
                    ("cp", Ok(c)) => c,
                    ("mate", Ok(m)) => 100_000.0 * m.signum(),
                    _ => score,
                };
            }
        }
        score
    }
}

fn win(cp: f64) -> f64 {
    50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
}

fn mark(drop: f64) -> u8 {
    match drop {
        d if d >= 30.0 => 3,
        d if d >= 20.0 => 2,
        d if d >= 10.0 => 1,
        _ => 0,
    }
}

#[test]
fn the_review_s_marks_agree_with_fairy_stockfish_s() {
    let mut fsf = Fsf::start(&[]);
    let (mut same, mut same_marked, mut total) = (0usize, 0usize, 0usize);
    let mut blunders_both = (0usize, 0usize);
    for seed in 1..=4u64 {
        let moves = weak_game(seed, 24);
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args([
                "engine",
                "review",
                "--variant",
                "quickchess-fsf",
                "--moves",
                &moves.join(" "),
                "--nodes",
                "30000",
                "--json",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        let review: Value = serde_json::from_slice(&out.stdout).unwrap();
        let ours: Vec<u8> = review["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| match m["class"].as_str() {
                Some("blunder") => 3,
                Some("mistake") => 2,
                Some("inaccuracy") => 1,
                _ => 0,
            })
            .collect();
        assert_eq!(ours.len(), moves.len());
        // Fairy-Stockfish's value of every position, for the side to move there
        let values: Vec<f64> = (0..=moves.len()).map(|i| fsf.score(&moves[..i])).collect();
        for (i, ours) in ours.iter().enumerate() {
            let theirs = mark(win(values[i]) - win(-values[i + 1]));
            total += 1;
            same += usize::from(theirs == *ours);
            same_marked += usize::from((theirs > 0) == (*ours > 0));
            if *ours == 3 {
                blunders_both.0 += 1;
                blunders_both.1 += usize::from(theirs >= 2);
            }
        }
    }
    let exact = same as f64 / total as f64;
    let marked = same_marked as f64 / total as f64;
    println!(
        "{total} moves: the same mark {:.0}%, marked or not alike {:.0}%, our blunders Fairy-Stockfish marks a mistake or worse {}/{}",
        100.0 * exact,
        100.0 * marked,
        blunders_both.1,
        blunders_both.0
    );
    assert!(
        marked >= 0.75,
        "marked or not alike on only {:.0}% of moves",
        100.0 * marked
    );
    assert!(
        exact >= 0.6,
        "the same mark on only {:.0}% of moves",
        100.0 * exact
    );
}
