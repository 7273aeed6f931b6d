//! Who the client is: the address behind trusted reverse proxies, and the part of it that
//! names one client.

use axum::http::HeaderMap;
use std::net::{IpAddr, Ipv6Addr};

/// The key the limits count `address` under: an IPv4 address as it is (a /32), an IPv6
/// address cut to its first `v6_prefix` bits (an IPv4 address mapped into IPv6 counts as the
/// IPv4 address).
pub fn key(address: IpAddr, v6_prefix: u8) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return IpAddr::V4(v4);
            }
            let bits = u32::from(v6_prefix.min(128));
            let mask = if bits == 0 {
                0
            } else {
                u128::MAX << (128 - bits)
            };
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
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
    fn one_ipv6_prefix_is_one_client() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(key(a, 64), key(b, 64));
        assert_ne!(key(a, 64), key(other, 64));
        assert_eq!(key(a, 64), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        // a wider prefix joins more; 128 is every address apart
        assert_eq!(key(a, 48), key(other, 48));
        assert_ne!(key(a, 128), key(b, 128));
        // IPv4 is a /32, also when it arrives mapped into IPv6
        let v4: IpAddr = "10.1.2.3".parse().unwrap();
        assert_eq!(key(v4, 64), v4);
        assert_eq!(key("::ffff:10.1.2.3".parse().unwrap(), 64), v4);
        assert_ne!(key(v4, 64), key("10.1.2.4".parse().unwrap(), 64));
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
