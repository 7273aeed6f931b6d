//! Seeded randomness.
//!
//! Every random choice in a Tabula game comes from a [`ChaCha8Rng`] made from a recorded
//! `u64` seed, so the same seed gives the same deck, setup or bot decision on every platform.

pub use rand::Rng;
pub use rand::seq::SliceRandom;
pub use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The generator for `seed`.
pub fn seeded(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u32> = (0..5).map(|_| seeded(7).random()).collect();
        let mut r1 = seeded(7);
        let mut r2 = seeded(7);
        let s1: Vec<u32> = (0..5).map(|_| r1.random()).collect();
        let s2: Vec<u32> = (0..5).map(|_| r2.random()).collect();
        assert_eq!(s1, s2);
        assert!(a.iter().all(|x| *x == a[0]));
        let mut r3 = seeded(8);
        let s3: Vec<u32> = (0..5).map(|_| r3.random()).collect();
        assert_ne!(s1, s3);
    }
}
