//! `tabula verify quickchess --work-dir DIR`: every code of a finished solve checked against
//! the move generator ([`tabula_chess::solve::check`]), level by level with the levels it
//! leads to in memory, both cores sharing each level: the whole-board results' proof.

use super::Progress;
use super::backward::Pass;
use super::window::Window;
use anyhow::anyhow;
use std::collections::HashSet;
use std::time::Instant;
use tabula_chess::solve::check::check_slice;
use tabula_chess::solve::compact::{self, CompactSlice};
use tabula_chess::solve::key::slice_key;
use tabula_chess::{Mini, Position};

/// Slices a thread checks at a time.
const CHUNK: usize = 512;

/// Checks every level; returns the positions checked.
pub fn verify(pass: &Pass, progress: &mut Progress) -> anyhow::Result<u64> {
    let mut window = Window::new();
    let mut checked = 0u64;
    let begun = Instant::now();
    let all: u64 = pass.levels.iter().map(|i| i.indices).sum();
    let mut done = 0u64;
    for info in pass.levels.iter().rev() {
        let l = info.level;
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
        checked += counts.iter().sum::<u64>();
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
