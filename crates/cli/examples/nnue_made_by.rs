//! Prints what made a network file (the commands in its `made by` record), or writes the
//! network again with another record.
//!
//! `cargo run -p tabula --example nnue_made_by -- crates/chess/src/engine/nnue/quickchess.nnue`
//! `cargo run -p tabula --example nnue_made_by -- NET --set RECORD.txt --out NET2`
//!
//! `--set` is for networks trained before files carried their record (format version 1): the
//! record is then written from the notes of the time, and says so. The weights are copied
//! unchanged (the round trip is checked). A developer's tool: errors stop it with a message.

use anyhow::Context as _;
use clap::Parser;
use tabula::engine::network_file;

#[derive(Parser)]
struct Args {
    /// The network file.
    net: std::path::PathBuf,
    /// A text file: the record to write into the network.
    #[arg(long, requires = "out")]
    set: Option<std::path::PathBuf>,
    /// Where to write the network with the new record.
    #[arg(long, requires = "set")]
    out: Option<std::path::PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let net = network_file::read(&args.net).map_err(anyhow::Error::msg)?;
    let (Some(set), Some(out)) = (&args.set, &args.out) else {
        if net.made_by.is_empty() {
            println!(
                "{}: no record of what made it (a file of the first format)",
                args.net.display()
            );
        } else {
            println!("{}", net.made_by);
        }
        return Ok(());
    };
    let record = std::fs::read_to_string(set).with_context(|| format!("read {}", set.display()))?;
    let mut relabelled = (*net).clone();
    relabelled.made_by = record.trim_end().to_string();
    let bytes = relabelled.to_bytes();
    let back = tabula_chess::engine::nnue::Network::from_bytes(&bytes)?;
    // the weights, record aside, are the same as read
    let (mut before, mut after) = ((*net).clone(), back.clone());
    before.made_by.clear();
    after.made_by.clear();
    anyhow::ensure!(before == after, "the weights changed on the way");
    std::fs::write(out, bytes).with_context(|| format!("write {}", out.display()))?;
    eprintln!(
        "{} written with a record of {} lines",
        out.display(),
        back.made_by.lines().count()
    );
    Ok(())
}
