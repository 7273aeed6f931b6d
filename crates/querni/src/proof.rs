//! Exact game values near the end of a game: which side can force its win within a few of its
//! own turns whatever the other does, proved by an AND-OR search (the coach's "Blue wins in 3
//! turns with best play").
//!
//! [`crate::exact`] proves races with the opponent standing still, an upper bound on nothing
//! once the opponent moves: a piece stepping into the square a chain needs, or away from the
//! square a jump went over, breaks a plan. Here the opponent's every turn is answered. A side
//! `S` wins within `n` own turns from a position when `S` is to move and one of its turns
//! clears its last pieces, or leads to a position `S` wins within `n - 1`; and, with the
//! opponent to move, when every opponent turn (passing included) leads to a position `S` wins
//! within `n` (a turn that clears the opponent's pieces, or a thirty-turn draw, refutes; a
//! turn that strands the opponent's own pieces loses for it).
//!
//! What keeps it fast: [`lower_bound`] (the movements and removals `S` must still make, true
//! whatever the opponent does, since it counts `S`'s own pieces only) cuts every line that
//! cannot finish in time; the last turn is tested without generating turns ([`clears_now`]);
//! an answer found for one opponent turn is tried first for the next (most opponent turns do
//! not touch the squares it uses); and proved and refuted positions are remembered.

use crate::exact::lower_bound;
use crate::position::{NEIGHBOURS, OFF, Position, SQUARES, Side, adjacent};
use crate::rules::Status;
use crate::search::generate;
use crate::turn::Turn;
use std::collections::HashMap;

/// What the search proved of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `side` forces its win within `turns` of its own turns (the least such number).
    Wins {
        /// The winner.
        side: Side,
        /// Its own turns to the win, this one included when it is to move.
        turns: u8,
    },
    /// Neither side forces a win within `within` own turns (or the budget ran out first,
    /// `complete` false).
    Unproved {
        /// The turns searched for each side.
        within: u8,
        /// Whether every line to that depth was searched.
        complete: bool,
    },
}

/// A proof's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// What was proved.
    pub verdict: Verdict,
    /// For a win of the side to move, a turn that keeps it (the win one turn nearer).
    pub turn: Option<Turn>,
    /// Positions generated.
    pub nodes: u64,
}

/// Proves the value of `pos` for turns up to `max_turns` for either side, within `nodes`
/// generated positions: the side to move first at each depth (its win comes first in time).
pub fn prove(pos: &Position, max_turns: u8, nodes: u64) -> Proof {
    prove_until(pos, max_turns, nodes, &mut || false)
}

/// [`prove`], stopping also when `stop` says so (asked as positions are generated): a time
/// limit.
pub fn prove_until(
    pos: &Position,
    max_turns: u8,
    nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Proof {
    let mut s = Prover::new(nodes, stop);
    let mover = pos.turn();
    if let Status::Won { winner, .. } = pos.status() {
        return Proof {
            verdict: Verdict::Wins {
                side: winner,
                turns: 0,
            },
            turn: None,
            nodes: 0,
        };
    }
    for n in 1..=max_turns {
        for side in [mover, mover.other()] {
            match s.wins(pos, side, n) {
                Some(true) => {
                    let turn = (side == mover).then(|| s.keeping(pos, n).first().copied());
                    return Proof {
                        verdict: Verdict::Wins { side, turns: n },
                        turn: turn.flatten(),
                        nodes: s.used,
                    };
                }
                Some(false) => {}
                None => {
                    return Proof {
                        verdict: Verdict::Unproved {
                            within: n - 1,
                            complete: false,
                        },
                        turn: None,
                        nodes: s.used,
                    };
                }
            }
        }
    }
    Proof {
        verdict: Verdict::Unproved {
            within: max_turns,
            complete: true,
        },
        turn: None,
        nodes: s.used,
    }
}

/// What a turn did to its mover's forced win: `before` and `after` proved of the positions
/// before and after it, `mover` the side that played it. `None` when `before` held no win of
/// the mover (there was nothing to keep); otherwise whether the win was kept (proved after it
/// and nearer by a turn at least) and how far it was.
pub fn judge(before: &Proof, mover: Side, after: &Proof) -> Option<(u8, bool)> {
    let Verdict::Wins { side, turns } = before.verdict else {
        return None;
    };
    if side != mover {
        return None;
    }
    let kept =
        matches!(after.verdict, Verdict::Wins { side, turns: now } if side == mover && now < turns);
    Some((turns, kept))
}

/// The turns of the side to move in `pos` that keep its win within `turns` (each leaves a
/// position it wins within `turns - 1`), in the order of generation; empty when it has no
/// such win or the budget ran out.
pub fn keeping_turns(pos: &Position, turns: u8, nodes: u64) -> Vec<Turn> {
    Prover::new(nodes, &mut || false).keeping(pos, turns)
}

/// Whether the side to move in `pos` can remove all its pieces this turn: its numbers left are
/// one run of three or more, and they form a chain now or after one piece's movement.
pub fn clears_now(pos: &Position) -> bool {
    let side = pos.turn();
    let numbers = pos.numbers_on_board(side);
    if numbers == 0 {
        return false;
    }
    let lo = numbers.trailing_zeros() as u8;
    let hi = 31 - numbers.leading_zeros() as u8;
    let run = ((1u64 << (hi + 1)) - (1u64 << lo)) as u32;
    if numbers != run || hi - lo < 2 {
        return false;
    }
    let sq = |n: u8| pos.square_of(side, n).unwrap_or(u8::MAX);
    let broken: Vec<u8> = (lo..hi).filter(|&k| !adjacent(sq(k), sq(k + 1))).collect();
    // the pieces whose movement could mend every broken pair: each is in all of them
    let movers: Vec<u8> = match broken[..] {
        [] => return true,
        [k] => vec![k, k + 1],
        [a, b] if b == a + 1 => vec![b],
        _ => return false,
    };
    let empty = !pos.occupied();
    movers.into_iter().any(|q| {
        let from = sq(q);
        let steps = NEIGHBOURS[usize::from(from)]
            .iter()
            .filter(|&&to| to != OFF)
            .fold(0u128, |m, &to| m | 1u128 << to);
        let reach = (pos.jump_reach(from) | steps) & empty;
        (0..SQUARES as u8).any(|to| {
            reach >> to & 1 == 1
                && (q == lo || adjacent(to, sq(q - 1)))
                && (q == hi || adjacent(to, sq(q + 1)))
        })
    })
}

/// What is known of a position for a side: it wins within `win` own turns (0: not known), and
/// it does not win within `fail` (0: nothing known).
#[derive(Clone, Copy, Default)]
struct Known {
    win: u8,
    fail: u8,
}

/// The search's state: the budget and what it proved.
struct Prover<'a> {
    used: u64,
    budget: u64,
    stop: &'a mut dyn FnMut() -> bool,
    /// By position (its key and its quiet count: a draw nears with it) and side.
    known: HashMap<(u64, u8, Side), Known>,
    /// The last answer that worked, by turns left: tried first in the next position.
    killers: Vec<Option<Turn>>,
}

