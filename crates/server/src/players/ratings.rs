//! Ratings: Glicko-2 (the `skillratings` crate's implementation; the maths is a library's,
//! tested there), one rating per account and pool, updated after every rated game as a
//! rating period of its own (as lichess does).
//!
//! Pools **[ours]**: `checkmates` (parties, each player rated against each other player of
//! the party from the final standings), `royal` (matches, as duels), and for the duels with a
//! clock one pool per game and speed class, as lichess has them: `querni:<speed>`,
//! `quickchess:<speed>` (every 5x6 game) and `chess:<speed>` (8x8). The speed class is the
//! clock's estimated game length, initial time + 40 x increment: under 30 s `ultrabullet`,
//! under 3 min `bullet`, under 8 min `blitz`, under 25 min `rapid`, otherwise `classical`;
//! days a move is `correspondence`; no clock is `untimed`.
//!
//! A rating is provisional (shown with "?") while its deviation is above 110, lichess's bound.

use crate::model::{GameOptions, Kind};
use crate::store::players::{RatingChange, RatingRecord, ResultRecord};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// A deviation above this marks a rating provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The speed class of a clock of `initial_s` + `increment_s`.
pub fn speed(initial_s: u64, increment_s: u64) -> &'static str {
    match initial_s + 40 * increment_s {
        0..30 => "ultrabullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

/// The speed class of a game with creation options `options`: `correspondence` (days a move),
/// `untimed` (no clock) or its clock's class ([`speed`]).
pub fn speed_class(options: &GameOptions) -> &'static str {
    match options.clock {
        Some(c) if c.days.is_some() => "correspondence",
        Some(c) => speed(c.initial_s, c.increment_s),
        None => "untimed",
    }
}

/// The rating pool of a game of `kind` with creation options `options`.
pub fn pool(kind: Kind, options: &GameOptions) -> String {
    let speed = speed_class(options);
    match kind {
        Kind::CheckmatesParty | Kind::CheckmatesSolo => "checkmates".into(),
        Kind::RoyalMatch | Kind::RoyalSolo => "royal".into(),
        Kind::Querni | Kind::QuerniLocal => format!("querni:{speed}"),
        Kind::Quickchess | Kind::QuickchessLocal => {
            let variant = options.variant.as_deref().unwrap_or("quickchess");
            let eight = tabula_chess::Variant::parse(variant).is_ok_and(|v| v.is_8x8());
            format!("{}:{speed}", if eight { "chess" } else { "quickchess" })
        }
    }
}

/// Whether a rating is still provisional.
pub fn provisional(r: &RatingRecord) -> bool {
    r.deviation > PROVISIONAL_DEVIATION
}

/// A new player's rating in a pool.
pub fn fresh(account: i64, pool: &str) -> RatingRecord {
    let g = Glicko2Rating::new();
    RatingRecord {
        account,
        pool: pool.into(),
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
        games: 0,
        updated: 0,
    }
}

fn glicko(r: &RatingRecord) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// Places from the seats' values: 1 + how many did strictly better.
pub fn places(values: &[f64]) -> Vec<u32> {
    values
        .iter()
        .map(|v| 1 + values.iter().filter(|w| *w > v).count() as u32)
        .collect()
}

/// Each seat's score: its share of the pairwise comparisons (1 a win, 0.5 a draw).
pub fn scores(values: &[f64]) -> Vec<f64> {
    let n = values.len();
    if n < 2 {
        return vec![0.5; n];
    }
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let points: f64 = values
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, w)| match v.partial_cmp(w) {
                    Some(std::cmp::Ordering::Greater) => 1.0,
                    Some(std::cmp::Ordering::Equal) => 0.5,
                    _ => 0.0,
                })
                .sum();
            points / (n - 1) as f64
        })
        .collect()
}

/// A finished game to record: its seats' accounts and values.
pub struct Finished<'a> {
    /// The game.
    pub game: &'a str,
    /// Its pool.
    pub pool: &'a str,
    /// Whether it is rated.
    pub rated: bool,
    /// Each seat's account (`None` for guests and bots).
    pub accounts: &'a [Option<i64>],
    /// Each seat's value (higher is better).
    pub values: &'a [f64],
    /// When it ended.
    pub at: u64,
}

