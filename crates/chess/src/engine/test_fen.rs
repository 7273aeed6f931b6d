//! FEN helpers for the engine's symmetry tests.

/// The same position with the colours swapped (ranks reversed, the other side to move);
/// castling, en passant and the move counters are dropped: the evaluations do not read them.
pub(crate) fn colours_swapped(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let turn = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {turn} - - 0 1", board.join("/"))
}
