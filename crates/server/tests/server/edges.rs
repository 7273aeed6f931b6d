//! The smaller edges of issue #54, item 7: every error of the API is the documented JSON (a
//! path or query that does not parse, a method a route does not take), links are built from
//! the site's public address and never from a request's `Host`, and an account search takes
//! `%` and `_` as the characters they are.

use crate::common;

use common::jar::{Jar, signed_up};
use common::request;
use serde_json::json;
use tabula_server::store::moderation::{Audit, Role};

#[tokio::test]
async fn every_api_error_is_the_documented_json() {
    let s = common::start().await;
    let (id, _) = common::create(s.addr, "querni", json!({}), json!([])).await;
    for (method, path, status, code) in [
        (
            "GET",
            format!("/api/games/{id}/chat?after=soon"),
            400,
            "bad_input",
        ),
        (
            "GET",
            "/api/tournaments/x/chat?after=-".to_string(),
            400,
            "bad_input",
        ),
        (
            "DELETE",
            "/api/games".to_string(),
            405,
            "method_not_allowed",
        ),
        (
            "PUT",
            format!("/api/games/{id}/act"),
            405,
            "method_not_allowed",
        ),
        (
            "GET",
            "/api/admin/sanctions/abc/lift".to_string(),
            405,
            "method_not_allowed",
        ),
    ] {
        let a = request(s.addr, 1, method, &path, &[], None).await;
        assert_eq!(a.status, status, "{method} {path}: {}", a.body);
        assert_eq!(
            a.header("content-type"),
            Some("application/json"),
            "{method} {path}"
        );
        assert_eq!(a.body["code"], code, "{method} {path}: {}", a.body);
        // the framework's refusals name a cause of the API too
        let cause = a.body["cause"].as_str().unwrap_or_default();
        assert!(
            tabula_server::error::every_code()
                .iter()
                .any(|(c, _)| *c == cause),
            "{method} {path}: {}",
            a.body
        );
        assert!(
            !a.body["error"].as_str().unwrap().is_empty(),
            "{method} {path}: the words are kept"
        );
    }
    // a path that does not parse as its number
    let a = request(
        s.addr,
        1,
        "POST",
        "/api/admin/sanctions/abc/lift",
        &[],
        Some(json!({})),
    )
    .await;
    assert!(a.status == 400 || a.status == 401, "{}", a.body);
    assert!(a.body["code"].is_string(), "{}", a.body);
}

async fn make_admin(s: &common::Server, name: &str) {
    let a = s.hub.store.account_by_name(name).await.unwrap().unwrap();
    let audit = Audit {
        actor: "cli:test".into(),
        action: "role".into(),
        subject: format!("account:{name}"),
        detail: "role set to admin".into(),
        at: 1,
    };
    assert!(
        s.hub
            .store
            .set_role(a.id, Role::Admin, &audit)
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn links_come_from_the_public_address_and_searches_take_wildcards_literally() {
    let s = common::start().await;
    let mut jars = signed_up(s.addr, &["warden", "a_b", "axb"]).await;
    make_admin(&s, "warden").await;
    let admin: &mut Jar = &mut jars[0];
    // a moderator's password link, asked with another Host: the site's own address all the same
    let cookie = admin.header();
    let mut tcp = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let raw = format!(
        "POST /api/admin/accounts/axb/reset-link HTTP/1.1\r\nHost: evil.example\r\n\
         Cookie: {cookie}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\
         Connection: close\r\n\r\n{{}}"
    );
    tokio::io::AsyncWriteExt::write_all(&mut tcp, raw.as_bytes())
        .await
        .unwrap();
    let mut answer = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut tcp, &mut answer)
        .await
        .unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains(&format!("\"link\":\"http://{}/reset#", s.addr)),
        "{answer}"
    );
    assert!(!answer.contains("evil.example"), "{answer}");
    // `_` and `%` are characters of a name, not wildcards
    let found = |q: &str| {
        let q = q.to_string();
        let cookie = cookie.clone();
        async move {
            let a = request(
                s.addr,
                1,
                "GET",
                &format!("/api/admin/accounts?q={q}"),
                &[("Cookie", &cookie)],
                None,
            )
            .await;
            assert_eq!(a.status, 200, "{}", a.body);
            let mut names: Vec<String> = a.body["accounts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x["name"].as_str().unwrap().to_string())
                .collect();
            names.sort();
            names
        }
    };
    assert_eq!(found("a_b").await, ["a_b"]);
    assert!(found("%25").await.is_empty());
    assert_eq!(found("x").await, ["axb"]);
}
