//! The engine: mates found and scored exactly (checked against a brute-force mate search
//! written here from the rules), lesson-game wins taken, legal and deterministic choices,
//! repetition draws, and weaker levels that still play legal moves.

use tabula_chess::engine::{Engine, Limits, Score, Unlimited};
use tabula_chess::{AnyPosition, Variant};
use tabula_core::rng::{Rng, seeded};

fn pos(variant: &str, fen: &str) -> AnyPosition {
    AnyPosition::from_fen(Variant::parse(variant).unwrap(), fen).unwrap()
}

fn search(p: &AnyPosition, depth: u32) -> tabula_chess::engine::SearchResult {
    let mut e = Engine::new(4);
    e.search_any(
        p,
        &[],
        Limits {
            depth: Some(depth),
            nodes: None,
        },
        &mut Unlimited,
    )
}

/// Brute force: can the side to move force checkmate within `moves` of its moves?
fn forced_mate(p: &AnyPosition, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    p.legal_moves().iter().any(|m| {
        let q = p.play_unchecked(*m);
        let replies = q.legal_moves();
        if replies.is_empty() {
            return q.is_check();
        }
        moves > 1
            && replies
                .iter()
                .all(|r| forced_mate(&q.play_unchecked(*r), moves - 1))
    })
}

/// Random positions reached by random play from the start of `variant`.
fn random_positions(variant: &str, count: usize, seed: u64) -> Vec<AnyPosition> {
    let v = Variant::parse(variant).unwrap();
    let mut rng = seeded(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = AnyPosition::start(v);
        let plies = rng.random_range(6..40);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            p = p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if p.outcome().is_none() {
            out.push(p);
        }
    }
    out
}

#[test]
fn mate_in_one_is_played_and_scored() {
    // Qa2 mates: the king on c5 guards b5 and b6, the queen the a-file
    let p = pos("quickchess", "k4/2K2/5/5/5/4Q w - - 0 1");
    assert!(forced_mate(&p, 1), "the position must hold a mate in one");
    let r = search(&p, 4);
    let best = r.best.unwrap();
    let after = p.play_unchecked(best);
    assert!(
        after.legal_moves().is_empty() && after.is_check(),
        "{}",
        p.uci(&best)
    );
    assert_eq!(r.report.score, Score::Mate(1));
}

#[test]
fn mate_scores_agree_with_brute_force_on_random_positions() {
    let mut checked = 0;
    for p in random_positions("quickchess", 60, 7) {
        let r = search(&p, 4);
        let mate_in_one = forced_mate(&p, 1);
        let reported_one = r.report.score == Score::Mate(1);
        assert_eq!(mate_in_one, reported_one, "{}", p.fen());
        if let Score::Mate(n) = r.report.score
            && n > 0
        {
            // a mate the engine claims must exist by brute force
            assert!(forced_mate(&p, n as u32), "{} claims mate in {n}", p.fen());
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "random play should produce some mates to check"
    );
}

#[test]
fn lesson_games_take_the_win_on_the_edge() {
    // Power Pawns: the white pawn on d5 steps to the edge and wins at once
    let p = pos("power-pawns", "5/pp1P1/5/5/PP3/5 w - - 0 1");
    let r = search(&p, 3);
    assert_eq!(p.uci(&r.best.unwrap()), "d5d6");
    assert_eq!(r.report.score, Score::Mate(1));
}

#[test]
fn best_moves_are_legal_in_every_kind_of_game() {
    for (variant, seed) in [
        ("quickchess", 1),
        ("quickchess-fsf", 2),
        ("power-pawns", 3),
        ("kings-conquest", 4),
        ("rescue-the-queen", 5),
        ("mix:KRN", 6),
        ("kings-pro", 7),
        ("chess", 8),
    ] {
        for p in random_positions(variant, 8, seed) {
            let r = search(&p, 3);
            let best = r.best.expect("an ongoing game has a move");
            assert!(p.legal_moves().contains(&best), "{variant} {}", p.fen());
            // the principal variation is a sequence of legal moves
            let mut q = p;
            for m in &r.report.pv {
                assert!(q.legal_moves().contains(m), "{variant} pv from {}", p.fen());
                q = q.play_unchecked(*m);
            }
        }
    }
}

#[test]
fn a_node_limited_search_is_deterministic() {
    let p = pos("quickchess", "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1");
    let run = || {
        let mut e = Engine::new(8);
        e.search_any(
            &p,
            &[],
            Limits {
                depth: None,
                nodes: Some(50_000),
            },
            &mut Unlimited,
        )
    };
    let (a, b) = (run(), run());
    assert_eq!(a.best, b.best);
    assert_eq!(a.report, b.report);
    assert!(a.report.nodes >= 50_000 && a.report.nodes < 51_000);
}

#[test]
fn a_lost_side_takes_a_repetition_from_the_game_history() {
    // a bare king against king and queen: lost, unless the position can repeat
    let start = pos("quickchess", "2k1q/5/5/5/5/2K2 w - - 0 1");
    let alone = search(&start, 6);
    assert!(
        matches!(alone.report.score, Score::Cp(c) if c < -500),
        "{:?}",
        alone.report.score
    );
    // the game went Kb1 Qe5 Kc1 Qe6: the start is on the board again, and Kb1 repeats
    let mut history = Vec::new();
    let mut p = start;
    for m in ["c1b1", "e6e5", "b1c1", "e5e6"] {
        history.push(p.hash());
        p = p.play_uci(m).unwrap();
    }
    assert_eq!(p.hash(), start.hash());
    let mut e = Engine::new(4);
    let r = e.search_any(
        &p,
        &history,
        Limits {
            depth: Some(6),
            nodes: None,
        },
        &mut Unlimited,
    );
    assert_eq!(r.report.score, Score::Cp(0));
    assert_eq!(p.uci(&r.best.unwrap()), "c1b1");
}

#[test]
fn weaker_levels_play_legal_moves_and_differ_from_full_strength() {
    let positions = random_positions("quickchess", 40, 11);
    let mut differ = 0;
    for p in &positions {
        let strong = search(p, 4).best.unwrap();
        let mut e = Engine::new(4);
        e.skill = 0;
        e.seed = 5;
        let r = e.search_any(p, &[], Limits::default(), &mut Unlimited);
        let weak = r.best.unwrap();
        assert!(p.legal_moves().contains(&weak));
        if weak != strong {
            differ += 1;
        }
    }
    // forty positions: in a dozen, one capture can stand out by more than the noise in
    // nearly all of them, and the count says more about the sample than about the level
    assert!(
        differ >= 10,
        "skill 0 chose like full strength in {} of 40",
        40 - differ
    );
}

#[test]
fn a_pass_is_a_move_the_search_makes_and_sees_through() {
    // White can only pass; black's free e-pawn reaches rank 1 in four moves, passes between.
    let p = pos("power-pawns", "5/p3p/P4/5/5/5 w - - 0 1");
    let r = search(&p, 10);
    assert_eq!(r.best.map(|m| p.uci(&m)), Some("0000".to_string()));
    assert_eq!(r.report.score, Score::Mate(-4));
    // from black's side, after the pass: the run is seen as a win in four
    let q = p.play_uci("0000").unwrap();
    let r = search(&q, 10);
    assert_eq!(r.best.map(|m| q.uci(&m)), Some("e5e4".to_string()));
    assert_eq!(r.report.score, Score::Mate(4));
}
