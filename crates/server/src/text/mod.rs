//! One text policy for every text a player writes that others read (issue #54): chat lines,
//! nicknames and account names, tournament names, the words of a report. Each passes
//! [`written`]: what cannot be seen is taken out and the rest compatibility-normalised
//! ([`visible`]), a text of nothing visible is refused, and the words the filter flags
//! ([`mask`]: insults and obscenities of English, Russian and German, read through look-alike
//! letters, separators and spacing) are masked where a line is shown as written (chat, a
//! report's words) and refused where a name would carry them.

mod invisible;
mod words;

pub use invisible::{is_invisible, visible};
pub use words::{is_clean, mask, name_allowed};

use crate::error::{ApiError, Invalid};

/// What a flagged word does to a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flagged {
    /// Shown masked (`****`): a chat line, a report's words.
    Masked,
    /// Refused: a name, which others see everywhere.
    Refused,
}

/// `text` as it is kept and shown, for the field `field` (named in every refusal): visible
/// characters only, one line, at most `max` characters, its flagged words masked or the whole
/// refused. A text with nothing visible (blank, or only invisible characters) is refused.
pub fn written(text: &str, field: &str, max: usize, flagged: Flagged) -> Result<String, ApiError> {
    let shown = visible(text);
    if shown.is_empty() {
        return Err(ApiError::BadInput(
            Invalid::Text,
            if text.trim().is_empty() {
                format!("{field}: it is empty")
            } else {
                format!("{field}: nothing in it can be seen (only invisible characters)")
            },
        ));
    }
    let n = shown.chars().count();
    if n > max {
        return Err(ApiError::BadInput(
            Invalid::Text,
            format!("{field}: at most {max} characters, not {n}"),
        ));
    }
    match flagged {
        Flagged::Masked => Ok(mask(&shown)),
        Flagged::Refused if !name_allowed(&shown) => Err(ApiError::BadInput(
            Invalid::Text,
            format!("{field}: it holds words that are not allowed here"),
        )),
        Flagged::Refused => Ok(shown),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_written_text_is_made_visible_and_checked() {
        assert_eq!(
            written("  gg\u{200b} wp ", "text", 300, Flagged::Masked).unwrap(),
            "gg wp"
        );
        assert_eq!(
            written("you \u{202e}idiot", "text", 300, Flagged::Masked).unwrap(),
            "you *****"
        );
        let e = |t: &str, f: Flagged| written(t, "name", 10, f).unwrap_err().to_string();
        assert!(e("\u{200b}\u{202e}", Flagged::Masked).contains("name: nothing in it can be seen"));
        assert!(e("   ", Flagged::Masked).contains("name: it is empty"));
        assert!(e("eleven char", Flagged::Masked).contains("at most 10 characters, not 11"));
        assert!(e("fu\u{441}k it", Flagged::Refused).contains("not allowed"));
        assert!(e("ｆｕｃｋ", Flagged::Refused).contains("not allowed"));
        assert_eq!(
            written("Spring Cup", "name", 20, Flagged::Refused).unwrap(),
            "Spring Cup"
        );
    }
}
