//! Proofs read from the compact solver's codes ([`super::compact`]): the same proofs as
//! [`Proof::extract`] writes, for the same verifier, with the ranks the codes carry instead
//! of ranks worked out again slice by slice.
//!
//! A code's rank is the one its own value needs: a winner's moves to leave the slice, or, in
//! a draw where the tie-break is against a side, that side's moves to leave with a draw. A
//! proof of "at least a draw" can meet positions its side wins (after a mistake of the
//! other); there it follows the winning strategy, and the draws' ranks are lifted above every
//! win's (plus 64) so that going from a draw into a win still lowers the rank.

use super::compact::{self, Code, NO_RANK};
use super::key::{position_key, slice_key};
use super::proof::{Claim, Entry, Proof, staying};
use crate::engine::pack;
use crate::geometry::Mini;
use crate::position::Position;
use crate::types::Color;
use std::collections::{HashMap, VecDeque};

/// The winner of a code's value for a position with `turn` to move (`None`: a draw).
fn winner(code: Code, turn: Color) -> Option<Option<Color>> {
    Some(match compact::code_value(code)? {
        1 => Some(turn),
        -1 => Some(turn.other()),
        _ => None,
    })
}

impl Proof {
    /// The proof of `claim` from `root`, with `code` giving any reachable position's code.
    /// `None` if the codes do not hold the claim (or a position has no code).
    pub fn from_codes(
        code: &dyn Fn(&Position<Mini>) -> Option<Code>,
        root: &Position<Mini>,
        claim: Claim,
    ) -> Option<Proof> {
        // the rank an entry gets: the code's, draws lifted above wins in a draw proof
        let rank_of = |p: &Position<Mini>, c: Code| -> u16 {
            let r = u16::from(compact::code_rank(c));
            if !claim.win && winner(c, p.turn()) == Some(None) && r != u16::from(NO_RANK) {
                r + 64
            } else {
                r
            }
        };
        let mut entries = HashMap::new();
        let mut queue = VecDeque::from([*root]);
        while let Some(p) = queue.pop_front() {
            let k = position_key(&p);
            if entries.contains_key(&k) {
                continue;
            }
            if p.outcome().is_some() {
                entries.insert(k, Entry { rank: 0, mv: None });
                continue;
            }
            let c = code(&p)?;
            if !claim.met_by(winner(c, p.turn())?) {
                return None;
            }
            let must_leave = !claim.met_by(staying(&p));
            let here = if must_leave { rank_of(&p, c) } else { 0 };
            let moves = p.legal_moves();
            let mut mv = None;
            if p.turn() == claim.side {
                // a move that keeps the claim: a win over a draw (after the other side's
                // mistake the proof ends sooner), then leaving over staying, then the
                // lowest rank
                let mut choice: Option<(crate::moves::Move, (u8, u16))> = None;
                for m in moves.iter() {
                    let child = p.play_unchecked(*m);
                    // (0: the game ends won, 1: a win, 2: the claim only; the rank)
                    let score = if let Some(o) = child.outcome() {
                        if !claim.met_by(o.winner()) {
                            continue;
                        }
                        (if o.winner() == Some(claim.side) { 0 } else { 2 }, 0)
                    } else {
                        let cc = code(&child)?;
                        let w = winner(cc, child.turn())?;
                        if !claim.met_by(w) {
                            continue;
                        }
                        let class = if w == Some(claim.side) { 1 } else { 2 };
                        if must_leave && slice_key(&child) == slice_key(&p) {
                            let r = rank_of(&child, cc);
                            if r >= here {
                                continue;
                            }
                            (class, r + 1)
                        } else {
                            (class, 0)
                        }
                    };
                    if choice.is_none_or(|(_, best)| score < best) {
                        choice = Some((*m, score));
                    }
                }
                let (m, _) = choice?;
                mv = Some(pack(&m));
                queue.push_back(p.play_unchecked(m));
            } else {
                for m in moves.iter() {
                    queue.push_back(p.play_unchecked(*m));
                }
            }
            entries.insert(k, Entry { rank: here, mv });
        }
        Some(Proof {
            root: *root,
            claim,
            entries,
        })
    }
}
