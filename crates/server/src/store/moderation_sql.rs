//! The moderators' records stored once for both databases: every [`Dialect`] is a
//! [`ModerationStore`]. Each change goes in one transaction with its audit line.

use super::StoreError;
use super::moderation::{
    AccountSummary, Audit, AuditEntry, ChatMessage, ModerationStore, NewMessage, NewReport,
    NewSanction, Report, Role, Sanction, message, report, sanction,
};
use super::sql::{Arg, Dialect, Step, first};
use super::statements as st;

fn audit_step(a: &Audit) -> Step {
    Step::new(
        st::PUT_AUDIT,
        vec![
            Arg::big(a.at),
            Arg::text(&a.actor),
            Arg::text(&a.action),
            Arg::text(&a.subject),
            Arg::text(&a.detail),
        ],
    )
}

/// Runs `change` (which must change a row) and writes `audit` with it: whether it did.
async fn audited<D: Dialect + ?Sized>(
    db: &D,
    change: Step,
    audit: &Audit,
) -> Result<bool, StoreError> {
    Ok(db
        .transaction(vec![change, audit_step(audit)])
        .await?
        .is_some())
}

fn limit(n: usize) -> Arg {
    Arg::big(n as u64)
}

#[async_trait::async_trait]
impl<D: Dialect> ModerationStore for D {
    async fn role(&self, account: i64) -> Result<Role, StoreError> {
        Ok(
            match first(self, st::ROLE, vec![Arg::Big(Some(account))]).await? {
                Some(row) => Role::parse(&row.text(0)?),
                None => Role::Player,
            },
        )
    }

    async fn set_role(&self, account: i64, role: Role, audit: &Audit) -> Result<bool, StoreError> {
        let change = Step::must_change(
            st::SET_ROLE,
            vec![Arg::Big(Some(account)), Arg::text(role.name())],
        );
        audited(self, change, audit).await
    }

