//! Querni's exact values from the terminal: `tabula rules querni prove` (what a position is
//! worth with best play, and the turns that keep a win) and `tabula rules querni coverage`
//! (how early in games between computer players the proof search knows, within a time).

use crate::cli::output::Answer;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tabula_querni::proof::{Proof, Verdict, keeping_turns, prove_until};
use tabula_querni::sim::play_game;
use tabula_querni::{Player, Position, Searcher};

/// The verdict in words: "blue wins in 3 turns with best play".
pub fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Wins { side, turns } => format!(
            "{side} wins in {turns} turn{} with best play",
            if turns == 1 { "" } else { "s" }
        ),
        Verdict::Unproved {
            within,
            complete: true,
        } => format!("neither side forces a win within {within} turns"),
        Verdict::Unproved { within, .. } => {
            format!("not proved: no forced win within {within} turns found before the limit")
        }
    }
}

/// `tabula rules querni prove`.
pub fn prove(text: &str, turns: u8, ms: u64) -> anyhow::Result<Answer> {
    let pos = Position::parse(text)?;
    if pos.status().is_over() {
        anyhow::bail!("the game is over ({})", pos.status());
    }
    let started = Instant::now();
    let limit = Duration::from_millis(ms);
    let proof = prove_until(&pos, turns, u64::MAX, &mut || started.elapsed() >= limit);
    let keep: Vec<String> = match (proof.verdict, proof.turn) {
        (Verdict::Wins { side, turns }, Some(_)) if side == pos.turn() => {
            keeping_turns(&pos, turns, u64::MAX)
                .into_iter()
                .map(|t| pos.describe(t).to_string())
                .collect()
        }
        _ => Vec::new(),
    };
    let elapsed = started.elapsed().as_millis() as u64;
    let mut text = format!("{}\n", verdict_text(proof.verdict));
    if !keep.is_empty() {
        text.push_str(&format!("turns that keep it: {}\n", keep.join(", ")));
    }
    text.push_str(&format!("({} positions, {elapsed} ms)\n", proof.nodes));
    let json = match proof.verdict {
        Verdict::Wins { side, turns } => json!({
            "winner": side.name(), "turns": turns, "keeping": keep,
            "nodes": proof.nodes, "ms": elapsed,
        }),
        Verdict::Unproved { within, complete } => json!({
            "winner": null, "within": within, "complete": complete,
            "nodes": proof.nodes, "ms": elapsed,
        }),
    };
    Ok(Answer { text, json })
}

/// What `coverage` counts for a group of positions.
#[derive(Default)]
struct Tally {
    positions: u32,
    proved: u32,
    /// The milliseconds of the proofs found.
    ms: Vec<u64>,
}

impl Tally {
    fn add(&mut self, proof: &Proof, ms: u64) {
        self.positions += 1;
        if matches!(proof.verdict, Verdict::Wins { .. }) {
            self.proved += 1;
            self.ms.push(ms);
        }
    }

    fn row(&self, label: &str) -> (String, serde_json::Value) {
        let mut ms = self.ms.clone();
        ms.sort_unstable();
        let median = ms.get(ms.len() / 2).copied();
        let share = f64::from(self.proved) / f64::from(self.positions.max(1));
        (
            format!(
                "| {label} | {} | {} | {:.1}% | {} |\n",
                self.positions,
                self.proved,
                100.0 * share,
                median.map_or("-".into(), |m| format!("{m} ms"))
            ),
            json!({"group": label, "positions": self.positions, "proved": self.proved,
                   "median_ms": median}),
        )
    }
}

/// `tabula rules querni coverage`: games between `players`, every position proved for up to
/// `turns` turns within `ms`; the share proved by turn number and by turns before the end.
pub fn coverage(
    players: [Player; 2],
    games: u32,
    seed: u64,
    turns: u8,
    ms: u64,
) -> anyhow::Result<Answer> {
    let mut by_turn: BTreeMap<usize, Tally> = BTreeMap::new();
    let mut by_end: BTreeMap<usize, Tally> = BTreeMap::new();
    let limit = Duration::from_millis(ms);
    let mut searcher = Searcher::default();
    for game in 0..games {
        let record = play_game(
            players[0],
            players[1],
            seed + u64::from(game),
            &mut searcher,
        );
        let mut pos = Position::start(record.start_seed);
        let total = record.turns.len();
        for (i, turn) in record.turns.iter().enumerate() {
            let started = Instant::now();
            let proof = prove_until(&pos, turns, u64::MAX, &mut || started.elapsed() >= limit);
            let took = started.elapsed().as_millis() as u64;
            by_turn.entry(i / 10).or_default().add(&proof, took);
            by_end
                .entry((total - i).min(21))
                .or_default()
                .add(&proof, took);
            pos = pos.play_unchecked(*turn);
        }
    }
    let mut text = format!(
        "{games} games, {} against {}, every position proved for up to {turns} turns within \
         {ms} ms\n\n| turns played | positions | proved | share | median time of a proof |\n\
         |---|---|---|---|---|\n",
        players[0], players[1]
    );
    let mut rows = Vec::new();
    for (bucket, tally) in &by_turn {
        let (line, json) = tally.row(&format!("{}-{}", bucket * 10 + 1, bucket * 10 + 10));
        text.push_str(&line);
        rows.push(json);
    }
    text.push_str(
        "\n| turns before the end | positions | proved | share | median time of a proof |\n\
         |---|---|---|---|---|\n",
    );
    let mut ends = Vec::new();
    for (left, tally) in &by_end {
        let label = if *left > 20 {
            "more than 20".to_string()
        } else {
            left.to_string()
        };
        let (line, json) = tally.row(&label);
        text.push_str(&line);
        ends.push(json);
    }
    Ok(Answer {
        text,
        json: json!({"games": games, "turns": turns, "ms": ms, "by_turn": rows, "by_end": ends}),
    })
}
