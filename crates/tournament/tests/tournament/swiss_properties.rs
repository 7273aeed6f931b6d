//! Thousands of random Swiss tournaments (seeded: the same every run), each paired round by
//! round with random results, late joins and withdrawals: every round pairs everyone present,
//! nobody meets anyone twice, nobody gets a second pairing-allocated bye, every colour
//! difference stays within ±2 and nobody plays three games in a row with one colour.

use rand::Rng;
use std::collections::HashSet;
use tabula_tournament::Outcome;
use tabula_tournament::swiss::pairing::pair_round;
use tabula_tournament::swiss::{Board, Entrant, records, standings};

const TOURNAMENTS: u64 = 3_000;

#[test]
fn random_tournaments_keep_the_dutch_systems_absolute_rules() {
    let mut paired_rounds = 0;
    for seed in 0..TOURNAMENTS {
        let mut rng = tabula_core::rng::seeded(seed);
        let n: u32 = rng.random_range(2..=40);
        // at most half as many rounds as players: a pairing within the rules always exists
        let rounds_planned = rng.random_range(1..=(n / 2).clamp(1, 9));
        let entrants: Vec<Entrant> = (0..n)
            .map(|p| Entrant {
                player: p,
                name: format!("P{p}"),
                rating: f64::from(rng.random_range(1000..2400)),
            })
            .collect();
        // some join in a later round, some withdraw before the last
        let joins: Vec<u32> = (0..n)
            .map(|_| {
                if rng.random_bool(0.1) {
                    rng.random_range(0..rounds_planned)
                } else {
                    0
                }
            })
            .collect();
        let leaves: Vec<u32> = (0..n)
            .map(|_| {
                if rng.random_bool(0.05) {
                    rng.random_range(1..=rounds_planned)
                } else {
                    u32::MAX
                }
            })
            .collect();
        let mut rounds: Vec<Vec<Board>> = Vec::new();
        for round in 0..rounds_planned {
            let present: Vec<u32> = (0..n)
                .filter(|&p| joins[p as usize] <= round && leaves[p as usize] > round)
                .collect();
            if present.len() < 2 {
                break;
            }
            let mut boards = pair_round(&entrants, &rounds, &present)
                .unwrap_or_else(|e| panic!("seed {seed}, round {round}: {e}"));
            // everyone present is on exactly one board; the others are absent
            let mut seen = HashSet::new();
            for b in &boards {
                let players = match *b {
                    Board::Game { first, second, .. } => vec![first, second],
                    Board::Bye { player } | Board::Absent { player } => vec![player],
                };
                for p in players {
                    assert!(seen.insert(p), "seed {seed}: {p} twice in round {round}");
                }
                if let Board::Absent { player } = b {
                    assert!(
                        !present.contains(player),
                        "seed {seed}: {player} present, not paired"
                    );
                }
                if let Board::Bye { .. } = b {
                    assert!(
                        present.len() % 2 == 1,
                        "seed {seed}: a bye in an even round"
                    );
                }
            }
            assert_eq!(
                seen.len(),
                n as usize,
                "seed {seed}: round {round} names everyone"
            );
            for b in &mut boards {
                if let Board::Game { outcome, .. } = b {
                    *outcome = Some(match rng.random_range(0..10) {
                        0..=3 => Outcome::Win,
                        4..=6 => Outcome::Loss,
                        _ => Outcome::Draw,
                    });
                }
            }
            rounds.push(boards);
            paired_rounds += 1;
            for r in records(&entrants, &rounds) {
                let unique: HashSet<_> = r.opponents.iter().collect();
                assert_eq!(
                    unique.len(),
                    r.opponents.len(),
                    "seed {seed}: {} met someone twice",
                    r.player
                );
                assert!(r.byes <= 1, "seed {seed}: {} had {} byes", r.player, r.byes);
                assert!(
                    r.colour_difference().abs() <= 2,
                    "seed {seed}: {} colours {:?}",
                    r.player,
                    r.colours
                );
                assert!(
                    r.colours
                        .windows(3)
                        .all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "seed {seed}: {} three in a row {:?}",
                    r.player,
                    r.colours
                );
            }
        }
        // the standings hold everyone, their points the sum of their results
        let table = standings(&entrants, &rounds);
        assert_eq!(table.len(), n as usize);
        let total: u32 = table.iter().map(|s| s.half_points).sum();
        let expected: u32 = rounds
            .iter()
            .flatten()
            .map(|b| match b {
                Board::Game { .. } => 2,
                Board::Bye { .. } => 2,
                Board::Absent { .. } => 0,
            })
            .sum();
        assert_eq!(total, expected, "seed {seed}: points add up");
    }
    assert!(paired_rounds > 8_000, "{paired_rounds} rounds paired");
}

