//! The targets, one file per game's notation, one for the server's inputs and one for the
//! command line's streams.

mod chess;
mod cli;
mod puzzles;
mod querni;
mod server;

use crate::Target;

/// Every target.
pub fn all() -> Vec<Box<dyn Target>> {
    vec![
        Box::new(chess::Fen),
        Box::new(querni::QuerniPosition),
        Box::new(querni::QuerniTurn),
        Box::new(puzzles::CheckMatesBoard),
        Box::new(puzzles::CheckMatesTask),
        Box::new(puzzles::RoyalLayout),
        Box::new(server::WsFrame),
        Box::new(server::HttpBody::new()),
        Box::new(cli::UciCommands),
        Box::new(cli::SolveBatch::default()),
    ]
}

/// The input as text, as the outside hands it over (invalid UTF-8 replaced, as a lossy
/// reader would).
pub(crate) fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// The first byte chooses among `n` things; the rest is the input proper.
pub(crate) fn choose(data: &[u8], n: usize) -> (usize, &[u8]) {
    match data.split_first() {
        Some((&b, rest)) => (usize::from(b) % n, rest),
        None => (0, data),
    }
}
