//! `tabula serve` (the web app, with the operator's options) and `tabula site backup` (an online
//! copy of its database).

use crate::cli::parse::ArgError;
use clap::{Args, ValueEnum};
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tabula_server::{BackupSchedule, HttpConfig, Limits, ServerConfig, TrustedProxies};

/// Whether the per-address rate limits apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RateLimits {
    /// Limits on game creations, seats taken, frames and requests per address (for a public
    /// server).
    On,
    /// No per-address limits (a private server, or a load test from one address).
    Off,
}

/// The options of `tabula serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// A settings file (TOML): each setting is one of these flags, named without its dashes
    /// (`addr = "0.0.0.0:8080"`, `allow-origin = ["https://a.example"]`, `auto-review =
    /// true`). The environment (`TABULA_ADDR`, ...) overrides the file; flags override both.
    #[arg(long, env = "TABULA_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Address to listen on.
    #[arg(long, env = "TABULA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The database: a SQLite file (created if missing; refused if damaged or emptied), or
    /// a PostgreSQL URL `postgres://user:pass@host/dbname` (several nodes may share it).
    #[arg(long, env = "TABULA_DATABASE_URL", default_value = "tabula.db")]
    pub db: String,
    /// An origin besides the server's own whose pages may open WebSockets and send requests,
    /// e.g. `https://play.example.org` (repeat for several).
    #[arg(
        long = "allow-origin",
        env = "TABULA_ALLOW_ORIGIN",
        value_name = "ORIGIN",
        value_delimiter = ','
    )]
    pub allow_origin: Vec<String>,
    /// A reverse proxy whose `X-Forwarded-For` header names the client (repeat for several);
    /// without it the header is ignored.
    #[arg(
        long = "trust-proxy",
        env = "TABULA_TRUST_PROXY",
        value_name = "IP",
        value_delimiter = ','
    )]
    pub trust_proxy: Vec<IpAddr>,
    /// Take a backup of the database this often (`1h`, `30m`, ...).
    #[arg(long, env = "TABULA_BACKUP_EVERY", value_name = "DURATION", value_parser = humantime::parse_duration)]
    pub backup_every: Option<Duration>,
    /// Where scheduled backups go.
    #[arg(
        long,
        env = "TABULA_BACKUP_DIR",
        value_name = "DIR",
        default_value = "backups"
    )]
    pub backup_dir: PathBuf,
    /// How many scheduled backups to keep.
    #[arg(long, env = "TABULA_BACKUP_KEEP", value_name = "N", default_value_t = 24, value_parser = clap::value_parser!(u16).range(1..))]
    pub backup_keep: u16,
    /// Per-address rate limits.
    #[arg(long, env = "TABULA_RATE_LIMITS", value_enum, default_value = "on")]
    pub rate_limits: RateLimits,
    /// Mark the session cookie `Secure` (the server is reached over TLS; behind a trusted
    /// proxy its `X-Forwarded-Proto: https` says so too).
    #[arg(long, env = "TABULA_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// WebSockets the server holds at once.
    #[arg(
        long,
        env = "TABULA_MAX_SOCKETS",
        value_name = "N",
        default_value_t = 10_000
    )]
    pub max_sockets: usize,
    /// Games kept in memory at once.
    #[arg(
        long,
        env = "TABULA_MAX_ROOMS",
        value_name = "N",
        default_value_t = 2_000
    )]
    pub max_rooms: usize,
    /// The length of the IPv6 prefix the per-address limits count as one client (a
    /// subscriber is usually given a /64: every address in it is one client).
    #[arg(long, env = "TABULA_IPV6_PREFIX", value_name = "BITS", default_value_t = 64, value_parser = clap::value_parser!(u8).range(32..=128))]
    pub ipv6_prefix: u8,
    /// Let two accounts of one address play rated games together (a club or school behind
    /// one address); refused by default, since it is how ratings are farmed.
    #[arg(long, env = "TABULA_ALLOW_RATED_SAME_ADDRESS")]
    pub allow_rated_same_address: bool,
    /// The shortest arena tournament a player may make, in minutes (lichess's shortest is
    /// 20; short ones suit a club's evening or a demonstration).
    #[arg(
        long,
        env = "TABULA_SHORTEST_ARENA_MINUTES",
        value_name = "MINUTES",
        default_value_t = 2.0
    )]
    pub shortest_arena_minutes: f64,
    /// Serve the metrics (Prometheus text, `GET /metrics`) on this address: one only the
    /// operator reaches, such as `127.0.0.1:9100` (never the public address).
    #[arg(long, env = "TABULA_METRICS_ADDR", value_name = "ADDR")]
    pub metrics_addr: Option<String>,
    /// Review every rated QuickChess game when it ends (otherwise a game is reviewed when
    /// someone asks for it on its replay).
    #[arg(long, env = "TABULA_AUTO_REVIEW")]
    pub auto_review: bool,
    /// Mine every finished QuickChess and Querni game for puzzles, in the background (`false`
    /// to serve only the puzzles shipped and those already mined).
    #[arg(long, env = "TABULA_PUZZLE_MINING", value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub puzzle_mining: bool,
    /// Nodes the review searches in each position of a game (more: a deeper review, slower).
    #[arg(long, env = "TABULA_REVIEW_NODES", value_name = "N", default_value_t = tabula_server::review::DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1_000..=100_000_000))]
    pub review_nodes: u64,
    /// Endgame tables (`tabula exact tb generate`): the analysis board and the strongest computer
    /// use them; a missing directory means none.
    #[arg(long, env = "TABULA_TABLEBASES", value_name = "DIR", default_value = tabula_server::tablebases::DEFAULT_DIR)]
    pub tablebases: PathBuf,
    /// This server's id among several sharing one PostgreSQL database (`--db postgres://...`):
    /// each game runs on the node holding its lease, and a killed node's games move to the
    /// others.
    #[arg(long, env = "TABULA_NODE", value_name = "ID", value_parser = node_id)]
    pub node: Option<String>,
    /// How long a game's lease lives without renewal: a killed node's games move to another
    /// node after this (`10s`, ...).
    #[arg(long, env = "TABULA_LEASE", value_name = "DURATION", default_value = "10s", value_parser = lease_time, requires = "node")]
    pub lease: Duration,
    /// Serve HTTPS with this certificate chain (PEM, leaf first), for a site of one node
    /// without a proxy in front; read again when the file changes (a renewal needs no restart).
    /// Cookies are then `Secure` and answers carry HSTS; browsers speak HTTP/2 (ALPN), so a
    /// page's modules arrive over one connection.
    #[arg(
        long,
        env = "TABULA_TLS_CERT",
        value_name = "FILE",
        requires = "tls_key"
    )]
    pub tls_cert: Option<PathBuf>,
    /// The private key of `--tls-cert` (PEM).
    #[arg(
        long,
        env = "TABULA_TLS_KEY",
        value_name = "FILE",
        requires = "tls_cert"
    )]
    pub tls_key: Option<PathBuf>,
    /// With TLS, also listen for plain HTTP here (`0.0.0.0:80`) and redirect every request to
    /// HTTPS at `--public-url`.
    #[arg(
        long,
        env = "TABULA_REDIRECT_HTTP",
        value_name = "ADDR",
        requires_all = ["tls_cert", "public_url"]
    )]
    pub redirect_http: Option<String>,
    /// The site's address as players reach it (`https://play.example.org`): every link and
    /// redirect the server makes (the HTTP-to-HTTPS redirect, a moderator's password link) is
    /// built from it, never from a request's `Host`.
    #[arg(long, env = "TABULA_PUBLIC_URL", value_name = "URL", value_parser = public_url)]
    pub public_url: Option<String>,
    /// A recurring tournament, in a few words (repeat for more; UTC): `hourly@:00 arena
    /// quickchess 3+2 57m rated`, `daily@18:00 arena querni 5+0 60m`, `weekly@sun-17:00 swiss
    /// quickchess 10+5 7r rated` (docs/operators.md, "Tournaments").
    #[arg(long = "schedule", value_name = "LINE")]
    pub schedule: Vec<String>,
    /// How log lines are written: `text` for people, `json` (one object a line, with the
    /// request's id and span fields) for a log collector.
    #[arg(long, env = "TABULA_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,
    /// Which log lines are written, in `RUST_LOG`'s syntax (`info`, `warn,tabula_server=debug`);
    /// without it `RUST_LOG`, and without that `info`.
    #[arg(long, env = "TABULA_LOG", value_name = "FILTER")]
    pub log: Option<String>,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// One line a message, for people.
    Text,
    /// One JSON object a line, for a log collector.
    Json,
}

