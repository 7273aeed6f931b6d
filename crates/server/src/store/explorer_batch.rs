//! Several finished games counted into the explorer in one transaction, their rows summed
//! first: a batch's games share their first plies (every game of a variant starts from its
//! start position, most follow a few lines), so a hundred games write far fewer rows than a
//! hundred times one game's, behind one commit.
//!
//! Why: counting one game is up to 90 row upserts (30 plies, everyone's view and each player's)
//! and a commit; at a million games PostgreSQL took 7.8 ms a game (p50) that way. The server
//! counts the games that end while a batch is written in the next batch
//! ([`crate::explorer_queue`]), so the database time per game falls as games end faster.
//!
//! The rows are written in the order of their primary keys, so two nodes' batches that touch
//! the same rows lock them in the same order and never wait on each other in a circle.

use super::StoreError;
use super::explorer_game::{ExplorerGame, PLIES, speed_code};
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
/// A row of a player's view, in its primary key's order: account, colour, position, speed,
/// rated, move.
type PlayerKey = (i64, u32, i64, u32, bool, String);

/// The rows a batch of games adds to, summed.
#[derive(Default)]
pub(super) struct BatchRows {
    everyone: BTreeMap<EveryoneKey, Sums>,
    players: BTreeMap<PlayerKey, Sums>,
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
        for (position, uci) in &g.plies[..g.plies.len().min(PLIES)] {
            self.everyone
                .entry((*position, speed, band, g.rated, uci.clone()))
                .or_default()
                .add(g, mean);
            for color in 0..2 {
                if let Some(account) = g.accounts[color] {
                    self.players
                        .entry((
                            account,
                            color as u32,
                            *position,
                            speed,
                            g.rated,
                            uci.clone(),
                        ))
                        .or_default()
                        .add(g, g.ratings[1 - color]);
                }
            }
        }
        Ok(())
    }

    /// The statements that add the rows, in their keys' order.
    pub(super) fn steps(&self) -> Vec<Step> {
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
        let players: Vec<_> = self.players.iter().collect();
        for chunk in players.chunks(ROWS_PER_STATEMENT) {
            let rows = chunk
                .iter()
                .map(|((account, color, position, speed, rated, uci), sums)| {
                    let mut row = vec![
                        Arg::id(Some(*account)),
                        Arg::int(*color),
                        Arg::Big(Some(*position)),
                        Arg::int(*speed),
                        Arg::Flag(*rated),
                        Arg::text(uci),
                    ];
                    row.extend(sums.args());
                    row
                });
            steps.push(upsert(
                "explorer_player_moves",
                &["account", "color", "position", "speed", "rated", "uci"],
                rows,
            ));
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

/// One statement adding `rows` (each the values of `keys`, then of [`COUNTED`]) to `table`.
fn upsert(table: &str, keys: &[&str], rows: impl Iterator<Item = Vec<Arg>>) -> Step {
    let width = keys.len() + COUNTED.len();
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
        values = values.join(", "),
    );
    Step::new(&sql, args)
}
