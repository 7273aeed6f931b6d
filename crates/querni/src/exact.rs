//! The exact race: the fewest own turns to remove every piece with the opponent standing
//! still, found by iterative-deepening A* (IDA*) instead of the planner's beam.
//!
//! The planner of [`crate::plan`] ranks lines by an evaluation and keeps the best thousand,
//! so the race it reports is an upper bound. This search proves the least number of turns
//! (within a node budget): it deepens a bound on the turns and cuts every line whose turns so
//! far plus [`lower_bound`] exceed it. The bound counts what any plan must still do: each pair
//! of consecutive numbers to be removed together that does not touch yet needs one of its two
//! pieces moved (one movement moves one piece, so the least number of movements is a vertex
//! cover of those pairs), and each part of the removal takes a turn of its own.

use crate::eval::{runs, squares};
use crate::position::{OFF, PIECES, Position, Side, distance};
use crate::search::generate;
use crate::turn::Turn;
use std::collections::HashMap;

/// Parts a side's sixteen numbers can be cut into (each of three or more).
const MAX_PARTS: usize = 5;

/// A lower bound on the own turns `side` needs to remove all its pieces in `pos`, whatever
/// the other side does not do: 0 once they are all removed.
pub fn lower_bound(pos: &Position, side: Side) -> u8 {
    let sq = squares(pos, side);
    // broken[n]: numbers n and n + 1 are both on the board and do not touch.
    let broken: [bool; 17] = std::array::from_fn(|n| {
        (1..PIECES as usize).contains(&n)
            && sq[n] != OFF
            && sq[n + 1] != OFF
            && distance(sq[n], sq[n + 1]) > 1
    });
    // total[p]: least movements over the runs so far cut into p parts.
    let mut total = [u8::MAX; MAX_PARTS + 1];
    total[0] = 0;
    for numbers in runs(&sq) {
        let run = run_parts(&broken[numbers.start..numbers.end - 1]);
        let mut merged = [u8::MAX; MAX_PARTS + 1];
        for (a, &ta) in total.iter().enumerate() {
            for (b, &rb) in run.iter().enumerate() {
                if ta != u8::MAX && rb != u8::MAX && a + b <= MAX_PARTS {
                    merged[a + b] = merged[a + b].min(ta + rb);
                }
            }
        }
        total = merged;
    }
    total
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m != u8::MAX)
        .map(|(parts, &m)| m.max(parts as u8))
        .min()
        .unwrap_or(u8::MAX)
}

/// For a run of `broken.len() + 1` consecutive numbers, the least movements (a vertex cover
/// of its broken pairs inside the parts) for each number of parts of three or more.
fn run_parts(broken: &[bool]) -> [u8; MAX_PARTS + 1] {
    let len = broken.len() + 1;
    // best[i][p]: the first i pieces cut into p parts.
    let mut best = [[u8::MAX; MAX_PARTS + 1]; 17];
    best[0][0] = 0;
    for i in 3..=len {
        for j in 0..=i - 3 {
            let cover = cover(&broken[j..i - 1]);
            for p in 0..MAX_PARTS {
                if best[j][p] != u8::MAX {
                    best[i][p + 1] = best[i][p + 1].min(best[j][p] + cover);
                }
            }
        }
    }
    best[len]
}

/// The least pieces to move so that each broken pair of a path has one of its two moved:
/// half of each stretch of broken pairs, rounded up.
fn cover(broken: &[bool]) -> u8 {
    let mut total = 0u8;
    let mut stretch = 0u8;
    for &b in broken.iter().chain(std::iter::once(&false)) {
        if b {
            stretch += 1;
        } else {
            total += stretch.div_ceil(2);
            stretch = 0;
        }
    }
    total
}

/// The outcome of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// The least own turns to clear, if proved within the budget and `max_turns`.
    pub turns: Option<u8>,
    /// The first turn of such a plan.
    pub turn: Option<Turn>,
    /// The greatest number of turns proved impossible (the final bound minus one).
    pub at_least: u8,
    /// Positions generated.
    pub nodes: u64,
}

/// Proves the fewest own turns (at most `max_turns`) for the side to move in `pos` to remove
/// every piece, the opponent passing between its turns, within `nodes` generated positions.
pub fn solve(pos: &Position, max_turns: u8, nodes: u64) -> Race {
    let me = pos.turn();
    let mut search = Search {
        me,
        used: 0,
        budget: nodes,
        seen: HashMap::new(),
        needs: HashMap::new(),
    };
    let mut bound = lower_bound(pos, me).max(1);
    while bound <= max_turns {
        search.seen.clear();
        match search.dfs(pos, 0, bound) {
            Some(Some(turn)) => {
                return Race {
                    turns: Some(bound),
                    turn: Some(turn),
                    at_least: bound - 1,
                    nodes: search.used,
                };
            }
            Some(None) => bound += 1,
            None => break,
        }
    }
    Race {
        turns: None,
        turn: None,
        at_least: bound - 1,
        nodes: search.used,
    }
}

struct Search {
    me: Side,
    used: u64,
    budget: u64,
    /// Positions reached in this iteration, with the fewest turns they were reached in.
    seen: HashMap<u64, u8>,
    /// Positions an iteration failed from, with the turns they are thereby known to need
    /// (more than that iteration left them): a bound sharper than [`lower_bound`] for the
    /// next, deeper iterations, which meet the same positions again.
    needs: HashMap<u64, u8>,
}

