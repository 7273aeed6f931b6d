//! Turns and their notation.
//!
//! Two layers keep parsing honest. [`TurnText`] is what a person wrote: a movement as the
//! list of squares the piece stood on (`c2-c3`, `c2:e4:e6`), an optional removal (`x4-6`) or
//! `pass`. It round-trips through text without looking at any position. [`Turn`] is the
//! compact, checked form the engine plays: a movement is just its start and end square (the
//! resulting position does not depend on the jump path), a removal its lowest and highest
//! number. [`crate::Position::check`] turns text into a `Turn` against a position, and
//! [`crate::Position::describe`] writes a `Turn` back with one shortest jump path.

use crate::position::{PIECES, parse_square, square_name};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A piece's movement: from one square to another, by a step or a jump sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Movement {
    /// Start square.
    pub from: u8,
    /// End square.
    pub to: u8,
}

/// Removal of the mover's pieces numbered `low..=high` (at least three).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Removal {
    /// Lowest number removed.
    pub low: u8,
    /// Highest number removed.
    pub high: u8,
}

impl Removal {
    /// How many pieces it removes.
    pub fn len(self) -> u8 {
        self.high - self.low + 1
    }

    /// Never true: a removal takes at least three pieces (present for API symmetry).
    pub fn is_empty(self) -> bool {
        false
    }

    /// The removed numbers as a bit mask (bit `n` = number `n`).
    pub fn mask(self) -> u32 {
        ((1u32 << (self.high + 1)) - 1) & !((1u32 << self.low) - 1)
    }
}

impl fmt::Display for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}-{}", self.low, self.high)
    }
}

/// A whole turn: a movement, a removal, both (movement first), or neither (a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Turn {
    /// The movement, if any.
    pub movement: Option<Movement>,
    /// The removal, if any (made after the movement).
    pub removal: Option<Removal>,
}

impl Turn {
    /// The pass.
    pub const PASS: Turn = Turn {
        movement: None,
        removal: None,
    };

    /// Whether this turn does nothing.
    pub fn is_pass(&self) -> bool {
        self.movement.is_none() && self.removal.is_none()
    }

    /// Packs the turn into 32 bits (for the transposition table).
    pub(crate) fn pack(self) -> u32 {
        let (f, t) = self.movement.map_or((0xFF, 0xFF), |m| (m.from, m.to));
        let (l, h) = self.removal.map_or((0, 0), |r| (r.low, r.high));
        u32::from(f) | u32::from(t) << 8 | u32::from(l) << 16 | u32::from(h) << 24
    }

    /// The inverse of [`Turn::pack`].
    #[cfg(test)]
    pub(crate) fn unpack(bits: u32) -> Turn {
        let b = bits.to_le_bytes();
        Turn {
            movement: (b[0] != 0xFF).then_some(Movement {
                from: b[0],
                to: b[1],
            }),
            removal: (b[2] != 0).then_some(Removal {
                low: b[2],
                high: b[3],
            }),
        }
    }
}

/// A turn as written: the squares a moving piece stood on, then an optional removal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TurnText {
    /// The movement's squares: start then every landing square (empty: no movement).
    pub squares: Vec<u8>,
    /// Whether the movement is a jump sequence (`:`) rather than a step (`-`).
    pub jump: bool,
    /// The removal.
    pub removal: Option<Removal>,
}

/// Why turn text could not be read: what and at which character.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turn, character {column}: {message}")]
pub struct TurnSyntaxError {
    /// 1-based character position.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl TurnText {
    /// Reads `c2-c3`, `c2:e4:e6`, `x4-6`, `c2-c3 x4-6` or `pass`.
    pub fn parse(text: &str) -> Result<TurnText, TurnSyntaxError> {
        let err = |column: usize, message: String| TurnSyntaxError { column, message };
        let mut out = TurnText::default();
        let words = words_with_columns(text);
        if words.is_empty() {
            return Err(err(
                1,
                "empty turn: write a movement, a removal, both, or 'pass'".into(),
            ));
        }
        if words.len() == 1 && words[0].1.eq_ignore_ascii_case("pass") {
            return Ok(out);
        }
        if words.len() > 2 {
            return Err(err(
                words[2].0,
                "a turn is at most a movement then a removal".into(),
            ));
        }
        for (i, &(column, word)) in words.iter().enumerate() {
            if let Some(range) = word.strip_prefix('x') {
                if out.removal.is_some() {
                    return Err(err(column, "at most one removal per turn".into()));
                }
                if i == 0 && words.len() == 2 {
                    return Err(err(column, "the movement comes before the removal".into()));
                }
                out.removal = Some(parse_removal(range).map_err(|m| err(column + 1, m))?);
            } else {
                if i == 1 {
                    return Err(err(
                        column,
                        format!("'{word}': the second part of a turn must be a removal like x4-6"),
                    ));
                }
                parse_movement(word, column, &mut out)?;
            }
        }
        Ok(out)
    }

