//! The per-address token buckets (and the per-account ones of signing in), and the counts of
//! what each address holds open.

use super::{Limits, Rate, key};
use crate::error::{ApiError, Throttled};
use crate::unpoisoned::Locked;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What is being limited per address.
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
    /// Reports of players.
    Report,
    /// Chat messages.
    Chat,
    /// Accounts made by teachers for their classes.
    MadeAccount,
}

impl Limited {
    fn words(self) -> &'static str {
        match self {
            Limited::Create => "too many games created from your address",
            Limited::Join => "too many seats taken from your address",
            Limited::Frame => "too many messages from your address",
            Limited::Request => "too many requests from your address",
            Limited::Login => "too many attempts to sign in from your address",
            Limited::Report => "too many reports from your address: a moderator reads each",
            Limited::Chat => "too many chat messages from your address",
            Limited::MadeAccount => {
                "too many accounts made from your address: more in a minute (a class of sixty at once, then one a minute)"
            }
        }
    }
}

/// What an address holds open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Held {
    /// HTTP connections.
    Connection,
    /// WebSockets (of games and of the lobby).
    Socket,
    /// Lobby WebSockets (also counted as sockets).
    LobbySocket,
}

type Open = Arc<Mutex<HashMap<(IpAddr, Held), usize>>>;

/// The per-address token buckets, the sign-in buckets, and counts of what each address holds
/// open.
pub struct AddressLimits {
    buckets: HashMap<Limited, DefaultKeyedRateLimiter<IpAddr>>,
    account_address: Option<DefaultKeyedRateLimiter<(String, IpAddr)>>,
    accounts: Option<DefaultKeyedRateLimiter<String>>,
    sessions: Option<DefaultKeyedRateLimiter<String>>,
    chats: Option<DefaultKeyedRateLimiter<i64>>,
    open: Open,
    v6_prefix: u8,
}

/// A keyed bucket of `rate`, if it is limited.
fn keyed<K: Clone + Hash + Eq>(rate: Option<Rate>) -> Option<DefaultKeyedRateLimiter<K>> {
    rate.map(|r| DefaultKeyedRateLimiter::keyed(quota(r)))
}