/// What a finished game writes: a result per seat, and for a rated game each account's new
/// rating and its change, from `current` (the accounts' ratings before the game; a missing
/// one is a fresh rating).
pub fn settle(
    f: &Finished<'_>,
    current: &[Option<RatingRecord>],
) -> (Vec<ResultRecord>, Vec<RatingRecord>, Vec<RatingChange>) {
    let places = places(f.values);
    let scores = scores(f.values);
    let n = f.values.len() as u32;
    let results = (0..f.values.len())
        .map(|i| ResultRecord {
            game: f.game.into(),
            seat: i as u32,
            account: f.accounts.get(i).copied().flatten(),
            pool: f.pool.into(),
            rated: f.rated,
            score: scores[i],
            place: places[i],
            players: n,
            finished: f.at,
        })
        .collect();
    let mut ratings = Vec::new();
    let mut changes = Vec::new();
    let rated_seats: Vec<(usize, i64)> = f
        .accounts
        .iter()
        .enumerate()
        .filter_map(|(i, a)| a.map(|a| (i, a)))
        .collect();
    if !f.rated || rated_seats.len() < 2 || rated_seats.len() != f.values.len() {
        return (results, ratings, changes);
    }
    let before: Vec<RatingRecord> = rated_seats
        .iter()
        .enumerate()
        .map(|(k, &(_, a))| {
            current
                .get(k)
                .cloned()
                .flatten()
                .unwrap_or_else(|| fresh(a, f.pool))
        })
        .collect();
    let config = Glicko2Config::new();
    for (k, &(seat, account)) in rated_seats.iter().enumerate() {
        // every other player of the game is one result of this rating period
        let period: Vec<(Glicko2Rating, Outcomes)> = rated_seats
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != k)
            .map(|(j, &(other, _))| {
                let outcome = match f.values[seat].partial_cmp(&f.values[other]) {
                    Some(std::cmp::Ordering::Greater) => Outcomes::WIN,
                    Some(std::cmp::Ordering::Less) => Outcomes::LOSS,
                    _ => Outcomes::DRAW,
                };
                (glicko(&before[j]), outcome)
            })
            .collect();
        let after = glicko2_rating_period(&glicko(&before[k]), &period, &config);
        ratings.push(RatingRecord {
            account,
            pool: f.pool.into(),
            rating: after.rating,
            deviation: after.deviation,
            volatility: after.volatility,
            games: before[k].games + 1,
            updated: f.at,
        });
        changes.push(RatingChange {
            account,
            pool: f.pool.into(),
            game: f.game.into(),
            at: f.at,
            rating: after.rating,
            deviation: after.deviation,
            change: after.rating - before[k].rating,
        });
    }
    (results, ratings, changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::RawJson;
    use serde_json::json;

    fn opts(kind: Kind, v: serde_json::Value) -> GameOptions {
        kind.options(Some(&RawJson::of(&v))).unwrap()
    }

    #[test]
    fn speed_classes_follow_the_estimated_length() {
        assert_eq!(speed(15, 0), "ultrabullet");
        assert_eq!(speed(60, 0), "bullet");
        assert_eq!(speed(180, 2), "blitz");
        assert_eq!(speed(300, 3), "blitz");
        assert_eq!(speed(600, 5), "rapid");
        assert_eq!(speed(900, 15), "classical");
        assert_eq!(
            pool(
                Kind::Quickchess,
                &opts(
                    Kind::Quickchess,
                    json!({"variant": "chess", "clock": {"initial_s": 300, "increment_s": 3}})
                )
            ),
            "chess:blitz"
        );
        assert_eq!(
            pool(
                Kind::Quickchess,
                &opts(Kind::Quickchess, json!({"variant": "mix:KRN"}))
            ),
            "quickchess:untimed"
        );
        assert_eq!(
            pool(
                Kind::Querni,
                &opts(
                    Kind::Querni,
                    json!({"clock": {"initial_s": 60, "increment_s": 0}})
                )
            ),
            "querni:bullet"
        );
        assert_eq!(
            pool(Kind::CheckmatesParty, &GameOptions::default()),
            "checkmates"
        );
    }

    #[test]
    fn places_and_scores_of_a_party() {
        let values = [5000.0, 2000.0, 5000.0, -1.0];
        assert_eq!(places(&values), [1, 3, 1, 4]);
        let s = scores(&values);
        assert_eq!(s, [2.5 / 3.0, 1.0 / 3.0, 2.5 / 3.0, 0.0]);
    }

    /// Glickman's worked example (glicko2.pdf): a player of 1500 (RD 200, volatility 0.06)
    /// beats 1400 (RD 30) and loses to 1550 (RD 100) and 1700 (RD 300) in one period; by
    /// hand the new rating is 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let me = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |r, d| Glicko2Rating {
            rating: r,
            deviation: d,
            volatility: 0.06,
        };
        let after = glicko2_rating_period(
            &me,
            &[
                (opp(1400.0, 30.0), Outcomes::WIN),
                (opp(1550.0, 100.0), Outcomes::LOSS),
                (opp(1700.0, 300.0), Outcomes::LOSS),
            ],
            &Glicko2Config::new(),
        );
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_rated_duel_moves_both_ratings_by_the_crates_formula() {
        let a = RatingRecord {
            rating: 1600.0,
            deviation: 80.0,
            games: 30,
            ..fresh(1, "royal")
        };
        let f = Finished {
            game: "g",
            pool: "royal",
            rated: true,
            accounts: &[Some(1), Some(2)],
            values: &[1.0, 0.0],
            at: 9,
        };
        let (results, ratings, changes) = settle(&f, &[Some(a.clone()), None]);
        assert_eq!(results.len(), 2);
        assert_eq!((results[0].place, results[1].place), (1, 2));
        let (x, y) = skillratings::glicko2::glicko2(
            &glicko(&a),
            &Glicko2Rating::new(),
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        // one game is a rating period of one result: the same formula, to rounding
        assert!(
            (ratings[0].rating - x.rating).abs() < 1e-9,
            "{} {}",
            ratings[0].rating,
            x.rating
        );
        assert!((ratings[1].rating - y.rating).abs() < 1e-9);
        assert!((ratings[1].deviation - y.deviation).abs() < 1e-9);
        assert_eq!(ratings[0].games, 31);
        assert!(changes[0].change > 0.0 && changes[1].change < 0.0);
        // casual, or with a guest: results only
        let casual = Finished { rated: false, ..f };
        assert!(settle(&casual, &[None, None]).1.is_empty());
        let guest = Finished {
            accounts: &[Some(1), None],
            ..f
        };
        assert!(settle(&guest, &[None, None]).1.is_empty());
    }
}
