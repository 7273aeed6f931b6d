//! The static evaluation: how good a position is for the side to move, in centipawns.
//!
//! One evaluation serves every board: the piece-square terms are formulas of a square's
//! distance from the edges and of a pawn's progress towards its last rank, so they fit 5x6
//! and 8x8 alike. Each part has a weight in percent ([`Weights`]) so that matches can measure
//! what it is worth (BENCHMARKS.md shows the results).

use crate::geometry::{Geometry, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::{Objective, Promotion};

/// Material values in centipawns, by [`Role`] index (pawn, knight, bishop, rook, queen, king).
/// The king counts only in lesson games, where it can be captured.
pub const VALUES: [i32; 6] = [100, 300, 310, 480, 900, 0];

/// A lesson-game king's value (it is a capturable piece there).
const LESSON_KING: i32 = 300;

/// The weight of each part of the evaluation, in percent of its designed size (100 = on,
/// 0 = off). Matches with a part switched off measure what it gains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Piece placement: centralisation, the king's shelter, rooks on the next-to-last rank.
    pub placement: i32,
    /// Pawn structure: advancement, passed, doubled and isolated pawns.
    pub pawns: i32,
    /// Mobility of knights, bishops, rooks and queens.
    pub mobility: i32,
    /// King safety: attacks on the squares around the king, the pawn shield.
    pub king_safety: i32,
    /// The rescue rule: a pawn near its last rank is worth what it can bring back.
    pub rescue: i32,
    /// Threats: pieces attacked by pawns or by lesser pieces, pieces attacked and undefended.
    pub threats: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            placement: 100,
            pawns: 100,
            mobility: 100,
            king_safety: 100,
            rescue: 100,
            threats: 100,
        }
    }
}

/// The value of a piece kind in this variant.
#[inline]
pub fn value_in(objective: Objective, role: Role) -> i32 {
    if role == Role::King && objective != Objective::Checkmate {
        LESSON_KING
    } else {
        VALUES[role.index()]
    }
}

/// Distance from the nearest edge along files and ranks: 0 on the rim.
#[inline]
fn centrality<G: Geometry>(sq: u8) -> i32 {
    let (f, r) = (sq % G::W, sq / G::W);
    i32::from(f.min(G::W - 1 - f)) + i32::from(r.min(G::H - 1 - r))
}

/// Ranks a pawn of `c` on `sq` has advanced from its own back rank (1 on its start rank).
#[inline]
fn progress<G: Geometry>(sq: u8, c: Color) -> i32 {
    let r = sq / G::W;
    i32::from(match c {
        Color::White => r,
        Color::Black => G::H - 1 - r,
    })
}

/// The squares in front of `sq` (towards `c`'s last rank) on files `sq`'s file +- `spread`.
fn front_span<G: Geometry>(sq: u8, c: Color, spread: u8) -> u64 {
    let (f, r) = (sq % G::W, sq / G::W);
    let mut out = 0u64;
    for rank in 0..G::H {
        let ahead = match c {
            Color::White => rank > r,
            Color::Black => rank < r,
        };
        if !ahead {
            continue;
        }
        for file in f.saturating_sub(spread)..=(f + spread).min(G::W - 1) {
            out |= 1u64 << (rank * G::W + file);
        }
    }
    out
}

/// Evaluates `pos` for the side to move.
pub fn evaluate<G: Geometry>(pos: &Position<G>, w: &Weights) -> i32 {
    let objective = pos.variant.objective();
    let non_pawn = |c: Color| -> i32 {
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .iter()
            .map(|&r| pos.pieces(c, r).count_ones() as i32 * VALUES[r.index()])
            .sum()
    };
    // game phase: 256 with the start's pieces, 0 with none (pawns and kings only)
    let start: i32 = {
        let m = pos.variant.start_material();
        2 * (i32::from(m[0]) * 900
            + i32::from(m[1]) * 480
            + i32::from(m[2]) * 310
            + i32::from(m[3]) * 300)
    };
    let phase = if start == 0 {
        0
    } else {
        ((non_pawn(Color::White) + non_pawn(Color::Black)) * 256 / start).min(256)
    };
    let mut score = [0i32; 2];
    let attacks = [attack_map(pos, Color::White), attack_map(pos, Color::Black)];
    for c in Color::ALL {
        score[c.index()] = side_score(pos, c, phase, objective, w)
            + threats(pos, c, &attacks, objective) * w.threats / 100;
    }
    let us = pos.turn;
    score[us.index()] - score[us.other().index()] + 10
}

