//! Properties over random games of every variant: the generator and the independent
//! `is_legal` agree on every from x to pair (and every promotion choice), FEN round-trips, and
//! the incremental Zobrist key equals the one computed from scratch, and the tactical
//! generator (quiescence's) lists exactly the captures and last-rank pawn moves of the whole
//! list.

use tabula_chess::{AnyPosition, Geometry, Move, MoveKind, Position, Role, Variant};
use tabula_core::rng::{Rng, seeded};

const VARIANTS: [&str; 16] = [
    "power-pawns",
    "pawn-blasters",
    "kings-conquest",
    "raging-rooks",
    "bishops",
    "mean-queens",
    "krazy-knights",
    "rescue-the-queen+blasters",
    "mix:KRBQN",
    "mix:KN",
    "quickchess",
    "quickchess-classic+blasters",
    "quickchess-fsf",
    "queens-pro",
    "kings-pro",
    "chess",
];

/// Every move the rules could conceivably describe from `from` to `to`.
fn candidates<G: Geometry>(p: &Position<G>, from: u8, to: u8) -> Vec<Move> {
    let Some(piece) = p.piece_at(from) else {
        return Vec::new();
    };
    let mut kinds = vec![(p.piece_at(to).map(|x| x.role), MoveKind::Normal)];
    if piece.role == Role::Pawn {
        kinds.push((None, MoveKind::DoubleStep));
        kinds.push((Some(Role::Pawn), MoveKind::EnPassant));
    }
    if piece.role == Role::King {
        for rook in tabula_chess::geometry::squares(p.castling_rooks()) {
            let step: i16 = if rook > from { 1 } else { -1 };
            let rook_to = (to as i16 - step).clamp(0, 63) as u8;
            kinds.push((
                None,
                MoveKind::Castle {
                    rook_from: rook,
                    rook_to,
                },
            ));
        }
    }
    let promotions = [
        None,
        Some(Role::Queen),
        Some(Role::Rook),
        Some(Role::Bishop),
        Some(Role::Knight),
    ];
    kinds
        .into_iter()
        .flat_map(|(capture, kind)| {
            promotions.into_iter().map(move |promotion| Move {
                from,
                to,
                role: piece.role,
                capture,
                promotion,
                kind,
            })
        })
        .collect()
}

fn check_position<G: Geometry>(p: &Position<G>) {
    let generated = p.legal_moves();
    for m in generated.iter() {
        assert!(
            p.is_legal(m),
            "generated but not legal: {} in {}",
            p.uci(m),
            p.fen()
        );
    }
    for from in 0..G::SQUARES {
        for to in 0..G::SQUARES {
            for m in candidates(p, from, to) {
                assert_eq!(
                    p.is_legal(&m),
                    generated.contains(&m),
                    "{m:?} in {}",
                    p.fen()
                );
            }
        }
    }
    assert_eq!(
        p.is_legal(&Move::PASS),
        generated.contains(&Move::PASS),
        "the pass in {}",
        p.fen()
    );
    assert_eq!(
        generated.len() as u64,
        p.count_moves(),
        "counting agrees with listing"
    );
    check_tactical(p, &generated);
    assert_eq!(
        p.hash(),
        p.compute_hash(),
        "incremental Zobrist key in {}",
        p.fen()
    );
    let again = Position::<G>::from_fen(p.variant(), &p.fen())
        .unwrap_or_else(|e| panic!("{}: {e}", p.fen()));
    assert_eq!(again.fen(), p.fen());
    if again.rescued(tabula_chess::Color::White) == p.rescued(tabula_chess::Color::White)
        && again.rescued(tabula_chess::Color::Black) == p.rescued(tabula_chess::Color::Black)
    {
        assert_eq!(again, *p, "FEN round trip of {}", p.fen());
    }
}

/// The tactical moves are the captures and pawn moves to the last rank of `all`, each once.
fn check_tactical<G: Geometry>(p: &Position<G>, all: &tabula_chess::MoveList) {
    let last = if p.turn() == tabula_chess::Color::White {
        G::H - 1
    } else {
        0
    };
    let mut expected: Vec<Move> = all
        .iter()
        .filter(|m| m.capture.is_some() || (m.role == Role::Pawn && m.to / G::W == last))
        .copied()
        .collect();
    let mut tactical: Vec<Move> = p.tactical_moves().iter().copied().collect();
    let key = |m: &Move| format!("{m:?}");
    expected.sort_by_key(key);
    tactical.sort_by_key(key);
    assert_eq!(tactical, expected, "tactical moves in {}", p.fen());
}

#[test]
fn the_tactical_generator_keeps_pins_checks_and_en_passant() {
    for fen in [
        // en passant would leave the king to the rook along the rank
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
        // the pinned rook may take its pinner, not leave the file
        "4k3/4r3/8/8/4R1p1/8/8/4K3 w - - 0 1",
        // in check: take the checker, or step away onto a capture
        "4k3/8/8/8/8/8/3q1p2/4K3 w - - 0 1",
        // a quiet push and a capture onto the last rank, each with four promotions
        "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let p = Position::<tabula_chess::Standard>::from_fen(Variant::CHESS, fen).unwrap();
        check_position(&p);
    }
}

#[test]
fn generator_and_is_legal_agree_fen_and_hash_round_trip() {
    let mut rng = seeded(2026);
    for name in VARIANTS {
        let variant = Variant::parse(name).unwrap();
        let games = if variant.is_8x8() { 6 } else { 25 };
        for _ in 0..games {
            let mut pos = AnyPosition::start(variant);
            for _ in 0..80 {
                match &pos {
                    AnyPosition::Mini(p) => check_position(p),
                    AnyPosition::Standard(p) => check_position(p),
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}

#[test]
fn generator_and_is_legal_agree_where_a_side_must_pass() {
    for (variant, fen) in [
        ("power-pawns", "5/p3p/P4/5/5/5 w - - 0 1"),
        ("power-pawns", "5/p3p/P4/5/5/5 b - - 1 1"),
        ("kings-conquest", "5/5/5/p4/P1k2/K4 w - - 0 1"),
        ("rescue-the-queen", "5/p3p/P4/5/5/5 w - - 0 1"),
        ("power-pawns", "5/2p2/p1P2/P4/5/5 w - - 0 1"),
    ] {
        let p = Position::<tabula_chess::Mini>::from_fen(Variant::parse(variant).unwrap(), fen)
            .unwrap();
        check_position(&p);
    }
}

#[test]
fn a_move_that_is_not_legal_hands_the_position_back() {
    let p = AnyPosition::start(Variant::QUICKCHESS);
    let err = p.play_uci("a2a4").unwrap_err();
    assert_eq!(*err.position, p);
    assert!(err.message.contains("cannot move to a4"), "{}", err.message);
    let err = p.play_uci("c6c5").unwrap_err();
    assert!(err.message.contains("not white's"), "{}", err.message);
    let err = p.play_uci("zz").unwrap_err();
    assert!(
        err.message.contains("not a move in UCI notation"),
        "{}",
        err.message
    );
}
