//! Move ordering and what cut-offs teach it: killers, history, capture history and
//! continuation history.

use super::*;

/// The score a quiet move (not a killer) holds until the picker reaches the quiet moves and
/// scores them by [`Search::quiet_score`].
pub(super) const UNSCORED: i32 = i32::MIN;

impl Search<'_> {
    /// `moves` with their ordering scores: the stored move first, then captures that do not
    /// lose material (most valuable victim first), the killers, the quiet moves, and the
    /// captures that lose material last. The quiet moves are left [`UNSCORED`]: the picker
    /// scores them only when it reaches them, after the captures' searches have updated the
    /// histories (and not at all when a capture refutes).
    pub(super) fn order<G: Geometry>(
        &self,
        pos: &Position<G>,
        moves: &[Move],
        tt_move: u16,
        ply: usize,
    ) -> Vec<(i32, Move)> {
        let objective = pos.variant.objective();
        let killers = self.engine.killers[ply];
        moves
            .iter()
            .map(|m| {
                let packed = pack(m);
                let score = if packed == tt_move {
                    picker::STORED_SCORE
                } else if m.is_tactical() {
                    // most valuable victim first; among equal victims, the capture that
                    // refuted most often before (its capture history), then the cheaper piece
                    let mvv_lva = mvv_lva(objective, m)
                        + self.engine.capture_history[capture_slot(pos, m)] / 16;
                    if see(pos, m) >= 0 {
                        1_000_000 + mvv_lva
                    } else {
                        -1_000_000 + mvv_lva
                    }
                } else if packed == killers[0] {
                    900_000
                } else if packed == killers[1] {
                    899_000
                } else {
                    UNSCORED
                };
                (score, *m)
            })
            .collect()
    }

    /// The earlier moves whose continuation history applies at `ply`: one and two plies back.
    pub(super) fn continuation_rows(&self, ply: usize) -> [Option<usize>; 2] {
        let back = |n: usize| {
            ply.checked_sub(n)
                .and_then(|p| self.played[p])
                .map(|row| row * PIECE_SQUARES)
        };
        [back(1), back(2)]
    }

    /// How well a quiet move did before: its from-to history plus its continuation history.
    pub(super) fn quiet_score<G: Geometry>(&self, pos: &Position<G>, m: &Move, ply: usize) -> i32 {
        let side = pos.turn.index() * 4096;
        let mut score = self.engine.history[side + usize::from(m.from) * 64 + usize::from(m.to)];
        let target = piece_square(pos, m);
        for row in self.continuation_rows(ply).into_iter().flatten() {
            score += self.engine.continuation[row + target];
        }
        score
    }

    /// Whether a quiet move did badly after both the previous move and the one before it.
    pub(super) fn continuation_bad<G: Geometry>(
        &self,
        pos: &Position<G>,
        m: &Move,
        ply: usize,
    ) -> bool {
        let target = piece_square(pos, m);
        match self.continuation_rows(ply) {
            [Some(a), Some(b)] => {
                self.engine.continuation[a + target] < 0 && self.engine.continuation[b + target] < 0
            }
            _ => false,
        }
    }

    /// A quiet move caused a cut-off: remember it as a killer and raise its history; lower
    /// the history of the quiet moves tried before it.
    pub(super) fn reward<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        m: &Move,
        packed: u16,
        depth: i32,
        ply: usize,
        tried: &[Move],
    ) {
        let k = &mut self.engine.killers[ply];
        if k[0] != packed {
            k[1] = k[0];
            k[0] = packed;
        }
        let bonus = (depth * depth).min(400);
        self.credit(pos, m, ply, bonus);
        for q in tried {
            self.credit(pos, q, ply, -bonus);
        }
    }

    /// Moves a quiet move's history and continuation history toward `bonus` (negative: a
    /// malus); the update shrinks as the value nears its bound of +-16,384.
    /// Moves a capture's (or promotion's) history toward `bonus`.
    pub(super) fn credit_capture<G: Geometry>(&mut self, pos: &Position<G>, m: &Move, bonus: i32) {
        let h = &mut self.engine.capture_history[capture_slot(pos, m)];
        *h += bonus - *h * bonus.abs() / 16_384;
    }

    pub(super) fn credit<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        m: &Move,
        ply: usize,
        bonus: i32,
    ) {
        let bump = |h: &mut i32| {
            *h += bonus - *h * bonus.abs() / 16_384;
        };
        let side = pos.turn.index() * 4096;
        bump(&mut self.engine.history[side + usize::from(m.from) * 64 + usize::from(m.to)]);
        let target = piece_square(pos, m);
        for row in self.continuation_rows(ply).into_iter().flatten() {
            bump(&mut self.engine.continuation[row + target]);
        }
    }
}
