//! The lesson-game solver against independent computations: a plain exhaustive minimax (the
//! pawn-only games), the proof verifier (every game), the equations every solved value must
//! satisfy, and the stored proof of Power Pawns' value.
//!
//! `cargo test` solves small games (three files of pawns, one file with pieces); `cargo test
//! --release -p tabula-chess --test chess solve:: -- --ignored` solves Power Pawns and Pawn
//! Blasters from the start both ways (BENCHMARKS.md).

use std::collections::{HashMap, HashSet, VecDeque};
use tabula_chess::solve::key::position_key;
use tabula_chess::solve::proof::{Claim, packed};
use tabula_chess::solve::{BY_TIE_BREAK, Proof, Solver, exhaustive};
use tabula_chess::tablebase::Value;
use tabula_chess::{Color, Mini, Position, Variant};
use tabula_core::rng::{Rng, seeded};

fn pos(variant: &str, fen: &str) -> Position<Mini> {
    Position::from_fen(Variant::parse(variant).unwrap(), fen).unwrap()
}

fn solve(p: &Position<Mini>) -> (Solver, Value) {
    let mut s = Solver::new(u64::MAX);
    let v = s.value(p).unwrap();
    (s, v)
}

/// Every position reachable from `root` (at most `limit`) satisfies the equations: its value
/// is the best, for the side to move, of its moves' values one ply on (finite distances
/// exactly; wins and losses by the tie-break, which only repetition can end, by their kind).
fn equations_hold(s: &Solver, root: &Position<Mini>, limit: usize) -> usize {
    let kind = |v: Value| match v {
        Value::Win(_) => 1,
        Value::Draw => 0,
        Value::Loss(_) => -1,
    };
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([*root]);
    while let Some(p) = queue.pop_front() {
        if seen.len() >= limit || !seen.insert(position_key(&p)) {
            continue;
        }
        let stored = s
            .known(&p)
            .unwrap_or_else(|| panic!("{} unsolved", p.fen()));
        if p.outcome().is_some() {
            continue;
        }
        let mut best: Option<Value> = None;
        for m in p.legal_moves().iter() {
            let c = p.play_unchecked(*m);
            let v = s.known(&c).unwrap().parent();
            if best.is_none_or(|b| v.rank() > b.rank()) {
                best = Some(v);
            }
            queue.push_back(c);
        }
        let best = best.unwrap();
        let finite = best.plies().is_some_and(|n| n != BY_TIE_BREAK);
        assert!(
            kind(best) == kind(stored) && (!finite || best == stored),
            "{}: stored {stored}, its moves say {best}",
            p.fen()
        );
    }
    seen.len()
}

#[test]
fn pawn_games_agree_with_plain_exhaustive_search() {
    let mut rng = seeded(21);
    for (variant, fen) in [
        ("power-pawns", "5/ppp2/5/5/PPP2/5 w - - 0 1"),
        ("power-pawns", "5/2ppp/5/5/2PPP/5 b - - 0 1"),
        ("pawn-blasters", "5/ppp2/5/5/PPP2/5 w - - 0 1"),
        ("power-pawns", "5/p3p/P4/5/5/5 w - - 0 1"),
    ] {
        let root = pos(variant, fen);
        let (s, v) = solve(&root);
        let mut memo = HashMap::new();
        assert_eq!(
            exhaustive::value(&root, &mut memo),
            Some(v),
            "{variant} {fen}"
        );
        // and every position on the way, sampled by random play
        for _ in 0..30 {
            let mut p = root;
            for _ in 0..rng.random_range(0..12) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            assert_eq!(s.known(&p), exhaustive::value(&p, &mut memo), "{}", p.fen());
        }
        for claim in Claim::proving(v, root.turn()) {
            Proof::extract(&s, &root, claim).unwrap().verify().unwrap();
        }
    }
    // the position: White passes, Black's pawn runs home (after 4 + 3 passes)
    let (_, v) = solve(&pos("power-pawns", "5/p3p/P4/5/5/5 w - - 0 1"));
    assert_eq!(v, Value::Loss(8));
}

