//! A stored part of a solved lesson game: the values (win, draw or loss, two bits a position)
//! of some of its slices, as a [`Table`] that answers for those and says `None` elsewhere.
//! Shipped for each game solved on the full board: every position before the first capture,
//! a few million positions in a few hundred kilobytes once compressed (the CLI compresses).
//!
//! Bytes: `TABULABK`, a format byte, the variant's name and the start's FEN (a length byte
//! each), the number of slices (8 bytes), then each slice's key (16 bytes) and its values,
//! four indices a byte (0 no position, 1 draw, 2 win, 3 loss for the side to move), in key
//! order; then a checksum of all before it.

use super::compact::{self, Code, NO_RANK};
use super::memory::Table;
use crate::geometry::Mini;
use crate::position::Position;
use crate::variant::Variant;

const MAGIC: &[u8; 8] = b"TABULABK";
const FORMAT: u8 = 1;

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Tabula lesson book: {0}")]
pub struct BookError(String);

/// A book: the game, its start, and the table of its stored slices.
#[derive(Debug)]
pub struct Book {
    /// The position the game was solved from.
    pub root: Position<Mini>,
    /// The stored slices' values (ranks are not stored).
    pub table: Table,
}

impl Book {
    /// Bytes of `slices` (key, codes; in any order) of the game solved from `root`.
    pub fn to_bytes<'a>(
        root: &Position<Mini>,
        slices: impl Iterator<Item = (u128, &'a [Code])>,
    ) -> Vec<u8> {
        let mut slices: Vec<(u128, &[Code])> = slices.collect();
        slices.sort_unstable_by_key(|&(k, _)| k);
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.push(FORMAT);
        for text in [root.variant().name(), root.fen()] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&(slices.len() as u64).to_le_bytes());
        for (k, codes) in slices {
            out.extend_from_slice(&k.to_le_bytes());
            for four in codes.chunks(4) {
                let mut b = 0u8;
                for (i, c) in four.iter().enumerate() {
                    b |= (c & 3) << (2 * i);
                }
                out.push(b);
            }
        }
        let sum = crate::tablebase::checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads bytes written by [`Book::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let bad = |why: &str| BookError(why.to_string());
        if bytes.len() < 25 || &bytes[..8] != MAGIC || bytes[8] != FORMAT {
            return Err(bad("the header is missing"));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        if crate::tablebase::checksum(body).to_le_bytes() != tail {
            return Err(bad("the checksum does not match (a damaged file)"));
        }
        let mut at = 9;
        let mut take = |n: usize| -> Result<&[u8], BookError> {
            let s = body.get(at..at + n).ok_or_else(|| bad("cut short"))?;
            at += n;
            Ok(s)
        };
        let mut text = || -> Result<String, BookError> {
            let n = usize::from(take(1)?[0]);
            String::from_utf8(take(n)?.to_vec()).map_err(|_| bad("text"))
        };
        let variant = text()?;
        let fen = text()?;
        let variant = Variant::parse(&variant).map_err(|e| bad(&e.to_string()))?;
        let root = Position::<Mini>::from_fen(variant, &fen).map_err(|e| bad(&e.to_string()))?;
        let count = u64::from_le_bytes(take(8)?.try_into().map_err(|_| bad("count"))?);
        let mut slices = Vec::new();
        for _ in 0..count {
            let key = u128::from_le_bytes(take(16)?.try_into().map_err(|_| bad("key"))?);
            let len = compact::slice_len(key).ok_or_else(|| bad("a slice with too many pieces"))?;
            let packed = take(len.div_ceil(4))?;
            let codes: Vec<Code> = (0..len)
                .map(|i| match (packed[i / 4] >> (2 * (i % 4))) & 3 {
                    0 => 0,
                    v => v | NO_RANK << 2,
                })
                .collect();
            slices.push((key, codes));
        }
        if at != body.len() {
            return Err(bad("bytes after the last slice"));
        }
        Ok(Book {
            root,
            table: Table::from_slices(slices),
        })
    }
}
