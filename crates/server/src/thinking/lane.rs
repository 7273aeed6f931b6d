//! One lane of the thinking pool: a few places to run at once, and the work waiting for them
//! queued per client and served in turn (round robin), so one client's long queue is never
//! ahead of another client's one request. No client may hold every place of a lane: one
//! always stays for the others (with a single place that cannot be, and the turns alone keep
//! the share), so another client's work starts at once instead of waiting for a long search
//! to end.

use crate::unpoisoned::Locked;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::oneshot;

/// Whom a piece of work is for: its queue, and what its bounds count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A client's address (its IPv6 prefix).
    Address(IpAddr),
    /// A signed-in account.
    Account(i64),
    /// A game nobody asked for by address (a bot's move after a timer, or loaded after a
    /// restart).
    Game(String),
    /// The server's own work.
    Server,
}

/// Why work was not queued.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// The client has as much queued as it may: come back after this long.
    ClientBusy(Duration),
    /// Everyone's queue together is full.
    Full,
}

#[derive(Default)]
struct State {
    running: usize,
    /// The work running for each client (its first key).
    running_by: HashMap<Key, usize>,
    /// Each client's waiting work, oldest first.
    queues: HashMap<Key, VecDeque<oneshot::Sender<Permit>>>,
    /// The clients with waiting work, in the order they are served.
    turn: VecDeque<Key>,
    waiting: usize,
    /// Work each key has queued or running (for the per-client bound).
    held: HashMap<Key, usize>,
    /// The average time a piece of work took, in milliseconds (for `Retry-After`).
    average_ms: f64,
}

impl State {
    fn running_of(&self, key: &Key) -> usize {
        self.running_by.get(key).copied().unwrap_or(0)
    }

    /// Whether `key` may start one more with `per_key` the most a client runs (the server's
    /// own work is no client's, and runs as the places allow).
    fn may_start(&self, key: &Key, per_key: usize) -> bool {
        *key == Key::Server || self.running_of(key) < per_key
    }

    fn start(&mut self, key: &Key) {
        self.running += 1;
        *self.running_by.entry(key.clone()).or_insert(0) += 1;
    }

    fn stop(&mut self, key: &Key) {
        self.running -= 1;
        if let Some(n) = self.running_by.get_mut(key) {
            *n -= 1;
            if *n == 0 {
                self.running_by.remove(key);
            }
        }
    }

    /// The next waiter in turn among the clients below `per_key` running, its client moved
    /// to the back of the turn.
    fn next_waiter(&mut self, per_key: usize) -> Option<(Key, oneshot::Sender<Permit>)> {
        for _ in 0..self.turn.len() {
            let key = self.turn.pop_front()?;
            if !self.may_start(&key, per_key) {
                self.turn.push_back(key);
                continue;
            }
            let Some(queue) = self.queues.get_mut(&key) else {
                continue;
            };
            let waiter = queue.pop_front();
            if queue.is_empty() {
                self.queues.remove(&key);
            } else {
                self.turn.push_back(key.clone());
            }
            if let Some(w) = waiter {
                self.waiting -= 1;
                return Some((key, w));
            }
        }
        None
    }

    /// Whether any waiting client may start now.
    fn someone_may_start(&self, per_key: usize) -> bool {
        self.queues
            .iter()
            .any(|(k, q)| !q.is_empty() && self.may_start(k, per_key))
    }
}

/// A lane of the pool.
pub struct Lane {
    state: Mutex<State>,
    capacity: usize,
    /// The most one client runs at once.
    per_key_running: usize,
    per_client: usize,
    max_waiting: usize,
}

/// A place to run in a lane; dropping it hands the place to the next waiter in turn.
pub struct Permit {
    lane: Option<Arc<Lane>>,
    key: Key,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(lane) = self.lane.take() {
            lane.lock().stop(&self.key);
            lane.hand_on();
        }
    }
}

