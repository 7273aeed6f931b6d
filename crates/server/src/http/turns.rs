//! The signed-in player's correspondence games waiting for their move (the home page's and
//! the bell's "your turn" list).

use super::AppState;
use crate::correspondence::{self, TurnList};
use crate::error::{ApiError, SignIn};
use crate::players::signed_in;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;

super::contract::json_routes! {
    get "/api/me/turns" => turns -> TurnList;
}

async fn turns(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<TurnList>, ApiError> {
    let me = signed_in(&state.hub, &headers).await?.ok_or_else(|| {
        ApiError::Unauthorized(SignIn::Needed, "sign in to see your games".into())
    })?;
    Ok(Json(correspondence::turns_of(&state.hub, me.id).await?))
}
