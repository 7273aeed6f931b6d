//! The exact Check Mates solver.
//!
//! All boards of a side are ranked densely (22,680 sliding, 181,440 chess) and the move graph
//! is built once. For a task, the set of goal boards is assembled with bit-set algebra from
//! per-square, per-token occupancy sets ("token t stands on square s"): a rotation of the
//! pattern is met where, for each constrained square, one of the allowed tokens stands there;
//! the goal set is the union over the four rotations. One breadth-first search from the goal
//! set then gives every board's optimal distance. Tables are cached by the task's canonical
//! rotation, so repeated queries on one task are look-ups.

use super::{Board, Side, Task};
use crate::cache::TableCache;
use crate::graph::{StateGraph, UNREACHABLE};
use crate::mover::MoveTable;
use crate::moves::Move;
use serde::Serialize;
use std::sync::{Arc, OnceLock};
use tabula_core::{ArrangementRanker, Symmetry};

/// How many task tables the cache keeps (a chess-side table is 177 KiB).
const CACHE_CAPACITY: usize = 128;

/// The distance of every board of a side to a task.
#[derive(Clone, Debug)]
pub struct TaskTable {
    task: Task,
    dist: Vec<u8>,
    goals: u32,
}

impl TaskTable {
    /// The task, in its canonical rotation.
    pub fn task(&self) -> Task {
        self.task
    }

    /// Optimal number of moves from the board with rank `rank`, `None` if the task cannot be met.
    pub fn distance(&self, rank: u32) -> Option<u8> {
        match self.dist.get(rank as usize) {
            Some(&d) if d != UNREACHABLE => Some(d),
            _ => None,
        }
    }

    /// Number of boards that meet the task.
    pub fn goal_count(&self) -> u32 {
        self.goals
    }

    /// Whether the task can be met at all (some board meets it).
    pub fn is_solvable(&self) -> bool {
        self.goals > 0
    }

    /// Raw distances by board rank ([`UNREACHABLE`] where the task cannot be met).
    pub fn distances(&self) -> &[u8] {
        &self.dist
    }
}

/// An optimal solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in order; as few as possible.
    pub moves: Vec<Move>,
    /// The board after the moves.
    pub end: Board,
    /// The rotation of the task that the end board meets.
    pub rotation: Symmetry,
}

/// How hard a task is over every legal setup (`b2` and one other square empty).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Difficulty {
    /// Mean optimal number of moves over all setups.
    pub mean: f64,
    /// Largest optimal number of moves over all setups.
    pub max: u8,
    /// A setup that needs `max` moves (the first in rank order).
    pub worst_setup: String,
    /// How many setups were measured (5,040 sliding, 40,320 chess).
    pub setups: u32,
}

/// The solver for one side. Building it takes a fraction of a second (the chess side's
/// graph has 181,440 boards); after that every task costs one BFS, then look-ups.
pub struct CheckMatesSolver {
    side: Side,
    ranker: ArrangementRanker,
    graph: StateGraph,
    /// `occupancy[(square * kinds + token) * words + w]`: boards with `token` on `square`.
    occupancy: Vec<u64>,
    words: usize,
    setups: Vec<u32>,
    /// Boards reachable from some setup (bit-set over ranks), computed on first use.
    in_play: OnceLock<Vec<u64>>,
    cache: TableCache<Task, TaskTable>,
}

