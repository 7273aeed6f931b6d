//! What the server enforces of the moderators' sanctions: bans and mutes, held in memory
//! ([`Sanctions`]) so that every request and every move can be checked without a query. A node
//! reads them again from the store every few seconds ([`REFRESH_EVERY`]), so a ban made on
//! another node or by `tabula site admin` on the database takes effect everywhere within that time;
//! one made on this node's moderation page takes effect here at once (the page asks for a
//! refresh). A sanction's end is checked against the clock at each check, so it lapses on time
//! without a refresh. The moderators' actions are in [`crate::moderation`].

use crate::error::{ApiError, Sanctioned};
use crate::ids::now_ms;
use crate::store::Store;
use crate::store::moderation::{Sanction, SanctionKind, Target};
use crate::unpoisoned::ReadWrite;
use ipnet::IpNet;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// How often a node reads the sanctions in force again.
pub const REFRESH_EVERY: Duration = Duration::from_secs(3);

/// An address or a network as a ban names it: `203.0.113.7` (one address), `203.0.113.0/24`,
/// `2001:db8::/48`. Its text form is canonical (host bits cleared), so one network is stored
/// one way. An IPv4 address mapped into IPv6 is read as the IPv4 address.
pub fn parse_network(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    let net = match text.parse::<IpNet>() {
        Ok(n) => n,
        Err(_) => match text.parse::<IpAddr>() {
            Ok(a) => IpNet::from(a),
            Err(_) => {
                return Err(format!(
                    "`{text}` is not an address or a network (like 203.0.113.7, \
                     203.0.113.0/24 or 2001:db8::/48)"
                ));
            }
        },
    };
    let net = match net {
        IpNet::V6(v6) if v6.prefix_len() >= 96 => match v6.addr().to_ipv4_mapped() {
            Some(v4) => {
                IpNet::new(IpAddr::V4(v4), v6.prefix_len() - 96).map_err(|e| e.to_string())?
            }
            None => net,
        },
        other => other,
    };
    // a network so wide would lock out much of the internet: surely a slip of the keyboard
    let too_wide = match net {
        IpNet::V4(n) => n.prefix_len() < 8,
        IpNet::V6(n) => n.prefix_len() < 16,
    };
    if too_wide {
        return Err(format!(
            "`{text}` is too wide a network to ban (at least /8 for IPv4, /16 for IPv6)"
        ));
    }
    Ok(net.trunc())
}

/// The address as bans see it: an IPv4 address mapped into IPv6 as the IPv4 address.
fn plain(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(address),
        v4 => v4,
    }
}

/// The sanctions in force, as last read.
#[derive(Default)]
struct InForce {
    /// Banned accounts.
    banned: HashMap<i64, Sanction>,
    /// Muted accounts.
    muted: HashMap<i64, Sanction>,
    /// Banned addresses and networks.
    networks: Vec<(IpNet, Sanction)>,
}

impl InForce {
    fn of(list: Vec<Sanction>) -> InForce {
        let mut s = InForce::default();
        for sanction in list {
            match (&sanction.target, sanction.kind) {
                (Target::Account(id), SanctionKind::Ban) => {
                    s.banned.insert(*id, sanction);
                }
                (Target::Account(id), SanctionKind::Mute) => {
                    s.muted.insert(*id, sanction);
                }
                (Target::Address(text), SanctionKind::Ban) => match parse_network(text) {
                    Ok(net) => s.networks.push((net, sanction)),
                    Err(e) => tracing::warn!("a stored address ban is not read: {e}"),
                },
                // an address cannot write in chat: there is nothing to mute
                (Target::Address(_), SanctionKind::Mute) => {}
            }
        }
        s
    }
}

/// Until when, in words, for the player told of a sanction.
fn until_words(s: &Sanction) -> String {
    match s.until {
        None => "until a moderator lifts it".to_string(),
        Some(ms) => format!(
            "until {}",
            humantime::format_rfc3339_seconds(std::time::UNIX_EPOCH + Duration::from_millis(ms))
        ),
    }
}

/// The sanctions a node enforces.
pub struct Sanctions {
    store: Arc<dyn Store>,
    now: RwLock<InForce>,
}

impl Sanctions {
    /// Sanctions read from `store` (none until the first [`Sanctions::refresh`]).
    pub fn new(store: Arc<dyn Store>) -> Sanctions {
        Sanctions {
            store,
            now: RwLock::new(InForce::default()),
        }
    }

    /// Reads the sanctions in force again.
    pub async fn refresh(&self) -> Result<(), crate::store::StoreError> {
        let list = self.store.sanctions_in_force(now_ms()).await?;
        let fresh = InForce::of(list);
        *self.now.writing() = fresh;
        Ok(())
    }

