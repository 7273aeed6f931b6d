//! Children's accounts are safe by default: an account a teacher made (a class account) is
//! reached only from within its classes, and plays rated games only where a teacher allows.
//!
//! "Reached" is every way one account addresses another by name: a challenge, a follow, a
//! profile or game list looked at, a chat message in a game's room. A class account writes
//! only in rooms whose readers are its classmates (its games' players' rooms with classmates,
//! its classes' rooms), and reads in any room only its classmates' messages and its own.
//! Playing is not reaching: a class account may still be paired in the lobby or play the
//! computer; the game's chat stays closed to a stranger.

use crate::error::{ApiError, Denied};
use crate::store::Store;
use std::collections::HashSet;

/// Whether a teacher made the account.
pub async fn is_class_account(store: &dyn Store, account: i64) -> Result<bool, ApiError> {
    Ok(store.made_in(account).await?.is_some())
}

/// Refuses `from` (a signed-in account, or a guest: `None`) reaching `to` when `to` is a class
/// account outside `from`'s classes; `what` words the act for the error ("challenge").
pub async fn reach(
    store: &dyn Store,
    from: Option<i64>,
    to: i64,
    what: &str,
) -> Result<(), ApiError> {
    if from == Some(to) || !is_class_account(store, to).await? {
        return Ok(());
    }
    let shared = match from {
        Some(f) => store.share_class(f, to).await?,
        None => false,
    };
    if shared {
        Ok(())
    } else {
        Err(ApiError::Forbidden(
            Denied::ClassAccount,
            format!(
                "this player's account belongs to a class: only its classmates and teachers {what} it"
            ),
        ))
    }
}

/// Whom a class account may read and write to: its classmates (`None` for an account no
/// teacher made: everyone).
pub async fn circle(store: &dyn Store, account: i64) -> Result<Option<HashSet<i64>>, ApiError> {
    if !is_class_account(store, account).await? {
        return Ok(None);
    }
    let mut mates: HashSet<i64> = store.classmates(account).await?.into_iter().collect();
    mates.insert(account);
    Ok(Some(mates))
}

/// Refuses a rated game to a class account whose classes do not allow rated games.
pub async fn may_play_rated(store: &dyn Store, account: i64) -> Result<(), ApiError> {
    if is_class_account(store, account).await? && !store.rated_allowed(account).await? {
        return Err(ApiError::Forbidden(
            Denied::ClassUnrated,
            "a class account plays rated games only when its teacher allows them".into(),
        ));
    }
    Ok(())
}
