//! What a reader cannot see: the characters every written text loses before anyone else reads
//! it. A direction override (U+202E) turns a line around on screen, a zero-width space
//! (U+200B) splits a word so no filter reads it, a Hangul filler (U+3164) makes a blank name:
//! none of them is ever needed in a chat line, a name or a tournament's title.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `c` is invisible or changes how the text around it is laid out: every format
/// character (Unicode's category Cf: the bidirectional controls, the zero-width spaces and
/// joiners, the word joiner, the byte-order mark, the invisible operators, the tags), the
/// fillers that render as nothing, the combining grapheme joiner, and control characters.
pub fn is_invisible(c: char) -> bool {
    if c.is_control() {
        return true;
    }
    if matches!(
        c,
        '\u{034F}' // combining grapheme joiner
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{180B}'
            ..='\u{180F}' // Mongolian selectors and vowel separator
        | '\u{2800}' // the blank Braille pattern
        | '\u{FFFC}' | '\u{FFFD}' // object and replacement characters
    ) {
        return true;
    }
    c.general_category() == GeneralCategory::Format
}

/// `text` as others read it: compatibility-normalised (NFKC: fullwidth `ｆｕｌｌ` is `full`,
/// `ﬁ` is `fi`), every invisible character taken out (after the normalisation too, which can
/// make one), each run of white space one space, trimmed. Empty when nothing visible is left.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.nfkc() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if is_invisible(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_cannot_be_seen_is_taken_out() {
        assert_eq!(visible("  gg \t wp\n"), "gg wp");
        assert_eq!(visible("f\u{200b}uck"), "fuck");
        assert_eq!(visible("\u{202e}olleh"), "olleh");
        assert_eq!(visible("a\u{2066}b\u{2069}c\u{200e}d\u{061c}e"), "abcde");
        assert_eq!(visible("ｆｕｌｌ"), "full");
        assert_eq!(visible("\u{200b}\u{200b}"), "");
        assert_eq!(visible("\u{3164}\u{115f}\u{2800}"), "");
        assert_eq!(visible("x\u{feff}y\u{2060}z\u{e0041}"), "xyz");
        // what is meant stays: letters of every script, emoji, accents
        assert_eq!(visible("Jörg ♞ Ирина 🙂"), "Jörg ♞ Ирина 🙂");
        assert_eq!(visible("e\u{301}"), "é");
    }
}
