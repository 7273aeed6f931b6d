//! One error type for everything the server refuses or fails at, which knows its own HTTP
//! status and how it reads in a WebSocket `error` frame.
//!
//! Handlers never choose a status by looking at a message's text: the variant says what kind
//! of failure it is. Only [`ApiError::Internal`] is a fault of the server; it is logged where
//! it becomes a response.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::time::Duration;
use ts_rs::TS;

mod causes;

pub use causes::{
    Busy, Clash, Denied, Fault, Invalid, Late, Missing, Oversize, Rule, Sanctioned, SignIn,
    Throttled, every_code,
};

/// Why a request or a frame was not carried out. Nothing changed in any case.
///
/// Each kind carries its cause (which rule, by a stable code: [`ApiError::cause`]) and the
/// English message that names what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// Malformed input: not JSON, a missing or mistyped field, an unknown option (400).
    #[error("{1}")]
    BadInput(Invalid, String),
    /// Not signed in, or a wrong name or password (401).
    #[error("{1}")]
    Unauthorized(SignIn, String),
    /// The caller may not do this: a token of no seat, a spectator acting, a foreign origin
    /// (403).
    #[error("{1}")]
    Forbidden(Denied, String),
    /// A moderator's sanction forbids it: a banned account or address, a muted player (403,
    /// code `banned`); the message says until when and why.
    #[error("{1}")]
    Banned(Sanctioned, String),
    /// No such game, player, puzzle... (404).
    #[error("{1}")]
    NotFound(Missing, String),
    /// The request clashes with the game's state: the seat is taken, the game has started
    /// (409).
    #[error("{1}")]
    Conflict(Clash, String),
    /// A request's body did not arrive within its deadline (408).
    #[error("{1}")]
    Timeout(Late, String),
    /// A body or frame over its size limit (413).
    #[error("{1}")]
    TooLarge(Oversize, String),
    /// Well-formed, but the game's rules refuse it (422).
    #[error("{1}")]
    Refused(Rule, String),
    /// Too many requests from one address; try again after the given time (429).
    #[error("{message}")]
    RateLimited {
        /// What was limited.
        cause: Throttled,
        /// What was limited, in words.
        message: String,
        /// When to try again.
        retry_after: Duration,
    },
    /// The server has no room for this now (rooms or connections full, a room closing);
    /// try again after the given time (503).
    #[error("{message}")]
    Unavailable {
        /// What is full.
        cause: Busy,
        /// What is full, in words.
        message: String,
        /// When to try again.
        retry_after: Duration,
    },
    /// A fault of the server (a database error, a stored game that does not replay) (500).
    #[error("{1}")]
    Internal(Fault, String),
}

impl ApiError {
    /// A 503 with the usual advice to retry in a few seconds.
    pub fn unavailable(cause: Busy, message: impl Into<String>) -> ApiError {
        ApiError::Unavailable {
            cause,
            message: message.into(),
            retry_after: Duration::from_secs(5),
        }
    }