/// A node id: 1-48 letters, digits, `-`, `_` or `.` (it names the node's notification channel,
/// and PostgreSQL's names are at most 63 bytes).
fn node_id(s: &str) -> Result<String, ArgError> {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if (1..=48).contains(&s.len()) && s.chars().all(ok) {
        Ok(s.to_string())
    } else {
        Err(ArgError::NodeId)
    }
}

/// A lease's time to live: 1 s to 10 min.
fn lease_time(s: &str) -> Result<Duration, ArgError> {
    let d = humantime::parse_duration(s)?;
    if d < Duration::from_secs(1) || d > Duration::from_secs(600) {
        return Err(ArgError::LeaseRange);
    }
    Ok(d)
}

impl ServeArgs {
    /// The server's configuration.
    pub fn config(&self) -> ServerConfig {
        let base = Limits {
            sockets: self.max_sockets,
            rooms: self.max_rooms.max(1),
            ipv6_prefix: self.ipv6_prefix,
            rated_same_address: self.allow_rated_same_address,
            shortest_arena: std::time::Duration::from_secs_f64(
                self.shortest_arena_minutes.clamp(0.05, 720.0) * 60.0,
            ),
            auto_review: self.auto_review,
            mine_puzzles: self.puzzle_mining,
            review_nodes: self.review_nodes,
            ..Limits::default()
        };
        let limits = match self.rate_limits {
            RateLimits::On => base,
            RateLimits::Off => base.unlimited_rates(),
        };
        ServerConfig {
            addr: self.addr.clone(),
            db: tabula_server::Database::parse(&self.db),
            limits,
            http: HttpConfig {
                allow_origins: self
                    .allow_origin
                    .iter()
                    .map(|o| o.trim_end_matches('/').to_string())
                    .collect(),
                trusted_proxies: TrustedProxies(self.trust_proxy.clone()),
                secure_cookies: self.secure_cookies || self.tls_cert.is_some(),
                hsts: self.tls_cert.is_some(),
                public_url: self.public_url.clone(),
            },
            backup: self.backup_every.map(|every| BackupSchedule {
                every,
                dir: self.backup_dir.clone(),
                keep: usize::from(self.backup_keep),
            }),
            tablebases: Some(self.tablebases.clone()),
            node: self.node.as_ref().map(|node| tabula_server::NodeConfig {
                node: node.clone(),
                lease: self.lease,
            }),
            metrics_addr: self.metrics_addr.clone(),
            tls: match (&self.tls_cert, &self.tls_key) {
                (Some(cert), Some(key)) => Some(tabula_server::tls::TlsFiles {
                    cert: cert.clone(),
                    key: key.clone(),
                }),
                _ => None,
            },
            redirect_http: self.redirect_http.clone(),
            schedule: self.schedule.clone(),
        }
    }
}

