//! The thinking pool: every long computation the server makes (a bot's search, a hint, the
//! analysis board) runs here, on tokio's blocking threads and at most a few at once, so the
//! async runtime that answers every socket and request is never held up by a search.
//!
//! The bound is on CPU, not on requests: with `n` permits at most `n` searches run and the
//! rest wait their turn (a bot's move comes a little later; a room keeps answering meanwhile).
//! Requests from outside (hints, analysis) may not queue without end: past `max_waiting`
//! they are refused with 503 instead.

use crate::error::ApiError;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Semaphore;

/// The pool.
pub struct Thinking {
    permits: Arc<Semaphore>,
    capacity: usize,
    waiting: AtomicUsize,
    max_waiting: usize,
}

/// How many searches may run at once by default: every core but one, which stays free for
/// the runtime (at least one).
pub fn default_concurrency() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

/// Leaves the count of waiting requests right however the wait ends.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Thinking {
    /// A pool running at most `concurrency` computations at once.
    pub fn new(concurrency: usize) -> Arc<Thinking> {
        Arc::new(Thinking {
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
            capacity: concurrency.max(1),
            waiting: AtomicUsize::new(0),
            max_waiting: 64,
        })
    }

    /// Runs `work` when a place is free and returns its result (the server's own work: bots
    /// always get their turn).
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let waiting = Waiting(&self.waiting);
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable("the server is shutting down"))?;
        drop(waiting);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::Internal(format!("a search failed: {e}")))
    }

    /// Like [`run`](Thinking::run) for work a client asked for: refused with 503 when too
    /// many requests already wait.
    pub async fn run_requested<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.waiting.load(Ordering::Relaxed) >= self.max_waiting {
            return Err(ApiError::unavailable(
                "the computer is busy with other searches; try again in a few seconds",
            ));
        }
        self.run(work).await
    }

    /// Searches running or waiting now.
    pub fn busy(&self) -> usize {
        self.waiting.load(Ordering::Relaxed) + self.running()
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.capacity
            .saturating_sub(self.permits.available_permits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "current_thread")]
    async fn work_runs_off_the_runtime_and_at_most_n_at_once() {
        let pool = Thinking::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..6 {
            let (pool, running, most) = (Arc::clone(&pool), running.clone(), most.clone());
            tasks.push(tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(30));
                    running.fetch_sub(1, Ordering::SeqCst);
                    7
                })
                .await
                .unwrap()
            }));
        }
        // the single-threaded runtime stays free while the work sleeps on other threads
        let ticker = tokio::spawn(async {
            let mut n = 0;
            for _ in 0..5 {
                tokio::time::sleep(Duration::from_millis(5)).await;
                n += 1;
            }
            n
        });
        for t in tasks {
            assert_eq!(t.await.unwrap(), 7);
        }
        assert_eq!(ticker.await.unwrap(), 5);
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }
}
