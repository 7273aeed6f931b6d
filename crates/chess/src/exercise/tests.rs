//! The exercises checked by computations of their own: a depth-first brute force over a board
//! model written here (directions and jumps, no attack tables, no move generator) re-proves each
//! stated minimum, the solution is replayed through the rules engine, and the king's barred
//! squares are compared with the king moves the move generator allows.

use super::*;
use crate::geometry::{Geometry, Mini, squares};
use crate::position::Position;
use crate::types::Color;
use crate::types::Role;
use crate::variant::Variant;

const W: i8 = 5;
const H: i8 = 6;

fn at(f: i8, r: i8) -> Option<u8> {
    (0..W).contains(&f).then_some(())?;
    (0..H).contains(&r).then_some((r * W + f) as u8)
}

fn fr(sq: u8) -> (i8, i8) {
    (sq as i8 % W, sq as i8 / W)
}

const STRAIGHT: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Where the lone white piece on `from` may go with black pawns on `pawns` (nothing else on
/// the board), by walking the board square by square.
fn targets(role: Role, from: u8, pawns: u64) -> Vec<u8> {
    let (f, r) = fr(from);
    let mut out = Vec::new();
    let slide = |dirs: &[(i8, i8)], out: &mut Vec<u8>| {
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(s) = at(x, y) {
                out.push(s);
                if pawns >> s & 1 == 1 {
                    break;
                }
                x += df;
                y += dr;
            }
        }
    };
    match role {
        Role::Rook => slide(&STRAIGHT, &mut out),
        Role::Bishop => slide(&DIAGONAL, &mut out),
        Role::Queen => {
            slide(&STRAIGHT, &mut out);
            slide(&DIAGONAL, &mut out);
        }
        Role::Knight => out.extend(JUMPS.iter().filter_map(|&(df, dr)| at(f + df, r + dr))),
        Role::King => out.extend(
            STRAIGHT
                .iter()
                .chain(&DIAGONAL)
                .filter_map(|&(df, dr)| at(f + df, r + dr)),
        ),
        Role::Pawn => {
            if r + 1 < H {
                if let Some(s) = at(f, r + 1).filter(|&s| pawns >> s & 1 == 0) {
                    out.push(s);
                }
                for df in [-1, 1] {
                    if let Some(s) = at(f + df, r + 1).filter(|&s| pawns >> s & 1 == 1) {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

/// Whether the piece can capture every pawn within `depth` moves (plain depth-first search).
fn can_clear(role: Role, from: u8, pawns: u64, depth: u8) -> bool {
    if pawns == 0 {
        return true;
    }
    if depth == 0 || pawns.count_ones() > depth as u32 {
        return false;
    }
    targets(role, from, pawns)
        .into_iter()
        .any(|to| can_clear(role, to, pawns & !(1u64 << to), depth - 1))
}

const BOXES: [&str; 7] = [
    "power-pawns",
    "kings-conquest",
    "raging-rooks",
    "bishops",
    "mean-queens",
    "rescue-the-queen",
    "krazy-knights",
];

#[test]
fn every_box_states_the_minimum_the_brute_force_finds() {
    for name in BOXES {
        let variant = Variant::parse(name).unwrap();
        for seed in 0..40 {
            let e = capture_all(variant, seed)
                .unwrap_or_else(|err| panic!("{name} seed {seed}: {err}"));
            let n = e.minimum;
            assert!((2..=5).contains(&n), "{name} {seed}: {n} moves");
            assert!(
                e.pawns.count_ones() >= 2,
                "{name} {seed}: at least two pawns"
            );
            assert!(
                can_clear(e.piece, e.from, e.pawns, n),
                "{name} {seed}: solvable in {n}"
            );
            assert!(
                !can_clear(e.piece, e.from, e.pawns, n - 1),
                "{name} {seed}: not in {}",
                n - 1
            );
            // the stated solution, move by move through the rules (Black passing)
            let mut p = e.position;
            for m in &e.solution {
                assert!(p.legal_moves().contains(m), "{name} {seed}: {m:?} is legal");
                p = p.play_unchecked(*m);
                p.set_turn(Color::White);
            }
            assert_eq!(
                p.by_color(Color::Black),
                0,
                "{name} {seed}: every pawn captured"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_exercise_and_others_vary() {
    let rooks = Variant::parse("raging-rooks").unwrap();
    assert_eq!(capture_all(rooks, 5), capture_all(rooks, 5));
    let fens: std::collections::HashSet<String> = (0..20)
        .map(|s| capture_all(rooks, s).unwrap().position.fen())
        .collect();
    assert!(fens.len() >= 15, "20 seeds give {} positions", fens.len());
    let qc = Variant::parse("quickchess").unwrap();
    assert_eq!(king_squares(qc, 3), king_squares(qc, 3));
}

#[test]
fn a_known_position_has_the_known_minimum() {
    // the rook takes a5 and then e5 along the fifth rank: two moves
    let rooks = Variant::parse("raging-rooks").unwrap();
    let p = Position::<Mini>::from_fen(rooks, "5/p3p/5/5/5/R4 w - - 0 1").unwrap();
    assert_eq!(fewest_moves_to_capture_all(&p, 6).map(|l| l.len()), Some(2));
    // a pawn in the way: b5 blocks the fifth rank, so three
    let p = Position::<Mini>::from_fen(rooks, "5/pp2p/5/5/5/R4 w - - 0 1").unwrap();
    assert_eq!(fewest_moves_to_capture_all(&p, 6).map(|l| l.len()), Some(3));
    let knights = Variant::parse("krazy-knights").unwrap();
    let p = Position::<Mini>::from_fen(knights, "5/5/5/1p3/3p1/N4 w - - 0 1").unwrap();
    let line = fewest_moves_to_capture_all(&p, 6).expect("solvable");
    // the knight's tour to b3 and d2: the search and the brute force agree on its length
    let n = line.len() as u8;
    let pawns = p.pieces(Color::Black, Role::Pawn);
    assert!(can_clear(Role::Knight, 0, pawns, n) && !can_clear(Role::Knight, 0, pawns, n - 1));
    // too few moves allowed: no answer rather than a wrong one
    assert_eq!(fewest_moves_to_capture_all(&p, n - 1), None);
}

#[test]
fn exercises_are_refused_for_boxes_without_them() {
    let qc = Variant::parse("quickchess").unwrap();
    assert!(matches!(
        capture_all(qc, 1),
        Err(ExerciseError::NotForVariant { .. })
    ));
    let mix = Variant::parse("mix:KRN").unwrap();
    assert!(matches!(
        capture_all(mix, 1),
        Err(ExerciseError::NotForVariant { .. })
    ));
    let rooks = Variant::parse("raging-rooks").unwrap();
    assert!(matches!(
        king_squares(rooks, 1),
        Err(ExerciseError::NotForVariant { .. })
    ));
    assert_eq!(
        lesson_piece(Variant::parse("bishops").unwrap()),
        Some(Role::Bishop)
    );
    assert_eq!(
        lesson_piece(Variant::parse("rescue-the-queen").unwrap()),
        Some(Role::Pawn)
    );
}

/// Whether Black attacks `sq` with White's king lifted off `king`, by walking the board.
fn attacked_by_black(p: &Position<Mini>, sq: u8, king: u8) -> bool {
    let (f, r) = fr(sq);
    let occupied = |s: u8| s != king && p.piece_at(s).is_some();
    let black = |s: u8, roles: &[Role]| {
        p.piece_at(s)
            .is_some_and(|pc| pc.color == Color::Black && roles.contains(&pc.role))
    };
    let ray = |dirs: &[(i8, i8)], roles: &[Role]| {
        dirs.iter().any(|&(df, dr)| {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(s) = at(x, y) {
                if black(s, roles) {
                    return true;
                }
                if occupied(s) {
                    return false;
                }
                x += df;
                y += dr;
            }
            false
        })
    };
    let leap = |steps: &[(i8, i8)], roles: &[Role]| {
        steps
            .iter()
            .any(|&(df, dr)| at(f + df, r + dr).is_some_and(|s| black(s, roles)))
    };
    ray(&STRAIGHT, &[Role::Rook, Role::Queen])
        || ray(&DIAGONAL, &[Role::Bishop, Role::Queen])
        || leap(&JUMPS, &[Role::Knight])
        || leap(&[(1, 1), (-1, 1), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, -1)], &[Role::King])
        // a black pawn attacks diagonally downwards, so it stands one rank above
        || leap(&[(1, 1), (-1, 1)], &[Role::Pawn])
}

#[test]
fn the_barred_squares_are_what_the_rules_forbid() {
    for name in ["kings-conquest", "quickchess", "mix:KRN"] {
        let variant = Variant::parse(name).unwrap();
        for seed in 0..40 {
            let e = king_squares(variant, seed)
                .unwrap_or_else(|err| panic!("{name} seed {seed}: {err}"));
            let p = &e.position;
            // the move generator's king moves are exactly the squares not barred
            let moves: u64 = p
                .legal_moves()
                .iter()
                .filter(|m| m.from == e.king)
                .fold(0, |bb, m| bb | 1u64 << m.to);
            assert_eq!(
                moves,
                e.neighbours & !e.forbidden,
                "{name} {seed}: {}",
                p.fen()
            );
            // and, walked here square by square, what the rules say
            let (kf, kr) = fr(e.king);
            let bk = p.king(Color::Black).expect("a black king");
            for s in squares(e.neighbours) {
                let (f, r) = fr(s);
                assert!((f - kf).abs() <= 1 && (r - kr).abs() <= 1 && s != e.king);
                let own = p.piece_at(s).is_some_and(|pc| pc.color == Color::White);
                let (bf, br) = fr(bk);
                let rule = if variant.has_check() {
                    attacked_by_black(p, s, e.king)
                } else {
                    (f - bf).abs() <= 1 && (r - br).abs() <= 1
                };
                assert_eq!(
                    e.forbidden >> s & 1 == 1,
                    own || rule,
                    "{name} {seed}: {}",
                    p.fen()
                );
            }
            assert!((e.neighbours & !e.forbidden).count_ones() >= 2);
            // Black's pieces besides the king are of different kinds, as in a game
            let kinds: Vec<Role> = squares(p.by_color(Color::Black))
                .filter_map(|s| p.role_at(s))
                .filter(|&r| r != Role::King)
                .collect();
            let distinct: std::collections::HashSet<_> = kinds.iter().collect();
            assert_eq!(distinct.len(), kinds.len(), "{name} {seed}: {}", p.fen());
            assert_eq!(e.neighbours, Mini::tables().king(e.king));
        }
    }
}
