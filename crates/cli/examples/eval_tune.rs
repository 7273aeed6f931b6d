//! Fits the QuickChess evaluation's numbers ([`PARAMS`]) to labelled positions.
//!
//! `cargo run --release -p tabula --example eval_tune -- LAMBDA FILE...`
//!
//! Reads `FEN;score;result` lines written by the `eval_data` example (Fairy-Stockfish's score
//! for the side to move and the game's result), keeps the quiet ones
//! ([`tabula_chess::engine::is_quiet`]), and fits the evaluation by coordinate descent (each
//! number in turn up or down by a step while that lowers the error, the steps halving) to
//! the target `LAMBDA * result + (1 - LAMBDA) * expected(score)`, where `expected` turns a
//! score into an expected result with the logistic curve. The scale that best maps our
//! evaluation onto that curve is fitted first and then held, so the numbers keep their
//! centipawn meaning. One position in ten is held out and its error reported, to show the fit
//! is not learning noise. Numbers named in the environment variable `FREEZE` (comma-separated
//! names or name prefixes) are left as they are. Prints the fitted numbers as Rust. A developer's tool: malformed
//! input stops it with a panic message.

use tabula_chess::engine::{PARAMS, Params, Weights, evaluate_with, is_quiet};
use tabula_chess::{Mini, Position, Variant};

struct Sample {
    pos: Position<Mini>,
    target: f64,
}

/// Expected result of a score in centipawns (Fairy-Stockfish's scale: 400 is about 90%).
fn expected(cp: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-cp * scale / 173.7).exp())
}

fn error(samples: &[Sample], p: &Params, scale: f64) -> f64 {
    let w = Weights::default();
    let part = |chunk: &[Sample]| -> f64 {
        chunk
            .iter()
            .map(|s| {
                let e = expected(f64::from(evaluate_with(&s.pos, &w, p)), scale);
                (e - s.target).powi(2)
            })
            .sum()
    };
    // both cores: the two halves of the samples at once
    let (left, right) = samples.split_at(samples.len() / 2);
    let total: f64 = std::thread::scope(|scope| {
        let other = scope.spawn(|| part(right));
        part(left) + other.join().expect("worker")
    });
    // a light pull of the piece-square values towards zero: squares a piece seldom stands
    // on would otherwise take whatever value fits their few samples
    let ridge: f64 = p.pst.iter().flatten().map(|&v| f64::from(v).powi(2)).sum();
    total / samples.len() as f64 + ridge * 1e-8
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lambda: f64 = args[0].parse().expect("LAMBDA");
    let variant = Variant::parse("quickchess-fsf").expect("variant");
    let mut train = Vec::new();
    let mut test = Vec::new();
    let mut read = 0;
    for file in &args[1..] {
        let text = std::fs::read_to_string(file).expect("read");
        for line in text.lines() {
            let parts: Vec<&str> = line.split(';').collect();
            let pos = Position::<Mini>::from_fen(variant, parts[0]).expect("fen");
            let cp: f64 = parts[1].parse().expect("score");
            let result: f64 = parts[2].parse().expect("result");
            read += 1;
            if cp.abs() > 1500.0 || !is_quiet(&pos) {
                continue;
            }
            let target = lambda * result + (1.0 - lambda) * expected(cp, 1.0);
            let sample = Sample { pos, target };
            if read % 10 == 0 {
                test.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    println!(
        "{read} positions read, {} quiet for training, {} held out",
        train.len(),
        test.len()
    );
    // the scale of our evaluation against the curve, with the current numbers
    let mut scale = 1.0;
    let mut step = 0.2;
    while step > 0.001 {
        let now = error(&train, &PARAMS, scale);
        if error(&train, &PARAMS, scale + step) < now {
            scale += step;
        } else if error(&train, &PARAMS, scale - step) < now {
            scale -= step;
        } else {
            step /= 2.0;
        }
    }
    println!(
        "scale {scale:.3}: error {:.6} (held out {:.6})",
        error(&train, &PARAMS, scale),
        error(&test, &PARAMS, scale)
    );
    // numbers named (or prefixed) in FREEZE, comma-separated, keep their values
    let frozen: Vec<String> = std::env::var("FREEZE")
        .map(|v| v.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    let mut p = PARAMS;
    let mut best = error(&train, &p, scale);
    let names: Vec<String> = p.clone().all_mut().into_iter().map(|x| x.0).collect();
    for step_div in [4, 8, 16, 32] {
        loop {
            let mut improved = false;
            for (i, name) in names.iter().enumerate() {
                if frozen.iter().any(|f| name.starts_with(f.as_str())) {
                    continue;
                }
                let current = *p.all_mut()[i].1;
                let step = (current.abs().max(16) / step_div).max(1);
                for delta in [step, -step] {
                    let mut q = p;
                    *q.all_mut()[i].1 = current + delta;
                    let e = error(&train, &q, scale);
                    if e < best {
                        best = e;
                        p = q;
                        improved = true;
                        break;
                    }
                }
            }
            println!(
                "step 1/{step_div}: error {best:.6} (held out {:.6})",
                error(&test, &p, scale)
            );
            if !improved {
                break;
            }
        }
    }
    let mut shown = p;
    for (name, value) in shown.all_mut() {
        println!("{name}: {value}");
    }
    println!("{p:?}");
}
