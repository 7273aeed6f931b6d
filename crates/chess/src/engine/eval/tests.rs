//! The evaluation's symmetry and the worth of its parts.

use super::*;
use crate::engine::test_fen::colours_swapped;
use crate::geometry::Mini;
use crate::variant::Variant;

/// The same position reflected left to right.
fn files_reflected(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|rank| {
            let mut parts: Vec<String> = Vec::new();
            for c in rank.chars() {
                if let Some(n) = c.to_digit(10) {
                    parts.push(n.to_string());
                } else {
                    parts.push(c.to_string());
                }
            }
            parts.reverse();
            parts.concat()
        })
        .collect();
    format!("{} {} - - 0 1", board.join("/"), fields[1])
}

#[test]
fn the_evaluation_sees_both_colours_and_both_wings_alike() {
    let w = Weights::default();
    let eval = |fen: &str| {
        let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
        evaluate(&p, &w)
    };
    for fen in [
        "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1",
        "r1kq1/pp1pn/2p1p/1P1P1/P1P1P/RBKQN b - - 0 5",
        "2k2/1p2p/5/2P2/1K3/5 w - - 0 30",
        "1bk2/p3p/2r2/1P1Q1/P3P/2K2 w - - 0 20",
        "nqk1r/pp1pp/2pb1/1P3/P1PPP/NQKBR w - - 0 4",
    ] {
        assert_eq!(eval(fen), eval(&colours_swapped(fen)), "{fen}");
        assert_eq!(eval(fen), eval(&files_reflected(fen)), "{fen}");
    }
}

#[test]
fn safe_checks_are_squares_the_checker_reaches_and_the_king_side_does_not_guard() {
    let counts = |fen: &str| {
        let pos = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
        let attacks = [
            attack_map(&pos, Color::White),
            attack_map(&pos, Color::Black),
        ];
        let only = |safe_check: [i32; 4], weak_ring: i32| Params {
            safe_check,
            weak_ring,
            ..PARAMS
        };
        (
            king_threats(&pos, Color::White, &attacks, &only([0, 0, 1, 0], 0)),
            king_threats(&pos, Color::White, &attacks, &only([0, 0, 0, 0], 1)),
        )
    };
    // the rook on e6 can check the king on a1 from e1 and from a6
    assert_eq!(counts("4r/2k2/5/5/5/K4 w - - 0 1"), (2, 0));
    // a bishop on c3 guards e1: one safe check is left
    assert_eq!(counts("4r/2k2/5/2B2/5/K4 w - - 0 1"), (1, 0));
    // a rook on b6 attacks b1 and b2, which only the king guards; it can check safely
    // from a6 but not from b1, next to the king
    assert_eq!(counts("1r3/2k2/5/5/5/K4 w - - 0 1"), (1, 2));
}

#[test]
fn every_number_is_listed_once_for_tuning() {
    let mut p = PARAMS;
    let names: std::collections::HashSet<String> =
        p.all_mut().into_iter().map(|(name, _)| name).collect();
    // 44 named numbers and 6 piece-square tables of 18
    assert_eq!(names.len(), 44 + 6 * 18);
    for (name, value) in p.all_mut() {
        if name == "queen_eg" || name == "mobility_rook" {
            *value += 1;
        }
    }
    assert_eq!(p.value_eg[4], PARAMS.value_eg[4] + 1);
    assert_eq!(p.mobility[2], PARAMS.mobility[2] + 1);
}

#[test]
fn material_and_a_passed_pawn_count() {
    let w = Weights::default();
    let eval = |fen: &str| {
        let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
        evaluate(&p, &w)
    };
    // an extra rook is worth more than an extra knight, which is worth more than nothing
    let rook = eval("2k2/5/5/5/5/R1K2 w - - 0 1");
    let knight = eval("2k2/5/5/5/5/N1K2 w - - 0 1");
    let none = eval("2k2/5/5/5/5/2K2 w - - 0 1");
    assert!(
        rook > knight && knight > none + 200,
        "{rook} {knight} {none}"
    );
    // a passed pawn one step from promotion is worth more than one at home
    let far = eval("2k2/P4/5/5/5/2K2 w - - 0 1");
    let home = eval("2k2/5/5/5/P4/2K2 w - - 0 1");
    assert!(far > home, "{far} {home}");
}
