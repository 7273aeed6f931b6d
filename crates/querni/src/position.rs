//! The board, the pieces and the position notation.
//!
//! Squares are numbered `rank * 10 + file` (`a1` = 0, `j7` = 69). A piece is identified by an
//! id: blue's number `n` is id `n`, red's is `16 + n`. The position keeps a `u128` bit-set of
//! each colour's squares (emptiness tests and jump searches are bit operations), a mailbox
//! (id per square) and each piece's square, so moves, chain tests and evaluation are all
//! constant-time look-ups. Positions are small `Copy` values and play is copy-make.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Files.
pub const FILES: u8 = 10;
/// Ranks.
pub const RANKS: u8 = 7;
/// Squares.
pub const SQUARES: usize = 70;
/// Pieces per side.
pub const PIECES: u8 = 16;
/// Turns without a removal that end the game in a draw.
pub const DRAW_TURNS: u8 = 30;
/// "Not on the board".
pub const OFF: u8 = u8::MAX;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuerniSide"))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Blue moves first; upper-case letters.
    Blue,
    /// Red; lower-case letters.
    Red,
}

impl Side {
    /// The other player.
    pub const fn other(self) -> Side {
        match self {
            Side::Blue => Side::Red,
            Side::Red => Side::Blue,
        }
    }

    /// 0 for blue, 1 for red.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// "blue" or "red".
    pub const fn name(self) -> &'static str {
        match self {
            Side::Blue => "blue",
            Side::Red => "red",
        }
    }

    /// The id of this side's piece number `n` (1..=16).
    pub const fn id(self, n: u8) -> u8 {
        match self {
            Side::Blue => n,
            Side::Red => PIECES + n,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The side and number of a piece id (1..=32).
pub const fn piece_of(id: u8) -> (Side, u8) {
    if id <= PIECES {
        (Side::Blue, id)
    } else {
        (Side::Red, id - PIECES)
    }
}

/// The name of a square (`a1`..`j7`).
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % FILES) as char, sq / FILES + 1)
}

/// Parses a square name.
pub fn parse_square(text: &str) -> Option<u8> {
    let mut c = text.chars();
    let f = c.next()?;
    let r: u8 = c.as_str().parse().ok()?;
    let file = (f as u8).checked_sub(b'a')?;
    (f.is_ascii_lowercase() && file < FILES && (1..=RANKS).contains(&r))
        .then(|| (r - 1) * FILES + file)
}

