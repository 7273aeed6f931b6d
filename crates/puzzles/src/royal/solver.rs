//! The exact Royal Study solver: level 1-3 single cards and the bonus challenge.
//!
//! Layouts are ranked among all 15,120 placements of five distinct pieces on nine squares;
//! the 7,560 legal ones form the move graph (moves never make a legal layout illegal). The
//! distance table to a target layout is one BFS, cached per target.
//!
//! A card action changes only which layout counts as the target, and its cost does not depend
//! on when it is made, so an optimal plan makes all of a card's actions first. For one card
//! the count is `min over orientations o: cost(o) + d(board, o(card))`. For two cards, the
//! executor completes one (in some orientation) and then the other from there:
//! `min over orders (X, Y), orientations ox, oy:
//!  cost(ox) + d(board, ox(X)) + cost(oy) + d(ox(X), oy(Y))`. Any execution that completes
//! both cards passes through those two layouts in some order and pays at least those actions,
//! so this minimum is exact.

use super::{CardAction, Layout, Level};
use crate::cache::TableCache;
use crate::graph::{StateGraph, UNREACHABLE};
use crate::mover::MoveTable;
use crate::moves::Move;
use std::fmt;
use std::sync::Arc;
use tabula_core::{ArrangementRanker, Symmetry};

const CACHE_CAPACITY: usize = 1024;

/// One step of a plan or proof: a piece move or a card action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Move a piece.
    Move(Move),
    /// Turn or mirror a card; `card` is `Some(1)` or `Some(2)` in the bonus challenge.
    Action {
        /// Which card (bonus challenge only).
        card: Option<u8>,
        /// What is done to it.
        action: CardAction,
    },
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(m) => write!(f, "{m}"),
            Step::Action {
                card: Some(c),
                action,
            } => write!(f, "{c}:{action}"),
            Step::Action { card: None, action } => write!(f, "{action}"),
        }
    }
}

/// An optimal plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalPlan {
    /// Moves plus card actions.
    pub count: u32,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Cards in the order they are completed (`[1]`, or `[1, 2]` / `[2, 1]`).
    pub order: Vec<u8>,
    /// The orientation each completed card is reached in, in completion order.
    pub orientations: Vec<Symmetry>,
}

/// The solver: the move graph of all layouts and a cache of distance tables.
pub struct RoyalSolver {
    ranker: ArrangementRanker,
    graph: StateGraph,
    legal: Vec<bool>,
    cache: TableCache<u32, Vec<u8>>,
}

impl Default for RoyalSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl RoyalSolver {
    /// Builds the move graph (a few milliseconds).
    pub fn new() -> Self {
        // kinds: 0 empty (4 squares), then K Q R B N once each
        let ranker = ArrangementRanker::new(&[4, 1, 1, 1, 1, 1]).expect("nine squares");
        let tables: Vec<MoveTable> = (1..=5).map(|c| MoveTable::new(Layout::mover(c))).collect();
        let mut legal = vec![false; ranker.total() as usize];
        let mut cells = [0u8; 9];
        let graph = StateGraph::build(ranker.total(), |rank, out| {
            ranker.unrank_into(rank, &mut cells);
            if Layout::from_cells(cells).is_err() {
                return;
            }
            legal[rank as usize] = true;
            let occupied: u64 = (0..9).filter(|&s| cells[s] != 0).map(|s| 1u64 << s).sum();
            for from in 0..9u8 {
                let p = cells[from as usize];
                if p == 0 {
                    continue;
                }
                for &(to, over) in tables[p as usize - 1].targets(from) {
                    if cells[to as usize] == 0 && over.0 & occupied == 0 {
                        let mut next = cells;
                        next.swap(from as usize, to as usize);
                        out.push((ranker.rank(&next), Move::new(from, to)));
                    }
                }
            }
        });
        Self {
            ranker,
            graph,
            legal,
            cache: TableCache::new(CACHE_CAPACITY),
        }
    }

    /// The move graph over layout ranks (illegal placements have no moves).
    pub fn graph(&self) -> &StateGraph {
        &self.graph
    }

    /// Dense index of a layout (below 15,120).
    pub fn rank(&self, layout: &Layout) -> u32 {
        self.ranker.rank(&layout.cells())
    }

    /// The layout with rank `rank`, if that placement is a legal layout.
    pub fn layout(&self, rank: u32) -> Option<Layout> {
        if !*self.legal.get(rank as usize)? {
            return None;
        }
        let mut cells = [0u8; 9];
        self.ranker.unrank_into(rank, &mut cells);
        Layout::from_cells(cells).ok()
    }

