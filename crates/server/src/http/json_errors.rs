//! Every error of the API in the documented shape, `{"error", "code", "retry_after_s"}`
//! (docs/web.md, "Errors"): the handlers answer so through [`crate::error::ApiError`], and this
//! layer makes the rest so too: axum's own refusals of a path or a query that does not parse
//! (`text/plain`), of a method a route does not take, of a body over the limit. Their words
//! are kept; the status, and any `Allow` or `Retry-After`, too.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

/// The most of a refusal's text read to carry it over.
const MOST: usize = 4 * 1024;

/// The error code of a status (as [`crate::error::ApiError::code`] names them).
fn code(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 | 415 => "bad_input",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "timeout",
        409 => "conflict",
        413 => "too_large",
        422 => "refused",
        429 => "rate_limited",
        503 => "unavailable",
        _ if status.is_client_error() => "bad_input",
        _ => "internal",
    }
}

/// The cause of such an answer (one of [`crate::error::every_code`]'s): axum's refusals are
/// of a path, query or method the API does not have, or of a body.
fn cause(status: StatusCode) -> &'static str {
    use crate::error::{
        Busy, Clash, Denied, Fault, Invalid, Late, Missing, Oversize, Rule, SignIn, Throttled,
    };
    match status.as_u16() {
        404 | 405 => Missing::Endpoint.code(),
        401 => SignIn::Needed.code(),
        403 => Denied::Forbidden.code(),
        408 => Late::Body.code(),
        409 => Clash::State.code(),
        413 => Oversize::Body.code(),
        422 => Rule::Refused.code(),
        429 => Throttled::Address.code(),
        503 => Busy::Closing.code(),
        _ if status.is_client_error() => Invalid::Input.code(),
        _ => Fault::Server.code(),
    }
}

/// Makes an error answer that is not JSON the API's JSON error.
pub(super) async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    // a WebSocket's upgrade (101) and every success pass as they are
    if json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, MOST).await {
        Ok(b) if !b.is_empty() => String::from_utf8_lossy(&b).trim().to_string(),
        _ => status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase(),
    };
    let retry = parts
        .headers
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let body = crate::error::ErrorBody {
        error: text,
        code: code(status),
        cause: cause(status),
        retry_after_s: retry,
    };
    let body = serde_json::to_string(&body).unwrap_or_default();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_code_of_the_documented_ones() {
        assert_eq!(code(StatusCode::BAD_REQUEST), "bad_input");
        assert_eq!(code(StatusCode::METHOD_NOT_ALLOWED), "method_not_allowed");
        assert_eq!(code(StatusCode::PAYLOAD_TOO_LARGE), "too_large");
        assert_eq!(code(StatusCode::IM_A_TEAPOT), "bad_input");
        assert_eq!(code(StatusCode::BAD_GATEWAY), "internal");
    }

    #[test]
    fn every_status_has_a_cause_of_the_api() {
        let known: Vec<_> = crate::error::every_code()
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        for status in [
            400, 401, 403, 404, 405, 408, 409, 413, 415, 418, 422, 429, 500, 502, 503,
        ] {
            let status = StatusCode::from_u16(status).unwrap();
            assert!(
                known.contains(&cause(status)),
                "{status}: {}",
                cause(status)
            );
        }
        assert_eq!(cause(StatusCode::METHOD_NOT_ALLOWED), "no_endpoint");
    }
}
