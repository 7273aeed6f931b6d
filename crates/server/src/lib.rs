//! The Tabula web app: an axum server with a JSON API, one WebSocket per client, rooms that
//! run the games, an embedded SQLite store, and the browser UI embedded from `web/`.
//!
//! Principles (DESIGN.md): the server is authoritative (clients send intents; the games check
//! them); every accepted action is appended to the game's log before it is acknowledged; a game
//! is rebuilt by replaying its log, so a restart, even `kill -9`, resumes every game; timers
//! run on the server's clock.
#![deny(missing_docs)]

pub mod analysis;
pub mod duels;
pub mod games;
pub mod http;
pub mod rooms;
pub mod series;
pub mod services;
pub mod store;
pub mod ws;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

pub use rooms::{Hub, Limits};
pub use store::{SqliteStore, Store};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error("database: {0}")]
    Store(#[from] store::StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The server stopped with an error.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves the app of `hub` on an already bound listener until the task is dropped (for load
/// tests and embedding).
pub async fn serve_listener(
    listener: tokio::net::TcpListener,
    hub: Arc<Hub>,
) -> std::io::Result<()> {
    axum::serve(listener, http::router(hub)).await
}

/// Opens the store at `db`, binds `addr`, calls `ready` with the bound address, and serves
/// until Ctrl-C.
pub async fn serve(
    addr: &str,
    db: &Path,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(db)?);
    let hub = Hub::new(store, services::Services::new(), Limits::default());
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: addr.into(),
            source,
        })?;
    ready(listener.local_addr()?);
    axum::serve(listener, http::router(hub))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
