//! The pawn structure, king safety and threats: the parts of the evaluation that look at
//! how the pieces stand to each other rather than where each one stands.

use super::{Params, VALUES, Weights, front_span, progress, taper};
use crate::geometry::{Geometry, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::{Objective, Promotion};

/// Advancement, passed, supported, doubled and isolated pawns; a passed pawn's bonus grows
/// with what it becomes on the last rank (the rescue rule) and dominates in lesson games,
/// where reaching the edge wins.
pub(super) fn pawn_structure<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    objective: Objective,
    phase: i32,
    w: &Weights,
    p: &Params,
) -> i32 {
    let own_pawns = pos.pieces(c, Role::Pawn);
    if own_pawns == 0 {
        return 0;
    }
    let t = G::tables();
    let their_pawns = pos.pieces(c.other(), Role::Pawn);
    let last = i32::from(G::H) - 1;
    // what a pawn reaching the last rank turns into, in centipawns beyond a pawn
    let promotion_gain = match pos.variant.promotion() {
        Promotion::EdgeWins => 800,
        _ => {
            let best = pos
                .promotion_roles(c)
                .iter()
                .map(|&r| VALUES[r.index()])
                .max()
                .unwrap_or(900);
            let gain = best - VALUES[0];
            // with the rescue weight off, assume a queen as in ordinary chess
            (gain * w.rescue + (900 - VALUES[0]) * (100 - w.rescue)) / 100
        }
    };
    let lesson = objective != Objective::Checkmate;
    let occ = pos.occupied();
    let mut supported = 0u64;
    for sq in squares(own_pawns) {
        supported |= t.pawn(c.index(), sq);
    }
    let kings = (pos.king(c), pos.king(c.other()));
    let mut total = 0;
    for sq in squares(own_pawns) {
        let progress = progress::<G>(sq, c);
        // 0 on the start rank, 1 one step before the last rank
        let span = (last - 2).max(1);
        let steps = (progress - 1).clamp(0, span);
        let x = steps * 100 / span; // percent of the way
        total += if lesson {
            x * x / 60
        } else {
            x * x * p.pawn_advance / 10_000
        };
        let passed = front_span::<G>(sq, c, 1) & their_pawns == 0;
        if passed {
            let growth = if lesson {
                100
            } else {
                taper(p.passed_mg, p.passed_eg, phase)
            };
            let bonus = p.passed_base + promotion_gain * x * x / 100 / 100 / 4 * growth / 100;
            total += if lesson { bonus * 2 } else { bonus };
            if !lesson {
                let path = front_span::<G>(sq, c, 0);
                let mut endgame = 0;
                if path & occ == 0 {
                    endgame += p.passed_free;
                }
                let file = sq % G::W;
                let last_square = if c == Color::White {
                    (G::H - 1) * G::W + file
                } else {
                    file
                };
                if let (Some(ours), Some(theirs)) = kings {
                    let d = |a: u8, b: u8| {
                        let (fa, ra, fb, rb) = (a % G::W, a / G::W, b % G::W, b / G::W);
                        i32::from(fa.abs_diff(fb).max(ra.abs_diff(rb)))
                    };
                    endgame += p.passed_king * (d(theirs, last_square) - d(ours, last_square));
                }
                total += endgame * x / 100 * (256 - phase) / 256;
            }
        }
        if supported & 1u64 << sq != 0 {
            total += p.pawn_supported;
        }
        let file = G::file(sq % G::W);
        if (own_pawns & file).count_ones() > 1 {
            total -= p.doubled;
        }
        let f = sq % G::W;
        let mut neighbours = 0u64;
        if f > 0 {
            neighbours |= G::file(f - 1);
        }
        if f + 1 < G::W {
            neighbours |= G::file(f + 1);
        }
        if own_pawns & neighbours == 0 {
            total -= p.isolated;
        }
    }
    total * w.pawns / 100
}

/// Attacks on the squares around the king (quadratic in their weight, as attacks combine),
/// and pawns in front of it; both fade as pieces come off.
pub(super) fn king_safety<G: Geometry>(pos: &Position<G>, c: Color, phase: i32, p: &Params) -> i32 {
    let Some(k) = pos.king(c) else {
        return 0;
    };
    let t = G::tables();
    let ring = t.king(k) | 1u64 << k;
    let them = c.other();
    let occ = pos.occupied();
    let mut units = 0;
    let mut attackers = 0;
    for (role, weight) in [
        (Role::Knight, 2),
        (Role::Bishop, 2),
        (Role::Rook, 3),
        (Role::Queen, 5),
    ] {
        for sq in squares(pos.pieces(them, role)) {
            let a = match role {
                Role::Knight => t.knight(sq),
                Role::Bishop => t.bishop(sq, occ),
                Role::Rook => t.rook(sq, occ),
                _ => t.queen(sq, occ),
            } & ring;
            if a != 0 {
                attackers += 1;
                units += weight * a.count_ones() as i32;
            }
        }
    }
    let danger = if attackers >= 2 {
        units * units * p.king_danger / 4
    } else {
        units * 2
    };
    let shield =
        (front_span::<G>(k, c, 1) & t.king(k) & pos.pieces(c, Role::Pawn)).count_ones() as i32;
    ((p.king_shield * shield - danger.min(p.king_danger_cap)) * phase) / 256
}

