//! Puzzles on the site (issue #29): the starter sets stored at start, a puzzle near the
//! player's rating (or harder and harder in a streak), each move judged here (the solution
//! never goes to the browser before the end), and the Glicko-2 ratings of the player and the
//! puzzle moved by a signed-in player's first try (a guest's rating is kept by the browser:
//! it sends it, gets the new one back, and nothing is stored).
//!
//! Pools **[ours]**: `puzzles:quickchess` and `puzzles:querni`, in the ratings table beside
//! the games' pools. A streak asks for puzzles from 800 up, 100 higher each step, whatever
//! the player's rating (lichess's Puzzle Streak works so too).

use crate::context::Context;
use crate::error::{ApiError, Fault, Invalid, Missing};
use crate::puzzle_fairness::{PuzzleClient, Unrated};
use crate::store::players::RatingRecord;
use crate::store::puzzles::{PuzzleRecord, PuzzleTry};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use tabula_chess::Variant;
use tabula_chess::puzzle::{Puzzle as ChessPuzzle, Verdict, check};
use tabula_querni::puzzle::Puzzle as QuerniPuzzle;
use ts_rs::TS;

/// The games with puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "PuzzleGame")]
pub enum Game {
    /// Full QuickChess.
    Quickchess,
    /// Querni.
    Querni,
}

impl Game {
    /// The name stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Game::Quickchess => "quickchess",
            Game::Querni => "querni",
        }
    }

    /// The rating pool of the game's puzzles.
    pub fn pool(self) -> String {
        format!("puzzles:{}", self.name())
    }

    fn of(name: &str) -> Result<Game, ApiError> {
        match name {
            "quickchess" => Ok(Game::Quickchess),
            "querni" => Ok(Game::Querni),
            _ => Err(ApiError::Internal(
                Fault::Stored,
                format!("a stored puzzle of game `{name}`"),
            )),
        }
    }
}

/// A new puzzle's deviation: as sure as a player's first rating is not.
const START_DEVIATION: f64 = 200.0;

/// A QuickChess puzzle as stored, cut from `source` (`None`: the starter set).
pub fn chess_record(p: ChessPuzzle, source: Option<String>) -> PuzzleRecord {
    PuzzleRecord {
        id: p.id,
        game: Game::Quickchess.name().into(),
        position: p.fen,
        last: p.last,
        solution: p.moves,
        themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
        rating: f64::from(p.rating),
        deviation: START_DEVIATION,
        volatility: Glicko2Rating::new().volatility,
        plays: 0,
        source,
    }
}

/// A Querni puzzle as stored, cut from `source` (`None`: the starter set).
pub fn querni_record(p: QuerniPuzzle, source: Option<String>) -> PuzzleRecord {
    PuzzleRecord {
        id: p.id,
        game: Game::Querni.name().into(),
        position: p.position,
        last: p.last,
        solution: vec![p.turn],
        themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
        rating: f64::from(p.rating),
        deviation: START_DEVIATION,
        volatility: Glicko2Rating::new().volatility,
        plays: 0,
        source,
    }
}

/// The starter sets as records.
fn starters() -> Vec<PuzzleRecord> {
    let chess = tabula_chess::puzzle::starter()
        .into_iter()
        .map(|p| chess_record(p, None));
    let querni = tabula_querni::puzzle::starter()
        .into_iter()
        .map(|p| querni_record(p, None));
    chess.chain(querni).collect()
}

/// Stores the starter sets the database does not hold yet (a fresh database gets them all;
/// a new release's added puzzles are added; ratings already learnt are kept).
pub async fn store_starters(ctx: &Context) -> Result<u64, ApiError> {
    let all = starters();
    let mut added = 0;
    for game in [Game::Quickchess, Game::Querni] {
        let of_game: Vec<PuzzleRecord> = all
            .iter()
            .filter(|p| p.game == game.name())
            .cloned()
            .collect();
        if ctx.store.puzzle_count(game.name(), None).await? >= of_game.len() as u64 {
            continue;
        }
        for chunk in of_game.chunks(500) {
            added += ctx.store.put_puzzles(chunk).await?;
        }
    }
    Ok(added)
}

/// What the browser is shown of a puzzle before it is solved.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PuzzleShown {
    /// Its id.
    pub id: String,
    /// Its game.
    pub game: Game,
    /// The position (FEN, or Tabula's Querni notation).
    pub position: String,
    /// The move that led to it, to show (UCI or a Querni turn).
    pub last: Option<String>,
    /// How many moves the solver makes.
    pub solver_moves: usize,
    /// Its rating, rounded.
    pub rating: i64,
    /// How many signed-in players have tried it.
    pub plays: u64,
}