impl CheckMatesSolver {
    /// Builds the move graph of `side`.
    pub fn new(side: Side) -> Self {
        let ranker =
            ArrangementRanker::new(side.counts()).expect("Check Mates boards have 9 squares");
        let n = ranker.total();
        let tables: Vec<MoveTable> = (0..=side.token_kinds())
            .map(|code| MoveTable::new(side.mover(code)))
            .collect();
        let kinds = side.token_kinds() as usize + 1;
        let words = (n as usize).div_ceil(64);
        let mut occupancy = vec![0u64; 9 * kinds * words];
        let mut setups = Vec::new();
        let mut cells = [0u8; 9];
        let mut next = [0u8; 9];
        let graph = StateGraph::build(n, |rank, out| {
            ranker.unrank_into(rank, &mut cells);
            let (w, bit) = (rank as usize / 64, 1u64 << (rank % 64));
            let mut occupied = 0u64;
            for (sq, &t) in cells.iter().enumerate() {
                occupancy[(sq * kinds + t as usize) * words + w] |= bit;
                if t != 0 {
                    occupied |= 1 << sq;
                }
            }
            if cells[super::board::CENTRE as usize] == 0 {
                setups.push(rank);
            }
            for from in 0..9u8 {
                let t = cells[from as usize];
                if t == 0 {
                    continue;
                }
                for &(to, over) in tables[t as usize].targets(from) {
                    if cells[to as usize] == 0 && over.0 & occupied == 0 {
                        next = cells;
                        next.swap(from as usize, to as usize);
                        out.push((ranker.rank(&next), Move::new(from, to)));
                    }
                }
            }
        });
        Self {
            side,
            ranker,
            graph,
            occupancy,
            words,
            setups,
            in_play: OnceLock::new(),
            cache: TableCache::new(CACHE_CAPACITY),
        }
    }

    /// The side this solver plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The move graph.
    pub fn graph(&self) -> &StateGraph {
        &self.graph
    }

    /// Number of boards (all arrangements of the side's tokens).
    pub fn board_count(&self) -> u32 {
        self.ranker.total()
    }

    /// Dense index of a board.
    pub fn rank(&self, board: &Board) -> u32 {
        self.ranker.rank(&board.cells())
    }

    /// The board with dense index `rank` (`rank < board_count()`).
    pub fn board(&self, rank: u32) -> Board {
        let mut cells = [0u8; 9];
        self.ranker.unrank_into(rank, &mut cells);
        Board::from_cells(self.side, cells).expect("unranked boards have the side's tokens")
    }

    /// Ranks of all legal setups (`b2` empty), in increasing order.
    pub fn setups(&self) -> &[u32] {
        &self.setups
    }

    fn in_play_set(&self) -> &[u64] {
        self.in_play.get_or_init(|| {
            let dist = self.graph.distances_from(self.setups.iter().copied());
            let mut set = vec![0u64; self.words];
            for (r, &d) in dist.iter().enumerate() {
                if d != UNREACHABLE {
                    set[r / 64] |= 1 << (r % 64);
                }
            }
            set
        })
    }

    /// Number of boards reachable by moves from some legal setup.
    pub fn reachable_from_setups(&self) -> u32 {
        self.in_play_set().iter().map(|w| w.count_ones()).sum()
    }

    /// Whether `board` can arise in play (is reachable from some legal setup). On the chess
    /// side a knight can never reach or leave `b2`, so boards with a knight there cannot.
    pub fn in_play(&self, board: &Board) -> bool {
        let r = self.rank(board) as usize;
        board.side() == self.side && self.in_play_set()[r / 64] >> (r % 64) & 1 == 1
    }

    fn occupancy_set(&self, square: u8, token: u8) -> &[u64] {
        let kinds = self.side.token_kinds() as usize + 1;
        let start = (square as usize * kinds + token as usize) * self.words;
        &self.occupancy[start..start + self.words]
    }

