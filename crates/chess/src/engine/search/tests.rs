//! Unit tests of the static exchange evaluation, of stored bounds refining the evaluation, of
//! the late-move reduction table, of naming a stored move again before generating and of the
//! order the picker hands out moves in.

use super::{Bound, Hit, MATE, MATE_BOUND, Score, refine, see};
use crate::geometry::Mini;
use crate::position::Position;
use crate::variant::Variant;

fn see_of(fen: &str, uci: &str) -> i32 {
    let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
    let m = p.parse_uci(uci).unwrap();
    see(&p, &m)
}

#[test]
fn quiet_means_no_check_and_no_winning_capture() {
    let quiet = |fen: &str| {
        let p = Position::<Mini>::from_fen(Variant::QUICKCHESS, fen).unwrap();
        crate::engine::is_quiet(&p)
    };
    assert!(quiet("rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1"));
    // the rook can take an undefended pawn
    assert!(!quiet("2k2/5/2p2/5/5/K1R2 w - - 0 1"));
    // the same pawn defended: taking it loses the rook, so the position is quiet
    assert!(quiet("2k2/1p3/2p2/5/5/K1R2 w - - 0 1"));
    // in check
    assert!(!quiet("2k2/5/5/5/5/K1r2 w - - 0 1"));
}

#[test]
fn stored_bounds_beyond_the_evaluation_replace_it() {
    let hit = |score, bound| {
        Some(Hit {
            packed: 0,
            score,
            depth: 4,
            bound,
            eval: None,
        })
    };
    // a lower bound above the evaluation, an upper bound below it, an exact score: trusted
    assert_eq!(refine(10, hit(80, Bound::Lower), false), 80);
    assert_eq!(refine(10, hit(-40, Bound::Upper), false), -40);
    assert_eq!(refine(10, hit(-40, Bound::Exact), false), -40);
    // bounds on the evaluation's own side say nothing new
    assert_eq!(refine(10, hit(-40, Bound::Lower), false), 10);
    assert_eq!(refine(10, hit(80, Bound::Upper), false), 10);
    // no hit, a mate score, or in check: the evaluation stays
    assert_eq!(refine(10, None, false), 10);
    assert_eq!(
        refine(10, hit(crate::engine::MATE - 3, Bound::Exact), false),
        10
    );
    assert_eq!(refine(10, hit(80, Bound::Lower), true), 10);
}

#[test]
fn exchanges_are_counted_to_the_end() {
    // the pawn on c4 is defended by the pawn on b5: the rook wins 100 and loses 480
    assert_eq!(see_of("2k2/1p3/2p2/5/5/K1R2 w - - 0 1", "c1c4"), 100 - 480);
    // undefended: a clean pawn
    assert_eq!(see_of("2k2/5/2p2/5/5/K1R2 w - - 0 1", "c1c4"), 100);
    // defended once, attacked twice (rooks doubled: the second joins through the first)
    assert_eq!(see_of("2k2/2r2/2p2/5/2R2/K1R2 w - - 0 1", "c2c4"), 100);
    // a pawn takes a defended rook: wins the exchange
    assert_eq!(see_of("2k2/2r2/2r2/1P3/5/K4 w - - 0 1", "b3c4"), 480 - 100);
}

#[test]
fn the_reduction_table_gives_the_formula_everywhere() {
    use super::pruning::{lmr, lmr_formula};
    for depth in 0..80 {
        for index in 0..300 {
            assert_eq!(
                lmr(depth, index),
                lmr_formula(depth, index),
                "{depth} {index}"
            );
        }
    }
    // worked by hand: 0.75 + ln(depth) ln(index) / 2, rounded down
    assert_eq!(lmr(3, 4), 1);
    assert_eq!(lmr(10, 10), 3);
    assert_eq!(lmr(63, 63), 9);
    assert_eq!(lmr(64, 100), 10);
}

