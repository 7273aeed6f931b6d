//! What the moderators (and the limits) do to tournaments, stored once for both databases
//! (every [`Dialect`] is a [`TournamentModeration`]): the lists without the hidden ones, the
//! upcoming events of an address, and the moderators' changes (rename, cancel, hide an
//! account's events), each in one transaction with its audit line.

use super::StoreError;
use super::moderation::Audit;
use super::sql::{Arg, Dialect, Step, first};
use super::statements as st;
use super::tournaments::{TournamentRecord, TournamentStatus, tournament_row};

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

/// Tournaments as the moderators and the limits see them.
#[async_trait::async_trait]
pub trait TournamentModeration: Send + Sync {
    /// The tournaments of `status` that are listed (not hidden), as
    /// [`super::TournamentStore::tournaments`] orders them.
    async fn listed_tournaments(
        &self,
        status: TournamentStatus,
        n: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError>;
    /// How many tournaments made from `client` have not started yet.
    async fn waiting_made_from(&self, client: &str) -> Result<u64, StoreError>;
    /// Gives tournament `id` the spec `spec` (its new name in it); whether it exists.
    async fn respec_tournament(
        &self,
        id: &str,
        spec: &str,
        audit: &Audit,
    ) -> Result<bool, StoreError>;
    /// Cancels tournament `id` if it has not finished (and, with `hide`, takes it out of the
    /// lists); whether it did.
    async fn cancel_tournament(
        &self,
        id: &str,
        hide: bool,
        audit: &Audit,
    ) -> Result<bool, StoreError>;
    /// Cancels the tournaments `creator` made that have not started (and, with `hide`, those
    /// being played too, and takes every one of them out of the lists): how many changed.
    async fn cancel_tournaments_of(
        &self,
        creator: i64,
        hide: bool,
        audit: &Audit,
    ) -> Result<u64, StoreError>;
}

#[async_trait::async_trait]
impl<D: Dialect> TournamentModeration for D {
    async fn listed_tournaments(
        &self,
        status: TournamentStatus,
        n: usize,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let order = match status {
            TournamentStatus::Finished => "finished DESC, id",
            _ => "starts, id",
        };
        let rows = self
            .rows(
                &format!(
                    "SELECT {} FROM tournaments WHERE status = ?1 AND hidden = ?3 \
                     ORDER BY {order} LIMIT ?2",
                    super::tournaments::TOURNAMENT_COLUMNS
                ),
                vec![
                    Arg::text(status.name()),
                    Arg::big(n as u64),
                    Arg::Flag(false),
                ],
            )
            .await?;
        rows.iter().map(tournament_row).collect()
    }

    async fn waiting_made_from(&self, client: &str) -> Result<u64, StoreError> {
        let row = first(
            self,
            "SELECT COUNT(*) FROM tournaments WHERE client = ?1 AND status = 'created'",
            vec![Arg::text(client)],
        )
        .await?;
        Ok(match row {
            Some(r) => r.time(0)?,
            None => 0,
        })
    }

    async fn respec_tournament(
        &self,
        id: &str,
        spec: &str,
        audit: &Audit,
    ) -> Result<bool, StoreError> {
        let change = Step::must_change(
            "UPDATE tournaments SET spec = ?2 WHERE id = ?1",
            vec![Arg::text(id), Arg::text(spec)],
        );
        Ok(self
            .transaction(vec![change, audit_step(audit)])
            .await?
            .is_some())
    }

    async fn cancel_tournament(
        &self,
        id: &str,
        hide: bool,
        audit: &Audit,
    ) -> Result<bool, StoreError> {
        let change = Step::must_change(
            "UPDATE tournaments SET status = 'cancelled', finished = ?2, \
             hidden = (hidden OR ?3) WHERE id = ?1 AND status IN ('created', 'started')",
            vec![Arg::text(id), Arg::big(audit.at), Arg::Flag(hide)],
        );
        Ok(self
            .transaction(vec![change, audit_step(audit)])
            .await?
            .is_some())
    }

    async fn cancel_tournaments_of(
        &self,
        creator: i64,
        hide: bool,
        audit: &Audit,
    ) -> Result<u64, StoreError> {
        // a ban calls off what has not begun; hiding a spammer's events ends them all
        let statuses = if hide {
            "('created', 'started')"
        } else {
            "('created')"
        };
        let steps = vec![
            Step::new(
                &format!(
                    "UPDATE tournaments SET status = 'cancelled', finished = ?2 \
                     WHERE creator = ?1 AND status IN {statuses}"
                ),
                vec![Arg::id(Some(creator)), Arg::big(audit.at)],
            ),
            Step::new(
                "UPDATE tournaments SET hidden = ?2 WHERE creator = ?1 AND ?2 AND hidden <> ?2",
                vec![Arg::id(Some(creator)), Arg::Flag(hide)],
            ),
            audit_step(audit),
        ];
        let counts = self.transaction(steps).await?.unwrap_or_default();
        Ok(counts.iter().take(2).sum())
    }
}
