//! Solved levels held in memory while the levels below them are solved: each slice's codes,
//! found by key. Solving level `L` needs only the levels a leaving move reaches
//! ([`compact::child_levels`]): seven levels, not the whole game.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use tabula_chess::solve::compact;

/// A hasher for slice keys, which are already well spread in their low bits after mixing:
/// one multiply instead of SipHash's rounds (the solver looks keys up billions of times).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(29) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
}

/// One solved level.
pub struct Level {
    /// Where each slice's codes start in `codes`.
    start: HashMap<u128, u64, BuildHasherDefault<KeyHasher>>,
    /// The codes of every slice, in key order.
    codes: Vec<u8>,
}

/// Bytes a slice takes in a [`Level`]'s map, roughly (key, offset, the table's slack).
pub const MAP_BYTES_PER_SLICE: u64 = 48;

impl Level {
    /// A level from its sorted keys and codes.
    pub fn new(keys: &[u128], codes: Vec<u8>) -> anyhow::Result<Level> {
        let mut start = HashMap::with_capacity_and_hasher(keys.len(), Default::default());
        let mut at = 0u64;
        for &k in keys {
            start.insert(k, at);
            at += compact::slice_len(k).unwrap_or(0) as u64;
        }
        if at != codes.len() as u64 {
            anyhow::bail!(
                "a level's codes take {} bytes, its slices {at}: a damaged file",
                codes.len()
            );
        }
        Ok(Level { start, codes })
    }

    /// The codes of one slice.
    pub fn slice(&self, key: u128) -> Option<&[u8]> {
        let at = *self.start.get(&key)? as usize;
        let len = compact::slice_len(key)?;
        self.codes.get(at..at + len)
    }

    /// Bytes it holds, roughly.
    pub fn bytes(&self) -> u64 {
        self.codes.len() as u64 + MAP_BYTES_PER_SLICE * self.start.len() as u64
    }

    /// Every code, in key order.
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }
}

/// The levels in memory, by potential.
pub type Window = HashMap<u32, Level>;
