//! The static evaluation: how good a position is for the side to move, in centipawns.
//!
//! One evaluation serves every board: the piece-square terms are formulas of a square's
//! distance from the edges and of a pawn's progress towards its last rank, so they fit 5x6
//! and 8x8 alike. Each part has a weight in percent ([`Weights`]) so that matches can measure
//! what it is worth (BENCHMARKS.md shows the results).

use crate::geometry::{Geometry, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::Objective;
use structure::{attack_map, king_safety, king_threats, pawn_structure, threats};

mod structure;
#[cfg(test)]
mod tests;

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

/// The evaluation's numbers, in centipawns unless said otherwise. [`PARAMS`] holds the values
/// the engine plays with; they were fitted to Fairy-Stockfish's scores of sampled QuickChess
/// positions (`crates/cli/examples/eval_tune.rs`, see BENCHMARKS.md). A term with a middle-game
/// and an endgame value is blended by the game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Pawn, knight, bishop, rook and queen in the middle game.
    pub value_mg: [i32; 5],
    /// The same in the endgame.
    pub value_eg: [i32; 5],
    /// Per step of a knight's distance from the rim.
    pub knight_centre: i32,
    /// Per step of a bishop's distance from the rim.
    pub bishop_centre: i32,
    /// Per step of a queen's distance from the rim.
    pub queen_centre: i32,
    /// A rook on the opponent's second rank.
    pub rook_seventh: i32,
    /// A rook on a file without pawns.
    pub rook_open: i32,
    /// A rook on a file with only the opponent's pawns.
    pub rook_half_open: i32,
    /// Per rank the king has left its back rank (middle game, a penalty).
    pub king_home: i32,
    /// Per step of the king's distance from the rim (endgame).
    pub king_centre: i32,
    /// Per square a knight, bishop, rook and queen attack, in quarters of a centipawn.
    pub mobility: [i32; 4],
    /// Advancement: scales the square of the share of the way a pawn has gone.
    pub pawn_advance: i32,
    /// A passed pawn, whatever its progress.
    pub passed_base: i32,
    /// A passed pawn's growth with progress in the middle game, in percent.
    pub passed_mg: i32,
    /// The same in the endgame.
    pub passed_eg: i32,
    /// A passed pawn whose way to the last rank is empty, scaled by its progress (endgame).
    pub passed_free: i32,
    /// Per step the opponent's king is farther from a passed pawn's last square than ours
    /// (endgame), scaled by the pawn's progress.
    pub passed_king: i32,
    /// A pawn defended by a pawn.
    pub pawn_supported: i32,
    /// A pawn with another of its side's pawns on its file (a penalty).
    pub doubled: i32,
    /// A pawn with no pawn of its side on the neighbouring files (a penalty).
    pub isolated: i32,
    /// Per pawn in front of the king (middle game).
    pub king_shield: i32,
    /// Attacks on the squares round the king: per attack unit squared when two or more
    /// pieces attack, in quarters.
    pub king_danger: i32,
    /// The largest king danger counted.
    pub king_danger_cap: i32,
    /// Per square from which an enemy knight, bishop, rook or queen could check the king
    /// next move without being attacked there (middle game, a penalty).
    pub safe_check: [i32; 4],
    /// Per square next to the king that the opponent attacks and only the king defends
    /// (middle game, a penalty).
    pub weak_ring: i32,
    /// A piece attacked by a pawn.
    pub threat_by_pawn: i32,
    /// A rook or queen attacked by a knight or bishop.
    pub threat_by_minor: i32,
    /// A queen attacked by a rook.
    pub threat_by_rook: i32,
    /// A piece attacked and not defended.
    pub hanging: i32,
    /// For having the move.
    pub tempo: i32,
    /// Piece-square values on the 5x6 boards only, by role (pawn to king) and square seen
    /// from the piece's own side: `rank * 3 + file`, the rank counted from its back rank and
    /// the file folded onto the left half (the boards are near-symmetric left to right).
    pub pst: [[i32; 18]; 6],
}

