//! The computer players against independent computations: the alpha-beta search's value
//! against plain minimax, the planner's turn count against an exhaustive breadth-first search,
//! immediate wins taken and immediate losses avoided, and determinism.

use std::collections::HashSet;
use tabula_querni::eval::{WIN, Weights, evaluate};
use tabula_querni::plan::plan;
use tabula_querni::search::generate_turns;
use tabula_querni::sim::play_game;
use tabula_querni::{Budget, MAX_LEVEL, Player, Position, Searcher, Side, Status, Turn};

fn p(text: &str) -> Position {
    Position::parse(text).unwrap()
}

/// Plain negamax without pruning, table or ordering, with the engine's scoring of ends.
fn minimax(pos: &Position, depth: u8, ply: i32, w: &Weights) -> i32 {
    let mut turns = Vec::new();
    generate_turns(pos, &mut turns);
    let mover = pos.turn();
    turns
        .iter()
        .map(|(_, child)| match child.status() {
            Status::Won { winner, .. } if winner == mover => WIN - ply,
            Status::Won { .. } => -(WIN - ply),
            Status::Draw | Status::Aborted { .. } => 0,
            Status::Ongoing if depth <= 1 => -evaluate(child, w),
            Status::Ongoing => -minimax(child, depth - 1, ply + 1, w),
        })
        .max()
        .unwrap()
}

/// Small positions: a few pieces each, so that full minimax is quick.
const SMALL: [&str; 4] = [
    "abc7/10/10/4D5/2A1B5/2C7/10 b 0",
    "a1c7/1b8/10/3D6/2A2B4/10/1C8 r 3",
    "10/2ab6/2c7/10/1AB7/2C7/10 b 28",
    "2a7/3b6/4c5/10/2A1B5/4C5/10 r 0",
];

#[test]
fn alpha_beta_finds_the_minimax_value() {
    let w = Weights::default();
    for text in SMALL {
        let pos = p(text);
        for depth in 1..=3u8 {
            let expected = minimax(&pos, depth, 0, &w);
            let mut s = Searcher::new(12);
            let r = s.search(
                &pos,
                Budget {
                    depth,
                    nodes: u64::MAX,
                },
                0,
                1,
                &mut || false,
            );
            assert_eq!(r.score, expected, "{text} depth {depth}");
            // Iterative deepening stops early only on a forced result.
            assert!(r.depth == depth || r.score.abs() >= tabula_querni::eval::WIN_BOUND);
            // The chosen turn achieves that value.
            let child = pos.play_unchecked(r.turn);
            let value = match child.status() {
                Status::Won { winner, .. } if winner == pos.turn() => WIN,
                Status::Won { .. } => -WIN,
                Status::Draw | Status::Aborted { .. } => 0,
                Status::Ongoing if depth == 1 => -evaluate(&child, &w),
                Status::Ongoing => -minimax(&child, depth - 1, 1, &w),
            };
            assert_eq!(value, expected, "{text} depth {depth}: {:?}", r.turn);
        }
    }
}

/// Fewest own turns to remove every piece with the opponent standing still, by breadth-first
/// search over all distinct positions (up to `limit` turns).
fn fewest_turns_to_clear(pos: &Position, limit: usize) -> Option<usize> {
    let me = pos.turn();
    let mut layer = vec![*pos];
    let mut seen = HashSet::new();
    for depth in 1..=limit {
        let mut next = Vec::new();
        for state in &layer {
            let mut ms = Vec::new();
            state.movements(&mut ms);
            let mut options: Vec<Option<tabula_querni::Movement>> =
                ms.into_iter().map(Some).collect();
            options.push(None);
            for m in options {
                // The movement made, the same side to move again (the opponent stands still).
                let after_move = state
                    .play_unchecked(Turn {
                        movement: m,
                        removal: None,
                    })
                    .play_unchecked(Turn::PASS);
                if seen.insert(after_move.hash()) {
                    next.push(after_move);
                }
                let mut removals = Vec::new();
                after_move.removals(me, &mut removals);
                for r in removals {
                    let child = state.play_unchecked(Turn {
                        movement: m,
                        removal: Some(r),
                    });
                    if child.count(me) == 0 {
                        return Some(depth);
                    }
                    if child.status().is_over() {
                        continue;
                    }
                    let back = child.play_unchecked(Turn::PASS);
                    if seen.insert(back.hash()) {
                        next.push(back);
                    }
                }
            }
        }
        layer = next;
    }
    None
}

