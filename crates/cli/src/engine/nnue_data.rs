//! Training positions for the QuickChess evaluation network, as fixed-size binary records.
//!
//! The data generator (`examples/nnue_datagen.rs`) writes one record per quiet position of its
//! self-play games and the trainer (`examples/nnue_train`) reads them back. A record is
//! [`RECORD_BYTES`] bytes, so a file of millions of positions stays small (24 bytes against
//! about 45 for a FEN line with its labels), reads without parsing text, and can be counted,
//! split and shuffled by offset:
//!
//! | bytes | what |
//! |---|---|
//! | 0..4 | the occupied squares of the 5x6 board (bit `rank * 5 + file`), bit 31 set when Black is to move (little-endian) |
//! | 4..20 | one nibble per occupied square, in square order: `colour << 3 | role` (role 0-5: pawn to king); low nibble first |
//! | 20..22 | the search's score in centipawns for the side to move (`i16`, little-endian) |
//! | 22 | the game's result for the side to move: 0 lost, 1 drawn, 2 won |
//! | 23 | the ply of the game the position was reached at, at most 255 |
//!
//! Only what the network sees is kept: the pieces and the side to move. A board has at most
//! 30 squares, but the record holds 32 nibbles, so any legal position fits.

use tabula_chess::geometry::squares;
use tabula_chess::{Color, Mini, Position, Role};

/// The size of one record in bytes.
pub const RECORD_BYTES: usize = 24;

/// What a file of records held that a record cannot be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    /// The file's length is not a whole number of records.
    #[error("{len} bytes is not a whole number of {RECORD_BYTES}-byte records")]
    Length {
        /// The length found.
        len: usize,
    },
    /// A record's contents are impossible (the record's index and why).
    #[error("record {index}: {why}")]
    Record {
        /// Which record (0-based).
        index: usize,
        /// What is wrong with it.
        why: &'static str,
    },
}

/// A game's result for the side to move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// The side to move went on to lose.
    Loss = 0,
    /// The game was drawn.
    Draw = 1,
    /// The side to move went on to win.
    Win = 2,
}

impl Wdl {
    /// The result as an expected score: 0, 0.5 or 1.
    pub fn score(self) -> f32 {
        f32::from(self as u8) / 2.0
    }

    /// The result for the side to move `turn` of a game won by `winner` (`None`: drawn).
    pub fn for_side(winner: Option<Color>, turn: Color) -> Wdl {
        match winner {
            None => Wdl::Draw,
            Some(w) if w == turn => Wdl::Win,
            Some(_) => Wdl::Loss,
        }
    }
}

/// One decoded record: the pieces, the side to move and the labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The side to move.
    pub turn: Color,
    /// Every piece as (square, colour, role), squares ascending.
    pub pieces: Vec<(u8, Color, Role)>,
    /// The search's score in centipawns for the side to move.
    pub score: i16,
    /// The game's result for the side to move.
    pub result: Wdl,
    /// The ply the position was reached at (at most 255).
    pub ply: u8,
}

/// Packs a position and its labels into a record.
pub fn encode(pos: &Position<Mini>, score: i16, result: Wdl, ply: u32) -> [u8; RECORD_BYTES] {
    let mut out = [0u8; RECORD_BYTES];
    let occupied = pos.occupied() as u32;
    let black = u32::from(pos.turn() == Color::Black) << 31;
    out[0..4].copy_from_slice(&(occupied | black).to_le_bytes());
    for (i, sq) in squares(pos.occupied()).enumerate().take(32) {
        let piece = pos
            .piece_at(sq)
            .map_or(0, |p| ((p.color.index() as u8) << 3) | p.role.index() as u8);
        out[4 + i / 2] |= piece << (4 * (i % 2));
    }
    out[20..22].copy_from_slice(&score.to_le_bytes());
    out[22] = result as u8;
    out[23] = ply.min(255) as u8;
    out
}

/// Unpacks the record at `index` of `bytes` (which holds whole records).
pub fn decode(bytes: &[u8], index: usize) -> Result<Record, DataError> {
    let bad = |why| DataError::Record { index, why };
    let r = bytes
        .get(index * RECORD_BYTES..(index + 1) * RECORD_BYTES)
        .ok_or(bad("past the end of the data"))?;
    let head = u32::from_le_bytes([r[0], r[1], r[2], r[3]]);
    let occupied = u64::from(head & ((1 << 30) - 1));
    if head & (0b1 << 30) != 0 {
        return Err(bad("a square beyond the 5x6 board is occupied"));
    }
    let turn = if head >> 31 == 1 {
        Color::Black
    } else {
        Color::White
    };
    let mut pieces = Vec::with_capacity(occupied.count_ones() as usize);
    for (i, sq) in squares(occupied).enumerate() {
        let nibble = (r[4 + i / 2] >> (4 * (i % 2))) & 0xf;
        let role = *Role::ALL
            .get(usize::from(nibble & 7))
            .ok_or(bad("a piece of an unknown kind"))?;
        let color = if nibble >> 3 == 1 {
            Color::Black
        } else {
            Color::White
        };
        pieces.push((sq, color, role));
    }
    let result = match r[22] {
        0 => Wdl::Loss,
        1 => Wdl::Draw,
        2 => Wdl::Win,
        _ => return Err(bad("a result other than 0, 1 or 2")),
    };
    Ok(Record {
        turn,
        pieces,
        score: i16::from_le_bytes([r[20], r[21]]),
        result,
        ply: r[23],
    })
}

/// How many records `bytes` holds, or why it is not a file of records.
pub fn count(bytes: &[u8]) -> Result<usize, DataError> {
    if !bytes.len().is_multiple_of(RECORD_BYTES) {
        return Err(DataError::Length { len: bytes.len() });
    }
    Ok(bytes.len() / RECORD_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_chess::Variant;

    #[test]
    fn a_record_gives_back_the_position_and_its_labels() {
        let fen = "nqk1r/pp1pp/2pb1/1P3/P1PPP/NQKBR b - - 0 4";
        let pos = Position::<Mini>::from_fen(Variant::parse("quickchess-fsf").unwrap(), fen)
            .expect("fen");
        let bytes = encode(&pos, -37, Wdl::Win, 7);
        assert_eq!(count(&bytes), Ok(1));
        let r = decode(&bytes, 0).expect("record");
        assert_eq!(r.turn, Color::Black);
        assert_eq!((r.score, r.result, r.ply), (-37, Wdl::Win, 7));
        assert_eq!(r.pieces.len() as u32, pos.occupied().count_ones());
        for (sq, color, role) in r.pieces {
            let p = pos.piece_at(sq).expect("a piece");
            assert_eq!((p.color, p.role), (color, role));
        }
    }

    #[test]
    fn impossible_records_are_refused_by_index() {
        assert_eq!(count(&[0; 25]), Err(DataError::Length { len: 25 }));
        let mut bytes = [0u8; 2 * RECORD_BYTES];
        bytes[RECORD_BYTES + 22] = 3;
        assert!(decode(&bytes, 0).is_ok());
        assert_eq!(
            decode(&bytes, 1),
            Err(DataError::Record {
                index: 1,
                why: "a result other than 0, 1 or 2"
            })
        );
        bytes[RECORD_BYTES + 22] = 0;
        bytes[RECORD_BYTES] = 1; // a1 occupied
        bytes[RECORD_BYTES + 4] = 7; // white role 7
        assert!(decode(&bytes, 1).is_err());
        assert!(decode(&bytes, 2).is_err());
    }
}
