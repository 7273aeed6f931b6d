//! The chat's word filter: words of English, Russian and German that a message shows masked
//! (`****`), from short lists kept in `words/` (insults and obscenities; a line ending in `*`
//! masks every word that begins with it; a line of several words masks them in a row). Every
//! list applies to every message: a writer's language is not known, and an insult in another
//! language is one still. Letters dressed as digits or signs (`sh1t`, `@ss`) are read as the
//! letters they stand for.

use std::sync::OnceLock;

const LISTS: [&str; 3] = [
    include_str!("words/en.txt"),
    include_str!("words/ru.txt"),
    include_str!("words/de.txt"),
];

/// One entry: its words, the last one matching as a prefix when `open`.
struct Entry {
    words: Vec<String>,
    open: bool,
}

fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        LISTS
            .iter()
            .flat_map(|list| list.lines())
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                let open = l.ends_with('*');
                let words = l
                    .trim_end_matches('*')
                    .split_whitespace()
                    .map(|w| normal(w.chars()))
                    .collect();
                Entry { words, open }
            })
            .collect()
    })
}

/// Whether `c` belongs to a word (letters, digits, and the signs that stand for letters).
fn in_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '@' | '$')
}

/// A word as the lists are matched against: lower case, `ё` as `е`, digits and signs as the
/// letters they stand for.
fn normal(word: impl Iterator<Item = char>) -> String {
    word.flat_map(char::to_lowercase)
        .map(|c| match c {
            '0' => 'o',
            '1' => 'i',
            '3' => 'e',
            '4' | '@' => 'a',
            '5' | '$' => 's',
            '7' => 't',
            'ё' => 'е',
            c => c,
        })
        .collect()
}

/// `text` with every listed word masked, each of its letters a `*`.
pub fn mask(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    // the words: their spans in `chars` and their normal forms
    let mut spans: Vec<(usize, usize, String)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if in_word(chars[i]) {
            let start = i;
            while i < chars.len() && in_word(chars[i]) {
                i += 1;
            }
            spans.push((start, i, normal(chars[start..i].iter().copied())));
        } else {
            i += 1;
        }
    }
    let mut hidden = vec![false; chars.len()];
    for (k, _) in spans.iter().enumerate() {
        for e in entries() {
            let n = e.words.len();
            if k + n > spans.len() {
                continue;
            }
            let fits = e.words.iter().enumerate().all(|(j, w)| {
                let word = &spans[k + j].2;
                if e.open && j == n - 1 {
                    word.starts_with(w.as_str())
                } else {
                    word == w
                }
            });
            if fits {
                for (start, end, _) in &spans[k..k + n] {
                    hidden[*start..*end].iter_mut().for_each(|h| *h = true);
                }
            }
        }
    }
    chars
        .iter()
        .zip(hidden)
        .map(|(&c, h)| if h { '*' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::mask;

    #[test]
    fn listed_words_are_masked_in_each_language_and_others_left() {
        assert_eq!(mask("good game, well played"), "good game, well played");
        assert_eq!(mask("what the FUCK was that"), "what the **** was that");
        assert_eq!(mask("fucking lag"), "******* lag");
        assert_eq!(mask("you sh1t"), "you ****");
        assert_eq!(mask("ты сука!"), "ты ****!");
        assert_eq!(mask("Ёбаный стыд"), "****** стыд");
        assert_eq!(mask("du Arschloch."), "du *********.");
        assert_eq!(mask("just kill yourself now"), "just **** ******** now");
        // a listed word inside another is no match unless the entry is a prefix
        assert_eq!(
            mask("the cockpit and the scunthorpe line"),
            "the cockpit and the scunthorpe line"
        );
        assert_eq!(mask("skill yourself up"), "skill yourself up");
        assert_eq!(mask(""), "");
    }
}
