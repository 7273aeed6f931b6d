//! The moderators' actions, one function each, shared by the moderation page
//! (`/api/admin/...`) and `tabula site admin`: each checks its input, makes its change, and writes
//! the change's line of the audit log in the same transaction.

use crate::error::{ApiError, Clash, Invalid, Missing};
use crate::ids::{now_ms, random_hex, token_hash};
use crate::store::Store;
use crate::store::moderation::{Audit, NewSanction, Role, SanctionKind, Target};
use crate::store::players::Account;

/// How long a one-time link that sets a password works.
pub const RESET_LINK_MS: u64 = 24 * 3_600_000;
/// The longest reason or outcome a moderator writes.
pub const MAX_REASON: usize = 500;
/// The longest sanction that has an end (ten years; longer is "until lifted").
pub const MAX_HOURS: u64 = 24 * 365 * 10;

/// Who acts: `admin:<name>` on the moderation page, `cli:<user>` from `tabula site admin`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor(pub String);

impl Actor {
    /// A signed-in admin.
    pub fn admin(name: &str) -> Actor {
        Actor(format!("admin:{name}"))
    }

    /// The operator at the command line (the system user's name).
    pub fn cli() -> Actor {
        let user = std::env::var("USER")
            .or_else(|_| std::env::var("LOGNAME"))
            .unwrap_or_else(|_| "operator".into());
        Actor(format!("cli:{user}"))
    }

    /// A line of the audit log of this actor, now.
    pub fn audit(&self, action: &str, subject: String, detail: String) -> Audit {
        Audit {
            actor: self.0.clone(),
            action: action.to_string(),
            subject,
            detail,
            at: now_ms(),
        }
    }
}

/// A reason or an outcome: trimmed, not empty, at most [`MAX_REASON`] characters.
pub fn reason(text: &str, what: &str) -> Result<String, ApiError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ApiError::BadInput(
            Invalid::Text,
            format!("the {what} is empty: say why"),
        ));
    }
    if t.chars().count() > MAX_REASON {
        return Err(ApiError::BadInput(
            Invalid::Text,
            format!("the {what} is longer than {MAX_REASON} characters"),
        ));
    }
    Ok(t.to_string())
}

/// The end of a sanction of `hours` from now (`None`: until lifted).
pub fn until(hours: Option<u64>) -> Result<Option<u64>, ApiError> {
    match hours {
        None => Ok(None),
        Some(0) => Err(ApiError::BadInput(
            Invalid::Moderation,
            "hours must be at least 1 (leave it out for a sanction until lifted)".into(),
        )),
        Some(h) if h > MAX_HOURS => Err(ApiError::BadInput(
            Invalid::Moderation,
            format!("hours must be at most {MAX_HOURS} (leave it out for a sanction until lifted)"),
        )),
        Some(h) => Ok(Some(now_ms() + h * 3_600_000)),
    }
}

fn for_how_long(until: Option<u64>) -> String {
    match until {
        None => "until lifted".into(),
        Some(ms) => format!(
            "until {}",
            humantime::format_rfc3339_seconds(
                std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms)
            )
        ),
    }
}

/// The account of a name, or a 404 naming it.
pub async fn account_named(store: &dyn Store, name: &str) -> Result<Account, ApiError> {
    store
        .account_by_name(&name.trim().to_lowercase())
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Player, format!("no account `{}`", name.trim())))
}

/// Bans or mutes an account: a ban also ends its sessions and takes its seeks down.
pub async fn sanction_account(
    store: &dyn Store,
    actor: &Actor,
    kind: SanctionKind,
    account: &Account,
    why: &str,
    hours: Option<u64>,
) -> Result<(), ApiError> {
    let why = reason(why, "reason")?;
    let until = until(hours)?;
    let audit = actor.audit(
        kind.name(),
        format!("account:{}", account.name),
        format!("{}: {why}", for_how_long(until)),
    );
    let s = NewSanction {
        kind,
        target: Target::Account(account.id),
        reason: why,
        actor: actor.0.clone(),
        at: audit.at,
        until,
    };
    store.add_sanction(&s, &audit).await?;
    if kind == SanctionKind::Ban {
        store.delete_sessions(account.id).await?;
        store.remove_seeks_of(&format!("a:{}", account.id)).await?;
        // the tournaments it announced and that have not begun are called off
        if store.waiting_made_by(account.id).await? > 0 {
            let off = actor.audit(
                "cancel_tournaments",
                format!("account:{}", account.name),
                "the account's upcoming tournaments, with its ban".into(),
            );
            store.cancel_tournaments_of(account.id, false, &off).await?;
        }
    }
    Ok(())
}

/// Bans an address or a network (see [`crate::sanctions::parse_network`]).
pub async fn ban_address(
    store: &dyn Store,
    actor: &Actor,
    address: &str,
    why: &str,
    hours: Option<u64>,
) -> Result<String, ApiError> {
    let net = crate::sanctions::parse_network(address)
        .map_err(|m| ApiError::BadInput(Invalid::Moderation, m))?;
    let why = reason(why, "reason")?;
    let until = until(hours)?;
    let text = net.to_string();
    let audit = actor.audit(
        "ban",
        format!("address:{text}"),
        format!("{}: {why}", for_how_long(until)),
    );
    let s = NewSanction {
        kind: SanctionKind::Ban,
        target: Target::Address(text.clone()),
        reason: why,
        actor: actor.0.clone(),
        at: audit.at,
        until,
    };
    store.add_sanction(&s, &audit).await?;
    Ok(text)
}

