//! The reviews waiting on one node, in order: a game asked for twice waits once, each client
//! (an address, an account) has at most a few games waiting, and the queue is bounded, so one
//! client can neither fill it nor push everyone else's review back.

use super::Asker;
use crate::error::{ApiError, Busy, Throttled};
use crate::unpoisoned::Locked;
use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;

/// Where a game's review stands on this node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Being made now.
    Running,
    /// Waiting: 1 is next.
    Waiting(usize),
}

/// A review asked for and not yet begun.
struct Job {
    game: String,
    address: Option<IpAddr>,
    account: Option<i64>,
}

#[derive(Default)]
struct State {
    waiting: VecDeque<Job>,
    running: Option<String>,
}

/// The queue.
pub struct ReviewQueue {
    state: Mutex<State>,
    wake: Notify,
    max_waiting: usize,
    per_client: usize,
}

impl ReviewQueue {
    /// A queue of at most `max_waiting` games, `per_client` of them a client's.
    pub fn new(max_waiting: usize, per_client: usize) -> ReviewQueue {
        ReviewQueue {
            state: Mutex::default(),
            wake: Notify::new(),
            max_waiting,
            per_client: per_client.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.locked()
    }

    /// Where `game` stands, if it is queued or running.
    pub fn place(&self, game: &str) -> Option<Place> {
        let s = self.lock();
        if s.running.as_deref() == Some(game) {
            return Some(Place::Running);
        }
        s.waiting
            .iter()
            .position(|j| j.game == game)
            .map(|i| Place::Waiting(i + 1))
    }

    /// Games waiting now.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Queues `game` for `asker` (`None`: the server's own, an automatic review), or tells
    /// where it already is: 429 when the asker has as many games waiting as it may, 503 when
    /// the queue is full.
    pub fn push(&self, game: &str, asker: Option<Asker>) -> Result<Place, ApiError> {
        let mut s = self.lock();
        if s.running.as_deref() == Some(game) {
            return Ok(Place::Running);
        }
        if let Some(i) = s.waiting.iter().position(|j| j.game == game) {
            return Ok(Place::Waiting(i + 1));
        }
        if let Some(a) = asker {
            let mine = s
                .waiting
                .iter()
                .filter(|j| {
                    j.address == Some(a.address) || (a.account.is_some() && j.account == a.account)
                })
                .count();
            if mine >= self.per_client {
                return Err(ApiError::RateLimited {
                    cause: Throttled::Reviews,
                    message: format!(
                        "you have {mine} games waiting for their review; ask again when one is done"
                    ),
                    retry_after: Duration::from_secs(10),
                });
            }
        }
        if s.waiting.len() >= self.max_waiting {
            return Err(ApiError::Unavailable {
                cause: Busy::Queue,
                message: "the computer has too many games to review; try again in a minute".into(),
                retry_after: Duration::from_secs(60),
            });
        }
        s.waiting.push_back(Job {
            game: game.to_string(),
            address: asker.map(|a| a.address),
            account: asker.and_then(|a| a.account),
        });
        let place = Place::Waiting(s.waiting.len());
        drop(s);
        self.wake.notify_one();
        Ok(place)
    }

    /// The next game to review, once there is one (it is then `Running` until [`done`]).
    ///
    /// [`done`]: ReviewQueue::done
    pub async fn next(&self) -> String {
        loop {
            let notified = self.wake.notified();
            {
                let mut s = self.lock();
                if let Some(job) = s.waiting.pop_front() {
                    s.running = Some(job.game.clone());
                    return job.game;
                }
            }
            notified.await;
        }
    }

    /// The running review is over (made, or failed).
    pub fn done(&self, game: &str) {
        let mut s = self.lock();
        if s.running.as_deref() == Some(game) {
            s.running = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asker(last: u8, account: Option<i64>) -> Option<Asker> {
        Some(Asker {
            address: IpAddr::from([10, 0, 0, last]),
            account,
        })
    }

    #[tokio::test(flavor = "current_thread")]
    async fn games_wait_in_order_once_each_and_show_their_place() {
        let q = ReviewQueue::new(8, 2);
        assert_eq!(q.push("a", asker(1, None)).unwrap(), Place::Waiting(1));
        assert_eq!(q.push("b", asker(2, None)).unwrap(), Place::Waiting(2));
        // asked again, by anyone: the same place, no second job, no share used
        assert_eq!(q.push("a", asker(3, None)).unwrap(), Place::Waiting(1));
        assert_eq!(q.waiting(), 2);
        assert_eq!(q.next().await, "a");
        assert_eq!(q.place("a"), Some(Place::Running));
        assert_eq!(q.place("b"), Some(Place::Waiting(1)));
        assert_eq!(q.push("a", None).unwrap(), Place::Running);
        q.done("a");
        assert_eq!(q.place("a"), None);
        assert_eq!(q.next().await, "b");
    }

    #[test]
    fn a_client_holds_a_few_places_and_the_queue_is_bounded() {
        let q = ReviewQueue::new(4, 2);
        q.push("a", asker(1, Some(7))).unwrap();
        q.push("b", asker(1, None)).unwrap();
        // address 1 holds its two places
        let e = q.push("c", asker(1, None)).unwrap_err();
        assert!(matches!(e, ApiError::RateLimited { .. }), "{e:?}");
        // account 7 holds one (from address 1): one more from anywhere, then no more
        assert_eq!(q.push("d", asker(9, Some(7))).unwrap(), Place::Waiting(3));
        let e = q.push("e", asker(10, Some(7))).unwrap_err();
        assert!(matches!(e, ApiError::RateLimited { .. }), "{e:?}");
        q.push("f", asker(2, None)).unwrap();
        let e = q.push("g", asker(3, None)).unwrap_err();
        assert!(matches!(e, ApiError::Unavailable { .. }), "{e:?}");
        // the server's own reviews are held only by the bound
        assert!(q.push("g", None).is_err());
    }
}
