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
pub mod classes;
pub mod cluster;
pub mod coach;
pub mod context;
pub mod correspondence;
pub mod error;
pub mod explorer;
pub mod explorer_queue;
pub mod frames;
pub mod game_list;
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
mod node;
pub mod players;
pub mod puzzle_fairness;
pub mod puzzles;
pub mod querni_coach;
pub mod review;
pub mod rooms;
pub mod sanctions;
pub mod services;
pub mod shown;
pub mod sockets;
pub mod store;
pub mod tablebases;
pub mod text;
pub mod thinking;
pub mod tls;
pub mod tournaments;
mod unpoisoned;
pub mod web_types;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use error::ApiError;
pub use http::HttpConfig;
pub use hub::Hub;
pub use limits::{Limits, Rate, TrustedProxies};
pub use node::serve;
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

/// How long clients wait before reconnecting after a restart (each adds up to as much again
/// at random): a service manager starts the node again within about a second.
pub const RESTART_RETRY_MS: u64 = 1_000;
