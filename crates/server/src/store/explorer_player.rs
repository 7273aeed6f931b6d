//! A player's view of the opening explorer (`player=NAME&color=...`): one row a game and
//! player (`explorer_player_games`) with the game's plies packed in a text
//! ([`super::explorer_game::packed`]), read and summed when asked.
//!
//! Why not sums by position as for everyone's view: those were 30 rows a player and game, two
//! thirds of a counted game's rows and of its database time. One player's games are few beside
//! everyone's, and the rows of one account and colour sit together in the primary key, so a
//! query reads them there (`LIKE` on the packed plies keeps the games that went through the
//! position) and sums them in milliseconds, while counting a game writes 2 rows for its players
//! instead of 60. BENCHMARKS.md, "The opening explorer", has both sides' numbers.

use super::StoreError;
use super::explorer_game::{ExplorerFilter, MoveStats, RecentGame, moves_from, through};
use super::sql::{Arg, Dialect, Row};
use std::collections::HashMap;

/// Rows read at a time: a player with many games is summed a page at a time, in constant
/// memory.
const PAGE: usize = 1000;

/// Whose rows and which: the conditions after `WHERE`, with their arguments added (`p` is the
/// players' table).
fn conditions(
    account: i64,
    color: u8,
    position: i64,
    filter: &ExplorerFilter,
    args: &mut Vec<Arg>,
) -> Result<String, StoreError> {
    let first = args.len();
    args.push(Arg::id(Some(account)));
    args.push(Arg::int(u32::from(color)));
    args.push(Arg::Text(Some(through(position))));
    let mut sql = format!(
        "p.account = ?{} AND p.color = ?{} AND p.plies LIKE ?{}",
        first + 1,
        first + 2,
        first + 3
    );
    sql.push_str(&filter.kinds("p.", args)?);
    Ok(sql)
}

/// The moves `account` with `color` met from `position` in the games `filter` takes, most
/// played first; the ratings summed are the opponents'.
pub(super) async fn moves<D: Dialect + ?Sized>(
    db: &D,
    account: i64,
    color: u8,
    position: i64,
    filter: &ExplorerFilter,
) -> Result<Vec<MoveStats>, StoreError> {
    let mut sums: HashMap<String, MoveStats> = HashMap::new();
    // the next page starts after the last row read (the key's order, newest first)
    let mut after: Option<(i64, String)> = None;
    loop {
        let mut args = Vec::new();
        let mut sql = format!(
            "SELECT p.finished, p.game, p.result, p.opponent_rating, p.plies \
             FROM explorer_player_games p WHERE {}",
            conditions(account, color, position, filter, &mut args)?
        );
        if let Some((finished, game)) = &after {
            let n = args.len();
            sql.push_str(&format!(
                " AND (p.finished < ?{} OR (p.finished = ?{} AND p.game < ?{}))",
                n + 1,
                n + 1,
                n + 2
            ));
            args.push(Arg::Big(Some(*finished)));
            args.push(Arg::text(game));
        }
        sql.push_str(&format!(
            " ORDER BY p.finished DESC, p.game DESC LIMIT ?{}",
            args.len() + 1
        ));
        args.push(Arg::big(PAGE as u64));
        let rows = db.rows(&sql, args).await?;
        for r in &rows {
            add(&mut sums, r, position)?;
        }
        match rows.last() {
            Some(last) if rows.len() == PAGE => after = Some((last.big(0)?, last.text(1)?)),
            _ => break,
        }
    }
    let mut out: Vec<MoveStats> = sums.into_values().collect();
    out.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.uci.cmp(&b.uci)));
    Ok(out)
}

/// Adds a game's row (finished, game, White's score doubled, the opponent's rating, the
/// plies) to the sums of the moves it played from `position`.
fn add(sums: &mut HashMap<String, MoveStats>, r: &Row, position: i64) -> Result<(), StoreError> {
    let result = r.count(2)?;
    let opponent = r.opt_count(3)?;
    let plies = r.text(4)?;
    for uci in moves_from(&plies, position) {
        let s = sums.entry(uci.to_string()).or_insert_with(|| MoveStats {
            uci: uci.to_string(),
            games: 0,
            white: 0,
            draws: 0,
            black: 0,
            rating_games: 0,
            rating_sum: 0,
        });
        s.games += 1;
        s.white += u64::from(result == 2);
        s.draws += u64::from(result == 1);
        s.black += u64::from(result == 0);
        if let Some(rating) = opponent {
            s.rating_games += 1;
            s.rating_sum += u64::from(rating);
        }
    }
    Ok(())
}

/// The latest games (at most `limit`) of `account` with `color` that `filter` takes and that
/// went through `position`, newest first.
pub(super) async fn recent<D: Dialect + ?Sized>(
    db: &D,
    account: i64,
    color: u8,
    position: i64,
    filter: &ExplorerFilter,
    limit: usize,
) -> Result<Vec<RecentGame>, StoreError> {
    let mut args = Vec::new();
    let conditions = conditions(account, color, position, filter, &mut args)?;
    args.push(Arg::big(limit as u64));
    let sql = format!(
        "SELECT p.game, CASE WHEN wa.deleted IS NOT NULL THEN 'deleted player' \
         ELSE g.white END, CASE WHEN ba.deleted IS NOT NULL THEN 'deleted player' \
         ELSE g.black END, g.white_rating, g.black_rating, g.result, g.finished, p.plies \
         FROM explorer_player_games p JOIN explorer_games g ON g.game = p.game \
         LEFT JOIN accounts wa ON wa.id = g.white_account \
         LEFT JOIN accounts ba ON ba.id = g.black_account \
         WHERE {conditions} ORDER BY p.finished DESC, p.game DESC LIMIT ?{}",
        args.len()
    );
    let mut out = Vec::new();
    for r in db.rows(&sql, args).await? {
        let plies = r.text(7)?;
        let Some(uci) = moves_from(&plies, position).first().map(|m| m.to_string()) else {
            continue;
        };
        out.push(RecentGame {
            game: r.text(0)?,
            names: [r.text(1)?, r.text(2)?],
            ratings: [r.opt_count(3)?, r.opt_count(4)?],
            result: u8::try_from(r.count(5)?).unwrap_or(1),
            finished: r.time(6)?,
            uci,
        });
    }
    Ok(out)
}
