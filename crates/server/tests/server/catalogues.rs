//! The web app's message catalogues (web/i18n/<language>/*.ftl) are whole and in use: each
//! parses as Fluent without an error, every language has exactly the messages English has,
//! a translation uses no variable the English message is not given, every message is used by
//! the browser code or the printed deck, and every message the code asks for by name exists.
//!
//! The catalogues are parsed by `fluent-syntax`, the reference parser of Project Fluent, so a
//! mistake the browser's @fluent/bundle would skip silently (a broken entry becomes "Junk"
//! there) fails here with its file and text.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement, Resource};
use fluent_syntax::parser;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The languages with a catalogue; the first is the reference.
const LANGUAGES: [&str; 3] = ["en", "ru", "de"];

fn web() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

/// Every variable (`$name`) a pattern refers to, in selectors too.
fn variables(pattern: &Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, into);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, into);
            for v in variants {
                variables(&v.value, into);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, into),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, into),
        _ => {}
    }
}

/// One language's messages: id -> (file, the variables its pattern uses).
fn catalogue(language: &str) -> BTreeMap<String, (String, BTreeSet<String>)> {
    let dir = web().join("i18n").join(language);
    let mut messages = BTreeMap::new();
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no catalogue in {}", dir.display());
    for path in files {
        let name = format!("{language}/{}", path.file_name().unwrap().to_string_lossy());
        let text = fs::read_to_string(&path).unwrap();
        let resource: Resource<&str> = match parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{name}: {errors:?}"),
        };
        for entry in &resource.body {
            match entry {
                Entry::Message(m) => {
                    let pattern = m
                        .value
                        .as_ref()
                        .unwrap_or_else(|| panic!("{name}: {} has no value", m.id.name));
                    let mut vars = BTreeSet::new();
                    variables(pattern, &mut vars);
                    let id = m.id.name.to_string();
                    assert!(
                        messages.insert(id.clone(), (name.clone(), vars)).is_none(),
                        "{name}: {id} is defined twice"
                    );
                }
                Entry::Junk { content } => panic!("{name}: cannot parse {content:?}"),
                _ => {}
            }
        }
    }
    messages
}

/// The code that shows messages: every browser script and the page, and the printed deck
/// (`crates/deck` draws its sheets with the same catalogues; it fails to render on a message
/// it cannot find, which its tests see in every language).
fn code() -> String {
    let mut all = String::new();
    let deck = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deck/src");
    for (dir, extensions) in [(web(), &["js", "html"][..]), (deck, &["rs"][..])] {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path
                .extension()
                .is_some_and(|x| extensions.iter().any(|e| x == *e))
            {
                all.push_str(&fs::read_to_string(&path).unwrap());
                all.push('\n');
            }
        }
    }
    all
}

/// Quoted words in the code that could name a message ('nav-daily', "home-play"), and the
/// prefixes of names the code makes up (`piece-${p}` uses every `piece-...`).
fn names_in(code: &str) -> (BTreeSet<String>, Vec<String>) {
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let mut literals = BTreeSet::new();
    let mut prefixes = Vec::new();
    for (at, quote) in code
        .char_indices()
        .filter(|(_, c)| matches!(c, '\'' | '"' | '`'))
    {
        let rest = &code[at + 1..];
        let len = rest.find(|c: char| !name_char(c)).unwrap_or(rest.len());
        let (word, after) = rest.split_at(len);
        if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        if after.starts_with(quote) {
            literals.insert(word.to_string());
        } else if quote == '`' && after.starts_with("${") && word.ends_with('-') {
            prefixes.push(word.to_string());
        }
    }
    (literals, prefixes)
}

/// The names the code asks for literally: t('name'...) (a call of `t` itself, not of
/// `part(`, `request(`, ...).
fn asked_for(code: &str) -> BTreeSet<String> {
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    code.match_indices("t('")
        .filter(|(at, _)| {
            !code[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
        })
        .filter_map(|(at, _)| code[at + 3..].split_once('\''))
        .map(|(name, _)| name.to_string())
        .filter(|n| !n.is_empty() && n.chars().all(name_char))
        .collect()
}

#[test]
fn every_language_has_every_message_and_no_other() {
    let reference = catalogue(LANGUAGES[0]);
    assert!(reference.len() > 300, "only {} messages", reference.len());
    for language in &LANGUAGES[1..] {
        let other = catalogue(language);
        let missing: Vec<_> = reference
            .keys()
            .filter(|k| !other.contains_key(*k))
            .collect();
        let extra: Vec<_> = other
            .keys()
            .filter(|k| !reference.contains_key(*k))
            .collect();
        assert!(missing.is_empty(), "{language} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{language} has messages English has not: {extra:?}"
        );
        for (id, (file, vars)) in &other {
            let (_, en_vars) = &reference[id];
            let unknown: Vec<_> = vars.difference(en_vars).collect();
            assert!(
                unknown.is_empty(),
                "{file}: {id} uses {unknown:?}, which the code does not give (English uses {en_vars:?})"
            );
        }
    }
}

#[test]
fn every_message_is_used_and_every_used_message_exists() {
    let reference = catalogue(LANGUAGES[0]);
    let code = code();
    let (literals, prefixes) = names_in(&code);
    let unused: Vec<_> = reference
        .keys()
        .filter(|id| !literals.contains(*id) && !prefixes.iter().any(|p| id.starts_with(p)))
        .collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
    let undefined: Vec<_> = asked_for(&code)
        .into_iter()
        .filter(|id| !reference.contains_key(id))
        .collect();
    assert!(
        undefined.is_empty(),
        "the code asks for messages no catalogue has: {undefined:?}"
    );
}

/// `cause-X` words the server's cause `X` (web/api.js `errorText` asks for `cause-${e.cause}`),
/// so each must name a cause the server has: one renamed there would leave the word unused.
#[test]
fn every_cause_message_names_a_cause_of_the_server() {
    let codes: BTreeSet<_> = tabula_server::error::every_code()
        .into_iter()
        .map(|(code, _)| code)
        .collect();
    let reference = catalogue(LANGUAGES[0]);
    let causes: Vec<_> = reference
        .keys()
        .filter_map(|k| k.strip_prefix("cause-"))
        .collect();
    assert!(causes.len() >= 30, "only {} causes worded", causes.len());
    let unknown: Vec<_> = causes.iter().filter(|c| !codes.contains(**c)).collect();
    assert!(
        unknown.is_empty(),
        "cause-... messages of no cause: {unknown:?}"
    );
}

#[test]
fn the_checks_see_a_missing_and_an_unused_message() {
    let (literals, prefixes) = names_in("t('home-play'); t(`piece-${p}`); x = \"nav-daily\";");
    assert!(literals.contains("home-play") && literals.contains("nav-daily"));
    assert_eq!(prefixes, vec!["piece-".to_string()]);
    assert_eq!(
        asked_for("t('a-b', {}); (t('c')); part('t-title', x); request('act')"),
        BTreeSet::from(["a-b".to_string(), "c".to_string()])
    );
    let mut vars = BTreeSet::new();
    let parsed =
        parser::parse("m = { $n ->\n    [one] { $n } move\n   *[other] { $x } moves\n  }\n")
            .unwrap();
    if let Entry::Message(m) = &parsed.body[0] {
        variables(m.value.as_ref().unwrap(), &mut vars);
    }
    assert_eq!(vars, BTreeSet::from(["n".to_string(), "x".to_string()]));
}
