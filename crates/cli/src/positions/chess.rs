//! The chess commands: `perft`, `moves` and `variants`.

use crate::cli::output::Answer;
use serde_json::json;
use std::fmt::Write as _;
use std::time::Instant;
use tabula_chess::{AnyPosition, Family, Variant, variant::CATALOGUE};

/// The position of `fen` in `variant`, or the variant's start. Blind QuickChess has no start
/// position (each side places its pieces unseen), so it needs a FEN.
pub fn position(variant: Variant, fen: Option<&str>) -> anyhow::Result<AnyPosition> {
    Ok(match fen {
        Some(f) => AnyPosition::from_fen(variant, f)?,
        None if variant.family == Family::Blind => anyhow::bail!(
            "{variant} has no start position: each player places their pieces unseen, so give the position after the placements with --fen"
        ),
        None => AnyPosition::start(variant),
    })
}

/// `tabula rules perft`: prints like Stockfish's `go perft` (per-move counts with `--divide`, then
/// `Nodes searched: N`); the time taken goes to standard error.
pub fn perft(
    variant: Variant,
    fen: Option<&str>,
    depth: u32,
    divide: bool,
) -> anyhow::Result<Answer> {
    let p = position(variant, fen)?;
    let started = Instant::now();
    let mut text = String::new();
    let (nodes, split) = if divide {
        let split = p.divide(depth);
        for (m, n) in &split {
            let _ = writeln!(text, "{m}: {n}");
        }
        text.push('\n');
        (split.iter().map(|(_, n)| n).sum(), split)
    } else {
        (p.perft(depth), Vec::new())
    };
    let elapsed = started.elapsed();
    let _ = writeln!(text, "Nodes searched: {nodes}");
    eprintln!(
        "perft {depth}: {nodes} nodes in {:.3} s ({:.1} M nodes/s)",
        elapsed.as_secs_f64(),
        nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
    );
    let json = json!({
        "nodes": nodes,
        "depth": depth,
        "divide": split.iter().map(|(m, n)| json!({"move": m, "nodes": n})).collect::<Vec<_>>(),
        "ms": elapsed.as_millis() as u64,
    });
    Ok(Answer { text, json })
}

/// `tabula rules moves`: the legal moves and the position's status.
pub fn moves(v: Variant, fen: &str) -> anyhow::Result<Answer> {
    let p = position(v, Some(fen))?;
    let moves = p.legal_moves();
    let listed: Vec<(String, String)> = moves.iter().map(|m| (p.uci(m), p.san(m))).collect();
    let outcome = p.outcome();
    let status = match outcome {
        Some(o) => o.to_string(),
        None if p.is_check() => format!("{} to move, in check", p.turn().name()),
        None => format!("{} to move", p.turn().name()),
    };
    let mut text = format!("{v}: {}\nstatus: {status}\n", p.fen());
    if listed.is_empty() {
        text.push_str("no legal moves\n");
    } else {
        let plural = if listed.len() == 1 { "" } else { "s" };
        let _ = writeln!(text, "{} legal move{plural}:", listed.len());
        for chunk in listed.chunks(8) {
            let line: Vec<String> = chunk.iter().map(|(u, s)| format!("{u} ({s})")).collect();
            let _ = writeln!(text, "  {}", line.join("  "));
        }
    }
    let json = json!({
        "variant": v.name(),
        "fen": p.fen(),
        "turn": p.turn().name(),
        "check": p.is_check(),
        "moves": listed.iter().map(|(u, s)| json!({"uci": u, "san": s})).collect::<Vec<_>>(),
        "status": status,
        "result": outcome.map(|o| o.result()),
    });
    Ok(Answer { text, json })
}

/// `tabula rules variants`: every name with a line of description.
pub fn variants() -> Answer {
    let width = CATALOGUE.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (name, what) in CATALOGUE {
        let _ = writeln!(text, "{name:<width$}  {what}");
    }
    let json = json!(
        CATALOGUE
            .iter()
            .map(|(n, d)| json!({"name": n, "description": d}))
            .collect::<Vec<_>>()
    );
    Answer { text, json }
}