/// Logs as `--log-format` and `--log` (or `RUST_LOG`) say, to standard error.
fn init_logs(args: &ServeArgs) -> anyhow::Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = match &args.log {
        Some(f) => EnvFilter::try_new(f)
            .map_err(|e| anyhow::anyhow!("--log {f}: not a log filter: {e}"))?,
        None => EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
    };
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // a second subscriber (tests run several servers in one process) is refused: not an error
    let _ = match args.log_format {
        LogFormat::Text => logs.try_init(),
        LogFormat::Json => logs
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
    Ok(())
}

/// `tabula serve`.
pub fn serve(args: &ServeArgs) -> ExitCode {
    if let Err(e) = init_logs(args) {
        return crate::cli::output::fail(e);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return crate::cli::output::fail(anyhow::anyhow!(e).context("cannot start")),
    };
    let config = args.config();
    let db = config.db.to_string();
    let scheme = if config.tls.is_some() {
        "https"
    } else {
        "http"
    };
    let result = runtime.block_on(tabula_server::serve(config, |bound| {
        println!("Tabula is running at {scheme}://{bound}/  (database: {db})");
        use std::io::Write;
        let _ = std::io::stdout().flush();
    }));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// The options of `tabula site backup`.
#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The database to copy (it may be in use by a running server).
    #[arg(long, default_value = "tabula.db")]
    pub db: PathBuf,
    /// The copy to write (replaced if it exists).
    #[arg(long, value_name = "FILE")]
    pub to: PathBuf,
}

/// `tabula site backup`: an online, consistent copy of the database.
pub fn backup(args: &BackupArgs) -> ExitCode {
    match tabula_server::store::backup::backup_file(&args.db, &args.to) {
        Ok(r) => {
            println!(
                "backed up {} to {}: {} games, {} actions, {} bytes",
                args.db.display(),
                r.path.display(),
                r.games,
                r.actions,
                r.bytes
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// The options of `tabula site migrate`.
#[derive(Args, Debug)]
pub struct MigrateArgs {
    /// The SQLite database to copy (stop the server that uses it first: games played during
    /// the copy would not be in it).
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,
    /// The PostgreSQL database to copy into, `postgres://user:pass@host/dbname`; it must hold
    /// no games or accounts yet.
    #[arg(long, value_name = "URL")]
    pub to: String,
}

/// `tabula site migrate`: every game and player of a SQLite database into PostgreSQL, checked.
pub fn migrate(args: &MigrateArgs) -> ExitCode {
    if !tabula_server::store::postgres::is_postgres_url(&args.to) {
        eprintln!(
            "error: --to must be a PostgreSQL URL (postgres://user:pass@host/dbname), not `{}`",
            args.to
        );
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return crate::cli::output::fail(anyhow::anyhow!(e).context("cannot start")),
    };
    let copied = runtime.block_on(tabula_server::store::copy::sqlite_to_postgres(
        &args.from, &args.to,
    ));
    match copied {
        Ok(r) => {
            let to = tabula_server::store::postgres::redact(&args.to);
            println!("copied {} to {to}:", args.from.display());
            for (table, rows) in &r.tables {
                println!("  {table}: {rows}");
            }
            println!(
                "checked: all {} games read back with the same record, seats and log",
                r.verified_games
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// A site's public address: `http://` or `https://`, a host, perhaps a port, no path; given
/// back without a trailing `/`.
fn public_url(text: &str) -> Result<String, ArgError> {
    let url = text.trim().trim_end_matches('/');
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| ArgError::UrlScheme(url.to_string()))?;
    if host.is_empty() || host.contains(['/', '?', '#', '@', ' ']) {
        return Err(ArgError::UrlShape(url.to_string()));
    }
    Ok(url.to_string())
}
