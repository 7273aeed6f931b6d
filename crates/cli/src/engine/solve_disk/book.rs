//! A finished solve's opening written as a book ([`tabula_chess::solve::book`]): every slice
//! before the first capture (the levels below the lowest a capture reaches), deflated.

use super::files::{level_file, read_keys};
use super::forward::LevelInfo;
use anyhow::Context as _;
use std::io::Write as _;
use std::path::Path;
use tabula_chess::solve::book::Book;
use tabula_chess::solve::compact::{self, CAPTURE_WEIGHT};
use tabula_chess::{Mini, Position};

/// What a book holds.
pub struct Written {
    /// Slices stored.
    pub slices: usize,
    /// Positions stored.
    pub positions: u64,
    /// Bytes of the file.
    pub bytes: usize,
}

/// Writes the book of `root`'s solve in `dir` to `path`.
pub fn write(
    dir: &Path,
    root: &Position<Mini>,
    levels: &[LevelInfo],
    path: &Path,
) -> anyhow::Result<Written> {
    let first = compact::potential(tabula_chess::solve::key::slice_key(root));
    // a capture raises the potential by 12 at least: the levels below hold no capture
    let limit = first + CAPTURE_WEIGHT - 4;
    let mut slices = Vec::new();
    for info in levels.iter().filter(|i| i.level < limit) {
        let keys = read_keys(&level_file(&dir.join("forward"), info.level, "keys"))?;
        let codes_path = level_file(&dir.join("values"), info.level, "bin");
        let codes = std::fs::read(&codes_path).with_context(|| codes_path.display().to_string())?;
        let mut at = 0;
        for k in keys {
            let len = compact::slice_len(k).context("a slice with too many pieces")?;
            let part = codes
                .get(at..at + len)
                .context("a level's codes are cut short")?;
            slices.push((k, part.to_vec()));
            at += len;
        }
    }
    let raw = Book::to_bytes(root, slices.iter().map(|(k, c)| (*k, c.as_slice())));
    let mut z = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&raw)?;
    let packed = z.finish()?;
    super::files::write_atomic(path, &packed)?;
    Ok(Written {
        slices: slices.len(),
        positions: slices
            .iter()
            .map(|(_, c)| c.iter().filter(|&&x| x != 0).count() as u64)
            .sum(),
        bytes: packed.len(),
    })
}
