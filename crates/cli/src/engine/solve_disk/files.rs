//! The work directory's files: keys and codes as flat little-endian records, written so that
//! a kill at any moment leaves either the old file or the new one (a temporary file renamed),
//! or, for the files that grow, whole records after a cut one is trimmed off.

use anyhow::Context as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The bytes of a slice key on disk.
pub const KEY_BYTES: usize = 16;

/// Writes `bytes` to `path` through a temporary file and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut f = std::fs::File::create(&tmp).with_context(|| tmp.display().to_string())?;
    f.write_all(bytes)
        .and_then(|_| f.sync_all())
        .with_context(|| tmp.display().to_string())?;
    std::fs::rename(&tmp, path).with_context(|| path.display().to_string())
}

/// Keys as bytes.
pub fn keys_to_bytes(keys: &[u128]) -> Vec<u8> {
    keys.iter().flat_map(|k| k.to_le_bytes()).collect()
}

/// Reads a key file; a cut last record (a kill mid-write) is dropped.
pub fn read_keys(path: &Path) -> anyhow::Result<Vec<u128>> {
    let bytes = std::fs::read(path).with_context(|| path.display().to_string())?;
    Ok(bytes
        .chunks_exact(KEY_BYTES)
        .map(|c| u128::from_le_bytes(c.try_into().unwrap_or([0; KEY_BYTES])))
        .collect())
}

/// A level's file in a directory: `dir/level.ext`.
pub fn level_file(dir: &Path, level: u32, ext: &str) -> PathBuf {
    dir.join(format!("{level:04}.{ext}"))
}

/// The levels that have a file with extension `ext` in `dir`, ascending.
pub fn levels_with(dir: &Path, ext: &str) -> anyhow::Result<Vec<u32>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| dir.display().to_string())? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if let Some(stem) = name.strip_suffix(&format!(".{ext}"))
            && let Ok(l) = stem.parse()
        {
            out.push(l);
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// Peak resident memory of this process in MB (Linux; 0 elsewhere).
pub fn peak_memory_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}
