//! The accept loop: a bounded number of HTTP connections (in all and per address), each with
//! a header-read timeout that also ends idle kept-alive connections, so stalled clients
//! (slowloris) cannot exhaust the server's descriptors.
//!
//! A connection past either bound is closed at once, before anything is read from it; a
//! WebSocket leaves the HTTP count when it is upgraded (the hub counts sockets apart).

use crate::hub::Hub;
use crate::limits::Held;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
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
            let stream: Box<dyn Io> = match tls {
                None => Box::new(stream),
                // the handshake has the headers' deadline too: a client that stalls in it
                // holds its connection no longer than one that stalls in its headers
                Some(acceptor) => {
                    match tokio::time::timeout(limits.header_timeout, acceptor.accept(stream)).await
                    {
                        Ok(Ok(tls)) => Box::new(tls),
                        _ => return,
                    }
                }
            };
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            let _ = connection.await;
            drop(permit);
            drop(hold);
        });
    }
}

/// A connection's byte stream, plain or TLS.
trait Io: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> Io for T {}
