//! The word filter every written text passes: insults and obscenities of English, Russian and
//! German shown masked (`****`), read through the tricks that hide them.
//!
//! Two readers look at each word. rustrict, a maintained English filter, rates it (profane,
//! offensive, sexual at a moderate level or worse, or mean at all: "idiot" is an insult), and
//! reads through repeats, accents, look-alike letters and self-censoring itself. Our short
//! lists (`words/`, every list for every text: a writer's language is not known, and an insult
//! in another language is one still) are matched against two readings of the word: as Latin
//! letters (decancer turns the look-alikes of every script into the letters they pass for:
//! Cyrillic `с` in `fuсk` is `c`) and as Cyrillic ones (Latin look-alikes in a Russian word read
//! as Cyrillic), digits and signs read as the letters they stand for (`sh1t`, `@ss`).
//!
//! Spacing tricks are undone before either looks: a run of single letters with signs or
//! spaces between (`f.u.c.k`, `f u c k`) is one word. Invisible characters are gone already
//! ([`super::visible`]). Only the flagged words are masked: what else was written (accents,
//! other scripts) is shown as it was.

use rustrict::{Censor, Type};
use std::sync::OnceLock;

const LISTS: [&str; 3] = [
    include_str!("words/en.txt"),
    include_str!("words/ru.txt"),
    include_str!("words/de.txt"),
];

/// One entry of the lists: its words, the last one matching as a prefix when `open`.
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
            .map(|l| Entry {
                words: l
                    .trim_end_matches('*')
                    .split_whitespace()
                    .map(|w| w.to_lowercase().replace('ё', "е"))
                    .collect(),
                open: l.ends_with('*'),
            })
            .collect()
    })
}

/// What rustrict's rating must reach for a word of a line to be masked.
fn flagged(t: Type) -> bool {
    let strong = (Type::PROFANE | Type::OFFENSIVE | Type::SEXUAL) & Type::MODERATE_OR_HIGHER;
    t.is(strong) || t.is(Type::MEAN & Type::MILD_OR_HIGHER)
}

/// What rustrict's rating must reach for a name to be refused: a name is one word, often a
/// surname or made up, where rustrict's reading through repeats and spacing finds more that
/// is not there ("annalt", "Hancock" read as moderately profane); so only what is offensive or
/// mean for certain, or severe (the lists refuse the plain obscenities in any case).
fn flagged_name(t: Type) -> bool {
    t.is((Type::OFFENSIVE | Type::MEAN) & Type::MODERATE_OR_HIGHER)
        || t.is((Type::PROFANE | Type::SEXUAL) & Type::SEVERE)
}

/// Whether `c` belongs to a word (letters, digits, and the signs that stand for letters).
fn in_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '@' | '$')
}

/// A word of the text: its span in the text's characters, its letters (a spelled-out run's
/// joined), and its two readings for the lists.
struct Word {
    start: usize,
    end: usize,
    letters: String,
    latin: String,
    cyrillic: String,
}

/// Digits and signs as the letters they stand for.
fn leet(c: char) -> char {
    match c {
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' | '@' => 'a',
        '5' | '$' => 's',
        '7' => 't',
        c => c,
    }
}

/// Latin letters that pass for Cyrillic ones, as those.
fn as_cyrillic(c: char) -> char {
    match c {
        'a' => 'а',
        'b' | '6' => 'б',
        'c' => 'с',
        'e' | '3' => 'е',
        'h' => 'н',
        'k' => 'к',
        'm' => 'м',
        'o' | '0' => 'о',
        'p' => 'р',
        't' => 'т',
        'x' => 'х',
        'y' | 'u' => 'у',
        'ё' => 'е',
        c => c,
    }
}

