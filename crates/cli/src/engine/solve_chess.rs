//! `tabula exact solve quickchess`: the value of a lesson-game position under perfect play, its
//! principal line, the proof (checked by replaying it), and optionally a plain exhaustive
//! search as a second opinion; `tabula exact verify quickchess` replays stored proofs.

use crate::cli::output::Answer;
use anyhow::{Context as _, anyhow, bail};
use clap::Args;
use serde_json::json;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;
use tabula_chess::solve::proof::Claim;
use tabula_chess::solve::{BY_TIE_BREAK, Proof, Solver, exhaustive};
use tabula_chess::tablebase::Value;
use tabula_chess::{AnyPosition, Color, Mini, Position, Variant};

/// Arguments of `tabula exact solve quickchess`.
#[derive(Args)]
pub struct SolveQuickchessArgs {
    /// The lesson game: power-pawns, pawn-blasters, kings-conquest, raging-rooks, bishops,
    /// mean-queens, krazy-knights, rescue-the-queen.
    #[arg(long, value_parser = crate::cli::parse::variant)]
    pub variant: Variant,
    /// The position (the game's start without it).
    #[arg(long)]
    pub fen: Option<String>,
    /// The most positions to value before giving up (about a million a second, 40 bytes
    /// each at most).
    #[arg(long, default_value_t = 400_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub budget: u64,
    /// Write the proof(s) to this file (`tabula exact verify quickchess --proof FILE` replays them).
    #[arg(long)]
    pub proof: Option<PathBuf>,
    /// Also value the position by plain exhaustive minimax (pawn-only games), a second,
    /// independent computation.
    #[arg(long)]
    pub exhaustive: bool,
    /// Solve with the work kept in this directory (the games with pieces on the full board:
    /// win, draw or loss, a byte a position, levels of slices on disk; see docs/engine.md).
    #[arg(long)]
    pub work_dir: Option<PathBuf>,
    /// With `--work-dir`: also write the solved opening (every position before the first
    /// capture, values only, deflated) to this file, for the coach.
    #[arg(long, requires = "work_dir")]
    pub book: Option<PathBuf>,
    /// Go on with the solve the work directory holds.
    #[arg(long, requires = "work_dir")]
    pub resume: bool,
    /// Threads for `--work-dir` (all cores by default).
    #[arg(long, requires = "work_dir", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// The most memory in MB the solved levels held at once may take, with `--work-dir`.
    #[arg(long, requires = "work_dir", default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory_cap: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tabula exact verify quickchess`.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["proof", "work_dir"])))]
pub struct VerifyQuickchessArgs {
    /// A proof file written by `tabula exact solve quickchess --proof`.
    #[arg(long)]
    pub proof: Option<PathBuf>,
    /// A finished `tabula exact solve quickchess --work-dir` directory: every position's code is
    /// checked against the move generator.
    #[arg(long)]
    pub work_dir: Option<PathBuf>,
    /// Threads for `--work-dir` (all cores by default).
    #[arg(long, requires = "work_dir", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// The most memory in MB the levels held at once may take, with `--work-dir`.
    #[arg(long, requires = "work_dir", default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory_cap: u64,
    /// Go on with a stopped check of `--work-dir` from the level it was checking (without
    /// it, the check starts over).
    #[arg(long, requires = "work_dir")]
    pub resume: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn position(v: Variant, fen: Option<&str>) -> anyhow::Result<Position<Mini>> {
    match crate::positions::chess::position(v, fen)? {
        AnyPosition::Mini(p) => Ok(p),
        AnyPosition::Standard(_) => bail!("the solver is for the 5x6 lesson games, not {v}"),
    }
}

/// "White wins in 37 plies", "Black wins by the tie-break", "draw".
pub fn describe(value: Value, turn: Color) -> String {
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let (winner, n) = match value {
        Value::Draw => return "draw".to_string(),
        Value::Win(n) => (turn, n),
        Value::Loss(n) => (turn.other(), n),
    };
    if n == BY_TIE_BREAK {
        format!(
            "{} wins by the tie-break (after a repetition or fifty moves)",
            name(winner)
        )
    } else {
        format!("{} wins in {n} plies", name(winner))
    }
}

/// Proofs as one file: each proof's length (8 bytes) and bytes.
fn bundle(proofs: &[Proof]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in proofs {
        let b = p.to_bytes();
        out.extend_from_slice(&(b.len() as u64).to_le_bytes());
        out.extend_from_slice(&b);
    }
    out
}

fn unbundle(bytes: &[u8]) -> anyhow::Result<Vec<Proof>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let len = bytes
            .get(at..at + 8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize)
            .ok_or_else(|| anyhow!("a proof's length is cut short"))?;
        let body = bytes
            .get(at + 8..at + 8 + len)
            .ok_or_else(|| anyhow!("a proof is cut short"))?;
        out.push(Proof::from_bytes(body)?);
        at += 8 + len;
    }
    if out.is_empty() {
        bail!("the file holds no proof");
    }
    Ok(out)
}

