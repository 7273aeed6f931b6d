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

/// A move packed into 16 bits: from (6), to (6), promotion role + 1 (3); a pass is the one
/// code with promotion bits 7. Enough to find the move again in a generated list.
pub fn pack(m: &Move) -> u16 {
    if m.is_pass() {
        return 7 << 12;
    }
    u16::from(m.from)
        | u16::from(m.to) << 6
        | m.promotion.map_or(0, |r| (r.index() as u16 + 1) << 12)
}

/// The stored static evaluation of a node that had none (it was in check).
const NO_EVAL: i16 = i16::MIN;

/// One stored result, 16 bytes. Only the key's upper half is kept: the lower half chose the
/// bucket, so 32 stored bits plus the bucket index identify the position, and a rare false
/// match can only cost a stored move that is not legal (it is looked up in the generated list).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    check: u32,
    packed: u16,
    score: i16,
    /// The node's static evaluation, so a revisit need not compute it again.
    eval: i16,
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
    /// The node's static evaluation when it was stored (`None` when it was in check).
    pub eval: Option<i32>,
}

impl Hit {
    /// Whether the stored score decides a search of the window (`alpha`, `beta`): an exact
    /// score, a lower bound at or above beta, or an upper bound at or below alpha.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
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

    /// The part of the key an entry stores.
    fn check(key: u64) -> u32 {
        (key >> 32) as u32
    }

    /// Looks up `key`.
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let b = self.bucket(key);
        let check = Self::check(key);
        let e = *self.entries[b..b + 2]
            .iter()
            .find(|e| e.bound != 0 && e.check == check)?;
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
            eval: (e.eval != NO_EVAL).then_some(i32::from(e.eval)),
        })
    }

    /// Stores a result for `key` found at `ply` from the root, with the node's static
    /// evaluation (`None` in check).
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: i32,
        depth: i32,
        score: i32,
        bound: Bound,
        packed: u16,
        eval: Option<i32>,
    ) {
        let b = self.bucket(key);
        let check = Self::check(key);
        let index = if let Some(i) = (b..b + 2).find(|&i| self.entries[i].check == check) {
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
        if slot.check == check && i32::from(slot.depth) > depth + 2 && bound != Bound::Exact {
            slot.generation = generation;
            return;
        }
        let mut stored = score;
        if score >= MATE_BOUND {
            stored += ply;
        } else if score <= -MATE_BOUND {
            stored -= ply;
        }
        let packed = if packed == 0 && slot.check == check {
            slot.packed
        } else {
            packed
        };
        *slot = Entry {
            check,
            packed,
            score: stored.clamp(-32000, 32000) as i16,
            eval: eval.map_or(NO_EVAL, |e| e.clamp(-32000, 32000) as i16),
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

    /// Keys that fall in the same bucket (same low bits) but are different positions.
    fn colliding(n: u64) -> Vec<u64> {
        (0..n).map(|i| 7 | (i + 1) << 40).collect()
    }

    #[test]
    fn a_deep_result_survives_shallow_ones_in_the_same_search() {
        let mut t = Table::new(1);
        let keys = colliding(4);
        t.store(keys[0], 0, 9, 50, Bound::Exact, 1, Some(0));
        for &k in &keys[1..] {
            t.store(k, 0, 1, 10, Bound::Lower, 2, Some(0));
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
        let keys = colliding(3);
        t.store(keys[0], 0, 9, 50, Bound::Exact, 1, Some(0));
        t.new_search();
        t.store(keys[1], 0, 1, 10, Bound::Upper, 2, Some(0));
        // the new shallow result took the deep slot; the old one moved to the other slot
        assert_eq!(t.probe(keys[1], 0).map(|h| h.depth), Some(1));
        assert_eq!(t.probe(keys[0], 0).map(|h| h.depth), Some(9));
        t.store(keys[2], 0, 2, 0, Bound::Lower, 3, None);
        assert!(
            t.probe(keys[0], 0).is_none(),
            "the displaced result replaces the old one"
        );
    }

    #[test]
    fn the_static_evaluation_is_kept_with_the_result() {
        let mut t = Table::new(1);
        t.store(21, 0, 3, 40, Bound::Lower, 5, Some(-17));
        t.store(22, 0, 3, 40, Bound::Upper, 5, None);
        assert_eq!(t.probe(21, 0).and_then(|h| h.eval), Some(-17));
        assert_eq!(t.probe(22, 0).map(|h| h.eval), Some(None));
        assert_eq!(std::mem::size_of::<super::Entry>(), 16);
    }

    #[test]
    fn a_bound_settles_only_windows_on_its_side() {
        let mut t = Table::new(1);
        t.store(31, 0, 5, 40, Bound::Lower, 0, None);
        let lower = t.probe(31, 0).unwrap();
        assert!(lower.settles(0, 40) && !lower.settles(0, 41));
        t.store(32, 0, 5, 40, Bound::Upper, 0, None);
        let upper = t.probe(32, 0).unwrap();
        assert!(upper.settles(40, 60) && !upper.settles(39, 60));
        t.store(33, 0, 5, 40, Bound::Exact, 0, None);
        assert!(t.probe(33, 0).unwrap().settles(100, 200));
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut t = Table::new(1);
        let mate_in_3_from_ply_4 = super::super::MATE - 4 - 5;
        t.store(11, 4, 6, mate_in_3_from_ply_4, Bound::Exact, 0, Some(0));
        let hit = t.probe(11, 2).unwrap();
        assert_eq!(hit.score, super::super::MATE - 2 - 5);
    }
}
