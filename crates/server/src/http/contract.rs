//! The JSON API's contract: every JSON endpoint is declared once, with its method, its path, the
//! type of its body and the type of its answer, by [`json_routes!`] (and all of them are told
//! by [`super::declare`]). From that one declaration
//! come the axum routes and the `Routes` table of `web/types/protocol.d.ts`, through which the
//! browser's `call()` (web/api.js) is type-checked: a renamed field, a changed path or a body of
//! the wrong shape fails `tsc`, not a player.
//!
//! The declaration is held to the handler by the compiler: [`checked`] accepts a handler only
//! if its answer is the declared type (`Json<A>` or [`Reply<A>`], in a `Result` or not) and,
//! for an endpoint with a body, its last argument is `Body<B>` of the declared `B` (an endpoint
//! declared without a body cannot take one: `Body` is not a [`FromRequestParts`]).

use super::{AppState, Body};
use crate::error::{ApiError, Fault};
use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::future::Future;
use std::marker::PhantomData;
use ts_rs::TS;

/// Whoever reads the contract: the TypeScript writer ([`crate::web_types`]) and the test that
/// every declared route answers.
pub trait Contract {
    /// One endpoint: `verb` is `GET` or `POST`; `B` is `()` for an endpoint without a body.
    fn endpoint<B: TS + 'static, A: TS + 'static>(
        &mut self,
        verb: &'static str,
        path: &'static str,
    );
}

/// A JSON answer of type `A` with a status or headers of its own (a session's cookie, a 202
/// while a review runs): its body is always `A`, so the contract can name it.
pub struct Reply<A> {
    response: Response,
    answer: PhantomData<fn() -> A>,
}

impl<A: Serialize> Reply<A> {
    /// `answer` as JSON, 200.
    pub fn new(answer: &A) -> Reply<A> {
        Reply {
            response: Json(answer).into_response(),
            answer: PhantomData,
        }
    }

    /// The JSON text of an `A` made earlier (a cached replay): the caller vouches that
    /// `json` was serialized from an `A`.
    pub fn prebuilt(json: axum::body::Bytes) -> Reply<A> {
        Reply {
            response: (
                [(
                    axum::http::header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                json,
            )
                .into_response(),
            answer: PhantomData,
        }
    }

    /// The same answer with another status.
    pub fn status(mut self, status: StatusCode) -> Reply<A> {
        *self.response.status_mut() = status;
        self
    }

    /// The same answer with one more header (several `Set-Cookie` may be appended).
    pub fn header(mut self, name: HeaderName, value: HeaderValue) -> Reply<A> {
        self.response.headers_mut().append(name, value);
        self
    }

    /// The same answer setting one more cookie (`Set-Cookie: cookie`).
    pub fn cookie(self, cookie: String) -> Result<Reply<A>, ApiError> {
        let value = HeaderValue::try_from(cookie).map_err(|e| {
            ApiError::Internal(
                Fault::Encoding,
                format!("a cookie that is no header value: {e}"),
            )
        })?;
        Ok(self.header(axum::http::header::SET_COOKIE, value))
    }
}

impl<A> IntoResponse for Reply<A> {
    fn into_response(self) -> Response {
        self.response
    }
}

/// What a handler that answers `A` returns.
pub trait Answers<A> {}
impl<A> Answers<A> for Json<A> {}
impl<A> Answers<A> for Reply<A> {}
impl<A, T: Answers<A>> Answers<A> for Result<T, ApiError> {}

/// The marker of a handler without a body.
pub struct Plain;
/// The marker of a handler whose last argument is its body.
pub struct WithBody;

/// A handler that answers `A` and reads a body `B` (`()`: none); `Args` only tells the
/// arities apart.
pub trait Typed<A, B, Args> {}

macro_rules! typed_arity {
    ($($t:ident),*) => {
        impl<F, Fut, R, A, $($t,)*> Typed<A, (), (Plain, $($t,)*)> for F
        where
            F: Fn($($t),*) -> Fut,
            Fut: Future<Output = R>,
            R: Answers<A>,
            $($t: FromRequestParts<AppState>,)*
        {
        }
        impl<F, Fut, R, A, B, $($t,)*> Typed<A, B, (WithBody, $($t,)*)> for F
        where
            F: Fn($($t,)* Body<B>) -> Fut,
            Fut: Future<Output = R>,
            R: Answers<A>,
            $($t: FromRequestParts<AppState>,)*
        {
        }
    };
}
typed_arity!();
typed_arity!(T1);
typed_arity!(T1, T2);
typed_arity!(T1, T2, T3);
typed_arity!(T1, T2, T3, T4);
typed_arity!(T1, T2, T3, T4, T5);
typed_arity!(T1, T2, T3, T4, T5, T6);

/// `handler`, once the compiler has seen that it answers `A` and reads `B`.
pub fn checked<A, B, Args, H: Typed<A, B, Args>>(handler: H) -> H {
    handler
}

/// Declares a module's JSON endpoints; makes `json_routes()` (its axum routes) and
/// `contract()` (the declaration, for [`Contract`]). Each line:
/// `get "/path/{param}" => handler -> Answer;` or `post "/path" => handler(Body) -> Answer;`.
macro_rules! json_routes {
    ($($verb:ident $path:literal => $handler:ident $(($body:ty))? -> $answer:ty;)*) => {
        /// This module's JSON endpoints, as declared to the contract.
        pub(super) fn json_routes() -> axum::Router<super::AppState> {
            axum::Router::new()
                $(.route(
                    $path,
                    axum::routing::$verb(super::contract::checked::<
                        $answer,
                        $crate::http::contract::json_routes!(@body $($body)?),
                        _,
                        _,
                    >($handler)),
                ))*
        }

        /// Tells `c` this module's JSON endpoints.
        pub(crate) fn contract(c: &mut impl super::contract::Contract) {
            $(c.endpoint::<$crate::http::contract::json_routes!(@body $($body)?), $answer>(
                $crate::http::contract::json_routes!(@verb $verb),
                $path,
            );)*
        }
    };
    (@body) => { () };
    (@body $body:ty) => { $body };
    (@verb get) => { "GET" };
    (@verb post) => { "POST" };
}
pub(crate) use json_routes;
