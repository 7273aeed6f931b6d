//! The opening explorer over HTTP: `GET /api/explorer` (docs/web.md, "Opening explorer"; the
//! answer is made by [`crate::explorer`]).

use super::AppState;
use crate::error::{ApiError, Invalid};
use crate::explorer::{ExplorerAnswer, ExplorerQuery};
use crate::thinking::Asker;
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};

super::contract::json_routes! {
    get "/api/explorer" => explorer -> ExplorerAnswer;
}

async fn explorer(
    State(state): State<AppState>,
    asker: Asker,
    q: Result<Query<ExplorerQuery>, QueryRejection>,
) -> Result<Json<ExplorerAnswer>, ApiError> {
    let Query(q) =
        q.map_err(|e| ApiError::BadInput(Invalid::Query, format!("query: {}", e.body_text())))?;
    let hub = &state.hub;
    let knowledge = std::sync::Arc::clone(&hub.services.knowledge);
    crate::explorer::explore(q, &*hub.store, knowledge, &hub.thinking, asker)
        .await
        .map(Json)
}