/// A piece of work counted against its keys while it waits or runs.
pub struct Ticket {
    lane: Arc<Lane>,
    keys: Vec<Key>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut guard = self.lane.lock();
        let s = &mut *guard;
        for k in &self.keys {
            if let Some(n) = s.held.get_mut(k) {
                *n -= 1;
                if *n == 0 {
                    s.held.remove(k);
                }
            }
        }
        // a waiter that gave up leaves its place in the queue
        if let Some(first) = self.keys.first()
            && let Some(queue) = s.queues.get_mut(first)
        {
            let before = queue.len();
            queue.retain(|w| !w.is_closed());
            let gone = before - queue.len();
            s.waiting -= gone;
            if queue.is_empty() {
                s.queues.remove(first);
            }
        }
    }
}

impl Lane {
    /// A lane running `capacity` pieces of work at once (one client at most `capacity - 1`
    /// of them, at least one), a client holding at most `per_client` (running and
    /// waiting), at most `max_waiting` waiting in all.
    pub fn new(capacity: usize, per_client: usize, max_waiting: usize) -> Arc<Lane> {
        let capacity = capacity.max(1);
        Arc::new(Lane {
            state: Mutex::new(State::default()),
            capacity,
            per_key_running: (capacity - 1).max(1),
            per_client: per_client.max(1),
            max_waiting,
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.locked()
    }

    /// Gives free places to the waiters whose turn it is.
    fn hand_on(self: &Arc<Self>) {
        loop {
            let (key, grant) = {
                let mut s = self.lock();
                if s.running >= self.capacity {
                    return;
                }
                let Some((key, grant)) = s.next_waiter(self.per_key_running) else {
                    return;
                };
                s.start(&key);
                (key, grant)
            };
            let permit = Permit {
                lane: Some(Arc::clone(self)),
                key,
            };
            if let Err(mut p) = grant.send(permit) {
                // the waiter gave up: its place goes to the next one
                p.lane = None;
                self.lock().stop(&p.key);
            }
        }
    }

    /// Queues work for `keys` (served in the turn of the first): its ticket, and the place
    /// to run now or once it is its turn (`None` from the channel when the lane is gone).
    pub fn enter(
        self: &Arc<Self>,
        keys: Vec<Key>,
        bounded: bool,
    ) -> Result<(Ticket, Result<Permit, oneshot::Receiver<Permit>>), Refusal> {
        let mut s = self.lock();
        if bounded {
            let most = keys
                .iter()
                .map(|k| s.held.get(k).copied().unwrap_or(0))
                .max()
                .unwrap_or(0);
            if most >= self.per_client {
                let per = Duration::from_millis(s.average_ms.max(500.0) as u64);
                let wait = per * (most as u32).max(1) / self.capacity as u32;
                return Err(Refusal::ClientBusy(wait.max(Duration::from_secs(1))));
            }
            if s.waiting >= self.max_waiting {
                return Err(Refusal::Full);
            }
        }
        for k in &keys {
            *s.held.entry(k.clone()).or_insert(0) += 1;
        }
        let ticket = Ticket {
            lane: Arc::clone(self),
            keys: keys.clone(),
        };
        let first = keys.first().cloned().unwrap_or(Key::Server);
        let free = s.running < self.capacity && s.may_start(&first, self.per_key_running);
        if free && !s.someone_may_start(self.per_key_running) {
            s.start(&first);
            let permit = Permit {
                lane: Some(Arc::clone(self)),
                key: first,
            };
            return Ok((ticket, Ok(permit)));
        }
        let (grant, rx) = oneshot::channel();
        let state = &mut *s;
        let queue = state.queues.entry(first.clone()).or_default();
        if queue.is_empty() {
            state.turn.push_back(first);
        }
        queue.push_back(grant);
        state.waiting += 1;
        Ok((ticket, Err(rx)))
    }

    /// Records how long a piece of work took.
    pub fn took(&self, elapsed: Duration) {
        let mut s = self.lock();
        let ms = elapsed.as_secs_f64() * 1000.0;
        s.average_ms = if s.average_ms == 0.0 {
            ms
        } else {
            0.8 * s.average_ms + 0.2 * ms
        };
    }

    /// Work running now.
    pub fn running(&self) -> usize {
        self.lock().running
    }

    /// Work waiting now.
    pub fn waiting(&self) -> usize {
        self.lock().waiting
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(n: u8) -> Key {
        Key::Address(IpAddr::from([10, 0, 0, n]))
    }

    /// Enters work that must wait; its receiver.
    fn wait(lane: &Arc<Lane>, key: Key) -> (Ticket, oneshot::Receiver<Permit>) {
        let (t, p) = lane.enter(vec![key], false).unwrap();
        (t, p.err().expect("it waits"))
    }

    #[test]
    fn clients_are_served_in_turn_not_in_arrival_order() {
        let lane = Lane::new(1, 10, 100);
        let (_t0, first) = lane.enter(vec![addr(1)], false).unwrap();
        let first = first.ok().expect("a free place at once");
        // client 1 queues three more, then client 2 one
        let mut a: Vec<_> = (0..3).map(|_| wait(&lane, addr(1))).collect();
        let (_tb, mut b) = wait(&lane, addr(2));
        assert_eq!(lane.waiting(), 4);
        drop(first);
        // client 1's next, then client 2's, though it came after all of client 1's
        let p = a[0].1.try_recv().expect("client 1's turn");
        assert!(b.try_recv().is_err());
        drop(p);
        let p = b.try_recv().expect("client 2's turn comes second");
        assert!(a[1].1.try_recv().is_err());
        drop(p);
        let p = a[1].1.try_recv().expect("then client 1 again");
        drop(p);
        let p = a.remove(2).1.try_recv().expect("and its last");
        drop(p);
        assert_eq!((lane.running(), lane.waiting()), (0, 0));
    }

    #[test]
    fn a_client_holds_a_bounded_share_and_a_waiter_that_gives_up_leaves() {
        let lane = Lane::new(1, 2, 100);
        let (t1, p1) = lane.enter(vec![addr(1)], true).unwrap();
        let (t2, rx2) = lane.enter(vec![addr(1)], true).unwrap();
        match lane.enter(vec![addr(1)], true) {
            Err(Refusal::ClientBusy(wait)) => assert!(wait >= Duration::from_secs(1)),
            _ => panic!("a third is refused"),
        }
        // another client is not held back by the first's bound; the account bound counts too
        let (t3, rx3) = lane.enter(vec![addr(2), Key::Account(7)], true).unwrap();
        let second = lane.enter(vec![addr(3), Key::Account(7)], true);
        assert!(second.is_ok());
        assert!(matches!(
            lane.enter(vec![addr(4), Key::Account(7)], true),
            Err(Refusal::ClientBusy(_))
        ));
        // the second of client 1 gives up: client 2 is next
        drop(rx2);
        drop(t2);
        drop(p1);
        drop(t1);
        let p = rx3.err().unwrap().try_recv().expect("client 2 runs");
        drop(p);
        drop(t3);
    }

    #[test]
    fn one_client_never_holds_every_place() {
        let lane = Lane::new(2, 10, 100);
        let (_t1, p1) = lane.enter(vec![addr(1)], false).unwrap();
        assert!(p1.is_ok(), "the first place at once");
        // client 1's second search waits though a place is free: it stays for the others
        let (_t2, mut second) = wait(&lane, addr(1));
        assert!(second.try_recv().is_err());
        assert_eq!(lane.running(), 1);
        let (_t3, p3) = lane.enter(vec![addr(2)], false).unwrap();
        assert!(p3.is_ok(), "another client starts at once");
        drop(p1);
        assert!(
            second.try_recv().is_ok(),
            "client 1's next when its first ends"
        );
    }

    #[test]
    fn the_whole_queue_is_bounded() {
        let lane = Lane::new(1, 10, 2);
        let held: Vec<_> = (0..3)
            .map(|i| lane.enter(vec![addr(i)], true).unwrap())
            .collect();
        assert_eq!(lane.waiting(), 2);
        assert!(matches!(
            lane.enter(vec![addr(9)], true),
            Err(Refusal::Full)
        ));
        // the server's own work is never refused
        assert!(lane.enter(vec![Key::Server], false).is_ok());
        drop(held);
    }
}
