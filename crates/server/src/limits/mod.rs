//! The bounds that keep one server healthy, and the per-address rate limits that keep one
//! client (or one attacker) from taking what everyone shares.
//!
//! Rates are token buckets from the `governor` crate, keyed by the client's address: a burst
//! of `burst` at once, then one more every `every`. Over the limit a request is answered 429
//! with `Retry-After`. The address is the TCP peer's, or, when the peer is one of the
//! configured reverse proxies, the last address in `X-Forwarded-For` that is not a proxy.

use crate::error::ApiError;
use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A token bucket: `burst` at once, then one more every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// How many at once.
    pub burst: u32,
    /// The time that earns one more.
    pub every: Duration,
}

impl Rate {
    /// `burst` at once, then `per_minute` a minute.
    pub const fn per_minute(burst: u32, per_minute: u32) -> Rate {
        Rate {
            burst,
            every: Duration::from_millis(60_000 / per_minute as u64),
        }
    }

    /// `burst` at once, then `per_second` a second.
    pub const fn per_second(burst: u32, per_second: u32) -> Rate {
        Rate {
            burst,
            every: Duration::from_millis(1_000 / per_second as u64),
        }
    }
}

/// Bounds that keep one server healthy. `None` rates are unlimited (tests and load tests).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Rooms in memory at once; past it the least recently used room without connections
    /// leaves memory (it reloads from its log on the next visit).
    pub rooms: usize,
    /// WebSockets in all.
    pub sockets: usize,
    /// WebSockets from one address.
    pub sockets_per_address: usize,
    /// Sockets of seated players in one room, per seat.
    pub sockets_per_seat: usize,
    /// Spectators' sockets in one room (counted apart from the players', so watchers can
    /// never lock the players out).
    pub spectators_per_room: usize,
    /// Open HTTP connections in all (WebSockets not counted once upgraded).
    pub http_connections: usize,
    /// Open HTTP connections from one address.
    pub http_connections_per_address: usize,
    /// Time to send a request's headers, and the longest a kept-alive connection may idle.
    pub header_timeout: Duration,
    /// Time to send a request's body.
    pub body_timeout: Duration,
    /// How often a WebSocket is pinged; a peer silent for two periods is dropped.
    pub heartbeat: Duration,
    /// A socket that does not take a frame within this time is dropped (a client that stopped
    /// reading).
    pub send_timeout: Duration,
    /// How long a room with nobody connected stays in memory.
    pub idle: Duration,
    /// How long a lobby waits to start before it expires.
    pub lobby_expiry: Duration,
    /// A player disconnected this long is away: the host's role passes to the next seat, and
    /// a game its bots would play on alone (a party, a match) is closed once every player is
    /// away.
    pub away: Duration,
    /// Game creations per address.
    pub creates: Option<Rate>,
    /// Seats taken per address.
    pub joins: Option<Rate>,
    /// WebSocket frames per address.
    pub frames: Option<Rate>,
    /// API requests of any kind per address.
    pub requests: Option<Rate>,
    /// Sign-ups and log-ins per address.
    pub logins: Option<Rate>,
    /// Log-ins per account name (whatever the address: a guessed password is slowed
    /// however many addresses guess).
    pub logins_per_account: Option<Rate>,
    /// Searches (bots, hints, analysis) running at once.
    pub thinking: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rooms: 2_000,
            sockets: 10_000,
            sockets_per_address: 100,
            sockets_per_seat: 8,
            spectators_per_room: 200,
            http_connections: 4_096,
            http_connections_per_address: 128,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            heartbeat: Duration::from_secs(20),
            send_timeout: Duration::from_secs(15),
            idle: Duration::from_secs(600),
            lobby_expiry: Duration::from_secs(24 * 3600),
            away: Duration::from_secs(45),
            creates: Some(Rate::per_minute(20, 20)),
            joins: Some(Rate::per_minute(30, 60)),
            frames: Some(Rate::per_second(100, 50)),
            requests: Some(Rate::per_second(200, 100)),
            logins: Some(Rate::per_minute(10, 10)),
            logins_per_account: Some(Rate::per_minute(5, 5)),
            thinking: crate::thinking::default_concurrency(),
        }
    }
}

impl Limits {
    /// The same bounds without any per-address rate (for tests and load tests that play
    /// thousands of games from one address).
    pub fn unlimited_rates(self) -> Limits {
        Limits {
            creates: None,
            joins: None,
            frames: None,
            requests: None,
            logins: None,
            logins_per_account: None,
            sockets_per_address: usize::MAX,
            http_connections_per_address: usize::MAX,
            ..self
        }
    }
}

/// What is being limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limited {
    /// Game creations.
    Create,
    /// Seats taken.
    Join,
    /// WebSocket frames.
    Frame,
    /// API requests.
    Request,
    /// Sign-ups and log-ins.
    Login,
}

impl Limited {
    fn words(self) -> &'static str {
        match self {
            Limited::Create => "too many games created from your address",
            Limited::Join => "too many seats taken from your address",
            Limited::Frame => "too many messages from your address",
            Limited::Request => "too many requests from your address",
            Limited::Login => "too many attempts to sign in from your address",
        }
    }
}

/// The per-address token buckets, and counts of what each address holds open.
pub struct AddressLimits {
    buckets: HashMap<Limited, DefaultKeyedRateLimiter<IpAddr>>,
    accounts: Option<DefaultKeyedRateLimiter<String>>,
    open: Arc<Mutex<HashMap<(IpAddr, Held), usize>>>,
}

