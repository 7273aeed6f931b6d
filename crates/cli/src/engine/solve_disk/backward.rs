//! The backward pass: levels solved from the highest potential down, each with only the
//! levels its leaving moves reach in memory. A level's slices are shared out in chunks to
//! the threads; finished chunks are appended in order to `values/L.part`, so a kill loses
//! only the chunks in progress (whole slices are kept: a cut slice is trimmed off on resume);
//! a finished level is renamed `L.bin`.

use super::files::{level_file, read_keys, write_atomic};
use super::forward::LevelInfo;
use super::window::{Level, MAP_BYTES_PER_SLICE, Window};
use super::{Progress, Totals};
use anyhow::{Context as _, anyhow};
use std::collections::{BTreeMap, HashSet};
use std::io::{Read as _, Write as _};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;
use tabula_chess::solve::compact::{self, CompactSlice, NO_RANK};
use tabula_chess::solve::key::slice_key;
use tabula_chess::solve::wdl::{SliceError, Workspace};
use tabula_chess::{Mini, Position, Variant};

/// Indices a chunk of work holds, about (a tenth of a second on one core).
const CHUNK_INDICES: u64 = 100_000;

/// What the backward pass is given.
pub struct Pass<'a> {
    /// The work directory.
    pub dir: &'a Path,
    /// The game.
    pub variant: Variant,
    /// Every level, ascending.
    pub levels: &'a [LevelInfo],
    /// Threads to solve with.
    pub threads: usize,
    /// The most bytes the levels in memory may take.
    pub cap: u64,
}

