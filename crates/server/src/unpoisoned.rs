//! Locks that a panicking holder cannot poison for good, written once for the whole server.
//!
//! Every lock of the server guards a map, a list or a snapshot that holds no invariant a
//! panic could break half-way (a holder that panics has changed nothing yet, or one whole
//! entry), so the next holder goes on with what is there rather than panicking in turn and
//! taking the node down with it.

use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// [`Mutex::lock`] that recovers from a poisoned lock (see the module's notes).
pub(crate) trait Locked<T> {
    /// The guard, also after a holder panicked.
    fn locked(&self) -> MutexGuard<'_, T>;
}

impl<T> Locked<T> for Mutex<T> {
    fn locked(&self) -> MutexGuard<'_, T> {
        self.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// [`RwLock::read`] and [`RwLock::write`] that recover from a poisoned lock.
pub(crate) trait ReadWrite<T> {
    /// A reading guard, also after a writer panicked.
    fn reading(&self) -> RwLockReadGuard<'_, T>;
    /// The writing guard, also after a writer panicked.
    fn writing(&self) -> RwLockWriteGuard<'_, T>;
}

impl<T> ReadWrite<T> for RwLock<T> {
    fn reading(&self) -> RwLockReadGuard<'_, T> {
        self.read().unwrap_or_else(|e| e.into_inner())
    }

    fn writing(&self) -> RwLockWriteGuard<'_, T> {
        self.write().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_lock_poisoned_by_a_panic_is_still_usable() {
        let m = Arc::new(Mutex::new(vec![1]));
        let rw = Arc::new(RwLock::new(1));
        let (m2, rw2) = (Arc::clone(&m), Arc::clone(&rw));
        let _ = std::thread::spawn(move || {
            let _m = m2.lock().unwrap();
            let _w = rw2.write().unwrap();
            panic!("a holder panics");
        })
        .join();
        assert!(m.is_poisoned() && rw.is_poisoned());
        m.locked().push(2);
        assert_eq!(*m.locked(), [1, 2]);
        *rw.writing() += 1;
        assert_eq!(*rw.reading(), 2);
    }
}
