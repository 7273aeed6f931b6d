//! `tabula site admin`: the operator's moderation at the command line, on the site's database
//! (SQLite file or PostgreSQL URL) while the site runs. Every change is written with its line
//! of the audit log (actor `cli:<user>`); the nodes pick bans and mutes up within seconds.

use clap::{Args, Subcommand, ValueEnum};
use std::process::ExitCode;
use std::sync::Arc;
use tabula_server::error::{ApiError, Invalid, Missing};
use tabula_server::ids::now_ms;
use tabula_server::moderation::actions::{self, Actor, account_named};
use tabula_server::moderation::parse_network;
use tabula_server::moderation::tournaments;
use tabula_server::store::moderation::{Role, SanctionKind, Target};
use tabula_server::{Database, Store};

/// The options of `tabula site admin`.
#[derive(Args, Debug)]
pub struct AdminArgs {
    /// The database: a SQLite file or a PostgreSQL URL.
    #[arg(long, env = "TABULA_DATABASE_URL", default_value = "tabula.db")]
    pub db: String,
    /// What to do.
    #[command(subcommand)]
    pub action: AdminAction,
}

/// Whom a ban is on.
#[derive(Subcommand, Debug)]
pub enum BanTarget {
    /// An account, by name: it cannot sign in or play; its sessions end and its seeks go.
    Account {
        /// The account's name.
        name: String,
    },
    /// An address or a network (`203.0.113.7`, `203.0.113.0/24`, `2001:db8::/48`): it
    /// cannot sign up, create, join or play games.
    Address {
        /// The address or network.
        address: String,
    },
}

/// A role, as the command line names it.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RoleArg {
    /// Plays.
    Player,
    /// Plays and moderates.
    Admin,
}

/// What `tabula site admin` does.
#[derive(Subcommand, Debug)]
pub enum AdminAction {
    /// List accounts (newest first), optionally those whose name contains a text.
    Accounts {
        /// A part of the name.
        #[arg(long, default_value = "")]
        search: String,
        /// How many at most.
        #[arg(long, default_value_t = 50)]
        limit: usize,
    },
    /// Ban an account or an address.
    Ban {
        /// Whom.
        #[command(subcommand)]
        target: BanTarget,
        /// Why (the player is told).
        #[arg(long, global = true)]
        reason: Option<String>,
        /// For how many hours (left out: until lifted).
        #[arg(long, global = true)]
        hours: Option<u64>,
    },
    /// Lift the bans in force on an account or an address.
    Unban {
        /// Whom.
        #[command(subcommand)]
        target: BanTarget,
    },
    /// Mute an account: it cannot write in chat.
    Mute {
        /// The account's name.
        name: String,
        /// Why (the player is told).
        #[arg(long)]
        reason: String,
        /// For how many hours (left out: until lifted).
        #[arg(long)]
        hours: Option<u64>,
    },
    /// Lift the mutes in force on an account.
    Unmute {
        /// The account's name.
        name: String,
    },
    /// Lift one sanction by its number (`tabula site admin sanctions` lists them).
    Lift {
        /// The sanction's number.
        id: i64,
    },
    /// Give an account a role (`admin` opens the moderation page to it).
    Role {
        /// The account's name.
        name: String,
        /// The role.
        role: RoleArg,
    },
    /// Print a one-time link that sets an account's password, working for 24 hours; give it
    /// to the player by a channel you trust.
    ResetPassword {
        /// The account's name.
        name: String,
        /// The site's address as players reach it (`https://play.example.org`).
        #[arg(long)]
        site: String,
    },
    /// Close a game before its end: no result, no rating moved.
    CloseGame {
        /// The game's id.
        id: String,
        /// Why.
        #[arg(long)]
        reason: String,
    },
    /// Rename a tournament (the new name passes the text policy).
    RenameTournament {
        /// The tournament's id.
        id: String,
        /// Its new name.
        #[arg(long)]
        name: String,
        /// Why.
        #[arg(long)]
        reason: String,
    },
    /// Cancel a tournament not yet over: nothing more is paired (games being played end as
    /// they would).
    CancelTournament {
        /// The tournament's id.
        id: String,
        /// Why.
        #[arg(long)]
        reason: String,
        /// Take it out of every list too (a spam event).
        #[arg(long)]
        hide: bool,
    },
    /// Call off every tournament an account made that is not over, and take all of them out
    /// of the lists.
    HideTournaments {
        /// The account's name.
        name: String,
        /// Why.
        #[arg(long)]
        reason: String,
    },
    /// Delete a chat message (kept, marked deleted, for the record).
    DeleteMessage {
        /// The message's number.
        id: i64,
    },
    /// The players' reports, newest first (open ones unless --all).
    Reports {
        /// Closed ones too.
        #[arg(long)]
        all: bool,
    },
    /// The latest sanctions, newest first.
    Sanctions,
    /// The latest lines of the audit log, newest first.
    Audit {
        /// How many.
        #[arg(long, default_value_t = 50)]
        limit: usize,
    },
}