/// `n` entrants rated in the order of their numbers (0 the highest).
fn ranked(n: u32) -> Vec<Entrant> {
    (0..n)
        .map(|p| Entrant {
            player: p,
            name: format!("P{p}"),
            rating: 2000.0 - f64::from(p),
        })
        .collect()
}

#[test]
fn the_first_round_pairs_the_top_half_against_the_bottom_half_alternating_colours() {
    let entrants = ranked(8);
    let all: Vec<u32> = (0..8).collect();
    let boards = pair_round(&entrants, &[], &all).unwrap();
    let games: Vec<(u32, u32)> = boards
        .iter()
        .map(|b| match *b {
            Board::Game { first, second, .. } => (first, second),
            other => panic!("{other:?}"),
        })
        .collect();
    // 1-5, 6-2, 3-7, 8-4 in start numbers (FIDE's example of a first round of eight)
    assert_eq!(games, [(0, 4), (5, 1), (2, 6), (7, 3)]);
}

#[test]
fn the_bye_goes_to_the_lowest_placed_without_one_and_a_second_is_never_given() {
    let entrants = ranked(3);
    let all = [0, 1, 2];
    let r1 = pair_round(&entrants, &[], &all).unwrap();
    assert!(r1.contains(&Board::Bye { player: 2 }), "{r1:?}");
    let mut rounds = vec![r1];
    for b in &mut rounds[0] {
        if let Board::Game { outcome, .. } = b {
            *outcome = Some(Outcome::Win);
        }
    }
    // 2 has 1 point (the bye), 0 has 1, 1 has 0: 1 is lowest and has had no bye
    let r2 = pair_round(&entrants, &rounds, &all).unwrap();
    assert!(r2.contains(&Board::Bye { player: 1 }), "{r2:?}");
}

#[test]
fn the_second_round_pairs_within_score_groups_by_the_transposition_that_meets_the_colours() {
    let entrants = ranked(8);
    let all: Vec<u32> = (0..8).collect();
    let mut round = pair_round(&entrants, &[], &all).unwrap();
    // the higher-rated wins every board: 0, 1, 2, 3 have a point
    for b in &mut round {
        if let Board::Game { first, outcome, .. } = b {
            *outcome = Some(if *first < 4 {
                Outcome::Win
            } else {
                Outcome::Loss
            });
        }
    }
    let r2 = pair_round(&entrants, &[round], &all).unwrap();
    let games: Vec<(u32, u32)> = r2
        .iter()
        .map(|b| match *b {
            Board::Game { first, second, .. } => (first.min(second), first.max(second)),
            other => panic!("{other:?}"),
        })
        .collect();
    // winners 0 1 2 3 (S1 0 1, S2 2 3): 0-2 and 1-3 would each leave a colour preference
    // unmet (0 and 2 moved first, 1 and 3 second), the next transposition of S2 meets them
    // all: 0-3, 1-2; losers 4 5 6 7 likewise: 4-7, 5-6
    assert_eq!(games, [(0, 3), (1, 2), (4, 7), (5, 6)]);
    // every player gets the other colour of round 1
    let sides: Vec<(u32, u32)> = r2
        .iter()
        .map(|b| match *b {
            Board::Game { first, second, .. } => (first, second),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(sides, [(3, 0), (1, 2), (4, 7), (6, 5)]);
}