/// What an address holds open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Held {
    /// HTTP connections.
    Connection,
    /// WebSockets.
    Socket,
}

fn quota(rate: Rate) -> Quota {
    let burst = NonZeroU32::new(rate.burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(rate.every.max(Duration::from_millis(1)))
        .unwrap_or_else(|| Quota::per_second(burst))
        .allow_burst(burst)
}

/// A place held open by an address; dropping it gives the place back.
pub struct Hold {
    open: Arc<Mutex<HashMap<(IpAddr, Held), usize>>>,
    key: (IpAddr, Held),
}

impl Drop for Hold {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl AddressLimits {
    /// The buckets of `limits`.
    pub fn new(limits: &Limits) -> AddressLimits {
        let mut buckets = HashMap::new();
        for (what, rate) in [
            (Limited::Create, limits.creates),
            (Limited::Join, limits.joins),
            (Limited::Frame, limits.frames),
            (Limited::Request, limits.requests),
            (Limited::Login, limits.logins),
        ] {
            if let Some(rate) = rate {
                buckets.insert(what, DefaultKeyedRateLimiter::keyed(quota(rate)));
            }
        }
        AddressLimits {
            buckets,
            accounts: limits
                .logins_per_account
                .map(|r| DefaultKeyedRateLimiter::keyed(quota(r))),
            open: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// Takes one from `address`'s bucket for `what`, or says when to try again.
    pub fn check(&self, what: Limited, address: IpAddr) -> Result<(), ApiError> {
        let Some(bucket) = self.buckets.get(&what) else {
            return Ok(());
        };
        bucket.check_key(&address).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::RateLimited {
                message: format!(
                    "{}; try again in {} s",
                    what.words(),
                    wait.as_secs_f64().ceil().max(1.0)
                ),
                retry_after: wait,
            }
        })
    }

    /// Takes one from the log-in bucket of an account name (lower-cased).
    pub fn check_account(&self, name: &str) -> Result<(), ApiError> {
        let Some(bucket) = &self.accounts else {
            return Ok(());
        };
        bucket.check_key(&name.to_lowercase()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::RateLimited {
                message: format!(
                    "too many attempts to sign in to this account; try again in {} s",
                    wait.as_secs_f64().ceil().max(1.0)
                ),
                retry_after: wait,
            }
        })
    }

    /// Holds one more place of kind `held` for `address` if it has fewer than `max`.
    pub fn hold(&self, address: IpAddr, held: Held, max: usize) -> Option<Hold> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry((address, held)).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Hold {
            open: Arc::clone(&self.open),
            key: (address, held),
        })
    }

    /// Forgets buckets that are full again (run now and then, so memory stays bounded by
    /// the addresses seen recently).
    pub fn forget_idle(&self) {
        for bucket in self.buckets.values() {
            bucket.retain_recent();
            bucket.shrink_to_fit();
        }
        if let Some(bucket) = &self.accounts {
            bucket.retain_recent();
            bucket.shrink_to_fit();
        }
    }
}

/// The reverse proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Vec<IpAddr>);

impl TrustedProxies {
    /// The client's address: the peer's, or behind a trusted proxy the last forwarded address
    /// that is not itself a trusted proxy.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.0.contains(&peer) {
            return peer;
        }
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .collect::<Vec<_>>();
        forwarded
            .into_iter()
            .rev()
            .find(|a| !self.0.contains(a))
            .unwrap_or(peer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_429_with_a_wait() {
        let limits = Limits {
            creates: Some(Rate::per_minute(3, 6)),
            ..Limits::default()
        };
        let a = AddressLimits::new(&limits);
        let me: IpAddr = "10.0.0.1".parse().unwrap();
        let you: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..3 {
            a.check(Limited::Create, me).unwrap();
        }
        let e = a.check(Limited::Create, me).unwrap_err();
        assert_eq!(e.status().as_u16(), 429);
        let wait = e.retry_after().unwrap();
        assert!(
            wait > Duration::from_secs(5) && wait <= Duration::from_secs(10),
            "{wait:?}"
        );
        a.check(Limited::Create, you).unwrap();
        // an unlimited kind is always allowed
        let open = AddressLimits::new(&Limits::default().unlimited_rates());
        for _ in 0..1000 {
            open.check(Limited::Create, me).unwrap();
        }
    }

    #[test]
    fn holds_are_counted_per_address_and_given_back() {
        let a = AddressLimits::new(&Limits::default());
        let me: IpAddr = "10.0.0.1".parse().unwrap();
        let h1 = a.hold(me, Held::Socket, 2).unwrap();
        let _h2 = a.hold(me, Held::Socket, 2).unwrap();
        assert!(a.hold(me, Held::Socket, 2).is_none());
        assert!(a.hold(me, Held::Connection, 2).is_some());
        drop(h1);
        assert!(a.hold(me, Held::Socket, 2).is_some());
    }

    #[test]
    fn forwarded_addresses_only_from_trusted_proxies() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let trusted = TrustedProxies(vec![proxy]);
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", "6.6.6.6, 1.2.3.4".parse().unwrap());
        assert_eq!(
            trusted.client(proxy, &h),
            "1.2.3.4".parse::<IpAddr>().unwrap()
        );
        let stranger: IpAddr = "9.9.9.9".parse().unwrap();
        assert_eq!(
            trusted.client(stranger, &h),
            stranger,
            "a stranger's header is ignored"
        );
        assert_eq!(TrustedProxies::default().client(proxy, &h), proxy);
        assert_eq!(trusted.client(proxy, &HeaderMap::new()), proxy);
    }
}
