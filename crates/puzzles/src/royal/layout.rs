//! A Royal Study layout: where each of the five pieces stands.

use crate::mover::Mover;
use crate::moves::{IllegalMove, Move, check_move};
use crate::notation::{NotationError, write_grid};
use std::fmt;
use tabula_core::{Square, SquareSet, Symmetry, parse_grid};

/// Board letters of the piece codes `1..=5`.
pub const PIECE_LETTERS: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];
/// Names of the piece codes `1..=5`.
pub const PIECE_NAMES: [&str; 5] = ["king", "queen", "rook", "bishop", "knight"];
const MOVERS: [Mover; 5] = [
    Mover::King,
    Mover::Queen,
    Mover::Rook,
    Mover::Bishop,
    Mover::Knight,
];
const BISHOP: u8 = 4;
const KNIGHT: u8 = 5;
/// The dark squares `a1 c1 b2 a3 c3` (the board is coloured with `a1` dark).
pub const DARK_SQUARES: SquareSet = SquareSet(0b1_0101_0101);
const CENTRE: u8 = 4;

/// A legal layout: each piece once, the bishop on a dark square, the knight off `b2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Layout {
    /// Piece code per square (`a1` first): 0 empty, 1 K, 2 Q, 3 R, 4 B, 5 N.
    cells: [u8; 9],
}

fn name(code: u8) -> &'static str {
    match code {
        1..=5 => PIECE_NAMES[code as usize - 1],
        _ => "empty square",
    }
}

fn mover(code: u8) -> Mover {
    MOVERS[(code.clamp(1, 5) - 1) as usize]
}

impl Layout {
    /// Parses a layout like `K.N/.Q./R.B`.
    pub fn parse(text: &str) -> Result<Self, NotationError> {
        let mut cells = [0u8; 9];
        for cell in parse_grid(text, 3, 3)? {
            let code = match cell.ch {
                '.' => 0,
                ch => match PIECE_LETTERS.iter().position(|&l| l == ch) {
                    Some(i) => i as u8 + 1,
                    None => {
                        return Err(NotationError::BadChar {
                            ch,
                            column: cell.column,
                            square: cell.square,
                            expected: "a piece K, Q, R, B, N or an empty square '.'",
                        });
                    }
                },
            };
            cells[cell.square.index(3) as usize] = code;
        }
        Self::from_cells(cells)
    }

    /// A layout from piece codes per square, checking every rule of a layout.
    pub fn from_cells(cells: [u8; 9]) -> Result<Self, NotationError> {
        for code in 0..=5u8 {
            let found = cells.iter().filter(|&&c| c == code).count();
            let expected = if code == 0 { 4 } else { 1 };
            if found != expected {
                let what = if code == 0 {
                    "empty squares '.'".to_string()
                } else {
                    format!("{}s '{}'", name(code), PIECE_LETTERS[code as usize - 1])
                };
                return Err(NotationError::Count {
                    what,
                    found,
                    expected,
                });
            }
        }
        if let Some(&bad) = cells.iter().find(|&&c| c > 5) {
            return Err(NotationError::Count {
                what: format!("pieces with code {bad}"),
                found: 1,
                expected: 0,
            });
        }
        let at = |code: u8| cells.iter().position(|&c| c == code).unwrap_or(0) as u8;
        if !DARK_SQUARES.contains(at(BISHOP)) {
            return Err(NotationError::Placement {
                piece: "bishop",
                square: Square::from_index(at(BISHOP), 3),
                rule: "the bishop always stands on a dark square (a1, c1, b2, a3, c3)",
            });
        }
        if at(KNIGHT) == CENTRE {
            return Err(NotationError::Placement {
                piece: "knight",
                square: Square::from_index(CENTRE, 3),
                rule: "the knight never stands on the centre square",
            });
        }
        Ok(Self { cells })
    }

    /// Piece code per square, `a1` first (0 empty, then K Q R B N = 1..5).
    pub fn cells(&self) -> [u8; 9] {
        self.cells
    }

    /// The layout as seen on the card after `symmetry` (the piece on `s` moves to
    /// `symmetry(s)`). Every symmetry keeps corners and the centre dark, so the image of a
    /// legal layout is legal.
    pub fn transformed(&self, symmetry: Symmetry) -> Layout {
        let mut cells = [0u8; 9];
        for s in 0..9u8 {
            cells[symmetry.apply_index(s, 3) as usize] = self.cells[s as usize];
        }
        Layout { cells }
    }

    /// Checks a move, saying which rule it breaks.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        check_move(&self.cells, mv, mover, name)
    }

    /// The layout after `mv`, or why `mv` is illegal (the layout itself is unchanged).
    pub fn play(&self, mv: Move) -> Result<Layout, IllegalMove> {
        self.check_move(mv)?;
        let mut next = *self;
        next.cells.swap(mv.from as usize, mv.to as usize);
        Ok(next)
    }

    /// Every legal move, ordered by origin then destination.
    pub fn legal_moves(&self) -> Vec<Move> {
        Move::all()
            .filter(|&m| self.check_move(m).is_ok())
            .collect()
    }

    /// How piece `code` (1..=5) moves.
    pub fn mover(code: u8) -> Mover {
        mover(code)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, &self.cells, |c| PIECE_LETTERS[c as usize - 1])
    }
}

impl serde::Serialize for Layout {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_example_parses_and_prints() {
        let l = Layout::parse("K.N/.Q./R.B").unwrap();
        assert_eq!(l.to_string(), "K.N/.Q./R.B");
    }

    #[test]
    fn layout_rules_are_enforced_with_reasons() {
        assert_eq!(
            Layout::parse("KBN/.Q./R..").unwrap_err().to_string(),
            "bishop on b3: the bishop always stands on a dark square (a1, c1, b2, a3, c3)"
        );
        assert_eq!(
            Layout::parse("K.B/.N./R.Q").unwrap_err().to_string(),
            "knight on b2: the knight never stands on the centre square"
        );
        assert_eq!(
            Layout::parse("K.N/.Q./R.K").unwrap_err().to_string(),
            "kings 'K': found 2, expected 1"
        );
        assert_eq!(
            Layout::parse("K.N/.P./R.B").unwrap_err().to_string(),
            "character 6 ('P', square b2) is not allowed here: expected a piece K, Q, R, B, N or an empty square '.'"
        );
    }

    #[test]
    fn symmetric_images_stay_legal() {
        let l = Layout::parse("K.N/.Q./R.B").unwrap();
        for s in Symmetry::ALL {
            let t = l.transformed(s);
            assert_eq!(Layout::from_cells(t.cells()), Ok(t));
            assert_eq!(t.transformed(s.inverse()), l);
        }
        assert_eq!(
            l.transformed(Symmetry::MirrorLeftRight).to_string(),
            "N.K/.Q./B.R"
        );
    }
}