    /// Every legal layout, in rank order.
    pub fn layouts(&self) -> impl Iterator<Item = Layout> + '_ {
        (0..self.ranker.total()).filter_map(|r| self.layout(r))
    }

    /// Distances from every layout (by rank) to `target`.
    pub fn table(&self, target: &Layout) -> Arc<Vec<u8>> {
        self.cache
            .get_or_compute(self.rank(target), |&rank| self.graph.distances_from([rank]))
    }

    /// Least number of moves from `from` to `to` (level 1), `None` if unreachable.
    pub fn distance(&self, from: &Layout, to: &Layout) -> Option<u8> {
        match self.table(to)[self.rank(from) as usize] {
            UNREACHABLE => None,
            d => Some(d),
        }
    }

    /// An optimal move list from `from` to `to`.
    pub fn path(&self, from: &Layout, to: &Layout) -> Option<Vec<Move>> {
        let table = self.table(to);
        self.graph
            .path(&table, self.rank(from))
            .map(|(moves, _)| moves)
    }

    /// The least count (moves + card actions) and an optimal plan to complete `card`, and
    /// `card2` too when given (bonus challenge), from `board` at `level`. `None` if some card
    /// cannot be reached.
    ///
    /// ```
    /// use tabula_puzzles::royal::{Layout, Level, RoyalSolver};
    ///
    /// let solver = RoyalSolver::new();
    /// let pieces = Layout::parse("K.N/.Q./R.B")?;
    /// // the same layout mirrored left-right: one card action at level 3, no piece moves
    /// let card = Layout::parse("N.K/.Q./B.R")?;
    /// let plan = solver.solve(Level::Three, &pieces, &card, None).expect("reachable");
    /// assert_eq!(plan.count, 1);
    /// assert_eq!(plan.steps[0].to_string(), "mirror-lr");
    /// // the bonus challenge: both cards, in the better order
    /// let card2 = Layout::parse("BKN/RQ./...")?;
    /// let card = Layout::parse(".QN/K../B.R")?;
    /// let plan = solver.solve(Level::Three, &pieces, &card, Some(&card2)).expect("reachable");
    /// assert_eq!((plan.count, plan.order.as_slice()), (10, &[1, 2][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &self,
        level: Level,
        board: &Layout,
        card: &Layout,
        card2: Option<&Layout>,
    ) -> Option<RoyalPlan> {
        let orientations = level.orientations();
        let Some(card2) = card2 else {
            let (cost, o) = orientations
                .iter()
                .filter_map(|o| {
                    let d = self.distance(board, &card.transformed(o.symmetry))?;
                    Some((o.cost() + u32::from(d), o))
                })
                .min_by_key(|(c, o)| (*c, o.cost()))?;
            let target = card.transformed(o.symmetry);
            let mut steps: Vec<Step> = o
                .actions
                .iter()
                .map(|&action| Step::Action { card: None, action })
                .collect();
            steps.extend(self.path(board, &target)?.into_iter().map(Step::Move));
            return Some(RoyalPlan {
                count: cost,
                steps,
                order: vec![1],
                orientations: vec![o.symmetry],
            });
        };
        // Bonus challenge: both orders, every pair of orientations.
        let mut best: Option<(u32, u8, usize, usize)> = None;
        for (first_no, first, second) in [(1u8, card, card2), (2u8, card2, card)] {
            for (i, ox) in orientations.iter().enumerate() {
                let mid = first.transformed(ox.symmetry);
                let Some(d1) = self.distance(board, &mid) else {
                    continue;
                };
                for (j, oy) in orientations.iter().enumerate() {
                    let Some(d2) = self.distance(&mid, &second.transformed(oy.symmetry)) else {
                        continue;
                    };
                    let total = ox.cost() + u32::from(d1) + oy.cost() + u32::from(d2);
                    if best.is_none_or(|b| total < b.0) {
                        best = Some((total, first_no, i, j));
                    }
                }
            }
        }
        let (count, first_no, i, j) = best?;
        let (first, second, second_no) = if first_no == 1 {
            (card, card2, 2)
        } else {
            (card2, card, 1)
        };
        let (ox, oy) = (&orientations[i], &orientations[j]);
        let mid = first.transformed(ox.symmetry);
        let end = second.transformed(oy.symmetry);
        let mut steps: Vec<Step> = ox
            .actions
            .iter()
            .map(|&action| Step::Action {
                card: Some(first_no),
                action,
            })
            .collect();
        steps.extend(self.path(board, &mid)?.into_iter().map(Step::Move));
        steps.extend(oy.actions.iter().map(|&action| Step::Action {
            card: Some(second_no),
            action,
        }));
        steps.extend(self.path(&mid, &end)?.into_iter().map(Step::Move));
        Some(RoyalPlan {
            count,
            steps,
            order: vec![first_no, second_no],
            orientations: vec![ox.symmetry, oy.symmetry],
        })
    }
}
