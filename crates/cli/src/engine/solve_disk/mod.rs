//! The lesson games solved on the full board, with the work kept on disk: `tabula exact solve
//! quickchess --work-dir DIR`. The solver of [`tabula_chess::solve::Solver`] keeps every
//! slice with distances in memory, which five files of pawns (about 10^8 slices, 5 x 10^9
//! positions) would need some 40 GB for. Here:
//!
//! 1. [`forward`] lists the reachable slices, level by level of a potential that every
//!    leaving move raises;
//! 2. [`backward`] solves the levels from the highest down, one byte a position (win, draw
//!    or loss, and the rank a proof needs), with only the levels a leaving move reaches in
//!    memory, both cores sharing each level;
//! 3. everything done is on disk, so `--resume` goes on after a kill where it stopped.
//!
//! The work directory: `meta.txt` (the game and position), `forward/` (key files), `values/`
//! (codes, one file a level, and each level's totals).

pub mod backward;
pub mod book;
pub mod files;
pub mod forward;
pub mod store;
pub mod verify;
pub mod window;
pub mod work;

use anyhow::{Context as _, bail};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tabula_chess::solve::compact::{self, NO_RANK};
use tabula_chess::solve::key::slice_key;
use tabula_chess::{Mini, Position};

/// How a disk solve runs.
#[derive(Clone, Debug)]
pub struct DiskOptions {
    /// The work directory.
    pub dir: PathBuf,
    /// Go on with the work a directory holds (without it, a used directory is refused).
    pub resume: bool,
    /// Threads (both cores by default).
    pub threads: usize,
    /// The most bytes the solved levels in memory may take.
    pub memory_cap: u64,
}

/// What a disk solve found.
#[derive(Clone, Debug)]
pub struct DiskOutcome {
    /// The value for the side to move: 1 win, 0 draw, -1 loss.
    pub value: i8,
    /// Slices listed and solved.
    pub slices: u64,
    /// Positions valued.
    pub positions: u64,
    /// Levels of potential.
    pub levels: usize,
    /// The most moves a side needs to leave a slice (62 at most).
    pub longest: u8,
    /// Seconds this run took (not the runs before a resume).
    pub seconds: f64,
    /// Peak resident memory in MB.
    pub peak_mb: u64,
}

/// Positions and the longest rank over some codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Codes that are positions.
    pub positions: u64,
    /// The longest finite rank.
    pub longest: u8,
}

impl Totals {
    /// The totals of some codes.
    pub fn of(codes: &[u8]) -> Totals {
        let mut t = Totals::default();
        for &c in codes {
            if c != 0 {
                t.positions += 1;
                let r = compact::code_rank(c);
                if r != NO_RANK {
                    t.longest = t.longest.max(r);
                }
            }
        }
        t
    }

    /// Adds others.
    pub fn add(&mut self, o: &Totals) {
        self.positions += o.positions;
        self.longest = self.longest.max(o.longest);
    }

    /// As a level's `.sum` file holds them.
    pub fn to_line(self) -> String {
        format!("{} {}\n", self.positions, self.longest)
    }
}

/// Lines of progress, at most one every few seconds.
pub struct Progress {
    sink: Box<dyn FnMut(&str) + Send>,
    last: Option<Instant>,
    every: Duration,
}

impl Progress {
    /// Progress written to `sink` at most once every `every`.
    pub fn new(every: Duration, sink: Box<dyn FnMut(&str) + Send>) -> Progress {
        Progress {
            sink,
            last: None,
            every,
        }
    }

    /// Says `line` unless a line was said within the interval.
    pub fn say(&mut self, line: &str) {
        if self.last.is_none_or(|t| t.elapsed() >= self.every) {
            (self.sink)(line);
            self.last = Some(Instant::now());
        }
    }
}

/// "2 h 05 min", "4 min 10 s".
pub fn duration_text(secs: f64) -> String {
    let s = secs.max(0.0) as u64;
    if s >= 3600 {
        format!("{} h {:02} min", s / 3600, s % 3600 / 60)
    } else {
        format!("{} min {:02} s", s / 60, s % 60)
    }
}

/// The work directory's description of its run.
fn meta(root: &Position<Mini>) -> String {
    format!(
        "tabula lesson-game solve, format 1\nvariant {}\nfen {}\n",
        root.variant().name(),
        root.fen()
    )
}

