//! One lane of the thinking pool: a few places to run at once, and the work waiting for them
//! queued per client and served in turn (round robin), so one client's long queue is never
//! ahead of another client's one request.

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

struct Waiter {
    grant: oneshot::Sender<Permit>,
}

#[derive(Default)]
struct State {
    running: usize,
    /// Each client's waiting work, oldest first.
    queues: HashMap<Key, VecDeque<Waiter>>,
    /// The clients with waiting work, in the order they are served.
    turn: VecDeque<Key>,
    waiting: usize,
    /// Work each key has queued or running (for the per-client bound).
    held: HashMap<Key, usize>,
    /// The average time a piece of work took, in milliseconds (for `Retry-After`).
    average_ms: f64,
}

impl State {
    /// The next waiter in turn, its client moved to the back of the turn.
    fn next_waiter(&mut self) -> Option<Waiter> {
        while let Some(key) = self.turn.pop_front() {
            let Some(queue) = self.queues.get_mut(&key) else {
                continue;
            };
            let waiter = queue.pop_front();
            if queue.is_empty() {
                self.queues.remove(&key);
            } else {
                self.turn.push_back(key);
            }
            if let Some(w) = waiter {
                self.waiting -= 1;
                return Some(w);
            }
        }
        None
    }
}

/// A lane of the pool.
pub struct Lane {
    state: Mutex<State>,
    capacity: usize,
    per_client: usize,
    max_waiting: usize,
}

/// A place to run in a lane; dropping it hands the place to the next waiter in turn.
pub struct Permit {
    lane: Option<Arc<Lane>>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(lane) = self.lane.take() {
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
            queue.retain(|w| !w.grant.is_closed());
            let gone = before - queue.len();
            s.waiting -= gone;
            if queue.is_empty() {
                s.queues.remove(first);
            }
        }
    }
}

impl Lane {
    /// A lane running `capacity` pieces of work at once, a client holding at most
    /// `per_client` (running and waiting), at most `max_waiting` waiting in all.
    pub fn new(capacity: usize, per_client: usize, max_waiting: usize) -> Arc<Lane> {
        Arc::new(Lane {
            state: Mutex::new(State::default()),
            capacity: capacity.max(1),
            per_client: per_client.max(1),
            max_waiting,
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn hand_on(self: &Arc<Self>) {
        loop {
            let next = {
                let mut s = self.lock();
                match s.next_waiter() {
                    Some(w) => w,
                    None => {
                        s.running -= 1;
                        return;
                    }
                }
            };
            let permit = Permit {
                lane: Some(Arc::clone(self)),
            };
            match next.grant.send(permit) {
                Ok(()) => return,
                // the waiter gave up: the place goes to the next one
                Err(mut p) => p.lane = None,
            }
        }
    }

    /// Queues work for `keys` (served in the turn of the first): its ticket, and the place
    /// to run once it is its turn (`None` from the channel when the lane is gone).
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
        if s.running < self.capacity && s.waiting == 0 {
            s.running += 1;
            let permit = Permit {
                lane: Some(Arc::clone(self)),
            };
            return Ok((ticket, Ok(permit)));
        }
        let (grant, rx) = oneshot::channel();
        let first = keys.first().cloned().unwrap_or(Key::Server);
        let state = &mut *s;
        let queue = state.queues.entry(first.clone()).or_default();
        if queue.is_empty() {
            state.turn.push_back(first);
        }
        queue.push_back(Waiter { grant });
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
