//! The compact solver's pieces (the in-memory [`memory::Table`] runs the same listing and slice
//! solver as the disk solver) against the solver that keeps distances ([`Solver`]): every
//! position of every slice given the same result, the codes checked position by position,
//! proofs from the codes, and the potential rising on every leaving move.

use std::collections::HashMap;
use tabula_chess::solve::compact::{self, CompactSlice};
use tabula_chess::solve::key::slice_key;
use tabula_chess::solve::proof::Claim;
use tabula_chess::solve::{Proof, Solver, check, frontier, memory};
use tabula_chess::tablebase::Value;
use tabula_chess::{Mini, Position, Variant};

fn pos(variant: &str, fen: &str) -> Position<Mini> {
    Position::from_fen(Variant::parse(variant).unwrap(), fen).unwrap()
}

/// Every slice's codes checked position by position.
fn check_all(root: &Position<Mini>, solved: &HashMap<u128, Vec<u8>>) -> Result<(), String> {
    for (&k, codes) in solved {
        let slice = CompactSlice::from_key(root.variant(), k).unwrap();
        let mut code = |p: &Position<Mini>| {
            solved
                .get(&slice_key(p))
                .map(|codes| codes[compact::index(p)])
        };
        check::check_slice(&slice, codes, &mut code)?;
    }
    Ok(())
}

fn sign(v: Value) -> i8 {
    match v {
        Value::Win(_) => 1,
        Value::Draw => 0,
        Value::Loss(_) => -1,
    }
}

#[test]
fn every_position_gets_the_result_the_distance_solver_gives() {
    for (variant, fen) in [
        ("raging-rooks", "r4/pp3/5/5/PP3/R4 w - - 0 1"),
        ("krazy-knights", "4n/3pp/5/5/3PP/4N w - - 0 1"),
        ("kings-conquest", "2k2/1pp2/5/5/1PP2/2K2 w - - 0 1"),
        ("mean-queens", "3q1/2pp1/5/5/2PP1/3Q1 b - - 0 1"),
        ("bishops", "1b3/1pp2/5/5/1PP2/1B3 w - - 0 1"),
    ] {
        let root = pos(variant, fen);
        let table = memory::Table::solve(&root, u64::MAX).unwrap();
        let solved: HashMap<u128, Vec<u8>> = table.iter().map(|(k, c)| (k, c.to_vec())).collect();
        let mut old = Solver::new(u64::MAX);
        let v = old.value(&root).unwrap();
        let codes = &solved[&slice_key(&root)];
        assert_eq!(
            compact::code_value(codes[compact::index(&root)]),
            Some(sign(v)),
            "{variant} {fen}"
        );
        // every position of every slice, where the distance solver reached the slice
        let mut compared = 0;
        for (&k, codes) in &solved {
            let slice = CompactSlice::from_key(root.variant(), k).unwrap();
            for (idx, &code) in codes.iter().enumerate() {
                let Some(p) = slice.position(idx) else {
                    assert_eq!(code, 0, "no position, no code");
                    continue;
                };
                let mine = compact::code_value(code).expect("a position has a code");
                if let Some(theirs) = old.known(&p) {
                    assert_eq!(mine, sign(theirs), "{variant}: {}", p.fen());
                    compared += 1;
                }
            }
        }
        assert!(compared > 1_000, "{variant} {fen}: {compared} compared");
        // every code holds against the move generator, and a changed one does not
        assert_eq!(check_all(&root, &solved), Ok(()), "{variant} {fen}");
        let mut damaged = solved.clone();
        let codes = damaged.get_mut(&slice_key(&root)).unwrap();
        let i = compact::index(&root);
        codes[i] = compact::encode(
            if sign(v) == 1 { 0 } else { 1 },
            compact::code_rank(codes[i]),
        );
        assert!(
            check_all(&root, &damaged).is_err(),
            "{variant} {fen}: a changed root"
        );
        // the codes' proofs replay
        let code = |p: &Position<Mini>| {
            solved
                .get(&slice_key(p))
                .map(|codes| codes[compact::index(p)])
        };
        for claim in Claim::proving(v, root.turn()) {
            let proof = Proof::from_codes(&code, &root, claim).expect("a proof");
            assert!(proof.verify().unwrap() > 10, "{variant} {claim:?}");
        }
        // and a claim the codes do not hold has none
        let wrong = Claim {
            side: root.turn(),
            win: true,
        };
        if sign(v) != 1 {
            assert!(Proof::from_codes(&code, &root, wrong).is_none());
        }
    }
}

