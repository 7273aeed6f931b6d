//! The Tabula web app: an axum server with a JSON API, one WebSocket per client, rooms that
//! run the games, an embedded SQLite store, and the browser UI embedded from `web/`.
//!
//! Principles (DESIGN.md): the server is authoritative (clients send intents; the games check
//! them); every accepted action is appended to the game's log before it is acknowledged; a game
//! is rebuilt by replaying its log, so a restart, even `kill -9`, resumes every game; timers
//! run on the server's clock. It is built to face the open internet: bounded everywhere
//! ([`limits`]), searches off the async runtime ([`thinking`]), a checked and backed-up
//! database ([`store`]), and one typed adapter per game ([`games`]).
#![deny(missing_docs)]

pub mod analysis;
pub mod error;
pub mod frames;
pub mod games;
pub mod http;
pub mod ids;
pub mod knowledge;
pub mod learn;
pub mod limits;
pub mod net;
pub mod players;
pub mod rooms;
pub mod services;
pub mod store;
pub mod tablebases;
pub mod thinking;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use error::ApiError;
pub use http::HttpConfig;
pub use limits::{Limits, Rate, TrustedProxies};
pub use rooms::Hub;
pub use store::{GameStore, PlayerStore, SqliteStore, Store};

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
    /// An endgame table could not be read.
    #[error("endgame tables: {0}")]
    Tables(String),
}

/// Scheduled backups of the database.
#[derive(Clone, Debug)]
pub struct BackupSchedule {
    /// How often.
    pub every: Duration,
    /// Where the backups go.
    pub dir: PathBuf,
    /// How many to keep.
    pub keep: usize,
}

/// Everything `tabula serve` is told.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on.
    pub addr: String,
    /// The SQLite database file.
    pub db: PathBuf,
    /// The bounds.
    pub limits: Limits,
    /// Origins and proxies.
    pub http: HttpConfig,
    /// Backups, if any.
    pub backup: Option<BackupSchedule>,
    /// The directory of endgame tables to load, if any.
    pub tablebases: Option<PathBuf>,
}

impl ServerConfig {
    /// The defaults for `addr` and `db`.
    pub fn new(addr: &str, db: impl Into<PathBuf>) -> ServerConfig {
        ServerConfig {
            addr: addr.into(),
            db: db.into(),
            limits: Limits::default(),
            http: HttpConfig::default(),
            backup: None,
            tablebases: None,
        }
    }
}

/// Serves the app of `hub` on an already bound listener until the task is dropped (for tests,
/// load tests and embedding).
pub async fn serve_listener(
    listener: tokio::net::TcpListener,
    hub: Arc<Hub>,
    http: HttpConfig,
) -> std::io::Result<()> {
    let proxies = http.trusted_proxies.clone();
    let app = http::router(Arc::clone(&hub), http);
    net::serve_connections(listener, app, hub, proxies, std::future::pending()).await
}

/// Resolves on Ctrl-C or, on Unix, SIGTERM (what service managers send).
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! { () = ctrl_c => {}, () = term => {} }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}

/// Takes the scheduled backups, each on a blocking thread, until the process ends.
fn schedule_backups(db: PathBuf, schedule: BackupSchedule) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(schedule.every);
        every.tick().await; // the first tick is now: the first backup comes one period later
        loop {
            every.tick().await;
            let (db, dir, keep) = (db.clone(), schedule.dir.clone(), schedule.keep);
            let done = tokio::task::spawn_blocking(move || {
                store::backup::scheduled_backup(&db, &dir, keep)
            })
            .await;
            match done {
                Ok(Ok(r)) => tracing::info!(
                    "backup {}: {} games, {} actions, {} bytes",
                    r.path.display(),
                    r.games,
                    r.actions,
                    r.bytes
                ),
                Ok(Err(e)) => tracing::error!("backup failed: {e}"),
                Err(e) => tracing::error!("backup failed: {e}"),
            }
        }
    });
}

/// Opens the store, binds the address, calls `ready` with the bound address, and serves
/// until Ctrl-C or SIGTERM.
pub async fn serve(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(&config.db)?);
    let tables = match &config.tablebases {
        Some(dir) => tablebases::TableSets::load(dir).map_err(ServeError::Tables)?,
        None => tablebases::TableSets::empty(),
    };
    let counts = (tables.rescue.tables().len(), tables.queen.tables().len());
    let hub = Hub::new(
        store,
        services::Services::with_tables(tables),
        config.limits,
    );
    // no owner has a lobby open yet: seeks of the last run are gone
    if let Err(e) = players::clear_seeks(&hub).await {
        tracing::error!("clearing the lobby: {e}");
    }
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.addr.clone(),
            source,
        })?;
    ready(listener.local_addr()?);
    // after the address line, which is the first line a supervisor (or a test) reads
    tracing::info!(
        "endgame tables: {} (rescue rule), {} (queen only)",
        counts.0,
        counts.1
    );
    if let Some(schedule) = config.backup.clone() {
        schedule_backups(config.db.clone(), schedule);
    }
    let proxies = config.http.trusted_proxies.clone();
    let app = http::router(Arc::clone(&hub), config.http);
    net::serve_connections(listener, app, hub, proxies, shutdown_signal()).await?;
    Ok(())
}
