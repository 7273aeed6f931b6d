//! Positions and their rules, asked from the terminal: QuickChess and chess (`perft`, `moves`,
//! `variants`) and Querni (`querni new|moves|play|best|prove|coverage`, `simulate querni`).

pub mod chess;
pub mod querni;
pub mod querni_proof;
