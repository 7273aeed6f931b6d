//! The forward pass: every slice the game can reach, listed level by level of potential
//! (leaving moves only raise it, so when level `L` comes up, every slice that leads into it
//! has been expanded). Level `L`'s children are appended to their levels' `pending` files;
//! its own pending file, sorted and without repeats, becomes `L.keys`. After a kill the pass
//! resumes at the first level not marked expanded: re-expanding it only repeats children,
//! which the sort removes.

use super::files::{KEY_BYTES, keys_to_bytes, level_file, levels_with, read_keys, write_atomic};
use super::{Progress, work};
use anyhow::Context as _;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;
use std::time::Instant;
use tabula_chess::solve::{compact, frontier};

/// One level's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelInfo {
    /// Its potential.
    pub level: u32,
    /// Slices in it.
    pub slices: u64,
    /// Indices of its slices (positions and the few non-positions among them).
    pub indices: u64,
}

const LEVELS: &str = "levels.txt";
const EXPANDED: &str = "expanded.txt";

/// Lists the slices reachable from `root` (a slice key) into `dir/forward`, or reads the list
/// a finished pass left.
pub fn enumerate(
    dir: &Path,
    root: u128,
    threads: usize,
    progress: &mut Progress,
) -> anyhow::Result<Vec<LevelInfo>> {
    let fwd = dir.join("forward");
    std::fs::create_dir_all(&fwd).with_context(|| fwd.display().to_string())?;
    if let Ok(text) = std::fs::read_to_string(fwd.join(LEVELS)) {
        return parse_levels(&text);
    }
    let start = compact::potential(root);
    let expanded: Option<u32> = std::fs::read_to_string(fwd.join(EXPANDED))
        .ok()
        .and_then(|t| t.trim().parse().ok());
    if expanded.is_none() && levels_with(&fwd, "pending")?.is_empty() {
        let mut f = std::fs::File::create(level_file(&fwd, start, "pending"))?;
        f.write_all(&root.to_le_bytes())?;
    }
    let begun = Instant::now();
    let mut listed = 0u64;
    let mut l = expanded.map_or(start, |e| e + 1);
    loop {
        let pending = levels_with(&fwd, "pending")?;
        let known = levels_with(&fwd, "keys")?;
        let Some(&next) = pending
            .iter()
            .chain(known.iter())
            .filter(|&&x| x >= l)
            .min()
        else {
            break;
        };
        l = next;
        let keys = settle(&fwd, l)?;
        expand(&fwd, l, &keys, threads)?;
        write_atomic(&fwd.join(EXPANDED), l.to_string().as_bytes())?;
        listed += keys.len() as u64;
        progress.say(&format!(
            "listing: level {l}, {} slices ({listed} listed in {:.0} s)",
            keys.len(),
            begun.elapsed().as_secs_f64()
        ));
        l += 1;
    }
    let mut infos = Vec::new();
    for level in levels_with(&fwd, "keys")? {
        let keys = read_keys(&level_file(&fwd, level, "keys"))?;
        let indices = keys
            .iter()
            .map(|&k| compact::slice_len(k).map(|n| n as u64))
            .sum::<Option<u64>>()
            .ok_or_else(|| anyhow::anyhow!("level {level}: a slice with more than two pieces"))?;
        infos.push(LevelInfo {
            level,
            slices: keys.len() as u64,
            indices,
        });
    }
    let text: String = infos
        .iter()
        .map(|i| format!("{} {} {}\n", i.level, i.slices, i.indices))
        .collect();
    write_atomic(&fwd.join(LEVELS), text.as_bytes())?;
    Ok(infos)
}

/// Level `l`'s keys: its pending children sorted without repeats (written as `l.keys`), or
/// the keys file an earlier run wrote.
fn settle(fwd: &Path, l: u32) -> anyhow::Result<Vec<u128>> {
    let pending = level_file(fwd, l, "pending");
    let keys_path = level_file(fwd, l, "keys");
    if !pending.exists() {
        return read_keys(&keys_path);
    }
    let mut keys = read_keys(&pending)?;
    keys.sort_unstable();
    keys.dedup();
    write_atomic(&keys_path, &keys_to_bytes(&keys))?;
    std::fs::remove_file(&pending).with_context(|| pending.display().to_string())?;
    Ok(keys)
}

/// Appends the children of level `l`'s slices to their levels' pending files.
fn expand(fwd: &Path, l: u32, keys: &[u128], threads: usize) -> anyhow::Result<()> {
    let mut out: BTreeMap<u32, std::io::BufWriter<std::fs::File>> = BTreeMap::new();
    let chunks: Vec<&[u128]> = keys.chunks(4096).collect();
    let children = work::parallel_map(threads, &chunks, |chunk| {
        let mut v: Vec<u128> = chunk.iter().flat_map(|&k| frontier::children(k)).collect();
        v.sort_unstable();
        v.dedup();
        Ok(v)
    })?;
    for c in children.into_iter().flatten() {
        let cl = compact::potential(c);
        if !compact::child_levels(l).any(|x| x == cl) {
            anyhow::bail!("a slice at level {cl} follows one at {l}: the potential is broken");
        }
        let w = match out.entry(cl) {
            std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::btree_map::Entry::Vacant(e) => {
                let path = level_file(fwd, cl, "pending");
                trim_to_records(&path)?;
                let f = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&path)
                    .with_context(|| path.display().to_string())?;
                e.insert(std::io::BufWriter::with_capacity(1 << 20, f))
            }
        };
        w.write_all(&c.to_le_bytes())?;
    }
    for (_, mut w) in out {
        w.flush()?;
    }
    Ok(())
}

/// Cuts a growing key file back to whole records (a kill may have cut the last).
fn trim_to_records(path: &Path) -> anyhow::Result<()> {
    if let Ok(meta) = std::fs::metadata(path) {
        let whole = meta.len() - meta.len() % KEY_BYTES as u64;
        if whole != meta.len() {
            let f = std::fs::OpenOptions::new().write(true).open(path)?;
            f.set_len(whole)?;
        }
    }
    Ok(())
}

fn parse_levels(text: &str) -> anyhow::Result<Vec<LevelInfo>> {
    text.lines()
        .map(|line| {
            let n: Vec<u64> = line
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<_, _>>()
                .with_context(|| format!("forward/{LEVELS}: {line:?}"))?;
            match n[..] {
                [level, slices, indices] => Ok(LevelInfo {
                    level: level as u32,
                    slices,
                    indices,
                }),
                _ => anyhow::bail!("forward/{LEVELS}: {line:?} is not \"level slices indices\""),
            }
        })
        .collect()
}