/// Lifts a sanction by number.
pub async fn lift(store: &dyn Store, actor: &Actor, id: i64) -> Result<(), ApiError> {
    let audit = actor.audit("lift", format!("sanction:{id}"), "lifted".into());
    if store.lift_sanction(id, &actor.0, &audit).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound(
            Missing::Sanction,
            format!("no sanction {id} in force (unknown, or lifted already)"),
        ))
    }
}

/// Lifts every sanction of `kind` in force on a target; how many.
pub async fn lift_all(
    store: &dyn Store,
    actor: &Actor,
    kind: SanctionKind,
    target: &Target,
) -> Result<usize, ApiError> {
    let mut n = 0;
    for s in store.sanctions_in_force(now_ms()).await? {
        if s.kind == kind && &s.target == target {
            lift(store, actor, s.id).await?;
            n += 1;
        }
    }
    Ok(n)
}

/// Gives or takes the admin role.
pub async fn set_role(
    store: &dyn Store,
    actor: &Actor,
    account: &Account,
    role: Role,
) -> Result<(), ApiError> {
    let audit = actor.audit(
        "role",
        format!("account:{}", account.name),
        format!("role set to {}", role.name()),
    );
    if store.set_role(account.id, role, &audit).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound(
            Missing::Player,
            format!("no account `{}`", account.name),
        ))
    }
}

/// Makes a one-time link that sets the account's password, working for 24 hours: the link
/// (only its token's hash is stored).
pub async fn reset_link(
    store: &dyn Store,
    actor: &Actor,
    account: &Account,
    base_url: &str,
) -> Result<String, ApiError> {
    let base = base_url.trim().trim_end_matches('/');
    if !(base.starts_with("https://") || base.starts_with("http://")) {
        return Err(ApiError::BadInput(
            Invalid::Moderation,
            format!("the site's address `{base}` must start with https:// (or http://)"),
        ));
    }
    let token = random_hex(32);
    let audit = actor.audit(
        "reset_link",
        format!("account:{}", account.name),
        "a one-time link to set the password, working for 24 hours".into(),
    );
    let expires = audit.at + RESET_LINK_MS;
    store
        .put_reset(&token_hash(&token), account.id, expires, &audit)
        .await?;
    // the token after `#`: a fragment never reaches a server's or a proxy's log
    Ok(format!("{base}/reset#{token}"))
}

/// Deletes a chat message (kept, marked deleted, for the record).
pub async fn delete_message(store: &dyn Store, actor: &Actor, id: i64) -> Result<(), ApiError> {
    let m = store
        .message(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Message, format!("no chat message {id}")))?;
    let audit = actor.audit(
        "delete_message",
        format!("message:{id}"),
        format!("by {} in {}: {}", m.name, m.room, m.body),
    );
    if store.delete_message(id, &audit).await? {
        Ok(())
    } else {
        Err(ApiError::Conflict(
            Clash::Done,
            format!("chat message {id} was deleted already"),
        ))
    }
}

/// Closes a report with its outcome.
pub async fn close_report(
    store: &dyn Store,
    actor: &Actor,
    id: i64,
    outcome: &str,
) -> Result<(), ApiError> {
    let outcome = reason(outcome, "outcome")?;
    let audit = actor.audit("close_report", format!("report:{id}"), outcome.clone());
    if store.close_report(id, &outcome, &audit).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound(
            Missing::Report,
            format!("no open report {id} (unknown, or closed already)"),
        ))
    }
}

/// Closes a game by writing the close into its log in the store (for `tabula site admin`, which
/// reaches the database, not a node): the game ends without a result and moves no rating. A
/// node hosting the game finds the log ahead of it at its next write (a move, a clock's
/// tick), steps down and reloads the game closed, as after another node's takeover; the
/// moderation page's close goes through the hosting room instead, so its players see it at
/// once.
pub async fn close_stored_game(
    store: &dyn Store,
    actor: &Actor,
    id: &str,
    why: &str,
) -> Result<(), ApiError> {
    use crate::json::RawJson;
    use crate::model::Status;
    use crate::rooms::table::{CloseReason, TableAction};
    use crate::store::{Due, LogEntry, StoreError};
    let why = reason(why, "reason")?;
    let record = store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Game, format!("no game `{id}`")))?;
    if matches!(record.status, Status::Finished | Status::Expired) {
        return Err(ApiError::Conflict(
            Clash::Over,
            format!("game {id} is over already: there is nothing to close"),
        ));
    }
    let action = RawJson::of(&TableAction::Closed {
        reason: CloseReason::Moderator,
    });
    let mut tries = 0;
    let at = loop {
        let log = store.log(id).await?;
        let at = now_ms().max(log.last().map_or(0, |e| e.at));
        let entry = LogEntry {
            seq: log.len() as u64,
            at,
            action: action.clone(),
        };
        // a closed game changes by itself no more: its deadline goes with the close
        match store.append(id, &entry, Due::Never).await {
            Ok(()) => break at,
            // a move landed meanwhile: close after it
            Err(StoreError::Stale { .. }) if tries < 5 => tries += 1,
            Err(e) => return Err(e.into()),
        }
    };
    store.set_status(id, Status::Finished, at).await?;
    store
        .put_audit(&actor.audit("close_game", format!("game:{id}"), why))
        .await?;
    Ok(())
}
