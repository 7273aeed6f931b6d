//! Trains the QuickChess evaluation network on self-play positions, on the CPU.
//!
//! `cargo run --release -p tabula --example nnue_train -- --out nnue.nnue DATA...`
//!
//! Reads record files written by `nnue_datagen`, holds out the last `--held-out` share of each
//! file, and fits the network ([`tabula_chess::engine::nnue`]) in `f32` by minibatch AdamW
//! (`--batch` positions a step, the learning rate falling from `--lr` to `--lr * --lr-end` on
//! a cosine over the epochs). The loss is the squared error between `sigmoid(out / k)` and a
//! blend of `sigmoid(score / k)` (share `--lambda`) and the game's result. Each step's gradient
//! is computed by `--threads` threads over parts of the batch. After every epoch it prints the
//! training and held-out loss and writes the network twice: quantised to `--out` (the format
//! the engine embeds) and in floating point to `--out` + `.f32` (to continue from with
//! `--init`). At the end the quantised network is read back as the engine reads it and its
//! scores are compared with the float network's on held-out positions.
//!
//! The network file names what made it: the record beside each data file (`DATA.made-by`,
//! written by `nnue_datagen`), with `--init F.f32` (or `--init F`) the record of the network `F` it
//! continues, then this command, each line once (`tabula::engine::network_file`).
//!
//! A developer's tool: errors stop it with a message.

mod data;
mod model;

use anyhow::Context as _;
use clap::Parser;
use data::{Samples, load, other_view};
use model::{Adam, Layout, Loss, Scratch, evaluate_loss, gradient};
use std::time::Instant;
use tabula::engine::network_file;
use tabula_chess::engine::nnue::{self, FloatNetwork, Network};
use tabula_core::rng::{Rng, SliceRandom, seeded};

#[derive(Parser)]
struct Args {
    /// Record files.
    #[arg(required = true)]
    data: Vec<String>,
    /// Where to write the quantised network (and `<out>.f32`, the float one).
    #[arg(long)]
    out: std::path::PathBuf,
    /// A network to start from instead of random weights: a float file (`.f32`, as this tool
    /// writes beside each network) or a network file itself (its integer weights divided by
    /// their scales: the shipped network has no float file).
    #[arg(long)]
    init: Option<std::path::PathBuf>,
    /// Hidden neurons (the engine reads only its own `HIDDEN`).
    #[arg(long, default_value_t = nnue::HIDDEN)]
    hidden: usize,
    /// Output buckets (1 to 8; default: `--init`'s, or 1). A network of one bucket given to
    /// `--init` is copied into each, so training starts from its scores.
    #[arg(long)]
    buckets: Option<usize>,
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    #[arg(long, default_value_t = 16_384)]
    batch: usize,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// The last epoch's learning rate as a share of `--lr`.
    #[arg(long, default_value_t = 0.02)]
    lr_end: f32,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 0.0)]
    decay: f32,
    /// The share of the search's score in the target; the rest is the game's result.
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    /// Centipawns per unit of the logistic curve (400 / ln 10: 400 centipawns is 10 to 1).
    #[arg(long, default_value_t = 173.7)]
    k: f32,
    /// The share of each file held out.
    #[arg(long, default_value_t = 0.03)]
    held_out: f64,
    /// Skip positions whose score is beyond this.
    #[arg(long, default_value_t = 3000.0)]
    max_score: f32,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Random starting weights: each view's sums spread around the activation's range.
fn random_network(hidden: usize, buckets: usize, seed: u64) -> FloatNetwork {
    let mut rng = seeded(seed);
    let mut net = FloatNetwork::zeros(hidden, buckets);
    net.rows
        .iter_mut()
        .for_each(|w| *w = rng.random_range(-0.2..0.2));
    net.bias.iter_mut().for_each(|w| *w = 0.25);
    let spread = 1.0 / (2.0 * hidden as f32).sqrt();
    net.out
        .iter_mut()
        .for_each(|w| *w = rng.random_range(-spread..spread));
    net
}

