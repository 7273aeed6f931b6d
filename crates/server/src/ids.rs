//! The server's clock, its random ids and seat tokens.

use sha2::{Digest, Sha256};
use std::time::{SystemTime, UNIX_EPOCH};
use tabula_core::Millis;

/// The server's clock: milliseconds since the Unix epoch.
pub fn now_ms() -> Millis {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as Millis)
}

fn random_bytes(buf: &mut [u8]) {
    // the operating system's generator does not fail once the process runs; if it ever did,
    // no id or token could be made safely, so stopping is the only right answer
    getrandom::fill(buf).expect("the operating system provides randomness");
}

/// Random hex (ids and seat tokens), from the operating system.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    random_bytes(&mut buf);
    hex(&buf)
}

/// `len` characters drawn uniformly from `alphabet` (at most 256 characters), from the
/// operating system: codes and passwords people type.
pub fn random_from(alphabet: &[u8], len: usize) -> String {
    let n = alphabet.len().clamp(1, 256);
    // bytes at or above the largest multiple of n are drawn again, so every character is
    // equally likely
    let limit = 256 - 256 % n;
    let mut out = String::with_capacity(len);
    let mut byte = [0u8; 1];
    while out.len() < len {
        random_bytes(&mut byte);
        if usize::from(byte[0]) < limit {
            out.push(char::from(alphabet[usize::from(byte[0]) % n]));
        }
    }
    out
}

/// A random 64-bit seed.
pub fn random_seed() -> u64 {
    let mut buf = [0u8; 8];
    random_bytes(&mut buf);
    u64::from_le_bytes(buf)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored form of a seat token: the store never holds a token itself.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_hashed() {
        assert_eq!(token_hash("a").len(), 64);
        assert_ne!(token_hash("a"), token_hash("b"));
        assert_eq!(random_hex(6).len(), 12);
    }
}
