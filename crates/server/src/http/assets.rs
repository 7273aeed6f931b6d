//! The embedded web UI: every page is `index.html` (the browser-side router draws the right
//! one) in the language negotiated for the request; scripts, styles, pictures and the
//! message catalogues are under `/assets/`. The service worker (`/sw.js`) and the web app
//! manifest (`/manifest.webmanifest`) live at the root, where browsers look for them: a worker
//! controls only the pages under its own path, and it must control every page.

use super::AppState;
use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/assets/{*path}", get(asset))
        .route("/sw.js", get(service_worker))
        .route(
            "/manifest.webmanifest",
            get(|| async { file("manifest.webmanifest") }),
        )
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
                Some("ftl") => "text/plain; charset=utf-8",
                Some("webmanifest") => "application/manifest+json",
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

/// The service worker, from the root so that its scope is the whole site.
async fn service_worker() -> Response {
    file("sw.js")
}

async fn index(headers: HeaderMap) -> Response {
    let Some(f) = Assets::get("index.html") else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let language = super::language::page_language(&headers);
    let html = super::language::localized_index(&String::from_utf8_lossy(&f.data), language);
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        html,
    )
        .into_response();
    response.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    response
}