#[test]
fn the_planner_finds_the_fewest_turns_to_clear() {
    // Blue has 3 to 6 pieces; red sits in a far corner.
    for text in [
        "7abc/10/10/10/10/1A3C4/3B6 b 0",
        "7abc/10/10/10/1D8/1A3C4/3B2EF2 b 0",
        "7abc/10/10/F9/1D8/1A3C4/3B3E2 b 0",
        "7abc/10/10/10/10/A1B1C5/10 b 0",
    ] {
        let pos = p(text);
        let expected = fewest_turns_to_clear(&pos, 5);
        let found = plan(
            &pos,
            1_000_000,
            1_000_000,
            u64::MAX,
            &Weights::default(),
            1,
            &mut || false,
        );
        assert_eq!(found.turns_to_clear.map(usize::from), expected, "{text}");
        assert!(
            expected.is_some(),
            "{text}: the test wants positions solvable in 5 turns"
        );
        // Its first turn really starts such a line: afterwards one turn fewer is needed.
        if let Some(n) = expected {
            let child = pos.play_unchecked(found.turn);
            if n == 1 {
                assert_eq!(child.count(Side::Blue), 0);
            } else {
                let back = child.play_unchecked(Turn::PASS);
                assert_eq!(fewest_turns_to_clear(&back, n - 1), Some(n - 1), "{text}");
            }
        }
    }
}

#[test]
fn every_player_takes_an_immediate_win() {
    // Blue 1 and 2 touch on b1, c1; 3 on e2 does not touch 2 yet: a movement (e2-d2, say)
    // then x1-3 removes blue's last pieces.
    let pos = p("7abc/10/10/10/10/4C5/1AB7 b 0");
    for player in (1..=MAX_LEVEL).map(Player::Ai).chain([Player::Greedy]) {
        let t = player.choose(&pos, 3, &mut Searcher::new(12));
        let after = pos.play_unchecked(t);
        assert!(
            matches!(
                after.status(),
                Status::Won {
                    winner: Side::Blue,
                    ..
                }
            ),
            "{player:?} played {}",
            pos.describe(t)
        );
    }
}

#[test]
fn no_player_but_random_makes_a_losing_removal() {
    // The position really offers losing removals.
    let trap = p("7abc/10/10/7GHI/10/10/1ABCDE4 b 0")
        .play("x1-3")
        .unwrap()
        .1;
    assert!(matches!(
        trap.status(),
        Status::Won {
            winner: Side::Red,
            ..
        }
    ));
    // Blue 1-5 in a row and 7-9 elsewhere: x1-3, x3-5, x1-4, ... would strand pieces; x1-5
    // and x7-9 are fine, and so is waiting.
    let pos = p("7abc/10/10/7GHI/10/10/1ABCDE4 b 0");
    let mut s = Searcher::new(12);
    for player in (1..=MAX_LEVEL).map(Player::Ai).chain([Player::Greedy]) {
        for seed in 0..5 {
            let t = player.choose(&pos, seed, &mut s);
            let after = pos.play_unchecked(t);
            assert!(
                !matches!(
                    after.status(),
                    Status::Won {
                        winner: Side::Red,
                        ..
                    }
                ),
                "{player:?} played {}",
                pos.describe(t)
            );
        }
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_game() {
    let mut s = Searcher::new(14);
    let a = play_game(Player::Ai(3), Player::Greedy, 11, &mut s);
    let b = play_game(Player::Ai(3), Player::Greedy, 11, &mut Searcher::new(10));
    assert_eq!(a, b);
    assert!(a.status.is_over());
    let c = play_game(Player::Ai(3), Player::Greedy, 12, &mut s);
    assert_ne!(a.turns, c.turns);
}

#[test]
fn player_names_parse() {
    assert_eq!(Player::parse("ai:max").unwrap(), Player::Ai(MAX_LEVEL));
    assert_eq!(Player::parse("ai:2").unwrap(), Player::Ai(2));
    assert_eq!(Player::parse("greedy").unwrap(), Player::Greedy);
    assert!(Player::parse("ai:0").unwrap_err().contains("ai:1 to ai:5"));
    assert!(Player::parse("ai:9").is_err());
    assert!(Player::parse("stockfish").is_err());
}
