//! Properties over many positions: move generation against a brute-force reference, notation
//! round trips, and random play that never reaches an invalid state.

use crate::common;

use proptest::prelude::*;
use tabula_core::rng::{Rng, SliceRandom, seeded};
use tabula_querni::position::{PIECES, square_name};
use tabula_querni::{Player, Position, Removal, Searcher, Side, Status, Turn, TurnText};

/// A position with `blue` and `red` pieces (numbers chosen at random) scattered over the
/// board, `turn` to move.
fn scattered(seed: u64, blue: usize, red: usize, turn: Side) -> Position {
    let mut rng = seeded(seed);
    let mut squares: Vec<u8> = (0..70).collect();
    squares.shuffle(&mut rng);
    let mut grid = [['.'; 10]; 7];
    let mut next = squares.into_iter();
    for (count, upper) in [(blue, true), (red, false)] {
        let mut numbers: Vec<u8> = (1..=PIECES).collect();
        numbers.shuffle(&mut rng);
        for &n in numbers.iter().take(count) {
            let s = next.next().unwrap();
            let c = (b'a' + n - 1) as char;
            grid[(s / 10) as usize][(s % 10) as usize] =
                if upper { c.to_ascii_uppercase() } else { c };
        }
    }
    let quiet = rng.random_range(0..30u8);
    let text = common::notation(&grid, if turn == Side::Blue { 'b' } else { 'r' }, quiet);
    Position::parse(&text).unwrap()
}

/// Reference: every square the piece on `from` can end on by a sequence of jumps, found by a
/// depth-first search over sequences that never revisit a square (start included), written
/// with plain coordinates.
fn reference_jumps(p: &Position, from: u8) -> Vec<u8> {
    fn dfs(
        p: &Position,
        start: u8,
        at: (i32, i32),
        visited: &mut Vec<(i32, i32)>,
        out: &mut Vec<u8>,
    ) {
        for (df, dr) in [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ] {
            let over = (at.0 + df, at.1 + dr);
            let land = (at.0 + 2 * df, at.1 + 2 * dr);
            let on = |c: (i32, i32)| (0..10).contains(&c.0) && (0..7).contains(&c.1);
            if !on(land) {
                continue;
            }
            let sq = |c: (i32, i32)| (c.1 * 10 + c.0) as u8;
            let over_occupied = sq(over) != start && p.cell(sq(over)) != 0;
            let land_empty = p.cell(sq(land)) == 0;
            if over_occupied && land_empty && !visited.contains(&land) {
                visited.push(land);
                out.push(sq(land));
                dfs(p, start, land, visited, out);
                visited.pop();
            }
        }
    }
    let start = (i32::from(from % 10), i32::from(from / 10));
    let mut out = Vec::new();
    dfs(p, from, start, &mut vec![start], &mut out);
    out.sort();
    out.dedup();
    out
}

/// Reference: every removal by trying each range of numbers.
fn reference_removals(p: &Position, side: Side) -> Vec<Removal> {
    let mut out = Vec::new();
    for low in 1..=PIECES {
        for high in low + 2..=PIECES {
            let ok = (low..=high).all(|n| p.square_of(side, n).is_some())
                && (low..high).all(|n| {
                    let (a, b) = (
                        p.square_of(side, n).unwrap(),
                        p.square_of(side, n + 1).unwrap(),
                    );
                    let (df, dr) = (
                        (a % 10) as i32 - (b % 10) as i32,
                        (a / 10) as i32 - (b / 10) as i32,
                    );
                    df.abs() <= 1 && dr.abs() <= 1
                });
            if ok {
                out.push(Removal { low, high });
            }
        }
    }
    out
}

