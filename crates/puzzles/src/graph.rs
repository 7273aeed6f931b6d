//! The move graph of a puzzle: every state, its neighbours, and breadth-first distances.
//!
//! States are dense ranks (`0..states`). The graph is stored in compressed sparse row form:
//! `offsets[s]..offsets[s + 1]` indexes the neighbours of `s` in `targets`, with the move that
//! leads there at the same index in `moves`. BFS only reads `offsets` and `targets`, which keeps
//! it cache friendly; `moves` is only read when a solution is spelled out.
//!
//! Every move in both games can be undone by the reverse move (a token returns over the same,
//! still empty, squares), so the graph is undirected and a BFS *from the goals* gives every
//! state's distance *to* the nearest goal.

use crate::Move;

/// Distance value of a state from which no goal can be reached.
pub const UNREACHABLE: u8 = u8::MAX;

/// Graphs with at least this many edges use the scanning BFS (see `spread`).
const LARGE_GRAPH_EDGES: usize = 1 << 19;

/// The scanning BFS goes bottom-up once the frontier is at least 1/this of the unvisited states.
const BOTTOM_UP_RATIO: usize = 4;

/// A puzzle's whole move graph.
#[derive(Clone, Debug)]
pub struct StateGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    moves: Vec<Move>,
}

impl StateGraph {
    /// Builds the graph of `states` states; `neighbours(s, out)` pushes `(t, move)` for every
    /// move from state `s` (leave `out` empty for states that are not part of the game).
    pub fn build(states: u32, mut neighbours: impl FnMut(u32, &mut Vec<(u32, Move)>)) -> Self {
        let mut offsets = Vec::with_capacity(states as usize + 1);
        let mut targets = Vec::new();
        let mut moves = Vec::new();
        let mut out = Vec::with_capacity(32);
        offsets.push(0);
        for s in 0..states {
            out.clear();
            neighbours(s, &mut out);
            for &(t, m) in &out {
                targets.push(t);
                moves.push(m);
            }
            offsets.push(targets.len() as u32);
        }
        Self {
            offsets,
            targets,
            moves,
        }
    }

    /// Number of states.
    pub fn states(&self) -> u32 {
        (self.offsets.len() - 1) as u32
    }