    /// Reads them now and again every [`REFRESH_EVERY`], until the sanctions are dropped
    /// (the server's end). Needs a Tokio runtime.
    pub fn spawn_refresh(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(REFRESH_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let Some(me) = weak.upgrade() else { return };
                if let Err(e) = me.refresh().await {
                    tracing::warn!("the sanctions in force could not be read: {e}");
                }
            }
        });
    }

    fn read<T>(&self, f: impl FnOnce(&InForce) -> T) -> T {
        f(&self.now.reading())
    }

    /// The ban on `account` in force now, if any.
    pub fn account_ban(&self, account: i64) -> Option<Sanction> {
        let now = now_ms();
        self.read(|s| s.banned.get(&account).filter(|b| b.in_force(now)).cloned())
    }

    /// The ban on `address` (or a network holding it) in force now, if any.
    pub fn address_ban(&self, address: IpAddr) -> Option<Sanction> {
        let (now, address) = (now_ms(), plain(address));
        self.read(|s| {
            s.networks
                .iter()
                .find(|(net, b)| net.contains(&address) && b.in_force(now))
                .map(|(_, b)| b.clone())
        })
    }

    /// The mute in force on `account`, if any: until when (none: until lifted) and why.
    pub fn muted(&self, account: i64) -> Option<(Option<u64>, String)> {
        let now = now_ms();
        self.read(|s| s.muted.get(&account).filter(|m| m.in_force(now)).cloned())
            .map(|m| (m.until, m.reason))
    }

    /// Whether `account` may write in chat now (the chat asks before storing a message).
    pub fn may_write(&self, account: i64) -> Result<(), ApiError> {
        let now = now_ms();
        match self.read(|s| s.muted.get(&account).filter(|m| m.in_force(now)).cloned()) {
            Some(m) => Err(ApiError::Banned(
                Sanctioned::Muted,
                format!("you are muted {}: {}", until_words(&m), m.reason),
            )),
            None => Ok(()),
        }
    }

    /// Whether `account` may sign in.
    pub fn may_sign_in(&self, account: i64) -> Result<(), ApiError> {
        match self.account_ban(account) {
            Some(b) => Err(ApiError::Banned(
                Sanctioned::Account,
                format!("this account is banned {}: {}", until_words(&b), b.reason),
            )),
            None => Ok(()),
        }
    }

    /// Whether a client at `address`, signed in to `account` or a guest, may create, join or
    /// play games, post seeks or sign up.
    pub fn may_play(&self, address: Option<IpAddr>, account: Option<i64>) -> Result<(), ApiError> {
        if let Some(a) = account {
            self.may_sign_in(a)?;
        }
        if let Some(b) = address.and_then(|a| self.address_ban(a)) {
            return Err(ApiError::Banned(
                Sanctioned::Address,
                format!(
                    "your address is banned from playing {}: {}",
                    until_words(&b),
                    b.reason
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn networks_are_read_canonical_and_wide_ones_refused() {
        assert_eq!(
            parse_network("203.0.113.7").unwrap().to_string(),
            "203.0.113.7/32"
        );
        assert_eq!(
            parse_network(" 203.0.113.77/24 ").unwrap().to_string(),
            "203.0.113.0/24"
        );
        assert_eq!(
            parse_network("2001:db8:1:2::5/48").unwrap().to_string(),
            "2001:db8:1::/48"
        );
        assert_eq!(
            parse_network("::ffff:198.51.100.9").unwrap().to_string(),
            "198.51.100.9/32"
        );
        assert!(parse_network("0.0.0.0/0").unwrap_err().contains("too wide"));
        assert!(parse_network("2001::/8").unwrap_err().contains("too wide"));
        assert!(parse_network("ann").unwrap_err().contains("not an address"));
        assert!(parse_network("300.1.1.1").is_err());
    }

    fn ban(target: Target, kind: SanctionKind, until: Option<u64>) -> Sanction {
        Sanction {
            id: 1,
            kind,
            target,
            name: None,
            reason: "flooding".into(),
            actor: "cli:root".into(),
            at: 0,
            until,
            lifted_by: None,
            lifted_at: None,
        }
    }

    #[test]
    fn a_network_ban_holds_its_addresses_and_a_mapped_one_and_no_other() {
        let s = InForce::of(vec![
            ban(
                Target::Address("203.0.113.0/24".into()),
                SanctionKind::Ban,
                None,
            ),
            ban(Target::Account(7), SanctionKind::Mute, None),
        ]);
        let holds = |a: &str| {
            let a = plain(a.parse().unwrap());
            s.networks.iter().any(|(n, _)| n.contains(&a))
        };
        assert!(holds("203.0.113.200"));
        assert!(holds("::ffff:203.0.113.5"));
        assert!(!holds("203.0.114.1"));
        assert!(s.muted.contains_key(&7) && s.banned.is_empty());
    }

    #[test]
    fn a_sanction_is_in_force_until_its_end_or_its_lifting() {
        let mut b = ban(Target::Account(1), SanctionKind::Ban, Some(1_000));
        assert!(b.in_force(999));
        assert!(!b.in_force(1_000));
        b.until = None;
        assert!(b.in_force(u64::MAX));
        b.lifted_at = Some(5);
        assert!(!b.in_force(6));
    }
}
