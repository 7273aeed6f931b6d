//! HTTP: the JSON API, the WebSocket upgrade and the embedded web UI, with the protections
//! every response and request goes through:
//!
//! - security headers on every response (a strict Content-Security-Policy, no framing,
//!   `nosniff`, a same-origin referrer);
//! - state-changing requests and WebSocket upgrades from a browser page of another origin are
//!   refused (403): only the server's own origin and those given with `--allow-origin` may;
//! - every API request counts against its address's rate (429 with `Retry-After` beyond it);
//! - bodies are at most 16 KiB (413) and must arrive within the body timeout.

mod account_views;
mod accounts;
pub mod admin;
pub mod admin_tournaments;
mod asset_catalog;
pub mod assets;
pub mod challenges;
pub mod chat;
mod class_work;
mod classes;
pub mod contract;
mod daily;
mod daily_views;
mod deck;
mod explorer;
mod games;
mod json_errors;
mod language;
mod lobby;
mod minify;
pub mod observe;
mod page_modules;
mod player_games;
pub mod puzzles;
pub mod replays;
pub mod reports;
mod request_id;
pub mod reviews;
pub mod social;
mod take_home;
mod tools;
pub mod tournaments;
pub mod turns;

use crate::error::{ApiError, Denied, Invalid, Late, Oversize};
use crate::hub::Hub;
use crate::limits::{Limited, TrustedProxies};
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The largest request body.
pub const MAX_BODY: usize = 16 * 1024;

/// What the HTTP layer is told by the operator.
#[derive(Clone, Debug, Default)]
pub struct HttpConfig {
    /// Origins besides the server's own allowed to open WebSockets and send state-changing
    /// requests (`https://play.example.org`).
    pub allow_origins: Vec<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (and whose
    /// `X-Forwarded-Proto` says whether the browser used TLS).
    pub trusted_proxies: TrustedProxies,
    /// Mark cookies `Secure` always (the server is reached over TLS).
    pub secure_cookies: bool,
    /// Answer `Strict-Transport-Security` (the server itself serves TLS: browsers should
    /// never come back over plain HTTP).
    pub hsts: bool,
    /// The site's address as players reach it (`https://play.example.org`, no trailing `/`):
    /// every link and redirect is built from it, never from a request's `Host`. Without it,
    /// the address the server listens on stands in, when that is a particular one.
    pub public_url: Option<String>,
}

/// The site's public address: the one configured, else the address the server listens on when
/// that is a particular one (`http://127.0.0.1:8080`; not `0.0.0.0`, which no player reaches).
pub fn public_or_listening(
    configured: Option<String>,
    listening: Option<SocketAddr>,
    tls: bool,
) -> Option<String> {
    configured.or_else(|| {
        let at = listening.filter(|a| !a.ip().is_unspecified())?;
        Some(format!("{}://{at}", if tls { "https" } else { "http" }))
    })
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The rooms, the store and the services.
    pub hub: Arc<Hub>,
    /// The operator's HTTP settings.
    pub config: Arc<HttpConfig>,
    /// The key of the device cookies, read from the store once.
    pub device_key: Arc<tokio::sync::OnceCell<Vec<u8>>>,
    /// Replays being built and kept.
    pub replays: Arc<replays::Replays>,
    /// The exports of players' games running, per address.
    pub exports: Arc<player_games::Exports>,
}

/// The client's address, as the rate limits count it.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(ClientIp(client_ip(parts, &state.config)))
    }
}

/// The TCP peer's address, when the connection has one.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub Option<SocketAddr>);

impl FromRequestParts<AppState> for Peer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, ApiError> {
        Ok(Peer(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
        ))
    }
}

impl FromRequestParts<AppState> for crate::thinking::Asker {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let address = state.hub.addresses.client(client_ip(parts, &state.config));
        let account = crate::players::signed_in(&state.hub, &parts.headers)
            .await?
            .map(|a| a.id);
        Ok(crate::thinking::Asker { address, account })
    }
}

fn client_ip(parts: &Parts, config: &HttpConfig) -> IpAddr {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip());
    config.trusted_proxies.client(peer, &parts.headers)
}