    /// The goal boards of `task` as a bit-set over ranks.
    fn goal_set(&self, task: &Task) -> Vec<u64> {
        let masks = self.side.constraint_masks();
        let n = self.ranker.total() as usize;
        let mut goals = vec![0u64; self.words];
        let mut seen = Vec::with_capacity(4);
        for rotation in Symmetry::ROTATIONS {
            let pattern = task.transformed(rotation);
            if seen.contains(&pattern) {
                continue; // a symmetric task: this rotation adds nothing
            }
            seen.push(pattern);
            let mut met = vec![u64::MAX; self.words];
            if !n.is_multiple_of(64) {
                met[self.words - 1] = (1u64 << (n % 64)) - 1;
            }
            for (sq, &c) in pattern.cells().iter().enumerate() {
                if c == 0 {
                    continue;
                }
                let allowed = masks[c as usize - 1];
                let mut any = vec![0u64; self.words];
                for token in 1..=self.side.token_kinds() {
                    if allowed >> token & 1 == 1 {
                        for (a, o) in any.iter_mut().zip(self.occupancy_set(sq as u8, token)) {
                            *a |= o;
                        }
                    }
                }
                for (m, a) in met.iter_mut().zip(&any) {
                    *m &= a;
                }
            }
            for (g, m) in goals.iter_mut().zip(&met) {
                *g |= m;
            }
        }
        goals
    }

    /// Computes the distance table of `task` without touching the cache.
    pub fn compute_table(&self, task: &Task) -> TaskTable {
        let goal_set = self.goal_set(task);
        let goals = goal_set.iter().map(|w| w.count_ones()).sum();
        TaskTable {
            task: task.canonical(),
            dist: self.graph.distances_from_set(&goal_set),
            goals,
        }
    }

    /// The distance table of `task`, from the cache when it was computed before.
    /// Tasks of the other side give `None`.
    pub fn table(&self, task: &Task) -> Option<Arc<TaskTable>> {
        if task.side() != self.side {
            return None;
        }
        Some(
            self.cache
                .get_or_compute(task.canonical(), |key| self.compute_table(key)),
        )
    }

    /// Optimal number of moves from `board` to `task`: `None` when the task cannot be met
    /// (or board and task belong to another side).
    pub fn distance(&self, board: &Board, task: &Task) -> Option<u8> {
        if board.side() != self.side {
            return None;
        }
        self.table(task)?.distance(self.rank(board))
    }

    /// An optimal solution from `board` to `task`, or `None` when the task cannot be met.
    ///
    /// ```
    /// use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, Task};
    ///
    /// let solver = CheckMatesSolver::new(Side::Chess);
    /// let board = Board::parse(Side::Chess, "Rn./.Kq/QNr")?;
    /// // a knight (either colour) on a3, any white piece on c3, any black one on a2 and a
    /// // queen on c1, or the same pattern turned
    /// let task = Task::parse(Side::Chess, "N.w/b../..Q")?;
    /// let solution = solver.solve(&board, &task).expect("this task can be met");
    /// assert_eq!(solution.moves.len(), 3);
    /// assert_eq!(Some(3), solver.distance(&board, &task));
    /// // a task that no board meets: four rooks (there are two)
    /// let impossible = Task::parse(Side::Chess, "RRR/R../...")?;
    /// assert!(solver.solve(&board, &impossible).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, board: &Board, task: &Task) -> Option<Solution> {
        if board.side() != self.side {
            return None;
        }
        let table = self.table(task)?;
        self.solve_with(&table, board, task)
    }

    /// Like [`Self::solve`] with a table already in hand.
    pub fn solve_with(&self, table: &TaskTable, board: &Board, task: &Task) -> Option<Solution> {
        let (moves, end_rank) = self.graph.path(&table.dist, self.rank(board))?;
        let end = self.board(end_rank);
        let rotation = task.met_by(&end)?;
        Some(Solution {
            moves,
            end,
            rotation,
        })
    }

    /// Mean and maximum optimal distance over all legal setups; `None` if the task cannot be met.
    pub fn difficulty(&self, task: &Task) -> Option<Difficulty> {
        let table = self.table(task)?;
        let mut sum = 0u64;
        let mut worst = (0u8, self.setups[0]);
        for &s in &self.setups {
            let d = table.distance(s)?;
            sum += u64::from(d);
            if d > worst.0 {
                worst = (d, s);
            }
        }
        Some(Difficulty {
            mean: sum as f64 / self.setups.len() as f64,
            max: worst.0,
            worst_setup: self.board(worst.1).to_string(),
            setups: self.setups.len() as u32,
        })
    }
}
