//! What the daily puzzle's endpoints answer, as named types: the contract (see
//! [`super::contract`]) names them to the browser.

use crate::players::daily::Puzzle;
use serde::Serialize;
use ts_rs::TS;

/// The day's puzzles and how the asker did (`GET /api/daily`).
#[derive(Serialize, TS)]
pub struct DailyToday {
    /// The day, `YYYY-MM-DD` (UTC).
    pub day: String,
    /// Its weekday, 0 Monday to 6 Sunday (Sunday's are the hardest).
    pub weekday: usize,
    /// Its puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The asker's result in each, in the same order.
    pub mine: Vec<DailyMine>,
    /// Days in a row the asker solved a puzzle.
    pub streak: u32,
    /// Yesterday's puzzles with their solutions.
    pub yesterday: DailyYesterday,
}

/// The asker's standing in one of the day's puzzles.
#[derive(Serialize, TS)]
pub struct DailyMine {
    /// The puzzle's id.
    pub puzzle: String,
    /// Their counted result, if they solved it.
    pub result: Option<DailyMark>,
    /// How many solved it.
    pub solvers: usize,
}

/// A counted result with its place.
#[derive(Serialize, TS)]
pub struct DailyMark {
    /// Moves (and card actions).
    pub moves: u32,
    /// Time from the first look, in ms.
    pub ms: u64,
    /// The place, from 1.
    pub rank: usize,
}

/// Yesterday, solved.
#[derive(Serialize, TS)]
pub struct DailyYesterday {
    /// Its day.
    pub day: String,
    /// Its puzzles with an optimal solution each.
    pub puzzles: Vec<DailySolved>,
}

/// A past puzzle with an optimal solution.
#[derive(Serialize, TS)]
pub struct DailySolved {
    /// Its id.
    pub id: String,
    /// The start.
    pub board: String,
    /// The target.
    pub target: String,
    /// The optimal count.
    pub optimum: u32,
    /// One optimal solution.
    pub solution: Vec<String>,
}

impl From<&Puzzle> for DailySolved {
    fn from(p: &Puzzle) -> Self {
        DailySolved {
            id: p.id.clone(),
            board: p.board.clone(),
            target: p.target.clone(),
            optimum: p.optimum,
            solution: p.solution.clone(),
        }
    }
}

/// A puzzle's clock started (`POST /api/daily/{puzzle}/start`).
#[derive(Serialize, TS)]
pub struct DailyStarted {
    /// The day.
    pub day: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// When the asker first saw it (ms since 1970): their time runs from here.
    pub started: u64,
}

/// A solution judged (`POST /api/daily/{puzzle}/solve`).
#[derive(Serialize, TS)]
pub struct DailyJudged {
    /// Its moves (and card actions).
    pub moves: u32,
    /// The fewest possible.
    pub optimum: u32,
    /// It took the fewest.
    pub optimal: bool,
    /// It is the asker's first, the one that counts.
    pub counted: bool,
    /// The counted result's place.
    pub rank: Option<usize>,
    /// Of how many.
    pub of: usize,
    /// The counted result.
    pub result: Option<DailyTime>,
}

/// A result's moves and time.
#[derive(Serialize, TS)]
pub struct DailyTime {
    /// Moves (and card actions).
    pub moves: u32,
    /// Time, in ms.
    pub ms: u64,
}

/// A puzzle's best 100 today (`GET /api/daily/{puzzle}/ranking`).
#[derive(Serialize, TS)]
pub struct DailyRanking {
    /// The day.
    pub day: String,
    /// The puzzle.
    pub puzzle: String,
    /// The results, best first.
    pub results: Vec<DailyRankRow>,
}

/// One place in a ranking.
#[derive(Serialize, TS)]
pub struct DailyRankRow {
    /// From 1.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// An account's (not a guest's).
    pub registered: bool,
    /// Moves (and card actions).
    pub moves: u32,
    /// Time, in ms.
    pub ms: u64,
}