    /// The movement's start and end, if any.
    pub fn movement(&self) -> Option<Movement> {
        match (self.squares.first(), self.squares.last()) {
            (Some(&from), Some(&to)) => Some(Movement { from, to }),
            _ => None,
        }
    }
}

fn words_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((text[..s].chars().count() + 1, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((text[..s].chars().count() + 1, &text[s..]));
    }
    out
}

fn parse_removal(range: &str) -> Result<Removal, String> {
    let (a, b) = range
        .split_once('-')
        .ok_or_else(|| format!("removal 'x{range}': write xLOW-HIGH, e.g. x4-6"))?;
    let number = |t: &str| -> Result<u8, String> {
        t.parse::<u8>()
            .ok()
            .filter(|n| (1..=PIECES).contains(n))
            .ok_or_else(|| format!("'{t}' is not a piece number 1-16"))
    };
    let (low, high) = (number(a)?, number(b)?);
    if high < low + 2 {
        return Err(format!(
            "x{low}-{high} removes {} piece(s); a chain removal takes at least three",
            (high + 1).saturating_sub(low)
        ));
    }
    Ok(Removal { low, high })
}

fn parse_movement(word: &str, column: usize, out: &mut TurnText) -> Result<(), TurnSyntaxError> {
    let jump = word.contains(':');
    if jump && word.contains('-') {
        return Err(TurnSyntaxError {
            column,
            message: format!(
                "'{word}' mixes a step ('-') and jumps (':'); a turn has one or the other"
            ),
        });
    }
    let parts: Vec<&str> = word.split(if jump { ':' } else { '-' }).collect();
    if parts.len() < 2 {
        return Err(TurnSyntaxError {
            column,
            message: format!(
                "'{word}' is not a turn: a step is c2-c3, jumps c2:e4:e6, a removal x4-6, or 'pass'"
            ),
        });
    }
    if !jump && parts.len() > 2 {
        return Err(TurnSyntaxError {
            column,
            message: format!(
                "'{word}': a step goes one square; several landings are jumps, written with ':'"
            ),
        });
    }
    let mut at = column;
    for part in parts {
        let sq = parse_square(part).ok_or_else(|| TurnSyntaxError {
            column: at,
            message: format!("'{part}' is not a square (a1 to j7)"),
        })?;
        out.squares.push(sq);
        at += part.chars().count() + 1;
    }
    out.jump = jump;
    Ok(())
}

impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.squares.is_empty() && self.removal.is_none() {
            return f.write_str("pass");
        }
        let sep = if self.jump { ":" } else { "-" };
        let names: Vec<String> = self.squares.iter().map(|&s| square_name(s)).collect();
        f.write_str(&names.join(sep))?;
        if let Some(r) = self.removal {
            if !self.squares.is_empty() {
                f.write_str(" ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let t = TurnText::parse("c2-c3 x4-6").unwrap();
        assert_eq!(t.squares, vec![12, 22]);
        assert!(!t.jump);
        assert_eq!(t.removal, Some(Removal { low: 4, high: 6 }));
        let j = TurnText::parse("c2:e4:e6").unwrap();
        assert_eq!(j.squares, vec![12, 34, 54]);
        assert!(j.jump);
        assert_eq!(TurnText::parse("pass").unwrap(), TurnText::default());
        assert_eq!(
            TurnText::parse(" x1-16 ").unwrap().removal,
            Some(Removal { low: 1, high: 16 })
        );
    }

    #[test]
    fn errors_name_the_place() {
        let e = TurnText::parse("c2-c3 x4-5").unwrap_err();
        assert_eq!(e.column, 8);
        assert!(e.message.contains("at least three"), "{e}");
        let e = TurnText::parse("c2-k3").unwrap_err();
        assert_eq!(e.column, 4);
        let e = TurnText::parse("x4-6 c2-c3").unwrap_err();
        assert!(e.message.contains("before"), "{e}");
        let e = TurnText::parse("c2-c3-c4").unwrap_err();
        assert!(e.message.contains("jumps"), "{e}");
        assert!(TurnText::parse("c2:c3-c4").is_err());
        assert!(TurnText::parse("c2").is_err());
        assert!(TurnText::parse("").is_err());
        assert!(TurnText::parse("x0-3").is_err());
        assert!(TurnText::parse("x15-17").is_err());
    }

    #[test]
    fn packing_round_trips() {
        for t in [
            Turn::PASS,
            Turn {
                movement: Some(Movement { from: 0, to: 69 }),
                removal: None,
            },
            Turn {
                movement: Some(Movement { from: 12, to: 13 }),
                removal: Some(Removal { low: 1, high: 16 }),
            },
            Turn {
                movement: None,
                removal: Some(Removal { low: 4, high: 6 }),
            },
        ] {
            assert_eq!(Turn::unpack(t.pack()), t);
        }
        assert_eq!(Removal { low: 4, high: 6 }.mask(), 0b111_0000);
    }
}