/// Squares a side attacks: by its pawns, by each kind of piece, by anything but the king,
/// and by anything.
pub(super) struct Attacks {
    pawns: u64,
    knights: u64,
    bishops: u64,
    minors: u64,
    rooks: u64,
    queens: u64,
    not_king: u64,
    all: u64,
}

pub(super) fn attack_map<G: Geometry>(pos: &Position<G>, c: Color) -> Attacks {
    let t = G::tables();
    let occ = pos.occupied();
    let mut a = Attacks {
        pawns: 0,
        knights: 0,
        bishops: 0,
        minors: 0,
        rooks: 0,
        queens: 0,
        not_king: 0,
        all: 0,
    };
    for sq in squares(pos.pieces(c, Role::Pawn)) {
        a.pawns |= t.pawn(c.index(), sq);
    }
    for sq in squares(pos.pieces(c, Role::Knight)) {
        a.knights |= t.knight(sq);
    }
    for sq in squares(pos.pieces(c, Role::Bishop)) {
        a.bishops |= t.bishop(sq, occ);
    }
    for sq in squares(pos.pieces(c, Role::Rook)) {
        a.rooks |= t.rook(sq, occ);
    }
    for sq in squares(pos.pieces(c, Role::Queen)) {
        a.queens |= t.queen(sq, occ);
    }
    a.minors = a.knights | a.bishops;
    a.not_king = a.pawns | a.minors | a.rooks | a.queens;
    a.all = a.not_king;
    for sq in squares(pos.pieces(c, Role::King)) {
        a.all |= t.king(sq);
    }
    a
}

/// What threatens `c`'s king beyond the attacks [`king_safety`] counts: squares from which
/// an enemy piece could give check next move and not be taken there, and squares next to
/// the king that the enemy attacks and only the king defends. On 5x6 boards a king has few
/// flight squares, so a safe check is often the start of a mating attack.
pub(super) fn king_threats<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    attacks: &[Attacks; 2],
    p: &Params,
) -> i32 {
    let Some(k) = pos.king(c) else {
        return 0;
    };
    let t = G::tables();
    let occ = pos.occupied();
    let ours = &attacks[c.index()];
    let theirs = &attacks[c.other().index()];
    let safe = !pos.by_color(c.other()) & !ours.all;
    let (diagonal, straight) = (t.bishop(k, occ), t.rook(k, occ));
    let checks = [
        t.knight(k) & theirs.knights,
        diagonal & theirs.bishops,
        straight & theirs.rooks,
        (diagonal | straight) & theirs.queens,
    ];
    let mut total = 0;
    for (weight, squares) in p.safe_check.iter().zip(checks) {
        total += weight * (squares & safe).count_ones() as i32;
    }
    let weak = t.king(k) & theirs.all & !ours.not_king;
    total + p.weak_ring * weak.count_ones() as i32
}

/// What side `c` threatens: enemy pieces attacked by a pawn, rooks and queens attacked by a
/// minor piece, queens by a rook, and any enemy piece attacked but not defended.
pub(super) fn threats<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    attacks: &[Attacks; 2],
    objective: Objective,
    p: &Params,
) -> i32 {
    let ours = &attacks[c.index()];
    let theirs = &attacks[c.other().index()];
    let them = c.other();
    let pieces = pos.by_color(them) & !pos.by_role(Role::Pawn);
    let not_king = if objective == Objective::Checkmate {
        !pos.by_role(Role::King)
    } else {
        u64::MAX
    };
    let mut total = 0;
    total += p.threat_by_pawn * (pieces & not_king & ours.pawns).count_ones() as i32;
    let heavy = pos.pieces(them, Role::Rook) | pos.pieces(them, Role::Queen);
    total += p.threat_by_minor * (heavy & ours.minors).count_ones() as i32;
    total += p.threat_by_rook * (pos.pieces(them, Role::Queen) & ours.rooks).count_ones() as i32;
    let hanging = pos.by_color(them) & not_king & ours.all & !theirs.all;
    total += p.hanging * hanging.count_ones() as i32;
    total
}
