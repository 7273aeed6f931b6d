//! A finished game as the opening explorer counts it, the speed classes as stored, what a
//! query asks and answers, and a player's row's packed plies: shared by the queries
//! ([`super::explorer`], [`super::explorer_player`]) and the batches that count games
//! ([`super::explorer_batch`]).

use super::StoreError;
use super::sql::{Arg, placeholders};

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

/// Which games a query sums.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplorerFilter {
    /// The speed classes taken.
    pub speeds: Vec<String>,
    /// Rated games only.
    pub rated_only: bool,
    /// Whose games: everyone's (within rating bands) or one player's.
    pub scope: Scope,
}

/// Everyone's games or one player's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scope {
    /// Every player's, of the bands from `.0` up to but not including `.1` (`None`: every
    /// band, the games without ratings too).
    All(Option<(u32, u32)>),
    /// One account's games with one colour (0 White, 1 Black).
    Player {
        /// The account.
        account: i64,
        /// The colour.
        color: u8,
    },
}

/// A move's sums.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    /// The move (UCI).
    pub uci: String,
    /// Games that played it.
    pub games: u64,
    /// Of them, won by White, drawn and won by Black.
    pub white: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black: u64,
    /// Games with both ratings known (the player's view: the opponent's), and their sum.
    pub rating_games: u64,
    /// The sum of their mean ratings.
    pub rating_sum: u64,
}

/// A recent game that went through a position.
#[derive(Clone, Debug, PartialEq)]
pub struct RecentGame {
    /// Its id.
    pub game: String,
    /// White's and Black's names ("deleted player" for a deleted account).
    pub names: [String; 2],
    /// Their ratings then.
    pub ratings: [Option<u32>; 2],
    /// White's score doubled.
    pub result: u8,
    /// When it ended.
    pub finished: u64,
    /// The move it played from the position.
    pub uci: String,
}

impl ExplorerFilter {
    /// The conditions on the games' kinds (rated, speed classes) of a query's table (its
    /// columns' prefix `table`: `""` or `"p."`), each after ` AND`, with their arguments added.
    pub(super) fn kinds(&self, table: &str, args: &mut Vec<Arg>) -> Result<String, StoreError> {
        let mut sql = String::new();
        if self.rated_only {
            sql.push_str(&format!(" AND {table}rated = ?{}", args.len() + 1));
            args.push(Arg::Flag(true));
        }
        sql.push_str(&format!(
            " AND {table}speed IN ({})",
            placeholders(args.len() + 1, self.speeds.len())
        ));
        for s in &self.speeds {
            args.push(speed_code(s)?);
        }
        Ok(sql)
    }
}

/// A game's plies as a player's row keeps them (`explorer_player_games.plies`): ` KEY:uci`
/// for each, KEY the position's key in 16 hex digits. A space opens each ply, so the pattern
/// of [`through`] matches a position's key only where a ply begins (hex digits and a move's
/// squares share letters).
pub(super) fn packed(plies: &[(i64, String)]) -> String {
    let mut out = String::with_capacity(plies.len() * 22);
    for (position, uci) in plies {
        out.push_str(&format!(" {:016x}:{uci}", *position as u64));
    }
    out
}

/// The `LIKE` pattern of the packed plies that go through `position`.
pub(super) fn through(position: i64) -> String {
    format!("% {:016x}:%", position as u64)
}

/// The moves the packed plies `plies` played from `position`, each once, in their order (a
/// position met twice in a game may have been left by two moves).
pub(super) fn moves_from(plies: &str, position: i64) -> Vec<&str> {
    let key = format!("{:016x}", position as u64);
    let mut out: Vec<&str> = Vec::new();
    for ply in plies.split(' ') {
        if let Some((k, uci)) = ply.split_once(':')
            && k == key
            && !out.contains(&uci)
        {
            out.push(uci);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_plies_give_back_each_positions_moves() {
        let plies = vec![
            (-5, "e2e4".to_string()),
            (0x0123_4567_89ab_cdef, "a7a8q".to_string()),
            (-5, "d2d4".to_string()),
        ];
        let p = packed(&plies);
        assert_eq!(
            p,
            " fffffffffffffffb:e2e4 0123456789abcdef:a7a8q fffffffffffffffb:d2d4"
        );
        assert_eq!(moves_from(&p, -5), ["e2e4", "d2d4"]);
        assert_eq!(moves_from(&p, 0x0123_4567_89ab_cdef), ["a7a8q"]);
        assert!(moves_from(&p, 7).is_empty());
        assert!(moves_from("", -5).is_empty());
        assert!(moves_from("garbage without keys", -5).is_empty());
        assert_eq!(through(-5), "% fffffffffffffffb:%");
    }
}
