//! The daily puzzle over HTTP.

use super::contract::Reply;
use super::daily_views::{
    DailyJudged, DailyMark, DailyMine, DailyRankRow, DailyRanking, DailySolved, DailyStarted,
    DailyTime, DailyToday, DailyYesterday,
};
use super::{AppState, Body};
use crate::error::{ApiError, Clash, Fault, Missing};
use crate::ids::now_ms;
use crate::players::daily::DailyPosition;
use crate::players::daily::{self, Puzzle};
use crate::players::{Player, identify};
use crate::store::players::DailyResult;
use crate::unpoisoned::Locked;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock};
use ts_rs::TS;

super::contract::json_routes! {
    get "/api/daily" => today -> DailyToday;
    post "/api/daily/{puzzle}/start" => start -> DailyStarted;
    post "/api/daily/{puzzle}/solve" => solve(Solution) -> DailyJudged;
    get "/api/daily/{puzzle}/ranking" => ranking -> DailyRanking;
    post "/api/daily/{puzzle}/position" => position(Steps) -> DailyPosition;
}

/// A day's puzzles.
type DayPuzzles = (String, Arc<Vec<Puzzle>>);

/// The puzzles of the last days asked for, worked out once per day (a few hundred exact
/// solves) on a blocking thread.
async fn puzzles_of(state: &AppState, day: &str) -> Result<Arc<Vec<Puzzle>>, ApiError> {
    static CACHE: OnceLock<Mutex<Vec<DayPuzzles>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    if let Some((_, p)) = cache.locked().iter().find(|(d, _)| d == day) {
        return Ok(Arc::clone(p));
    }
    let (services, d) = (Arc::clone(&state.hub.services), day.to_string());
    let made = tokio::task::spawn_blocking(move || daily::puzzles(&d, &services))
        .await
        .map_err(|e| ApiError::Internal(Fault::Task, format!("the daily puzzle: {e}")))??;
    let made = Arc::new(made);
    let mut c = cache.locked();
    c.retain(|(d, _)| d != day);
    c.push((day.to_string(), Arc::clone(&made)));
    if c.len() > 4 {
        c.remove(0);
    }
    Ok(made)
}

/// `body`, with a new guest's cookie when the player was just made one.
fn answer<A: Serialize>(player: &Player, body: &A) -> Result<Reply<A>, ApiError> {
    let reply = Reply::new(body);
    match &player.new_guest {
        Some(g) => reply.cookie(crate::players::accounts::guest_cookie(g, false)),
        None => Ok(reply),
    }
}

async fn today(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Reply<DailyToday>, ApiError> {
    let player = identify(&state.hub, &headers, "").await?;
    let (day, yesterday) = daily::today_and_yesterday();
    let puzzles = puzzles_of(&state, &day).await?;
    let before = puzzles_of(&state, &yesterday).await?;
    let days = state.hub.store.daily_days(&player.id).await?;
    let mut mine = Vec::new();
    for p in puzzles.iter() {
        let best = state.hub.store.daily_ranking(&day, &p.id, 10_000).await?;
        let me = best.iter().position(|r| r.player == player.id);
        mine.push(DailyMine {
            puzzle: p.id.clone(),
            result: me.map(|i| DailyMark {
                moves: best[i].moves,
                ms: best[i].ms,
                rank: i + 1,
            }),
            solvers: best.len(),
        });
    }
    answer(
        &player,
        &DailyToday {
            weekday: daily::weekday(daily::day_number(&day)?),
            streak: daily::streak(&days, &day),
            day,
            puzzles: puzzles.as_ref().clone(),
            mine,
            yesterday: DailyYesterday {
                day: yesterday,
                puzzles: before.iter().map(DailySolved::from).collect(),
            },
        },
    )
}

fn find<'a>(puzzles: &'a [Puzzle], id: &str) -> Result<&'a Puzzle, ApiError> {
    puzzles.iter().find(|p| p.id == id).ok_or_else(|| {
        ApiError::NotFound(
            Missing::Daily,
            format!(
                "no daily puzzle `{}`: {}",
                id.chars().take(30).collect::<String>(),
                daily::PUZZLES.join(", ")
            ),
        )
    })
}

