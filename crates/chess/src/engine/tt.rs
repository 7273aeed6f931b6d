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

impl Bound {
    /// How a search's `best` score bounds the value, given the window it was searched with.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
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
    /// The search that stored it ([`Table::new_search`]), so old entries give way.
    generation: u8,
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

/// A fixed-size table of two-entry buckets. The first entry keeps the deepest result of the
/// current search (deep results save the most work); the second always takes the newest, so
/// the many shallow results near the leaves (quiescence included) still find a place without
/// pushing out deep ones. Entries from earlier searches give way to any new result.
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Entry>,
    /// Bucket count minus one.
    mask: usize,
    generation: u8,
}

/// Scores at least this far from zero are mates; their distance is stored relative to the
/// node so a transposition at another ply reads the right distance.
const MATE_BOUND: i32 = super::MATE - 1000;

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two of entries).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, 4096) << 20;
        let n = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        let buckets = (n / 2).max(512);
        Table {
            entries: vec![Entry::default(); 2 * buckets],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Marks the start of a new search: what earlier searches stored may now be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 2
    }

    /// Looks up `key`.
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let b = self.bucket(key);
        let e = *self.entries[b..b + 2]
            .iter()
            .find(|e| e.bound != 0 && e.key == key)?;
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
        let b = self.bucket(key);
        let index = if let Some(i) = (b..b + 2).find(|&i| self.entries[i].key == key) {
            i
        } else {
            let first = self.entries[b];
            if first.bound == 0
                || first.generation != self.generation
                || depth >= first.depth.into()
            {
                // the deeper slot's old result moves to the newest slot
                self.entries[b + 1] = first;
                b
            } else {
                b + 1
            }
        };
        let generation = self.generation;
        let slot = &mut self.entries[index];
        if slot.key == key && i32::from(slot.depth) > depth + 2 && bound != Bound::Exact {
            slot.generation = generation;
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
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::{Bound, Table};

    /// Keys that fall in the same bucket of `t`.
    fn colliding(t: &Table, n: u64) -> Vec<u64> {
        (0..n).map(|i| 7 + i * (t.mask as u64 + 1)).collect()
    }

    #[test]
    fn a_deep_result_survives_shallow_ones_in_the_same_search() {
        let mut t = Table::new(1);
        let keys = colliding(&t, 4);
        t.store(keys[0], 0, 9, 50, Bound::Exact, 1);
        for &k in &keys[1..] {
            t.store(k, 0, 1, 10, Bound::Lower, 2);
        }
        let deep = t.probe(keys[0], 0).expect("the deep result is kept");
        assert_eq!((deep.depth, deep.score, deep.packed), (9, 50, 1));
        // the newest shallow result is there too; the ones it replaced are gone
        assert!(t.probe(keys[3], 0).is_some());
        assert!(t.probe(keys[1], 0).is_none());
    }

    #[test]
    fn results_of_earlier_searches_give_way() {
        let mut t = Table::new(1);
        let keys = colliding(&t, 2);
        t.store(keys[0], 0, 9, 50, Bound::Exact, 1);
        t.new_search();
        t.store(keys[1], 0, 1, 10, Bound::Upper, 2);
        // the new shallow result took the deep slot; the old one moved to the other slot
        assert_eq!(t.probe(keys[1], 0).map(|h| h.depth), Some(1));
        assert_eq!(t.probe(keys[0], 0).map(|h| h.depth), Some(9));
        t.store(keys[0] + 2 * (t.mask as u64 + 1), 0, 2, 0, Bound::Lower, 3);
        assert!(
            t.probe(keys[0], 0).is_none(),
            "the displaced result replaces the old one"
        );
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut t = Table::new(1);
        let mate_in_3_from_ply_4 = super::super::MATE - 4 - 5;
        t.store(11, 4, 6, mate_in_3_from_ply_4, Bound::Exact, 0);
        let hit = t.probe(11, 2).unwrap();
        assert_eq!(hit.score, super::super::MATE - 2 - 5);
    }
}