    /// Number of directed edges (each move and its reverse count once each).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The neighbours of `state` with the moves leading to them.
    pub fn neighbours(&self, state: u32) -> impl Iterator<Item = (u32, Move)> + '_ {
        let range =
            self.offsets[state as usize] as usize..self.offsets[state as usize + 1] as usize;
        self.targets[range.clone()]
            .iter()
            .copied()
            .zip(self.moves[range].iter().copied())
    }

    /// Distance of every state to the nearest of `sources` ([`UNREACHABLE`] if none).
    pub fn distances_from(&self, sources: impl IntoIterator<Item = u32>) -> Vec<u8> {
        let mut dist = vec![UNREACHABLE; self.states() as usize];
        let mut frontier = 0;
        for s in sources {
            if dist[s as usize] == UNREACHABLE {
                dist[s as usize] = 0;
                frontier += 1;
            }
        }
        self.spread(&mut dist, frontier);
        dist
    }

    /// Like [`Self::distances_from`], with the sources given as a bit-set over states
    /// (bit `s % 64` of word `s / 64`).
    pub fn distances_from_set(&self, goals: &[u64]) -> Vec<u8> {
        let n = self.states() as usize;
        let mut dist = vec![UNREACHABLE; n];
        let mut frontier = 0;
        for (chunk, &word) in dist.chunks_mut(64).zip(goals) {
            for (i, d) in chunk.iter_mut().enumerate() {
                if word >> i & 1 == 1 {
                    *d = 0;
                    frontier += 1;
                }
            }
        }
        self.spread(&mut dist, frontier);
        dist
    }

    /// Level-synchronous BFS from the states at distance 0.
    ///
    /// Two strategies, chosen by the size of the graph because the best one depends on
    /// whether the adjacency array stays in cache (measured in `benches/solvers.rs`):
    ///
    /// - Small graphs (Royal Study, sliding side): a plain queue. Every edge is read once.
    /// - Large graphs (chess side: 181,440 states, 4 MiB of adjacency): each level is a pass
    ///   over the states in rank order, so the adjacency is read front to back instead of in
    ///   queue order. While the frontier is small a pass pushes from frontier states to their
    ///   unvisited neighbours ("top-down"); once it is large each unvisited state looks for any
    ///   neighbour in the frontier and stops at the first ("bottom-up", as in Beamer et al.'s
    ///   direction-optimising BFS). This is about a quarter faster than the queue there.
    fn spread(&self, dist: &mut [u8], frontier: usize) {
        if self.targets.len() < LARGE_GRAPH_EDGES {
            self.spread_queue(dist);
        } else {
            self.spread_scanning(dist, frontier);
        }
    }

    fn spread_queue(&self, dist: &mut [u8]) {
        let mut queue: Vec<u32> = (0..dist.len() as u32)
            .filter(|&s| dist[s as usize] == 0)
            .collect();
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head] as usize;
            head += 1;
            let next = dist[s] + 1;
            debug_assert!(
                next < UNREACHABLE,
                "puzzle graphs are far shallower than 255"
            );
            let (lo, hi) = (self.offsets[s] as usize, self.offsets[s + 1] as usize);
            for &t in &self.targets[lo..hi] {
                let slot = &mut dist[t as usize];
                if *slot == UNREACHABLE {
                    *slot = next;
                    queue.push(t);
                }
            }
        }
    }

    fn spread_scanning(&self, dist: &mut [u8], mut frontier: usize) {
        let n = dist.len();
        let mut unvisited = n - frontier;
        let mut level = 0u8;
        while frontier > 0 && unvisited > 0 {
            let next_level = level + 1;
            debug_assert!(
                next_level < UNREACHABLE,
                "puzzle graphs are far shallower than 255"
            );
            let mut found = 0;
            if frontier * BOTTOM_UP_RATIO < unvisited {
                for s in 0..n {
                    if dist[s] != level {
                        continue;
                    }
                    let (lo, hi) = (self.offsets[s] as usize, self.offsets[s + 1] as usize);
                    for &t in &self.targets[lo..hi] {
                        let slot = &mut dist[t as usize];
                        if *slot == UNREACHABLE {
                            *slot = next_level;
                            found += 1;
                        }
                    }
                }
            } else {
                for s in 0..n {
                    if dist[s] != UNREACHABLE {
                        continue;
                    }
                    let (lo, hi) = (self.offsets[s] as usize, self.offsets[s + 1] as usize);
                    if self.targets[lo..hi]
                        .iter()
                        .any(|&t| dist[t as usize] == level)
                    {
                        dist[s] = next_level;
                        found += 1;
                    }
                }
            }
            unvisited -= found;
            frontier = found;
            level = next_level;
        }
    }

    /// An optimal move list from `start` to a goal of the distance table `dist`, taking at
    /// each step the first neighbour (in generation order) one step closer; `None` if no goal
    /// is reachable. Also returns the state reached.
    pub fn path(&self, dist: &[u8], start: u32) -> Option<(Vec<Move>, u32)> {
        let mut d = *dist.get(start as usize)?;
        if d == UNREACHABLE {
            return None;
        }
        let mut state = start;
        let mut moves = Vec::with_capacity(d as usize);
        while d > 0 {
            let (next, m) = self
                .neighbours(state)
                .find(|&(t, _)| dist[t as usize] == d - 1)
                .expect("a BFS distance table always has a neighbour one step closer");
            moves.push(m);
            state = next;
            d -= 1;
        }
        Some((moves, state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path graph 0 - 1 - 2 - 3 and an isolated state 4.
    fn line() -> StateGraph {
        StateGraph::build(5, |s, out| {
            if s < 4 {
                if s > 0 {
                    out.push((s - 1, Move::new(s as u8, s as u8 - 1)));
                }
                if s < 3 {
                    out.push((s + 1, Move::new(s as u8, s as u8 + 1)));
                }
            }
        })
    }

    #[test]
    fn bfs_and_paths_on_a_line() {
        let g = line();
        assert_eq!(g.states(), 5);
        assert_eq!(g.edge_count(), 6);
        let d = g.distances_from([0]);
        assert_eq!(d, vec![0, 1, 2, 3, UNREACHABLE]);
        let (moves, end) = g.path(&d, 3).unwrap();
        assert_eq!(end, 0);
        assert_eq!(
            moves,
            vec![Move::new(3, 2), Move::new(2, 1), Move::new(1, 0)]
        );
        assert!(g.path(&d, 4).is_none());
        let d2 = g.distances_from_set(&[0b1001]);
        assert_eq!(d2, vec![0, 1, 1, 0, UNREACHABLE]);
    }
}
