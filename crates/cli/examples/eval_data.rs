//! Positions for tuning the QuickChess evaluation, labelled by Fairy-Stockfish.
//!
//! `cargo run --release -p tabula --example eval_data -- GAMES SEED NODES FSF_DEPTH OUT`
//!
//! Plays `GAMES` games of `quickchess-fsf` from our balanced openings, our engine against
//! itself at `NODES` positions a move with one move in eight chosen at random (so the games
//! spread over positions a search meets, not one narrow line), samples quiet-looking
//! positions (not in check), and asks Fairy-Stockfish for its score of each at `FSF_DEPTH`
//! plies. Each line of `OUT` is `FEN;score;result`: the score in centipawns for the side to
//! move (mates are skipped), the game's result for the side to move (1, 0.5 or 0).
//!
//! Fairy-Stockfish is `/usr/games/fairy-stockfish` with the QuickChess definition from
//! `crates/chess/tests/data/variants.ini` (`VARIANTS` overrides the path). This is a
//! developer's tool: malformed arguments stop it with a panic message.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use tabula::engine::matchplay::balanced_openings;
use tabula_chess::engine::{Engine, Limits, Unlimited};
use tabula_chess::{AnyPosition, Color, Variant};
use tabula_core::rng::{Rng, mix, seeded};

struct Fsf {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Fsf {
    fn start(variants: &str) -> Fsf {
        let mut child = Command::new("/usr/games/fairy-stockfish")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start fairy-stockfish");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut fsf = Fsf {
            child,
            input,
            output,
        };
        fsf.send(&format!("setoption name VariantPath value {variants}"));
        fsf.send("setoption name UCI_Variant value quickchess");
        fsf
    }

    fn quit(mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write to fairy-stockfish");
    }

    /// The score for the side to move at `depth`, `None` for a mate.
    fn score(&mut self, fen: &str, depth: u32) -> Option<i32> {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go depth {depth}"));
        let mut last = None;
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).expect("read") == 0 {
                panic!("fairy-stockfish ended");
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first() == Some(&"bestmove") {
                return last;
            }
            if let Some(i) = words.iter().position(|w| *w == "score") {
                last = match words.get(i + 1) {
                    Some(&"cp") => words.get(i + 2).and_then(|v| v.parse().ok()),
                    _ => None,
                };
            }
        }
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = a[0].parse().expect("GAMES");
    let seed: u64 = a[1].parse().expect("SEED");
    let nodes: u64 = a[2].parse().expect("NODES");
    let depth: u32 = a[3].parse().expect("FSF_DEPTH");
    let mut out = std::fs::File::create(&a[4]).expect("OUT");
    let variants = std::env::var("VARIANTS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../chess/tests/data/variants.ini"
        )
        .into()
    });
    let variant = Variant::parse("quickchess-fsf").expect("variant");
    let openings = balanced_openings(variant, 500);
    let mut fsf = Fsf::start(&variants);
    let mut engine = Engine::new(16);
    for g in 0..games {
        let mut rng = seeded(mix(&[seed, g]));
        let opening = &openings[rng.random_range(0..openings.len())];
        let mut pos = AnyPosition::start(variant);
        for m in &opening.moves {
            pos = pos.play_uci(m).expect("opening");
        }
        engine.new_game();
        let mut history = Vec::new();
        let mut sampled: Vec<(String, Color)> = Vec::new();
        let mut winner = None;
        for _ply in 0..160 {
            if let Some(o) = pos.outcome() {
                winner = Some(o.winner());
                break;
            }
            let moves = pos.legal_moves();
            let m = if rng.random_range(0..8) == 0 {
                moves[rng.random_range(0..moves.len())]
            } else {
                let limits = Limits {
                    depth: None,
                    nodes: Some(nodes),
                };
                let r = engine.search_any(&pos, &history, limits, &mut Unlimited);
                r.best.expect("a move")
            };
            if !pos.is_check() && rng.random_range(0..3) == 0 {
                sampled.push((pos.fen(), pos.turn()));
            }
            history.push(pos.hash());
            pos = pos.play_unchecked(m);
        }
        for (fen, turn) in sampled {
            let Some(score) = fsf.score(&fen, depth) else {
                continue;
            };
            let result = match winner {
                Some(Some(c)) if c == turn => "1",
                Some(Some(_)) => "0",
                _ => "0.5",
            };
            writeln!(out, "{fen};{score};{result}").expect("write");
        }
        eprint!("\rgame {}/{games}", g + 1);
    }
    fsf.quit();
    eprintln!();
}
