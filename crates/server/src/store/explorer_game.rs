//! A finished game as the opening explorer counts it, and the speed classes as stored: shared
//! by the queries ([`super::explorer`]) and the batches that count games
//! ([`super::explorer_batch`]).

use super::StoreError;
use super::sql::Arg;

/// The most plies of a game the explorer counts.
pub const PLIES: usize = 30;

/// The speed classes, each stored as its place in this list: the rating pools' classes and
/// `computer` for games against the computer. Append only (the numbers are in the database).
pub const SPEEDS: [&str; 8] = [
    "ultrabullet",
    "bullet",
    "blitz",
    "rapid",
    "classical",
    "correspondence",
    "untimed",
    "computer",
];

/// The stored number of a speed class.
pub(super) fn speed_code(speed: &str) -> Result<Arg, StoreError> {
    SPEEDS
        .iter()
        .position(|s| *s == speed)
        .map(|i| Arg::int(i as u32))
        .ok_or_else(|| StoreError::Refused(format!("`{speed}` is not a speed class")))
}

/// A finished game as the explorer counts it.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplorerGame {
    /// The game's id.
    pub game: String,
    /// Its variant's name.
    pub variant: String,
    /// White's and Black's names as shown.
    pub names: [String; 2],
    /// White's and Black's accounts (guests and the computer have none).
    pub accounts: [Option<i64>; 2],
    /// White's and Black's ratings when the game began, where known.
    pub ratings: [Option<u32>; 2],
    /// White's score doubled: 2 a win, 1 a draw, 0 a loss.
    pub result: u8,
    /// The speed class (`blitz`, ..., `computer` against the computer).
    pub speed: String,
    /// Whether the game was rated.
    pub rated: bool,
    /// When it ended (ms since the Unix epoch).
    pub finished: u64,
    /// Each position's key (the variant's name is in it) and the move played from it, each
    /// pair once (a repeated position with the same move counts once), at most [`PLIES`].
    pub plies: Vec<(i64, String)>,
}

impl ExplorerGame {
    /// The band of the two players' mean rating, in hundreds (1500 for a mean of 1550); 0 when
    /// either rating is unknown.
    pub fn band(&self) -> u32 {
        match self.ratings {
            [Some(w), Some(b)] => (w + b) / 2 / 100 * 100,
            _ => 0,
        }
    }
}
