//! Perft: the number of move paths of a given length, the standard test of a move generator.
//! The last ply is counted without playing the moves ("bulk counting"), as Stockfish does.

use crate::geometry::Geometry;
use crate::position::Position;

impl<G: Geometry> Position<G> {
    /// Number of legal move sequences of length `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves(),
            _ => self
                .legal_moves()
                .iter()
                .map(|m| self.play_unchecked(*m).perft(depth - 1))
                .sum(),
        }
    }

    /// Perft split by first move, in UCI, in the order the moves are generated.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal_moves()
            .iter()
            .map(|m| {
                (
                    self.uci(m),
                    self.play_unchecked(*m).perft(depth.saturating_sub(1)),
                )
            })
            .collect()
    }
}
