//! FEN in Fairy-Stockfish's conventions for any board size: ranks from the top, digit runs
//! for empty squares, side to move, castling (`KQkq`, or file letters), en passant square,
//! half-move clock and move number. The clocks may be left out (`0 1`).

use crate::geometry::{Geometry, square_name, squares};
use crate::position::{FenError, Position};
use crate::types::{Color, Piece, Role};
use crate::variant::{Objective, Variant};
use crate::zobrist;
use std::marker::PhantomData;

/// The largest halfmove clock or fullmove number a FEN may give.
pub const MAX_CLOCK: u32 = 1_000_000;

fn err(field: &'static str, column: usize, message: impl Into<String>) -> FenError {
    FenError {
        field,
        column,
        message: message.into(),
    }
}

/// A FEN's column numbers (1-based, in characters) for its bytes, so an error says where.
struct Columns<'a>(&'a str);

impl Columns<'_> {
    /// The column of byte `byte`.
    fn of(&self, byte: usize) -> usize {
        self.0[..byte].chars().count() + 1
    }
}

/// The FEN's fields (split at whitespace), each with the byte where it starts.
fn fields(fen: &str) -> Vec<(usize, &str)> {
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, ch) in fen.char_indices() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                fields.push((s, &fen[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        fields.push((s, &fen[s..]));
    }
    fields
}

impl<G: Geometry> Position<G> {
    /// The start position of `variant` (`Err` only if the variant is for the other board).
    pub fn start(variant: Variant) -> Result<Position<G>, FenError> {
        Position::from_fen(variant, &variant.start_fen())
    }

    /// Parses `fen` as a position of `variant`, checking it obeys the variant's rules.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position<G>, FenError> {
        if variant.is_8x8() != (G::W == 8 && G::H == 8) {
            return Err(err(
                "board",
                1,
                format!(
                    "{variant} is played on {}, not {}",
                    if variant.is_8x8() { "8x8" } else { "5x6" },
                    G::NAME
                ),
            ));
        }
        let fields = fields(fen);
        let col = Columns(fen);
        if fields.is_empty() {
            return Err(err("board", 1, "the FEN is empty"));
        }
        if fields.len() > 6 {
            return Err(err(
                "position",
                col.of(fields[6].0),
                "a FEN has at most six fields",
            ));
        }
        let mut p = Position::empty(variant, Color::White);
        p.read_board(fields[0], &col)?;
        p.read_turn(fields.get(1).copied(), &col)?;
        if let Some(&field) = fields.get(2) {
            p.read_castling(field, &col)?;
        }
        if let Some(&field) = fields.get(3) {
            p.read_en_passant(field, &col)?;
        }
        p.read_clocks(&fields, &col)?;
        if variant.objective() == Objective::CapturePawns {
            // a side with any non-pawn piece has rescued its queen already
            for c in Color::ALL {
                p.rescued[c.index()] =
                    p.by_color(c) & !p.pieces(c, Role::Pawn) & !p.pieces(c, Role::King) != 0;
            }
        }
        p.validate().map_err(|m| err("position", 1, m))?;
        p.hash = p.compute_hash();
        Ok(p)
    }

    /// Puts the pieces of the FEN's board field (which starts at byte `b0`).
    fn read_board(&mut self, (b0, board): (usize, &str), col: &Columns) -> Result<(), FenError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != G::H as usize {
            return Err(err(
                "board",
                col.of(b0),
                format!("{} ranks, expected {} for {}", ranks.len(), G::H, G::NAME),
            ));
        }
        let mut offset = b0;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = G::H - 1 - i as u8;
            let mut file: u32 = 0;
            let mut chars = rank_text.char_indices().peekable();
            while let Some((j, ch)) = chars.next() {
                let here = col.of(offset + j);
                if let Some(d) = ch.to_digit(10) {
                    let mut run = d;
                    while let Some(&(_, c2)) = chars.peek() {
                        match c2.to_digit(10) {
                            Some(d2) => {
                                // saturating: a run of digits too long to count is
                                // still too many squares, never a wrapped small number
                                run = run.saturating_mul(10).saturating_add(d2);
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    if run == 0 {
                        return Err(err(
                            "board",
                            here,
                            "an empty-square count must be at least 1",
                        ));
                    }
                    file = file.saturating_add(run);
                } else if let Some(piece) = Piece::from_char(ch) {
                    if file >= u32::from(G::W) {
                        return Err(err(
                            "board",
                            here,
                            format!("rank {} has more than {} squares", rank + 1, G::W),
                        ));
                    }
                    self.put((rank as u32 * u32::from(G::W) + file) as u8, piece);
                    file += 1;
                } else {
                    return Err(err(
                        "board",
                        here,
                        format!("'{ch}' is not a piece letter (PNBRQK, pnbrqk) or a digit"),
                    ));
                }
                if file > u32::from(G::W) {
                    return Err(err(
                        "board",
                        here,
                        format!("rank {} has more than {} squares", rank + 1, G::W),
                    ));
                }
            }
            if file != u32::from(G::W) {
                return Err(err(
                    "board",
                    col.of(offset),
                    format!("rank {} has {} squares, expected {}", rank + 1, file, G::W),
                ));
            }
            offset += rank_text.len() + 1;
        }
        Ok(())
    }

    /// Reads the side to move (white when the field is left out).
    fn read_turn(&mut self, field: Option<(usize, &str)>, col: &Columns) -> Result<(), FenError> {
        match field {
            None | Some((_, "w")) => {}
            Some((_, "b")) => self.turn = Color::Black,
            Some((s, other)) => {
                return Err(err(
                    "side to move",
                    col.of(s),
                    format!("'{other}' is not w or b"),
                ));
            }
        }
        Ok(())
    }

    /// Reads the castling rights (`KQkq`, or the rooks' file letters), each a rook that may
    /// castle.
    fn read_castling(&mut self, (s, text): (usize, &str), col: &Columns) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        for (j, ch) in text.char_indices() {
            let here = col.of(s + j);
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = Self::last_rank(color.other());
            let king = self
                .king(color)
                .filter(|k| k / G::W == back)
                .ok_or_else(|| {
                    err(
                        "castling",
                        here,
                        format!("'{ch}': the {} king is not on its back rank", color.name()),
                    )
                })?;
            let rooks: Vec<u8> = squares(self.pieces(color, Role::Rook) & G::rank(back)).collect();
            let rook = match ch.to_ascii_lowercase() {
                'k' => rooks.iter().copied().filter(|&r| r > king).max(),
                'q' => rooks.iter().copied().filter(|&r| r < king).min(),
                f @ 'a'..='h' => {
                    let sq = back * G::W + (f as u8 - b'a');
                    rooks.contains(&sq).then_some(sq)
                }
                _ => {
                    return Err(err(
                        "castling",
                        here,
                        format!("'{ch}' is not a castling letter (KQkq or a file)"),
                    ));
                }
            };
            let rook = rook.ok_or_else(|| {
                err(
                    "castling",
                    here,
                    format!("'{ch}': no {} rook to castle with there", color.name()),
                )
            })?;
            if !self.variant.castling() {
                return Err(err(
                    "castling",
                    here,
                    format!("{} has no castling", self.variant),
                ));
            }
            self.castling |= 1 << rook;
        }
        Ok(())
    }

    /// Reads the en passant square, kept only where a pawn can take on it.
    fn read_en_passant(&mut self, (s, text): (usize, &str), col: &Columns) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let here = col.of(s);
        let sq = parse_square::<G>(text).ok_or_else(|| {
            err(
                "en passant",
                here,
                format!("'{text}' is not a square of {}", G::NAME),
            )
        })?;
        let us = self.turn;
        let expected_rank = if us == Color::White { G::H - 3 } else { 2 };
        if !self.variant.double_step() {
            return Err(err(
                "en passant",
                here,
                format!("{} has no two-square pawn moves", self.variant),
            ));
        }
        // the rank first: only then is the square in front of it on the board
        let behind = |sq: u8| {
            if us == Color::White {
                sq - G::W
            } else {
                sq + G::W
            }
        };
        if sq / G::W != expected_rank
            || self.occupied() >> sq & 1 == 1
            || self.pieces(us.other(), Role::Pawn) >> behind(sq) & 1 == 0
        {
            return Err(err(
                "en passant",
                here,
                format!("{text} is not behind a pawn that has just moved two squares"),
            ));
        }
        if G::tables().pawn(us.other().index(), sq) & self.pieces(us, Role::Pawn) != 0 {
            self.ep = Some(sq);
        }
        Ok(())
    }

    /// Reads the halfmove clock and the fullmove number, where given.
    fn read_clocks(&mut self, fields: &[(usize, &str)], col: &Columns) -> Result<(), FenError> {
        for (i, name) in [(4usize, "halfmove clock"), (5, "fullmove number")] {
            if let Some(&(s, text)) = fields.get(i) {
                let n: u32 = text
                    .parse()
                    .map_err(|_| err(name, col.of(s), format!("'{text}' is not a whole number")))?;
                // no game gets near this; a bound keeps every later count far from overflow
                if n > MAX_CLOCK {
                    return Err(err(
                        name,
                        col.of(s),
                        format!("{n} is more than a game can reach (at most {MAX_CLOCK})"),
                    ));
                }
                if i == 4 {
                    self.halfmoves = n;
                } else {
                    self.fullmoves = n.max(1);
                }
            }
        }
        Ok(())
    }

    /// Checks the rules every position of the variant obeys.
    fn validate(&self) -> Result<(), String> {
        for c in Color::ALL {
            let kings = self.pieces(c, Role::King).count_ones();
            if self.variant.has_check() && kings != 1 {
                return Err(format!("{} has {kings} kings, expected one", c.name()));
            }
            if kings > 1 {
                return Err(format!("{} has {kings} kings", c.name()));
            }
            if self.variant.objective() != Objective::Checkmate
                && kings == 1
                && !self.variant_allows_kings()
            {
                return Err(format!("{} has no king in {}", c.name(), self.variant));
            }
            let pawns = self.pieces(c, Role::Pawn);
            let far = G::rank(Self::last_rank(c));
            if pawns & far != 0 && self.variant.objective() != Objective::Lesson {
                return Err(format!("a {} pawn stands on its last rank", c.name()));
            }
            let own = G::rank(Self::last_rank(c.other()));
            if pawns & own != 0 && !self.variant.pawns_on_back_rank() {
                return Err(format!("a {} pawn stands on its own back rank", c.name()));
            }
        }
        if self.variant.has_check() {
            let them = self.turn.other();
            if let Some(k) = self.king(them)
                && self.attackers(k, self.turn, self.occupied()) != 0
            {
                return Err(format!(
                    "the {} king is in check but it is {} to move",
                    them.name(),
                    self.turn.name()
                ));
            }
        }
        if let (Some(a), Some(b)) = (self.king(Color::White), self.king(Color::Black))
            && G::tables().king(a) >> b & 1 == 1
        {
            return Err("the kings stand next to each other".into());
        }
        Ok(())
    }

    fn variant_allows_kings(&self) -> bool {
        match self.variant.family {
            crate::variant::Family::Lesson(set) => set.has_king(),
            _ => false,
        }
    }

    /// The position in FEN.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..G::H).rev() {
            let mut empty = 0;
            for file in 0..G::W {
                match self.piece_at(rank * G::W + file) {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        let mut rights = String::new();
        for c in Color::ALL {
            let Some(k) = self.king(c) else { continue };
            let rooks = self.castling & self.by_color(c);
            let mut letters: Vec<char> = Vec::new();
            for r in squares(rooks) {
                let outermost_k = squares(self.pieces(c, Role::Rook) & G::rank(r / G::W))
                    .filter(|&x| x > k)
                    .max()
                    == Some(r);
                let outermost_q = squares(self.pieces(c, Role::Rook) & G::rank(r / G::W))
                    .filter(|&x| x < k)
                    .min()
                    == Some(r);
                let l = if r > k && outermost_k {
                    'k'
                } else if r < k && outermost_q {
                    'q'
                } else {
                    (b'a' + r % G::W) as char
                };
                letters.push(if c == Color::White {
                    l.to_ascii_uppercase()
                } else {
                    l
                });
            }
            letters.sort_by_key(|l| (!l.eq_ignore_ascii_case(&'k'), *l));
            rights.extend(letters);
        }
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        s.push(' ');
        match self.ep {
            Some(e) => s.push_str(&square_name(e, G::W)),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }

    /// Rebuilds the Zobrist key after direct edits (used by setups).
    pub(crate) fn rehash(&mut self) {
        self.hash = self.compute_hash();
    }

    /// An empty board for `variant` with `turn` to move (for Blind QuickChess placements).
    pub fn empty(variant: Variant, turn: Color) -> Position<G> {
        let mut p = Position {
            colors: [0; 2],
            roles: [0; 6],
            turn,
            castling: 0,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
            rescued: [false; 2],
            variant,
            _geometry: PhantomData,
        };
        p.rehash();
        p
    }

    /// Places a piece on an empty square (setups only; the caller validates the result).
    pub fn place(&mut self, sq: u8, piece: Piece) {
        self.put(sq, piece);
    }

    /// Checks the position against its variant's rules (after setups).
    pub fn check_rules(&self) -> Result<(), String> {
        self.validate()
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, c: Color) {
        if self.turn != c {
            self.turn = c;
            self.hash ^= zobrist::BLACK_TO_MOVE;
        }
    }
}

/// Parses a square name for geometry `G`.
pub fn parse_square<G: Geometry>(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let f = chars.next()?;
    let rank: u8 = chars.as_str().parse().ok()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let file = f as u8 - b'a';
    (file < G::W && rank >= 1 && rank <= G::H).then(|| (rank - 1) * G::W + file)
}
