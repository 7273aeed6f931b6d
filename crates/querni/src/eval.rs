//! The static evaluation: how much work each side still has before its last removal.
//!
//! A piece is removable once it touches the piece numbered one less and one more within a
//! run of at least three. So the work left is, for each pair of consecutive numbers that must
//! end up touching, how far apart they are beyond touching (king distance minus one), and a
//! movement reduces it by a step or, with jumps, by several. The numbers still on the board
//! always form runs of three or more (a removal that strands a shorter run loses); a run of
//! six or more may be removed in parts, so the pairs between two parts need not touch. Which
//! pairs to leave apart is chosen optimally by a small dynamic programme, so a run that can
//! only be removed whole (four or five pieces) is charged for all its gaps. A removal itself
//! costs no turn (it follows a movement in the same turn), so removed pieces are worth only a
//! little more than a ready chain; that small bonus is what makes the engine cash chains in
//! and reset the draw counter.

use crate::position::{NEIGHBOURS, OFF, PIECES, Position, SQUARES, Side, distance};

/// Score of a won game (minus the plies it takes).
pub const WIN: i32 = 100_000;
/// Scores above this mean a forced win.
pub const WIN_BOUND: i32 = WIN - 1_000;

/// The evaluation's weights (100 = one square of distance between consecutive numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per square of distance beyond touching between consecutive numbers of one part.
    pub gap: i32,
    /// Per pair of consecutive numbers of one part that do not touch yet.
    pub broken: i32,
    /// Per removal still to make (each part of the runs takes one turn's removal).
    pub part: i32,
    /// Per movement a pair of consecutive numbers still needs before it touches: one if
    /// either piece can reach a square next to the other in one movement, else two.
    pub reach: i32,
    /// Per piece already removed.
    pub removed: i32,
    /// For having the move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            gap: 100,
            broken: 0,
            part: 0,
            reach: 0,
            removed: 20,
            tempo: 40,
        }
    }
}

/// The squares of `side`'s numbers 1..=16 (`OFF` once removed), index 0 unused.
#[inline]
pub(crate) fn squares(p: &Position, side: Side) -> [u8; 17] {
    let mut sq = [OFF; 17];
    for n in 1..=PIECES {
        sq[n as usize] = p.at[side.id(n) as usize];
    }
    sq
}

/// The runs of consecutive numbers still on the board, as ranges of numbers (`start..end`,
/// `end` exclusive), in order: each run is made a chain and removed in one or more parts.
pub(crate) fn runs(sq: &[u8; 17]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut n = 1;
    std::iter::from_fn(move || {
        while n <= PIECES as usize && sq[n] == OFF {
            n += 1;
        }
        if n > PIECES as usize {
            return None;
        }
        let start = n;
        while n <= PIECES as usize && sq[n] != OFF {
            n += 1;
        }
        Some(start..n)
    })
}

/// Distance beyond touching of two squares.
#[inline]
fn gap(a: u8, b: u8) -> i32 {
    i32::from(distance(a, b)) - 1
}

/// The least weighted cost of cutting a run of `pairs.len() + 1` consecutive numbers, whose
/// consecutive pairs cost `pairs`, into parts of three or more pieces, each to be made a
/// chain and removed.
fn run_cost(pairs: &[i32], w: &Weights) -> i32 {
    let len = pairs.len() + 1;
    if len < 6 {
        return pairs.iter().sum::<i32>() + w.part;
    }
    // best[i]: least cost for the first i pieces cut into parts of at least three.
    let mut best = [i32::MAX; 17];
    best[0] = 0;
    for i in 3..=len {
        let mut inside = 0;
        // The last part is pieces j..i; grow it leftwards.
        for j in (0..i - 1).rev() {
            inside += pairs[j];
            if i - j >= 3 && best[j] != i32::MAX {
                best[i] = best[i].min(best[j] + inside + w.part);
            }
        }
    }
    best[len]
}

