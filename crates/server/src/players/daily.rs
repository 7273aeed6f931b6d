//! The daily puzzle: every day the same Check Mates card (each side) and Royal Study card (at
//! each level) for everyone, harder through the week.
//!
//! Each puzzle is chosen from the default decks by the day's seed: 200 candidate starts (a
//! random legal setup and a deck card for Check Mates; two deck cards for The Royal Study) are
//! solved exactly and sorted by their optimum, and the day takes the candidate at the week's
//! point of that order **[ours]**: Monday the easiest seventh, Sunday the hardest (a start that
//! already meets its task is never chosen). A player's time runs from their first look at the
//! puzzle to the solution they send, which the referee replays; results rank by moves, then
//! time. Only the first solution counts. Yesterday's optimal solution is shown to everyone.

use crate::error::{ApiError, Fault, Invalid, Rule};
use crate::services::Services;
use serde::Serialize;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tabula_core::rng::{Rng, mix, seeded};
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::{Layout, Level};

/// One of the day's puzzles.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
#[ts(rename = "DailyPuzzle")]
pub struct Puzzle {
    /// Its id: `checkmates-sliding`, `checkmates-chess`, `royal-1`, `royal-2`, `royal-3`.
    pub id: String,
    /// The start (a board or a layout).
    pub board: String,
    /// The target (a task or a card).
    pub target: String,
    /// The optimal number of moves (and card actions).
    pub optimum: u32,
    /// One optimal solution (told only once the day is over).
    #[serde(skip)]
    pub solution: Vec<String>,
}

/// The ids of a day's puzzles.
pub const PUZZLES: [&str; 5] = [
    "checkmates-sliding",
    "checkmates-chess",
    "royal-1",
    "royal-2",
    "royal-3",
];

/// How many candidates a day's choice looks at.
const CANDIDATES: usize = 200;

/// A day as `YYYY-MM-DD` (UTC) for a time.
pub fn day_of(t: SystemTime) -> String {
    humantime::format_rfc3339_seconds(t).to_string()[..10].to_string()
}

