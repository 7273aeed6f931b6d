//! Replays, bounded and kept: building one replays a whole game and holds every step's view
//! at once (tens of megabytes for a long game), so at most a few are built at a time
//! ([`crate::Limits::replays`]), a request for a replay already being built waits for that
//! one instead of building it again, a few dozen more may wait (then 503), and a finished
//! game's replay, which can never change, is kept (the last ones, up to a memory budget) and
//! served as it is.

use crate::error::{ApiError, Busy};
use crate::unpoisoned::Locked;
use axum::body::Bytes;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{OnceCell, Semaphore};

/// The memory kept replays may take.
pub const KEPT_BYTES: usize = 48 * 1024 * 1024;
/// Requests that may wait for a replay to be built, per place to build one.
const WAITING_PER_PLACE: usize = 16;

type Building = Arc<OnceCell<Result<Bytes, ApiError>>>;

#[derive(Default)]
struct Kept {
    replays: HashMap<String, (Bytes, u64)>,
    bytes: usize,
    clock: u64,
}

/// The replays being built and kept.
pub struct Replays {
    places: Semaphore,
    waiting: AtomicUsize,
    max_waiting: usize,
    building: Mutex<HashMap<String, Building>>,
    kept: Mutex<Kept>,
    budget: usize,
    built: AtomicUsize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.locked()
}

/// Leaves the count of waiting requests right however the wait ends.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Replays {
    /// Building at most `places` at once, keeping up to `budget` bytes.
    pub fn new(places: usize, budget: usize) -> Replays {
        let places = places.max(1);
        Replays {
            places: Semaphore::new(places),
            waiting: AtomicUsize::new(0),
            max_waiting: places * WAITING_PER_PLACE,
            building: Mutex::new(HashMap::new()),
            kept: Mutex::new(Kept::default()),
            budget,
            built: AtomicUsize::new(0),
        }
    }

    /// How many replays were built (not served from what was kept or being built).
    pub fn built(&self) -> usize {
        self.built.load(Ordering::Relaxed)
    }

    /// The replay of `key` (a game and the length of its log): kept, being built, or built
    /// now by `build` in its turn; kept afterwards if `finished`.
    pub async fn get<F, Fut>(&self, key: &str, finished: bool, build: F) -> Result<Bytes, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Bytes, ApiError>>,
    {
        {
            let mut kept = lock(&self.kept);
            kept.clock += 1;
            let now = kept.clock;
            if let Some((bytes, used)) = kept.replays.get_mut(key) {
                *used = now;
                return Ok(bytes.clone());
            }
        }
        let cell: Building = Arc::clone(lock(&self.building).entry(key.to_string()).or_default());
        let answer = cell
            .get_or_init(|| async {
                if self.waiting.fetch_add(1, Ordering::Relaxed) >= self.max_waiting {
                    self.waiting.fetch_sub(1, Ordering::Relaxed);
                    return Err(ApiError::Unavailable {
                        cause: Busy::Queue,
                        message: "too many replays are being prepared; try again soon".into(),
                        retry_after: Duration::from_secs(5),
                    });
                }
                let waiting = Waiting(&self.waiting);
                let _place = self.places.acquire().await.map_err(|_| {
                    ApiError::unavailable(Busy::Closing, "the server is shutting down")
                })?;
                drop(waiting);
                self.built.fetch_add(1, Ordering::Relaxed);
                build().await
            })
            .await
            .clone();
        {
            let mut building = lock(&self.building);
            if building.get(key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
                building.remove(key);
            }
        }
        if finished && let Ok(bytes) = &answer {
            self.keep(key, bytes.clone());
        }
        answer
    }

    fn keep(&self, key: &str, bytes: Bytes) {
        if bytes.len() > self.budget / 4 {
            return; // one replay never takes most of the budget
        }
        let mut kept = lock(&self.kept);
        kept.clock += 1;
        let now = kept.clock;
        kept.bytes += bytes.len();
        if let Some((old, _)) = kept.replays.insert(key.to_string(), (bytes, now)) {
            kept.bytes -= old.len();
        }
        while kept.bytes > self.budget {
            let Some(oldest) = kept
                .replays
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((b, _)) = kept.replays.remove(&oldest) {
                kept.bytes -= b.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_build_serves_every_request_at_once_and_a_finished_one_is_kept() {
        let r = Arc::new(Replays::new(1, 1000));
        let mut asks = Vec::new();
        for _ in 0..10 {
            let r = Arc::clone(&r);
            asks.push(tokio::spawn(async move {
                r.get("g:5", true, || async {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    Ok(Bytes::from_static(b"replay"))
                })
                .await
            }));
        }
        for a in asks {
            assert_eq!(a.await.unwrap().unwrap(), Bytes::from_static(b"replay"));
        }
        assert_eq!(r.built(), 1);
        let again = r.get("g:5", true, || async { Ok(Bytes::new()) }).await;
        assert_eq!(again.unwrap(), Bytes::from_static(b"replay"));
        assert_eq!(r.built(), 1, "kept");
        // a game still being played is built again on each request
        r.get("h:1", false, || async { Ok(Bytes::from_static(b"x")) })
            .await
            .unwrap();
        r.get("h:1", false, || async { Ok(Bytes::from_static(b"x")) })
            .await
            .unwrap();
        assert_eq!(r.built(), 3);
    }

    #[tokio::test]
    async fn the_kept_replays_stay_within_their_budget() {
        let r = Replays::new(1, 400);
        for i in 0..10 {
            let key = format!("g{i}");
            r.get(&key, true, || async { Ok(Bytes::from(vec![b'x'; 90])) })
                .await
                .unwrap();
        }
        let kept = lock(&r.kept);
        assert!(kept.bytes <= 400, "{}", kept.bytes);
        assert!(kept.replays.contains_key("g9") && !kept.replays.contains_key("g0"));
    }
}
