//! Deciding whether one move is legal, the slow and obvious way: does the piece move like
//! that, and after playing it is the mover's king safe? Written apart from the generator so
//! the two can check each other (a property test compares them on every from x to pair).

use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Color, Role};

impl<G: Geometry> Position<G> {
    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: &Move) -> bool {
        let t = G::tables();
        let us = self.turn;
        let them = us.other();
        if m.is_pass() {
            return *m == Move::PASS && self.must_pass();
        }
        if m.from >= G::SQUARES || m.to >= G::SQUARES || m.from == m.to {
            return false;
        }
        if self.lesson_result().is_some() {
            return false;
        }
        let Some(p) = self.piece_at(m.from) else {
            return false;
        };
        if p.color != us || p.role != m.role {
            return false;
        }
        let occ = self.occupied();
        let target = self.piece_at(m.to);
        if target.is_some_and(|x| x.color == us) {
            return false;
        }
        let (df, dr) = (
            (m.to % G::W) as i16 - (m.from % G::W) as i16,
            (m.to / G::W) as i16 - (m.from / G::W) as i16,
        );
        let forward: i16 = if us == Color::White { 1 } else { -1 };
        // what the move captures and what kind it is, by the rules of movement
        let expected: Option<(Option<Role>, MoveKind)> = match m.role {
            Role::Pawn => {
                if df == 0 && dr == forward && target.is_none() {
                    Some((None, MoveKind::Normal))
                } else if df == 0
                    && dr == 2 * forward
                    && self.variant.double_step()
                    && m.from / G::W == Self::pawn_start_rank(us)
                    && target.is_none()
                    && occ >> (m.from as i16 + forward * G::W as i16) & 1 == 0
                {
                    Some((None, MoveKind::DoubleStep))
                } else if df.abs() == 1 && dr == forward {
                    match target {
                        Some(x) => Some((Some(x.role), MoveKind::Normal)),
                        None if self.ep == Some(m.to) => {
                            Some((Some(Role::Pawn), MoveKind::EnPassant))
                        }
                        None => None,
                    }
                } else {
                    None
                }
            }
            Role::Knight => (t.knight(m.from) >> m.to & 1 == 1)
                .then_some((target.map(|x| x.role), MoveKind::Normal)),
            Role::Bishop => (t.bishop(m.from, occ) >> m.to & 1 == 1)
                .then_some((target.map(|x| x.role), MoveKind::Normal)),
            Role::Rook => (t.rook(m.from, occ) >> m.to & 1 == 1)
                .then_some((target.map(|x| x.role), MoveKind::Normal)),
            Role::Queen => (t.queen(m.from, occ) >> m.to & 1 == 1)
                .then_some((target.map(|x| x.role), MoveKind::Normal)),
            Role::King => {
                if df.abs() <= 1 && dr.abs() <= 1 {
                    Some((target.map(|x| x.role), MoveKind::Normal))
                } else if let MoveKind::Castle { rook_from, rook_to } = m.kind {
                    self.castling_ok(m.from, m.to, rook_from, rook_to)
                        .then_some((None, m.kind))
                } else {
                    None
                }
            }
        };
        let Some((capture, kind)) = expected else {
            return false;
        };
        if m.capture != capture || m.kind != kind {
            return false;
        }
        // promotion
        let reaches_end = m.role == Role::Pawn && m.to / G::W == Self::last_rank(us);
        let choices = self.promotion_roles(us);
        match (reaches_end && !choices.is_empty(), m.promotion) {
            (true, Some(r)) if choices.contains(&r) => {}
            (false, None) => {}
            _ => return false,
        }
        if !self.variant.has_check() {
            // lessons: only the kings' mutual respect
            if m.role == Role::King
                && let Some(o) = self.king(them)
            {
                return t.king(o) >> m.to & 1 == 0;
            }
            return true;
        }
        let after = self.play_unchecked(*m);
        match after.king(us) {
            Some(k) => after.attackers(k, them, after.occupied()) == 0,
            None => false,
        }
    }

    /// Whether the side to move passes: a lesson game not yet decided where it has no legal
    /// move and the other side has one. Found the slow way, by asking [`Position::is_legal`]
    /// about every move either side could describe.
    fn must_pass(&self) -> bool {
        if self.variant.has_check() || self.lesson_result().is_some() {
            return false;
        }
        let mut other = *self;
        other.turn = self.turn.other();
        other.ep = None;
        !self.any_move_is_legal() && other.any_move_is_legal()
    }

    /// Whether some move from any square to any square (with any promotion, en passant
    /// included) is legal.
    fn any_move_is_legal(&self) -> bool {
        let promotions = [
            None,
            Some(Role::Queen),
            Some(Role::Rook),
            Some(Role::Bishop),
            Some(Role::Knight),
        ];
        (0..G::SQUARES).any(|from| {
            let Some(piece) = self.piece_at(from) else {
                return false;
            };
            (0..G::SQUARES).any(|to| {
                let capture = self.piece_at(to).map(|x| x.role);
                let kinds = [
                    (capture, MoveKind::Normal),
                    (None, MoveKind::DoubleStep),
                    (Some(Role::Pawn), MoveKind::EnPassant),
                ];
                kinds.into_iter().any(|(capture, kind)| {
                    promotions.into_iter().any(|promotion| {
                        self.is_legal(&Move {
                            from,
                            to,
                            role: piece.role,
                            capture,
                            promotion,
                            kind,
                        })
                    })
                })
            })
        })
    }

    /// Castling by the rules of RULES.md: rights, empty squares between, not in check, the
    /// king's two squares unattacked, and the rook landing next to the king.
    fn castling_ok(&self, king: u8, kdest: u8, rook: u8, rdest: u8) -> bool {
        let us = self.turn;
        if !self.variant.castling() || ((self.castling & self.by_color(us)) >> rook) & 1 == 0 {
            return false;
        }
        let same_rank = |a: u8, b: u8| a / G::W == b / G::W;
        if !same_rank(king, rook) || !same_rank(king, kdest) {
            return false;
        }
        let step: i16 = if rook > king { 1 } else { -1 };
        if kdest as i16 != king as i16 + 2 * step || rdest as i16 != kdest as i16 - step {
            return false;
        }
        let (lo, hi) = (king.min(rook), king.max(rook));
        let others = self.occupied() & !(1u64 << king) & !(1u64 << rook);
        if (lo + 1..hi).any(|s| others >> s & 1 == 1)
            || others >> kdest & 1 == 1
            || others >> rdest & 1 == 1
        {
            return false;
        }
        let them = us.other();
        let occ = self.occupied() & !(1u64 << king);
        let path = [king, (king as i16 + step) as u8, kdest];
        path.iter()
            .all(|&s| self.attackers(s, them, if s == king { self.occupied() } else { occ }) == 0)
    }
}