#[test]
fn every_leaving_move_raises_the_potential_into_the_listed_children() {
    let root = pos("kings-conquest", "2k2/1ppp1/5/5/1PPP1/2K2 w - - 0 1");
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![root];
    let mut checked = 0;
    while let Some(p) = stack.pop() {
        if !seen.insert(tabula_chess::solve::key::position_key(&p)) || checked > 50_000 {
            continue;
        }
        let k = slice_key(&p);
        let children = frontier::children(k);
        for m in p.legal_moves().iter() {
            let c = p.play_unchecked(*m);
            if c.lesson_result().is_some() {
                continue;
            }
            let ck = slice_key(&c);
            if ck != k {
                assert!(compact::potential(ck) > compact::potential(k));
                assert!(
                    children.contains(&ck),
                    "{} -> {} not listed",
                    p.fen(),
                    c.fen()
                );
                checked += 1;
            }
            stack.push(c);
        }
    }
    assert!(checked > 1_000);
}

/// Plays a game to its end: `perfect` (a colour) picks the table's first move, the other side
/// moves at random; a threefold repetition ends it with the tie-break. Returns the winner.
fn play_out(
    table: &memory::Table,
    start: Position<Mini>,
    perfect: tabula_chess::Color,
    seed: &mut u64,
) -> Option<tabula_chess::Color> {
    let mut p = start;
    let mut seen: HashMap<u128, u32> = HashMap::new();
    loop {
        if let Some(o) = p.outcome() {
            return o.winner();
        }
        let n = seen
            .entry(tabula_chess::solve::key::position_key(&p))
            .or_default();
        *n += 1;
        if *n >= 3 {
            return p
                .tie_break(tabula_chess::TieBreakCause::Repetition)
                .winner();
        }
        let m = if p.turn() == perfect {
            table.moves(&p).expect("in the table")[0].0
        } else {
            let moves = p.legal_moves();
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            moves.0[(*seed >> 33) as usize % moves.0.len()]
        };
        p = p.play_unchecked(m);
    }
}

#[test]
fn the_tables_first_move_keeps_every_value_against_any_defence() {
    let mut seed = 2026u64;
    let mut games = 0;
    for (variant, fen) in [
        ("raging-rooks", "r4/pp3/5/5/PP3/R4 w - - 0 1"),
        ("kings-conquest", "2k2/1pp2/5/5/1PP2/2K2 w - - 0 1"),
        ("mean-queens", "3q1/2pp1/5/5/2PP1/3Q1 b - - 0 1"),
    ] {
        let root = pos(variant, fen);
        let table = memory::Table::solve(&root, u64::MAX).unwrap();
        // positions along random games, each played out by each side against random moves
        for _ in 0..40 {
            let mut p = root;
            for _ in 0..(seed % 12) {
                if p.outcome().is_some() {
                    break;
                }
                let moves = p.legal_moves();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                p = p.play_unchecked(moves.0[(seed >> 33) as usize % moves.0.len()]);
            }
            if p.outcome().is_some() {
                continue;
            }
            let v = table.value(&p).unwrap();
            for side in tabula_chess::Color::ALL {
                let winner = play_out(&table, p, side, &mut seed);
                // the value for `side`: what the perfect side must get at least
                let owed = if side == p.turn() { v } else { -v };
                let got = match winner {
                    Some(w) if w == side => 1,
                    Some(_) => -1,
                    None => 0,
                };
                assert!(
                    got >= owed,
                    "{variant} {}: {side:?} owed {owed}, got {got}",
                    p.fen()
                );
                games += 1;
            }
        }
    }
    assert!(games > 150, "{games}");
}

#[test]
fn a_book_keeps_every_value_and_refuses_damaged_bytes() {
    let root = pos("kings-conquest", "2k2/1pp2/5/5/1PP2/2K2 w - - 0 1");
    let table = memory::Table::solve(&root, u64::MAX).unwrap();
    let bytes = tabula_chess::solve::book::Book::to_bytes(&root, table.iter());
    let book = tabula_chess::solve::book::Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.root, root);
    assert_eq!(book.table.positions(), table.positions());
    for (k, codes) in table.iter() {
        let slice = CompactSlice::from_key(root.variant(), k).unwrap();
        for (idx, &c) in codes.iter().enumerate() {
            if let Some(p) = slice.position(idx) {
                assert_eq!(book.table.value(&p), compact::code_value(c), "{}", p.fen());
            }
        }
    }
    let mut damaged = bytes.clone();
    damaged[bytes.len() / 2] ^= 1;
    assert!(tabula_chess::solve::book::Book::from_bytes(&damaged).is_err());
    assert!(tabula_chess::solve::book::Book::from_bytes(&bytes[..bytes.len() - 9]).is_err());
}
