//! The compact solver's pieces ([`wdl`], [`compact`], [`frontier`]) against the solver that
//! keeps distances ([`Solver`]): the same slices listed forward, every position of every
//! slice given the same result, and the potential rising on every leaving move.

use std::collections::HashMap;
use tabula_chess::solve::compact::{self, CompactSlice};
use tabula_chess::solve::key::slice_key;
use tabula_chess::solve::proof::Claim;
use tabula_chess::solve::{Proof, Solver, check, frontier, wdl};
use tabula_chess::tablebase::Value;
use tabula_chess::{Mini, Position, Variant};

fn pos(variant: &str, fen: &str) -> Position<Mini> {
    Position::from_fen(Variant::parse(variant).unwrap(), fen).unwrap()
}

/// Every slice reachable from `root`'s by the frontier, solved level by level from the
/// highest potential down, in memory (what the disk solver does with files).
fn solve_by_levels(root: &Position<Mini>) -> HashMap<u128, Vec<u8>> {
    let variant = root.variant();
    let mut levels: HashMap<u32, Vec<u128>> = HashMap::new();
    let start = slice_key(root);
    levels
        .entry(compact::potential(start))
        .or_default()
        .push(start);
    let mut l = compact::potential(start);
    let top = l + 16 * 32;
    while l <= top {
        if let Some(keys) = levels.get_mut(&l) {
            keys.sort_unstable();
            keys.dedup();
            for k in keys.clone() {
                for c in frontier::children(k) {
                    let cl = compact::potential(c);
                    assert!(
                        compact::child_levels(l).any(|x| x == cl),
                        "a child at level {cl} from {l}"
                    );
                    levels.entry(cl).or_default().push(c);
                }
            }
        }
        l += 1;
    }
    let mut solved: HashMap<u128, Vec<u8>> = HashMap::new();
    let mut order: Vec<u32> = levels.keys().copied().collect();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let mut ws = wdl::Workspace::default();
    for l in order {
        for &k in &levels[&l] {
            let slice = CompactSlice::from_key(variant, k).unwrap();
            let mut out = vec![0u8; slice.len()];
            let mut exit = |child: &Position<Mini>| -> Result<i8, String> {
                let codes = solved
                    .get(&slice_key(child))
                    .ok_or_else(|| format!("{} is in no listed slice", child.fen()))?;
                compact::code_value(codes[compact::index(child)])
                    .ok_or_else(|| format!("{} has no value", child.fen()))
            };
            ws.solve(&slice, &mut exit, &mut out).unwrap();
            solved.insert(k, out);
        }
    }
    solved
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
        let solved = solve_by_levels(&root);
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