fn when(ms: u64) -> String {
    humantime::format_rfc3339_seconds(std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms))
        .to_string()
}

/// `tabula site admin`: 0 done, 1 refused (the reason on stderr).
pub fn run(args: AdminArgs) -> ExitCode {
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start: {e}");
            return ExitCode::from(1);
        }
    };
    rt.block_on(async {
        let store: Arc<dyn Store> = match Database::parse(&args.db).open().await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        };
        match act(store.as_ref(), args.action).await {
            Ok(text) => {
                if !text.is_empty() {
                    println!("{text}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(1)
            }
        }
    })
}

async fn lift_on(
    store: &dyn Store,
    kind: SanctionKind,
    target: Target,
) -> Result<String, ApiError> {
    let actor = Actor::cli();
    let n = actions::lift_all(store, &actor, kind, &target).await?;
    if n == 0 {
        return Err(ApiError::NotFound(
            Missing::Sanction,
            format!("no {} in force on {}", kind.name(), target.stored().1),
        ));
    }
    Ok(format!("{n} lifted"))
}

async fn act(store: &dyn Store, action: AdminAction) -> Result<String, ApiError> {
    let actor = Actor::cli();
    match action {
        AdminAction::Accounts { search, limit } => accounts(store, &search, limit).await,
        AdminAction::Ban {
            target,
            reason,
            hours,
        } => ban(store, target, reason, hours).await,
        AdminAction::Unban { target } => {
            let target = match target {
                BanTarget::Account { name } => {
                    Target::Account(account_named(store, &name).await?.id)
                }
                BanTarget::Address { address } => Target::Address(
                    parse_network(&address)
                        .map_err(|m| ApiError::BadInput(Invalid::Moderation, m))?
                        .to_string(),
                ),
            };
            lift_on(store, SanctionKind::Ban, target).await
        }
        AdminAction::Mute {
            name,
            reason,
            hours,
        } => {
            let a = account_named(store, &name).await?;
            actions::sanction_account(store, &actor, SanctionKind::Mute, &a, &reason, hours)
                .await?;
            Ok(format!("account {} muted", a.name))
        }
        AdminAction::Unmute { name } => {
            let a = account_named(store, &name).await?;
            lift_on(store, SanctionKind::Mute, Target::Account(a.id)).await
        }
        AdminAction::Lift { id } => {
            actions::lift(store, &actor, id).await?;
            Ok(format!("sanction {id} lifted"))
        }
        AdminAction::Role { name, role } => {
            let a = account_named(store, &name).await?;
            let role = match role {
                RoleArg::Player => Role::Player,
                RoleArg::Admin => Role::Admin,
            };
            actions::set_role(store, &actor, &a, role).await?;
            Ok(format!("{} is now {}", a.name, role.name()))
        }
        AdminAction::ResetPassword { name, site } => {
            let a = account_named(store, &name).await?;
            let link = actions::reset_link(store, &actor, &a, &site).await?;
            Ok(format!(
                "{link}\n(one use, within 24 hours; it sets {}'s password and signs them out everywhere)",
                a.name
            ))
        }
        AdminAction::CloseGame { id, reason } => {
            actions::close_stored_game(store, &actor, &id, &reason).await?;
            Ok(format!("game {id} closed"))
        }
        AdminAction::RenameTournament { id, name, reason } => {
            let was = tournaments::rename(store, &actor, &id, &name, &reason).await?;
            Ok(format!(
                "tournament {id} renamed (it was \u{201c}{was}\u{201d})"
            ))
        }
        AdminAction::CancelTournament { id, reason, hide } => {
            tournaments::cancel(store, &actor, &id, hide, &reason).await?;
            Ok(format!(
                "tournament {id} cancelled{}",
                if hide { " and hidden" } else { "" }
            ))
        }
        AdminAction::HideTournaments { name, reason } => {
            let account = actions::account_named(store, &name).await?;
            let n = tournaments::hide_all_of(store, &actor, &account, &reason).await?;
            Ok(format!(
                "{n} tournament(s) of {} called off or hidden",
                account.name
            ))
        }
        AdminAction::DeleteMessage { id } => {
            actions::delete_message(store, &actor, id).await?;
            Ok(format!("chat message {id} deleted"))
        }
        AdminAction::Reports { all } => reports(store, all).await,
        AdminAction::Sanctions => sanctions(store).await,
        AdminAction::Audit { limit } => audit(store, limit).await,
    }
}

