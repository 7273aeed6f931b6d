//! `tabula site check-games` (replay every stored game: what the server checks at start, on
//! demand) and `tabula site export-game` (one stored game as it is in the database, to look at a
//! damaged one).

use clap::Args;
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use tabula_server::{Database, Hub, Limits};

/// The options of `tabula site check-games`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The database: a SQLite file or a PostgreSQL URL.
    #[arg(long, env = "TABULA_DATABASE_URL", default_value = "tabula.db")]
    pub db: String,
}

/// The options of `tabula site export-game`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The database: a SQLite file or a PostgreSQL URL.
    #[arg(long, env = "TABULA_DATABASE_URL", default_value = "tabula.db")]
    pub db: String,
    /// The game's id.
    pub id: String,
}

fn runtime() -> Result<tokio::runtime::Runtime, ExitCode> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| crate::cli::output::fail(anyhow::anyhow!(e).context("cannot start")))
}

fn failed(e: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::from(1)
}

/// `tabula site check-games`: every game replayed; exit 1 when any does not.
pub fn check(args: &CheckArgs) -> ExitCode {
    let rt = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    rt.block_on(async {
        let store = match Database::parse(&args.db).open().await {
            Ok(s) => s,
            Err(e) => return failed(e),
        };
        let services = tabula_server::services::Services::new();
        let hub = Hub::new(store, services, Limits::default());
        let report = match tabula_server::rooms::check::check_games(&hub).await {
            Ok(r) => r,
            Err(e) => return failed(e),
        };
        if report.damaged.is_empty() {
            println!("all {} games replay", report.checked);
            return ExitCode::SUCCESS;
        }
        println!(
            "{} of {} games do not replay (export each with `tabula site export-game --db DB ID`):",
            report.damaged.len(),
            report.checked
        );
        for d in &report.damaged {
            println!("  {}: {}", d.id, d.error);
        }
        ExitCode::from(1)
    })
}

/// `tabula site export-game`: the game's record, seats (without their token hashes) and log as
/// one JSON object.
pub fn export(args: &ExportArgs) -> ExitCode {
    let rt = match runtime() {
        Ok(r) => r,
        Err(code) => return code,
    };
    rt.block_on(async {
        let store: Arc<dyn tabula_server::Store> = match Database::parse(&args.db).open().await {
            Ok(s) => s,
            Err(e) => return failed(e),
        };
        let record = match store.game(&args.id).await {
            Ok(Some(r)) => r,
            Ok(None) => return failed(format!("no game `{}`", args.id)),
            Err(e) => return failed(e),
        };
        let (seats, log) = match (store.seats(&args.id).await, store.log(&args.id).await) {
            (Ok(s), Ok(l)) => (s, l),
            (Err(e), _) | (_, Err(e)) => return failed(e),
        };
        let out = json!({
            "id": record.id, "kind": record.kind, "config": record.config, "seed": record.seed,
            "created": record.created, "started": record.started, "status": record.status,
            "updated": record.updated,
            "seats": seats.iter().map(|s| json!({
                "seat": s.seat, "name": s.name, "bot": s.bot_level, "account": s.account,
            })).collect::<Vec<_>>(),
            "log": log.iter().map(|e| json!({"seq": e.seq, "at": e.at, "action": e.action}))
                .collect::<Vec<_>>(),
        });
        println!("{out:#}");
        ExitCode::SUCCESS
    })
}
