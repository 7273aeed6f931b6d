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
        .route("/manifest.webmanifest", get(manifest))
        .fallback(get(index))
}

/// A file's entity tag: its content's SHA-256 (what rust-embed keeps of each file), cut to
/// 128 bits, with a suffix for what else the answer depends on (the page's language).
fn etag(f: &rust_embed::EmbeddedFile, suffix: &str) -> String {
    let hex: String = f.metadata.sha256_hash()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("\"{hex}{suffix}\"")
}

/// Whether the browser's copy (`If-None-Match`) is `tag`: then a 304 without a body does.
fn fresh(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"))
}

/// 304 Not Modified for `tag`.
fn not_modified(tag: &str) -> Response {
    let mut r = StatusCode::NOT_MODIFIED.into_response();
    if let Ok(v) = HeaderValue::from_str(tag) {
        r.headers_mut().insert(header::ETAG, v);
    }
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn file(path: &str, headers: &HeaderMap) -> Response {
    match Assets::get(path) {
        Some(f) => {
            let tag = etag(&f, "");
            if fresh(headers, &tag) {
                return not_modified(&tag);
            }
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
                    (header::ETAG, tag.as_str()),
                ],
                f.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    file(&path, &headers)
}

/// The web app manifest.
async fn manifest(headers: HeaderMap) -> Response {
    file("manifest.webmanifest", &headers)
}

/// The service worker, from the root so that its scope is the whole site.
async fn service_worker(headers: HeaderMap) -> Response {
    file("sw.js", &headers)
}

async fn index(headers: HeaderMap) -> Response {
    let Some(f) = Assets::get("index.html") else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let language = super::language::page_language(&headers);
    let tag = etag(&f, &format!("-{language}"));
    if fresh(&headers, &tag) {
        let mut r = not_modified(&tag);
        r.headers_mut().insert(
            header::VARY,
            HeaderValue::from_static("Accept-Language, Cookie"),
        );
        return r;
    }
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
    if let Ok(v) = HeaderValue::from_str(&tag) {
        response.headers_mut().insert(header::ETAG, v);
    }
    response
}
