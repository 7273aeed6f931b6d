//! A small bounded cache of distance tables shared by the solvers.
//!
//! Tables are expensive to compute (one BFS) and cheap to share, so they are kept behind an
//! [`Arc`]. The cache forgets the oldest table when full, which is enough: queries cluster
//! on the cards in play. A lock (not `&mut self`) lets one solver serve many threads.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

/// The values by key, and the keys oldest first.
type Entries<K, V> = (HashMap<K, Arc<V>>, VecDeque<K>);

/// Up to `capacity` values by key, oldest forgotten first.
pub(crate) struct TableCache<K, V> {
    capacity: usize,
    inner: Mutex<Entries<K, V>>,
}

impl<K: Eq + Hash + Clone, V> TableCache<K, V> {
    pub(crate) fn new(capacity: usize) -> Self {
        Self {
            capacity,
            inner: Mutex::new((HashMap::new(), VecDeque::new())),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Entries<K, V>> {
        // Entries are inserted whole, so a lock poisoned by a panic elsewhere still guards a
        // consistent map.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The value for `key`, computing it (outside the lock) if it is not cached.
    pub(crate) fn get_or_compute(&self, key: K, compute: impl FnOnce(&K) -> V) -> Arc<V> {
        if let Some(v) = self.lock().0.get(&key) {
            return Arc::clone(v);
        }
        let value = Arc::new(compute(&key));
        let mut guard = self.lock();
        let (map, order) = &mut *guard;
        if let Some(existing) = map.get(&key) {
            return Arc::clone(existing); // another thread computed it meanwhile
        }
        if order.len() >= self.capacity
            && let Some(old) = order.pop_front()
        {
            map.remove(&old);
        }
        order.push_back(key.clone());
        map.insert(key, Arc::clone(&value));
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computes_once_and_forgets_the_oldest() {
        let cache = TableCache::new(2);
        let mut computed = 0;
        for k in [1, 2, 1, 3, 1] {
            cache.get_or_compute(k, |k| {
                computed += 1;
                k * 10
            });
        }
        // 1, 2 computed; 1 hit; 3 evicts 1; 1 recomputed
        assert_eq!(computed, 4);
        assert_eq!(*cache.get_or_compute(3, |_| 0), 30);
    }
}