fn claim_text(c: Claim) -> String {
    let side = if c.side == Color::White {
        "White"
    } else {
        "Black"
    };
    format!("{side} {}", if c.win { "wins" } else { "draws at least" })
}

/// `tabula exact solve quickchess`.
pub fn solve(a: &SolveQuickchessArgs) -> anyhow::Result<Answer> {
    let pos = position(a.variant, a.fen.as_deref())?;
    if let Some(dir) = &a.work_dir {
        return solve_on_disk(a, &pos, dir);
    }
    let started = Instant::now();
    let mut solver = Solver::new(a.budget);
    let value = solver.value(&pos).map_err(|e| {
        // how far it got says something only when the work was begun
        let s = solver.stats();
        if s.slices == 0 {
            return anyhow!(e);
        }
        anyhow!(
            "{e} after {} slices, {} positions, {:.1} s",
            s.slices,
            s.positions,
            started.elapsed().as_secs_f64()
        )
    })?;
    let solve_ms = started.elapsed().as_millis() as u64;
    let stats = solver.stats();
    let line = solver.line(&pos, 200);
    let san = crate::engine::analyse::san_line(&AnyPosition::Mini(pos), &line);
    let mut text = format!("{}: {}\n", pos.variant(), pos.fen());
    let verdict = describe(value, pos.turn());
    let _ = writeln!(text, "value: {verdict}");
    let _ = writeln!(text, "line: {}", san.join(" "));
    let _ = writeln!(
        text,
        "solved: {} slices, {} positions, {} ms; the longest forced manoeuvre inside one pawn structure is {} plies (under 100: the fifty-move rule never decides first)",
        stats.slices, stats.positions, solve_ms, stats.longest_run
    );
    // the proofs, replayed against the rules
    let proof_rows = prove(
        Claim::proving(value, pos.turn()),
        |claim| Proof::extract(&solver, &pos, claim),
        a.proof.as_deref(),
        &mut text,
    )?;
    let mut exhaustive_row = serde_json::Value::Null;
    if a.exhaustive {
        let t = Instant::now();
        let mut memo = std::collections::HashMap::new();
        let v = exhaustive::value(&pos, &mut memo).ok_or_else(|| {
            anyhow!("--exhaustive is for pawn-only games (with pieces, play can circle)")
        })?;
        let ms = t.elapsed().as_millis() as u64;
        if v != value {
            bail!(
                "exhaustive search disagrees: {} against the solver's {verdict}",
                describe(v, pos.turn())
            );
        }
        let _ = writeln!(
            text,
            "exhaustive search: the same value ({} positions, {ms} ms)",
            memo.len()
        );
        exhaustive_row = json!({"positions": memo.len(), "ms": ms, "agrees": true});
    }
    let (winner, plies) = match value {
        Value::Draw => (None, None),
        Value::Win(n) => (Some(pos.turn()), Some(n)),
        Value::Loss(n) => (Some(pos.turn().other()), Some(n)),
    };
    let json = json!({
        "variant": pos.variant().name(),
        "fen": pos.fen(),
        "value": winner.map_or("draw", |c| c.name()),
        "plies": plies.filter(|&n| n != BY_TIE_BREAK),
        "by_tie_break": plies == Some(BY_TIE_BREAK),
        "line": line.iter().map(|m| pos.uci(m)).collect::<Vec<_>>(),
        "line_san": san,
        "slices": stats.slices,
        "positions": stats.positions,
        "ms": solve_ms,
        "longest_run": stats.longest_run,
        "proofs": proof_rows,
        "exhaustive": exhaustive_row,
    });
    Ok(Answer { text, json })
}

