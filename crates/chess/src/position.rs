//! A position: pieces, side to move, castling rights, en passant, clocks, and the variant.
//!
//! Positions are small `Copy` values; making a move returns a new position ("copy-make"),
//! which keeps search and perft simple and fast. A position built from FEN is validated, so
//! every `Position` obeys its variant's rules (one king each in checkmate games, the side not
//! to move not in check, castling rooks in place, ...).

use crate::geometry::{Geometry, squares};
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Piece, Role};
use crate::variant::{Objective, Promotion, Variant};
use crate::zobrist;
use std::marker::PhantomData;

/// The kinds a promoting pawn may choose from (at most four).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotions {
    roles: [Role; 4],
    len: u8,
}

impl Promotions {
    const NONE: Promotions = Promotions {
        roles: [Role::Queen; 4],
        len: 0,
    };
    const QUEEN: Promotions = Promotions {
        roles: [Role::Queen; 4],
        len: 1,
    };
    const ANY: Promotions = Promotions {
        roles: Role::PROMOTABLE,
        len: 4,
    };
}

impl std::ops::Deref for Promotions {
    type Target = [Role];
    fn deref(&self) -> &[Role] {
        &self.roles[..self.len as usize]
    }
}

/// A position of variant chess on geometry `G`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<G: Geometry> {
    pub(crate) colors: [u64; 2],
    pub(crate) roles: [u64; 6],
    pub(crate) turn: Color,
    /// Squares of rooks that may still castle.
    pub(crate) castling: u64,
    /// En passant target square, kept only when a pawn can capture there.
    pub(crate) ep: Option<u8>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// Rescue the Queen: whether each side has rescued its queen already.
    pub(crate) rescued: [bool; 2],
    pub(crate) variant: Variant,
    pub(crate) _geometry: PhantomData<G>,
}

