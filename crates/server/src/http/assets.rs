//! The embedded web UI: every page is `index.html` (the browser-side router draws the right
//! one) in the language negotiated for the request; scripts, styles, pictures and the
//! message catalogues are under `/assets/`, at plain URLs (revalidated by ETag) and at
//! content-hashed ones that browsers keep for a year (see [`super::asset_catalog`]). The
//! service worker (`/sw.js`) and the web app manifest (`/manifest.webmanifest`) live at the
//! root, where browsers look for them: a worker controls only the pages under its own path,
//! and it must control every page.

use super::AppState;
use super::asset_catalog::{Keep, catalog};
use super::page_modules::page_module;
use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub(super) fn routes() -> Router<AppState> {
    // prepared here, as the server starts, rather than on the first visit's request
    let _ = catalog();
    Router::new()
        .route("/assets/{*path}", get(asset))
        .route("/sw.js", get(service_worker))
        .route("/manifest.webmanifest", get(manifest))
        .fallback(get(index))
}

/// The start of the answer to a path under `/api/` that no endpoint has.
pub const NO_ENDPOINT: &str = "no such endpoint:";

/// A year: how long a hashed URL's answer is kept (it never changes).
const FOREVER: &str = "public, max-age=31536000, immutable";

/// Whether the browser's copy (`If-None-Match`) is `tag`: then a 304 without a body does.
fn fresh(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"))
}

/// 304 Not Modified for `tag`.
fn not_modified(tag: &str, cache: &'static str) -> Response {
    let mut r = StatusCode::NOT_MODIFIED.into_response();
    if let Ok(v) = HeaderValue::from_str(tag) {
        r.headers_mut().insert(header::ETAG, v);
    }
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    r
}

fn file(path: &str, headers: &HeaderMap) -> Response {
    let catalog = catalog();
    let Some((f, keep)) = catalog.get(path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let cache = match keep {
        Keep::Forever => FOREVER,
        Keep::Revalidate => "no-cache",
    };
    let tag = format!("\"{}\"", f.hash);
    if fresh(headers, &tag) {
        return not_modified(&tag, cache);
    }
    (
        [
            (header::CONTENT_TYPE, f.mime),
            (header::CACHE_CONTROL, cache),
            (header::ETAG, tag.as_str()),
        ],
        f.body.clone(),
    )
        .into_response()
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

async fn index(uri: Uri, headers: HeaderMap) -> Response {
    // the API's own paths are never a page: a tool (or a page of an older release) asking for
    // an endpoint that is not there hears so, as JSON
    if uri.path() == "/api" || uri.path().starts_with("/api/") {
        let path: String = uri.path().chars().take(100).collect();
        return crate::error::ApiError::NotFound(
            crate::error::Missing::Endpoint,
            format!("{NO_ENDPOINT} GET {path}"),
        )
        .into_response();
    }
    let catalog = catalog();
    let language = super::language::page_language(&headers);
    let module = page_module(uri.path());
    // the page names every file's hash: it changes with any of them, with the language, and
    // with the page's own module
    let tag = format!(
        "\"{}-{language}-{}\"",
        catalog.fingerprint(),
        module.unwrap_or("none").trim_end_matches(".js")
    );
    let mut response = if fresh(&headers, &tag) {
        not_modified(&tag, "no-cache")
    } else {
        let html = super::language::localized_index(&catalog.page(language, module), language);
        let mut r = (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            html,
        )
            .into_response();
        if let Ok(v) = HeaderValue::from_str(&tag) {
            r.headers_mut().insert(header::ETAG, v);
        }
        r
    };
    let h = response.headers_mut();
    h.insert(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    // a 304's headers replace the kept copy's (RFC 9111, 4.3.4): it carries the page's own
    // policy too, or the kept page's import map would be refused on its next showing
    let csp = super::csp_with_script(catalog.import_map_source());
    if let Ok(v) = HeaderValue::from_str(&csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    response
}