#[test]
fn games_with_pieces_are_solved_consistently_and_proven() {
    for (variant, fen) in [
        ("raging-rooks", "r4/p4/5/5/P4/R4 w - - 0 1"),
        ("krazy-knights", "4n/4p/5/5/4P/4N w - - 0 1"),
        ("kings-conquest", "2k2/2p2/5/5/2P2/2K2 w - - 0 1"),
        ("mean-queens", "3q1/3p1/5/5/3P1/3Q1 b - - 0 1"),
        ("bishops", "1b3/1p3/5/5/1P3/1B3 w - - 0 1"),
    ] {
        let root = pos(variant, fen);
        let (s, v) = solve(&root);
        let checked = equations_hold(&s, &root, 20_000);
        assert!(checked > 100, "{variant}: {checked}");
        for claim in Claim::proving(v, root.turn()) {
            let proof = Proof::extract(&s, &root, claim).unwrap();
            assert!(proof.verify().unwrap() > 10, "{variant} {claim:?}");
        }
    }
}

#[test]
fn a_wrong_claim_has_no_proof_and_a_damaged_proof_is_refused() {
    let root = pos("raging-rooks", "r4/p4/5/5/P4/R4 w - - 0 1");
    let (s, v) = solve(&root);
    assert_eq!(v, Value::Draw);
    // neither side can prove a win of a drawn game
    for side in Color::ALL {
        assert!(Proof::extract(&s, &root, Claim { side, win: true }).is_none());
    }
    let proof = Proof::extract(
        &s,
        &root,
        Claim {
            side: Color::White,
            win: false,
        },
    )
    .unwrap();
    let bytes = proof.to_bytes();
    assert_eq!(Proof::from_bytes(&bytes).unwrap(), proof);
    // a flipped byte fails the checksum
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    assert!(Proof::from_bytes(&damaged).is_err());
    // an entry missing, or a move that is not the side's best, is caught by the replay
    let some = *proof
        .entries
        .iter()
        .find(|(_, e)| e.mv.is_some())
        .map(|(k, _)| k)
        .unwrap();
    let mut missing = proof.clone();
    missing.entries.remove(&some);
    assert!(missing.verify().is_err());
    let mut wrong = proof.clone();
    wrong.entries.get_mut(&some).unwrap().mv = Some(0x0fff);
    assert!(wrong.verify().is_err());
}

/// The stored proof that Power Pawns is a draw (`tests/data/power-pawns.proof`, written by
/// `tabula exact solve quickchess --variant power-pawns --proof ...`): both sides' strategies.
#[test]
fn the_stored_power_pawns_proof_holds_and_a_corrupted_copy_does_not() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/power-pawns.proof"
    ))
    .unwrap();
    let mut proofs = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let len = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize;
        proofs.push(Proof::from_bytes(&bytes[at + 8..at + 8 + len]).unwrap());
        at += 8 + len;
    }
    let start = Position::<Mini>::start(Variant::parse("power-pawns").unwrap()).unwrap();
    assert_eq!(proofs.len(), 2);
    for p in &proofs {
        assert_eq!(p.root, start);
        assert!(!p.claim.win, "a draw: each side holds at least a draw");
        assert!(p.verify().unwrap() > 1000);
    }
    // corrupt the White strategy: at the root, any other first move leads outside it
    let mut bad = proofs[0].clone();
    let root_key = position_key(&start);
    let listed = bad.entries[&root_key].mv.unwrap();
    let other = start
        .legal_moves()
        .iter()
        .map(packed)
        .find(|&m| m != listed)
        .unwrap();
    bad.entries.get_mut(&root_key).unwrap().mv = Some(other);
    assert!(bad.verify().is_err());
}

#[test]
#[ignore = "Power Pawns and Pawn Blasters from the start, solver against exhaustive search: cargo test --release -p tabula-chess --test chess solve:: -- --ignored"]
fn power_pawns_and_pawn_blasters_in_full() {
    for variant in ["power-pawns", "pawn-blasters"] {
        let root = Position::<Mini>::start(Variant::parse(variant).unwrap()).unwrap();
        let (s, v) = solve(&root);
        let mut memo = HashMap::new();
        assert_eq!(exhaustive::value(&root, &mut memo), Some(v), "{variant}");
        assert_eq!(v, Value::Draw, "{variant}");
        for claim in Claim::proving(v, root.turn()) {
            Proof::extract(&s, &root, claim).unwrap().verify().unwrap();
        }
        println!(
            "{variant}: {v}, {} slices; exhaustive search {} positions agrees",
            s.stats().slices,
            memo.len()
        );
    }
}