/// Random games of `variant` from its start, every position kept.
fn random_game_positions<G: crate::geometry::Geometry>(
    variant: &str,
    games: usize,
    seed: u64,
) -> Vec<Position<G>> {
    use tabula_core::rng::{Rng, seeded};
    let variant = Variant::parse(variant).expect("variant");
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<G>::start(variant).expect("start");
        for _ in 0..60 {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

/// Every legal move but castling and a pass is named again from its packed code, field for
/// field; and no code names a move the checker accepts that the generator does not list.
fn check_unpack<G: crate::geometry::Geometry>(positions: &[Position<G>]) -> usize {
    use super::pack;
    use super::picker::unpack;
    use crate::moves::MoveKind;
    let mut named = 0;
    for pos in positions {
        let legal = pos.legal_moves();
        for m in legal.iter() {
            let castle_or_pass = matches!(m.kind, MoveKind::Castle { .. } | MoveKind::Pass);
            let again = unpack(pos, pack(m));
            if castle_or_pass {
                assert!(again.is_none_or(|x| !pos.is_legal(&x) || legal.contains(&x)));
            } else {
                assert_eq!(again, Some(*m), "{m:?} in {}", pos.fen());
                named += 1;
            }
        }
        for from in 0..G::SQUARES {
            for to in 0..G::SQUARES {
                for promotion in 0..8u16 {
                    let code = u16::from(from) | u16::from(to) << 6 | promotion << 12;
                    if let Some(x) = unpack(pos, code).filter(|x| pos.is_legal(x)) {
                        assert!(legal.contains(&x), "{x:?} in {}", pos.fen());
                        assert_eq!(pack(&x), code);
                    }
                }
            }
        }
    }
    named
}

#[test]
fn a_stored_move_is_named_again_exactly_and_only_when_legal() {
    use crate::geometry::{Mini, Standard};
    let mut named = 0;
    // plain QuickChess; castling, double steps and en passant; rescues; a lesson game
    for (variant, seed) in [
        ("quickchess-fsf", 1),
        ("queens-pro", 2),
        ("kings-pro", 3),
        ("rescue-the-queen", 4),
        ("pawn-blasters", 5),
    ] {
        named += check_unpack(&random_game_positions::<Mini>(variant, 6, seed));
    }
    named += check_unpack(&random_game_positions::<Standard>("chess", 2, 6));
    assert!(named > 5_000, "only {named} moves named");
}

/// The picker hands out every legal move once, in its stages: the stored move, the captures
/// that do not lose material, the killers, the quiet moves by their histories as they stand
/// when the first of them is reached, and the captures that lose material. The histories are
/// turned around after each move handed out before the quiet moves, so a picker that scored
/// the quiet moves any earlier would give them in another order.
#[test]
fn the_picker_hands_out_every_move_once_in_its_stages() {
    use super::picker::MovePicker;
    use super::{Engine, Search, pack};
    use crate::engine::Unlimited;
    use tabula_core::rng::{Rng, seeded};
    let mut rng = seeded(7);
    let mut engine = Engine::new(1);
    let mut control = Unlimited;
    let weights = engine.weights;
    let search = Search::new(&mut engine, &mut control, weights, None, &[], None);
    let mut late_scoring_seen = 0;
    for pos in random_game_positions::<Mini>("quickchess-fsf", 20, 8) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let stored = legal[rng.random_range(0..legal.len())];
        let quiets: Vec<_> = legal.iter().filter(|m| !m.is_tactical()).collect();
        let mut killer = || match quiets.len() {
            0 => 0,
            n => pack(quiets[rng.random_range(0..n)]),
        };
        search.engine.killers[0] = [killer(), killer()];
        for h in search.engine.history.iter_mut() {
            *h = rng.random_range(-5_000..5_000);
        }
        let killers = search.engine.killers[0];
        let stage = |m: &crate::moves::Move| {
            if pack(m) == pack(&stored) {
                0
            } else if m.is_tactical() {
                if see(&pos, m) >= 0 { 1 } else { 4 }
            } else if killers.contains(&pack(m)) {
                2
            } else {
                3
            }
        };
        let mut picker = MovePicker::new(&pos, pack(&stored)).expect("legal moves");
        let mut handed = Vec::new();
        let mut flips = 0;
        while let Some((score, m)) = picker.next(&search, &pos, 0) {
            if stage(&m) < 3 {
                for h in search.engine.history.iter_mut() {
                    *h = -*h;
                }
                flips += 1;
            }
            handed.push((score, m));
        }
        assert_eq!(handed.len(), legal.len(), "{}", pos.fen());
        for m in legal.iter() {
            assert_eq!(handed.iter().filter(|(_, x)| x == m).count(), 1);
        }
        let stages: Vec<_> = handed.iter().map(|(_, m)| stage(m)).collect();
        assert!(stages.is_sorted(), "{stages:?} in {}", pos.fen());
        let quiet_scores: Vec<_> = handed
            .iter()
            .filter(|(_, m)| stage(m) == 3)
            .map(|(score, m)| {
                assert_eq!(*score, search.quiet_score(&pos, m, 0));
                *score
            })
            .collect();
        assert!(quiet_scores.is_sorted_by(|a, b| a >= b), "{}", pos.fen());
        if flips >= 2 && quiet_scores.len() >= 2 {
            late_scoring_seen += 1;
        }
    }
    assert!(late_scoring_seen > 50, "only {late_scoring_seen} positions");
}

#[test]
fn a_score_ranks_as_the_search_scored_it() {
    // the internal scores the search reports: the opponent mated at an odd ply, the side to
    // move mated at an even one, centipawns in between; each comes back from its rank, so the
    // ranks keep the search's order (mates in n above centipawns, being mated below)
    let mated = (0..1000).step_by(2).map(|ply| -MATE + ply);
    let centipawns = [-MATE_BOUND + 1, -250, -1, 0, 1, 250, MATE_BOUND - 1];
    let mating = (1..1000).step_by(2).rev().map(|ply| MATE - ply);
    let mut last = None;
    for s in mated.chain(centipawns).chain(mating) {
        let score = Score::from_internal(s);
        assert_eq!(score.rank(), s, "{score:?}");
        assert!(last.is_none_or(|l| l < s), "{score:?} out of order");
        assert_eq!(score.flipped().flipped(), score);
        last = Some(s);
    }
    assert_eq!(Score::Mate(1).rank(), MATE - 1);
    assert_eq!(Score::Mate(0).rank(), -MATE, "mated now ranks lowest");
    assert_eq!(Score::Mate(-2).flipped(), Score::Mate(2));
}
