//! `tabula-fuzz`: runs the fuzz targets on the stable toolchain.
//!
//! ```text
//! tabula-fuzz all --inputs 10000000 --seed 1
//! tabula-fuzz fen --seconds 60
//! ```
//! Each target runs its seeds, then mutants of them; an input that panics or breaks an
//! invariant is written to `fuzz-findings/<target>-<n>.bin` and the exit status is 1.

use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;

/// Fuzzes Tabula's parsers.
#[derive(Parser)]
#[command(name = "tabula-fuzz")]
struct Args {
    /// A target (fen, querni-position, querni-turn, checkmates-board, checkmates-task,
    /// royal-layout, ws-frame, http-body, uci, solve-batch) or `all`.
    target: String,
    /// Inputs to run per target.
    #[arg(long, default_value_t = 100_000)]
    inputs: u64,
    /// Stop each target after this many seconds.
    #[arg(long)]
    seconds: Option<u64>,
    /// The seed of the mutations.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the target's seed inputs into this directory (for AFL++'s `-i`) and stop.
    #[arg(long, value_name = "DIR")]
    write_seeds: Option<std::path::PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut targets = tabula_fuzz::all();
    let names: Vec<&str> = targets.iter().map(|t| t.name()).collect();
    if args.target != "all" && !names.contains(&args.target.as_str()) {
        eprintln!(
            "error: unknown target `{}`: all, {}",
            args.target,
            names.join(", ")
        );
        return ExitCode::from(2);
    }
    if let Some(dir) = &args.write_seeds {
        for t in targets.iter().filter(|t| t.name() == args.target) {
            if let Err(e) = std::fs::create_dir_all(dir) {
                eprintln!("error: {}: {e}", dir.display());
                return ExitCode::from(1);
            }
            for (i, s) in t.seeds().iter().enumerate() {
                let _ = std::fs::write(dir.join(format!("seed-{i}")), s);
            }
        }
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for t in targets.iter_mut() {
        if args.target != "all" && t.name() != args.target {
            continue;
        }
        let r = tabula_fuzz::fuzz(
            t.as_mut(),
            args.inputs,
            args.seed,
            args.seconds.map(Duration::from_secs),
        );
        println!(
            "{:<17} {:>11} inputs in {:>7.1} s = {:>9.0} inputs/s, {} finding(s)",
            r.target,
            r.inputs,
            r.elapsed.as_secs_f64(),
            r.rate(),
            r.findings.len()
        );
        for (i, f) in r.findings.iter().enumerate() {
            failed = true;
            let _ = std::fs::create_dir_all("fuzz-findings");
            let path = format!("fuzz-findings/{}-{i}.bin", r.target);
            let _ = std::fs::write(&path, &f.input);
            println!("  {path}: {}", f.what);
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