/// Why a FEN was rejected: the field, the 1-based character position in the text, and what
/// is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("FEN {field} (character {column}): {message}")]
pub struct FenError {
    /// Which field: "board", "side to move", "castling", "en passant", "halfmove clock",
    /// "fullmove number", or "position" for rule violations.
    pub field: &'static str,
    /// 1-based character position where the problem is.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl<G: Geometry> Position<G> {
    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, grows after black moves).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist key (kept up to date move by move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The en passant target square, if a capture there is possible.
    pub fn ep_square(&self) -> Option<u8> {
        self.ep
    }

    /// Squares of rooks that may still castle.
    pub fn castling_rooks(&self) -> u64 {
        self.castling
    }

    /// Pieces of one colour.
    #[inline]
    pub fn by_color(&self, c: Color) -> u64 {
        self.colors[c.index()]
    }

    /// Pieces of one kind, both colours.
    #[inline]
    pub fn by_role(&self, r: Role) -> u64 {
        self.roles[r.index()]
    }

    /// Pieces of one colour and kind.
    #[inline]
    pub fn pieces(&self, c: Color, r: Role) -> u64 {
        self.colors[c.index()] & self.roles[r.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: u8) -> Option<Piece> {
        let bit = 1u64 << sq;
        let color = if self.colors[0] & bit != 0 {
            Color::White
        } else if self.colors[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()] & bit != 0)?;
        Some(Piece { color, role })
    }

    /// The kind of piece on `sq`.
    #[inline]
    pub fn role_at(&self, sq: u8) -> Option<Role> {
        let bit = 1u64 << sq;
        if self.occupied() & bit == 0 {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()] & bit != 0)
    }

    /// The king of `c`, if it has one.
    #[inline]
    pub fn king(&self, c: Color) -> Option<u8> {
        let k = self.pieces(c, Role::King);
        (k != 0).then(|| k.trailing_zeros() as u8)
    }

    /// Whether "the first queen has been rescued" for `c` (Rescue the Queen).
    pub fn rescued(&self, c: Color) -> bool {
        self.rescued[c.index()]
    }

    /// Pieces of colour `by` that attack `sq` with the board occupied by `occ`.
    #[inline]
    pub fn attackers(&self, sq: u8, by: Color, occ: u64) -> u64 {
        let t = G::tables();
        let them = self.colors[by.index()];
        let rq = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bq = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        them & ((t.pawn(by.other().index(), sq) & self.roles[0])
            | (t.knight(sq) & self.roles[1])
            | (t.king(sq) & self.roles[5])
            | (t.rook(sq, occ) & rq)
            | (t.bishop(sq, occ) & bq))
    }

    /// Whether the side to move is in check (always false without check rules).
    pub fn is_check(&self) -> bool {
        self.variant.has_check() && self.checkers() != 0
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        match self.king(self.turn) {
            Some(k) => self.attackers(k, self.turn.other(), self.occupied()),
            None => 0,
        }
    }

    pub(crate) fn put(&mut self, sq: u8, p: Piece) {
        let bit = 1u64 << sq;
        self.colors[p.color.index()] |= bit;
        self.roles[p.role.index()] |= bit;
        self.hash ^= zobrist::piece(p.color.index(), p.role.index(), sq);
    }

    pub(crate) fn remove(&mut self, sq: u8, p: Piece) {
        let bit = 1u64 << sq;
        self.colors[p.color.index()] &= !bit;
        self.roles[p.role.index()] &= !bit;
        self.hash ^= zobrist::piece(p.color.index(), p.role.index(), sq);
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for r in Role::ALL {
                for s in squares(self.pieces(c, r)) {
                    h ^= zobrist::piece(c.index(), r.index(), s);
                }
            }
        }
        for s in squares(self.castling) {
            h ^= zobrist::CASTLING[s as usize];
        }
        if let Some(e) = self.ep {
            h ^= zobrist::EN_PASSANT[e as usize];
        }
        if self.turn == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        for c in Color::ALL {
            if self.rescued[c.index()] {
                h ^= zobrist::RESCUED[c.index()];
            }
        }
        h
    }

    /// The rank index pawns of `c` promote on.
    #[inline]
    pub(crate) fn last_rank(c: Color) -> u8 {
        match c {
            Color::White => G::H - 1,
            Color::Black => 0,
        }
    }

    /// The rank index a pawn of `c` may double-step from.
    #[inline]
    pub(crate) fn pawn_start_rank(c: Color) -> u8 {
        match c {
            Color::White => 1,
            Color::Black => G::H - 2,
        }
    }

    /// What a pawn of `c` reaching the last rank may become (empty: it stays a pawn and wins).
    pub fn promotion_roles(&self, c: Color) -> Promotions {
        match self.variant.promotion() {
            Promotion::EdgeWins => Promotions::NONE,
            Promotion::QueenOnly => Promotions::QUEEN,
            Promotion::AnyPiece => Promotions::ANY,
            Promotion::FirstQueenThenAny => {
                if self.rescued[c.index()] {
                    Promotions::ANY
                } else {
                    Promotions::QUEEN
                }
            }
            Promotion::Rescue => {
                let start = self.variant.start_material();
                let mut set = Promotions::NONE;
                for (r, n) in Role::PROMOTABLE.iter().zip(start) {
                    if (self.pieces(c, *r).count_ones() as u8) < n {
                        set.roles[set.len as usize] = *r;
                        set.len += 1;
                    }
                }
                if set.len == 0 { Promotions::QUEEN } else { set }
            }
        }
    }

    /// Plays a move known to be legal (from this position's move list) and returns the new
    /// position. For untrusted input use [`Position::play`].
    pub fn play_unchecked(&self, m: Move) -> Position<G> {
        let mut p = *self;
        let us = self.turn;
        let them = us.other();
        let w = G::W;
        if let Some(e) = p.ep.take() {
            p.hash ^= zobrist::EN_PASSANT[e as usize];
        }
        p.halfmoves += 1;
        let mover = Piece {
            color: us,
            role: m.role,
        };
        match m.kind {
            // nothing moves: only the turn (and the clocks) change
            MoveKind::Pass => {}
            MoveKind::Castle { rook_from, rook_to } => {
                p.remove(m.from, mover);
                p.remove(
                    rook_from,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                p.put(m.to, mover);
                p.put(
                    rook_to,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
            }
            MoveKind::EnPassant => {
                let captured = if us == Color::White {
                    m.to - w
                } else {
                    m.to + w
                };
                p.remove(
                    captured,
                    Piece {
                        color: them,
                        role: Role::Pawn,
                    },
                );
                p.remove(m.from, mover);
                p.put(m.to, mover);
                p.halfmoves = 0;
            }
            MoveKind::Normal | MoveKind::DoubleStep => {
                if let Some(c) = m.capture {
                    p.remove(
                        m.to,
                        Piece {
                            color: them,
                            role: c,
                        },
                    );
                    p.halfmoves = 0;
                }
                p.remove(m.from, mover);
                let placed = Piece {
                    color: us,
                    role: m.promotion.unwrap_or(m.role),
                };
                p.put(m.to, placed);
                if m.role == Role::Pawn {
                    p.halfmoves = 0;
                }
                if m.promotion.is_some()
                    && self.variant.promotion() == Promotion::FirstQueenThenAny
                    && !p.rescued[us.index()]
                {
                    p.rescued[us.index()] = true;
                    p.hash ^= zobrist::RESCUED[us.index()];
                }
                if m.kind == MoveKind::DoubleStep {
                    let target = if us == Color::White {
                        m.from + w
                    } else {
                        m.from - w
                    };
                    // keep the square only if an enemy pawn can take there
                    if G::tables().pawn(us.index(), target) & p.pieces(them, Role::Pawn) != 0 {
                        p.ep = Some(target);
                        p.hash ^= zobrist::EN_PASSANT[target as usize];
                    }
                }
            }
        }
        // castling rights: a king move loses both, a rook moving or captured loses its own
        if p.castling != 0 && !m.is_pass() {
            let mut lost = (1u64 << m.from) | (1u64 << m.to);
            if m.role == Role::King {
                lost |= self.castling & self.colors[us.index()];
            }
            if let MoveKind::Castle { rook_from, .. } = m.kind {
                lost |= 1u64 << rook_from;
            }
            for s in squares(p.castling & lost) {
                p.hash ^= zobrist::CASTLING[s as usize];
            }
            p.castling &= !lost;
        }
        if us == Color::Black {
            p.fullmoves += 1;
        }
        p.turn = them;
        p.hash ^= zobrist::BLACK_TO_MOVE;
        p
    }

    /// The objective of the variant.
    pub fn objective(&self) -> Objective {
        self.variant.objective()
    }
}
