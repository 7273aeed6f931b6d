//! Errors shared by the board, task and card parsers of both games.

use tabula_core::{GridError, Square};

/// Why a board, task or card string was rejected. Every variant names the offending
/// character or token and where it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The string does not have the 3x3 shape.
    #[error("{0}")]
    Shape(#[from] GridError),
    /// A character that does not belong in this kind of string.
    #[error(
        "character {column} ('{ch}', square {square}) is not allowed here: expected {expected}"
    )]
    BadChar {
        /// The character.
        ch: char,
        /// 1-based position in the text.
        column: usize,
        /// The square it stands for.
        square: Square,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// A token appears too often or too rarely.
    #[error("{what}: found {found}, expected {expected}")]
    Count {
        /// What was counted ("blue tokens `b`", "empty squares `.`", ...).
        what: String,
        /// How many were found.
        found: usize,
        /// How many the game has.
        expected: usize,
    },
    /// A piece stands where the rules never allow it.
    #[error("{piece} on {square}: {rule}")]
    Placement {
        /// The piece.
        piece: &'static str,
        /// Its square.
        square: Square,
        /// The rule it breaks.
        rule: &'static str,
    },
}

/// Writes a 3x3 board of codes (`a1` first) in board notation, top rank first, with
/// `letter(code)` for each non-empty code and `.` for code 0.
pub(crate) fn write_grid(
    f: &mut std::fmt::Formatter<'_>,
    cells: &[u8; 9],
    letter: impl Fn(u8) -> char,
) -> std::fmt::Result {
    use std::fmt::Write;
    for rank in (0..3usize).rev() {
        for file in 0..3usize {
            let c = cells[rank * 3 + file];
            f.write_char(if c == 0 { '.' } else { letter(c) })?;
        }
        if rank > 0 {
            f.write_char('/')?;
        }
    }
    Ok(())
}
