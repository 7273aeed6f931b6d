//! The names players show: what a nickname may hold, and that a guest cannot pass for a
//! registered player.
//!
//! A nickname passes the text policy ([`crate::text`]: compatibility form, so `ｆｕｌｌ` and `ﬁ`
//! read as the letters they look like, invisible characters out; a name with a word the
//! filter flags is refused) and keeps the characters Unicode's security profile allows in
//! identifiers (UTS #39, the `unicode-security` crate's table: letters and digits of every
//! living script, without invisible or look-alike formatting), plus spaces, punctuation and
//! symbols (an emoji, a dash); so no direction override (U+202E), zero-width character or
//! other invisible mark survives. Registered names are 3-20 of `a-z`, digits, `_` and `-`; a
//! guest's nickname that reads as one of them (case aside, or letters of another script that
//! look the same, as Cyrillic `а` does Latin `a`: the UTS #39 skeleton) is refused, so a
//! guest can never pass for a registered player, and every view marks the registered ones.

use crate::error::{ApiError, Clash, Invalid};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_security::GeneralSecurityProfile;

/// The longest nickname, in characters.
pub const MAX_NAME: usize = 24;

/// Whether `c` may stand in a nickname.
fn shown(c: char) -> bool {
    if c == ' ' || c.identifier_allowed() {
        return true;
    }
    matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Punctuation | GeneralCategoryGroup::Symbol
    )
}

/// A nickname as shown: compatibility-normalised, only the characters [`shown`] allows, runs
/// of spaces made one, trimmed, at most [`MAX_NAME`] characters; `Player` when nothing is
/// left.
pub fn clean(name: &str) -> String {
    let mut out = String::new();
    for c in crate::text::visible(name).chars().filter(|&c| shown(c)) {
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        if out.chars().count() == MAX_NAME {
            break;
        }
        out.push(c);
    }
    let trimmed = out.trim_end();
    if trimmed.is_empty() {
        "Player".into()
    } else {
        trimmed.to_string()
    }
}

/// What a name reads as, for comparing it with the registered names: lower-case, letters
/// that look like the Latin ones made Latin (each non-ASCII character by its UTS #39
/// skeleton when that is ASCII). `None` when it cannot be a registered name at all.
pub fn reads_as(name: &str) -> Option<String> {
    let mut key = String::new();
    for c in clean(name).chars() {
        if c.is_ascii() {
            key.push(c.to_ascii_lowercase());
        } else {
            let look: String = unicode_security::skeleton(&c.to_string()).collect();
            if !look.is_ascii() {
                return None;
            }
            key.extend(look.chars().map(|c| c.to_ascii_lowercase()));
        }
    }
    let n = key.chars().count();
    let fits = (3..=20).contains(&n)
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    fits.then_some(key)
}

/// A guest's nickname, cleaned, unless it reads as a registered player's name (409). No
/// nickname at all is the default name, which is nobody's choice and never refused.
pub async fn guest(hub: &crate::context::Context, name: &str) -> Result<String, ApiError> {
    let shown = clean(name);
    if name.trim().is_empty() {
        return Ok(shown);
    }
    if !crate::text::name_allowed(&shown) {
        return Err(ApiError::BadInput(
            Invalid::Text,
            "name: it holds words that are not allowed here: choose another".into(),
        ));
    }
    if let Some(key) = reads_as(&shown)
        && hub.store.account_by_name(&key).await?.is_some()
    {
        return Err(ApiError::Conflict(
            Clash::NameTaken,
            format!("the name {shown} belongs to a registered player: choose another, or sign in"),
        ));
    }
    Ok(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_direction_characters_are_taken_out() {
        assert_eq!(clean("  Ann\u{7}\n "), "Ann");
        assert_eq!(clean(""), "Player");
        assert_eq!(clean("\u{200b}\u{202e}"), "Player");
        assert_eq!(clean("\u{202e}evil\u{200b}bob\u{2066}"), "evilbob");
        assert_eq!(clean("al\u{feff}ice"), "alice");
        assert_eq!(clean("Hangul\u{3164}filler"), "Hangulfiller");
        assert_eq!(clean("ｆｕｌｌ width"), "full width");
        assert_eq!(clean("Anna   Maria"), "Anna Maria");
        assert_eq!(clean("Jörg-Ünal ♞ 2"), "Jörg-Ünal ♞ 2");
        assert_eq!(clean("Ирина"), "Ирина");
        assert_eq!(clean(&"x".repeat(40)).chars().count(), MAX_NAME);
    }

    #[test]
    fn names_that_read_as_a_registered_name() {
        assert_eq!(reads_as("Alice").as_deref(), Some("alice"));
        assert_eq!(
            reads_as("\u{430}lice").as_deref(),
            Some("alice"),
            "Cyrillic а"
        );
        assert_eq!(reads_as("al\u{200b}ice").as_deref(), Some("alice"));
        assert_eq!(reads_as("Ирина"), None, "no account can be called that");
        assert_eq!(reads_as("Anna Maria"), None);
        assert_eq!(reads_as("ab"), None);
    }
}