/// `tabula exact verify quickchess`: replays every proof of a file.
pub fn verify(a: &VerifyQuickchessArgs) -> anyhow::Result<Answer> {
    let Some(proof_path) = &a.proof else {
        return verify_work_dir(a);
    };
    let bytes = std::fs::read(proof_path).with_context(|| proof_path.display().to_string())?;
    let proofs = unbundle(&bytes).with_context(|| proof_path.display().to_string())?;
    let mut text = String::new();
    let mut rows = Vec::new();
    for p in &proofs {
        let t = Instant::now();
        let n = p.verify().with_context(|| {
            format!(
                "{}: the proof that {} is refused",
                proof_path.display(),
                claim_text(p.claim)
            )
        })?;
        let ms = t.elapsed().as_millis() as u64;
        let _ = writeln!(
            text,
            "{} from {} ({}): proven, {n} positions replayed in {ms} ms",
            claim_text(p.claim),
            p.root.fen(),
            p.root.variant()
        );
        rows.push(json!({
            "claim": claim_text(p.claim), "fen": p.root.fen(), "variant": p.root.variant().name(),
            "positions": n, "ms": ms,
        }));
    }
    Ok(Answer {
        text,
        json: json!({ "proofs": rows }),
    })
}

/// Each claim's proof from `extract`, replayed against the rules and said in `text`, then
/// all written to `path` if given; returns the proofs' JSON rows.
fn prove(
    claims: Vec<Claim>,
    extract: impl Fn(Claim) -> Option<Proof>,
    path: Option<&std::path::Path>,
    text: &mut String,
) -> anyhow::Result<Vec<serde_json::Value>> {
    let mut proofs = Vec::new();
    let mut rows = Vec::new();
    for claim in claims {
        let t = Instant::now();
        let proof =
            extract(claim).ok_or_else(|| anyhow!("the values do not yield a strategy (a bug)"))?;
        let checked = proof
            .verify()
            .with_context(|| format!("the proof of \"{}\" failed", claim_text(claim)))?;
        let ms = t.elapsed().as_millis() as u64;
        let _ = writeln!(
            text,
            "proof: {}: {} positions, replayed against the move generator in {ms} ms",
            claim_text(claim),
            proof.entries.len()
        );
        rows.push(json!({"claim": claim_text(claim), "positions": proof.entries.len(), "checked": checked, "ms": ms}));
        proofs.push(proof);
    }
    if let Some(path) = path {
        let bytes = bundle(&proofs);
        std::fs::write(path, &bytes).with_context(|| path.display().to_string())?;
        let _ = writeln!(
            text,
            "proof written to {} ({} bytes)",
            path.display(),
            bytes.len()
        );
    }
    Ok(rows)
}

/// The options of a disk solve or check.
fn disk_options(
    dir: &std::path::Path,
    resume: bool,
    threads: Option<u16>,
    memory_cap: u64,
) -> crate::engine::solve_disk::DiskOptions {
    crate::engine::solve_disk::DiskOptions {
        dir: dir.to_path_buf(),
        resume,
        threads: threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ),
        memory_cap: memory_cap << 20,
    }
}

/// Progress lines on standard error, one every ten seconds at most.
fn progress_on_stderr() -> crate::engine::solve_disk::Progress {
    crate::engine::solve_disk::Progress::new(
        std::time::Duration::from_secs(10),
        Box::new(|line| eprintln!("{line}")),
    )
}

