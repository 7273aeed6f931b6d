//! Reviews over HTTP: `POST /api/games/{id}/review` asks for the computer's review of a
//! finished game, `GET` the same URL tells where it stands or gives it (docs/web.md,
//! "Reviews").

use super::AppState;
use super::contract::Reply;
use crate::error::{ApiError, Missing};
use crate::review::{GameReview, ReviewState, request, state};
use crate::thinking::Asker;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Serialize;
use ts_rs::TS;

super::contract::json_routes! {
    get "/api/games/{id}/review" => look -> ReviewAnswer;
    post "/api/games/{id}/review" => ask -> ReviewAnswer;
}

/// Where a game's review stands, as the browser reads it.
#[derive(Serialize, TS)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ReviewAnswer {
    /// Made (200).
    Done {
        /// The review.
        review: Box<GameReview>,
    },
    /// Being made now (202).
    Running,
    /// Waiting (202): `place` 1 is next.
    Waiting {
        /// The place in the queue.
        place: usize,
    },
}

fn answer(s: ReviewState) -> Reply<ReviewAnswer> {
    match s {
        ReviewState::Done(review) => Reply::new(&ReviewAnswer::Done { review }),
        ReviewState::Running => Reply::new(&ReviewAnswer::Running).status(StatusCode::ACCEPTED),
        ReviewState::Waiting(place) => {
            Reply::new(&ReviewAnswer::Waiting { place }).status(StatusCode::ACCEPTED)
        }
    }
}

async fn ask(
    State(state): State<AppState>,
    asker: Asker,
    Path(id): Path<String>,
) -> Result<Reply<ReviewAnswer>, ApiError> {
    Ok(answer(request(&state.hub, &id, Some(asker)).await?))
}

async fn look(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Reply<ReviewAnswer>, ApiError> {
    match state(&s.hub, &id).await? {
        Some(found) => Ok(answer(found)),
        None => Err(ApiError::NotFound(
            Missing::Review,
            format!("game `{id}` has no review: ask for one with POST /api/games/{id}/review"),
        )),
    }
}
