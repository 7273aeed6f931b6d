//! The transposition table: what earlier searches learnt about a position, by Zobrist key.

use crate::moves::Move;

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (a principal-variation node).
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// A move packed into 16 bits: from (6), to (6), promotion role + 1 (3). Enough to find the
/// move again in a generated list.
pub fn pack(m: &Move) -> u16 {
    u16::from(m.from)
        | u16::from(m.to) << 6
        | m.promotion.map_or(0, |r| (r.index() as u16 + 1) << 12)
}

/// One stored result.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    packed: u16,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper.
    bound: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move found (packed; 0 for none).
    pub packed: u16,
    /// The score, mate distances relative to the probing node.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// How the score bounds the value.
    pub bound: Bound,
}

/// A fixed-size table, one entry per slot, replaced when the new result is at least nearly as
/// deep or about another position.
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// Scores at least this far from zero are mates; their distance is stored relative to the
/// node so a transposition at another ply reads the right distance.
const MATE_BOUND: i32 = super::MATE - 1000;

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two of entries).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, 4096) << 20;
        let n = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        let n = n.max(1024);
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// Looks up `key`.
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let e = self.entries[key as usize & self.mask];
        if e.bound == 0 || e.key != key {
            return None;
        }
        let mut score = i32::from(e.score);
        if score >= MATE_BOUND {
            score -= ply;
        } else if score <= -MATE_BOUND {
            score += ply;
        }
        Some(Hit {
            packed: e.packed,
            score,
            depth: i32::from(e.depth),
            bound: match e.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result for `key` found at `ply` from the root.
    pub fn store(&mut self, key: u64, ply: i32, depth: i32, score: i32, bound: Bound, packed: u16) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && i32::from(slot.depth) > depth + 2 && bound != Bound::Exact {
            return;
        }
        let mut stored = score;
        if score >= MATE_BOUND {
            stored += ply;
        } else if score <= -MATE_BOUND {
            stored -= ply;
        }
        let packed = if packed == 0 && slot.key == key {
            slot.packed
        } else {
            packed
        };
        *slot = Entry {
            key,
            packed,
            score: stored.clamp(-32000, 32000) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
        };
    }
}