fn side_score<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    phase: i32,
    objective: Objective,
    w: &Weights,
) -> i32 {
    let t = G::tables();
    let own = pos.by_color(c);
    let them = c.other();
    let occ = pos.occupied();
    let own_pawns = pos.pieces(c, Role::Pawn);
    let their_pawns = pos.pieces(them, Role::Pawn);
    let mut material = 0;
    let mut placement = 0;
    let mut mobility = 0;
    for role in Role::ALL {
        for sq in squares(pos.pieces(c, role)) {
            material += value_in(objective, role);
            let centre = centrality::<G>(sq);
            match role {
                Role::Knight => {
                    placement += 8 * centre - 8;
                    mobility += 4 * ((t.knight(sq) & !own).count_ones() as i32 - 4);
                }
                Role::Bishop => {
                    placement += 4 * centre;
                    mobility += 4 * ((t.bishop(sq, occ) & !own).count_ones() as i32 - 4);
                }
                Role::Rook => {
                    if progress::<G>(sq, c) == i32::from(G::H) - 2 {
                        placement += 15;
                    }
                    let file = G::file(sq % G::W);
                    if file & own_pawns == 0 {
                        placement += if file & their_pawns == 0 { 15 } else { 7 };
                    }
                    mobility += 2 * ((t.rook(sq, occ) & !own).count_ones() as i32 - 5);
                }
                Role::Queen => {
                    placement += 2 * centre;
                    mobility += (t.queen(sq, occ) & !own).count_ones() as i32 - 8;
                }
                Role::King => {
                    if objective == Objective::Checkmate {
                        // middle game: stay home; endgame: come to the centre
                        let home = -12 * progress::<G>(sq, c).min(3);
                        placement += (home * phase + 10 * centre * (256 - phase)) / 256;
                    } else {
                        placement += 6 * centre;
                    }
                }
                Role::Pawn => {}
            }
        }
    }
    let pawns = pawn_structure(pos, c, objective, w);
    let king = if objective == Objective::Checkmate {
        king_safety(pos, c, phase)
    } else {
        0
    };
    material
        + placement * w.placement / 100
        + pawns
        + mobility * w.mobility / 100
        + king * w.king_safety / 100
}

/// Advancement, passed, doubled and isolated pawns; a passed pawn's bonus grows with what it
/// becomes on the last rank (the rescue rule) and dominates in lesson games, where reaching
/// the edge wins.
fn pawn_structure<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    objective: Objective,
    w: &Weights,
) -> i32 {
    let own_pawns = pos.pieces(c, Role::Pawn);
    if own_pawns == 0 {
        return 0;
    }
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
    let mut total = 0;
    for sq in squares(own_pawns) {
        let p = progress::<G>(sq, c);
        // 0 on the start rank, 1 one step before the last rank
        let span = (last - 2).max(1);
        let steps = (p - 1).clamp(0, span);
        let x = steps * 100 / span; // percent of the way
        total += x * x / (if lesson { 60 } else { 400 });
        let passed = front_span::<G>(sq, c, 1) & their_pawns == 0;
        if passed {
            let bonus = 10 + promotion_gain * x * x / 100 / 100 / 4;
            total += if lesson { bonus * 2 } else { bonus };
        }
        let file = G::file(sq % G::W);
        if (own_pawns & file).count_ones() > 1 {
            total -= 12;
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
            total -= 10;
        }
    }
    total * w.pawns / 100
}

/// Attacks on the squares around the king (quadratic in their weight, as attacks combine),
/// and pawns in front of it; both fade as pieces come off.
fn king_safety<G: Geometry>(pos: &Position<G>, c: Color, phase: i32) -> i32 {
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
        units * units
    } else {
        units * 2
    };
    let shield =
        (front_span::<G>(k, c, 1) & t.king(k) & pos.pieces(c, Role::Pawn)).count_ones() as i32;
    ((12 * shield - danger.min(500)) * phase) / 256
}

/// Squares a side attacks: by its pawns, by its knights and bishops, and by anything.
struct Attacks {
    pawns: u64,
    minors: u64,
    rooks: u64,
    all: u64,
}

fn attack_map<G: Geometry>(pos: &Position<G>, c: Color) -> Attacks {
    let t = G::tables();
    let occ = pos.occupied();
    let mut a = Attacks {
        pawns: 0,
        minors: 0,
        rooks: 0,
        all: 0,
    };
    for sq in squares(pos.pieces(c, Role::Pawn)) {
        a.pawns |= t.pawn(c.index(), sq);
    }
    for sq in squares(pos.pieces(c, Role::Knight)) {
        a.minors |= t.knight(sq);
    }
    for sq in squares(pos.pieces(c, Role::Bishop)) {
        a.minors |= t.bishop(sq, occ);
    }
    for sq in squares(pos.pieces(c, Role::Rook)) {
        a.rooks |= t.rook(sq, occ);
    }
    a.all = a.pawns | a.minors | a.rooks;
    for sq in squares(pos.pieces(c, Role::Queen)) {
        a.all |= t.queen(sq, occ);
    }
    for sq in squares(pos.pieces(c, Role::King)) {
        a.all |= t.king(sq);
    }
    a
}

/// What side `c` threatens: enemy pieces attacked by a pawn, rooks and queens attacked by a
/// minor piece, queens by a rook, and any enemy piece attacked but not defended.
fn threats<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    attacks: &[Attacks; 2],
    objective: Objective,
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
    total += 45 * (pieces & not_king & ours.pawns).count_ones() as i32;
    let heavy = pos.pieces(them, Role::Rook) | pos.pieces(them, Role::Queen);
    total += 30 * (heavy & ours.minors).count_ones() as i32;
    total += 30 * (pos.pieces(them, Role::Queen) & ours.rooks).count_ones() as i32;
    let hanging = pos.by_color(them) & not_king & ours.all & !theirs.all;
    total += 25 * hanging.count_ones() as i32;
    total
}