impl Word {
    fn new(start: usize, end: usize, letters: String) -> Word {
        let lower = letters.to_lowercase();
        let cured = decancer::cure(&lower, decancer::Options::default())
            .map(|c| c.to_string())
            .unwrap_or_else(|_| lower.clone());
        Word {
            start,
            end,
            latin: cured.chars().map(leet).collect(),
            cyrillic: lower.chars().map(as_cyrillic).collect(),
            letters,
        }
    }

    /// Whether the list's word `w` (a prefix when `open`) reads here.
    fn reads_as(&self, w: &str, open: bool) -> bool {
        let cyrillic = w.chars().any(|c| ('а'..='я').contains(&c));
        let reading = if cyrillic {
            &self.cyrillic
        } else {
            &self.latin
        };
        if open {
            reading.starts_with(w)
        } else {
            reading == w
        }
    }
}

/// The words of `chars`, a spelled-out run of single letters (`f.u.c.k`, `f u c k`: signs and
/// at most two spaces between them) made one.
fn words(chars: &[char]) -> Vec<Word> {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if in_word(chars[i]) {
            let start = i;
            while i < chars.len() && in_word(chars[i]) {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    let mut out = Vec::new();
    let mut k = 0;
    while k < spans.len() {
        let (start, mut end) = spans[k];
        let mut letters: String = chars[start..end].iter().collect();
        let mut j = k + 1;
        if end - start == 1 {
            // join the single letters that follow, close by
            while j < spans.len() && spans[j].1 - spans[j].0 == 1 && spans[j].0 - end <= 3 {
                letters.push(chars[spans[j].0]);
                end = spans[j].1;
                j += 1;
            }
            if j - k < 3 {
                // two single letters ("a b") are no spelled-out word
                j = k + 1;
                end = spans[k].1;
                letters = chars[start..end].iter().collect();
            }
        }
        out.push(Word::new(start, end, letters));
        k = j;
    }
    out
}

/// Whether a word names a school grade or group, `3B`, `10a`: a number and a letter, read
/// as written, not with its digits as letters (`3B` is no `eb`, nor its Cyrillic look-alike).
fn is_grade(letters: &str) -> bool {
    let digits = letters.chars().take_while(char::is_ascii_digit).count();
    let rest = letters.chars().count() - digits;
    (1..=2).contains(&digits) && rest <= 1
}

/// Which of `words` the lists flag: each word's span marked in `hidden`.
fn by_lists(words: &[Word], hidden: &mut [bool]) {
    for k in 0..words.len() {
        if is_grade(&words[k].letters) {
            continue;
        }
        for e in entries() {
            let n = e.words.len();
            if k + n > words.len() {
                continue;
            }
            let fits = e
                .words
                .iter()
                .enumerate()
                .all(|(j, w)| words[k + j].reads_as(w, e.open && j == n - 1));
            if fits {
                for w in &words[k..k + n] {
                    hidden[w.start..w.end].iter_mut().for_each(|h| *h = true);
                }
            }
        }
    }
}

/// Which of `words` rustrict flags, alone or (a phrase: "kill yourself") with the next.
fn by_rustrict(words: &[Word], hidden: &mut [bool]) {
    let rate = |s: &str| flagged(Censor::from_str(s).analyze());
    let alone: Vec<bool> = words.iter().map(|w| rate(&w.letters)).collect();
    let mut hide = |w: &Word| hidden[w.start..w.end].iter_mut().for_each(|h| *h = true);
    for (k, w) in words.iter().enumerate() {
        if alone[k] {
            hide(w);
        } else if let Some(next) = words.get(k + 1)
            && !alone[k + 1]
            && rate(&format!("{} {}", w.letters, next.letters))
        {
            hide(w);
            hide(next);
        }
    }
}

/// `text` with every flagged word masked, each of its letters a `*` (the signs between a
/// spelled-out word's letters too).
pub fn mask(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let ws = words(&chars);
    let mut hidden = vec![false; chars.len()];
    by_lists(&ws, &mut hidden);
    // most texts are clean: rustrict looks at the whole first, and at each word only then
    if flagged(Censor::from_str(text).analyze()) {
        by_rustrict(&ws, &mut hidden);
    }
    chars
        .iter()
        .zip(hidden)
        .map(|(&c, h)| if h && !c.is_whitespace() { '*' } else { c })
        .collect()
}

/// Whether `text` has any word the filter masks.
pub fn is_clean(text: &str) -> bool {
    mask(text) == text
}

/// Whether `name` may be a name: no word of the lists in it, read through its tricks, and
/// nothing rustrict is sure of ([`flagged_name`]).
pub fn name_allowed(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    let ws = words(&chars);
    let mut hidden = vec![false; chars.len()];
    by_lists(&ws, &mut hidden);
    !hidden.iter().any(|h| *h) && !flagged_name(Censor::from_str(name).analyze())
}

#[cfg(test)]
mod tests {
    use super::mask;

    #[test]
    fn listed_and_rated_words_are_masked_and_others_left() {
        assert_eq!(mask("good game, well played"), "good game, well played");
        assert_eq!(mask("what the FUCK was that"), "what the **** was that");
        assert_eq!(mask("fucking lag"), "******* lag");
        assert_eq!(mask("you sh1t"), "you ****");
        assert_eq!(mask("ты сука!"), "ты ****!");
        assert_eq!(mask("Ёбаный стыд"), "****** стыд");
        assert_eq!(mask("du Arschloch."), "du *********.");
        assert_eq!(mask("just kill yourself now"), "just **** ******** now");
        assert_eq!(mask(""), "");
    }

    #[test]
    fn insults_are_masked_in_each_language() {
        assert_eq!(mask("you are an idiot"), "you are an *****");
        assert_eq!(mask("what a moron"), "what a *****");
        assert_eq!(mask("ты дурак"), "ты *****");
        assert_eq!(mask("du Trottel"), "du *******");
    }

    #[test]
    fn the_tricks_that_hide_a_word_do_not() {
        // a Cyrillic letter in a Latin word, fullwidth letters (as NFKC leaves them: the
        // policy normalises first), signs and spaces between the letters
        assert_eq!(mask("fu\u{441}k"), "****");
        assert_eq!(mask("f.u.c.k off"), "******* off");
        assert_eq!(mask("f u c k"), "* * * *");
        assert_eq!(mask("fuuuuck"), "*******");
        // Latin look-alikes in a Russian word
        assert_eq!(mask("cука"), "****");
    }

    #[test]
    fn innocent_words_that_hold_a_listed_one_are_left() {
        assert_eq!(
            mask("the cockpit and the scunthorpe line"),
            "the cockpit and the scunthorpe line"
        );
        assert_eq!(mask("skill yourself up"), "skill yourself up");
        assert_eq!(mask("an assassin's bishop"), "an assassin's bishop");
        assert_eq!(mask("Das Brett ist hell, Jörg"), "Das Brett ist hell, Jörg");
        assert_eq!(mask("plan a b c"), "plan a b c");
        assert_eq!(mask("e2 e4, Nf3"), "e2 e4, Nf3");
        assert_eq!(mask("Ирина играет"), "Ирина играет");
    }

    #[test]
    fn names_are_refused_only_for_what_is_sure() {
        use super::name_allowed;
        for fine in [
            "annalt",
            "Hancock",
            "Dickens",
            "Cassandra",
            "Jörg",
            "Ирина",
            "analyst",
            // a class's name, read by children and teachers
            "Class 3B",
            "Chess club",
            "Classic Tuesday",
            "Grade 4 class",
        ] {
            assert!(name_allowed(fine), "{fine}");
        }
        for bad in [
            "fuck you",
            "fu\u{441}kface",
            "Idiot Supreme",
            "сука",
            "Arschloch",
            "retard",
        ] {
            assert!(!name_allowed(bad), "{bad}");
        }
    }
}
