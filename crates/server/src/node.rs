//! Starting and stopping one node: the files and options checked first, the store opened, the
//! hub made, the addresses bound, the side servers and background work started, and at the
//! end the sockets told to come back and the leases given back.

use crate::{
    BackupSchedule, Database, HttpConfig, Hub, RESTART_RETRY_MS, ServeError, ServerConfig, Store,
    cluster, http, net, players, puzzles, rooms, services, store, tablebases, tls,
};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio_rustls::TlsAcceptor;

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

/// The files of a TLS site, read before anything opens (a site whose files are wrong is
/// refused at once), with the acceptor that serves them.
fn certificates(
    config: &ServerConfig,
) -> Result<Option<(Arc<tls::Certificates>, TlsAcceptor)>, ServeError> {
    let Some(files) = &config.tls else {
        return Ok(None);
    };
    let certificates = tls::Certificates::open(files.clone())
        .map_err(|e| ServeError::Config(format!("TLS: {e}")))?;
    let acceptor = certificates.acceptor().map_err(ServeError::Config)?;
    Ok(Some((certificates, acceptor)))
}

/// The SQLite file to back up and when, if backups are asked for.
fn backup_plan(config: &ServerConfig) -> Result<Option<(PathBuf, BackupSchedule)>, ServeError> {
    match (&config.backup, &config.db) {
        (None, _) => Ok(None),
        (Some(schedule), Database::Sqlite(path)) => Ok(Some((path.clone(), schedule.clone()))),
        (Some(_), Database::Postgres(_)) => Err(ServeError::Config(
            "scheduled backups copy a SQLite file; back PostgreSQL up with its own tools \
             (pg_dump, or continuous archiving)"
                .into(),
        )),
    }
}

/// Opens the database; a node of several also gets what it joins the others with.
async fn open_store(
    config: &ServerConfig,
) -> Result<(Arc<dyn Store>, Option<cluster::Settings>), ServeError> {
    match (&config.node, &config.db) {
        (None, db) => Ok((db.open().await?, None)),
        (Some(node), Database::Postgres(url)) => {
            let pg = Arc::new(
                store::PostgresStore::connect(url, store::open::POSTGRES_CONNECTIONS).await?,
            );
            let cluster = cluster::Settings {
                node: node.node.clone(),
                store: Arc::clone(&pg),
                ttl: node.lease,
            };
            Ok((pg as Arc<dyn Store>, Some(cluster)))
        }
        (Some(_), Database::Sqlite(_)) => Err(ServeError::Config(
            "--node is for several servers on one PostgreSQL database: give --db a \
             postgres:// URL (a SQLite file has one server)"
                .into(),
        )),
    }
}

/// The hub over the store, with the endgame tables and the tournament schedule; also how
/// many tables of each rule were loaded.
fn make_hub(
    store: Arc<dyn Store>,
    config: &ServerConfig,
) -> Result<(Arc<Hub>, (usize, usize)), ServeError> {
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
    Ok((hub, counts))
}

/// Joins the other nodes; a node alone clears the seeks of its last run instead (no owner
/// has a lobby open yet; among several nodes the others' seeks are live).
async fn join_or_clear(
    hub: &Arc<Hub>,
    settings: Option<cluster::Settings>,
) -> Result<Option<Arc<cluster::Cluster>>, ServeError> {
    match settings {
        Some(settings) => {
            Ok(Some(cluster::join(hub, settings).await.map_err(|e| {
                ServeError::Config(format!("joining the other nodes: {e}"))
            })?))
        }
        None => {
            if let Err(e) = players::clear_seeks(hub).await {
                tracing::error!("clearing the lobby: {e}");
            }
            Ok(None)
        }
    }
}

/// Binds one address.
async fn bind(addr: &str) -> Result<tokio::net::TcpListener, ServeError> {
    tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: addr.to_string(),
            source,
        })
}

/// The addresses a node listens on: the site, and maybe the metrics and a redirect to HTTPS.
struct Listeners {
    site: tokio::net::TcpListener,
    metrics: Option<tokio::net::TcpListener>,
    redirect: Option<tokio::net::TcpListener>,
}

impl Listeners {
    /// Binds every address the configuration names.
    async fn bind(config: &ServerConfig, tls: bool) -> Result<Listeners, ServeError> {
        let site = bind(&config.addr).await?;
        let metrics = match &config.metrics_addr {
            Some(addr) => Some(bind(addr).await?),
            None => None,
        };
        let redirect = match (&config.redirect_http, tls) {
            (Some(addr), true) => Some(bind(addr).await?),
            (Some(_), false) => {
                return Err(ServeError::Config(
                    "--redirect-http sends plain HTTP to this server's HTTPS: give --tls-cert \
                     and --tls-key too"
                        .into(),
                ));
            }
            (None, _) => None,
        };
        Ok(Listeners {
            site,
            metrics,
            redirect,
        })
    }
}

/// Serves the side addresses: the redirect to HTTPS and the metrics.
fn spawn_side_servers(
    hub: &Arc<Hub>,
    config: &ServerConfig,
    redirect: Option<tokio::net::TcpListener>,
    metrics: Option<tokio::net::TcpListener>,
) -> Result<(), ServeError> {
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
        let app = http::observe::metrics_app(Arc::clone(hub));
        tokio::spawn(async move { axum::serve(m, app).await });
    }
    Ok(())
}

/// The work a node starts beside its requests: backups, the store's check, and the puzzles
/// shipped with this release stored once (in the background: the node answers at once, and a
/// puzzle asked for in the first moment waits for no one).
fn spawn_background(
    hub: &Arc<Hub>,
    config: &ServerConfig,
    backup: Option<(PathBuf, BackupSchedule)>,
) {
    if let Some((db, schedule)) = backup {
        schedule_backups(db, schedule);
    }
    rooms::check::spawn_check(&hub.ctx, store::postgres::redact(&config.db.to_string()));
    let ctx = Arc::clone(&hub.ctx);
    tokio::spawn(async move {
        match puzzles::store_starters(&ctx).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("{n} puzzles of the starter sets stored"),
            Err(e) => tracing::error!("the starter puzzles could not be stored: {e}"),
        }
    });
}

/// A node's last steps once it takes no new connection: the clients are told to come back,
/// the requests under way finish, and the games' leases go back so another node takes them at
/// once.
async fn step_down(hub: &Hub, cluster: Option<Arc<cluster::Cluster>>) {
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
}

/// Opens the store, binds the address, calls `ready` with the bound address, and serves
/// until Ctrl-C or SIGTERM.
pub async fn serve(config: ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let tls = certificates(&config)?;
    let backup = backup_plan(&config)?;
    let (store, cluster) = open_store(&config).await?;
    let (hub, counts) = make_hub(store, &config)?;
    let cluster = join_or_clear(&hub, cluster).await?;
    let listeners = Listeners::bind(&config, tls.is_some()).await?;
    let bound = listeners.site.local_addr()?;
    ready(bound);
    let (certificates, acceptor) = tls.unzip();
    if let Some(c) = &certificates {
        c.watch();
    }
    spawn_side_servers(&hub, &config, listeners.redirect, listeners.metrics)?;
    // after the address line, which is the first line a supervisor (or a test) reads
    tracing::info!(
        "endgame tables: {} (rescue rule), {} (queen only)",
        counts.0,
        counts.1
    );
    spawn_background(&hub, &config, backup);
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
    let site = listeners.site;
    net::serve_connections(
        site,
        app,
        Arc::clone(&hub),
        proxies,
        acceptor,
        shutdown_signal(),
    )
    .await?;
    step_down(&hub, cluster).await;
    Ok(())
}
