//! The accept loop: a bounded number of HTTP connections (in all and per address), each with
//! a header-read timeout that also ends idle kept-alive connections, so stalled clients
//! (slowloris) cannot exhaust the server's descriptors.
//!
//! A connection past either bound is closed at once, before anything is read from it; a
//! WebSocket leaves the HTTP count when it is upgraded (the hub counts sockets apart).
//!
//! Over TLS a browser that asks for HTTP/2 (ALPN `h2`) gets it: a page's scripts, styles and
//! catalogues then share one connection instead of queueing for six. An HTTP/2 connection has
//! a bounded number of streams, and pings that close it when the peer stops answering.

use crate::hub::Hub;
use crate::limits::Held;
use axum::Router;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_rustls::TlsAcceptor;
use tower_service::Service;

/// Serves `app` on `listener` until `shutdown` completes, over TLS with `tls`.
pub async fn serve_connections(
    listener: TcpListener,
    app: Router,
    hub: Arc<Hub>,
    trusted_proxies: crate::limits::TrustedProxies,
    tls: Option<TlsAcceptor>,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let limits = hub.limits;
    let permits = Arc::new(Semaphore::new(limits.http_connections));
    let mut make = app.into_make_service_with_connect_info::<SocketAddr>();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // out of descriptors or a connection reset before accept: wait a moment
                    // rather than spin, and go on serving the connections already open
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => return Ok(()),
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            drop(stream); // every connection is taken: close this one at once
            continue;
        };
        // behind a reverse proxy every connection comes from the proxy: no per-address cap
        let hold = if trusted_proxies.0.contains(&peer.ip()) {
            None
        } else {
            match hub.addresses.hold(
                peer.ip(),
                Held::Connection,
                limits.http_connections_per_address,
            ) {
                Some(h) => Some(h),
                None => {
                    drop(stream);
                    continue;
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let Ok(service) = make.call(peer).await;
        let tls = tls.clone();
        tokio::spawn(async move {
            let (stream, h2): (Box<dyn Io>, bool) = match tls {
                None => (Box::new(stream), false),
                // the handshake has the headers' deadline too: a client that stalls in it
                // holds its connection no longer than one that stalls in its headers
                Some(acceptor) => {
                    match tokio::time::timeout(limits.header_timeout, acceptor.accept(stream)).await
                    {
                        Ok(Ok(tls)) => {
                            let h2 = tls.get_ref().1.alpn_protocol() == Some(b"h2");
                            (Box::new(tls), h2)
                        }
                        _ => return,
                    }
                }
            };
            let service = TowerToHyperService::new(service);
            if h2 {
                let _ = http2::Builder::new(TokioExecutor::new())
                    .timer(TokioTimer::new())
                    .max_concurrent_streams(H2_STREAMS)
                    .max_header_list_size(H2_HEADER_BYTES)
                    .keep_alive_interval(Some(limits.header_timeout))
                    .keep_alive_timeout(limits.header_timeout)
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            } else {
                let _ = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(limits.header_timeout)
                    .serve_connection(TokioIo::new(stream), service)
                    .with_upgrades()
                    .await;
            }
            drop(permit);
            drop(hold);
        });
    }
}

/// The requests one HTTP/2 connection may have open at once (a page asks for about fifty
/// files at once; browsers open at most a hundred streams by default).
const H2_STREAMS: u32 = 100;
/// The largest header block of an HTTP/2 request (hyper's HTTP/1.1 reader allows about as
/// much).
const H2_HEADER_BYTES: u32 = 64 * 1024;

/// A connection's byte stream, plain or TLS.
trait Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Io for T {}
