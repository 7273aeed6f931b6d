//! The order a node's moves are tried in, made only as far as it is needed: the stored best
//! move first, before any other move is generated; then the captures that do not lose
//! material and the killers; then the quiet moves, scored by their histories only when they
//! are reached; the captures that lose material last. A node whose stored move refutes (most
//! cut-offs come from it) never generates its other moves, and one where a capture refutes
//! never scores its quiet moves.

use super::*;
use crate::moves::MoveKind;

/// Hands out a node's moves one at a time, best first.
pub(super) struct MovePicker {
    stage: Stage,
    /// The stored best move (packed; 0 for none): scored first by [`Search::order`].
    tt_move: u16,
    /// The scored moves not yet handed out sit at `next..`.
    ordered: Vec<(i32, Move)>,
    next: usize,
    /// Whether the quiet moves in `ordered` hold their history scores yet.
    quiets_scored: bool,
}

enum Stage {
    /// The stored move, found legal, is handed out before anything is generated.
    Stored(Move),
    /// The moves are generated and scored at the next request; `skip` is the stored move
    /// already handed out (0 for none).
    Generate { moves: Option<MoveList>, skip: u16 },
    /// Picking from `ordered`.
    Picking,
}

/// The score [`Search::order`] gives the stored move, above every other.
pub(super) const STORED_SCORE: i32 = 2_000_000;

/// Below this score (the second killer's) the quiet moves' turn has come: every capture that
/// does not lose material and both killers were handed out.
const QUIETS_FROM: i32 = 899_000;

impl MovePicker {
    /// A picker for `pos` whose stored best move is `tt_move` (0 for none). `None` when the
    /// position has no legal move (the game is over there).
    pub(super) fn new<G: Geometry>(pos: &Position<G>, tt_move: u16) -> Option<MovePicker> {
        let stored = unpack(pos, tt_move).filter(|m| pos.is_legal(m));
        let stage = match stored {
            Some(m) => Stage::Stored(m),
            None => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    return None;
                }
                Stage::Generate {
                    moves: Some(moves),
                    skip: 0,
                }
            }
        };
        Some(MovePicker {
            stage,
            tt_move,
            ordered: Vec::new(),
            next: 0,
            quiets_scored: false,
        })
    }

    /// The stored move when it is legal here (known before any move is generated).
    pub(super) fn stored(&self) -> Option<Move> {
        match self.stage {
            Stage::Stored(m) => Some(m),
            _ => None,
        }
    }

    /// The next move to try with its ordering score, or `None` when all were handed out. The
    /// scores are [`Search::order`]'s, worked out when the first move after the stored one is
    /// asked for (the quiet moves' when the first of them is), so they include what the
    /// searches before taught the histories.
    pub(super) fn next<G: Geometry>(
        &mut self,
        search: &Search,
        pos: &Position<G>,
        ply: usize,
    ) -> Option<(i32, Move)> {
        match &mut self.stage {
            Stage::Stored(m) => {
                let m = *m;
                self.stage = Stage::Generate {
                    moves: None,
                    skip: pack(&m),
                };
                return Some((STORED_SCORE, m));
            }
            Stage::Generate { moves, skip } => {
                let skip = *skip;
                let moves = moves.take().unwrap_or_else(|| pos.legal_moves());
                self.ordered = search.order(pos, &moves, self.tt_move, ply);
                if skip != 0 {
                    self.ordered.retain(|(_, m)| pack(m) != skip);
                }
                self.stage = Stage::Picking;
            }
            Stage::Picking => {}
        }
        let mut top = self.top()?;
        if !self.quiets_scored && self.ordered[top].0 < QUIETS_FROM {
            self.quiets_scored = true;
            for (score, m) in &mut self.ordered[self.next..] {
                if *score == ordering::UNSCORED {
                    *score = search.quiet_score(pos, m, ply);
                }
            }
            top = self.top()?;
        }
        self.ordered.swap(self.next, top);
        self.next += 1;
        self.ordered.get(self.next - 1).copied()
    }

    /// Where the best-scored move not yet handed out sits in `ordered`.
    fn top(&self) -> Option<usize> {
        let rest = self.ordered.get(self.next..).filter(|r| !r.is_empty())?;
        let top = (1..rest.len()).fold(0, |top, j| if rest[j].0 > rest[top].0 { j } else { top });
        Some(self.next + top)
    }
}

/// The move `packed` names in `pos`, when the piece on its origin could make it as a plain
/// move, capture, double step, en passant or promotion; whether it is legal is for the caller
/// to check. `None` for no move, a pass and castling (the generator finds those).
pub(super) fn unpack<G: Geometry>(pos: &Position<G>, packed: u16) -> Option<Move> {
    let promotion_bits = packed >> 12;
    if packed == 0 || promotion_bits == 7 {
        return None;
    }
    let from = (packed & 63) as u8;
    let to = (packed >> 6 & 63) as u8;
    if from >= G::SQUARES || to >= G::SQUARES {
        return None;
    }
    let role = pos.role_at(from)?;
    let promotion = match promotion_bits {
        0 => None,
        n => Some(*Role::ALL.get(usize::from(n) - 1)?),
    };
    let files_apart = (from % G::W).abs_diff(to % G::W);
    let ranks_apart = (from / G::W).abs_diff(to / G::W);
    let target = pos.role_at(to);
    let (capture, kind) = match role {
        Role::Pawn if files_apart == 0 && ranks_apart == 2 => (None, MoveKind::DoubleStep),
        Role::Pawn if files_apart == 1 && target.is_none() && pos.ep == Some(to) => {
            (Some(Role::Pawn), MoveKind::EnPassant)
        }
        Role::King if files_apart > 1 => return None,
        _ => (target, MoveKind::Normal),
    };
    Some(Move {
        from,
        to,
        role,
        capture,
        promotion,
        kind,
    })
}