/// Today and yesterday (UTC).
pub fn today_and_yesterday() -> (String, String) {
    let now = SystemTime::now();
    (day_of(now), day_of(now - Duration::from_secs(24 * 3600)))
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` day.
pub fn day_number(day: &str) -> Result<u64, ApiError> {
    let t = humantime::parse_rfc3339(&format!("{day}T00:00:00Z"))
        .map_err(|_| ApiError::BadInput(Invalid::Day, format!("day `{day}`: YYYY-MM-DD")))?;
    Ok(t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400))
}

/// The day's place in the week, 0 Monday to 6 Sunday (1970-01-01 was a Thursday).
pub fn weekday(day_number: u64) -> usize {
    ((day_number + 3) % 7) as usize
}

/// Picks from candidates `(optimum, payload)` the one at the week's point of their order.
fn at_weekday<T>(mut candidates: Vec<(u32, T)>, weekday: usize) -> Option<(u32, T)> {
    candidates.retain(|(optimum, _)| *optimum >= 2);
    candidates.sort_by_key(|(optimum, _)| *optimum);
    if candidates.is_empty() {
        return None;
    }
    let i = (candidates.len() * (2 * weekday + 1)) / 14;
    candidates.into_iter().nth(i)
}

/// The day's puzzles.
pub fn puzzles(day: &str, services: &Services) -> Result<Vec<Puzzle>, ApiError> {
    let n = day_number(day)?;
    let w = weekday(n);
    let mut out = Vec::new();
    for (i, side) in [Side::Sliding, Side::Chess].into_iter().enumerate() {
        let mut rng = seeded(mix(&[n, 1, i as u64]));
        let cards = services.cards(side);
        let solver = services.solver(side);
        let candidates: Vec<(u32, (Board, Task))> = (0..CANDIDATES)
            .filter_map(|_| {
                let board = Board::random_setup(side, &mut rng);
                let card = &cards[rng.random_range(0..cards.len())];
                let task = Task::parse(side, &card.task).ok()?;
                let d = u32::from(solver.distance(&board, &task)?);
                Some((d, (board, task)))
            })
            .collect();
        let (optimum, (board, task)) = at_weekday(candidates, w).ok_or_else(|| {
            ApiError::Internal(Fault::Shipped, "no daily Check Mates puzzle".into())
        })?;
        let solution = solver
            .solve(&board, &task)
            .map(|s| s.moves.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        out.push(Puzzle {
            id: PUZZLES[i].into(),
            board: board.to_string(),
            target: task.to_string(),
            optimum,
            solution,
        });
    }
    let deck: Vec<Layout> = services
        .royal_deck
        .iter()
        .filter_map(|c| Layout::parse(c).ok())
        .collect();
    for (i, level) in [Level::One, Level::Two, Level::Three]
        .into_iter()
        .enumerate()
    {
        let mut rng = seeded(mix(&[n, 2, i as u64]));
        let candidates: Vec<(u32, (Layout, Layout))> = (0..CANDIDATES)
            .filter_map(|_| {
                let a = deck[rng.random_range(0..deck.len())];
                let b = deck[rng.random_range(0..deck.len())];
                let plan = services.royal.solve(level, &a, &b, None)?;
                Some((plan.count, (a, b)))
            })
            .collect();
        let (optimum, (board, card)) = at_weekday(candidates, w).ok_or_else(|| {
            ApiError::Internal(Fault::Shipped, "no daily Royal Study puzzle".into())
        })?;
        let solution = services
            .royal
            .solve(level, &board, &card, None)
            .map(|p| p.steps.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        out.push(Puzzle {
            id: PUZZLES[2 + i].into(),
            board: board.to_string(),
            target: card.to_string(),
            optimum,
            solution,
        });
    }
    Ok(out)
}

/// Referees a solution sent for `puzzle`: the count it takes, or why it is no solution.
pub fn referee(puzzle: &Puzzle, solution: &[String]) -> Result<u32, ApiError> {
    if solution.len() > 200 {
        return Err(ApiError::BadInput(
            Invalid::Moves,
            "a solution has at most 200 steps".into(),
        ));
    }
    let refused = |m: String| ApiError::Refused(Rule::Game, m);
    if let Some(side) = puzzle.id.strip_prefix("checkmates-") {
        let side: Side = side
            .parse()
            .map_err(|_| ApiError::Internal(Fault::Shipped, format!("puzzle {}", puzzle.id)))?;
        let board = Board::parse(side, &puzzle.board)
            .map_err(|e| ApiError::Internal(Fault::Shipped, e.to_string()))?;
        let task = Task::parse(side, &puzzle.target)
            .map_err(|e| ApiError::Internal(Fault::Shipped, e.to_string()))?;
        let moves = tabula_puzzles::checkmates::verify::parse_proof(&solution.join(" "))
            .map_err(|e| ApiError::BadInput(Invalid::Moves, format!("solution: {e}")))?;
        let report =
            tabula_puzzles::checkmates::verify::referee(&board, &task, moves.len() as u32, &moves);
        if let Some(step) = report.illegal {
            return Err(refused(format!(
                "move {} `{}`: {}",
                step.index, step.step, step.reason
            )));
        }
        if !report.success {
            return Err(refused("the board does not meet the task".into()));
        }
        return Ok(report.moves_used);
    }
    let level = puzzle
        .id
        .strip_prefix("royal-")
        .and_then(|l| l.parse::<u64>().ok())
        .and_then(Level::from_number)
        .ok_or_else(|| ApiError::Internal(Fault::Shipped, format!("puzzle {}", puzzle.id)))?;
    let board = Layout::parse(&puzzle.board)
        .map_err(|e| ApiError::Internal(Fault::Shipped, e.to_string()))?;
    let card = Layout::parse(&puzzle.target)
        .map_err(|e| ApiError::Internal(Fault::Shipped, e.to_string()))?;
    let steps = tabula_puzzles::royal::verify::parse_execution(&solution.join(" "), 1)
        .map_err(|e| ApiError::BadInput(Invalid::Moves, format!("solution: {e}")))?;
    let report = tabula_puzzles::royal::verify::referee(
        level,
        &board,
        &[card],
        steps.len() as u32,
        tabula_puzzles::royal::verify::Executor::Announcer,
        &steps,
    );
    if let Some(step) = report.illegal {
        return Err(refused(format!(
            "step {} `{}`: {}",
            step.index, step.step, step.reason
        )));
    }
    if !report.all_completed {
        return Err(refused("the layout does not show the card".into()));
    }
    Ok(report.count)
}

/// Where a daily puzzle stands after some steps.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct DailyPosition {
    /// The board (a Check Mates board or a Royal Study layout).
    pub board: String,
    /// The target as it is oriented now (a task or a card).
    pub target: Option<String>,
    /// The steps so far (moves and card actions).
    pub count: usize,
    /// The target is met.
    pub done: bool,
    /// The legal moves (none once done).
    pub legal: Vec<String>,
    /// The card actions of the level (The Royal Study; none once done).
    pub actions: Vec<String>,
}

impl DailyPosition {
    /// The position after `count` steps: once the target is met, nothing more is legal (the
    /// moves and the card actions are asked for only while it is not).
    fn after(
        board: &impl std::fmt::Display,
        target: Option<String>,
        count: usize,
        done: bool,
        legal: impl FnOnce() -> Vec<String>,
        actions: impl FnOnce() -> Vec<String>,
    ) -> DailyPosition {
        DailyPosition {
            board: board.to_string(),
            target,
            count,
            done,
            legal: if done { Vec::new() } else { legal() },
            actions: if done { Vec::new() } else { actions() },
        }
    }
}

/// Where a puzzle stands after `steps` (the browser's board while it is played): the board,
/// the target as it is oriented now, the legal moves and card actions, the count so far and
/// whether the target is met. A step that is not legal is refused with the rule it breaks.
pub fn position(puzzle: &Puzzle, steps: &[String]) -> Result<DailyPosition, ApiError> {
    if steps.len() > 200 {
        return Err(ApiError::BadInput(
            Invalid::Moves,
            "at most 200 steps".into(),
        ));
    }
    let internal =
        |e: tabula_puzzles::NotationError| ApiError::Internal(Fault::Shipped, e.to_string());
    if let Some(side) = puzzle.id.strip_prefix("checkmates-") {
        let side: Side = side
            .parse()
            .map_err(|_| ApiError::Internal(Fault::Shipped, format!("puzzle {}", puzzle.id)))?;
        let mut board = Board::parse(side, &puzzle.board).map_err(internal)?;
        let task = Task::parse(side, &puzzle.target).map_err(internal)?;
        for (i, s) in steps.iter().enumerate() {
            let mv = tabula_puzzles::Move::parse(s).map_err(|e| {
                ApiError::BadInput(Invalid::Moves, format!("step {} `{s}`: {e}", i + 1))
            })?;
            board = board
                .play(mv)
                .map_err(|e| ApiError::Refused(Rule::Game, format!("step {} `{s}`: {e}", i + 1)))?;
        }
        let done = task.met_by(&board).is_some();
        return Ok(DailyPosition::after(
            &board,
            Some(task.to_string()),
            steps.len(),
            done,
            || {
                board
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            },
            Vec::new,
        ));
    }
    let level = puzzle
        .id
        .strip_prefix("royal-")
        .and_then(|l| l.parse::<u64>().ok())
        .and_then(Level::from_number)
        .ok_or_else(|| ApiError::Internal(Fault::Shipped, format!("puzzle {}", puzzle.id)))?;
    let board = Layout::parse(&puzzle.board).map_err(internal)?;
    let card = Layout::parse(&puzzle.target).map_err(internal)?;
    let parsed = tabula_puzzles::royal::verify::parse_execution(&steps.join(" "), 1)
        .map_err(|e| ApiError::BadInput(Invalid::Moves, format!("steps: {e}")))?;
    let mut run = tabula_puzzles::royal::Execution::new(level, board, vec![card]);
    for (i, step) in parsed.into_iter().enumerate() {
        run.step(step)
            .map_err(|e| ApiError::Refused(Rule::Game, format!("step {} `{step}`: {e}", i + 1)))?;
    }
    let done = run.all_completed();
    let layout = run.layout();
    Ok(DailyPosition::after(
        &layout,
        run.oriented_cards().first().map(ToString::to_string),
        run.count() as usize,
        done,
        || {
            layout
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect()
        },
        || level.actions().iter().map(ToString::to_string).collect(),
    ))
}

/// A streak: how many days in a row up to today (or up to yesterday, if today is not solved
/// yet) `days` (newest first) holds.
pub fn streak(days: &[String], today: &str) -> u32 {
    let Ok(t) = day_number(today) else { return 0 };
    let numbers: Vec<u64> = days.iter().filter_map(|d| day_number(d).ok()).collect();
    let mut expect = if numbers.first() == Some(&t) {
        t
    } else {
        t.saturating_sub(1)
    };
    let mut n = 0;
    for d in numbers {
        if d == expect {
            n += 1;
            expect = expect.saturating_sub(1);
        } else if d < expect {
            break;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_weekdays() {
        assert_eq!(day_number("1970-01-01").unwrap(), 0);
        assert_eq!(weekday(0), 3, "a Thursday");
        assert_eq!(weekday(day_number("2026-11-23").unwrap()), 0, "a Monday");
        assert!(day_number("2026-13-40").is_err());
        assert_eq!(
            day_of(UNIX_EPOCH + Duration::from_secs(86_400 * 3 + 5)),
            "1970-01-04"
        );
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        let d = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            streak(
                &d(&["2026-11-23", "2026-11-22", "2026-11-20"]),
                "2026-11-23"
            ),
            2
        );
        assert_eq!(
            streak(&d(&["2026-11-22", "2026-11-21"]), "2026-11-23"),
            2,
            "today still open"
        );
        assert_eq!(streak(&d(&["2026-11-20"]), "2026-11-23"), 0);
        assert_eq!(streak(&[], "2026-11-23"), 0);
    }

    #[test]
    fn the_days_puzzles_are_fixed_solvable_and_harder_on_sunday() {
        let s = Services::new();
        let monday = puzzles("2026-11-23", &s).unwrap();
        assert_eq!(monday.len(), 5);
        let again = puzzles("2026-11-23", &s).unwrap();
        assert_eq!(monday[0].board, again[0].board, "the same for everyone");
        for p in &monday {
            assert!(p.optimum >= 2, "{p:?}");
            assert_eq!(referee(p, &p.solution).unwrap(), p.optimum, "{p:?}");
            assert!(referee(p, &p.solution[..p.solution.len() - 1]).is_err());
            let end = position(p, &p.solution).unwrap();
            assert_eq!((end.done, end.count), (true, p.optimum as usize));
            let start = position(p, &[]).unwrap();
            assert!(!start.done);
            let first = &p.solution[0];
            assert!(
                start.legal.contains(first) || start.actions.contains(first),
                "{p:?}"
            );
        }
        let sunday = puzzles("2026-11-29", &s).unwrap();
        let total = |ps: &[Puzzle]| ps.iter().map(|p| p.optimum).sum::<u32>();
        assert!(
            total(&sunday) > total(&monday),
            "{} vs {}",
            total(&sunday),
            total(&monday)
        );
    }
}