/// The numbers the engine plays with.
pub const PARAMS: Params = Params {
    value_mg: [128, 364, 310, 422, 765],
    value_eg: [122, 357, 319, 541, 1015],
    knight_centre: 12,
    bishop_centre: 13,
    queen_centre: 0,
    rook_seventh: 38,
    rook_open: 23,
    rook_half_open: 42,
    king_home: 5,
    king_centre: 21,
    mobility: [32, 25, 44, 20],
    pawn_advance: 115,
    passed_base: 42,
    passed_mg: -10,
    passed_eg: 18,
    passed_free: 81,
    passed_king: 49,
    pawn_supported: -11,
    doubled: 14,
    isolated: 24,
    king_shield: 1,
    king_danger: 11,
    king_danger_cap: 51,
    safe_check: [39, 33, 54, 44],
    weak_ring: 10,
    threat_by_pawn: 46,
    threat_by_minor: 62,
    threat_by_rook: 21,
    hanging: 30,
    tempo: 50,
    pst: [
        [
            0, 0, 0, -9, 4, -9, 3, 4, 23, -36, 32, 15, 3, -31, 4, 0, 0, 0,
        ],
        [
            -18, -1, -3, 8, -1, 5, 14, -20, -4, 5, -19, -3, -1, -4, -1, -1, 5, 4,
        ],
        [0, -16, 0, 14, 0, -25, 0, 6, 0, 8, 0, 4, 0, 6, 0, 10, 0, 2],
        [
            -2, 0, -1, -12, -10, 2, 4, 3, -1, 9, 6, 8, 1, -2, 2, 7, 1, -1,
        ],
        [
            -22, -7, -13, 5, -12, -14, -5, -1, -7, 33, -2, 9, 13, 20, 2, 4, -8, 0,
        ],
        [
            -13, -12, -9, -12, -8, -13, 0, 3, -15, 10, 21, 3, 12, 14, 8, 3, 9, 5,
        ],
    ],
};

impl Params {
    /// Every number, in a fixed order (for tuning).
    pub fn all_mut(&mut self) -> Vec<(String, &mut i32)> {
        const PIECES: [&str; 5] = ["pawn", "knight", "bishop", "rook", "queen"];
        fn values<'a>(
            table: &'a mut [i32; 5],
            phase: &'static str,
        ) -> impl Iterator<Item = (String, &'a mut i32)> {
            PIECES
                .iter()
                .zip(table.iter_mut())
                .map(move |(piece, v)| (format!("{piece}_{phase}"), v))
        }
        let mobility = PIECES[1..]
            .iter()
            .zip(self.mobility.iter_mut())
            .map(|(piece, v)| (format!("mobility_{piece}"), v));
        let safe_checks = PIECES[1..]
            .iter()
            .zip(self.safe_check.iter_mut())
            .map(|(piece, v)| (format!("safe_check_{piece}"), v));
        let named = vec![
            ("knight_centre", &mut self.knight_centre),
            ("bishop_centre", &mut self.bishop_centre),
            ("queen_centre", &mut self.queen_centre),
            ("rook_seventh", &mut self.rook_seventh),
            ("rook_open", &mut self.rook_open),
            ("rook_half_open", &mut self.rook_half_open),
            ("king_home", &mut self.king_home),
            ("king_centre", &mut self.king_centre),
            ("pawn_advance", &mut self.pawn_advance),
            ("passed_base", &mut self.passed_base),
            ("passed_mg", &mut self.passed_mg),
            ("passed_eg", &mut self.passed_eg),
            ("passed_free", &mut self.passed_free),
            ("passed_king", &mut self.passed_king),
            ("pawn_supported", &mut self.pawn_supported),
            ("doubled", &mut self.doubled),
            ("isolated", &mut self.isolated),
            ("king_shield", &mut self.king_shield),
            ("king_danger", &mut self.king_danger),
            ("king_danger_cap", &mut self.king_danger_cap),
            ("weak_ring", &mut self.weak_ring),
            ("threat_by_pawn", &mut self.threat_by_pawn),
            ("threat_by_minor", &mut self.threat_by_minor),
            ("threat_by_rook", &mut self.threat_by_rook),
            ("hanging", &mut self.hanging),
            ("tempo", &mut self.tempo),
        ];
        values(&mut self.value_mg, "mg")
            .chain(values(&mut self.value_eg, "eg"))
            .chain(named.into_iter().map(|(name, v)| (name.to_string(), v)))
            .chain(mobility)
            .chain(safe_checks)
            .chain(self.pst.iter_mut().enumerate().flat_map(|(role, table)| {
                table
                    .iter_mut()
                    .enumerate()
                    .map(move |(i, v)| (format!("pst_{role}_r{}_f{}", i / 3, i % 3), v))
            }))
            .collect()
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
    evaluate_with(pos, w, &PARAMS)
}

