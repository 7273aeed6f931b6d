//! `tabula engine puzzles mine --variant querni`: Querni puzzles from the computer's games.
//!
//! Each game is seeded (its start and both players' levels, 1 to 4, come from the seed and
//! the game's number) and played to its end or 200 turns; every position after a turn is
//! judged by [`tabula_querni::puzzle::Puzzle::at`]. Checkpointing is the QuickChess miner's.

use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::time::Instant;
use tabula_core::rng::{Rng, mix, seeded};
use tabula_querni::puzzle::Puzzle;
use tabula_querni::{Player, Position, Searcher};

/// The longest game mined, in turns.
const MAX_TURNS: usize = 200;

/// A seeded game of the computer against itself at levels 1 to 4.
pub fn computer_game(seed: u64) -> (Position, Vec<tabula_querni::Turn>) {
    let mut rng = seeded(seed);
    let start = Position::start(rng.random());
    let players = [
        Player::Ai(rng.random_range(1..=4)),
        Player::Ai(rng.random_range(1..=4)),
    ];
    let mut searcher = Searcher::new(16);
    let mut pos = start;
    let mut turns = Vec::new();
    while !pos.status().is_over() && turns.len() < MAX_TURNS {
        let side = pos.turn() as usize;
        let t = players[side].choose(&pos, mix(&[seed, turns.len() as u64]), &mut searcher);
        turns.push(t);
        pos = pos.play_unchecked(t);
    }
    (start, turns)
}

/// Mines `games` computer games of `seed` (those in `skip` already done) into `out`.
pub fn run(
    games: u64,
    seed: u64,
    mut out: File,
    mut done: File,
    mut seen: HashSet<String>,
    skip: HashSet<u64>,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut count = 0u64;
    for g in (0..games).filter(|g| !skip.contains(g)) {
        let (start, turns) = computer_game(mix(&[seed, g]));
        let mut new = 0;
        for p in Puzzle::mine(&start, &turns) {
            if seen.insert(p.id.clone()) {
                writeln!(out, "{}", p.line())?;
                new += 1;
            }
        }
        out.flush()?;
        writeln!(done, "{g}")?;
        done.flush()?;
        count += new;
        let rate = (g + 1) as f64 / started.elapsed().as_secs_f64().max(1e-3);
        eprintln!(
            "game {g}: {new} new puzzles, {count} in all; {:.1} games/min",
            rate * 60.0
        );
    }
    Ok(())
}