/// The application's routes over `hub`.
pub fn router(hub: Arc<Hub>, config: HttpConfig) -> Router {
    let state = AppState {
        hub: Arc::clone(&hub),
        config: Arc::new(config),
        device_key: Arc::default(),
        replays: Arc::new(replays::Replays::new(
            hub.limits.replays,
            replays::KEPT_BYTES,
        )),
        exports: Arc::default(),
    };
    let api = Router::new()
        .route("/api/health", get(|| async { "ok" }))
        .merge(games::routes())
        .merge(tools::json_routes())
        .merge(accounts::json_routes())
        .merge(lobby::routes())
        .merge(daily::json_routes())
        .merge(deck::routes())
        .merge(reviews::json_routes())
        .merge(puzzles::json_routes())
        .merge(take_home::routes())
        .merge(admin::json_routes())
        .merge(admin_tournaments::json_routes())
        .merge(reports::json_routes())
        .merge(social::json_routes())
        .merge(tournaments::routes())
        .merge(chat::json_routes())
        .merge(challenges::json_routes())
        .merge(turns::json_routes())
        .merge(explorer::json_routes())
        .merge(player_games::json_routes())
        .merge(player_games::routes())
        .merge(classes::json_routes())
        .merge(class_work::json_routes())
        .merge(class_work::routes())
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(middleware::from_fn_with_state(state.clone(), check_origin))
        .layer(middleware::from_fn(json_errors::json_errors))
        .layer(middleware::from_fn(observe::record));
    Router::new()
        .merge(api)
        .merge(assets::routes())
        // brotli or gzip, as the browser accepts, for pages, scripts, styles, catalogues,
        // JSON and PDFs (the layer leaves small bodies, images and upgrades alone)
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(
            hub.limits.body_timeout,
            body_deadline,
        ))
        .layer(middleware::from_fn_with_state(
            state.config.hsts,
            security_headers,
        ))
        // outermost: everything above runs in the request's span, with its id
        .layer(middleware::from_fn_with_state(
            state.clone(),
            request_id::request_span,
        ))
        .layer(middleware::from_fn(authority_as_host))
        .with_state(state)
}

/// Every module's JSON endpoints, told to `c`.
pub fn declare(c: &mut impl contract::Contract) {
    accounts::contract(c);
    admin::contract(c);
    admin_tournaments::contract(c);
    challenges::contract(c);
    chat::contract(c);
    classes::contract(c);
    class_work::contract(c);
    daily::contract(c);
    explorer::contract(c);
    player_games::contract(c);
    games::contract(c);
    lobby::contract(c);
    puzzles::contract(c);
    reports::contract(c);
    reviews::contract(c);
    social::contract(c);
    tools::contract(c);
    tournaments::contract(c);
    turns::contract(c);
}

/// HTTP/2 names the host in the request's `:authority` (its URI), not in a `Host` header:
/// such a request gets the header too, so the checks that read it (the origin's) treat every
/// HTTP version alike.
async fn authority_as_host(mut request: Request, next: Next) -> Response {
    if !request.headers().contains_key(header::HOST)
        && let Some(host) = request
            .uri()
            .authority()
            .and_then(|a| HeaderValue::from_str(a.as_str()).ok())
    {
        request.headers_mut().insert(header::HOST, host);
    }
    next.run(request).await
}

/// The Content-Security-Policy: scripts, connections and everything else from this origin
/// only; inline style attributes are allowed because the UI sets element styles.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// The policy with one more script source (the page's import map, by its hash: the page's
/// only inline script).
fn csp_with_script(source: &str) -> String {
    CSP.replacen(
        "script-src 'self'",
        &format!("script-src 'self' {source}"),
        1,
    )
}

/// HSTS's lifetime: two years, as the HSTS preload list asks.
const HSTS: &str = "max-age=63072000";

