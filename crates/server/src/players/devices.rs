//! Device cookies: a browser that signed in to an account once carries a token that proves
//! it (an HMAC of the account's number and a random nonce under the server's secret), so a
//! guesser spread over many addresses, who uses up the account's own log-in limit, still
//! cannot lock its owner out of a browser the owner used before (OWASP's "device cookies").
//!
//! The cookie is sent only to `/api/auth` and proves nothing else: it is not a session, and
//! losing it only means signing in under the ordinary limits.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The device cookie's name.
pub const DEVICE_COOKIE: &str = "tabula_device";

fn mac(key: &[u8], account: i64, nonce: &str) -> Option<Hmac<Sha256>> {
    let mut m = <Hmac<Sha256> as KeyInit>::new_from_slice(key).ok()?;
    m.update(format!("device:{account}:{nonce}").as_bytes());
    Some(m)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// A new device token for `account`: `account.nonce.mac`.
pub fn token(key: &[u8], account: i64) -> String {
    let nonce = crate::ids::random_hex(12);
    let tag = mac(key, account, &nonce)
        .map(|m| hex(&m.finalize().into_bytes()))
        .unwrap_or_default();
    format!("{account}.{nonce}.{tag}")
}

/// Whether `value` is a device token this server made for `account`.
pub fn proves(key: &[u8], value: &str, account: i64) -> bool {
    let mut parts = value.split('.');
    let (Some(a), Some(nonce), Some(tag), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    if a.parse::<i64>().ok() != Some(account) || nonce.len() > 64 {
        return false;
    }
    let (Some(m), Some(tag)) = (mac(key, account, nonce), unhex(tag)) else {
        return false;
    };
    // a constant-time comparison (the crate's)
    m.verify_slice(&tag).is_ok()
}

/// The `Set-Cookie` value of a device token (sent back only to the sign-in endpoints).
pub fn cookie(value: &str, secure: bool) -> String {
    cookie::Cookie::build((DEVICE_COOKIE, value))
        .path("/api/auth")
        .http_only(true)
        .same_site(cookie::SameSite::Strict)
        .max_age(cookie::time::Duration::days(400))
        .secure(secure)
        .build()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_proves_its_account_under_its_key_only() {
        let key = b"0123456789abcdef0123456789abcdef";
        let t = token(key, 42);
        assert!(proves(key, &t, 42));
        assert!(!proves(key, &t, 43), "another account");
        assert!(!proves(b"another key", &t, 42), "another server");
        let forged = t.replacen("42.", "43.", 1);
        assert!(!proves(key, &forged, 43), "the number is signed");
        let mut tampered = t.clone();
        tampered.pop();
        tampered.push(if t.ends_with('0') { '1' } else { '0' });
        assert!(!proves(key, &tampered, 42));
        for junk in ["", "42", "42..", "x.y.z", "42.n.zz", "42.n.abc.d"] {
            assert!(!proves(key, junk, 42), "{junk}");
        }
        assert!(cookie(&t, true).contains("Path=/api/auth"));
    }
}