    /// The HTTP status this error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadInput(..) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(..) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(..) | ApiError::Banned(..) => StatusCode::FORBIDDEN,
            ApiError::NotFound(..) => StatusCode::NOT_FOUND,
            ApiError::Conflict(..) => StatusCode::CONFLICT,
            ApiError::Timeout(..) => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooLarge(..) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Refused(..) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(..) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A short machine-readable name for the kind of error (in `error` frames and bodies).
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadInput(..) => "bad_input",
            ApiError::Unauthorized(..) => "unauthorized",
            ApiError::Forbidden(..) => "forbidden",
            ApiError::Banned(..) => "banned",
            ApiError::NotFound(..) => "not_found",
            ApiError::Conflict(..) => "conflict",
            ApiError::Timeout(..) => "timeout",
            ApiError::TooLarge(..) => "too_large",
            ApiError::Refused(..) => "refused",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::Unavailable { .. } => "unavailable",
            ApiError::Internal(..) => "internal",
        }
    }

    /// The stable code of the error's cause (`seats_full`, `no_game`, ...; unique across
    /// kinds). An internal fault's cause is told as `internal`: what failed is logged only.
    pub fn cause(&self) -> &'static str {
        match self {
            ApiError::BadInput(c, _) => c.code(),
            ApiError::Unauthorized(c, _) => c.code(),
            ApiError::Forbidden(c, _) => c.code(),
            ApiError::Banned(c, _) => c.code(),
            ApiError::NotFound(c, _) => c.code(),
            ApiError::Conflict(c, _) => c.code(),
            ApiError::Timeout(c, _) => c.code(),
            ApiError::TooLarge(c, _) => c.code(),
            ApiError::Refused(c, _) => c.code(),
            ApiError::RateLimited { cause, .. } => cause.code(),
            ApiError::Unavailable { cause, .. } => cause.code(),
            ApiError::Internal(..) => Fault::Server.code(),
        }
    }

    /// The cause's code as it travels between nodes: an internal fault's own cause too (a
    /// relayed fault is logged where it becomes a response).
    pub fn wire_cause(&self) -> &'static str {
        match self {
            ApiError::Internal(c, _) => c.code(),
            other => other.cause(),
        }
    }

    /// An error of the kind `code` and the cause `cause`, as another node sent it; a cause
    /// this node does not know (a newer node's, or none from an older one) becomes its kind's
    /// general one.
    pub fn from_codes(code: &str, cause: &str, message: String, retry_after: Duration) -> ApiError {
        let m = message;
        match code {
            "bad_input" => {
                ApiError::BadInput(Invalid::from_code(cause).unwrap_or(Invalid::Input), m)
            }
            "unauthorized" => {
                ApiError::Unauthorized(SignIn::from_code(cause).unwrap_or(SignIn::Needed), m)
            }
            "forbidden" => {
                ApiError::Forbidden(Denied::from_code(cause).unwrap_or(Denied::Forbidden), m)
            }
            "banned" => ApiError::Banned(
                Sanctioned::from_code(cause).unwrap_or(Sanctioned::Account),
                m,
            ),
            "not_found" => {
                ApiError::NotFound(Missing::from_code(cause).unwrap_or(Missing::Thing), m)
            }
            "conflict" => ApiError::Conflict(Clash::from_code(cause).unwrap_or(Clash::State), m),
            "timeout" => ApiError::Timeout(Late::from_code(cause).unwrap_or(Late::Body), m),
            "too_large" => {
                ApiError::TooLarge(Oversize::from_code(cause).unwrap_or(Oversize::Body), m)
            }
            "refused" => ApiError::Refused(Rule::from_code(cause).unwrap_or(Rule::Refused), m),
            "rate_limited" => ApiError::RateLimited {
                cause: Throttled::from_code(cause).unwrap_or(Throttled::Address),
                message: m,
                retry_after,
            },
            "unavailable" => ApiError::Unavailable {
                cause: Busy::from_code(cause).unwrap_or(Busy::Closing),
                message: m,
                retry_after,
            },
            _ => ApiError::Internal(Fault::from_code(cause).unwrap_or(Fault::Server), m),
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
            ApiError::Internal(fault, detail) => {
                tracing::error!(cause = fault.code(), "internal error: {detail}");
                "the server failed to do this; it has been logged".to_string()
            }
            other => other.to_string(),
        }
    }
}

/// An error as an HTTP body tells it (docs/web.md, "Errors").
#[derive(Clone, Debug, Serialize, TS)]
pub struct ErrorBody {
    /// What went wrong and where, in English.
    pub error: String,
    /// The kind ([`ApiError::code`]): `bad_input`, `not_found`, `rate_limited`...
    pub code: &'static str,
    /// The cause ([`ApiError::cause`]): `seats_full`, `no_game`... (one of `Cause`'s codes;
    /// axum's own refusals of a path or method get theirs in `http/json_errors.rs`).
    #[ts(type = "Cause")]
    pub cause: &'static str,
    /// Seconds to wait before trying again, for the kinds that say so.
    pub retry_after_s: Option<u64>,
}

/// Whole seconds to wait, rounded up (a `Retry-After` of 0 would invite an immediate retry).
fn retry_seconds(d: Duration) -> u64 {
    d.as_millis().div_ceil(1000).max(1) as u64
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let retry = self.retry_after();
        let body = ErrorBody {
            error: self.public_message(),
            code: self.code(),
            cause: self.cause(),
            retry_after_s: retry.map(retry_seconds),
        };
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
            ApiError::TooLarge(
                Oversize::Body,
                format!("{} (at most 16 KiB)", e.body_text()),
            )
        } else {
            ApiError::BadInput(Invalid::Body, e.body_text())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_status_and_a_retry_where_it_should() {
        let cases = [
            (ApiError::BadInput(Invalid::Input, "x".into()), 400, None),
            (
                ApiError::Unauthorized(SignIn::Needed, "x".into()),
                401,
                None,
            ),
            (
                ApiError::Forbidden(Denied::Forbidden, "x".into()),
                403,
                None,
            ),
            (ApiError::Banned(Sanctioned::Muted, "x".into()), 403, None),
            (ApiError::NotFound(Missing::Game, "x".into()), 404, None),
            (ApiError::Conflict(Clash::Full, "x".into()), 409, None),
            (ApiError::TooLarge(Oversize::Body, "x".into()), 413, None),
            (ApiError::Refused(Rule::Game, "x".into()), 422, None),
            (
                ApiError::RateLimited {
                    cause: Throttled::Address,
                    message: "x".into(),
                    retry_after: Duration::from_millis(1_200),
                },
                429,
                Some("2"),
            ),
            (ApiError::unavailable(Busy::Closing, "x"), 503, Some("5")),
            (ApiError::Internal(Fault::Store, "x".into()), 500, None),
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
        let e = ApiError::Internal(Fault::Store, "disk I/O error at page 7".into());
        assert_eq!(e.cause(), "internal");
        assert_eq!(e.wire_cause(), "store");
        assert!(!e.public_message().contains("page 7"));
    }
}
