//! The embedded web UI: every page is `index.html` (the browser-side router draws the right
//! one); scripts, styles and pictures are under `/assets/`.

use super::AppState;
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/assets/{*path}", get(asset))
        .fallback(get(index))
}

fn file(path: &str) -> Response {
    match Assets::get(path) {
        Some(f) => {
            let mime = match path.rsplit('.').next() {
                Some("html") => "text/html; charset=utf-8",
                Some("js" | "mjs") => "text/javascript; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("svg") => "image/svg+xml",
                Some("png") => "image/png",
                Some("json") => "application/json",
                _ => "application/octet-stream",
            };
            (
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                f.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn asset(Path(path): Path<String>) -> Response {
    file(&path)
}

async fn index() -> Response {
    file("index.html")
}
