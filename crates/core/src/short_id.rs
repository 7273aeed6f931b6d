//! Short names for things made from text (a puzzle from its position and first move): six
//! characters of base 36 from a 64-bit FNV-1a hash, so the same thing mined twice, anywhere,
//! gets the same name.

/// The short id of `a` and `b` (hashed with a `|` between them).
pub fn short_id(a: &str, b: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in a.bytes().chain(std::iter::once(b'|')).chain(b.bytes()) {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    (0..6)
        .map(|i| DIGITS[((h >> (i * 10)) % 36) as usize] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_six_base_36_characters_and_depends_on_both_parts() {
        let id = short_id("k4/5/K4/5/5/1Q3 w", "b1b5");
        assert_eq!(id.len(), 6);
        assert!(
            id.chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
        );
        assert_eq!(id, short_id("k4/5/K4/5/5/1Q3 w", "b1b5"));
        assert_ne!(id, short_id("k4/5/K4/5/5/1Q3 w", "b1b4"));
        assert_ne!(short_id("ab", "c"), short_id("a", "bc"));
    }
}
