//! The bell: `/api/lobby/ws?bell=true`, the socket that tells a signed-in page to ask for its
//! challenges and turns again.

use serde_json::{Value, json};

/// A bell socket.
pub type Bell =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A bell socket with `cookie` (empty: a guest's).
pub async fn bell(addr: std::net::SocketAddr, cookie: &str) -> Bell {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/api/lobby/ws?bell=true")
        .into_client_request()
        .unwrap();
    if !cookie.is_empty() {
        req.headers_mut().insert("cookie", cookie.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

/// The next text frame of a bell within `ms`, if any.
pub async fn next_frame(ws: &mut Bell, ms: u64) -> Option<Value> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let wait = async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => return serde_json::from_str(t.as_str()).ok(),
                Some(Ok(_)) => continue,
                _ => return None,
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_millis(ms), wait)
        .await
        .ok()
        .flatten()
}

/// Asserts that `ws` rings within 5 s.
pub async fn rings(ws: &mut Bell, whose: &str) {
    let frame = next_frame(ws, 5000).await;
    assert_eq!(frame, Some(json!({"t": "ring"})), "{whose} bell");
}