impl From<&PuzzleRecord> for PuzzleShown {
    fn from(p: &PuzzleRecord) -> Self {
        PuzzleShown {
            id: p.id.clone(),
            game: Game::of(&p.game).unwrap_or(Game::Quickchess),
            position: p.position.clone(),
            last: p.last.clone(),
            solver_moves: p.solution.len().div_ceil(2),
            rating: p.rating.round() as i64,
            plays: p.plays,
        }
    }
}

/// A rating as the browser keeps and shows it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl PuzzleRating {
    /// A new player's rating.
    pub fn fresh() -> PuzzleRating {
        let g = Glicko2Rating::new();
        PuzzleRating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }

    /// A rating a browser sent, if it is one Glicko-2 could give.
    pub fn checked(self) -> Result<PuzzleRating, ApiError> {
        let ok = (0.0..=5_000.0).contains(&self.rating)
            && (1.0..=350.0).contains(&self.deviation)
            && (0.0..=1.0).contains(&self.volatility);
        if ok {
            Ok(self)
        } else {
            Err(ApiError::BadInput(
                Invalid::Rating,
                format!(
                    "rating: {{rating {}, deviation {}, volatility {}}} is not a Glicko-2 rating (0-5000, 1-350, 0-1)",
                    self.rating, self.deviation, self.volatility
                ),
            ))
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

impl From<&RatingRecord> for PuzzleRating {
    fn from(r: &RatingRecord) -> Self {
        PuzzleRating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The player's puzzle rating: the account's stored one, a guest's as sent, or a new one.
pub async fn rating_of(
    ctx: &Context,
    game: Game,
    account: Option<i64>,
    guest: Option<PuzzleRating>,
) -> Result<PuzzleRating, ApiError> {
    match account {
        Some(a) => Ok(ctx
            .store
            .rating(a, &game.pool())
            .await?
            .map_or_else(PuzzleRating::fresh, |r| PuzzleRating::from(&r))),
        None => guest.map_or(Ok(PuzzleRating::fresh()), PuzzleRating::checked),
    }
}

/// A puzzle for the player: near `target` (widening the band until one is found), with
/// `theme` if given, not tried before by the account.
pub async fn next(
    ctx: &Context,
    game: Game,
    target: f64,
    theme: Option<&str>,
    account: Option<i64>,
) -> Result<PuzzleRecord, ApiError> {
    for band in [100.0, 200.0, 400.0, 800.0, 5_000.0] {
        if let Some(p) = ctx
            .store
            .pick_puzzle(game.name(), target - band, target + band, theme, account)
            .await?
        {
            return Ok(p);
        }
    }
    Err(ApiError::NotFound(
        Missing::Puzzle,
        format!(
            "no {} puzzle{} left to try",
            game.name(),
            theme
                .map(|t| format!(" with the theme {t}"))
                .unwrap_or_default()
        ),
    ))
}

/// Where a try stands after the moves sent.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum TryAnswer {
    /// Right so far: the opponent answers with `reply`.
    Continue {
        /// The reply (UCI).
        reply: String,
    },
    /// Solved.
    Solved(Finished),
    /// A wrong move: `expected` was the solution's move there.
    Wrong {
        /// The solution's move at the wrong one.
        expected: String,
        /// The rest, as when solved.
        #[serde(flatten)]
        finished: Finished,
    },
}

/// What the end of a try shows: the solution, the themes and the ratings.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Finished {
    /// The whole solution.
    pub solution: Vec<String>,
    /// The puzzle's themes.
    pub themes: Vec<String>,
    /// The player's rating before the try.
    pub before: PuzzleRating,
    /// After it (the same when the try did not count: a puzzle tried before).
    pub after: PuzzleRating,
    /// Whether the try moved the ratings.
    pub rated: bool,
    /// Why it did not (an account's try).
    pub unrated: Option<crate::puzzle_fairness::Unrated>,
    /// The puzzle's rating after the try.
    pub puzzle_rating: i64,
}

/// Judges the player's `moves` (QuickChess: the solver's moves in UCI; Querni: one turn)
/// against puzzle `id`; at the end, when `rated` (not a streak), moves the ratings (an
/// account's first try) or gives a guest its new rating.
pub async fn attempt(
    ctx: &Context,
    id: &str,
    moves: &[String],
    client: &PuzzleClient,
    guest: Option<PuzzleRating>,
    rated: bool,
) -> Result<TryAnswer, ApiError> {
    let account = client.account;
    let p = ctx
        .store
        .puzzle(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Puzzle, format!("no puzzle {id}")))?;
    let game = Game::of(&p.game)?;
    let solved = match game {
        Game::Quickchess => {
            let puzzle = ChessPuzzle {
                id: p.id.clone(),
                fen: p.position.clone(),
                last: p.last.clone(),
                moves: p.solution.clone(),
                rating: 0,
                themes: Vec::new(),
            };
            let variant = Variant::parse("quickchess")
                .map_err(|e| ApiError::Internal(Fault::Shipped, e.to_string()))?;
            match check::judge(variant, &puzzle, moves) {
                Ok(Verdict::Continue { reply }) => return Ok(TryAnswer::Continue { reply }),
                Ok(Verdict::Solved) => Ok(()),
                Ok(Verdict::Wrong { expected, .. }) => Err(expected),
                Err(check::Attempt::Damaged { why, .. }) => {
                    return Err(ApiError::Internal(
                        Fault::Stored,
                        format!("puzzle {id}: {why}"),
                    ));
                }
                Err(e) => return Err(ApiError::BadInput(Invalid::Moves, format!("moves: {e}"))),
            }
        }
        Game::Querni => {
            let [turn] = moves else {
                return Err(ApiError::BadInput(
                    Invalid::Moves,
                    format!(
                        "moves: a Querni puzzle takes one turn, {} sent",
                        moves.len()
                    ),
                ));
            };
            let puzzle = QuerniPuzzle {
                id: p.id.clone(),
                position: p.position.clone(),
                last: p.last.clone(),
                turn: p.solution.join(" "),
                rating: 0,
                themes: p
                    .themes
                    .iter()
                    .filter_map(|t| tabula_querni::puzzle::QuerniTheme::parse(t))
                    .collect(),
            };
            match puzzle.judge(turn) {
                Ok(true) => Ok(()),
                Ok(false) => Err(puzzle.turn.clone()),
                Err(e) => {
                    return Err(ApiError::BadInput(
                        Invalid::Moves,
                        format!("moves: turn `{turn}`: {e}"),
                    ));
                }
            }
        }
    };
    // the try is over: rated unless a streak's, or the solution was seen, or the day's tries
    // are used up; and from now on its clients have seen the solution
    let mut unrated = match rated {
        false => Some(Unrated::Streak),
        true => crate::puzzle_fairness::may_rate(ctx, id, client).await?,
    };
    let counts = unrated.is_none();
    let mut finished = rate(ctx, game, &p, solved.is_ok(), account, guest, counts).await?;
    crate::puzzle_fairness::shown(ctx, id, client).await?;
    if !counts {
        finished.after = finished.before;
        finished.rated = false;
    } else if account.is_some() && !finished.rated {
        unrated = Some(Unrated::TriedBefore);
    }
    finished.unrated = unrated;
    Ok(match solved {
        Ok(()) => TryAnswer::Solved(finished),
        Err(expected) => TryAnswer::Wrong { expected, finished },
    })
}

/// The new ratings of the player and the puzzle after a finished try (Glicko-2, one game
/// against the puzzle, as lichess rates puzzles), stored for an account's first try.
async fn rate(
    ctx: &Context,
    game: Game,
    p: &PuzzleRecord,
    solved: bool,
    account: Option<i64>,
    guest: Option<PuzzleRating>,
    rated: bool,
) -> Result<Finished, ApiError> {
    let before = rating_of(ctx, game, account, guest).await?;
    let puzzle = PuzzleRating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    };
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (player_after, puzzle_after) = glicko2(
        &before.glicko(),
        &puzzle.glicko(),
        &outcome,
        &Glicko2Config::new(),
    );
    let after = PuzzleRating {
        rating: player_after.rating,
        deviation: player_after.deviation,
        volatility: player_after.volatility,
    };
    let mut finished = Finished {
        solution: p.solution.clone(),
        themes: p.themes.clone(),
        before,
        after,
        rated: true,
        unrated: None,
        puzzle_rating: p.rating.round() as i64,
    };
    let Some(account) = account.filter(|_| rated) else {
        // a guest's try moves the guest's rating (kept by the browser), not the puzzle's; a
        // streak's moves none
        return Ok(finished);
    };
    let now = crate::ids::now_ms();
    let stored = ctx.store.rating(account, &game.pool()).await?;
    let games = stored.as_ref().map_or(0, |r| r.games);
    let t = PuzzleTry {
        account,
        puzzle: p.id.clone(),
        solved,
        at: now,
        player: RatingRecord {
            account,
            pool: game.pool(),
            rating: after.rating,
            deviation: after.deviation,
            volatility: after.volatility,
            games: games + 1,
            updated: now,
        },
        puzzle_rating: (
            puzzle_after.rating,
            puzzle_after.deviation,
            puzzle_after.volatility,
        ),
    };
    if ctx.store.record_try(&t).await? {
        finished.puzzle_rating = puzzle_after.rating.round() as i64;
    } else {
        finished.after = before;
        finished.rated = false;
    }
    Ok(finished)
}
