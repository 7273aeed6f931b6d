//! The QuickChess engine's tools: `analyse` and `bench`, the UCI engine, engine matches, the
//! lesson-game solver (`solve quickchess`, `verify quickchess`), endgame tables (`tb`), and the
//! evaluation network's training records, and the QuickChess and Querni puzzles (`puzzles mine`,
//! `puzzles list`).

pub mod analyse;
pub mod matchplay;
pub mod network_file;
pub mod nnue_data;
pub mod puzzle_check;
pub mod puzzle_list;
pub mod puzzle_mine;
pub mod querni_mine;
pub mod review;
pub mod solve_chess;
pub mod solve_disk;
pub mod tablebase;
pub mod uci;
