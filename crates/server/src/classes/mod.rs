//! Classes (issue #55): a teacher's group of students, with assignments judged by the server
//! from the play itself, and children's accounts that are safe by default.
//!
//! A signed-in account makes a class and is its teacher (it may add co-teachers). Students
//! come two ways: a teacher makes their accounts (a name and a password shown once: children
//! need no e-mail), or an account joins with the class's code. An account a teacher made is a
//! *class account*: only the members of its classes may chat with, challenge or follow it, or
//! see its profile, and it plays rated games only where a teacher allows them
//! ([`guard`]). A class's news and its students' room are chat rooms, filtered and
//! reportable as every chat is.

pub mod guard;
pub mod judge;
pub mod progress;
pub mod tasks;

use crate::error::{ApiError, Denied, Missing};
use crate::store::Store;
use crate::store::classes::{ClassRecord, Role, Standing};

/// The longest class name, in characters.
pub const MAX_NAME: usize = 60;
/// The longest description.
pub const MAX_DESCRIPTION: usize = 500;
/// The longest assignment title.
pub const MAX_TITLE: usize = 100;
/// The most tasks an assignment holds.
pub const MAX_TASKS: usize = 20;
/// The most students a class holds (a teacher with several groups makes several classes).
pub const MAX_STUDENTS: usize = 200;
/// The most classes one account teaches.
pub const MAX_TAUGHT: usize = 50;

/// A class and the asker's place in it.
pub struct InClass {
    /// The class.
    pub class: ClassRecord,
    /// The asker's role (an active member's).
    pub role: Role,
}

/// The class `id`, if `account` is in it now; 404 for a class that does not exist, 403 for
/// one the account is not in.
pub async fn member(store: &dyn Store, id: &str, account: i64) -> Result<InClass, ApiError> {
    let class = store
        .class(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Class, format!("no class `{id}`")))?;
    match store.membership(id, account).await? {
        Some((role, Standing::Active)) => Ok(InClass { class, role }),
        _ => Err(ApiError::Forbidden(
            Denied::ClassMembers,
            format!("you are not in the class `{id}`"),
        )),
    }
}

/// The class `id`, if `account` teaches it (403 for anyone else).
pub async fn taught(store: &dyn Store, id: &str, account: i64) -> Result<ClassRecord, ApiError> {
    let InClass { class, role } = member(store, id, account).await?;
    if role != Role::Teacher {
        return Err(ApiError::Forbidden(
            Denied::TeachersOnly,
            format!("only the teachers of the class `{id}` do this"),
        ));
    }
    Ok(class)
}

/// A class's join code: eight letters and digits a child can read aloud and type (no `0`/`O`,
/// `1`/`I`/`L`).
pub fn new_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    crate::ids::random_from(ALPHABET, 8)
}

/// A class account's first (or reset) password: two groups of five lower-case letters and
/// digits a child can copy from a card (about 50 bits: no `0`/`o`, `1`/`l`/`i`).
pub fn new_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    format!(
        "{}-{}",
        crate::ids::random_from(ALPHABET, 5),
        crate::ids::random_from(ALPHABET, 5)
    )
}