const fn near_table() -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < 8 {
            let n = NEIGHBOURS[s][d];
            if n != OFF {
                t[s] |= 1u128 << n;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// The squares around each square.
const NEAR: [u128; SQUARES] = near_table();

/// What `side` still has to do, weighted: the optimal cost over its runs of numbers.
pub fn cost(p: &Position, side: Side, w: &Weights) -> i32 {
    let sq = squares(p, side);
    // Where each piece can go in one movement (only when the weights ask for it).
    let mut reach = [0u128; 17];
    if w.reach != 0 {
        let empty = !p.occupied();
        for n in 1..=PIECES as usize {
            if sq[n] != OFF {
                reach[n] = (NEAR[sq[n] as usize] & empty) | p.jump_reach(sq[n]);
            }
        }
    }
    let mut pairs = [0i32; 17];
    for n in 1..PIECES as usize {
        if sq[n] == OFF || sq[n + 1] == OFF {
            continue;
        }
        let g = gap(sq[n], sq[n + 1]);
        if g == 0 {
            continue;
        }
        let mut c = g * w.gap + w.broken;
        if w.reach != 0 {
            let one = reach[n] & NEAR[sq[n + 1] as usize] != 0
                || reach[n + 1] & NEAR[sq[n] as usize] != 0;
            c += if one { w.reach } else { 2 * w.reach };
        }
        pairs[n] = c;
    }
    runs(&sq)
        .map(|run| run_cost(&pairs[run.start..run.end - 1], w))
        .sum()
}

/// The work `side` still has in squares of distance (the cost with only the gap weight).
pub fn work(p: &Position, side: Side) -> i32 {
    let w = Weights {
        gap: 1,
        broken: 0,
        part: 0,
        reach: 0,
        removed: 0,
        tempo: 0,
    };
    cost(p, side, &w)
}

/// `side`'s standing: removed pieces minus the cost of what is left.
pub fn standing(p: &Position, side: Side, w: &Weights) -> i32 {
    i32::from(PIECES - p.count(side)) * w.removed - cost(p, side, w)
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(p: &Position, w: &Weights) -> i32 {
    let me = p.turn();
    standing(p, me, w) - standing(p, me.other(), w) + w.tempo
}

/// Simple greedy measure for the baseline player: pieces removed and raw distance between
/// consecutive numbers, without the run analysis.
pub fn naive_standing(p: &Position, side: Side) -> i32 {
    let sq = squares(p, side);
    let mut gaps = 0;
    for n in 1..PIECES as usize {
        if sq[n] != OFF && sq[n + 1] != OFF {
            gaps += gap(sq[n], sq[n + 1]);
        }
    }
    i32::from(PIECES - p.count(side)) * 20 - gaps * 100
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_six_may_be_cut() {
        let w = Weights {
            gap: 1,
            broken: 0,
            part: 0,
            reach: 0,
            removed: 0,
            tempo: 0,
        };
        let pairs = |run: &[u8]| -> Vec<i32> { run.windows(2).map(|x| gap(x[0], x[1])).collect() };
        // Six pieces on a line with one wide gap between the third and fourth: cutting there
        // costs nothing, so the work is zero.
        assert_eq!(run_cost(&pairs(&[0, 1, 2, 6, 7, 8]), &w), 0);
        // A run of five cannot be cut, so the gap counts.
        assert_eq!(run_cost(&pairs(&[0, 1, 2, 6, 7]), &w), 3);
        // Seven with a gap after the second: the parts would be 2 + 5, not allowed, so the
        // best cut is elsewhere and the gap counts.
        assert_eq!(run_cost(&pairs(&[0, 1, 5, 6, 7, 8, 9]), &w), 3);
        // With a price per removal, six in one line stay one part.
        let w = Weights { part: 1, ..w };
        assert_eq!(run_cost(&pairs(&[0, 1, 2, 3, 4, 5]), &w), 1);
    }

    #[test]
    fn start_position_is_balanced_by_tempo_only_in_the_mirror() {
        let p = Position::start(1);
        let w = Weights::default();
        assert!(work(&p, Side::Blue) > 0);
        assert_eq!(
            evaluate(&p, &w) - w.tempo,
            standing(&p, Side::Blue, &w) - standing(&p, Side::Red, &w)
        );
    }
}
