//! The race planner behind the strongest level: the fewest turns to clear the board.
//!
//! Querni is mostly a race: nobody can take or move the other side's pieces, so a game is won
//! by whoever needs fewer turns to chain and remove all sixteen. The alpha-beta search in
//! [`crate::search`] alternates sides every ply and so sees only two or three of its own turns
//! ahead, while a good plan here is five to eight turns long (one piece to set up a jump
//! lane, another to use it). The planner therefore searches the side to move's own turns
//! with the opponent standing still: a beam search over whole turns, ranked by the chain
//! evaluation of [`crate::eval`], that stops at the first depth where some line removes the
//! last piece, and plays that line's first turn. Lines that lose at once (a removal stranding
//! pieces) are dropped. When no line finishes within the horizon, it plays the first turn of
//! the best-ranked line.
//!
//! The beam is widened in steps (iterative widening) until the node budget or the caller's
//! stop flag ends it; the answer of the widest completed beam is kept, so the result depends
//! only on the position, the budget and the seed.

use crate::eval::{Weights, standing};
use crate::position::Position;
use crate::rules::Status;
use crate::search::{generate, generate_turns};
use crate::turn::Turn;
use tabula_core::rng::{SliceRandom, seeded};

/// The weights that rank the planner's lines: the search's, plus a charge for each movement
/// a pair of consecutive numbers still needs ([`Weights::reach`]). Ranking lines by how many
/// movements they still need, not only by distance, finds shorter plans with the same beam:
/// over 100 sides of 50 random starts, a beam of 1,000 lines needs 730 turns in all to clear
/// with the search's weights and 718 with these (as few as a beam of 8,000 with the search's;
/// `cargo run --release -p tabula-querni --example tune -- planscore 1000 "100,0,0,300,20,40" 50`).
pub const PLAN_WEIGHTS: Weights = Weights {
    gap: 100,
    broken: 0,
    part: 0,
    reach: 300,
    removed: 20,
    tempo: 40,
};

/// The longest plan considered, in own turns.
pub const HORIZON: usize = 12;

/// What the planner found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The turn to play now.
    pub turn: Turn,
    /// Own turns the best line needs to remove every piece, if one was found.
    pub turns_to_clear: Option<u8>,
    /// Widest beam completed.
    pub width: usize,
    /// Positions generated.
    pub nodes: u64,
}

/// Plans for the side to move in `pos` (ongoing) with beams of width `first_width`, then
/// twice that, and so on up to `max_width`, within `nodes` generated positions in total.
pub fn plan(
    pos: &Position,
    first_width: usize,
    max_width: usize,
    nodes: u64,
    weights: &Weights,
    seed: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Plan {
    let mut roots = Vec::new();
    generate_turns(pos, &mut roots);
    // Seeded order: equally ranked lines are then broken by the seed, not by generation order.
    roots.shuffle(&mut seeded(seed ^ pos.hash()));
    let mut spent = 0u64;
    let mut best = Plan {
        turn: roots.first().map_or(Turn::PASS, |r| r.0),
        turns_to_clear: None,
        width: 0,
        nodes: 0,
    };
    let mut width = first_width.max(1);
    while let Some((turn, turns_to_clear, used)) = beam(
        pos,
        &roots,
        width,
        nodes.saturating_sub(spent),
        weights,
        stop,
    ) {
        spent += used;
        best = Plan {
            turn,
            turns_to_clear,
            width,
            nodes: spent,
        };
        if width >= max_width || spent >= nodes || stop() {
            break;
        }
        width = (width * 2).min(max_width);
    }
    best.nodes = best.nodes.max(spent);
    best
}

/// One beam search; `None` if the budget ran out or `stop` said so before it finished.
fn beam(
    pos: &Position,
    roots: &[(Turn, Position)],
    width: usize,
    budget: u64,
    weights: &Weights,
    stop: &mut dyn FnMut() -> bool,
) -> Option<(Turn, Option<u8>, u64)> {
    let me = pos.turn();
    let mut used = 0u64;
    // Each line: the position with `me` to move again (the opponent "passed"), its first turn.
    let mut lines: Vec<(Position, Turn)> = Vec::new();
    let mut best_first = None;
    let mut children = Vec::new();
    let mut next: Vec<(i32, Position, Turn)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for depth in 0..HORIZON {
        next.clear();
        seen.clear();
        // Ranks one line's child; true if the child has removed the last piece.
        let mut consider =
            |child: &Position, first: Turn, next: &mut Vec<(i32, Position, Turn)>| {
                if child.count(me) == 0 {
                    return true;
                }
                if !matches!(child.status(), Status::Won { .. }) {
                    let back = child.play_unchecked(Turn::PASS);
                    if seen.insert(back.hash()) {
                        next.push((standing(&back, me, weights), back, first));
                    }
                }
                false
            };
        if depth == 0 {
            for &(t, child) in roots {
                if consider(&child, t, &mut next) {
                    return Some((t, Some(1), used));
                }
            }
        } else {
            for (k, &(state, first)) in lines.iter().enumerate() {
                if k % 16 == 15 && stop() {
                    return None;
                }
                children.clear();
                generate(&state, &mut children);
                used += children.len() as u64;
                for (_, _, child) in &children {
                    if consider(child, first, &mut next) {
                        return Some((first, Some(depth as u8 + 1), used));
                    }
                }
            }
            if used > budget || stop() {
                return None;
            }
        }
        if next.is_empty() {
            break;
        }
        // Stable: among equal scores the seeded root order decides.
        next.sort_by_key(|x| std::cmp::Reverse(x.0));
        next.truncate(width);
        best_first = Some(next[0].2);
        lines.clear();
        lines.extend(next.iter().map(|&(_, p, f)| (p, f)));
    }
    Some((best_first.or(roots.first().map(|r| r.0))?, None, used))
}