/// What made the network this run trains: the records of its data and of the network it
/// starts from, each line once, then this command.
fn made_by(args: &Args) -> String {
    let mut records: Vec<String> = args
        .data
        .iter()
        .map(|d| network_file::data_made_by(std::path::Path::new(d)))
        .collect();
    if let Some(init) = &args.init {
        // `--init v2c.nnue.f32` continues the network whose file is `v2c.nnue`; `--init
        // v3.nnue` that network itself
        let file = init.to_string_lossy();
        let quantised = std::path::PathBuf::from(file.strip_suffix(".f32").unwrap_or(&file));
        records.push(match network_file::read(&quantised) {
            Ok(net) => net.made_by.clone(),
            // the float file alone: trained on, with a note that its record is missing
            Err(e) => format!("# the record of --init {}: {e}", init.display()),
        });
    }
    records.push(network_file::command_line("nnue_train"));
    network_file::merge(records.iter().map(String::as_str))
}

fn save(
    layout: Layout,
    p: &[f32],
    out: &std::path::Path,
    made_by: &str,
) -> anyhow::Result<FloatNetwork> {
    let mut net = layout.network(p);
    net.made_by = made_by.to_string();
    std::fs::write(out, net.to_bytes()).with_context(|| format!("write {}", out.display()))?;
    // the float file: the hidden neurons, then the flat vector (its length gives the buckets)
    let mut raw = (net.hidden as u32).to_le_bytes().to_vec();
    for x in p {
        raw.extend_from_slice(&x.to_le_bytes());
    }
    let f32_path = format!("{}.f32", out.display());
    std::fs::write(&f32_path, raw).with_context(|| format!("write {f32_path}"))?;
    Ok(net)
}

fn read_f32(path: &std::path::Path) -> anyhow::Result<FloatNetwork> {
    let raw = std::fs::read(path).with_context(|| format!("read {}", path.display()))?;
    anyhow::ensure!(raw.len() >= 4 && raw.len() % 4 == 0, "not a float network");
    let hidden = u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]) as usize;
    let p: Vec<f32> = raw[4..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let layout = Layout::of_length(hidden, p.len())
        .with_context(|| format!("{}: wrong length for {hidden} neurons", path.display()))?;
    Ok(layout.network(&p))
}

/// The network training starts from: `--init`'s (a float file or a network file) or random
/// weights, with `--buckets` output buckets (a network of one bucket is copied into more).
fn start(args: &Args) -> anyhow::Result<FloatNetwork> {
    let net = match &args.init {
        Some(path) if path.extension().is_some_and(|e| e == "f32") => read_f32(path)?,
        Some(path) => FloatNetwork::from_network(
            network_file::read(path)
                .map_err(anyhow::Error::msg)?
                .as_ref(),
        ),
        None => random_network(args.hidden, args.buckets.unwrap_or(1), args.seed),
    };
    match args.buckets {
        Some(b) if b != net.buckets => {
            anyhow::ensure!(
                net.buckets == 1 && (1..=nnue::MAX_BUCKETS).contains(&b),
                "--buckets {b}: a network of {} buckets is continued with its own number, one bucket can be copied into 1 to {}",
                net.buckets,
                nnue::MAX_BUCKETS
            );
            Ok(net.with_buckets(b))
        }
        _ => Ok(net),
    }
}

/// The loss of the hand-written evaluation on `data`, for comparison.
fn hand_loss(data: &Samples, loss: Loss) -> anyhow::Result<f64> {
    let variant = tabula_chess::Variant::parse("quickchess-fsf")?;
    let weights = tabula_chess::engine::Weights::default();
    let mut total = 0f64;
    for i in 0..data.len() {
        let pos = tabula_chess::Position::<tabula_chess::Mini>::from_fen(variant, &data.fen(i))?;
        let e = tabula_chess::engine::evaluate(&pos, &weights) as f32;
        let q = model::sigmoid(e / loss.k);
        let t = loss.target(data.score[i], data.result[i]);
        total += f64::from((q - t) * (q - t));
    }
    Ok(total / data.len().max(1) as f64)
}

