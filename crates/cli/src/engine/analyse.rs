//! `tabula engine analyse` (best line and evaluation of a position) and `tabula engine bench` (a fixed
//! search whose node count identifies the engine's behaviour).

use crate::cli::output::Answer;
use crate::engine::uci::{Clock, info_line};
use anyhow::Context as _;
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tabula_chess::engine::{BENCH_DEPTH, BENCH_POSITIONS, Engine, Limits, Score, Unlimited, nnue};
use tabula_chess::{AnyPosition, Move, Variant};

/// The moves of `pv` from `pos` in SAN, numbered as in a game score.
pub fn san_line(pos: &AnyPosition, pv: &[Move]) -> Vec<String> {
    let mut p = *pos;
    let mut out = Vec::new();
    for m in pv {
        out.push(p.san(m));
        p = p.play_unchecked(*m);
    }
    out
}

fn score_text(score: Score, pos: &AnyPosition) -> String {
    match score {
        Score::Cp(c) => {
            // shown from White's side, as analysis boards do
            let white = if pos.turn() == tabula_chess::Color::White {
                c
            } else {
                -c
            };
            format!("{:+.2}", f64::from(white) / 100.0)
        }
        Score::Mate(m) => {
            let winner = if (m > 0) == (pos.turn() == tabula_chess::Color::White) {
                "White"
            } else {
                "Black"
            };
            format!("{winner} mates in {}", m.abs())
        }
    }
}

/// `tabula engine analyse`: searches to `depth` or for `movetime` ms (default: depth 12), probing
/// the endgame tables in `tables` (and, for a position of up to four pieces, the tables it
/// needs, built in memory): what they cover is exact.
pub fn analyse(
    v: Variant,
    fen: Option<&str>,
    depth: Option<u32>,
    movetime: Option<u64>,
    tables: &std::path::Path,
) -> anyhow::Result<Answer> {
    let pos = crate::positions::chess::position(v, fen)?;
    let limits = Limits {
        depth: depth.or(if movetime.is_none() { Some(12) } else { None }),
        nodes: None,
    };
    let lines = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let sink = Arc::clone(&lines);
    let width = pos.width();
    let limit = movetime.map(Duration::from_millis);
    let mut clock = Clock::new(
        limit,
        limit,
        Arc::new(AtomicBool::new(false)),
        Box::new(move |r, t| {
            if let Ok(mut l) = sink.lock() {
                l.push(info_line(r, t, width));
            }
        }),
    );
    let sets = crate::engine::tablebase::load_for(&pos, tables)?;
    // a position the tables cover: its exact value and a line of perfect play to the mate
    let solved = match &pos {
        AnyPosition::Mini(p) => crate::engine::tablebase::rules_for(p).and_then(|r| {
            let set = sets.get(r);
            set.probe(p).map(|probe| (probe, p.turn(), set.line(p, 40)))
        }),
        AnyPosition::Standard(_) => None,
    };
    let started = Instant::now();
    let mut engine = Engine::new(64);
    engine.set_tablebases(vec![sets.rescue.clone(), sets.queen.clone()]);
    let result = engine.search_any(&pos, &[], limits, &mut clock);
    let elapsed = started.elapsed();
    let mut text = format!("{v}: {}\n", pos.fen());
    for l in lines.lock().map(|l| l.clone()).unwrap_or_default() {
        let _ = writeln!(text, "{l}");
    }
    let Some(best) = result.best else {
        let status = pos
            .outcome()
            .map_or("no legal moves".to_string(), |o| o.to_string());
        let _ = writeln!(text, "the game is over: {status}");
        return Ok(Answer {
            text,
            json: json!({"variant": v.name(), "fen": pos.fen(), "best": null, "status": status}),
        });
    };
    let r = &result.report;
    let pv = match &solved {
        Some((_, _, line)) if !line.is_empty() => line.clone(),
        _ => r.pv.clone(),
    };
    let san = san_line(&pos, &pv);
    let _ = writeln!(
        text,
        "best move: {} ({})\nevaluation: {} (depth {}, {} positions, {} ms)\nline: {}",
        pos.uci(&best),
        pos.san(&best),
        score_text(r.score, &pos),
        r.depth,
        r.nodes,
        elapsed.as_millis(),
        san.join(" ")
    );
    if let Some((probe, turn, _)) = &solved {
        let _ = writeln!(
            text,
            "tablebase: {} (exact)",
            crate::engine::tablebase::verdict(probe.value, *turn)
        );
    }
    let score = match r.score {
        Score::Cp(c) => json!({"cp": c}),
        Score::Mate(m) => json!({"mate": m}),
    };
    let json = json!({
        "variant": v.name(),
        "fen": pos.fen(),
        "best": pos.uci(&best),
        "best_san": pos.san(&best),
        "score": score,
        "depth": r.depth,
        "nodes": r.nodes,
        "ms": elapsed.as_millis() as u64,
        "pv": pv.iter().map(|m| m.uci(width)).collect::<Vec<_>>(),
        "pv_san": san,
        "tablebase": solved.map(|(p, _, _)| json!({
            "wdl": p.value.wdl().name(), "dtm": p.value.dtm(), "best": p.best.map(|m| pos.uci(&m)),
        })),
    });
    Ok(Answer { text, json })
}

/// `tabula engine bench`: every bench position searched to a fixed depth from a fresh engine, with
/// the network evaluation on or off (`None`: the engine's default).
pub fn bench(depth: Option<u32>, net: Option<bool>) -> anyhow::Result<Answer> {
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let mut text = String::new();
    let mut total = 0u64;
    // the positions the network evaluates, counted apart so its speed shows
    let (mut net_nodes, mut net_us) = (0u64, 0u128);
    let started = Instant::now();
    let mut rows = Vec::new();
    for (i, (name, fen)) in BENCH_POSITIONS.iter().enumerate() {
        let v = Variant::parse(name)?;
        let pos =
            AnyPosition::from_fen(v, fen).with_context(|| format!("bench position {}", i + 1))?;
        let mut engine = Engine::new(16);
        if let Some(net) = net {
            engine.use_net = net;
        }
        let limits = Limits {
            depth: Some(depth),
            nodes: None,
        };
        let one = Instant::now();
        let result = engine.search_any(&pos, &[], limits, &mut Unlimited);
        let us = one.elapsed().as_micros();
        if nnue::covers(v) {
            net_nodes += result.report.nodes;
            net_us += us;
        }
        let best = result.best.map_or("(none)".to_string(), |m| pos.uci(&m));
        let _ = writeln!(
            text,
            "position {:>2} {:<15} {:>10} nodes {:>6} ms  best {best}",
            i + 1,
            name,
            result.report.nodes,
            us / 1000
        );
        total += result.report.nodes;
        rows.push(json!({"variant": name, "fen": fen, "nodes": result.report.nodes, "best": best}));
    }
    let ms = started.elapsed().as_millis().max(1) as u64;
    let nps = total * 1000 / ms;
    let quickchess_nps = (u128::from(net_nodes) * 1_000_000 / net_us.max(1)) as u64;
    let _ = writeln!(
        text,
        "\ndepth {depth}\nTotal time (ms) : {ms}\nNodes searched  : {total}\nNodes/second    : {nps}\nQuickChess n/s  : {quickchess_nps} (the positions the network covers)"
    );
    Ok(Answer {
        text,
        json: json!({"depth": depth, "nodes": total, "ms": ms, "nps": nps,
            "quickchess_nps": quickchess_nps, "positions": rows}),
    })
}
