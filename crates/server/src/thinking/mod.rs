//! The thinking pool: every long computation the server makes (a bot's search, a hint, the
//! analysis board, an exercise) runs here, on tokio's blocking threads and at most a few at
//! once, so the async runtime that answers every socket and request is never held up by a
//! search.
//!
//! Fair shares ([`lane`]): the games and the tools have lanes of their own, so a tool (asked
//! for by anyone, up to seconds long) never keeps a bot from its move; in each lane the work
//! waiting is queued per client and served in turn, so one client's queue is never ahead of
//! another client's single request, and no client holds every place of a lane, so another
//! client's search starts at once instead of after a long one. A bot's search is the client's whose move called for it.
//! A client may hold only a few tool searches (running and waiting: 429 with `Retry-After`
//! beyond them) and the tools' queue is bounded (503); bots always get their turn, and a bot's
//! search nobody needs any more (the game moved on: a takeback, a resignation) is dropped when
//! its turn comes instead of run.

pub mod lane;
pub mod review_queue;

use crate::error::{ApiError, Busy, Fault, Throttled};
use lane::{Key, Lane, Permit, Refusal};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Who asked for a tool's search.
#[derive(Clone, Copy, Debug)]
pub struct Asker {
    /// The client's address (its IPv6 prefix).
    pub address: IpAddr,
    /// The signed-in account, if any.
    pub account: Option<i64>,
}

/// The pool.
pub struct Thinking {
    games: Arc<Lane>,
    tools: Arc<Lane>,
}

/// Waits for the place `entered` promises.
async fn place(
    entered: Result<Permit, tokio::sync::oneshot::Receiver<Permit>>,
) -> Result<Permit, ApiError> {
    match entered {
        Ok(p) => Ok(p),
        Err(rx) => rx
            .await
            .map_err(|_| ApiError::unavailable(Busy::Closing, "the server is shutting down")),
    }
}

/// Runs `work` on a blocking thread holding `permit`, and tells `lane` how long it took.
async fn run_on<T: Send + 'static>(
    lane: &Arc<Lane>,
    which: crate::metrics::Lane,
    permit: Permit,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let began = Instant::now();
    let out = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| ApiError::Internal(Fault::Task, format!("a search failed: {e}")));
    lane.took(began.elapsed());
    crate::metrics::METRICS
        .search_seconds
        .get_or_create(&crate::metrics::LaneLabels { lane: which })
        .observe(began.elapsed().as_secs_f64());
    out
}

impl Thinking {
    /// A pool running at most `games` bot searches and `tools` tool searches at once; a
    /// client holds at most `per_client` tool searches, `max_waiting` wait in all.
    pub fn new(games: usize, tools: usize, per_client: usize, max_waiting: usize) -> Thinking {
        Thinking {
            games: Lane::new(games, usize::MAX, usize::MAX),
            tools: Lane::new(tools, per_client, max_waiting),
        }
    }

    /// Runs a game's bot search in the turn of `key` (whose move called for it), unless
    /// `wanted` says, when its turn comes, that the game has moved on (`Ok(None)`).
    pub async fn run_game<T: Send + 'static>(
        &self,
        key: Key,
        wanted: impl FnOnce() -> bool,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Option<T>, ApiError> {
        let (_ticket, entered) = self
            .games
            .enter(vec![key], false)
            .map_err(|_| ApiError::unavailable(Busy::Queue, "the computer is busy"))?;
        let permit = place(entered).await?;
        if !wanted() {
            return Ok(None);
        }
        run_on(&self.games, crate::metrics::Lane::Games, permit, work)
            .await
            .map(Some)
    }

    /// Runs the server's own work in the games' lane, in its own turn.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.run_game(Key::Server, || true, work)
            .await?
            .ok_or_else(|| {
                ApiError::Internal(Fault::Task, "the server's own search was dropped".into())
            })
    }

    /// Runs a tool's search `asker` asked for, in the turn of its address: 429 with
    /// `Retry-After` when the asker already holds its share, 503 when the tools' queue is
    /// full.
    pub async fn run_tool<T: Send + 'static>(
        &self,
        asker: Asker,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let mut keys = vec![Key::Address(asker.address)];
        keys.extend(asker.account.map(Key::Account));
        let (_ticket, entered) = self.tools.enter(keys, true).map_err(|r| match r {
            Refusal::ClientBusy(wait) => ApiError::RateLimited {
                cause: Throttled::Address,
                message: format!(
                    "you have as many searches under way as you may; try again in {} s",
                    wait.as_secs().max(1)
                ),
                retry_after: wait,
            },
            Refusal::Full => ApiError::Unavailable {
                cause: Busy::Queue,
                message: "the computer is busy with other searches; try again in a few seconds"
                    .into(),
                retry_after: Duration::from_secs(5),
            },
        })?;
        let permit = place(entered).await?;
        run_on(&self.tools, crate::metrics::Lane::Tools, permit, work).await
    }

    /// Searches running or waiting now.
    pub fn busy(&self) -> usize {
        self.running() + self.games.waiting() + self.tools.waiting()
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.games.running() + self.tools.running()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "current_thread")]
    async fn work_runs_off_the_runtime_and_at_most_n_at_once() {
        let pool = Arc::new(Thinking::new(2, 1, 8, 64));
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

    #[tokio::test(flavor = "current_thread")]
    async fn a_search_nobody_wants_any_more_is_not_run() {
        let pool = Thinking::new(1, 1, 8, 64);
        let ran = Arc::new(AtomicUsize::new(0));
        let r = Arc::clone(&ran);
        let out = pool
            .run_game(
                Key::Game("g".into()),
                || false,
                move || r.fetch_add(1, Ordering::SeqCst),
            )
            .await
            .unwrap();
        assert_eq!((out, ran.load(Ordering::SeqCst)), (None, 0));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_tool_never_takes_a_games_place_and_a_client_gets_429_past_its_share() {
        let pool = Arc::new(Thinking::new(1, 1, 2, 64));
        let me = Asker {
            address: IpAddr::from([10, 0, 0, 1]),
            account: None,
        };
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(std::sync::Mutex::new(held));
        // the tools' one place is taken, and one more waits
        let mut tools = Vec::new();
        for _ in 0..2 {
            let (pool, held) = (Arc::clone(&pool), Arc::clone(&held));
            tools.push(tokio::spawn(async move {
                pool.run_tool(me, move || held.lock().unwrap().recv().ok())
                    .await
            }));
        }
        while pool.tools.running() + pool.tools.waiting() < 2 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let e = pool.run_tool(me, || ()).await.unwrap_err();
        assert_eq!(e.status().as_u16(), 429);
        assert!(e.retry_after().is_some());
        // a bot's search runs at once all the same
        assert_eq!(pool.run(|| 5).await.unwrap(), 5);
        release.send(()).unwrap();
        release.send(()).unwrap();
        for t in tools {
            t.await.unwrap().unwrap();
        }
    }
}
