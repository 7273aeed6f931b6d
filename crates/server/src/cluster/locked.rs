//! A map behind a mutex that a panicking holder cannot poison for good.

use std::sync::{Mutex, MutexGuard};

/// Locks `m`, also after a holder panicked (the maps it guards hold no invariant a panic
/// could break half-way).
pub(crate) fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