async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(puzzle): Path<String>,
) -> Result<Reply<DailyStarted>, ApiError> {
    let player = identify(&state.hub, &headers, "").await?;
    let (day, _) = daily::today_and_yesterday();
    let puzzles = puzzles_of(&state, &day).await?;
    let p = find(&puzzles, &puzzle)?;
    let started = state
        .hub
        .store
        .daily_start(&day, &p.id, &player.id, now_ms())
        .await?;
    answer(
        &player,
        &DailyStarted {
            day,
            puzzle: p.clone(),
            started,
        },
    )
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct Solution {
    solution: Vec<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    name: String,
}

async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(puzzle): Path<String>,
    Body(b): Body<Solution>,
) -> Result<Json<DailyJudged>, ApiError> {
    let player = identify(&state.hub, &headers, &b.name).await?;
    if player.new_guest.is_some() {
        return Err(ApiError::Conflict(
            Clash::NotBegun,
            "start the puzzle first (its clock starts when you first see it)".into(),
        ));
    }
    let (day, _) = daily::today_and_yesterday();
    let puzzles = puzzles_of(&state, &day).await?;
    let p = find(&puzzles, &puzzle)?;
    let moves = daily::referee(p, &b.solution)?;
    let now = now_ms();
    let started = state
        .hub
        .store
        .daily_start(&day, &p.id, &player.id, now)
        .await?;
    let result = DailyResult {
        day: day.clone(),
        puzzle: p.id.clone(),
        player: player.id.clone(),
        name: player.name.clone(),
        account: player.account.as_ref().map(|a| a.id),
        moves,
        ms: now.saturating_sub(started),
        at: now,
    };
    let first = state.hub.store.daily_result(&result).await?;
    let ranking = state.hub.store.daily_ranking(&day, &p.id, 10_000).await?;
    let rank = ranking
        .iter()
        .position(|r| r.player == player.id)
        .map(|i| i + 1);
    let kept = ranking.iter().find(|r| r.player == player.id);
    Ok(Json(DailyJudged {
        moves,
        optimum: p.optimum,
        optimal: moves == p.optimum,
        counted: first,
        rank,
        of: ranking.len(),
        result: kept.map(|r| DailyTime {
            moves: r.moves,
            ms: r.ms,
        }),
    }))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
struct Steps {
    steps: Vec<String>,
}

async fn position(
    State(state): State<AppState>,
    Path(puzzle): Path<String>,
    Body(b): Body<Steps>,
) -> Result<Json<DailyPosition>, ApiError> {
    let (day, _) = daily::today_and_yesterday();
    let puzzles = puzzles_of(&state, &day).await?;
    Ok(Json(daily::position(find(&puzzles, &puzzle)?, &b.steps)?))
}

async fn ranking(
    State(state): State<AppState>,
    Path(puzzle): Path<String>,
) -> Result<Json<DailyRanking>, ApiError> {
    let (day, _) = daily::today_and_yesterday();
    if !daily::PUZZLES.contains(&puzzle.as_str()) {
        return Err(ApiError::NotFound(
            Missing::Daily,
            format!(
                "no daily puzzle `{}`",
                puzzle.chars().take(30).collect::<String>()
            ),
        ));
    }
    let rows = state.hub.store.daily_ranking(&day, &puzzle, 100).await?;
    Ok(Json(DailyRanking {
        day,
        puzzle,
        results: rows
            .iter()
            .zip(1..)
            .map(|(r, rank)| DailyRankRow {
                rank,
                name: r.name.clone(),
                registered: r.account.is_some(),
                moves: r.moves,
                ms: r.ms,
            })
            .collect(),
    }))
}