/// The accounts whose name contains `search`, newest first, as a table.
async fn accounts(store: &dyn Store, search: &str, limit: usize) -> Result<String, ApiError> {
    let list = store.list_accounts(search, limit).await?;
    let mut out = format!(
        "{:>6}  {:<20} {:<7} {:>6} {:>8}  created",
        "id", "name", "role", "games", "reported"
    );
    for a in list {
        out.push_str(&format!(
            "\n{:>6}  {:<20} {:<7} {:>6} {:>8}  {}",
            a.id,
            a.name,
            a.role.name(),
            a.games,
            a.reported,
            when(a.created)
        ));
    }
    Ok(out)
}

/// Bans an account or an address; the reason is required (the player is told it).
async fn ban(
    store: &dyn Store,
    target: BanTarget,
    reason: Option<String>,
    hours: Option<u64>,
) -> Result<String, ApiError> {
    let actor = Actor::cli();
    let reason = reason.ok_or_else(|| {
        ApiError::BadInput(
            Invalid::Moderation,
            "say why with --reason (the player is told)".into(),
        )
    })?;
    match target {
        BanTarget::Account { name } => {
            let a = account_named(store, &name).await?;
            actions::sanction_account(store, &actor, SanctionKind::Ban, &a, &reason, hours).await?;
            Ok(format!("account {} banned", a.name))
        }
        BanTarget::Address { address } => {
            let net = actions::ban_address(store, &actor, &address, &reason, hours).await?;
            Ok(format!("address {net} banned"))
        }
    }
}

/// The reports (the open ones unless `all`), a line each.
async fn reports(store: &dyn Store, all: bool) -> Result<String, ApiError> {
    let list = store.reports(!all, 200).await?;
    let lines: Vec<String> = list
        .iter()
        .map(|r| {
            let about = match (&r.game, r.message) {
                (Some(g), _) => format!(" game {g}"),
                (None, Some(m)) => format!(" message {m}"),
                _ => String::new(),
            };
            let state = match (&r.closed_by, &r.outcome) {
                (Some(by), Some(o)) => format!(" [closed by {by}: {o}]"),
                _ => " [open]".into(),
            };
            format!(
                "#{} {} {} reported {} for {}{about}: {}{state}",
                r.id,
                when(r.at),
                r.reporter,
                r.subject,
                r.reason.name(),
                r.detail
            )
        })
        .collect();
    Ok(listing(&lines, "no reports"))
}

/// The sanctions, in force or over, a line each.
async fn sanctions(store: &dyn Store) -> Result<String, ApiError> {
    let now = now_ms();
    let list = store.sanctions(200).await?;
    let lines: Vec<String> = list
        .iter()
        .map(|s| {
            let (target, subject) = s.target.stored();
            let whom = s.name.clone().unwrap_or(subject);
            let until = s
                .until
                .map_or("until lifted".into(), |u| format!("until {}", when(u)));
            let state = if s.in_force(now) { "in force" } else { "over" };
            format!(
                "#{} {} {target} {whom} {until} by {} ({state}): {}",
                s.id,
                s.kind.name(),
                s.actor,
                s.reason
            )
        })
        .collect();
    Ok(listing(&lines, "no sanctions"))
}

/// The audit log's latest lines.
async fn audit(store: &dyn Store, limit: usize) -> Result<String, ApiError> {
    let list = store.audit_log(limit).await?;
    Ok(list
        .iter()
        .map(|a| {
            format!(
                "{} {} {} {}: {}",
                when(a.at),
                a.actor,
                a.action,
                a.subject,
                a.detail
            )
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

/// A listing's lines, or what to say when there are none.
fn listing(lines: &[String], none: &str) -> String {
    if lines.is_empty() {
        none.to_string()
    } else {
        lines.join("\n")
    }
}
