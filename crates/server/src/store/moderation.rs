//! What the moderators' work stores: the accounts' roles, sanctions (bans and mutes), the
//! players' reports, one-time links that set a password, chat messages and the audit log.
//!
//! Every change a moderator makes is written in the same transaction as its line of the audit
//! log ([`Audit`]), so the log can never miss an action that took effect, nor record one that
//! did not.

use super::StoreError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What an account may do on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "AccountRole")]
pub enum Role {
    /// Plays.
    Player,
    /// Plays and moderates: the moderation page and `/api/admin/...`.
    Admin,
}

impl Role {
    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Admin => "admin",
        }
    }

    /// The role of a stored name (an unknown one is a player's: it grants nothing).
    pub fn parse(s: &str) -> Role {
        if s == "admin" {
            Role::Admin
        } else {
            Role::Player
        }
    }
}

/// What a sanction does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SanctionKind {
    /// An account cannot sign in or play; an address cannot sign up, create, join or play
    /// games.
    Ban,
    /// An account cannot write in chat.
    Mute,
}

impl SanctionKind {
    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            SanctionKind::Ban => "ban",
            SanctionKind::Mute => "mute",
        }
    }

    fn parse(s: &str) -> Result<SanctionKind, StoreError> {
        match s {
            "ban" => Ok(SanctionKind::Ban),
            "mute" => Ok(SanctionKind::Mute),
            other => Err(StoreError::Refused(format!("unknown sanction `{other}`"))),
        }
    }
}

/// Whom a sanction is on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "target", content = "subject", rename_all = "snake_case")]
pub enum Target {
    /// An account, by number.
    Account(i64),
    /// An address or a network in CIDR notation (`203.0.113.7`, `2001:db8::/48`), as text.
    Address(String),
}

impl Target {
    /// The stored `(target, subject)` pair.
    pub fn stored(&self) -> (&'static str, String) {
        match self {
            Target::Account(id) => ("account", id.to_string()),
            Target::Address(net) => ("address", net.clone()),
        }
    }

    /// The target of a stored pair.
    pub fn parse(target: &str, subject: &str) -> Result<Target, StoreError> {
        match target {
            "account" => subject
                .parse()
                .map(Target::Account)
                .map_err(|_| StoreError::Refused(format!("sanctioned account `{subject}`"))),
            "address" => Ok(Target::Address(subject.to_string())),
            other => Err(StoreError::Refused(format!("sanction target `{other}`"))),
        }
    }
}

/// A sanction to impose.
#[derive(Clone, Debug, PartialEq)]
pub struct NewSanction {
    /// What it does.
    pub kind: SanctionKind,
    /// On whom.
    pub target: Target,
    /// Why, in the moderator's words (the player is told it).
    pub reason: String,
    /// Who imposed it (`admin:<name>`, `cli:<user>`).
    pub actor: String,
    /// From when (ms since the Unix epoch).
    pub at: u64,
    /// Until when (`None`: until lifted).
    pub until: Option<u64>,
}

/// A stored sanction.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Sanction {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
    /// What it does.
    pub kind: SanctionKind,
    /// On whom.
    #[serde(flatten)]
    pub target: Target,
    /// The account's name, for a sanction on an account.
    pub name: Option<String>,
    /// Why.
    pub reason: String,
    /// Who imposed it.
    pub actor: String,
    /// From when.
    #[ts(type = "number")]
    pub at: u64,
    /// Until when (`null`: until lifted).
    #[ts(type = "number | null")]
    pub until: Option<u64>,
    /// Who lifted it, if anyone did.
    pub lifted_by: Option<String>,
    /// When it was lifted.
    #[ts(type = "number | null")]
    pub lifted_at: Option<u64>,
}

impl Sanction {
    /// Whether it is in force at `now`.
    pub fn in_force(&self, now: u64) -> bool {
        self.lifted_at.is_none() && self.at <= now && self.until.is_none_or(|u| now < u)
    }
}

/// Why a player reports another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// Help from an engine or another person.
    Cheating,
    /// Insults, threats, harassment.
    Abuse,
    /// Advertising, flooding.
    Spam,
    /// Losing on purpose, rating manipulation.
    Sandbagging,
    /// Anything else (the detail says what).
    Other,
}

