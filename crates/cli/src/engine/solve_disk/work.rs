//! Work shared between threads: items taken in turn from a common counter, results kept in
//! the items' order.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// `f` over `items` on `threads` threads, the results in the items' order; the first error
/// stops the rest.
pub fn parallel_map<T: Sync, R: Send>(
    threads: usize,
    items: &[T],
    f: impl Fn(&T) -> anyhow::Result<R> + Sync,
) -> anyhow::Result<Vec<R>> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let results: Mutex<Vec<Option<anyhow::Result<R>>>> =
        Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = f(&items[i]);
                    if r.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r);
                    }
                }
            });
        }
    });
    let all = results
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker thread panicked"))?;
    // the error that stopped the work, wherever it fell
    let mut out = Vec::with_capacity(all.len());
    let mut skipped = false;
    for r in all {
        match r {
            Some(r) => out.push(r?),
            None => skipped = true,
        }
    }
    if skipped {
        anyhow::bail!("a worker stopped early");
    }
    Ok(out)
}
