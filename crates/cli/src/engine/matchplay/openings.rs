//! Openings of a match: read from a file (each line checked against the rules), or chosen by
//! our own engine among the short lines that leave the game level.

use anyhow::{Context as _, bail};
use tabula_chess::engine::{Engine, Limits, Score, Unlimited};
use tabula_chess::{AnyPosition, Variant};

/// One opening: a start position (`None`: the variant's) and moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// A FEN, or the variant's start.
    pub fen: Option<String>,
    /// UCI moves played from it.
    pub moves: Vec<String>,
}

/// Reads an openings file: one opening per line, either a FEN (optionally followed by
/// `moves ...`) or UCI moves from the start; blank lines and `#` comments are skipped. Every
/// line is checked against the rules, and an error names the line.
pub fn read_openings(variant: Variant, text: &str) -> anyhow::Result<Vec<Opening>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, moves) = if line.contains('/') {
            match line.split_once(" moves ") {
                Some((f, m)) => (Some(f.trim().to_string()), m),
                None => (Some(line.to_string()), ""),
            }
        } else {
            (None, line.strip_prefix("moves ").unwrap_or(line))
        };
        let opening = Opening {
            fen,
            moves: moves.split_whitespace().map(str::to_string).collect(),
        };
        replay_opening(variant, &opening).with_context(|| format!("openings line {}", i + 1))?;
        out.push(opening);
    }
    if out.is_empty() {
        bail!("the openings file has no openings");
    }
    Ok(out)
}

/// The position an opening leads to; an error names the first move that is not legal.
pub fn replay_opening(variant: Variant, o: &Opening) -> anyhow::Result<AnyPosition> {
    let mut p = match &o.fen {
        Some(f) => AnyPosition::from_fen(variant, f)?,
        None => AnyPosition::start(variant),
    };
    for m in &o.moves {
        p = p
            .play_uci(m)
            .map_err(|e| anyhow::anyhow!("move `{m}`: {}", e.message))?;
    }
    if p.outcome().is_some() {
        bail!("the game is already over");
    }
    Ok(p)
}

/// Our own balanced openings: every sequence of `plies` moves from the start, each judged by
/// a fixed-depth search, keeping those within 60 centipawns of level, spread evenly over the
/// list, at most `count`.
pub fn balanced_openings(variant: Variant, count: usize) -> Vec<Opening> {
    let start = AnyPosition::start(variant);
    let plies = if variant.is_8x8() { 2 } else { 4 };
    let mut lines: Vec<(Vec<String>, AnyPosition)> = vec![(Vec::new(), start)];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (moves, p) in &lines {
            if p.outcome().is_some() {
                continue;
            }
            for m in p.legal_moves() {
                // a piece going straight back wastes the opening
                let back = moves.len() >= 2
                    && moves[moves.len() - 2] == {
                        let u = p.uci(&m);
                        format!("{}{}", &u[2..4], &u[0..2])
                    };
                if back {
                    continue;
                }
                let mut ms = moves.clone();
                ms.push(p.uci(&m));
                next.push((ms, p.play_unchecked(m)));
            }
        }
        lines = next;
    }
    let mut engine = Engine::new(8);
    // the openings are judged by the hand-written evaluation, as they always were, so that
    // every match in BENCHMARKS.md plays the same openings whichever evaluation is the default
    engine.use_net = false;
    let mut level: Vec<Opening> = Vec::new();
    for (moves, p) in lines {
        if p.outcome().is_some() {
            continue;
        }
        engine.new_game();
        let r = engine.search_any(
            &p,
            &[],
            Limits {
                depth: Some(6),
                nodes: Some(200_000),
            },
            &mut Unlimited,
        );
        if matches!(r.report.score, Score::Cp(c) if c.abs() <= 60) {
            level.push(Opening { fen: None, moves });
        }
    }
    if level.len() <= count {
        return level;
    }
    (0..count)
        .map(|i| level[i * level.len() / count].clone())
        .collect()
}
