//! The Royal Study: five chess pieces on a 3x3 board and cards to reach (RULES.md section 2).
//!
//! A layout shows the king, queen, rook, bishop and knight on the board. The bishop always
//! stands on a dark square (`a1 c1 b2 a3 c3`) and the knight never on `b2`; legal moves can
//! break neither rule, and 7,560 layouts obey both. Level 1 asks for a card's layout exactly;
//! level 2 lets the executor turn the card (each quarter turn costs a move); level 3 also lets
//! them mirror it. The bonus challenge has two cards, completed in either order.

pub mod bot;
pub mod deck;
mod execution;
mod layout;
mod level;
pub mod matchplay;
pub mod solo;
mod solver;
pub mod stats;
pub mod verify;

pub use execution::{Execution, StepError};
pub use layout::{DARK_SQUARES, Layout, PIECE_LETTERS, PIECE_NAMES};
pub use level::{CardAction, Level, Orientation, UnknownLevel};
pub use solver::{RoyalPlan, RoyalSolver, Step};
