//! Slices indexed compactly, for the solver that keeps its results on disk ([`super::wdl`]):
//! a slice's pieces stand only on the squares its pawns leave free, so a position's index
//! counts those squares alone (`turn + 2 * (r0 + e r1)`, `r` a free square's rank among the
//! `e` free ones). With ten pawns that is 800 indices for two pieces instead of 1,800.
//!
//! Also here: a slice rebuilt from its key alone (the disk solver stores keys, not
//! positions), the slice's *potential*, which every move leaving a slice raises (so slices
//! can be solved level by level of it, from the highest down), and the one-byte code of a
//! solved position.

use super::key::slice_key;
use super::slice::PIECE_ROLES;
use crate::geometry::{Geometry, Mini, squares};
use crate::position::Position;
use crate::types::{Color, Piece, Role};
use crate::variant::{Objective, Variant};

/// The order of the piece counts in a slice key (see [`slice_key`]).
pub(super) const KEY_ROLES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The most non-pawn pieces a compact slice holds (as [`super::slice::MAX_SLICE_PIECES`]).
pub const MAX_PIECES: usize = 2;

/// All 30 squares.
pub(super) const BOARD: u64 = (1 << 30) - 1;

/// Where a slice key holds how many pieces of kind `r` colour `c` has (three bits).
pub(super) fn count_shift(c: Color, r: Role) -> u32 {
    let at = KEY_ROLES.iter().position(|&k| k == r).unwrap_or(0) as u32;
    60 + 15 * c.index() as u32 + 3 * at
}

/// What a capture adds to the potential: more than any pawn's advancement can fall (a
/// captured pawn takes at most 4 with it), so a capture always raises it.
pub const CAPTURE_WEIGHT: u32 = 16;

/// The levels of potential a leaving move can reach from level `l`: a pawn step (+1), and a
/// capture (+16, less the captured pawn's advancement of at most 4, plus 1 if a pawn takes).
pub fn child_levels(l: u32) -> impl Iterator<Item = u32> {
    std::iter::once(l + 1).chain(l + CAPTURE_WEIGHT - 4..=l + CAPTURE_WEIGHT + 1)
}

/// Whether the variant is one the compact solver takes: a lesson game that a pawn on the far
/// edge ends (no promotions), without double steps (so without en passant).
pub fn supported(variant: Variant) -> bool {
    !variant.has_check() && variant.objective() == Objective::Lesson && !variant.double_step()
}

/// The potential of a slice key: captures made (material off the board, of 32) times
/// [`CAPTURE_WEIGHT`], plus every pawn's advancement (ranks walked from its own edge). Pawn
/// steps and captures raise it; nothing lowers it.
pub fn potential(key: u128) -> u32 {
    let white = (key & u128::from(BOARD)) as u64;
    let black = ((key >> 30) & u128::from(BOARD)) as u64;
    let mut material = white.count_ones() + black.count_ones();
    for i in 0..10 {
        material += ((key >> (60 + 3 * i)) & 7) as u32;
    }
    let mut advance = 0;
    for s in squares(white) {
        advance += u32::from(s / Mini::W);
    }
    for s in squares(black) {
        advance += u32::from(Mini::H - 1 - s / Mini::W);
    }
    CAPTURE_WEIGHT * 32u32.saturating_sub(material) + advance
}

/// The squares a key's pawns leave free.
fn free_squares(key: u128) -> u64 {
    let pawns = (key as u64 | (key >> 30) as u64) & BOARD;
    BOARD & !pawns
}

/// How many non-pawn pieces a key holds.
fn piece_count(key: u128) -> u32 {
    (0..10).map(|i| ((key >> (60 + 3 * i)) & 7) as u32).sum()
}

/// The number of indices of a key's slice (`None` beyond [`MAX_PIECES`]).
pub fn slice_len(key: u128) -> Option<usize> {
    let k = piece_count(key);
    (k as usize <= MAX_PIECES).then(|| 2 * (free_squares(key).count_ones() as usize).pow(k))
}