const fn neighbours_table() -> [[u8; 8]; SQUARES] {
    let mut t = [[OFF; 8]; SQUARES];
    let dirs: [(i8, i8); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = ((s % 10) as i8, (s / 10) as i8);
        let mut d = 0;
        while d < 8 {
            let (nf, nr) = (f + dirs[d].0, r + dirs[d].1);
            if nf >= 0 && nf < 10 && nr >= 0 && nr < 7 {
                t[s][d] = (nr * 10 + nf) as u8;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// The neighbour of each square in each of eight directions (`OFF` at the edge). Direction
/// `d` and `(d + 4) % 8` are opposite, and a jump in direction `d` goes over `NEIGHBOURS[s][d]`
/// to `NEIGHBOURS[NEIGHBOURS[s][d]][d]`.
pub const NEIGHBOURS: [[u8; 8]; SQUARES] = neighbours_table();

/// Whether two squares touch (8 directions).
#[inline]
pub fn adjacent(a: u8, b: u8) -> bool {
    let (fa, ra, fb, rb) = (
        (a % FILES) as i8,
        (a / FILES) as i8,
        (b % FILES) as i8,
        (b / FILES) as i8,
    );
    a != b && (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
}

/// King-move distance between squares.
#[inline]
pub fn distance(a: u8, b: u8) -> u8 {
    let (fa, ra, fb, rb) = (
        (a % FILES) as i8,
        (a / FILES) as i8,
        (b % FILES) as i8,
        (b / FILES) as i8,
    );
    (fa - fb).unsigned_abs().max((ra - rb).unsigned_abs())
}

const fn zobrist_table() -> [[u64; SQUARES]; 33] {
    let mut t = [[0u64; SQUARES]; 33];
    let mut x: u64 = 0x51A7_E5EE_D0DD_BA11;
    let mut i = 0;
    while i < 33 {
        let mut s = 0;
        while s < SQUARES {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            t[i][s] = z ^ (z >> 31);
            s += 1;
        }
        i += 1;
    }
    t
}

static ZOBRIST: [[u64; SQUARES]; 33] = zobrist_table();
const ZOBRIST_RED: u64 = 0x3C6E_F372_FE94_F82B;

/// A Querni position: pieces, the side to move and the turns since the last removal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Piece id on each square (0 = empty).
    pub(crate) cells: [u8; SQUARES],
    /// Square of each piece id (`OFF` once removed); index 0 unused.
    pub(crate) at: [u8; 33],
    /// Squares of each colour's pieces (bit `s` = square `s`).
    pub(crate) occ: [u128; 2],
    pub(crate) turn: Side,
    pub(crate) quiet: u8,
    pub(crate) hash: u64,
}

/// Why a position string was rejected: what and at which character.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position, character {column}: {message}")]
pub struct NotationError {
    /// 1-based character position.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Position {
    /// An empty board, blue to move.
    pub fn empty() -> Position {
        Position {
            cells: [0; SQUARES],
            at: [OFF; 33],
            occ: [0; 2],
            turn: Side::Blue,
            quiet: 0,
            hash: 0,
        }
    }

    /// The starting position for `seed` **[ours]**: blue on `b1-i1` and `b2-i2`, red on
    /// `b6-i6` and `b7-i7`, each side's numbers 1-16 shuffled onto its squares.
    pub fn start(seed: u64) -> Position {
        use tabula_core::rng::{SliceRandom, seeded};
        let mut rng = seeded(seed);
        let mut p = Position::empty();
        for (side, ranks) in [(Side::Blue, [0u8, 1]), (Side::Red, [5, 6])] {
            let mut numbers: Vec<u8> = (1..=PIECES).collect();
            numbers.shuffle(&mut rng);
            let squares = ranks
                .iter()
                .flat_map(|r| (1..=8u8).map(move |f| r * FILES + f));
            for (sq, n) in squares.zip(numbers) {
                p.put(side.id(n), sq);
            }
        }
        p.hash = p.compute_hash();
        p
    }

    pub(crate) fn put(&mut self, id: u8, sq: u8) {
        self.cells[sq as usize] = id;
        self.at[id as usize] = sq;
        self.occ[piece_of(id).0.index()] |= 1u128 << sq;
        self.hash ^= ZOBRIST[id as usize][sq as usize];
    }

    pub(crate) fn lift(&mut self, id: u8) -> u8 {
        let sq = self.at[id as usize];
        self.cells[sq as usize] = 0;
        self.at[id as usize] = OFF;
        self.occ[piece_of(id).0.index()] &= !(1u128 << sq);
        self.hash ^= ZOBRIST[id as usize][sq as usize];
        sq
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Turns since the last removal.
    pub fn quiet(&self) -> u8 {
        self.quiet
    }

    /// The Zobrist key (pieces, side; the quiet counter is not part of it).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key computed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.turn == Side::Red {
            ZOBRIST_RED
        } else {
            0
        };
        for id in 1..=32u8 {
            let s = self.at[id as usize];
            if s != OFF {
                h ^= ZOBRIST[id as usize][s as usize];
            }
        }
        h
    }

    pub(crate) fn flip_turn(&mut self) {
        self.turn = self.turn.other();
        self.hash ^= ZOBRIST_RED;
    }

    /// Every occupied square as a bit-set.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.occ[0] | self.occ[1]
    }

    /// `side`'s squares as a bit-set.
    #[inline]
    pub fn squares_of(&self, side: Side) -> u128 {
        self.occ[side.index()]
    }

    /// The piece id on a square (0 = empty).
    #[inline]
    pub fn cell(&self, sq: u8) -> u8 {
        self.cells[sq as usize]
    }

    /// The square of `side`'s number `n`, if on the board.
    #[inline]
    pub fn square_of(&self, side: Side, n: u8) -> Option<u8> {
        let s = self.at[side.id(n) as usize];
        (s != OFF).then_some(s)
    }

    /// How many of `side`'s pieces are on the board.
    pub fn count(&self, side: Side) -> u8 {
        self.occ[side.index()].count_ones() as u8
    }

    /// Bit `n` set for each of `side`'s numbers still on the board.
    pub fn numbers_on_board(&self, side: Side) -> u32 {
        (1..=PIECES)
            .filter(|&n| self.square_of(side, n).is_some())
            .fold(0, |m, n| m | 1 << n)
    }

    /// Parses the notation of RULES.md: ranks 7 to 1 separated by `/`, files `a`-`j`, runs of
    /// empty squares as numbers, blue `A`-`P` and red `a`-`p` (A = 1 ... P = 16), then the side
    /// to move (`b` or `r`) and the turns since the last removal.
    pub fn parse(text: &str) -> Result<Position, NotationError> {
        let err = |column: usize, message: String| NotationError { column, message };
        let mut p = Position::empty();
        let text = text.trim();
        let (board, rest) = text.split_once(' ').unwrap_or((text, ""));
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != RANKS as usize {
            return Err(err(
                1,
                format!(
                    "{} ranks, expected 7 (rank 7 first, separated by '/')",
                    ranks.len()
                ),
            ));
        }
        let mut column = 1;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i as u8;
            let mut file: u32 = 0;
            let chars: Vec<char> = rank_text.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let here = column + j;
                let c = chars[j];
                if let Some(d) = c.to_digit(10) {
                    let mut run = d;
                    if d == 1 && chars.get(j + 1) == Some(&'0') {
                        run = 10;
                        j += 1;
                    }
                    if run == 0 {
                        return Err(err(here, "an empty run must be 1 to 10".into()));
                    }
                    file += run;
                } else if c.is_ascii_alphabetic() && ('a'..='p').contains(&c.to_ascii_lowercase()) {
                    if file >= u32::from(FILES) {
                        return Err(err(
                            here,
                            format!("rank {} has more than 10 squares", rank + 1),
                        ));
                    }
                    let n = c.to_ascii_lowercase() as u8 - b'a' + 1;
                    let side = if c.is_ascii_uppercase() {
                        Side::Blue
                    } else {
                        Side::Red
                    };
                    let id = side.id(n);
                    if p.at[id as usize] != OFF {
                        return Err(err(here, format!("{} {} appears twice", side.name(), n)));
                    }
                    p.put(id, (rank as u32 * u32::from(FILES) + file) as u8);
                    file += 1;
                } else {
                    return Err(err(
                        here,
                        format!("'{c}' is not a piece (A-P blue, a-p red) or an empty run"),
                    ));
                }
                if file > u32::from(FILES) {
                    return Err(err(
                        here,
                        format!("rank {} has more than 10 squares", rank + 1),
                    ));
                }
                j += 1;
            }
            if file != u32::from(FILES) {
                return Err(err(
                    column,
                    format!("rank {} has {file} squares, expected 10", rank + 1),
                ));
            }
            column += rank_text.chars().count() + 1;
        }
        let fields: Vec<&str> = rest.split_whitespace().collect();
        match fields.first() {
            None | Some(&"b") => {}
            Some(&"r") => p.turn = Side::Red,
            Some(other) => {
                return Err(err(
                    column,
                    format!("side to move '{other}': b (blue) or r (red)"),
                ));
            }
        }
        if let Some(q) = fields.get(1) {
            p.quiet = q.parse().ok().filter(|&n| n <= DRAW_TURNS).ok_or_else(|| {
                err(
                    column,
                    format!("turns since the last removal '{q}': 0 to 30"),
                )
            })?;
        }
        if fields.len() > 2 {
            return Err(err(
                column,
                "a position has a board, the side to move and a count, no more".into(),
            ));
        }
        p.hash = p.compute_hash();
        Ok(p)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let id = self.cells[(rank * FILES + file) as usize];
                if id == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                let (side, n) = piece_of(id);
                let c = (b'a' + n - 1) as char;
                write!(
                    f,
                    "{}",
                    if side == Side::Blue {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                )?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {}",
            if self.turn == Side::Blue { 'b' } else { 'r' },
            self.quiet
        )
    }
}
