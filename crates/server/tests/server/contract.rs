//! The JSON API's contract (crates/server/src/http/contract.rs) against the running server:
//! every endpoint it declares, and so every route the browser's `call()` may name, is routed
//! with its method. (That each answers its declared type the compiler sees: the declaration
//! names the handler's own answer type, and the browser's types are made from the same.)

use crate::common::*;
use serde_json::json;
use tabula_server::http::assets::NO_ENDPOINT;
use tabula_server::http::contract::Contract;
use tabula_server::http::declare;
use ts_rs::TS;

/// The declared endpoints, as `(verb, path)`.
#[derive(Default)]
struct Listed(Vec<(&'static str, &'static str)>);

impl Contract for Listed {
    fn endpoint<B: TS + 'static, A: TS + 'static>(
        &mut self,
        verb: &'static str,
        path: &'static str,
    ) {
        self.0.push((verb, path));
    }
}

/// `path` with each `{param}` filled (a number reads as any id, a name or a word).
fn filled(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        out.push('7');
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// Whether the router had no route for the request (the answer to an unknown path under
/// `/api/`, or 405 for the method), as against a handler's refusal, which names what it did
/// not find.
fn unrouted(status: u16, body: &serde_json::Value) -> bool {
    let error = body["error"].as_str().unwrap_or_default();
    status == 405 || (status == 404 && error.starts_with(NO_ENDPOINT))
}

#[tokio::test]
async fn every_declared_endpoint_is_routed_with_its_method() {
    let server = start().await;
    // the check itself tells an unrouted request from a refused one
    let (status, body) = http(server.addr, "GET", "/api/no-such-endpoint", None).await;
    assert!(unrouted(status, &body), "{status} {body}");
    let (status, body) = http(server.addr, "DELETE", "/api/me", None).await;
    assert!(unrouted(status, &body), "{status} {body}");
    let (status, body) = http(server.addr, "GET", "/api/users/nobody7", None).await;
    assert!(
        !unrouted(status, &body),
        "a refusal is not a missing route: {status} {body}"
    );

    let mut listed = Listed::default();
    declare(&mut listed);
    assert!(listed.0.len() >= 70, "{} endpoints", listed.0.len());
    let mut seen = std::collections::BTreeSet::new();
    for (verb, path) in listed.0 {
        assert!(seen.insert((verb, path)), "{verb} {path} is declared twice");
        assert!(verb == "GET" || verb == "POST", "{verb} {path}");
        let body = (verb == "POST").then(|| json!({}));
        let (status, answer) = http(server.addr, verb, &filled(path), body).await;
        assert!(
            !unrouted(status, &answer),
            "{verb} {path} is declared but not routed: {status} {answer}"
        );
    }
}
