//! Zobrist keys, computed at compile time from a fixed seed (SplitMix64).

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn table<const N: usize>(salt: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        t[i] = splitmix(salt.wrapping_mul(0x1000_0000_01B3) ^ i as u64);
        i += 1;
    }
    t
}

/// Key per (colour * 6 + role) * 64 + square.
pub const PIECES: [u64; 768] = table::<768>(1);
/// Key of each square that holds a rook with castling rights.
pub const CASTLING: [u64; 64] = table::<64>(2);
/// Key of each en passant target square.
pub const EN_PASSANT: [u64; 64] = table::<64>(3);
/// Key of black to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0xB1AC_0000_0000_0004);
/// Keys of "the first queen has been rescued" (Rescue the Queen), per colour.
pub const RESCUED: [u64; 2] = table::<2>(5);

/// The key of a piece on a square.
#[inline]
pub fn piece(color: usize, role: usize, sq: u8) -> u64 {
    PIECES[(color * 6 + role) * 64 + sq as usize]
}