fn check_generation(p: &Position) {
    let side = p.turn();
    let mut ms = Vec::new();
    p.movements(&mut ms);
    for n in 1..=PIECES {
        let Some(from) = p.square_of(side, n) else {
            continue;
        };
        let mut ours: Vec<u8> = ms.iter().filter(|m| m.from == from).map(|m| m.to).collect();
        ours.sort();
        let mut expected = reference_jumps(p, from);
        for to in 0..70u8 {
            let (df, dr) = (
                (to % 10) as i32 - (from % 10) as i32,
                (to / 10) as i32 - (from / 10) as i32,
            );
            if df.abs() <= 1 && dr.abs() <= 1 && to != from && p.cell(to) == 0 {
                expected.push(to);
            }
        }
        expected.sort();
        assert_eq!(ours, expected, "{p}: destinations of {}", square_name(from));
    }
    let mut rs = Vec::new();
    p.removals(side, &mut rs);
    assert_eq!(rs, reference_removals(p, side), "{p}");
    // Every movement written out is read back and checked as the same turn (while the game
    // is on; a finished position refuses every turn).
    if p.status().is_over() {
        assert!(p.play("pass").is_err());
        return;
    }
    for &m in &ms {
        let turn = Turn {
            movement: Some(m),
            removal: None,
        };
        let text = p.describe(turn);
        assert_eq!(p.check(&text).unwrap(), turn, "{p}: {text}");
        assert_eq!(TurnText::parse(&text.to_string()).unwrap(), text);
    }
}

fn check_invariants(p: &Position) {
    assert_eq!(p.hash(), p.compute_hash(), "{p}");
    assert_eq!(
        Position::parse(&p.to_string()).unwrap(),
        *p,
        "notation round trip"
    );
    let mut seen = 0;
    for sq in 0..70u8 {
        let id = p.cell(sq);
        if id != 0 {
            seen += 1;
            let (side, n) = tabula_querni::position::piece_of(id);
            assert_eq!(
                p.square_of(side, n),
                Some(sq),
                "{p}: piece map and board agree"
            );
            assert!(p.squares_of(side) >> sq & 1 == 1, "{p}: bit-set agrees");
        }
    }
    assert_eq!(
        seen,
        u32::from(p.count(Side::Blue)) + u32::from(p.count(Side::Red))
    );
    assert_eq!(p.occupied().count_ones(), seen);
    assert!(p.quiet() <= 30);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn generation_matches_the_reference_on_scattered_positions(
        seed in any::<u64>(), blue in 1usize..=16, red in 1usize..=16, red_to_move in any::<bool>()
    ) {
        let turn = if red_to_move { Side::Red } else { Side::Blue };
        let p = scattered(seed, blue, red, turn);
        check_generation(&p);
        check_invariants(&p);
    }

    #[test]
    fn random_play_never_reaches_an_invalid_state(seed in any::<u64>()) {
        let mut p = Position::start(seed);
        let mut searcher = Searcher::new(8);
        let mut rng = seeded(seed);
        for ply in 0..400u64 {
            check_invariants(&p);
            let status = p.status();
            if status.is_over() {
                // The end is reached only by a removal (win or loss) or the counter (draw).
                match status {
                    Status::Draw => prop_assert_eq!(p.quiet(), 30),
                    _ => prop_assert_eq!(p.quiet(), 0),
                }
                break;
            }
            if ply % 5 == 0 {
                check_generation(&p);
            }
            // Mostly random turns, sometimes the greedy player, so that games reach removals.
            let player = if rng.random_range(0..3) == 0 { Player::Random } else { Player::Greedy };
            let turn = player.choose(&p, seed ^ ply, &mut searcher);
            let text = p.describe(turn).to_string();
            let (checked, next) = p.play(&text).expect("the players choose legal turns");
            prop_assert_eq!(checked, turn);
            prop_assert_eq!(next, p.play_unchecked(turn));
            if turn.removal.is_some() {
                prop_assert_eq!(next.quiet(), 0);
            } else {
                prop_assert_eq!(next.quiet(), p.quiet() + 1);
            }
            prop_assert_eq!(next.turn(), p.turn().other());
            p = next;
        }
        prop_assert!(p.status().is_over(), "a game ends within 400 turns");
    }

    #[test]
    fn turn_text_round_trips(
        squares in proptest::collection::vec(0u8..70, 0..6),
        low in 1u8..=14, extra in 2u8..=15, with_removal in any::<bool>()
    ) {
        let jump = squares.len() > 2 || (squares.len() == 2 && squares[0] % 2 == 0);
        let squares = if squares.len() == 1 { vec![] } else { squares };
        let removal = (with_removal || squares.is_empty()).then(|| Removal { low, high: (low + extra).min(16) });
        let removal = removal.filter(|r| r.high >= r.low + 2);
        let text = TurnText { squares, jump, removal };
        let written = text.to_string();
        let read = TurnText::parse(&written).unwrap();
        if text.squares.is_empty() && text.removal.is_none() {
            prop_assert_eq!(written, "pass");
        }
        prop_assert_eq!(read, text);
    }
}
