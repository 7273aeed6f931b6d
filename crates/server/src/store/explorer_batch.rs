//! Several finished games counted into the explorer in one transaction, their rows summed
//! first: a batch's games share their first plies (every game of a variant starts from its
//! start position, most follow a few lines), so a hundred games write far fewer rows than a
//! hundred times one game's, behind one commit.
//!
//! Why: counting one game is up to 30 row upserts (30 plies of everyone's view), a row for each
//! player and a commit; at a million games PostgreSQL took 7.8 ms a game (p50) one at a time
//! (when each player's view was 30 rows more, BENCHMARKS.md). The server counts the games that
//! end while a batch is written in the next batch ([`crate::explorer_queue`]), so the database
//! time per game falls as games end faster.
//!
//! The rows are written in the order of their primary keys, so two nodes' batches that touch
//! the same rows lock them in the same order and never wait on each other in a circle.

use super::StoreError;
use super::explorer_game::{ExplorerGame, PLIES, packed, speed_code};
use super::sql::{Arg, Step};
use std::collections::BTreeMap;

/// The most rows one statement writes (13 values a row: within both databases' bounds on a
/// statement's values).
const ROWS_PER_STATEMENT: usize = 500;

/// A row's sums: what one or more games add to it.
#[derive(Clone, Debug, Default)]
struct Sums {
    games: u32,
    white: u32,
    draws: u32,
    black: u32,
    rating_games: u32,
    rating_sum: u64,
    /// The latest game that played it, and when it ended.
    last_game: String,
    last_at: u64,
}

impl Sums {
    /// Adds one game (White's score doubled `result`, the mean rating counted if any).
    fn add(&mut self, g: &ExplorerGame, rating: Option<u32>) {
        self.games += 1;
        self.white += u32::from(g.result == 2);
        self.draws += u32::from(g.result == 1);
        self.black += u32::from(g.result == 0);
        if let Some(r) = rating {
            self.rating_games += 1;
            self.rating_sum += u64::from(r);
        }
        if self.last_game.is_empty() || g.finished >= self.last_at {
            self.last_game.clone_from(&g.game);
            self.last_at = g.finished;
        }
    }

    /// Its values, in the order of the columns after a row's keys.
    fn args(&self) -> [Arg; 8] {
        [
            Arg::int(self.games),
            Arg::int(self.white),
            Arg::int(self.draws),
            Arg::int(self.black),
            Arg::int(self.rating_games),
            Arg::big(self.rating_sum),
            Arg::text(&self.last_game),
            Arg::big(self.last_at),
        ]
    }
}

/// A row of everyone's view, in its primary key's order: position, speed, band, rated, move.
type EveryoneKey = (i64, u32, u32, bool, String);

/// A player's row: one a game and player, the game's plies packed ([`packed`]); its primary
/// key (account, colour, end, game) first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct PlayerRow {
    account: i64,
    color: u32,
    finished: u64,
    game: String,
    speed: u32,
    rated: bool,
    result: u8,
    /// The opponent's rating then.
    opponent: Option<u32>,
    plies: String,
}

impl PlayerRow {
    /// Its values in the order of [`PLAYER_COLUMNS`].
    fn args(&self) -> Vec<Arg> {
        vec![
            Arg::id(Some(self.account)),
            Arg::int(self.color),
            Arg::big(self.finished),
            Arg::text(&self.game),
            Arg::int(self.speed),
            Arg::Flag(self.rated),
            Arg::int(u32::from(self.result)),
            Arg::Int(self.opponent.map(|r| i32::try_from(r).unwrap_or(i32::MAX))),
            Arg::text(&self.plies),
        ]
    }
}

/// The columns of a player's row.
const PLAYER_COLUMNS: [&str; 9] = [
    "account",
    "color",
    "finished",
    "game",
    "speed",
    "rated",
    "result",
    "opponent_rating",
    "plies",
];

/// The rows a batch of games adds to, summed.
#[derive(Default)]
pub(super) struct BatchRows {
    everyone: BTreeMap<EveryoneKey, Sums>,
    players: Vec<PlayerRow>,
}

