//! `tabula exact verify quickchess --work-dir DIR`: every code of a finished solve checked against
//! the move generator ([`tabula_chess::solve::check`]), level by level with the levels it
//! leads to in memory, both cores sharing each level: the whole-board results' proof.
//!
//! A checked level leaves a marker (`checked/L.done`: the positions checked, and the size and
//! time of the level's values it checked), so `--resume` goes on after a stop from the level
//! in progress; a marker whose values changed since (a solve run again) does not count.

use super::Progress;
use super::backward::Pass;
use super::window::Window;
use anyhow::{Context as _, anyhow};
use std::collections::HashSet;
use std::time::Instant;
use tabula_chess::solve::check::check_slice;
use tabula_chess::solve::compact::{self, CompactSlice};
use tabula_chess::solve::key::slice_key;
use tabula_chess::{Mini, Position};

/// Slices a thread checks at a time.
const CHUNK: usize = 512;

/// What a level's marker says of the values it checked: their size and modification time.
fn stamp(pass: &Pass, level: u32) -> anyhow::Result<String> {
    let bin = super::files::level_file(&pass.dir.join("values"), level, "bin");
    let meta = std::fs::metadata(&bin).with_context(|| bin.display().to_string())?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    Ok(format!("{} {modified}", meta.len()))
}

/// The positions a level's marker says were checked, if it holds for the values as they are.
fn marked(pass: &Pass, level: u32) -> anyhow::Result<Option<u64>> {
    let path = super::files::level_file(&pass.dir.join("checked"), level, "done");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let stamp = stamp(pass, level)?;
    Ok(text
        .trim()
        .split_once(' ')
        .filter(|(_, rest)| *rest == stamp)
        .and_then(|(n, _)| n.parse().ok()))
}

/// Checks every level (with `resume`, those without a valid marker); returns the positions
/// checked, the levels checked before included.
pub fn verify(pass: &Pass, resume: bool, progress: &mut Progress) -> anyhow::Result<u64> {
    let marks = pass.dir.join("checked");
    if !resume && marks.exists() {
        std::fs::remove_dir_all(&marks).with_context(|| marks.display().to_string())?;
    }
    std::fs::create_dir_all(&marks).with_context(|| marks.display().to_string())?;
    let mut window = Window::new();
    let mut checked = 0u64;
    let begun = Instant::now();
    let all: u64 = pass.levels.iter().map(|i| i.indices).sum();
    let mut done = 0u64;
    for info in pass.levels.iter().rev() {
        let l = info.level;
        if resume && let Some(n) = marked(pass, l)? {
            checked += n;
            done += info.indices;
            continue;
        }
        let need: HashSet<u32> = compact::child_levels(l).chain([l]).collect();
        window.retain(|k, _| need.contains(k));
        for &c in &need {
            if !window.contains_key(&c) && pass.info(c).is_some() {
                window.insert(c, pass.load(c)?);
            }
        }
        let keys = super::files::read_keys(&super::files::level_file(
            &pass.dir.join("forward"),
            l,
            "keys",
        ))?;
        let chunks: Vec<&[u128]> = keys.chunks(CHUNK).collect();
        let window = &window;
        let counts = super::work::parallel_map(pass.threads, &chunks, |chunk| {
            let mut n = 0;
            for &key in chunk.iter() {
                let slice = CompactSlice::from_key(pass.variant, key)?;
                let codes = window
                    .get(&l)
                    .and_then(|lv| lv.slice(key))
                    .ok_or_else(|| anyhow!("slice {key:#x} has no codes"))?;
                // the slices this one's exits reach, found once each
                let mut seen: Vec<(u128, &[u8])> = Vec::with_capacity(32);
                let mut code = |p: &Position<Mini>| {
                    let k = slice_key(p);
                    let c = match seen.iter().find(|(s, _)| *s == k) {
                        Some((_, c)) => *c,
                        None => {
                            let c = window.get(&compact::potential(k))?.slice(k)?;
                            seen.push((k, c));
                            c
                        }
                    };
                    c.get(compact::index(p)).copied()
                };
                n += check_slice(&slice, codes, &mut code).map_err(|e| anyhow!(e))?;
            }
            Ok(n)
        })?;
        let level_checked = counts.iter().sum::<u64>();
        super::files::write_atomic(
            &super::files::level_file(&marks, l, "done"),
            format!("{level_checked} {}\n", stamp(pass, l)?).as_bytes(),
        )?;
        checked += level_checked;
        done += info.indices;
        let secs = begun.elapsed().as_secs_f64().max(1e-3);
        progress.say(&format!(
            "checking: level {l}, {:.1} of {:.1} M indices ({:.1}%), about {} left",
            done as f64 / 1e6,
            all as f64 / 1e6,
            100.0 * done as f64 / all.max(1) as f64,
            super::duration_text((all - done) as f64 * secs / done.max(1) as f64)
        ));
    }
    Ok(checked)
}
