//! `tabula engine puzzles check`: every QuickChess puzzle of a file searched again, deeper than the
//! miner (three times its budgets, as the crate's own check of the shipped set does), the
//! ones that hold written to `--out`: the last step before a set is shipped.

use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use tabula_chess::Variant;
use tabula_chess::puzzle::{
    Miner, MinerSettings, Puzzle, SHIPPED_CHECK_FACTOR, SHIPPED_CHECK_SLACK,
};

/// `tabula engine puzzles check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle file to check.
    #[arg(long, value_name = "FILE")]
    pub file: PathBuf,
    /// Where the puzzles that hold are written (in the file's order).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Puzzles checked at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jobs: u64,
}

/// Runs `tabula engine puzzles check`.
pub fn run(args: &CheckArgs) -> anyhow::Result<()> {
    let variant = Variant::parse("quickchess")?;
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let set = Puzzle::parse_set(variant, &text)?;
    let next = AtomicUsize::new(0);
    let kept: Mutex<Vec<(usize, String)>> = Mutex::new(Vec::new());
    let settings = MinerSettings::default().deeper(SHIPPED_CHECK_FACTOR);
    std::thread::scope(|scope| {
        for _ in 0..args.jobs {
            scope.spawn(|| {
                let mut miner = Miner::new(variant, MinerSettings::default());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = set.get(i) else { return };
                    match miner.check_with(p, settings, SHIPPED_CHECK_SLACK) {
                        Ok(()) => kept
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((i, p.to_string())),
                        Err(why) => eprintln!("dropped {}: {why}", p.id),
                    }
                }
            });
        }
    });
    let mut kept = kept.into_inner().unwrap_or_else(|e| e.into_inner());
    kept.sort_unstable();
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    let mut out = header.join("\n");
    if !out.is_empty() {
        out.push('\n');
    }
    for (_, line) in &kept {
        out.push_str(line);
        out.push('\n');
    }
    std::fs::write(&args.out, out).with_context(|| format!("writing {}", args.out.display()))?;
    eprintln!("{} of {} puzzles hold", kept.len(), set.len());
    Ok(())
}
