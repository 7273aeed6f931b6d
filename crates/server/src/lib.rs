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
pub mod challenges;
pub mod chat;
pub mod cluster;
pub mod coach;
pub mod context;
pub mod correspondence;
pub mod error;
pub mod frames;
pub mod games;
pub mod http;
pub mod hub;
pub mod ids;
pub mod json;
pub mod knowledge;
pub mod learn;
pub mod limits;
pub mod lobby;
pub mod metrics;
pub mod model;
pub mod moderation;
pub mod net;
pub mod players;
pub mod puzzle_fairness;
pub mod puzzles;
pub mod review;
pub mod rooms;
pub mod sanctions;
pub mod services;
pub mod shown;
pub mod store;
pub mod tablebases;
pub mod text;
pub mod thinking;
pub mod tls;
pub mod tournaments;
mod unpoisoned;
pub mod web_types;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use error::ApiError;
pub use http::HttpConfig;
pub use hub::Hub;
pub use limits::{Limits, Rate, TrustedProxies};
pub use store::{Database, GameStore, PlayerStore, PostgresStore, SqliteStore, Store};

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
    /// The options do not fit together.
    #[error("{0}")]
    Config(String),
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

/// A node's place among several on one PostgreSQL database.
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// This node's id, unique among the nodes.
    pub node: String,
    /// How long a game's lease lives without renewal (a killed node's games move after it).
    pub lease: Duration,
}

/// Everything `tabula serve` is told.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on.
    pub addr: String,
    /// The database: a SQLite file or a PostgreSQL URL.
    pub db: Database,
    /// The bounds.
    pub limits: Limits,
    /// Origins and proxies.
    pub http: HttpConfig,
    /// Backups, if any.
    pub backup: Option<BackupSchedule>,
    /// The directory of endgame tables to load, if any.
    pub tablebases: Option<PathBuf>,
    /// One node of several (PostgreSQL only), if it is.
    pub node: Option<NodeConfig>,
    /// Where to serve `GET /metrics` (an address only the operator reaches), if anywhere.
    pub metrics_addr: Option<String>,
    /// Serve TLS with these files (a site of one node), if given.
    pub tls: Option<tls::TlsFiles>,
    /// With TLS, an address whose plain HTTP requests are redirected to it (`0.0.0.0:80`).
    pub redirect_http: Option<String>,
    /// Recurring tournaments, a line each (see [`tournaments::schedule`]).
    pub schedule: Vec<String>,
}

