//! Board strings: ranks from the top down separated by `/`, one character per square.
//!
//! This is the common notation of RULES.md (`bgr/.j./rbg`). Each game maps the characters to
//! its own tokens; this module only checks the shape and remembers where each character was,
//! so a game can say "character 6 (`x`) is not a token".

use crate::Square;

/// One square's character and where it stood in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridCell {
    /// The character written for the square.
    pub ch: char,
    /// The square it describes.
    pub square: Square,
    /// 1-based position of the character in the text (counting characters, not bytes).
    pub column: usize,
}

/// Why a board string does not have the shape of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The number of `/`-separated ranks is wrong.
    #[error("expected {expected} ranks separated by '/', found {found}")]
    RankCount {
        /// Ranks the board has.
        expected: usize,
        /// Ranks the text has.
        found: usize,
    },
    /// One rank has the wrong number of squares.
    #[error(
        "rank {rank} (written {ordinal} from the top, starting at character {column}) has {found} squares, expected {expected}"
    )]
    RankLength {
        /// The rank number (1 = bottom).
        rank: u8,
        /// "1st", "2nd", ... from the top, as written.
        ordinal: String,
        /// 1-based character position where that rank starts.
        column: usize,
        /// Squares found.
        found: usize,
        /// Squares expected.
        expected: usize,
    },
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Splits `text` into `width * height` cells in the order they are written (top rank first,
/// left to right), so a caller that checks them in turn reports the first bad character.
///
/// Surrounding whitespace is ignored. No character is interpreted here.
pub fn parse_grid(text: &str, width: u8, height: u8) -> Result<Vec<GridCell>, GridError> {
    let trimmed_start = text.chars().take_while(|c| c.is_whitespace()).count();
    let body = text.trim();
    let ranks: Vec<&str> = body.split('/').collect();
    if ranks.len() != height as usize {
        return Err(GridError::RankCount {
            expected: height as usize,
            found: ranks.len(),
        });
    }
    let mut cells = Vec::with_capacity(width as usize * height as usize);
    let mut column = trimmed_start + 1;
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - row as u8;
        let found = rank_text.chars().count();
        if found != width as usize {
            return Err(GridError::RankLength {
                rank: rank + 1,
                ordinal: ordinal(row + 1),
                column,
                found,
                expected: width as usize,
            });
        }
        for (file, ch) in rank_text.chars().enumerate() {
            cells.push(GridCell {
                ch,
                square: Square::new(file as u8, rank),
                column: column + file,
            });
        }
        column += found + 1;
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_out_in_text_order_with_squares_and_positions() {
        let cells = parse_grid("abc/def/ghi", 3, 3).unwrap();
        let chars: String = cells.iter().map(|c| c.ch).collect();
        assert_eq!(chars, "abcdefghi");
        assert_eq!(cells[0].square.to_string(), "a3");
        assert_eq!(cells[6].square.to_string(), "a1");
        assert_eq!(cells[6].column, 9);
        assert_eq!(cells[2].column, 3);
    }

    #[test]
    fn shape_errors_say_where() {
        assert_eq!(
            parse_grid("abc/def", 3, 3),
            Err(GridError::RankCount {
                expected: 3,
                found: 2
            })
        );
        let err = parse_grid("abc/de/ghi", 3, 3).unwrap_err();
        assert_eq!(
            err.to_string(),
            "rank 2 (written 2nd from the top, starting at character 5) has 2 squares, expected 3"
        );
    }
}
