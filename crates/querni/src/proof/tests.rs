//! The proof search checked against plain AND-OR search over every turn, and its last-turn
//! test against the turns generated.

use super::*;
use crate::exact;
use crate::position::{FILES, PIECES};
use tabula_core::rng::{Rng, SliceRandom, seeded};

/// Whether `side` wins within `n` own turns, by trying every turn of both sides.
fn brute(pos: &Position, side: Side, n: u8) -> bool {
    match pos.status() {
        Status::Won { winner, .. } => return winner == side,
        Status::Ongoing => {}
        _ => return false,
    }
    if n == 0 {
        return false;
    }
    let mut children = Vec::new();
    generate(pos, &mut children);
    if pos.turn() == side {
        children.iter().any(|(_, _, c)| match c.status() {
            Status::Won { winner, .. } => winner == side,
            Status::Ongoing => brute(c, side, n - 1),
            _ => false,
        })
    } else {
        children.iter().all(|(_, _, c)| brute(c, side, n))
    }
}

/// A made-up ending: each side keeps one run of numbers (Blue 3 to `blue_max` pieces ending
/// at 16, Red 3 to 5), their pieces in a crowded corner of the board so that they meet.
fn ending(seed: u64, blue_max: u8, files: u8, ranks: u8) -> Position {
    let mut rng = seeded(seed);
    let mut squares: Vec<u8> = (0..ranks)
        .flat_map(|r| (0..files).map(move |f| r * FILES + f))
        .collect();
    squares.shuffle(&mut rng);
    let mut pos = Position::empty();
    let blue = rng.random_range(3..=blue_max);
    let red = rng.random_range(3..=5u8);
    let mut at = squares.into_iter();
    for n in PIECES + 1 - blue..=PIECES {
        pos.put(Side::Blue.id(n), at.next().unwrap_or(0));
    }
    let low = rng.random_range(1..=PIECES + 1 - red);
    for n in low..low + red {
        pos.put(Side::Red.id(n), at.next().unwrap_or(0));
    }
    if rng.random_range(0..2) == 1 {
        pos.flip_turn();
    }
    pos
}

#[test]
fn the_last_turn_test_agrees_with_the_turns_generated() {
    let mut clears = 0;
    for seed in 0..3000 {
        let pos = ending(seed, 7, 5, 4);
        let mut children = Vec::new();
        generate(&pos, &mut children);
        let side = pos.turn();
        let generated = children.iter().any(|(_, _, c)| c.count(side) == 0);
        assert_eq!(clears_now(&pos), generated, "{pos}");
        clears += usize::from(generated);
    }
    // the sample holds both answers in numbers
    assert!(clears > 100, "{clears}");
}

#[test]
fn proofs_agree_with_trying_every_turn() {
    let (mut wins, mut blocked) = (0, 0);
    for seed in 0..150 {
        let pos = ending(seed, 6, 5, 4);
        let proof = prove(&pos, 2, u64::MAX);
        for side in [Side::Blue, Side::Red] {
            let fastest = (1..=2).find(|&n| brute(&pos, side, n));
            let proved = match proof.verdict {
                Verdict::Wins { side: s, turns } if s == side => Some(turns),
                _ => None,
            };
            assert_eq!(proved, fastest, "{pos} {side:?}");
        }
        if let Verdict::Wins { side, turns } = proof.verdict {
            wins += 1;
            if side == pos.turn() {
                // the turn given keeps the win, and every turn listed does
                let turn = proof.turn.expect("a turn for the side to move");
                let keep = keeping_turns(&pos, turns, u64::MAX);
                assert!(keep.contains(&turn), "{pos}");
                for t in keep {
                    let after = pos.play_unchecked(t);
                    assert!(
                        after.count(side) == 0 || brute(&after, side, turns - 1),
                        "{pos}"
                    );
                }
            }
        }
        // the race alone (the opponent standing still) is not the game
        let race = exact::solve(&pos, 2, u64::MAX).turns;
        if race.is_some() && !brute(&pos, pos.turn(), 2) {
            blocked += 1;
        }
    }
    assert!(wins > 5, "{wins}");
    assert!(
        blocked > 0,
        "no race was refuted by the opponent in the sample"
    );
}

#[test]
fn a_budget_too_small_leaves_the_value_unproved() {
    let pos = ending(3, 7, 6, 5);
    let proof = prove(&pos, 4, 10);
    assert!(
        matches!(
            proof.verdict,
            Verdict::Unproved {
                complete: false,
                ..
            }
        ) || matches!(proof.verdict, Verdict::Wins { turns: 1, .. }),
        "{proof:?}"
    );
}
