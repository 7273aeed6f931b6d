//! Puzzles over HTTP: `GET /api/puzzles/next` gives a puzzle to try, `POST
//! /api/puzzles/{id}/try` judges the moves made so far (docs/web.md, "Puzzles").

use super::contract::Reply;
use super::{AppState, Body, Peer};
use crate::error::{ApiError, Invalid};
use crate::players::accounts::{GUEST_COOKIE, guest_cookie, read_cookie};
use crate::puzzle_fairness::PuzzleClient;
use crate::puzzles::{self, Game, PuzzleRating, PuzzleShown, TryAnswer};
use crate::thinking::Asker;
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

super::contract::json_routes! {
    get "/api/puzzles/next" => next -> NextAnswer;
    post "/api/puzzles/{id}/try" => try_moves(TryBody) -> TryAnswer;
}

/// `GET /api/puzzles/next`'s query.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct NextQuery {
    /// `quickchess` or `querni`.
    game: Game,
    /// Only puzzles with this theme.
    #[serde(default)]
    theme: Option<String>,
    /// In a streak: how many solved so far (the puzzle is rated 800 + 100 x streak).
    #[serde(default)]
    streak: Option<u32>,
    /// A guest's rating, kept by the browser (all three or none).
    #[serde(default)]
    rating: Option<f64>,
    #[serde(default)]
    deviation: Option<f64>,
    #[serde(default)]
    volatility: Option<f64>,
}

/// A puzzle to try, and the player's rating it was chosen for.
#[derive(Serialize, TS)]
pub struct NextAnswer {
    /// The puzzle.
    pub puzzle: PuzzleShown,
    /// The player's puzzle rating now.
    pub rating: PuzzleRating,
    /// How many puzzles of the game the account has tried and solved (guests: none).
    pub tried: Option<(u64, u64)>,
}

/// `POST /api/puzzles/{id}/try`'s body.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TryBody {
    /// QuickChess: the solver's moves so far in UCI (the replies are the server's); Querni:
    /// the one turn.
    pub moves: Vec<String>,
    /// A guest's rating, kept by the browser.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub rating: Option<PuzzleRating>,
    /// A try in a streak: judged, but it moves no rating (as lichess's Puzzle Streak).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub streak: bool,
}

fn guest_rating(q: &NextQuery) -> Result<Option<PuzzleRating>, ApiError> {
    match (q.rating, q.deviation, q.volatility) {
        (None, None, None) => Ok(None),
        (Some(rating), Some(deviation), Some(volatility)) => PuzzleRating {
            rating,
            deviation,
            volatility,
        }
        .checked()
        .map(Some),
        _ => Err(ApiError::BadInput(
            Invalid::Rating,
            "rating, deviation and volatility come together or not at all".into(),
        )),
    }
}

/// The longest theme name accepted.
const MAX_THEME: usize = 32;
/// The most moves a try may send.
const MAX_MOVES: usize = 16;

/// A browser without a guest cookie is given one with its puzzle: a solution shown to it is
/// then known as this browser's, whoever signs in there later (see [`crate::puzzle_fairness`]).
async fn next(
    State(state): State<AppState>,
    asker: Asker,
    headers: HeaderMap,
    Peer(peer): Peer,
    q: Result<Query<NextQuery>, QueryRejection>,
) -> Result<Reply<NextAnswer>, ApiError> {
    let Query(q) =
        q.map_err(|e| ApiError::BadInput(Invalid::Query, format!("query: {}", e.body_text())))?;
    if let Some(t) = &q.theme
        && (t.len() > MAX_THEME
            || !t
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
    {
        return Err(ApiError::BadInput(
            Invalid::Theme,
            format!("theme: `{t}` is not a theme name"),
        ));
    }
    let hub = &state.hub;
    let client = PuzzleClient {
        address: asker.address,
        browser: read_cookie(&headers, GUEST_COOKIE),
        account: asker.account,
    };
    crate::puzzle_fairness::seen(hub, &client).await?;
    let rating = puzzles::rating_of(hub, q.game, asker.account, guest_rating(&q)?).await?;
    let target = match q.streak {
        Some(n) => 800.0 + 100.0 * f64::from(n.min(40)),
        None => rating.rating,
    };
    let p = puzzles::next(hub, q.game, target, q.theme.as_deref(), asker.account).await?;
    let tried = match asker.account {
        Some(a) => Some(hub.store.try_counts(a, q.game.name()).await?),
        None => None,
    };
    let answer = Reply::new(&NextAnswer {
        puzzle: PuzzleShown::from(&p),
        rating,
        tried,
    });
    if read_cookie(&headers, GUEST_COOKIE).is_some() {
        return Ok(answer);
    }
    let secure = super::accounts::secure(&state, &headers, peer);
    let cookie = guest_cookie(&crate::ids::random_hex(12), secure);
    answer.cookie(cookie)
}

async fn try_moves(
    State(state): State<AppState>,
    asker: Asker,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<TryBody>,
) -> Result<Json<TryAnswer>, ApiError> {
    if b.moves.len() > MAX_MOVES || b.moves.iter().any(|m| m.len() > 64) {
        return Err(ApiError::BadInput(
            Invalid::Moves,
            format!("moves: at most {MAX_MOVES}, each at most 64 characters"),
        ));
    }
    let guest = match asker.account {
        Some(_) => None,
        None => b.rating.map(PuzzleRating::checked).transpose()?,
    };
    let client = PuzzleClient {
        address: asker.address,
        browser: read_cookie(&headers, GUEST_COOKIE),
        account: asker.account,
    };
    Ok(Json(
        puzzles::attempt(&state.hub, &id, &b.moves, &client, guest, !b.streak).await?,
    ))
}