/// The compact index of a position within its slice.
pub fn index(pos: &Position<Mini>) -> usize {
    let free = BOARD & !pos.by_role(Role::Pawn);
    let e = free.count_ones() as usize;
    let mut idx = 0;
    let mut scale = 2;
    for c in Color::ALL {
        for r in PIECE_ROLES {
            for s in squares(pos.pieces(c, r)) {
                let rank = (free & ((1u64 << s) - 1)).count_ones() as usize;
                idx += scale * rank;
                scale *= e;
            }
        }
    }
    idx + pos.turn().index()
}

/// One slice, rebuilt from its key, with its compact index arithmetic.
#[derive(Clone, Debug)]
pub struct CompactSlice {
    /// The slice's key.
    pub key: u128,
    pieces: Vec<(Color, Role)>,
    /// The pawns alone, White to move.
    base: Position<Mini>,
    /// The free squares, ascending.
    free: Vec<u8>,
    len: usize,
}

/// Why a key is not a slice this solver takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// More pieces than [`MAX_PIECES`].
    #[error("slice {0:#x}: more than two pieces besides pawns")]
    TooManyPieces(u128),
    /// An en passant square or rescued flags, which these games never have.
    #[error("slice {0:#x}: en passant or rescue flags, which the compact solver does not take")]
    Flags(u128),
}

impl CompactSlice {
    /// The slice of `key` in `variant`.
    pub fn from_key(variant: Variant, key: u128) -> Result<CompactSlice, KeyError> {
        if (key >> 90) & 31 != 7 {
            return Err(KeyError::Flags(key));
        }
        let len = slice_len(key).ok_or(KeyError::TooManyPieces(key))?;
        let mut base = Position::<Mini>::empty(variant, Color::White);
        for (i, c) in Color::ALL.into_iter().enumerate() {
            for s in squares((key >> (30 * i)) as u64 & BOARD) {
                base.put(
                    s,
                    Piece {
                        color: c,
                        role: Role::Pawn,
                    },
                );
            }
        }
        let mut pieces = Vec::new();
        for c in Color::ALL {
            for r in PIECE_ROLES {
                let n = (key >> count_shift(c, r)) & 7;
                for _ in 0..n {
                    pieces.push((c, r));
                }
            }
        }
        let free = squares(free_squares(key)).collect();
        Ok(CompactSlice {
            key,
            pieces,
            base,
            free,
            len,
        })
    }

    /// The slice of a position.
    pub fn of(pos: &Position<Mini>) -> Result<CompactSlice, KeyError> {
        CompactSlice::from_key(pos.variant(), slice_key(pos))
    }

    /// Number of indices.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a slice has an index for each side to move at least.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The pawns-only position of the slice, White to move.
    pub fn base(&self) -> &Position<Mini> {
        &self.base
    }

    /// The position at `idx`, or `None` where it is none (two pieces on one square,
    /// identical pieces out of order, or against the rules such as kings side by side).
    pub fn position(&self, idx: usize) -> Option<Position<Mini>> {
        let mut p = self.base;
        p.set_turn(if idx.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        });
        let e = self.free.len();
        let mut rest = idx / 2;
        let squares = self.pieces.iter().map(|_| {
            let sq = self.free[rest % e];
            rest /= e;
            sq
        });
        super::slice::place(p, &self.pieces, squares)
    }
}

/// A solved position in one byte: the value for the side to move in the low two bits (0 no
/// position, 1 draw, 2 win, 3 loss) and a rank in the other six: how many moves the side
/// whose result needs it takes to leave the slice or end the game ([`NO_RANK`] where staying
/// in the slice is enough).
pub type Code = u8;

/// The rank of a position whose result holds by staying in its slice.
pub const NO_RANK: u8 = 63;

/// The value of a code for the side to move: `Some(1)` win, `Some(0)` draw, `Some(-1)` loss.
pub fn code_value(code: Code) -> Option<i8> {
    match code & 3 {
        1 => Some(0),
        2 => Some(1),
        3 => Some(-1),
        _ => None,
    }
}

/// The rank of a code.
pub fn code_rank(code: Code) -> u8 {
    code >> 2
}

/// A code from a value for the side to move and a rank.
pub fn encode(value: i8, rank: u8) -> Code {
    let v = match value {
        0 => 1,
        1 => 2,
        _ => 3,
    };
    v | rank.min(NO_RANK) << 2
}
