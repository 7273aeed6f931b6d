//! Every HTTP request counted and timed for the metrics (crate::metrics), by its route's
//! pattern; and the metrics' own small app, served on the operator's address only.

use crate::hub::Hub;
use crate::metrics::{Gauges, HttpLabels, METRICS, RouteLabels};
use axum::Router;
use axum::extract::{MatchedPath, Request};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;
use std::time::Instant;

/// Counts and times a request.
pub(super) async fn record(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "page".to_string(), |p| p.as_str().to_string());
    let method = request.method().as_str().to_string();
    let began = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16();
    METRICS
        .http_seconds
        .get_or_create(&RouteLabels {
            route: route.clone(),
        })
        .observe(began.elapsed().as_secs_f64());
    METRICS
        .http_requests
        .get_or_create(&HttpLabels {
            route,
            method,
            status,
        })
        .inc();
    response
}

/// `GET /metrics`, for the operator's address (`--metrics-addr`), never the public one.
pub fn metrics_app(hub: Arc<Hub>) -> Router {
    Router::new().route(
        "/metrics",
        get(move || {
            let hub = Arc::clone(&hub);
            async move {
                (
                    [(
                        header::CONTENT_TYPE,
                        "application/openmetrics-text; version=1.0.0; charset=utf-8",
                    )],
                    METRICS.render(Gauges {
                        sockets: hub.rooms.connection_count(),
                        rooms: hub.rooms.loaded_rooms(),
                        thinking_running: hub.thinking.running(),
                        thinking_waiting: hub
                            .thinking
                            .busy()
                            .saturating_sub(hub.thinking.running()),
                        reviews_waiting: hub.reviews.waiting(),
                    }),
                )
                    .into_response()
            }
        }),
    )
}