impl Pass<'_> {
    pub(super) fn info(&self, level: u32) -> Option<&LevelInfo> {
        self.levels.iter().find(|i| i.level == level)
    }

    /// Bytes level `l` takes in memory (codes and map), from its size.
    fn level_bytes(&self, l: u32) -> u64 {
        self.info(l)
            .map_or(0, |i| i.indices + MAP_BYTES_PER_SLICE * i.slices)
    }

    /// Loads a solved level from its files.
    pub(super) fn load(&self, l: u32) -> anyhow::Result<Level> {
        let keys = read_keys(&level_file(&self.dir.join("forward"), l, "keys"))?;
        let path = level_file(&self.dir.join("values"), l, "bin");
        let codes = std::fs::read(&path).with_context(|| path.display().to_string())?;
        Level::new(&keys, codes).with_context(|| path.display().to_string())
    }

    /// Solves every level not solved yet; returns the window holding the lowest level (the
    /// root's) and the totals.
    pub fn run(&self, progress: &mut Progress) -> anyhow::Result<(Window, Totals)> {
        let values = self.dir.join("values");
        std::fs::create_dir_all(&values).with_context(|| values.display().to_string())?;
        let all: u64 = self.levels.iter().map(|i| i.indices).sum();
        let mut clock = Clock {
            all,
            done: 0,
            begun: Instant::now(),
            solved_here: 0,
        };
        let mut window = Window::new();
        let mut totals = Totals::default();
        for (n, info) in self.levels.iter().enumerate().rev() {
            let l = info.level;
            let need: HashSet<u32> = compact::child_levels(l).collect();
            window.retain(|k, _| need.contains(k));
            let sum_path = level_file(&values, l, "sum");
            if let Ok(text) = std::fs::read_to_string(&sum_path) {
                totals.add(&parse_sum(&text)?);
                clock.done += info.indices;
                continue;
            }
            let wanted: u64 = need.iter().map(|&c| self.level_bytes(c)).sum::<u64>()
                + 2 * self.level_bytes(l)
                + 16 * info.slices;
            if wanted > self.cap {
                anyhow::bail!(
                    "level {l} needs about {:.1} MB with the levels it leads to, above the memory cap of {:.1} MB (raise --memory-cap)",
                    wanted as f64 / 1048576.0,
                    self.cap as f64 / 1048576.0
                );
            }
            for &c in &need {
                if !window.contains_key(&c) && self.info(c).is_some() {
                    window.insert(c, self.load(c)?);
                }
            }
            let keys = read_keys(&level_file(&self.dir.join("forward"), l, "keys"))?;
            let (codes, level_totals) =
                self.solve_level(l, &keys, &window, &mut clock, n, progress)?;
            write_atomic(&sum_path, level_totals.to_line().as_bytes())?;
            totals.add(&level_totals);
            window.insert(l, Level::new(&keys, codes)?);
        }
        if let Some(first) = self.levels.first()
            && !window.contains_key(&first.level)
        {
            window.insert(first.level, self.load(first.level)?);
        }
        Ok((window, totals))
    }

    /// Solves one level, resuming its part file.
    fn solve_level(
        &self,
        l: u32,
        keys: &[u128],
        window: &Window,
        clock: &mut Clock,
        n: usize,
        progress: &mut Progress,
    ) -> anyhow::Result<(Vec<u8>, Totals)> {
        let values = self.dir.join("values");
        let mut offsets = Vec::with_capacity(keys.len() + 1);
        let mut at = 0u64;
        for &k in keys {
            offsets.push(at);
            at += compact::slice_len(k).ok_or_else(|| anyhow!("slice {k:#x}: too many pieces"))?
                as u64;
        }
        offsets.push(at);
        let mut codes = vec![0u8; at as usize];
        let part = level_file(&values, l, "part");
        // resume: keep the whole slices already written
        let mut first = 0;
        if let Ok(meta) = std::fs::metadata(&part) {
            first = offsets
                .partition_point(|&o| o <= meta.len())
                .saturating_sub(1);
            first = first.min(keys.len());
            let keep = offsets[first];
            let mut f = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(&part)?;
            f.set_len(keep)?;
            f.read_exact(&mut codes[..keep as usize])?;
        }
        let mut totals = Totals::of(&codes[..offsets[first] as usize]);
        clock.done += offsets[first];
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&part)
            .with_context(|| part.display().to_string())?;
        // chunks of whole slices
        let mut bounds = vec![first];
        let mut s = first;
        while s < keys.len() {
            let mut e = s + 1;
            while e < keys.len() && offsets[e] - offsets[s] < CHUNK_INDICES {
                e += 1;
            }
            bounds.push(e);
            s = e;
        }
        let chunks = bounds.len() - 1;
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (tx, rx) = std::sync::mpsc::channel::<(usize, anyhow::Result<(Vec<u8>, u8)>)>();
        let variant = self.variant;
        let mut outcome: anyhow::Result<()> = Ok(());
        std::thread::scope(|scope| {
            for _ in 0..self.threads.max(1) {
                let tx = tx.clone();
                let (next, stop, bounds, offsets) = (&next, &stop, &bounds, &offsets);
                scope.spawn(move || {
                    let mut ws = Workspace::default();
                    loop {
                        let c = next.fetch_add(1, Ordering::Relaxed);
                        if c >= chunks || stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let (a, b) = (bounds[c], bounds[c + 1]);
                        let mut out = vec![0u8; (offsets[b] - offsets[a]) as usize];
                        let r = solve_chunk(
                            variant,
                            &keys[a..b],
                            &offsets[a..=b],
                            window,
                            &mut ws,
                            &mut out,
                        )
                        .map(|longest| (out, longest));
                        if tx.send((c, r)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            let mut waiting: BTreeMap<usize, (Vec<u8>, u8)> = BTreeMap::new();
            let mut written = 0;
            for (c, r) in rx.iter() {
                match r {
                    Ok(done) => {
                        waiting.insert(c, done);
                    }
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        outcome = Err(e);
                        break;
                    }
                }
                while let Some((bytes, longest)) = waiting.remove(&written) {
                    let from = offsets[bounds[written]] as usize;
                    if let Err(e) = file.write_all(&bytes) {
                        stop.store(true, Ordering::Relaxed);
                        outcome = Err(anyhow!(e).context(part.display().to_string()));
                        return;
                    }
                    codes[from..from + bytes.len()].copy_from_slice(&bytes);
                    let mut t = Totals::of(&bytes);
                    t.longest = t.longest.max(longest);
                    totals.add(&t);
                    clock.advance(bytes.len() as u64);
                    written += 1;
                    progress.say(&clock.line(l, self.levels.len() - n, self.levels.len()));
                }
            }
        });
        outcome?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&part, level_file(&values, l, "bin"))?;
        Ok((codes, totals))
    }
}

/// Solves consecutive slices into `out` (`offsets` has one more entry than `keys`, from the
/// first slice's start).
fn solve_chunk(
    variant: Variant,
    keys: &[u128],
    offsets: &[u64],
    window: &Window,
    ws: &mut Workspace,
    out: &mut [u8],
) -> anyhow::Result<u8> {
    let base = offsets[0];
    let mut longest = 0;
    let mut seen: Vec<(u128, &[u8])> = Vec::with_capacity(32);
    for (i, &key) in keys.iter().enumerate() {
        let slice = CompactSlice::from_key(variant, key)?;
        let (a, b) = (
            (offsets[i] - base) as usize,
            (offsets[i + 1] - base) as usize,
        );
        seen.clear();
        let mut exit = |child: &Position<Mini>| -> anyhow::Result<i8> {
            let k = slice_key(child);
            let codes = match seen.iter().find(|(s, _)| *s == k) {
                Some((_, c)) => *c,
                None => {
                    let level = compact::potential(k);
                    let c = window
                        .get(&level)
                        .and_then(|lv| lv.slice(k))
                        .ok_or_else(|| {
                            anyhow!(
                                "{} leads to slice {k:#x} (level {level}), which the listing lacks",
                                child.fen()
                            )
                        })?;
                    seen.push((k, c));
                    c
                }
            };
            compact::code_value(codes[compact::index(child)])
                .ok_or_else(|| anyhow!("{}: no value in its slice", child.fen()))
        };
        let r = ws
            .solve(&slice, &mut exit, &mut out[a..b])
            .map_err(|e| match e {
                SliceError::Exit(e) => e,
                other => anyhow!("{other}"),
            })?;
        longest = longest.max(r);
    }
    Ok(longest)
}

fn parse_sum(text: &str) -> anyhow::Result<Totals> {
    let n: Vec<u64> = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .with_context(|| format!("a level's sum {text:?}"))?;
    match n[..] {
        [positions, longest, ..] => Ok(Totals {
            positions,
            longest: longest.min(u64::from(NO_RANK)) as u8,
        }),
        _ => anyhow::bail!("a level's sum {text:?} is not \"positions longest\""),
    }
}

/// Progress and the time left.
struct Clock {
    all: u64,
    done: u64,
    begun: Instant,
    solved_here: u64,
}

impl Clock {
    fn advance(&mut self, indices: u64) {
        self.done += indices;
        self.solved_here += indices;
    }

    fn line(&self, level: u32, nth: usize, levels: usize) -> String {
        let secs = self.begun.elapsed().as_secs_f64().max(1e-3);
        let rate = self.solved_here as f64 / secs;
        let left = (self.all - self.done.min(self.all)) as f64 / rate.max(1.0);
        format!(
            "solving: level {level} ({nth} of {levels}), {:.1} of {:.1} M indices ({:.1}%), {:.2} M/s, about {} left",
            self.done as f64 / 1e6,
            self.all as f64 / 1e6,
            100.0 * self.done as f64 / self.all.max(1) as f64,
            rate / 1e6,
            super::duration_text(left)
        )
    }
}