/// `tabula exact verify quickchess --work-dir DIR`.
fn verify_work_dir(a: &VerifyQuickchessArgs) -> anyhow::Result<Answer> {
    let dir = a.work_dir.as_deref().context("--proof or --work-dir")?;
    let opts = disk_options(dir, a.resume, a.threads, a.memory_cap);
    let c = crate::engine::solve_disk::check_dir(&opts, &mut progress_on_stderr())?;
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let verdict = match c.value {
        1 => format!("{} wins", name(c.root.turn())),
        -1 => format!("{} wins", name(c.root.turn().other())),
        _ => "draw".to_string(),
    };
    let text = format!(
        "{} from {} ({}): every one of {} positions' codes holds against the move generator ({} threads, {})\n",
        verdict,
        c.root.fen(),
        c.root.variant(),
        c.positions,
        opts.threads,
        crate::engine::solve_disk::duration_text(c.seconds)
    );
    let json = json!({
        "variant": c.root.variant().name(),
        "fen": c.root.fen(),
        "value": verdict,
        "positions": c.positions,
        "seconds": c.seconds,
        "verified": true,
    });
    Ok(Answer { text, json })
}

/// `tabula exact solve quickchess --work-dir DIR`: the disk solver, progress on standard error.
fn solve_on_disk(
    a: &SolveQuickchessArgs,
    pos: &Position<Mini>,
    dir: &std::path::Path,
) -> anyhow::Result<Answer> {
    use crate::engine::solve_disk;
    let opts = disk_options(dir, a.resume, a.threads, a.memory_cap);
    let threads = opts.threads;
    let (o, store) = solve_disk::solve(pos, &opts, &mut progress_on_stderr())?;
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let verdict = match o.value {
        1 => format!("{} wins", name(pos.turn())),
        -1 => format!("{} wins", name(pos.turn().other())),
        _ => "draw".to_string(),
    };
    let mut text = format!("{}: {}\n", pos.variant(), pos.fen());
    let _ = writeln!(text, "value: {verdict}");
    let _ = writeln!(
        text,
        "solved: {} slices in {} levels, {} positions, {} in this run ({threads} threads, peak {} MB); the longest manoeuvre a side needs to leave a pawn structure is {} moves (under 100: the fifty-move rule never decides first)",
        o.slices,
        o.levels,
        o.positions,
        solve_disk::duration_text(o.seconds),
        o.peak_mb,
        o.longest
    );
    if let Some(path) = &a.book {
        let w = solve_disk::book::write(dir, pos, store.levels(), path)?;
        let _ = writeln!(
            text,
            "book written to {}: {} slices, {} positions before the first capture, {} bytes",
            path.display(),
            w.slices,
            w.positions,
            w.bytes
        );
    }
    // the proofs, read from the codes and replayed against the rules
    let claim_value = match o.value {
        1 => Value::Win(0),
        -1 => Value::Loss(0),
        _ => Value::Draw,
    };
    let code = |p: &Position<Mini>| store.code(p);
    // a strategy proof of the whole board would list some 10^9 positions: proofs only on
    // request (`tabula exact verify quickchess --work-dir` checks every position instead)
    let claims = if a.proof.is_some() {
        Claim::proving(claim_value, pos.turn())
    } else {
        Vec::new()
    };
    let proof_rows = prove(
        claims,
        |claim| Proof::from_codes(&code, pos, claim),
        a.proof.as_deref(),
        &mut text,
    )?;
    let json = json!({
        "proofs": proof_rows,
        "variant": pos.variant().name(),
        "fen": pos.fen(),
        "value": match o.value { 1 => pos.turn().name(), -1 => pos.turn().other().name(), _ => "draw" },
        "slices": o.slices,
        "levels": o.levels,
        "positions": o.positions,
        "seconds": o.seconds,
        "peak_mb": o.peak_mb,
        "longest_run": o.longest,
        "threads": threads,
    });
    Ok(Answer { text, json })
}
