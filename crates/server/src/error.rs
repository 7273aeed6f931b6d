//! One error type for everything the server refuses or fails at, which knows its own HTTP
//! status and how it reads in a WebSocket `error` frame.
//!
//! Handlers never choose a status by looking at a message's text: the variant says what kind
//! of failure it is. Only [`ApiError::Internal`] is a fault of the server; it is logged where
//! it becomes a response.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::time::Duration;

/// Why a request or a frame was not carried out. Nothing changed in any case.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// Malformed input: not JSON, a missing or mistyped field, an unknown option (400).
    #[error("{0}")]
    BadInput(String),
    /// Not signed in, or a wrong name or password (401).
    #[error("{0}")]
    Unauthorized(String),
    /// The caller may not do this: a token of no seat, a spectator acting, a foreign origin
    /// (403).
    #[error("{0}")]
    Forbidden(String),
    /// A moderator's sanction forbids it: a banned account or address, a muted player (403,
    /// code `banned`); the message says until when and why.
    #[error("{0}")]
    Banned(String),
    /// No such game (404).
    #[error("{0}")]
    NotFound(String),
    /// The request clashes with the game's state: the seat is taken, the game has started
    /// (409).
    #[error("{0}")]
    Conflict(String),
    /// A request's body did not arrive within its deadline (408).
    #[error("{0}")]
    Timeout(String),
    /// A body or frame over its size limit (413).
    #[error("{0}")]
    TooLarge(String),
    /// Well-formed, but the game's rules refuse it (422).
    #[error("{0}")]
    Refused(String),
    /// Too many requests from one address; try again after the given time (429).
    #[error("{message}")]
    RateLimited {
        /// What was limited.
        message: String,
        /// When to try again.
        retry_after: Duration,
    },
    /// The server has no room for this now (rooms or connections full, a room closing);
    /// try again after the given time (503).
    #[error("{message}")]
    Unavailable {
        /// What is full.
        message: String,
        /// When to try again.
        retry_after: Duration,
    },
    /// A fault of the server (a database error, a stored game that does not replay) (500).
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// A 503 with the usual advice to retry in a few seconds.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::Unavailable {
            message: message.into(),
            retry_after: Duration::from_secs(5),
        }
    }

    /// The HTTP status this error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadInput(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::Banned(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A short machine-readable name for the kind of error (in `error` frames and bodies).
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadInput(_) => "bad_input",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::Banned(_) => "banned",
            ApiError::NotFound(_) => "not_found",
            ApiError::Conflict(_) => "conflict",
            ApiError::Timeout(_) => "timeout",
            ApiError::TooLarge(_) => "too_large",
            ApiError::Refused(_) => "refused",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::Unavailable { .. } => "unavailable",
            ApiError::Internal(_) => "internal",
        }
    }

    /// When to try again, for the errors that say so.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::RateLimited { retry_after, .. }
            | ApiError::Unavailable { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    /// The error as it is told to a client: internal faults are logged here and answered
    /// without their details.
    pub fn public_message(&self) -> String {
        match self {
            ApiError::Internal(detail) => {
                tracing::error!("internal error: {detail}");
                "the server failed to do this; it has been logged".to_string()
            }
            other => other.to_string(),
        }
    }
}

/// Whole seconds to wait, rounded up (a `Retry-After` of 0 would invite an immediate retry).
fn retry_seconds(d: Duration) -> u64 {
    d.as_millis().div_ceil(1000).max(1) as u64
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let retry = self.retry_after();
        let body = json!({
            "error": self.public_message(),
            "code": self.code(),
            "retry_after_s": retry.map(retry_seconds),
        });
        let mut response = (status, Json(body)).into_response();
        if let Some(d) = retry
            && let Ok(v) = HeaderValue::from_str(&retry_seconds(d).to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, v);
        }
        response
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    /// A body that is not the expected JSON: 413 when too large, 400 otherwise (a missing
    /// field or a wrong type is bad input, whatever axum's own choice of status).
    fn from(e: axum::extract::rejection::JsonRejection) -> ApiError {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(format!("{} (at most 16 KiB)", e.body_text()))
        } else {
            ApiError::BadInput(e.body_text())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_status_and_a_retry_where_it_should() {
        let cases = [
            (ApiError::BadInput("x".into()), 400, None),
            (ApiError::Unauthorized("x".into()), 401, None),
            (ApiError::Forbidden("x".into()), 403, None),
            (ApiError::Banned("x".into()), 403, None),
            (ApiError::NotFound("x".into()), 404, None),
            (ApiError::Conflict("x".into()), 409, None),
            (ApiError::TooLarge("x".into()), 413, None),
            (ApiError::Refused("x".into()), 422, None),
            (
                ApiError::RateLimited {
                    message: "x".into(),
                    retry_after: Duration::from_millis(1_200),
                },
                429,
                Some("2"),
            ),
            (ApiError::unavailable("x"), 503, Some("5")),
            (ApiError::Internal("x".into()), 500, None),
        ];
        for (error, status, retry) in cases {
            let r = error.clone().into_response();
            assert_eq!(r.status().as_u16(), status, "{error:?}");
            assert_eq!(
                r.headers()
                    .get(header::RETRY_AFTER)
                    .map(|v| v.to_str().unwrap()),
                retry,
                "{error:?}"
            );
        }
    }

    #[test]
    fn internal_details_are_not_told_to_clients() {
        let e = ApiError::Internal("disk I/O error at page 7".into());
        assert!(!e.public_message().contains("page 7"));
    }
}
