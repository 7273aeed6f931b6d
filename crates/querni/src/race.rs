//! An experiment towards a stronger top level (issue #34), not a level of the game: the race
//! planner of [`crate::plan`], plus a look at both races when its own is the slower. It is
//! kept for the series that measure it (`examples/arena.rs`, `race:W:S`), not played by
//! the web app or the terminal, because it is not stronger than level 5.
//!
//! Between two good planners Querni is decided by the starting position: each side's fewest
//! turns to clear alone, and the tempo (blue, moving first, wins a tied race). The planner
//! already finds those plans (a beam eight times wider finds a shorter one on 3 of 80 sides
//! of the series' starts), so the only way left to win a lost race is to slow the opponent:
//! a piece moved onto a square its plan lands on, or away from a square it jumps over. When
//! the opponent's plan is at least as fast (counting the tempo), every legal turn is judged by
//! the two races after it, the opponent's and one's own, with a narrow beam; the few turns that
//! improve the margin are checked with the full beam, and the best checked one is played
//! instead of the planner's. Otherwise the planner's turn is played as at level 5.
//!
//! Such turns are rare: against level 5 this scores 50.3% over 294 games (seed 2026, each start
//! from both sides) at about 6.6 times level 5's time a turn (BENCHMARKS.md).

use crate::eval::Weights;
use crate::plan::{HORIZON, PLAN_WEIGHTS, Plan, plan};
use crate::position::Position;
use crate::search::generate_turns;
use crate::turn::Turn;

/// How many of the narrow beam's best turns are checked with the full beam.
const CHECKED: usize = 3;

/// Node budget of each beam (it bounds pathological positions, as at level 5).
const NODES: u64 = 50_000_000;

/// The fewest turns to clear for the side to move in `pos` found by a beam of `width`
/// lines (one more than the horizon if none clears), and the positions generated.
fn race(
    pos: &Position,
    width: usize,
    w: &Weights,
    seed: u64,
    stop: &mut dyn FnMut() -> bool,
) -> (i32, u64) {
    let p = plan(pos, width, width, NODES, w, seed, stop);
    let turns = p.turns_to_clear.map_or(HORIZON as i32 + 1, i32::from);
    (turns, p.nodes)
}

/// The race after `child` (the opponent to move): the opponent's turns minus one's own; one
/// or more wins the race.
fn margin(
    child: &Position,
    width: usize,
    seed: u64,
    nodes: &mut u64,
    stop: &mut dyn FnMut() -> bool,
) -> i32 {
    let (theirs, n) = race(child, width, &PLAN_WEIGHTS, seed, stop);
    let (own, m) = race(
        &child.play_unchecked(Turn::PASS),
        width,
        &PLAN_WEIGHTS,
        seed,
        stop,
    );
    *nodes += n + m;
    theirs - own
}

/// Plans for the side to move in `pos` (ongoing) with a beam of `width` lines; when the
/// opponent's race is as fast, looks for a turn that slows it, judging every turn with beams
/// of `scan_width` lines. The result's `turns_to_clear` is the planner's own count.
pub fn plan_race(
    pos: &Position,
    width: usize,
    scan_width: usize,
    seed: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Plan {
    let mut mine = plan(pos, width, width, NODES, &PLAN_WEIGHTS, seed, stop);
    let Some(own) = mine.turns_to_clear.map(i32::from) else {
        return mine;
    };
    let (theirs, n) = race(
        &pos.play_unchecked(Turn::PASS),
        width,
        &PLAN_WEIGHTS,
        seed,
        stop,
    );
    mine.nodes += n;
    // With the planner's turn the opponent is to move needing `theirs`, we `own - 1`.
    let base = theirs - (own - 1);
    if base >= 1 || stop() {
        return mine;
    }
    let mut roots = Vec::new();
    generate_turns(pos, &mut roots);
    let mut candidates: Vec<(i32, usize)> = Vec::new();
    for (k, (_, child)) in roots.iter().enumerate() {
        if child.status().is_over() {
            continue;
        }
        let (o, n) = race(child, scan_width, &PLAN_WEIGHTS, seed, stop);
        mine.nodes += n;
        // Our own race cannot get shorter than the planner's, so this bounds the margin.
        if o - (own - 1) <= base {
            continue;
        }
        let (m, n) = race(
            &child.play_unchecked(Turn::PASS),
            scan_width,
            &PLAN_WEIGHTS,
            seed,
            stop,
        );
        mine.nodes += n;
        if o - m > base {
            candidates.push((o - m, k));
        }
        if stop() {
            return mine;
        }
    }
    // Best narrow margins first; among equals, the generation order.
    candidates.sort_by_key(|&(m, k)| (std::cmp::Reverse(m), k));
    let mut best = base;
    for &(_, k) in candidates.iter().take(CHECKED) {
        let checked = margin(&roots[k].1, width, seed, &mut mine.nodes, stop);
        if checked > best && !stop() {
            best = checked;
            mine.turn = roots[k].0;
        }
    }
    mine
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Status;

    #[test]
    fn ahead_it_plays_the_planner_s_turn_and_it_takes_a_win() {
        // Blue's 1-2-3 chain is ready and its race is far ahead of red's scattered pieces.
        let pos = Position::parse("1a3b2c1/10/3d6/10/10/10/1ABC6 b 0").unwrap();
        let planned = plan(&pos, 50, 50, NODES, &PLAN_WEIGHTS, 1, &mut || false);
        let chosen = plan_race(&pos, 50, 20, 1, &mut || false);
        assert_eq!(chosen.turn, planned.turn);
        assert!(matches!(
            pos.play_unchecked(chosen.turn).status(),
            Status::Won { .. }
        ));
    }
}
