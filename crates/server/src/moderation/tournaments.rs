//! The moderators' actions on tournaments (issue #54), shared by the moderation page and
//! `tabula site admin`: rename one (the new name passes the text policy), cancel one (and take it
//! out of the lists), and call off every event of an account (a spammer's). Each writes its
//! line of the audit log with its change. A banned account's upcoming events are called off
//! with the ban ([`super::actions::sanction_account`]).

use super::actions::{Actor, reason};
use crate::error::{ApiError, Clash, Fault, Missing};
use crate::store::Store;
use crate::store::players::Account;
use crate::tournaments::spec::{MAX_NAME, TournamentSpec};

/// A tournament's record and spec, or a 404 naming it.
async fn stored(
    store: &dyn Store,
    id: &str,
) -> Result<(crate::store::tournaments::TournamentRecord, TournamentSpec), ApiError> {
    let record = store
        .tournament(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Tournament, format!("no tournament `{id}`")))?;
    let spec = serde_json::from_str(&record.spec).map_err(|e| {
        ApiError::Internal(Fault::Stored, format!("tournament {id}'s stored spec: {e}"))
    })?;
    Ok((record, spec))
}

/// Renames tournament `id` to `name` (which passes the text policy as any name does): the
/// name it had.
pub async fn rename(
    store: &dyn Store,
    actor: &Actor,
    id: &str,
    name: &str,
    why: &str,
) -> Result<String, ApiError> {
    let why = reason(why, "reason")?;
    let name = crate::text::written(name, "name", MAX_NAME, crate::text::Flagged::Refused)?;
    let (_, mut spec) = stored(store, id).await?;
    let old = spec.shown_name();
    spec.name = Some(name.clone());
    let json = serde_json::to_string(&spec)
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("a tournament's spec: {e}")))?;
    let audit = actor.audit(
        "rename_tournament",
        format!("tournament:{id}"),
        format!("from \u{201c}{old}\u{201d} to \u{201c}{name}\u{201d}: {why}"),
    );
    if !store.respec_tournament(id, &json, &audit).await? {
        return Err(ApiError::NotFound(
            Missing::Tournament,
            format!("no tournament `{id}`"),
        ));
    }
    Ok(old)
}

/// Cancels tournament `id` (one not finished; 409 otherwise) and, with `hide`, takes it out of
/// the lists. Games being played go on to their end; nothing more is paired.
pub async fn cancel(
    store: &dyn Store,
    actor: &Actor,
    id: &str,
    hide: bool,
    why: &str,
) -> Result<(), ApiError> {
    let why = reason(why, "reason")?;
    let (record, spec) = stored(store, id).await?;
    let audit = actor.audit(
        if hide {
            "cancel_hide_tournament"
        } else {
            "cancel_tournament"
        },
        format!("tournament:{id}"),
        format!("\u{201c}{}\u{201d}: {why}", spec.shown_name()),
    );
    if store.cancel_tournament(id, hide, &audit).await? {
        Ok(())
    } else {
        Err(ApiError::Conflict(
            Clash::Done,
            format!(
                "tournament {id} is {} already: there is nothing to cancel",
                record.status.name()
            ),
        ))
    }
}

/// Calls off every tournament `account` made that is not over and takes all of them out of the
/// lists: how many changed.
pub async fn hide_all_of(
    store: &dyn Store,
    actor: &Actor,
    account: &Account,
    why: &str,
) -> Result<u64, ApiError> {
    let why = reason(why, "reason")?;
    let audit = actor.audit("hide_tournaments", format!("account:{}", account.name), why);
    Ok(store
        .cancel_tournaments_of(account.id, true, &audit)
        .await?)
}
