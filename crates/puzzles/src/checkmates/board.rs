//! A Check Mates board: which token stands on each of the nine squares.

use super::Side;
use crate::moves::{IllegalMove, Move, check_move};
use crate::notation::{NotationError, write_grid};
use std::fmt;
use tabula_core::parse_grid;
use tabula_core::rng::{ChaCha8Rng, Rng, SliceRandom};

/// The centre square `b2`, empty in every setup.
pub const CENTRE: u8 = 4;

/// A legal board: seven tokens of one side and two empty squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Board {
    side: Side,
    cells: [u8; 9],
}

impl Board {
    /// Parses a board like `bgr/.j./rbg` (sliding) or `RnQ/.K./qNr` (chess).
    pub fn parse(side: Side, text: &str) -> Result<Self, NotationError> {
        let letters = side.token_letters();
        let expected = match side {
            Side::Sliding => "a token b, r, g, j or an empty square '.'",
            Side::Chess => "a token R, r, N, n, Q, q, K or an empty square '.'",
        };
        let mut cells = [0u8; 9];
        for cell in parse_grid(text, 3, 3)? {
            let code = if cell.ch == '.' {
                0
            } else {
                match letters.iter().position(|&l| l == cell.ch) {
                    Some(i) => i as u8 + 1,
                    None => {
                        return Err(NotationError::BadChar {
                            ch: cell.ch,
                            column: cell.column,
                            square: cell.square,
                            expected,
                        });
                    }
                }
            };
            cells[cell.square.index(3) as usize] = code;
        }
        Self::from_cells(side, cells)
    }

    /// A board from token codes per square, checking that each token appears as often as
    /// the side has it.
    pub fn from_cells(side: Side, cells: [u8; 9]) -> Result<Self, NotationError> {
        for (code, &expected) in side.counts().iter().enumerate() {
            let found = cells.iter().filter(|&&c| c as usize == code).count();
            if found != expected as usize {
                let what = if code == 0 {
                    "empty squares '.'".to_string()
                } else {
                    format!(
                        "{}s '{}'",
                        side.token_name(code as u8),
                        side.token_letters()[code - 1]
                    )
                };
                return Err(NotationError::Count {
                    what: format!("{what} on the {side} side"),
                    found,
                    expected: expected as usize,
                });
            }
        }
        if let Some(&bad) = cells.iter().find(|&&c| c > side.token_kinds()) {
            return Err(NotationError::Count {
                what: format!("tokens with code {bad}"),
                found: 1,
                expected: 0,
            });
        }
        Ok(Self { side, cells })
    }

    /// A random legal setup: `b2` and one other square empty, the tokens shuffled.
    pub fn random_setup(side: Side, rng: &mut ChaCha8Rng) -> Self {
        let mut tokens: Vec<u8> = side
            .counts()
            .iter()
            .enumerate()
            .skip(1)
            .flat_map(|(code, &n)| std::iter::repeat_n(code as u8, n as usize))
            .collect();
        tokens.shuffle(rng);
        let others: Vec<u8> = (0..9).filter(|&s| s != CENTRE).collect();
        let hole = others[rng.random_range(0..others.len())];
        let mut cells = [0u8; 9];
        let mut it = tokens.into_iter();
        for sq in 0..9u8 {
            if sq != CENTRE && sq != hole {
                cells[sq as usize] = it.next().unwrap_or(0);
            }
        }
        Self { side, cells }
    }

    /// The side being played.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Token code on each square (0 = empty), `a1` first.
    pub fn cells(&self) -> [u8; 9] {
        self.cells
    }

    /// Whether this board could be a setup of the game (`b2` empty).
    pub fn is_setup(&self) -> bool {
        self.cells[CENTRE as usize] == 0
    }

    /// Checks a move against the rules, saying which rule it breaks.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let side = self.side;
        check_move(&self.cells, mv, |t| side.mover(t), |t| side.token_name(t))
    }

    /// The board after `mv`, or why `mv` is illegal (the board itself is unchanged).
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMove> {
        self.check_move(mv)?;
        let mut next = *self;
        next.cells.swap(mv.from as usize, mv.to as usize);
        Ok(next)
    }

    /// Every legal move, ordered by origin then destination square.
    pub fn legal_moves(&self) -> Vec<Move> {
        Move::all()
            .filter(|&m| self.check_move(m).is_ok())
            .collect()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = self.side.token_letters();
        write_grid(f, &self.cells, |c| letters[c as usize - 1])
    }
}

impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use tabula_core::rng::seeded;

    #[test]
    fn examples_of_the_rules_parse() {
        let b = Board::parse(Side::Sliding, "bgr/.j./rbg").unwrap();
        assert_eq!(b.to_string(), "bgr/.j./rbg");
        assert!(!b.is_setup());
        let c = Board::parse(Side::Chess, "RnQ/.K./qNr").unwrap();
        assert_eq!(c.cells()[0], 6); // a1 = q
    }

    #[test]
    fn errors_name_the_character_and_square() {
        let e = Board::parse(Side::Sliding, "bgr/.x./rbg").unwrap_err();
        assert_eq!(
            e.to_string(),
            "character 6 ('x', square b2) is not allowed here: expected a token b, r, g, j or an empty square '.'"
        );
        let e = Board::parse(Side::Sliding, "bgr/gj./rbg").unwrap_err();
        assert_eq!(
            e.to_string(),
            "empty squares '.' on the sliding side: found 1, expected 2"
        );
        let e = Board::parse(Side::Sliding, "bbb/.j./rrg").unwrap_err();
        assert_eq!(
            e.to_string(),
            "blue tokens 'b' on the sliding side: found 3, expected 2"
        );
        let e = Board::parse(Side::Chess, "RnQ/.K./qNR").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("white rooks 'R' on the chess side: found 2")
        );
        assert!(Board::parse(Side::Chess, "RnQ/.K/qNr").is_err());
    }

    #[test]
    fn illegal_moves_are_explained() {
        let b = Board::parse(Side::Chess, "RnQ/.K./qNr").unwrap();
        let mv = |s: &str| Move::parse(s).unwrap();
        assert_eq!(
            b.play(mv("a2-b2")).unwrap_err().to_string(),
            "a2 is empty: there is no token to move"
        );
        assert!(matches!(
            b.play(mv("a1-b1")),
            Err(IllegalMove::Occupied { .. })
        ));
        // black rook c1 to a1? occupied. King b2 to c3 is occupied; king b2 -> a2 fine
        assert!(b.play(mv("b2-a2")).is_ok());
        // white rook a3 -> a2 is one step: fine; knight b1 -> a3 occupied
        assert!(b.play(mv("a3-a2")).is_ok());
        // queen c3 -> a1 over b2 (king there) is blocked... a1 is occupied, so use an empty board
        let e = Board::parse(Side::Chess, "Rn./.Kq/QNr").unwrap();
        assert_eq!(
            e.play(mv("c2-a2")).unwrap_err().to_string(),
            "the black queen cannot go c2-a2: it would pass over the king on b2"
        );
        assert_eq!(
            e.play(mv("b1-a2")).unwrap_err().to_string(),
            "the white knight cannot go b1-a2: it moves in an L: two squares one way and one to the side"
        );
        // knights jump: b3 -> a1 is occupied, b1 -> a3 occupied; from "..n/QKq/RNr"
        let k = Board::parse(Side::Chess, "R.n/QKq/.Nr").unwrap();
        assert!(k.play(mv("c3-a2")).is_err()); // a2 occupied
        assert!(k.play(mv("b1-a3")).is_err()); // a3 occupied by R
        let k2 = Board::parse(Side::Chess, ".Rn/QKq/.Nr").unwrap();
        assert!(k2.play(mv("b1-a3")).is_ok(), "knights jump over tokens");
        let s = Board::parse(Side::Sliding, "bgr/.j./rbg").unwrap();
        assert_eq!(
            s.play(mv("c3-a2")).unwrap_err().to_string(),
            "the red token cannot go c3-a2: it moves one square up, down, left or right"
        );
    }

    proptest! {
        #[test]
        fn boards_round_trip_and_setups_are_legal(seed in any::<u64>(), chess in any::<bool>()) {
            let side = if chess { Side::Chess } else { Side::Sliding };
            let b = Board::random_setup(side, &mut seeded(seed));
            prop_assert!(b.is_setup());
            prop_assert_eq!(Board::parse(side, &b.to_string()), Ok(b));
            prop_assert!(Board::from_cells(side, b.cells()).is_ok());
            for m in b.legal_moves() {
                let after = b.play(m).unwrap();
                // every move can be undone
                prop_assert_eq!(after.play(Move::new(m.to, m.from)), Ok(b));
            }
        }
    }
}