impl<'a> Prover<'a> {
    fn new(budget: u64, stop: &'a mut dyn FnMut() -> bool) -> Prover<'a> {
        Prover {
            used: 0,
            budget,
            stop,
            known: HashMap::new(),
            killers: vec![None; 64],
        }
    }

    /// The turns of the side to move that keep its win within `n`.
    fn keeping(&mut self, pos: &Position, n: u8) -> Vec<Turn> {
        let side = pos.turn();
        let mut children = Vec::new();
        generate(pos, &mut children);
        let mut out = Vec::new();
        for (_, turn, child) in children {
            let keeps = match child.status() {
                Status::Won { winner, .. } => winner == side,
                Status::Ongoing => n > 1 && self.wins(&child, side, n - 1) == Some(true),
                _ => false,
            };
            if keeps {
                out.push(turn);
            }
        }
        out
    }

    /// Whether `side` wins within `n` own turns from `pos`; `None` when the budget ran out.
    fn wins(&mut self, pos: &Position, side: Side, n: u8) -> Option<bool> {
        match pos.status() {
            Status::Won { winner, .. } => return Some(winner == side),
            Status::Ongoing => {}
            _ => return Some(false),
        }
        if n == 0 || lower_bound(pos, side) > n {
            return Some(false);
        }
        let key = (pos.hash(), pos.quiet(), side);
        let known = self.known.get(&key).copied().unwrap_or_default();
        if known.win != 0 && known.win <= n {
            return Some(true);
        }
        if known.fail >= n {
            return Some(false);
        }
        let proved = if pos.turn() == side {
            self.any_turn_wins(pos, side, n)?
        } else {
            self.every_turn_loses(pos, side, n)?
        };
        let k = self.known.entry(key).or_default();
        if proved {
            k.win = if k.win == 0 { n } else { k.win.min(n) };
        } else {
            k.fail = k.fail.max(n);
        }
        Some(proved)
    }

    /// Counts `k` positions against the budget; `None` once it is spent.
    fn spend(&mut self, k: usize) -> Option<()> {
        self.used += k as u64;
        (self.used <= self.budget && !(self.stop)()).then_some(())
    }

    /// `side` to move: one of its turns wins within `n`.
    fn any_turn_wins(&mut self, pos: &Position, side: Side, n: u8) -> Option<bool> {
        if clears_now(pos) {
            return Some(true);
        }
        if n == 1 {
            return Some(false);
        }
        let mut children = Vec::new();
        generate(pos, &mut children);
        self.spend(children.len())?;
        let mut next: Vec<(u8, i32, Turn, Position)> = Vec::new();
        for (hint, turn, child) in children {
            let h = lower_bound(&child, side);
            if child.status() == Status::Ongoing && h < n {
                next.push((h, -hint, turn, child));
            }
        }
        let killer = self.killers[usize::from(n)];
        next.sort_by_key(|(h, hint, turn, _)| (Some(*turn) != killer, *h, *hint));
        for (_, _, turn, child) in next {
            if self.wins(&child, side, n - 1)? {
                self.killers[usize::from(n)] = Some(turn);
                return Some(true);
            }
        }
        Some(false)
    }

    /// The other side to move: every turn of it leaves a position `side` wins within `n`.
    fn every_turn_loses(&mut self, pos: &Position, side: Side, n: u8) -> Option<bool> {
        let mut children = Vec::new();
        generate(pos, &mut children);
        self.spend(children.len())?;
        for (_, _, child) in children {
            if !self.wins(&child, side, n)? {
                return Some(false);
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests;
