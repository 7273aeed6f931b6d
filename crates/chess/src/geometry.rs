//! Board geometries: 5x6 QuickChess and 8x8 chess, one rules implementation for both.
//!
//! Squares are numbered `rank * W + file` (`a1` = 0) and every set of squares is a `u64`
//! bit-board, which holds both 30 and 64 squares. The geometry is a type parameter, so board
//! widths and edge masks are compile-time constants in the move generator.

use crate::attacks::Tables;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::OnceLock;

/// A rectangular board of at most 64 squares.
pub trait Geometry:
    Copy + Clone + Debug + PartialEq + Eq + Hash + Default + Send + Sync + 'static
{
    /// Files.
    const W: u8;
    /// Ranks.
    const H: u8;
    /// Squares.
    const SQUARES: u8 = Self::W * Self::H;
    /// Every square of the board.
    const ALL: u64 = if Self::W as u32 * Self::H as u32 == 64 {
        u64::MAX
    } else {
        (1u64 << (Self::W * Self::H)) - 1
    };
    /// The squares of file `a`.
    const FILE_A: u64 = file_mask(Self::W, Self::H, 0);
    /// The squares of the last file.
    const FILE_LAST: u64 = file_mask(Self::W, Self::H, Self::W - 1);
    /// Short name ("5x6").
    const NAME: &'static str;

    /// The attack tables of this geometry (built on first use).
    fn tables() -> &'static Tables;

    /// The squares of rank `r` (0 = rank 1).
    #[inline]
    fn rank(r: u8) -> u64 {
        ((1u64 << Self::W) - 1) << (r as u32 * Self::W as u32)
    }

    /// The squares of file `f` (0 = file a).
    #[inline]
    fn file(f: u8) -> u64 {
        file_mask(Self::W, Self::H, f)
    }
}

/// The squares of file `f` on a `w` x `h` board.
pub const fn file_mask(w: u8, h: u8, f: u8) -> u64 {
    let mut m = 0u64;
    let mut r = 0;
    while r < h {
        m |= 1u64 << (r as u32 * w as u32 + f as u32);
        r += 1;
    }
    m
}

/// The 5x6 QuickChess board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mini;

/// The 8x8 chess board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Standard;

impl Geometry for Mini {
    const W: u8 = 5;
    const H: u8 = 6;
    const NAME: &'static str = "5x6";
    fn tables() -> &'static Tables {
        static T: OnceLock<Tables> = OnceLock::new();
        T.get_or_init(|| Tables::new(Self::W, Self::H))
    }
}

impl Geometry for Standard {
    const W: u8 = 8;
    const H: u8 = 8;
    const NAME: &'static str = "8x8";
    fn tables() -> &'static Tables {
        static T: OnceLock<Tables> = OnceLock::new();
        T.get_or_init(|| Tables::new(Self::W, Self::H))
    }
}

/// Name of a square on a board `w` files wide.
pub fn square_name(sq: u8, w: u8) -> String {
    format!("{}{}", (b'a' + sq % w) as char, sq / w + 1)
}

/// Iterates over the squares of a bit-board, lowest first.
#[inline]
pub fn squares(mut bb: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let s = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(s)
        }
    })
}