    async fn list_accounts(
        &self,
        search: &str,
        n: usize,
    ) -> Result<Vec<AccountSummary>, StoreError> {
        // the text as it is: LIKE's wildcards and its escape character escaped (a name may
        // hold `_`; `%` finds a `%`, never everything)
        let key: String = search
            .to_lowercase()
            .chars()
            .flat_map(|c| match c {
                '%' | '_' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        let rows = self
            .rows(st::LIST_ACCOUNTS, vec![Arg::text(&key), limit(n)])
            .await?;
        rows.iter()
            .map(|r| {
                Ok(AccountSummary {
                    id: r.big(0)?,
                    name: r.text(1)?,
                    role: Role::parse(&r.text(2)?),
                    created: r.time(3)?,
                    games: r.time(4)?,
                    reported: r.time(5)?,
                })
            })
            .collect()
    }

    async fn add_sanction(&self, s: &NewSanction, audit: &Audit) -> Result<(), StoreError> {
        let (target, subject) = s.target.stored();
        let put = Step::new(
            st::PUT_SANCTION,
            vec![
                Arg::text(s.kind.name()),
                Arg::text(target),
                Arg::text(&subject),
                Arg::text(&s.reason),
                Arg::text(&s.actor),
                Arg::big(s.at),
                Arg::Big(s.until.map(|u| u as i64)),
            ],
        );
        self.transaction(vec![put, audit_step(audit)]).await?;
        Ok(())
    }

    async fn lift_sanction(&self, id: i64, by: &str, audit: &Audit) -> Result<bool, StoreError> {
        let change = Step::must_change(
            st::LIFT_SANCTION,
            vec![Arg::Big(Some(id)), Arg::text(by), Arg::big(audit.at)],
        );
        audited(self, change, audit).await
    }

    async fn sanctions_in_force(&self, now: u64) -> Result<Vec<Sanction>, StoreError> {
        let rows = self
            .rows(st::SANCTIONS_IN_FORCE, vec![Arg::big(now)])
            .await?;
        rows.iter().map(sanction).collect()
    }

    async fn sanctions(&self, n: usize) -> Result<Vec<Sanction>, StoreError> {
        let rows = self.rows(st::SANCTIONS, vec![limit(n)]).await?;
        rows.iter().map(sanction).collect()
    }

    async fn add_report(&self, r: &NewReport) -> Result<Option<i64>, StoreError> {
        let args = vec![
            Arg::Big(Some(r.reporter)),
            Arg::Big(Some(r.subject)),
            Arg::Text(r.game.clone()),
            Arg::Big(r.message),
            Arg::text(r.reason.name()),
            Arg::text(&r.detail),
            Arg::big(r.at),
        ];
        first(self, st::PUT_REPORT, args)
            .await?
            .map(|row| row.big(0))
            .transpose()
    }

    async fn reports(&self, open_only: bool, n: usize) -> Result<Vec<Report>, StoreError> {
        let rows = self
            .rows(st::REPORTS, vec![Arg::Flag(open_only), limit(n)])
            .await?;
        rows.iter().map(report).collect()
    }

    async fn close_report(
        &self,
        id: i64,
        outcome: &str,
        audit: &Audit,
    ) -> Result<bool, StoreError> {
        let change = Step::must_change(
            st::CLOSE_REPORT,
            vec![
                Arg::Big(Some(id)),
                Arg::text(&audit.actor),
                Arg::big(audit.at),
                Arg::text(outcome),
            ],
        );
        audited(self, change, audit).await
    }

    async fn put_audit(&self, audit: &Audit) -> Result<(), StoreError> {
        let step = audit_step(audit);
        self.exec(&step.sql, step.args).await?;
        Ok(())
    }

    async fn audit_log(&self, n: usize) -> Result<Vec<AuditEntry>, StoreError> {
        let rows = self.rows(st::AUDIT_LOG, vec![limit(n)]).await?;
        rows.iter()
            .map(|r| {
                Ok(AuditEntry {
                    id: r.big(0)?,
                    at: r.time(1)?,
                    actor: r.text(2)?,
                    action: r.text(3)?,
                    subject: r.text(4)?,
                    detail: r.text(5)?,
                })
            })
            .collect()
    }

    async fn put_reset(
        &self,
        token_hash: &str,
        account: i64,
        expires: u64,
        audit: &Audit,
    ) -> Result<(), StoreError> {
        let put = Step::new(
            st::PUT_RESET,
            vec![
                Arg::text(token_hash),
                Arg::Big(Some(account)),
                Arg::big(audit.at),
                Arg::big(expires),
            ],
        );
        self.transaction(vec![put, audit_step(audit)]).await?;
        Ok(())
    }

    async fn reset_account(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<(i64, String)>, StoreError> {
        let args = vec![Arg::text(token_hash), Arg::big(now)];
        first(self, st::RESET_ACCOUNT, args)
            .await?
            .map(|r| Ok((r.big(0)?, r.text(1)?)))
            .transpose()
    }

    async fn use_reset(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: u64,
    ) -> Result<Option<i64>, StoreError> {
        let token = || Arg::text(token_hash);
        let steps = vec![
            Step::must_change(st::SPEND_RESET, vec![token(), Arg::big(now)]),
            Step::must_change(st::RESET_PASSWORD, vec![token(), Arg::text(password_hash)]),
            Step::new(st::RESET_SESSIONS, vec![token()]),
            Step::new(st::AUDIT_RESET, vec![token(), Arg::big(now)]),
        ];
        if self.transaction(steps).await?.is_none() {
            return Ok(None);
        }
        first(self, st::RESET_OWNER, vec![token()])
            .await?
            .map(|r| r.big(0))
            .transpose()
    }

    async fn put_message(&self, m: &NewMessage) -> Result<i64, StoreError> {
        let args = vec![
            Arg::text(&m.room),
            Arg::id(m.account),
            Arg::text(&m.name),
            Arg::text(&m.body),
            Arg::big(m.at),
        ];
        match first(self, st::PUT_MESSAGE, args).await? {
            Some(row) => row.big(0),
            None => Err(StoreError::Refused(
                "a message stored without its number".into(),
            )),
        }
    }

    async fn messages(&self, room: &str, n: usize) -> Result<Vec<ChatMessage>, StoreError> {
        let rows = self
            .rows(st::MESSAGES, vec![Arg::text(room), limit(n)])
            .await?;
        let mut list = rows.iter().map(message).collect::<Result<Vec<_>, _>>()?;
        list.reverse();
        Ok(list)
    }

    async fn message(&self, id: i64) -> Result<Option<ChatMessage>, StoreError> {
        first(self, st::MESSAGE, vec![Arg::Big(Some(id))])
            .await?
            .map(|r| message(&r))
            .transpose()
    }

    async fn delete_message(&self, id: i64, audit: &Audit) -> Result<bool, StoreError> {
        let change = Step::must_change(
            st::DELETE_MESSAGE,
            vec![
                Arg::Big(Some(id)),
                Arg::text(&audit.actor),
                Arg::big(audit.at),
            ],
        );
        audited(self, change, audit).await
    }
}
