//! A finished work directory read back: any reachable position's code, the levels loaded as
//! they are asked for (and dropped again above the memory cap), for proofs and the coach.

use super::files::{level_file, read_keys};
use super::forward::LevelInfo;
use super::window::{Level, Window};
use anyhow::Context as _;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use tabula_chess::solve::compact::{self, Code};
use tabula_chess::solve::key::slice_key;
use tabula_chess::{Mini, Position};

/// Codes on disk, levels in memory on demand.
pub struct Store {
    dir: PathBuf,
    levels: Vec<LevelInfo>,
    cap: u64,
    window: RefCell<Window>,
}

impl Store {
    /// The store of a solved work directory, starting with the levels already in memory.
    pub fn new(dir: &Path, levels: Vec<LevelInfo>, cap: u64, window: Window) -> Store {
        Store {
            dir: dir.to_path_buf(),
            levels,
            cap,
            window: RefCell::new(window),
        }
    }

    /// The levels of the solve.
    pub fn levels(&self) -> &[LevelInfo] {
        &self.levels
    }

    fn load(&self, l: u32) -> anyhow::Result<Level> {
        let keys = read_keys(&level_file(&self.dir.join("forward"), l, "keys"))?;
        let path = level_file(&self.dir.join("values"), l, "bin");
        let codes = std::fs::read(&path).with_context(|| path.display().to_string())?;
        Level::new(&keys, codes).with_context(|| path.display().to_string())
    }

    /// The code of `pos` (`None` where no solved slice holds it, or its level's file cannot
    /// be read).
    pub fn code(&self, pos: &Position<Mini>) -> Option<Code> {
        let key = slice_key(pos);
        let l = compact::potential(key);
        let mut window = self.window.borrow_mut();
        if !window.contains_key(&l) {
            self.levels.iter().find(|i| i.level == l)?;
            let level = self.load(l).ok()?;
            let held: u64 = window.values().map(Level::bytes).sum();
            if held + level.bytes() > self.cap {
                window.clear();
            }
            window.insert(l, level);
        }
        let codes = window.get(&l)?.slice(key)?;
        codes.get(compact::index(pos)).copied()
    }
}