impl ReportReason {
    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            ReportReason::Cheating => "cheating",
            ReportReason::Abuse => "abuse",
            ReportReason::Spam => "spam",
            ReportReason::Sandbagging => "sandbagging",
            ReportReason::Other => "other",
        }
    }

    fn parse(s: &str) -> Result<ReportReason, StoreError> {
        [
            ReportReason::Cheating,
            ReportReason::Abuse,
            ReportReason::Spam,
            ReportReason::Sandbagging,
            ReportReason::Other,
        ]
        .into_iter()
        .find(|r| r.name() == s)
        .ok_or_else(|| StoreError::Refused(format!("unknown report reason `{s}`")))
    }
}

/// A report to file.
#[derive(Clone, Debug, PartialEq)]
pub struct NewReport {
    /// Who reports.
    pub reporter: i64,
    /// Whom.
    pub subject: i64,
    /// The game it is about, if one.
    pub game: Option<String>,
    /// The chat message it is about, if one.
    pub message: Option<i64>,
    /// Why.
    pub reason: ReportReason,
    /// In the reporter's words.
    pub detail: String,
    /// When.
    pub at: u64,
}

/// A stored report, with both players' names.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Report {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
    /// Who reported.
    pub reporter: String,
    /// Whom (their account's number, to sanction it).
    #[ts(type = "number")]
    pub subject_id: i64,
    /// Whom, by name.
    pub subject: String,
    /// The game it is about.
    pub game: Option<String>,
    /// The chat message it is about.
    #[ts(type = "number | null")]
    pub message: Option<i64>,
    /// Why.
    pub reason: ReportReason,
    /// In the reporter's words.
    pub detail: String,
    /// When.
    #[ts(type = "number")]
    pub at: u64,
    /// Who closed it.
    pub closed_by: Option<String>,
    /// When.
    #[ts(type = "number | null")]
    pub closed_at: Option<u64>,
    /// What came of it, in the moderator's words.
    pub outcome: Option<String>,
    /// The reported chat message's words, as it was written (kept when it is deleted).
    pub words: Option<String>,
}

/// A line of the audit log, to write with the change it records.
#[derive(Clone, Debug, PartialEq)]
pub struct Audit {
    /// Who (`admin:<name>`, `cli:<user>`).
    pub actor: String,
    /// What (`ban`, `lift`, `mute`, `role`, `reset_link`, `password_reset`, `close_game`,
    /// `delete_message`, `close_report`).
    pub action: String,
    /// On whom or what (`account:ann`, `address:203.0.113.0/24`, `game:abc`, ...).
    pub subject: String,
    /// The details in words.
    pub detail: String,
    /// When.
    pub at: u64,
}

/// A stored line of the audit log.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct AuditEntry {
    /// Its number (they only grow).
    #[ts(type = "number")]
    pub id: i64,
    /// When.
    #[ts(type = "number")]
    pub at: u64,
    /// Who.
    pub actor: String,
    /// What.
    pub action: String,
    /// On whom or what.
    pub subject: String,
    /// The details.
    pub detail: String,
}

/// A chat message to store.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMessage {
    /// Its room (`game:<id>`, `spectators:<id>`, `tournament:<id>`).
    pub room: String,
    /// Its writer's account.
    pub account: Option<i64>,
    /// Its writer's name as shown.
    pub name: String,
    /// The text, as typed (shown escaped, never as HTML).
    pub body: String,
    /// When.
    pub at: u64,
}

/// A stored chat message.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ChatMessage {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
    /// Its room.
    pub room: String,
    /// Its writer's account.
    #[ts(type = "number | null")]
    pub account: Option<i64>,
    /// Its writer's name.
    pub name: String,
    /// The text.
    pub body: String,
    /// When.
    #[ts(type = "number")]
    pub at: u64,
    /// The moderator who deleted it.
    pub deleted_by: Option<String>,
}

/// An account as the moderators list it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct AccountSummary {
    /// Its number.
    #[ts(type = "number")]
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its role.
    pub role: Role,
    /// When it was made.
    #[ts(type = "number")]
    pub created: u64,
    /// Games it finished.
    #[ts(type = "number")]
    pub games: u64,
    /// Reports filed against it.
    #[ts(type = "number")]
    pub reported: u64,
}

