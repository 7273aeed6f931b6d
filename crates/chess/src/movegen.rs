//! Legal move generation.
//!
//! Games with check rules use a direct legal generator: find the checkers and the pinned
//! pieces, then generate only moves that keep the king safe (king moves to unattacked squares;
//! with one checker, captures of it or blocks; pinned pieces along their pin line; en passant
//! and castling tested specially). Lesson games have no check: every move of a piece is legal
//! except a king stepping next to the other king, a decided game has no moves, and a side
//! without a move passes ([`Move::PASS`]) while the other side still has one.

use crate::geometry::{Geometry, squares};
use crate::moves::{Counter, Move, MoveKind, MoveList, Sink};
use crate::position::Position;
use crate::types::{Color, Role};

impl<G: Geometry> Position<G> {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The legal captures (en passant included) and pawn moves to the last rank, without the
    /// quiet moves: what quiescence search and ProbCut try. Games with check rules generate
    /// only these (no king step to an empty square is tested for safety, no castling is looked
    /// at), which is most of the saving; lesson games filter the whole list, since a side
    /// without a move passes there.
    pub fn tactical_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.variant.has_check() {
            self.generate_checked::<_, true>(&mut list);
        } else {
            self.generate(&mut list);
            let last = Self::last_rank(self.turn);
            list.0
                .retain(|m| m.capture.is_some() || (m.role == Role::Pawn && m.to / G::W == last));
        }
        list
    }

    /// The number of legal moves (fast: whole target sets are counted at once).
    pub fn count_moves(&self) -> u64 {
        let mut c = crate::moves::Counter::default();
        self.generate(&mut c);
        c.0
    }

    /// Generates every legal move into `sink`.
    pub fn generate<S: Sink>(&self, sink: &mut S) {
        if self.variant.has_check() {
            self.generate_checked::<_, false>(sink);
        } else if self.lesson_result().is_none() {
            let mut tally = Tally {
                inner: sink,
                any: false,
            };
            self.generate_lesson(&mut tally);
            if !tally.any && self.opponent_could_move() {
                sink.push(Move::PASS);
            }
        }
    }

    /// Whether the side not to move would have a legal move if it were its turn (lesson
    /// games: then the side to move, having none, passes).
    fn opponent_could_move(&self) -> bool {
        let mut flipped = *self;
        flipped.turn = self.turn.other();
        // an en passant square belongs to the side to move; the other side has none
        flipped.ep = None;
        let mut count = Counter::default();
        flipped.generate_lesson(&mut count);
        count.0 > 0
    }

    #[inline]
    fn capture_fn(&self) -> impl Fn(u8) -> Option<Role> + '_ {
        move |sq| self.role_at(sq)
    }

    fn push_pawn_move<S: Sink>(
        &self,
        sink: &mut S,
        from: u8,
        to: u8,
        kind: MoveKind,
        promotions: &[Role],
    ) {
        let capture = if kind == MoveKind::EnPassant {
            Some(Role::Pawn)
        } else {
            self.role_at(to)
        };
        let last = Self::last_rank(self.turn);
        if to / G::W == last && !promotions.is_empty() {
            for &r in promotions {
                sink.push(Move {
                    from,
                    to,
                    role: Role::Pawn,
                    capture,
                    promotion: Some(r),
                    kind,
                });
            }
        } else {
            sink.push(Move {
                from,
                to,
                role: Role::Pawn,
                capture,
                promotion: None,
                kind,
            });
        }
    }

    /// Pawn moves from the pawns in `pawns`, each limited to `allowed(from)`.
    fn pawn_moves<S: Sink>(
        &self,
        sink: &mut S,
        pawns: u64,
        allowed: impl Fn(u8) -> u64,
        promotions: &[Role],
    ) {
        let t = G::tables();
        let us = self.turn;
        let occ = self.occupied();
        let their = self.colors[us.other().index()];
        let start = Self::pawn_start_rank(us);
        let double = self.variant.double_step();
        for from in squares(pawns) {
            let ok = allowed(from);
            let Some(one) = forward::<G>(from, us) else {
                continue;
            };
            if occ >> one & 1 == 0 {
                if ok >> one & 1 == 1 {
                    self.push_pawn_move(sink, from, one, MoveKind::Normal, promotions);
                }
                if double
                    && from / G::W == start
                    && let Some(two) = forward::<G>(one, us)
                    && occ >> two & 1 == 0
                    && ok >> two & 1 == 1
                {
                    self.push_pawn_move(sink, from, two, MoveKind::DoubleStep, promotions);
                }
            }
            for to in squares(t.pawn(us.index(), from) & their & ok) {
                self.push_pawn_move(sink, from, to, MoveKind::Normal, promotions);
            }
        }
    }

    /// The legal moves of a game with check rules; with `TACTICAL`, only the captures and the
    /// pawn moves to the last rank.
    fn generate_checked<S: Sink, const TACTICAL: bool>(&self, sink: &mut S) {
        let t = G::tables();
        let us = self.turn;
        let them = us.other();
        let our = self.colors[us.index()];
        let their = self.colors[them.index()];
        let occ = our | their;
        let Some(ksq) = self.king(us) else { return };
        let checkers = self.attackers(ksq, them, occ);
        let cap = self.capture_fn();
        // the squares a piece may go to at all: every one, or (tactical) the enemy's; a pawn
        // may also step onto the last rank
        let wanted = if TACTICAL { their } else { G::ALL };
        let last_rank = ((1u64 << G::W) - 1) << (Self::last_rank(us) * G::W);
        let pawn_wanted = if TACTICAL { their | last_rank } else { G::ALL };

        // king steps to squares the enemy does not attack (with the king lifted off its square)
        let lifted = occ & !(1u64 << ksq);
        let mut king_targets = 0u64;
        for to in squares(t.king(ksq) & !our & wanted) {
            if self.attackers(to, them, lifted) == 0 {
                king_targets |= 1 << to;
            }
        }
        sink.push_targets(ksq, king_targets, Role::King, &cap);
        if checkers.count_ones() > 1 {
            return;
        }
        let target = if checkers == 0 {
            !our & G::ALL
        } else {
            t.between(ksq, checkers.trailing_zeros() as u8) | checkers
        };
        let piece_target = target & wanted;

        // pinned pieces may only move along the line through their king and pinner
        let rq = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bq = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let snipers = ((t.rook(ksq, 0) & rq) | (t.bishop(ksq, 0) & bq)) & their;
        let mut pinned = 0u64;
        for s in squares(snipers) {
            let b = t.between(ksq, s) & occ;
            if b.count_ones() == 1 && b & our != 0 {
                pinned |= b;
            }
        }
        let pin_limit = |from: u8, allowed: u64| -> u64 {
            if pinned >> from & 1 == 1 {
                allowed & t.line(ksq, from)
            } else {
                allowed
            }
        };
        let limit = |from: u8| pin_limit(from, piece_target);

        for from in squares(self.pieces(us, Role::Knight) & !pinned) {
            sink.push_targets(from, t.knight(from) & piece_target, Role::Knight, &cap);
        }
        for from in squares(self.pieces(us, Role::Bishop)) {
            sink.push_targets(from, t.bishop(from, occ) & limit(from), Role::Bishop, &cap);
        }
        for from in squares(self.pieces(us, Role::Rook)) {
            sink.push_targets(from, t.rook(from, occ) & limit(from), Role::Rook, &cap);
        }
        for from in squares(self.pieces(us, Role::Queen)) {
            sink.push_targets(from, t.queen(from, occ) & limit(from), Role::Queen, &cap);
        }
        let promotions = self.promotion_roles(us);
        let pawn_limit = |from: u8| pin_limit(from, target & pawn_wanted);
        self.pawn_moves(sink, self.pieces(us, Role::Pawn), pawn_limit, &promotions);

        // en passant: tested by taking both pawns off and looking at the king
        if let Some(ep) = self.ep {
            let captured = if us == Color::White {
                ep - G::W
            } else {
                ep + G::W
            };
            for from in squares(t.pawn(them.index(), ep) & self.pieces(us, Role::Pawn)) {
                let after = (occ & !(1u64 << from) & !(1u64 << captured)) | (1u64 << ep);
                let mut attackers = self.attackers(ksq, them, after);
                attackers &= !(1u64 << captured);
                if attackers == 0 {
                    self.push_pawn_move(sink, from, ep, MoveKind::EnPassant, &promotions);
                }
            }
        }

        // castling: nothing between king and rook, not in check, king's path unattacked
        if !TACTICAL && checkers == 0 && self.castling & our != 0 {
            for rook in squares(self.castling & our) {
                if let Some(m) = self.castle_move(ksq, rook) {
                    sink.push(m);
                }
            }
        }
    }

    /// The castling move with the rook on `rook`, if it is legal now (the king not in check).
    fn castle_move(&self, ksq: u8, rook: u8) -> Option<Move> {
        let t = G::tables();
        let us = self.turn;
        let occ = self.occupied();
        if t.between(ksq, rook) & occ != 0 || ksq / G::W != rook / G::W {
            return None;
        }
        let toward: i16 = if rook > ksq { 1 } else { -1 };
        let kdest = (ksq as i16 + 2 * toward) as u8;
        let rdest = (kdest as i16 - toward) as u8;
        if kdest / G::W != ksq / G::W {
            return None;
        }
        let movers = (1u64 << ksq) | (1u64 << rook);
        if ((1u64 << kdest) | (1u64 << rdest)) & occ & !movers != 0 {
            return None;
        }
        let path = t.between(ksq, kdest) | (1u64 << kdest);
        let without_king = occ & !(1u64 << ksq);
        if squares(path).any(|s| self.attackers(s, us.other(), without_king) != 0) {
            return None;
        }
        Some(Move {
            from: ksq,
            to: kdest,
            role: Role::King,
            capture: None,
            promotion: None,
            kind: MoveKind::Castle {
                rook_from: rook,
                rook_to: rdest,
            },
        })
    }

    fn generate_lesson<S: Sink>(&self, sink: &mut S) {
        let t = G::tables();
        let us = self.turn;
        let them = us.other();
        let our = self.colors[us.index()];
        let occ = self.occupied();
        let cap = self.capture_fn();
        let free = !our & G::ALL;
        if let Some(k) = self.king(us) {
            // King's mutual respect: never onto a square touching the other king
            let respect = self.king(them).map_or(0, |o| t.king(o));
            sink.push_targets(k, t.king(k) & free & !respect, Role::King, &cap);
        }
        for from in squares(self.pieces(us, Role::Knight)) {
            sink.push_targets(from, t.knight(from) & free, Role::Knight, &cap);
        }
        for from in squares(self.pieces(us, Role::Bishop)) {
            sink.push_targets(from, t.bishop(from, occ) & free, Role::Bishop, &cap);
        }
        for from in squares(self.pieces(us, Role::Rook)) {
            sink.push_targets(from, t.rook(from, occ) & free, Role::Rook, &cap);
        }
        for from in squares(self.pieces(us, Role::Queen)) {
            sink.push_targets(from, t.queen(from, occ) & free, Role::Queen, &cap);
        }
        let promotions = self.promotion_roles(us);
        self.pawn_moves(sink, self.pieces(us, Role::Pawn), |_| free, &promotions);
        if let Some(ep) = self.ep {
            for from in squares(t.pawn(them.index(), ep) & self.pieces(us, Role::Pawn)) {
                self.push_pawn_move(sink, from, ep, MoveKind::EnPassant, &promotions);
            }
        }
    }
}

/// A sink that passes moves on and notes whether there were any.
struct Tally<'a, S: Sink> {
    inner: &'a mut S,
    any: bool,
}

impl<S: Sink> Sink for Tally<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.any = true;
        self.inner.push(m);
    }
    #[inline]
    fn push_targets(
        &mut self,
        from: u8,
        targets: u64,
        role: Role,
        capture_of: impl Fn(u8) -> Option<Role>,
    ) {
        self.any |= targets != 0;
        self.inner.push_targets(from, targets, role, capture_of);
    }
}

/// The square in front of `sq` for a pawn of `c`, if on the board.
#[inline]
pub(crate) fn forward<G: Geometry>(sq: u8, c: Color) -> Option<u8> {
    match c {
        Color::White => {
            let t = sq + G::W;
            (t < G::SQUARES).then_some(t)
        }
        Color::Black => sq.checked_sub(G::W),
    }
}