/// Evaluates `pos` for the side to move with the numbers `p` (for tuning them).
pub fn evaluate_with<G: Geometry>(pos: &Position<G>, w: &Weights, p: &Params) -> i32 {
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
        score[c.index()] = side_score(pos, c, phase, objective, w, p)
            + threats(pos, c, &attacks, objective, p) * w.threats / 100;
        if objective == Objective::Checkmate {
            score[c.index()] -=
                king_threats(pos, c, &attacks, p) * phase / 256 * w.king_safety / 100;
        }
    }
    let us = pos.turn;
    score[us.index()] - score[us.other().index()] + p.tempo
}

/// `mg` in the middle game blended towards `eg` as pieces come off.
#[inline]
fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (256 - phase)) / 256
}

fn side_score<G: Geometry>(
    pos: &Position<G>,
    c: Color,
    phase: i32,
    objective: Objective,
    w: &Weights,
    p: &Params,
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
        let count = pos.pieces(c, role).count_ones() as i32;
        material += count
            * if role == Role::King || objective != Objective::Checkmate {
                // lesson games keep the plain values: their goals are not chess's
                value_in(objective, role)
            } else {
                taper(p.value_mg[role.index()], p.value_eg[role.index()], phase)
            };
        for sq in squares(pos.pieces(c, role)) {
            let centre = centrality::<G>(sq);
            if G::W == 5 && G::H == 6 {
                let file = sq % 5;
                let index = progress::<G>(sq, c) as usize * 3 + usize::from(file.min(4 - file));
                placement += p.pst[role.index()][index];
            }
            match role {
                Role::Knight => {
                    placement += p.knight_centre * (centre - 1);
                    mobility += p.mobility[0] * ((t.knight(sq) & !own).count_ones() as i32 - 4);
                }
                Role::Bishop => {
                    placement += p.bishop_centre * centre;
                    mobility +=
                        p.mobility[1] * ((t.bishop(sq, occ) & !own).count_ones() as i32 - 4);
                }
                Role::Rook => {
                    if progress::<G>(sq, c) == i32::from(G::H) - 2 {
                        placement += p.rook_seventh;
                    }
                    let file = G::file(sq % G::W);
                    if file & own_pawns == 0 {
                        placement += if file & their_pawns == 0 {
                            p.rook_open
                        } else {
                            p.rook_half_open
                        };
                    }
                    mobility += p.mobility[2] * ((t.rook(sq, occ) & !own).count_ones() as i32 - 5);
                }
                Role::Queen => {
                    placement += p.queen_centre * centre;
                    mobility += p.mobility[3] * ((t.queen(sq, occ) & !own).count_ones() as i32 - 8);
                }
                Role::King => {
                    if objective == Objective::Checkmate {
                        // middle game: stay home; endgame: come to the centre
                        let home = -p.king_home * progress::<G>(sq, c).min(3);
                        placement += taper(home, p.king_centre * centre, phase);
                    } else {
                        placement += 6 * centre;
                    }
                }
                Role::Pawn => {}
            }
        }
    }
    let pawns = pawn_structure(pos, c, objective, phase, w, p);
    let king = if objective == Objective::Checkmate {
        king_safety(pos, c, phase, p)
    } else {
        0
    };
    material
        + placement * w.placement / 100
        + pawns
        + mobility / 4 * w.mobility / 100
        + king * w.king_safety / 100
}
