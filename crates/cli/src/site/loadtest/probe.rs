//! What the attack scenarios measure while they attack: another client's health checks, the
//! server's memory and threads, and the sockets an attacker opens from an address of its own.

use super::server::{connect_from, percentile_ms, request};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A WebSocket from the loopback address 127.0.0.`from`.
pub type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A WebSocket to `path` of `host` from 127.0.0.`from`, with a cookie and a protocol offer if
/// given.
pub async fn socket_from(
    host: &str,
    from: u8,
    path: &str,
    cookie: Option<&str>,
    protocol: Option<&str>,
) -> Result<Ws, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{host}{path}")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("cookie", c.parse().map_err(|_| "a bad cookie")?);
    }
    if let Some(p) = protocol {
        req.headers_mut().insert(
            "sec-websocket-protocol",
            p.parse().map_err(|_| "a bad protocol offer")?,
        );
    }
    let tcp = connect_from(host, from).await?;
    tokio_tungstenite::client_async(req, tcp)
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

/// The next text frame as JSON, or `None` when the socket closes or `wait` passes.
pub async fn next_frame(ws: &mut Ws, wait: Duration) -> Option<Value> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await.ok()?? {
            Ok(Message::Text(t)) => return serde_json::from_str(t.as_str()).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// Health checks from 127.0.0.1 at a steady pace until stopped: each one's latency (µs), or a
/// failure (no answer within 5 s, or not 200).
pub struct Health {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<(Vec<u64>, u64)>,
}

impl Health {
    /// Starts checking `host` every 100 ms.
    pub fn start(host: &str) -> Health {
        Health::every(host, Duration::from_millis(100))
    }

    /// Starts checking `host` every `pause` (plus each check's own time).
    pub fn every(host: &str, pause: Duration) -> Health {
        let stop = Arc::new(AtomicBool::new(false));
        let (host, flag) = (host.to_string(), Arc::clone(&stop));
        let task = tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut failed = 0;
            while !flag.load(Ordering::Relaxed) {
                let t = Instant::now();
                match tokio::time::timeout(
                    Duration::from_secs(5),
                    request(&host, 1, "GET", "/api/health", None),
                )
                .await
                {
                    Ok(Ok((200, _))) => latencies.push(t.elapsed().as_micros() as u64),
                    _ => failed += 1,
                }
                tokio::time::sleep(pause).await;
            }
            latencies.sort_unstable();
            (latencies, failed)
        });
        Health { stop, task }
    }

    /// Stops and reports: served, failed, p50, p99 and max latency.
    pub async fn report(self) -> Value {
        self.stop.store(true, Ordering::Relaxed);
        let (l, failed) = self.task.await.unwrap_or_default();
        json!({
            "health_ok": l.len(), "health_failed": failed,
            "health_p50_ms": percentile_ms(&l, 0.5), "health_p99_ms": percentile_ms(&l, 0.99),
            "health_max_ms": percentile_ms(&l, 1.0),
        })
    }
}

/// The highest memory (KiB) and thread count of a process, sampled every 50 ms until stopped.
pub struct Peak {
    stop: Arc<AtomicBool>,
    rss: Arc<AtomicU64>,
    threads: Arc<AtomicU64>,
}

fn proc_field(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

impl Peak {
    /// Starts sampling process `pid`.
    pub fn start(pid: u32) -> Peak {
        let peak = Peak {
            stop: Arc::new(AtomicBool::new(false)),
            rss: Arc::new(AtomicU64::new(0)),
            threads: Arc::new(AtomicU64::new(0)),
        };
        let (stop, rss, threads) = (
            Arc::clone(&peak.stop),
            Arc::clone(&peak.rss),
            Arc::clone(&peak.threads),
        );
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if let Some(r) = proc_field(pid, "VmRSS:") {
                    rss.fetch_max(r, Ordering::Relaxed);
                }
                if let Some(t) = proc_field(pid, "Threads:") {
                    threads.fetch_max(t, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
        peak
    }

    /// Stops: the highest memory (MiB) and thread count seen.
    pub fn report(&self) -> Value {
        self.stop.store(true, Ordering::Relaxed);
        let mib = self.rss.load(Ordering::Relaxed) as f64 / 1024.0;
        json!({
            "server_peak_rss_mib": (mib * 10.0).round() / 10.0,
            "server_peak_threads": self.threads.load(Ordering::Relaxed),
        })
    }
}

/// Joins two JSON objects' fields.
pub fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}