impl BatchRows {
    /// Adds a game's plies (at most [`PLIES`]) to the rows.
    pub(super) fn add(&mut self, g: &ExplorerGame) -> Result<(), StoreError> {
        let Arg::Int(Some(speed)) = speed_code(&g.speed)? else {
            return Err(StoreError::Refused(format!("`{}`: no speed code", g.speed)));
        };
        let speed = u32::try_from(speed).unwrap_or(0);
        let band = g.band();
        let mean = (band > 0).then(|| {
            let [w, b] = g.ratings;
            (w.unwrap_or(0) + b.unwrap_or(0)) / 2
        });
        let plies = &g.plies[..g.plies.len().min(PLIES)];
        for (position, uci) in plies {
            self.everyone
                .entry((*position, speed, band, g.rated, uci.clone()))
                .or_default()
                .add(g, mean);
        }
        for color in 0..2 {
            if let Some(account) = g.accounts[color] {
                self.players.push(PlayerRow {
                    account,
                    color: color as u32,
                    finished: g.finished,
                    game: g.game.clone(),
                    speed,
                    rated: g.rated,
                    result: g.result,
                    opponent: g.ratings[1 - color],
                    plies: packed(plies),
                });
            }
        }
        Ok(())
    }

    /// The statements that add the rows, in their keys' order.
    pub(super) fn steps(mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let everyone: Vec<_> = self.everyone.iter().collect();
        for chunk in everyone.chunks(ROWS_PER_STATEMENT) {
            let rows = chunk
                .iter()
                .map(|((position, speed, band, rated, uci), sums)| {
                    let mut row = vec![
                        Arg::Big(Some(*position)),
                        Arg::int(*speed),
                        Arg::int(*band),
                        Arg::Flag(*rated),
                        Arg::text(uci),
                    ];
                    row.extend(sums.args());
                    row
                });
            steps.push(upsert(
                "explorer_moves",
                &["position", "speed", "band", "rated", "uci"],
                rows,
            ));
        }
        // a game's rows are new (its guard holds it counted once): plain inserts
        self.players.sort();
        for chunk in self.players.chunks(ROWS_PER_STATEMENT) {
            let (sql, args) = values(chunk.iter().map(PlayerRow::args), PLAYER_COLUMNS.len());
            let sql = format!(
                "INSERT INTO explorer_player_games ({}) VALUES {sql}",
                PLAYER_COLUMNS.join(", ")
            );
            steps.push(Step::new(&sql, args));
        }
        steps
    }
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

/// The `VALUES` list of `rows` (each `width` values) and their arguments, numbered from 1.
fn values(rows: impl Iterator<Item = Vec<Arg>>, width: usize) -> (String, Vec<Arg>) {
    let mut args = Vec::new();
    let mut values = Vec::new();
    for row in rows {
        let first = args.len();
        values.push(format!(
            "({})",
            (first + 1..=first + width)
                .map(|k| format!("?{k}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        args.extend(row);
    }
    (values.join(", "), args)
}

/// One statement adding `rows` (each the values of `keys`, then of [`COUNTED`]) to `table`.
fn upsert(table: &str, keys: &[&str], rows: impl Iterator<Item = Vec<Arg>>) -> Step {
    let (values, args) = values(rows, keys.len() + COUNTED.len());
    let sums = COUNTED[..6]
        .iter()
        .map(|c| format!("{c} = {table}.{c} + excluded.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let newer = format!("excluded.last_at >= {table}.last_at");
    let sql = format!(
        "INSERT INTO {table} ({keys}, {counted}) VALUES {values} \
         ON CONFLICT ({keys}) DO UPDATE SET {sums}, \
         last_game = CASE WHEN {newer} THEN excluded.last_game ELSE {table}.last_game END, \
         last_at = CASE WHEN {newer} THEN excluded.last_at ELSE {table}.last_at END",
        keys = keys.join(", "),
        counted = COUNTED.join(", "),
    );
    Step::new(&sql, args)
}
