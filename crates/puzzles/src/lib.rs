//! Check Mates and The Royal Study: the two 3x3 "how many moves?" puzzle games.
//!
//! Both games ask the same question: from this layout of tokens, what is the least number of
//! moves that reaches a target? Their state spaces are tiny (22,680 sliding boards, 181,440
//! chess-side boards, 7,560 Royal Study layouts), so every answer here is exact: a state is
//! ranked into a dense integer ([`tabula_core::ArrangementRanker`]), the whole move graph is
//! built once ([`graph::StateGraph`]), and a breadth-first search from all goal states gives the
//! distance of every state to the goal in one pass. Queries are then table look-ups, and an
//! optimal move list is read off by stepping to any neighbour one closer.
//!
//! - [`checkmates`]: tokens, boards, tasks (met under rotation), the solver, the proof checker
//!   and the deck generator of Check Mates (sliding and chess sides).
//! - [`royal`]: layouts, card turns and mirrors, levels 1-3 and the bonus challenge, the solver,
//!   proof checker, deck generator and state-space statistics of The Royal Study.
//!
//! Everything is pure: no I/O, no clocks, randomness only from a seed.
//!
//! # Examples
//!
//! The least number of moves that meets a Check Mates task, and one optimal proof, which the
//! referee accepts:
//!
//! ```
//! use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, Task, verify};
//!
//! let solver = CheckMatesSolver::new(Side::Sliding);
//! let board = Board::parse(Side::Sliding, "bgr/.j./rbg")?;
//! let task = Task::parse(Side::Sliding, "b../r../...")?;
//! let solution = solver.solve(&board, &task).expect("this task can be met");
//! assert_eq!(tabula_puzzles::moves::format_moves(&solution.moves), "a1-a2");
//! assert_eq!(solution.end.to_string(), "bgr/rj./.bg");
//!
//! let report = verify::referee(&board, &task, 1, &solution.moves);
//! assert!(report.success);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The Royal Study at level 2, where turning the card costs a move too:
//!
//! ```
//! use tabula_puzzles::royal::{Layout, Level, RoyalSolver};
//!
//! let solver = RoyalSolver::new();
//! let pieces = Layout::parse("K.N/.Q./R.B")?;
//! let card = Layout::parse(".QN/K../B.R")?;
//! let plan = solver.solve(Level::Two, &pieces, &card, None).expect("every layout is reachable");
//! assert_eq!(plan.count, 5);
//! let steps: Vec<String> = plan.steps.iter().map(ToString::to_string).collect();
//! assert_eq!(steps, ["b2-b3", "c1-b2", "a1-c1", "b2-a1", "a3-a2"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod bots;
mod cache;
pub mod checkmates;
pub mod graph;
pub mod mover;
pub mod moves;
pub mod notation;
pub mod proof;
pub mod royal;
pub mod sim;

pub use moves::{IllegalMove, Move, MoveError};
pub use notation::NotationError;