fn quota(rate: Rate) -> Quota {
    let burst = NonZeroU32::new(rate.burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(rate.every.max(Duration::from_millis(1)))
        .unwrap_or_else(|| Quota::per_second(burst))
        .allow_burst(burst)
}

/// A place held open by an address; dropping it gives the place back.
pub struct Hold {
    open: Open,
    key: (IpAddr, Held),
}

impl Drop for Hold {
    fn drop(&mut self) {
        let mut open = self.open.locked();
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// Takes one from `bucket`'s `key`, or a 429 saying `words` and when to try again.
fn take<K: Clone + Hash + Eq>(
    bucket: &DefaultKeyedRateLimiter<K>,
    key: &K,
    words: &str,
    limit: &str,
) -> Result<(), ApiError> {
    bucket.check_key(key).map_err(|not_until| {
        crate::metrics::METRICS.limited(limit);
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        ApiError::RateLimited {
            cause: Throttled::Address,
            message: format!(
                "{words}; try again in {} s",
                wait.as_secs_f64().ceil().max(1.0)
            ),
            retry_after: wait,
        }
    })
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
            (Limited::Report, limits.reports),
            (Limited::Chat, limits.chats),
            (Limited::MadeAccount, limits.made_accounts),
        ] {
            if let Some(rate) = rate {
                buckets.insert(what, DefaultKeyedRateLimiter::keyed(quota(rate)));
            }
        }
        AddressLimits {
            buckets,
            account_address: keyed(limits.logins_per_account_address),
            accounts: keyed(limits.logins_per_account),
            sessions: keyed(limits.account_changes),
            chats: keyed(limits.chats),
            open: Arc::new(Mutex::new(HashMap::new())),
            v6_prefix: limits.ipv6_prefix,
        }
    }

    /// The client `address` belongs to, as every limit counts it (its IPv6 prefix).
    pub fn client(&self, address: IpAddr) -> IpAddr {
        key(address, self.v6_prefix)
    }

    /// Takes one from `address`'s bucket for `what`, or says when to try again.
    pub fn check(&self, what: Limited, address: IpAddr) -> Result<(), ApiError> {
        match self.buckets.get(&what) {
            Some(bucket) => take(
                bucket,
                &self.client(address),
                what.words(),
                &format!("{what:?}").to_ascii_lowercase(),
            ),
            None => Ok(()),
        }
    }

    /// Takes one attempt to sign in to account `name` (lower-cased) from `address`: from the
    /// bucket of that account at that address, then, unless the browser signed in to the
    /// account before (`known_device`), from the account's own slow bucket.
    pub fn check_login(
        &self,
        name: &str,
        address: IpAddr,
        known_device: bool,
    ) -> Result<(), ApiError> {
        let name = name.to_lowercase();
        if let Some(bucket) = &self.account_address {
            take(
                bucket,
                &(name.clone(), self.client(address)),
                "too many attempts to sign in to this account from your address",
                "login_account_address",
            )?;
        }
        if known_device {
            return Ok(());
        }
        match &self.accounts {
            Some(bucket) => take(
                bucket,
                &name,
                "too many attempts to sign in to this account from everywhere; sign in from a \
                 browser you used before, or try again later",
                "login_account",
            ),
            None => Ok(()),
        }
    }

    /// Takes one chat message of `account` from `address`: from the address's bucket, then
    /// from the account's own (one account on many addresses is held as well).
    pub fn check_chat(&self, account: i64, address: IpAddr) -> Result<(), ApiError> {
        self.check(Limited::Chat, address)?;
        match &self.chats {
            Some(bucket) => take(bucket, &account, "too many chat messages", "chat_account"),
            None => Ok(()),
        }
    }

    /// Takes one change of a signed-in account (password, deletion) from its session's
    /// bucket (`session` is the session token's hash).
    pub fn check_account_change(&self, session: &str) -> Result<(), ApiError> {
        match &self.sessions {
            Some(bucket) => take(
                bucket,
                &session.to_string(),
                "too many attempts to change this account",
                "account_change",
            ),
            None => Ok(()),
        }
    }

    /// Holds one more place of kind `held` for `address` if it has fewer than `max`.
    pub fn hold(&self, address: IpAddr, held: Held, max: usize) -> Option<Hold> {
        let key = (self.client(address), held);
        let mut open = self.open.locked();
        let n = open.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Hold {
            open: Arc::clone(&self.open),
            key,
        })
    }

    /// Forgets buckets that are full again (run now and then, so memory stays bounded by
    /// the addresses seen recently).
    pub fn forget_idle(&self) {
        for bucket in self.buckets.values() {
            bucket.retain_recent();
            bucket.shrink_to_fit();
        }
        if let Some(b) = &self.account_address {
            b.retain_recent();
            b.shrink_to_fit();
        }
        if let Some(b) = &self.accounts {
            b.retain_recent();
            b.shrink_to_fit();
        }
        if let Some(b) = &self.sessions {
            b.retain_recent();
            b.shrink_to_fit();
        }
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
    fn addresses_of_one_ipv6_prefix_share_their_buckets_and_holds() {
        let limits = Limits {
            creates: Some(Rate::per_minute(2, 1)),
            ..Limits::default()
        };
        let a = AddressLimits::new(&limits);
        let one: IpAddr = "2001:db8::1".parse().unwrap();
        let two: IpAddr = "2001:db8::ffff:2".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:0:1::1".parse().unwrap();
        a.check(Limited::Create, one).unwrap();
        a.check(Limited::Create, two).unwrap();
        assert!(a.check(Limited::Create, one).is_err());
        assert!(a.check(Limited::Create, two).is_err());
        a.check(Limited::Create, elsewhere).unwrap();
        let _h = a.hold(one, Held::Socket, 1).unwrap();
        assert!(a.hold(two, Held::Socket, 1).is_none());
        assert!(a.hold(elsewhere, Held::Socket, 1).is_some());
    }

    #[test]
    fn a_strangers_guesses_never_use_up_the_owners_bucket() {
        let limits = Limits {
            logins_per_account_address: Some(Rate::per_minute(4, 1)),
            logins_per_account: Some(Rate::per_hour(5, 1)),
            ..Limits::default()
        };
        let a = AddressLimits::new(&limits);
        let stranger: IpAddr = "10.0.0.9".parse().unwrap();
        let owner: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..3 {
            a.check_login("Alice", stranger, false).unwrap();
        }
        a.check_login("Alice", stranger, true).unwrap();
        assert!(a.check_login("alice", stranger, false).is_err());
        // the owner's own address has its own bucket; two more are left of the account's
        a.check_login("alice", owner, false).unwrap();
        a.check_login("alice", owner, false).unwrap();
        // the account's bucket is empty now, for a new browser ...
        let e = a.check_login("alice", owner, false).unwrap_err();
        assert_eq!(e.status().as_u16(), 429);
        // ... but not for a browser the owner signed in on before
        a.check_login("alice", owner, true).unwrap();
        // changing the account counts per session
        for _ in 0..5 {
            a.check_account_change("s1").unwrap();
        }
        assert!(a.check_account_change("s1").is_err());
        a.check_account_change("s2").unwrap();
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
}