/// Solves `root` with the work in `opts.dir`; returns the outcome and a store of the codes
/// (the levels still in memory, the root's among them, and the rest on disk).
pub fn solve(
    root: &Position<Mini>,
    opts: &DiskOptions,
    progress: &mut Progress,
) -> anyhow::Result<(DiskOutcome, store::Store)> {
    if !compact::supported(root.variant()) {
        bail!(
            "{}: the disk solver takes the lesson games that a pawn on the far edge ends, with no double steps (kings-conquest, raging-rooks, bishops, mean-queens, krazy-knights, power-pawns)",
            root.variant()
        );
    }
    if root.lesson_result().is_some() {
        bail!("{}: the game is already over", root.fen());
    }
    let key = slice_key(root);
    compact::CompactSlice::from_key(root.variant(), key)?;
    let begun = Instant::now();
    std::fs::create_dir_all(&opts.dir).with_context(|| opts.dir.display().to_string())?;
    let meta_path = opts.dir.join("meta.txt");
    let wanted = meta(root);
    match std::fs::read_to_string(&meta_path) {
        Ok(found) if found == wanted && opts.resume => {}
        Ok(found) if found == wanted => bail!(
            "{} holds this solve already: --resume to go on with it",
            opts.dir.display()
        ),
        Ok(found) => bail!(
            "{} holds another solve ({}): use another directory",
            opts.dir.display(),
            found.lines().skip(1).collect::<Vec<_>>().join(", ")
        ),
        Err(_) => {
            if std::fs::read_dir(&opts.dir)?.next().is_some() {
                bail!("{} is not empty and holds no solve", opts.dir.display());
            }
            files::write_atomic(&meta_path, wanted.as_bytes())?;
        }
    }
    let levels = forward::enumerate(&opts.dir, key, opts.threads, progress)?;
    let pass = backward::Pass {
        dir: &opts.dir,
        variant: root.variant(),
        levels: &levels,
        threads: opts.threads,
        cap: opts.memory_cap,
    };
    let (window, totals) = pass.run(progress)?;
    let codes = window
        .get(&compact::potential(key))
        .and_then(|l| l.slice(key))
        .context("the root's slice is not among the solved levels")?;
    let value = compact::code_value(codes[compact::index(root)])
        .context("the root has no value (a bug)")?;
    Ok((
        DiskOutcome {
            value,
            slices: levels.iter().map(|l| l.slices).sum(),
            positions: totals.positions,
            levels: levels.len(),
            longest: totals.longest,
            seconds: begun.elapsed().as_secs_f64(),
            peak_mb: files::peak_memory_mb(),
        },
        store::Store::new(&opts.dir, levels, opts.memory_cap, window),
    ))
}

/// What a work directory's check found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The solved position.
    pub root: Position<Mini>,
    /// Its value for the side to move (1, 0, -1).
    pub value: i8,
    /// Positions checked.
    pub positions: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// Checks every code of a finished solve in `opts.dir` (see [`verify`]).
pub fn check_dir(opts: &DiskOptions, progress: &mut Progress) -> anyhow::Result<Checked> {
    let begun = Instant::now();
    let meta_path = opts.dir.join("meta.txt");
    let text = std::fs::read_to_string(&meta_path)
        .with_context(|| format!("{}: not a solve's work directory", meta_path.display()))?;
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .with_context(|| format!("{}: no {name}", meta_path.display()))
    };
    let variant = tabula_chess::Variant::parse(field("variant")?)?;
    let root = Position::<Mini>::from_fen(variant, field("fen")?)?;
    let levels_path = opts.dir.join("forward").join("levels.txt");
    if !levels_path.exists() {
        bail!(
            "{}: the solve has not listed its slices yet (--resume it first)",
            opts.dir.display()
        );
    }
    let levels = forward::enumerate(&opts.dir, slice_key(&root), opts.threads, progress)?;
    for l in &levels {
        let bin = files::level_file(&opts.dir.join("values"), l.level, "bin");
        if !bin.exists() {
            bail!(
                "{}: level {} is not solved yet (--resume the solve first)",
                opts.dir.display(),
                l.level
            );
        }
    }
    let pass = backward::Pass {
        dir: &opts.dir,
        variant,
        levels: &levels,
        threads: opts.threads,
        cap: opts.memory_cap,
    };
    let positions = verify::verify(&pass, opts.resume, progress)?;
    let store = store::Store::new(
        &opts.dir,
        levels.clone(),
        opts.memory_cap,
        Default::default(),
    );
    let value = store
        .code(&root)
        .and_then(compact::code_value)
        .context("the root has no code")?;
    Ok(Checked {
        root,
        value,
        positions,
        seconds: begun.elapsed().as_secs_f64(),
    })
}