/// What the moderators' work stores.
#[async_trait::async_trait]
pub trait ModerationStore: Send + Sync {
    /// An account's role (`Player` for an unknown account).
    async fn role(&self, account: i64) -> Result<Role, StoreError>;
    /// Sets an account's role; `false` when there is no such account.
    async fn set_role(&self, account: i64, role: Role, audit: &Audit) -> Result<bool, StoreError>;
    /// Accounts whose name contains `search` (any, when empty), newest first.
    async fn list_accounts(
        &self,
        search: &str,
        limit: usize,
    ) -> Result<Vec<AccountSummary>, StoreError>;
    /// Imposes a sanction.
    async fn add_sanction(&self, s: &NewSanction, audit: &Audit) -> Result<(), StoreError>;
    /// Lifts sanction `id`; `false` when it does not exist or was lifted already.
    async fn lift_sanction(&self, id: i64, by: &str, audit: &Audit) -> Result<bool, StoreError>;
    /// The sanctions not lifted and not over at `now` (what the server enforces).
    async fn sanctions_in_force(&self, now: u64) -> Result<Vec<Sanction>, StoreError>;
    /// The latest sanctions, lifted and over ones too, newest first.
    async fn sanctions(&self, limit: usize) -> Result<Vec<Sanction>, StoreError>;
    /// Files a report: its number, or `None` when the same reporter already has an open
    /// report on the same player, game and message.
    async fn add_report(&self, r: &NewReport) -> Result<Option<i64>, StoreError>;
    /// Reports, newest first: only the open ones, or all.
    async fn reports(&self, open_only: bool, limit: usize) -> Result<Vec<Report>, StoreError>;
    /// Closes a report with an outcome; `false` when it does not exist or is closed.
    async fn close_report(&self, id: i64, outcome: &str, audit: &Audit)
    -> Result<bool, StoreError>;
    /// Writes a line of the audit log for an action whose change is stored elsewhere (a game's
    /// log).
    async fn put_audit(&self, audit: &Audit) -> Result<(), StoreError>;
    /// The audit log, newest first.
    async fn audit_log(&self, limit: usize) -> Result<Vec<AuditEntry>, StoreError>;
    /// Keeps a one-time link's token hash for `account`, working until `expires`.
    async fn put_reset(
        &self,
        token_hash: &str,
        account: i64,
        expires: u64,
        audit: &Audit,
    ) -> Result<(), StoreError>;
    /// The account (number, name) a one-time link still works for at `now`.
    async fn reset_account(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<(i64, String)>, StoreError>;
    /// Uses a one-time link: sets the password hash, ends the account's sessions, and spends
    /// the link, at once; the account's number, or `None` for a link unknown, used or expired.
    async fn use_reset(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: u64,
    ) -> Result<Option<i64>, StoreError>;
    /// Stores a chat message: its number.
    async fn put_message(&self, m: &NewMessage) -> Result<i64, StoreError>;
    /// A room's latest messages not deleted, oldest first.
    async fn messages(&self, room: &str, limit: usize) -> Result<Vec<ChatMessage>, StoreError>;
    /// One message (deleted ones too).
    async fn message(&self, id: i64) -> Result<Option<ChatMessage>, StoreError>;
    /// Deletes a message (it is kept, marked, for the record); `false` when it does not
    /// exist or was deleted already.
    async fn delete_message(&self, id: i64, audit: &Audit) -> Result<bool, StoreError>;
}

/// Reads a sanction row (the columns of `SANCTION_COLUMNS`).
pub(super) fn sanction(r: &super::sql::Row) -> Result<Sanction, StoreError> {
    Ok(Sanction {
        id: r.big(0)?,
        kind: SanctionKind::parse(&r.text(1)?)?,
        target: Target::parse(&r.text(2)?, &r.text(3)?)?,
        reason: r.text(4)?,
        actor: r.text(5)?,
        at: r.time(6)?,
        until: r.opt_time(7)?,
        lifted_by: r.opt_text(8)?,
        lifted_at: r.opt_time(9)?,
        name: r.opt_text(10)?,
    })
}

/// Reads a report row.
pub(super) fn report(r: &super::sql::Row) -> Result<Report, StoreError> {
    Ok(Report {
        id: r.big(0)?,
        reporter: r.text(1)?,
        subject_id: r.big(2)?,
        subject: r.text(3)?,
        game: r.opt_text(4)?,
        message: r.opt_big(5)?,
        reason: ReportReason::parse(&r.text(6)?)?,
        detail: r.text(7)?,
        at: r.time(8)?,
        closed_by: r.opt_text(9)?,
        closed_at: r.opt_time(10)?,
        outcome: r.opt_text(11)?,
        words: r.opt_text(12)?,
    })
}

/// Reads a chat message row.
pub(super) fn message(r: &super::sql::Row) -> Result<ChatMessage, StoreError> {
    Ok(ChatMessage {
        id: r.big(0)?,
        room: r.text(1)?,
        account: r.opt_big(2)?,
        name: r.text(3)?,
        body: r.text(4)?,
        at: r.time(5)?,
        deleted_by: r.opt_text(6)?,
    })
}