/// The float network's scores against the quantised one's on up to `n` positions.
fn quantisation_check(float: &FloatNetwork, bytes: &[u8], data: &Samples, n: usize) {
    let net = match Network::from_bytes(bytes) {
        Ok(net) => net,
        Err(e) => {
            eprintln!("quantised network not checked: {e}");
            return;
        }
    };
    let other = other_view();
    let (mut total, mut worst, mut spread) = (0f64, 0f32, 0f64);
    let count = data.len().min(n);
    for i in 0..count {
        let (mut colors, mut roles) = ([0u64; 2], [0u64; 6]);
        for (sq, color, role) in data.pieces(i) {
            colors[color.index()] |= 1 << sq;
            roles[role.index()] |= 1 << sq;
        }
        let turn = if data.black[i] {
            tabula_chess::Color::Black
        } else {
            tabula_chess::Color::White
        };
        let pieces = (colors[0] | colors[1]).count_ones();
        let int = net.output(&net.refresh(&colors, &roles), turn, pieces) as f32;
        let ours: Vec<usize> = data.ours(i).iter().map(|&f| usize::from(f)).collect();
        let theirs: Vec<usize> = ours.iter().map(|&f| usize::from(other[f])).collect();
        let exact = float.evaluate(&ours, &theirs);
        total += f64::from((exact - int).abs());
        spread += f64::from(exact.abs());
        worst = worst.max((exact - int).abs());
    }
    eprintln!(
        "quantised against float on {count} held-out positions: mean difference {:.2} cp, largest {worst:.1} cp (mean |score| {:.0} cp)",
        total / count.max(1) as f64,
        spread / count.max(1) as f64
    );
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let made_by = made_by(&args);
    let (train, test) = load(&args.data, args.held_out, args.max_score)?;
    anyhow::ensure!(train.len() > 0, "no training positions");
    let other = other_view();
    let loss = Loss {
        lambda: args.lambda,
        k: args.k,
    };
    let first = start(&args)?;
    let (hidden, buckets) = (first.hidden, first.buckets);
    let layout = Layout { hidden, buckets };
    let mut p = layout.flatten(&first);
    // how well the labels alone do: the search's score as the prediction
    let label_only: f64 = (0..test.len())
        .map(|i| {
            let q = model::sigmoid(test.score[i] / args.k);
            let t = loss.target(test.score[i], test.result[i]);
            f64::from((q - t) * (q - t))
        })
        .sum::<f64>()
        / test.len().max(1) as f64;
    eprintln!(
        "hidden {hidden}, {buckets} output bucket(s), held-out loss {:.6} at the start; the search's own scores would score {label_only:.6}, the hand-written evaluation {:.6}",
        evaluate_loss(&p, layout, &test, &other, loss),
        hand_loss(&test, loss)?
    );
    let mut adam = Adam::new(layout.len(), args.decay);
    let mut rng = seeded(args.seed);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let threads = args.threads.max(1);
    let mut grads = vec![vec![0f32; layout.len()]; threads];
    let mut scratch: Vec<Scratch> = (0..threads).map(|_| Scratch::new(hidden)).collect();
    let started = Instant::now();
    for epoch in 0..args.epochs {
        let progress = epoch as f32 / (args.epochs.max(2) - 1) as f32;
        let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
        let lr = args.lr * (args.lr_end + (1.0 - args.lr_end) * cosine);
        order.shuffle(&mut rng);
        let mut total = 0f64;
        for batch in order.chunks(args.batch) {
            let part = batch.len().div_ceil(threads);
            let p_ref = &p;
            let (train_ref, other_ref) = (&train, &other);
            total += std::thread::scope(|scope| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(scratch.iter_mut())
                    .zip(batch.chunks(part))
                    .map(|((g, s), chunk)| {
                        g.fill(0.0);
                        scope.spawn(move || {
                            gradient(p_ref, layout, train_ref, chunk, other_ref, loss, g, s)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .sum::<f64>()
            });
            let used = batch.len().div_ceil(part);
            let (first, rest) = grads.split_at_mut(1);
            let n = batch.len() as f32;
            for (k, g) in first[0].iter_mut().enumerate() {
                let sum: f32 = rest[..used - 1].iter().map(|r| r[k]).sum();
                *g = (*g + sum) / n;
            }
            adam.step(&mut p, &first[0], lr, layout);
        }
        let held = evaluate_loss(&p, layout, &test, &other, loss);
        eprintln!(
            "epoch {:>3}: lr {lr:.6}, training loss {:.6}, held-out loss {held:.6}, {:.0} s",
            epoch + 1,
            total / train.len() as f64,
            started.elapsed().as_secs_f64()
        );
        save(layout, &p, &args.out, &made_by)?;
    }
    let float = save(layout, &p, &args.out, &made_by)?;
    quantisation_check(&float, &float.to_bytes(), &test, 20_000);
    Ok(())
}
