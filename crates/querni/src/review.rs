//! A computer review of a Querni game, on the same scale as a chess review
//! (tabula_core::review): each turn's evaluation after it, the computer's choice before it,
//! a mark for the turn that gave winning chances away, and each side's accuracy.
//!
//! The evaluation is the search's score for the side to move in the engine's own unit (100 =
//! one square of distance still to close between consecutive numbers, see [`crate::eval`]),
//! and a score becomes the side's chances of winning by the logistic curve with steepness
//! [`QUERNI_K`], measured on the engine's own games (see its documentation). A decided
//! position (a forced win the search sees, or the end of the game) is 100% or 0%.

use crate::eval::{WIN, WIN_BOUND};
use crate::search::{Budget, SearchResult};
use crate::{Position, Side, Status, Turn};
use serde::{Deserialize, Serialize};
use tabula_core::review::{Mark, mean_accuracy, move_accuracy, win_percent};

/// The steepness of the Win% curve over Querni scores: a lead of 100 (one square of work) is
/// about a 63% chance of winning, 300 about 83%.
///
/// Measured by `cargo test -p tabula-querni --release -- --ignored --nocapture
/// the_win_curve_fits_the_engine_s_games`: 200 games of the level-3 engine against itself
/// from seeds 0-199, the score of every position before a turn against the game's result,
/// fitted by maximum likelihood: 2,181 undecided positions gave k = 0.0052 (the positions the
/// search already sees decided are left out: they are 0% or 100% on any curve).
pub const QUERNI_K: f64 = 0.0052;

/// The search each position of a reviewed game gets by default.
pub const REVIEW_BUDGET: Budget = Budget {
    depth: 12,
    nodes: 100_000,
};

/// A score for the side to move as a Win% (decided positions at 0 or 100).
pub fn chances(score: i32) -> f64 {
    if score >= WIN_BOUND {
        100.0
    } else if score <= -WIN_BOUND {
        0.0
    } else {
        win_percent(QUERNI_K, f64::from(score))
    }
}

/// A position's value for the side to move: the game's end, or the search's score.
fn value(p: &Position, searched: Option<&SearchResult>) -> i32 {
    match p.status() {
        Status::Won { winner, .. } if winner == p.turn() => WIN,
        Status::Won { .. } => -WIN,
        Status::Draw => 0,
        _ => searched.map_or(0, |r| r.score),
    }
}

/// One turn reviewed, as the browser and `tabula` read it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReviewedTurn {
    /// The turn's number, from 1.
    pub ply: usize,
    /// Who played it (`blue`, `red`).
    pub side: String,
    /// The turn in notation.
    pub turn: String,
    /// The position after it, from Blue's side: the engine's score (100 = one square of
    /// work), `100000` or `-100000` when decided.
    pub eval: i32,
    /// Blue's chances of winning after it, 0 to 100, to a tenth.
    pub blue_win: f64,
    /// The computer's choice before it, in notation.
    pub best: Option<String>,
    /// The mark, if the turn lost 10 points of Win% or more.
    pub class: Option<Mark>,
    /// The turn's accuracy, 0 to 100, to a tenth.
    pub accuracy: f64,
}

/// How many turns of a side got each mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuerniMarks {
    /// `?!`.
    pub inaccuracy: usize,
    /// `?`.
    pub mistake: usize,
    /// `??`.
    pub blunder: usize,
}

/// A value for each side.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BlueRed<T> {
    /// Blue's.
    pub blue: T,
    /// Red's.
    pub red: T,
}

/// A whole Querni game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuerniReview {
    /// Every turn, in order.
    pub turns: Vec<ReviewedTurn>,
    /// Each side's accuracy of the game, to a tenth.
    pub accuracy: BlueRed<Option<f64>>,
    /// Each side's marks.
    pub marks: BlueRed<QuerniMarks>,
}

fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The positions of a game to search, one at a time (as for chess: a server runs each search
/// as its own piece of work).
#[derive(Clone, Debug)]
pub struct Plan {
    positions: Vec<Position>,
    turns: Vec<Turn>,
}

impl Plan {
    /// The plan for the game of `turns` (legal, in order) from `start`.
    pub fn new(start: &Position, turns: &[Turn]) -> Plan {
        let mut positions = vec![*start];
        for t in turns {
            let p = positions[positions.len() - 1].play_unchecked(*t);
            positions.push(p);
        }
        Plan {
            positions,
            turns: turns.to_vec(),
        }
    }

    /// The positions to value: the start and the one after each turn.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the plan has no position (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The `i`th position, if it needs a search (one where the game is over does not).
    pub fn search_at(&self, i: usize) -> Option<&Position> {
        let p = self.positions.get(i)?;
        (p.status() == Status::Ongoing).then_some(p)
    }

    /// The review, from the searches of the positions that needed one.
    pub fn finish(&self, searched: &[Option<SearchResult>]) -> QuerniReview {
        let values: Vec<i32> = (0..self.positions.len())
            .map(|i| value(&self.positions[i], searched.get(i).and_then(Option::as_ref)))
            .collect();
        let mut turns = Vec::with_capacity(self.turns.len());
        let mut marks = BlueRed {
            blue: QuerniMarks::default(),
            red: QuerniMarks::default(),
        };
        let (mut blue_acc, mut red_acc) = (Vec::new(), Vec::new());
        for (i, t) in self.turns.iter().enumerate() {
            let before = &self.positions[i];
            let after = &self.positions[i + 1];
            let side = before.turn();
            let win_before = chances(values[i]);
            // the next position's value is for the side to move there: the mover's opponent,
            // unless the mover moves again (never in Querni, but the sign follows the turn)
            let mover_after = if after.turn() == side {
                values[i + 1]
            } else {
                -values[i + 1]
            };
            let win_after = chances(mover_after);
            let accuracy = move_accuracy(win_before, win_after);
            let mark = Mark::of_drop(win_before - win_after);
            let blue_after = if side == Side::Blue {
                mover_after
            } else {
                -mover_after
            };
            let counts = if side == Side::Blue {
                blue_acc.push(accuracy);
                &mut marks.blue
            } else {
                red_acc.push(accuracy);
                &mut marks.red
            };
            match mark {
                Some(Mark::Inaccuracy) => counts.inaccuracy += 1,
                Some(Mark::Mistake) => counts.mistake += 1,
                Some(Mark::Blunder) => counts.blunder += 1,
                None => {}
            }
            let best = searched
                .get(i)
                .and_then(Option::as_ref)
                .map(|r| before.describe(r.turn).to_string());
            turns.push(ReviewedTurn {
                ply: i + 1,
                side: side.name().to_string(),
                turn: before.describe(*t).to_string(),
                eval: blue_after.clamp(-WIN, WIN),
                blue_win: tenth(chances(blue_after)),
                best,
                class: mark,
                accuracy: tenth(accuracy),
            });
        }
        QuerniReview {
            turns,
            accuracy: BlueRed {
                blue: mean_accuracy(blue_acc).map(tenth),
                red: mean_accuracy(red_acc).map(tenth),
            },
            marks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::best_turn;
    use crate::search::Searcher;

    /// A level-2 game from `seed`, `n` turns long at most.
    fn game(seed: u64, n: usize) -> (Position, Vec<Turn>) {
        let start = Position::start(seed);
        let mut p = start;
        let mut turns = Vec::new();
        let mut s = Searcher::new(10);
        while turns.len() < n && p.status() == Status::Ongoing {
            let t = best_turn(&p, 2, seed, &mut s, &mut || false).turn();
            turns.push(t);
            p = p.play_unchecked(t);
        }
        (start, turns)
    }

    fn review(start: &Position, turns: &[Turn], budget: Budget) -> QuerniReview {
        let plan = Plan::new(start, turns);
        let mut s = Searcher::new(16);
        let searched: Vec<_> = (0..plan.len())
            .map(|i| {
                plan.search_at(i)
                    .map(|p| s.search(p, budget, 0, 1, &mut || false))
            })
            .collect();
        plan.finish(&searched)
    }

    #[test]
    fn the_computer_s_own_choices_are_accurate_and_a_given_away_turn_is_marked() {
        let budget = Budget {
            depth: 2,
            nodes: 20_000,
        };
        // the engine's choices at the review's own depth lose nothing it can see
        let start = Position::start(3);
        let mut p = start;
        let mut turns = Vec::new();
        let mut s = Searcher::new(10);
        for _ in 0..6 {
            let t = s.search(&p, budget, 0, 1, &mut || false).turn;
            turns.push(t);
            p = p.play_unchecked(t);
        }
        let r = review(&start, &turns, budget);
        assert_eq!(r.turns.len(), 6);
        assert_eq!(r.turns[0].side, "blue");
        assert_eq!(r.turns[1].side, "red");
        for t in &r.turns {
            assert_eq!(t.best.as_deref(), Some(t.turn.as_str()), "{t:?}");
            assert!(t.class.is_none(), "{t:?}");
        }
        // a pass instead of the computer's turn, played again and again, gives chances away
        let (start, mut played) = game(5, 8);
        played.truncate(8);
        let pass = Turn::PASS;
        let mut worse = Vec::new();
        let mut q = start;
        for (i, t) in played.iter().enumerate() {
            let t = if i % 2 == 0 { pass } else { *t };
            if q.check(&q.describe(t)).is_err() {
                break;
            }
            worse.push(t);
            q = q.play_unchecked(t);
        }
        let r = review(&start, &worse, budget);
        let blue_loss: f64 = r
            .turns
            .iter()
            .filter(|t| t.side == "blue")
            .map(|t| 100.0 - t.accuracy)
            .sum();
        let red_loss: f64 = r
            .turns
            .iter()
            .filter(|t| t.side == "red")
            .map(|t| 100.0 - t.accuracy)
            .sum();
        assert!(
            blue_loss > red_loss,
            "blue passed: {blue_loss} vs {red_loss}"
        );
    }

    #[test]
    fn the_scale_is_symmetric_and_decided_positions_are_certain() {
        assert_eq!(chances(0), 50.0);
        assert!((chances(100) - 62.71).abs() < 0.01, "{}", chances(100));
        assert!((chances(300) + chances(-300) - 100.0).abs() < 1e-9);
        assert_eq!(chances(WIN - 3), 100.0);
        assert_eq!(chances(-WIN + 3), 0.0);
    }

    /// Fits [`QUERNI_K`] to the engine's own games (ignored: minutes of CPU).
    #[test]
    #[ignore]
    fn the_win_curve_fits_the_engine_s_games() {
        let mut samples: Vec<(f64, f64)> = Vec::new(); // (score for the mover, mover's result)
        for seed in 0..200u64 {
            let mut p = Position::start(seed);
            let mut s = Searcher::new(16);
            let mut seen: Vec<(Side, i32)> = Vec::new();
            for _ in 0..400 {
                if p.status() != Status::Ongoing {
                    break;
                }
                let r = s.search(
                    &p,
                    crate::players::level_spec(3).budget,
                    0,
                    seed,
                    &mut || false,
                );
                if r.score.abs() < WIN_BOUND {
                    seen.push((p.turn(), r.score));
                }
                p = p.play_unchecked(r.turn);
            }
            let result = |side: Side| match p.status() {
                Status::Won { winner, .. } => f64::from(u8::from(winner == side)),
                _ => 0.5,
            };
            samples.extend(
                seen.iter()
                    .map(|&(side, score)| (f64::from(score), result(side))),
            );
        }
        // maximum likelihood of the logistic curve by a search over k
        let loss = |k: f64| -> f64 {
            samples
                .iter()
                .map(|&(x, y)| {
                    let p = (win_percent(k, x) / 100.0).clamp(1e-9, 1.0 - 1e-9);
                    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
                })
                .sum()
        };
        let best = (1..=200)
            .map(|i| f64::from(i) * 0.0002)
            .min_by(|a, b| loss(*a).total_cmp(&loss(*b)))
            .unwrap();
        println!("{} positions of 200 games: k = {best:.4}", samples.len());
    }
}