async fn security_headers(State(hsts): State<bool>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    if hsts {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    // (a page sets its own policy: the same with its import map's hash)
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
    }
    for (name, value) in [
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    response
}

/// Whether the request's `Origin` (if any) may act here: the page's own origin (the same
/// host as the request's `Host`) or one the operator allowed. Requests without `Origin`
/// come from programs, not from pages, and cannot be forged by a page.
pub fn origin_allowed(headers: &HeaderMap, config: &HttpConfig) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if config.allow_origins.iter().any(|o| o == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

async fn check_origin(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let upgrade = request.headers().contains_key(header::UPGRADE);
    let changes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if (upgrade || changes) && !origin_allowed(request.headers(), &state.config) {
        let origin = request
            .headers()
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .unwrap_or("?");
        return Err(ApiError::Forbidden(
            Denied::Origin,
            format!(
                "requests from pages of {origin} are not allowed here (the server's own origin \
             and those given with --allow-origin are)"
            ),
        ));
    }
    Ok(next.run(request).await)
}

async fn rate_limit(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let (parts, body) = request.into_parts();
    let ip = client_ip(&parts, &state.config);
    state.hub.addresses.check(Limited::Request, ip)?;
    Ok(next.run(Request::from_parts(parts, body)).await)
}

/// Reads a request's whole body before the handler sees it, within `deadline` of the end of
/// its headers in total (a client trickling its body a byte at a time is cut off at the
/// deadline all the same: 408), and at most [`MAX_BODY`] bytes (413). Bodies here are small
/// JSON, so holding one in memory costs nothing, and no handler ever waits on a slow client.
async fn body_deadline(
    State(deadline): State<std::time::Duration>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    use http_body::Body as _;
    if request.body().is_end_stream() || request.headers().contains_key(header::UPGRADE) {
        return Ok(next.run(request).await);
    }
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, MAX_BODY);
    let bytes = match tokio::time::timeout(deadline, read).await {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => {
            return Err(
                if std::error::Error::source(&e)
                    .is_some_and(|s| s.is::<http_body_util::LengthLimitError>())
                {
                    ApiError::TooLarge(
                        Oversize::Body,
                        format!("a request body is at most {MAX_BODY} bytes"),
                    )
                } else {
                    ApiError::BadInput(
                        Invalid::Body,
                        format!("the request body could not be read: {e}"),
                    )
                },
            );
        }
        Err(_) => {
            return Err(ApiError::Timeout(
                Late::Body,
                format!(
                    "the request body did not arrive within {} s",
                    deadline.as_secs()
                ),
            ));
        }
    };
    Ok(next
        .run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await)
}

/// A JSON body, or 400/413 saying what is wrong with it.
pub struct Body<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for Body<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let axum::Json(v) = axum::Json::<T>::from_request(req, state).await?;
        Ok(Body(v))
    }
}

/// A seat token from `Authorization: Bearer T` (or, the older form, `?token=T`).
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(|t| t.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    #[test]
    fn only_the_own_origin_and_allowed_ones_may_act() {
        let config = HttpConfig {
            allow_origins: vec!["https://play.example.org".into()],
            ..HttpConfig::default()
        };
        let own = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(origin_allowed(&own, &config));
        let none = headers(&[("host", "127.0.0.1:8080")]);
        assert!(origin_allowed(&none, &config));
        let listed = headers(&[("host", "10.0.0.1"), ("origin", "https://play.example.org")]);
        assert!(origin_allowed(&listed, &config));
        let foreign = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example"),
        ]);
        assert!(!origin_allowed(&foreign, &config));
        let null = headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]);
        assert!(!origin_allowed(&null, &config));
        let other_port = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:9999"),
        ]);
        assert!(!origin_allowed(&other_port, &config));
    }

    #[tokio::test]
    async fn an_http2_request_names_its_host_by_its_authority() {
        use tower_service::Service;
        let mut app = Router::new()
            .route(
                "/",
                axum::routing::post(|h: HeaderMap| async move {
                    let host = h
                        .get(header::HOST)
                        .map(|v| v.to_str().unwrap_or("?").to_string());
                    format!("{host:?} {}", origin_allowed(&h, &HttpConfig::default()))
                }),
            )
            .layer(middleware::from_fn(authority_as_host));
        let request = Request::builder()
            .method("POST")
            .version(axum::http::Version::HTTP_2)
            .uri("https://play.example:8443/")
            .header(header::ORIGIN, "https://play.example:8443")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = app.call(request).await.unwrap();
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        assert_eq!(body, "Some(\"play.example:8443\") true");
    }

    #[test]
    fn bearer_tokens_are_read_from_the_header() {
        assert_eq!(
            bearer(&headers(&[("authorization", "Bearer abc123")])),
            Some("abc123".into())
        );
        assert_eq!(bearer(&headers(&[("authorization", "Basic x")])), None);
        assert_eq!(bearer(&HeaderMap::new()), None);
    }
}
