//! The opening explorer's statistics, stored once for both databases (every [`Dialect`] is an
//! [`ExplorerStore`]): each finished game counted once into per-position, per-move sums by
//! bucket (speed class, rating band, rated or not), and per player and colour.
//!
//! Why sums by bucket and not a scan of the games: a query must answer in milliseconds with a
//! million games stored, and the start position is in every one of them. A position's rows are
//! few (one per move and bucket) and contiguous in the primary key, so a query reads a few
//! hundred rows at most wherever the position is; a game costs one transaction of three or four
//! statements (each of many rows), whatever its length.

use super::StoreError;
use super::sql::{Arg, Dialect, Row, Step, placeholders};

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
fn speed_code(speed: &str) -> Result<Arg, StoreError> {
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

/// The explorer's records.
#[async_trait::async_trait]
pub trait ExplorerStore: Send + Sync {
    /// Counts a finished game; `false` when it was counted before (nothing changes then).
    async fn count_game(&self, g: &ExplorerGame) -> Result<bool, StoreError>;
    /// The moves played from `position` (a key of the variant and position) in the games
    /// `filter` takes, most played first.
    async fn explorer_moves(
        &self,
        position: i64,
        filter: &ExplorerFilter,
    ) -> Result<Vec<MoveStats>, StoreError>;
    /// The latest games (at most `limit`) `filter` takes that went through `position`, newest
    /// first (the latest of each move and bucket: see the migration).
    async fn explorer_recent(
        &self,
        position: i64,
        filter: &ExplorerFilter,
        limit: usize,
    ) -> Result<Vec<RecentGame>, StoreError>;
}

/// The table and conditions of a query after `position = ?1`, with their arguments added.
fn conditions(
    filter: &ExplorerFilter,
    args: &mut Vec<Arg>,
) -> Result<(&'static str, String), StoreError> {
    let mut sql = String::new();
    let table = match filter.scope {
        Scope::All(bands) => {
            if let Some((lo, hi)) = bands {
                sql.push_str(&format!(
                    " AND band >= ?{} AND band < ?{}",
                    args.len() + 1,
                    args.len() + 2
                ));
                args.push(Arg::int(lo));
                args.push(Arg::int(hi));
            }
            "explorer_moves"
        }
        Scope::Player { account, color } => {
            sql.push_str(&format!(
                " AND account = ?{} AND color = ?{}",
                args.len() + 1,
                args.len() + 2
            ));
            args.push(Arg::id(Some(account)));
            args.push(Arg::int(u32::from(color)));
            "explorer_player_moves"
        }
    };
    if filter.rated_only {
        sql.push_str(&format!(" AND rated = ?{}", args.len() + 1));
        args.push(Arg::Flag(true));
    }
    sql.push_str(&format!(
        " AND speed IN ({})",
        placeholders(args.len() + 1, filter.speeds.len())
    ));
    for s in &filter.speeds {
        args.push(speed_code(s)?);
    }
    Ok((table, sql))
}

/// One table's upsert of a game's plies: `shared` holds the values of the `keys` columns and
/// then of [`COUNTED`], the same in every row (`?1` ...); each ply adds its position and move.
fn upsert(table: &str, keys: &[&str], shared: Vec<Arg>, plies: &[(i64, String)]) -> Step {
    let n = shared.len();
    let same: Vec<String> = (1..=n).map(|k| format!("?{k}")).collect();
    let rows: Vec<String> = (0..plies.len())
        .map(|i| {
            format!(
                "({}, ?{}, ?{})",
                same.join(", "),
                n + 2 * i + 1,
                n + 2 * i + 2
            )
        })
        .collect();
    let sums = COUNTED[..6]
        .iter()
        .map(|c| format!("{c} = {table}.{c} + excluded.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let newer = format!("excluded.last_at >= {table}.last_at");
    let sql = format!(
        "INSERT INTO {table} ({keys}, {counted}, position, uci) VALUES {rows} \
         ON CONFLICT ({keys}, position, uci) DO UPDATE SET {sums}, \
         last_game = CASE WHEN {newer} THEN excluded.last_game ELSE {table}.last_game END, \
         last_at = CASE WHEN {newer} THEN excluded.last_at ELSE {table}.last_at END",
        keys = keys.join(", "),
        counted = COUNTED.join(", "),
        rows = rows.join(", "),
    );
    let mut args = shared;
    for (position, uci) in plies {
        args.push(Arg::Big(Some(*position)));
        args.push(Arg::text(uci));
    }
    Step::new(&sql, args)
}

/// The columns every counted row adds to, after its key columns.
const COUNTED: [&str; 8] = [
    "games",
    "white",
    "draws",
    "black",
    "rating_games",
    "rating_sum",
    "last_game",
    "last_at",
];

/// The values of [`COUNTED`] for one game (`rating`: the mean rating counted, if any).
fn counted(g: &ExplorerGame, rating: Option<u32>) -> Vec<Arg> {
    vec![
        Arg::int(1),
        Arg::int(u32::from(g.result == 2)),
        Arg::int(u32::from(g.result == 1)),
        Arg::int(u32::from(g.result == 0)),
        Arg::int(u32::from(rating.is_some())),
        Arg::big(u64::from(rating.unwrap_or(0))),
        Arg::text(&g.game),
        Arg::big(g.finished),
    ]
}

fn rating(r: Option<u32>) -> Arg {
    Arg::Int(r.map(|r| i32::try_from(r).unwrap_or(i32::MAX)))
}

fn stats(r: &Row) -> Result<MoveStats, StoreError> {
    let n = |i| r.big(i).map(|v| u64::try_from(v).unwrap_or(0));
    Ok(MoveStats {
        uci: r.text(0)?,
        games: n(1)?,
        white: n(2)?,
        draws: n(3)?,
        black: n(4)?,
        rating_games: n(5)?,
        rating_sum: n(6)?,
    })
}

fn opt_rating(r: &Row, i: usize) -> Result<Option<u32>, StoreError> {
    r.opt_count(i)
}

#[async_trait::async_trait]
impl<D: Dialect> ExplorerStore for D {
    async fn count_game(&self, g: &ExplorerGame) -> Result<bool, StoreError> {
        let speed = speed_code(&g.speed)?;
        let guard = Step::must_change(
            "INSERT INTO explorer_games (game, variant, white, black, white_account, \
             black_account, white_rating, black_rating, result, speed, rated, finished) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) \
             ON CONFLICT (game) DO NOTHING",
            vec![
                Arg::text(&g.game),
                Arg::text(&g.variant),
                Arg::text(&g.names[0]),
                Arg::text(&g.names[1]),
                Arg::id(g.accounts[0]),
                Arg::id(g.accounts[1]),
                rating(g.ratings[0]),
                rating(g.ratings[1]),
                Arg::int(u32::from(g.result)),
                speed.clone(),
                Arg::Flag(g.rated),
                Arg::big(g.finished),
            ],
        );
        let mut steps = vec![guard];
        let plies = &g.plies[..g.plies.len().min(PLIES)];
        if !plies.is_empty() {
            let band = g.band();
            let mean = (band > 0).then(|| {
                let [w, b] = g.ratings;
                (w.unwrap_or(0) + b.unwrap_or(0)) / 2
            });
            let mut shared = vec![speed.clone(), Arg::int(band), Arg::Flag(g.rated)];
            shared.extend(counted(g, mean));
            steps.push(upsert(
                "explorer_moves",
                &["speed", "band", "rated"],
                shared,
                plies,
            ));
            for color in 0..2 {
                let Some(account) = g.accounts[color] else {
                    continue;
                };
                let mut shared = vec![
                    Arg::id(Some(account)),
                    Arg::int(color as u32),
                    speed.clone(),
                    Arg::Flag(g.rated),
                ];
                shared.extend(counted(g, g.ratings[1 - color]));
                steps.push(upsert(
                    "explorer_player_moves",
                    &["account", "color", "speed", "rated"],
                    shared,
                    plies,
                ));
            }
        }
        Ok(self.transaction(steps).await?.is_some())
    }

    async fn explorer_moves(
        &self,
        position: i64,
        filter: &ExplorerFilter,
    ) -> Result<Vec<MoveStats>, StoreError> {
        let mut args = vec![Arg::Big(Some(position))];
        let (table, and) = conditions(filter, &mut args)?;
        let sql = format!(
            "SELECT uci, CAST(SUM(games) AS BIGINT), CAST(SUM(white) AS BIGINT), \
             CAST(SUM(draws) AS BIGINT), CAST(SUM(black) AS BIGINT), \
             CAST(SUM(rating_games) AS BIGINT), CAST(SUM(rating_sum) AS BIGINT) FROM {table} \
             WHERE position = ?1{and} GROUP BY uci ORDER BY 2 DESC, uci"
        );
        self.rows(&sql, args).await?.iter().map(stats).collect()
    }

    async fn explorer_recent(
        &self,
        position: i64,
        filter: &ExplorerFilter,
        limit: usize,
    ) -> Result<Vec<RecentGame>, StoreError> {
        let mut args = vec![Arg::Big(Some(position))];
        let (table, and) = conditions(filter, &mut args)?;
        let limit_arg = args.len() + 1;
        args.push(Arg::big(limit as u64 * 4));
        // the latest rows first; a game may be the latest of several buckets' rows of one
        // move, so a few more rows than games are read and the repeats dropped
        let sql = format!(
            "SELECT m.last_game, CASE WHEN wa.deleted IS NOT NULL THEN 'deleted player' \
             ELSE g.white END, CASE WHEN ba.deleted IS NOT NULL THEN 'deleted player' \
             ELSE g.black END, g.white_rating, g.black_rating, g.result, g.finished, m.uci \
             FROM (SELECT last_game, last_at, uci FROM {table} WHERE position = ?1{and} \
             ORDER BY last_at DESC LIMIT ?{limit_arg}) m \
             JOIN explorer_games g ON g.game = m.last_game \
             LEFT JOIN accounts wa ON wa.id = g.white_account \
             LEFT JOIN accounts ba ON ba.id = g.black_account \
             ORDER BY m.last_at DESC"
        );
        let mut out: Vec<RecentGame> = Vec::new();
        for r in self.rows(&sql, args).await? {
            let game = r.text(0)?;
            if out.iter().any(|g| g.game == game) {
                continue;
            }
            out.push(RecentGame {
                game,
                names: [r.text(1)?, r.text(2)?],
                ratings: [opt_rating(&r, 3)?, opt_rating(&r, 4)?],
                result: u8::try_from(r.count(5)?).unwrap_or(1),
                finished: r.time(6)?,
                uci: r.text(7)?,
            });
            if out.len() == limit {
                break;
            }
        }
        Ok(out)
    }
}
