//! Every request gets an id and a span: the id is answered in `X-Request-Id`, and every log
//! line written while the request is served (its handler, the room call it makes, the store
//! write the room does for it, and a WebSocket session it opens) carries it, so an operator
//! can follow one request through the logs.
//!
//! The span holds the method and the path only, never the query string or headers: a seat
//! token or a session cookie must never reach a log line.

use super::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use std::net::SocketAddr;
use tracing::Instrument;

/// The header a request's id is answered in (and read from, behind a trusted proxy).
pub const REQUEST_ID: &str = "x-request-id";

/// The id a trusted proxy gave the request, if it looks like one (1 to 64 letters, digits,
/// `-`, `_` or `.`): a proxy's own request id joins its logs to ours.
fn forwarded(headers: &HeaderMap) -> Option<String> {
    let id = headers.get(REQUEST_ID)?.to_str().ok()?;
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    ((1..=64).contains(&id.len()) && id.chars().all(ok)).then(|| id.to_string())
}

/// Serves the request inside its span and answers its id.
pub(super) async fn request_span(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let trusted = peer.is_some_and(|p| state.config.trusted_proxies.0.contains(&p));
    let id = trusted
        .then(|| forwarded(request.headers()))
        .flatten()
        .unwrap_or_else(|| crate::ids::random_hex(8));
    let span = tracing::info_span!(
        "request",
        id = %id,
        method = %request.method(),
        path = %request.uri().path(),
    );
    let began = std::time::Instant::now();
    let mut response = next.run(request).instrument(span.clone()).await;
    // the access log: refusals at info (an operator looks for them), the rest at debug
    let (status, ms) = (
        response.status().as_u16(),
        began.elapsed().as_millis() as u64,
    );
    span.in_scope(|| match status {
        500.. => tracing::warn!(status, ms, "answered"),
        400.. => tracing::info!(status, ms, "answered"),
        _ => tracing::debug!(status, ms, "answered"),
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_well_formed_forwarded_id_is_kept() {
        let mut h = HeaderMap::new();
        assert_eq!(forwarded(&h), None);
        h.insert(REQUEST_ID, HeaderValue::from_static("abc-123_x.y"));
        assert_eq!(forwarded(&h).as_deref(), Some("abc-123_x.y"));
        h.insert(REQUEST_ID, HeaderValue::from_static("a b"));
        assert_eq!(forwarded(&h), None);
        h.insert(REQUEST_ID, HeaderValue::from_str(&"x".repeat(65)).unwrap());
        assert_eq!(forwarded(&h), None);
    }
}