impl Search {
    /// `Some(Some(first turn))` if the side clears within `bound` turns from `pos` reached
    /// after `g`; `Some(None)` if it cannot; `None` when the budget ran out.
    fn dfs(&mut self, pos: &Position, g: u8, bound: u8) -> Option<Option<Turn>> {
        let mut children = Vec::new();
        generate(pos, &mut children);
        self.used += children.len() as u64;
        if self.used > self.budget {
            return None;
        }
        let mut next: Vec<(u8, Turn, Position)> = Vec::with_capacity(children.len());
        for (_, turn, child) in children {
            if turn == Turn::PASS {
                continue;
            }
            if child.count(self.me) == 0 {
                return Some(Some(turn));
            }
            if child.status().is_over() {
                continue;
            }
            let back = child.play_unchecked(Turn::PASS);
            let known = self.needs.get(&back.hash()).copied().unwrap_or(0);
            let h = lower_bound(&back, self.me);
            if g + 1 + h.max(known) > bound {
                continue;
            }
            match self.seen.get(&back.hash()) {
                Some(&at) if at <= g + 1 => continue,
                _ => {
                    self.seen.insert(back.hash(), g + 1);
                }
            }
            next.push((h, turn, back));
        }
        next.sort_by_key(|x| x.0);
        for (_, turn, back) in next {
            if self.dfs(&back, g + 1, bound)?.is_some() {
                return Some(Some(turn));
            }
        }
        // Nothing clears within `bound - g` more turns from here.
        let needs = self.needs.entry(pos.hash()).or_insert(0);
        *needs = (*needs).max(bound - g + 1);
        Some(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{PLAN_WEIGHTS, plan};

    /// The fewest own turns (at most `depth`) by trying every line, without the bound.
    fn brute(pos: &Position, me: Side, depth: u8) -> Option<u8> {
        if depth == 0 {
            return None;
        }
        let mut children = Vec::new();
        generate(pos, &mut children);
        let mut best: Option<u8> = None;
        for (_, turn, child) in children {
            if child.count(me) == 0 {
                return Some(1);
            }
            if turn == Turn::PASS || child.status().is_over() {
                continue;
            }
            let limit = best.map_or(depth - 1, |b| b.saturating_sub(2));
            if let Some(t) = brute(&child.play_unchecked(Turn::PASS), me, limit) {
                best = Some(best.map_or(t + 1, |b| b.min(t + 1)));
            }
        }
        best
    }

    #[test]
    fn the_search_agrees_with_trying_every_line() {
        for text in [
            "abc7/10/10/10/10/10/ABC7 b 0",
            "abc7/10/10/10/10/10/A1B1C1DEF1 b 0",
            "abc7/10/10/F9/10/10/A1B1C1DE2 b 0",
            "abc7/10/10/10/D1E1F5/10/A2B2C3 b 0",
            "abc7/10/10/10/10/A1C1E5/B1D1F5 b 0",
            "abc7/10/10/10/10/10/A2B1C1D1E b 0",
            "abc7/10/10/10/10/10/A2B2C2D b 0",
            "abc7/10/10/10/10/E9/A1B2C1D2 b 0",
            "abc7/10/10/10/F9/10/A1B1C1D1E1 b 0",
            "abc7/10/10/10/10/10/A1B1C1D1EF b 0",
            "abc7/10/10/10/10/G9/A1B1C1D1EF b 0",
            "abc7/10/10/10/10/1G8/A1B1C1D1EF b 0",
        ] {
            let pos = Position::parse(text).unwrap();
            let exact = solve(&pos, 4, u64::MAX);
            assert_eq!(exact.turns, brute(&pos, Side::Blue, 4), "{text}");
            assert!(
                lower_bound(&pos, Side::Blue) <= exact.turns.unwrap_or(4),
                "{text}"
            );
            if let (Some(t), Some(turn)) = (exact.turns, exact.turn) {
                // The first turn found leads to a race one turn shorter.
                let after = pos.play_unchecked(turn);
                let rest = if after.count(Side::Blue) == 0 {
                    Some(0)
                } else {
                    solve(&after.play_unchecked(Turn::PASS), 4, u64::MAX).turns
                };
                assert_eq!(rest, Some(t - 1), "{text}");
            }
        }
    }

    #[test]
    fn the_bound_counts_moves_and_removals() {
        // A ready chain of three: one turn, its removal.
        let ready = Position::parse("abc7/10/10/10/10/10/ABC7 b 0").unwrap();
        assert_eq!(lower_bound(&ready, Side::Blue), 1);
        // Six pieces each apart from the next: 1-2-3 and 4-5-6 each need their middle or
        // both ends moved (at least one movement each), so at least two turns.
        let apart = Position::parse("abc7/10/10/10/10/10/A1B1C1D1E1 b 0").unwrap();
        assert!(lower_bound(&apart, Side::Blue) >= 2);
        assert_eq!(cover(&[true, true, true]), 2);
        assert_eq!(cover(&[true, false, true]), 2);
        assert_eq!(cover(&[true, true, false, true]), 2);
    }

    #[test]
    fn the_planner_s_race_is_never_shorter_than_the_proved_one() {
        for seed in 0..3 {
            let pos = Position::start(seed);
            let beam = plan(&pos, 200, 200, 5_000_000, &PLAN_WEIGHTS, 1, &mut || false);
            let found = beam
                .turns_to_clear
                .expect("a start clears within the horizon");
            assert!(lower_bound(&pos, Side::Blue) <= found);
            let exact = solve(&pos, found, 2_000_000);
            // Within the budget the proof either reaches the planner's count or stops at a
            // bound no higher than it.
            assert!(exact.at_least < found, "seed {seed}");
            if let Some(t) = exact.turns {
                assert!(t <= found, "seed {seed}");
            }
        }
    }
}