impl ServerConfig {
    /// The defaults for `addr` and `db`.
    pub fn new(addr: &str, db: &str) -> ServerConfig {
        ServerConfig {
            addr: addr.into(),
            db: Database::parse(db),
            limits: Limits::default(),
            http: HttpConfig::default(),
            backup: None,
            tablebases: None,
            node: None,
            metrics_addr: None,
            tls: None,
            redirect_http: None,
            schedule: Vec::new(),
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
    let http = HttpConfig {
        public_url: http::public_or_listening(http.public_url, listener.local_addr().ok(), false),
        ..http
    };
    let app = http::router(Arc::clone(&hub), http);
    net::serve_connections(listener, app, hub, proxies, None, std::future::pending()).await
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
    // the certificate first: a site whose files are wrong is refused before anything opens
    let certificates = match &config.tls {
        Some(files) => Some(
            tls::Certificates::open(files.clone())
                .map_err(|e| ServeError::Config(format!("TLS: {e}")))?,
        ),
        None => None,
    };
    let acceptor = match &certificates {
        Some(c) => Some(c.acceptor().map_err(ServeError::Config)?),
        None => None,
    };
    let backup = match (&config.backup, &config.db) {
        (None, _) => None,
        (Some(schedule), Database::Sqlite(path)) => Some((path.clone(), schedule.clone())),
        (Some(_), Database::Postgres(_)) => {
            return Err(ServeError::Config(
                "scheduled backups copy a SQLite file; back PostgreSQL up with its own tools \
                 (pg_dump, or continuous archiving)"
                    .into(),
            ));
        }
    };
    let (store, cluster) = match (&config.node, &config.db) {
        (None, db) => (db.open().await?, None),
        (Some(node), Database::Postgres(url)) => {
            let pg = Arc::new(
                store::PostgresStore::connect(url, store::open::POSTGRES_CONNECTIONS).await?,
            );
            let cluster = cluster::Settings {
                node: node.node.clone(),
                store: Arc::clone(&pg),
                ttl: node.lease,
            };
            (pg as Arc<dyn Store>, Some(cluster))
        }
        (Some(_), Database::Sqlite(_)) => {
            return Err(ServeError::Config(
                "--node is for several servers on one PostgreSQL database: give --db a \
                 postgres:// URL (a SQLite file has one server)"
                    .into(),
            ));
        }
    };
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
    // the lesson books (each some 550 KB to inflate and index) are read once, here on a
    // blocking thread, rather than on the async runtime at a lesson game's first view
    let knowledge = Arc::clone(&hub.services.knowledge);
    tokio::task::spawn_blocking(move || knowledge.coach.warm());
    hub.tournaments
        .set_schedule(&config.schedule)
        .map_err(ServeError::Config)?;
    let cluster = match cluster {
        Some(settings) => Some(
            cluster::join(&hub, settings)
                .await
                .map_err(|e| ServeError::Config(format!("joining the other nodes: {e}")))?,
        ),
        // no owner has a lobby open yet: seeks of the last run are gone (among several
        // nodes the others' seeks are live)
        None => {
            if let Err(e) = players::clear_seeks(&hub).await {
                tracing::error!("clearing the lobby: {e}");
            }
            None
        }
    };
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.addr.clone(),
            source,
        })?;
    let metrics = match &config.metrics_addr {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|source| ServeError::Bind {
                    addr: addr.clone(),
                    source,
                })?,
        ),
        None => None,
    };
    let redirect = match (&config.redirect_http, &certificates) {
        (Some(addr), Some(_)) => Some(tokio::net::TcpListener::bind(addr).await.map_err(
            |source| ServeError::Bind {
                addr: addr.clone(),
                source,
            },
        )?),
        (Some(_), None) => {
            return Err(ServeError::Config(
                "--redirect-http sends plain HTTP to this server's HTTPS: give --tls-cert and \
                 --tls-key too"
                    .into(),
            ));
        }
        (None, _) => None,
    };
    let bound = listener.local_addr()?;
    ready(bound);
    if let Some(c) = &certificates {
        c.watch();
    }
    if let Some(r) = redirect {
        if let Ok(a) = r.local_addr() {
            tracing::info!("redirecting http://{a}/ to HTTPS");
        }
        let Some(public) = config.http.public_url.clone() else {
            return Err(ServeError::Config(
                "--redirect-http sends plain HTTP to --public-url: give it (the address players \
                 reach, e.g. https://play.example.org)"
                    .into(),
            ));
        };
        let app = tls::redirect_app(public);
        tokio::spawn(async move { axum::serve(r, app).await });
    }
    if let Some(m) = metrics {
        if let Ok(a) = m.local_addr() {
            tracing::info!("metrics on http://{a}/metrics");
        }
        let app = http::observe::metrics_app(Arc::clone(&hub));
        tokio::spawn(async move { axum::serve(m, app).await });
    }
    // after the address line, which is the first line a supervisor (or a test) reads
    tracing::info!(
        "endgame tables: {} (rescue rule), {} (queen only)",
        counts.0,
        counts.1
    );
    if let Some((db, schedule)) = backup {
        schedule_backups(db, schedule);
    }
    rooms::check::spawn_check(&hub.ctx, store::postgres::redact(&config.db.to_string()));
    // the puzzles shipped with this release, stored once (in the background: the node
    // answers at once, and a puzzle asked for in the first moment waits for no one)
    let ctx = Arc::clone(&hub.ctx);
    tokio::spawn(async move {
        match puzzles::store_starters(&ctx).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} puzzles of the starter sets stored"),
            Err(e) => tracing::error!("the starter puzzles could not be stored: {e}"),
        }
    });
    let proxies = config.http.trusted_proxies.clone();
    let http = HttpConfig {
        public_url: http::public_or_listening(
            config.http.public_url.clone(),
            Some(bound),
            certificates.is_some(),
        ),
        ..config.http
    };
    let app = http::router(Arc::clone(&hub), http);
    net::serve_connections(
        listener,
        app,
        Arc::clone(&hub),
        proxies,
        acceptor,
        shutdown_signal(),
    )
    .await?;
    // no new connection is taken now; the clients are told to come back, the requests under
    // way finish, and the games' leases go back so another node takes them at once
    tracing::info!("restarting: closing the sockets");
    let left = hub
        .close_sockets(RESTART_RETRY_MS, Duration::from_secs(3))
        .await;
    if left > 0 {
        tracing::warn!("{left} sockets did not close in time");
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    hub.tournaments.step_down().await;
    if let Some(cluster) = cluster {
        cluster.release_all().await;
    }
    tracing::info!("stopped");
    Ok(())
}

/// How long clients wait before reconnecting after a restart (each adds up to as much again
/// at random): a service manager starts the node again within about a second.
pub const RESTART_RETRY_MS: u64 = 1_000;
