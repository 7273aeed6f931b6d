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
