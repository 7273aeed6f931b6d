//! A browser's cookie jar for the players' tests: accounts are cookies.

use super::{Answer, request};
use serde_json::{Value, json};

/// A browser's cookie jar of one site, as far as these tests need one.
#[derive(Default, Clone)]
pub struct Jar(Vec<(String, String)>);

impl Jar {
    pub fn take(&mut self, a: &Answer) {
        for (k, v) in &a.headers {
            if k == "set-cookie" {
                let pair = v.split(';').next().unwrap_or_default();
                if let Some((name, value)) = pair.split_once('=') {
                    self.0.retain(|(n, _)| n != name);
                    if !value.is_empty() {
                        self.0.push((name.to_string(), value.to_string()));
                    }
                }
            }
        }
    }

    pub fn header(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    pub async fn call(
        &mut self,
        addr: std::net::SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Answer {
        self.call_from(addr, 1, method, path, body).await
    }

    /// A call that answers its status and body (a POST without a body sends `{}`).
    pub async fn ask(
        &mut self,
        addr: std::net::SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let body = body.or_else(|| (method == "POST").then(|| json!({})));
        let a = self.call(addr, method, path, body).await;
        (a.status, a.body)
    }

    /// The same from the loopback address 127.0.0.`from` (a client of its own).
    pub async fn call_from(
        &mut self,
        addr: std::net::SocketAddr,
        from: u8,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Answer {
        let cookie = self.header();
        let headers: Vec<(&str, &str)> = if cookie.is_empty() {
            vec![]
        } else {
            vec![("Cookie", cookie.as_str())]
        };
        let a = request(addr, from, method, path, &headers, body).await;
        self.take(&a);
        a
    }
}

/// A browser (cookie jar) per name, each signed up to its own account.
pub async fn signed_up(addr: std::net::SocketAddr, names: &[&str]) -> Vec<Jar> {
    let mut jars = Vec::new();
    for name in names {
        let mut j = Jar::default();
        let a = j
            .call(
                addr,
                "POST",
                "/api/auth/signup",
                Some(json!({"username": name, "password": "correct horse"})),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
        jars.push(j);
    }
    jars
}

/// A game of `kind` (`{"kind": ...}` and any other fields) that `host` creates and `guest`
/// joins, each signed in: its id and both seats' tokens.
pub async fn seated_pair(
    addr: std::net::SocketAddr,
    host: &mut Jar,
    guest: &mut Jar,
    body: Value,
) -> (String, String, String) {
    let created = host.call(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let joined = guest
        .call(
            addr,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({})),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let token = |a: &Answer| a.body["token"].as_str().unwrap().to_string();
    (id, token(&created), token(&joined))
}

/// A tournament of `spec` that the first of `jars` makes and all of them join: its id.
pub async fn tournament_joined_by(
    addr: std::net::SocketAddr,
    jars: &mut [Jar],
    spec: Value,
) -> String {
    let (status, made) = jars[0]
        .ask(addr, "POST", "/api/tournaments", Some(spec))
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    for j in jars.iter_mut() {
        let path = format!("/api/tournaments/{id}/join");
        let (status, e) = j.ask(addr, "POST", &path, None).await;
        assert_eq!(status, 200, "{e}");
    }
    id
}

/// Plays `moves` in a new QuickChess game of `options` that `host` makes as White and
/// `guest` joins (`rated` asked), then the side `resigner` (0 White, 1 Black) resigns: the
/// game's id.
pub async fn play_resigned(
    addr: std::net::SocketAddr,
    host: &mut Jar,
    guest: &mut Jar,
    options: Value,
    rated: bool,
    moves: &[&str],
    resigner: usize,
) -> String {
    let mut options = options;
    options["color"] = json!("white");
    let body = json!({"kind": "quickchess", "options": options, "rated": rated});
    let (id, w, b) = seated_pair(addr, host, guest, body).await;
    let tokens = [w, b];
    for (i, m) in moves.iter().enumerate() {
        let a = super::act(addr, &id, &tokens[i % 2], json!({"t": "move", "uci": m})).await;
        assert_eq!(a.status, 200, "move {} {m}: {}", i + 1, a.body);
    }
    let a = super::act(addr, &id, &tokens[resigner], json!({"t": "resign"})).await;
    assert_eq!(a.status, 200, "resign: {}", a.body);
    id
}
