//! The printed words, from the web app's own Fluent catalogues (`web/i18n/<language>/*.ftl`),
//! so a card says what the app says; the catalogues are compiled in, as the server embeds them.
//!
//! `fluent-bundle` (Project Fluent's reference implementation) resolves the messages with each
//! language's plural rules (1 ход, 2 хода, 5 ходов), exactly as the browser's @fluent/bundle does.

use crate::{DeckError, Language};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use std::cell::RefCell;
use std::collections::BTreeSet;

/// The catalogue files a printed deck uses, per language.
macro_rules! catalogues {
    ($lang:literal) => {
        [
            include_str!(concat!("../../../web/i18n/", $lang, "/app.ftl")),
            include_str!(concat!("../../../web/i18n/", $lang, "/checkmates.ftl")),
            include_str!(concat!("../../../web/i18n/", $lang, "/royal.ftl")),
            include_str!(concat!("../../../web/i18n/", $lang, "/rules-puzzles.ftl")),
            include_str!(concat!("../../../web/i18n/", $lang, "/print.ftl")),
        ]
    };
}

/// One language's messages, ready to format.
pub struct Words {
    language: Language,
    bundle: FluentBundle<FluentResource>,
    /// Messages asked for and not found (see [`Words::check`]).
    missing: RefCell<BTreeSet<String>>,
}

impl Words {
    /// Loads the catalogues of `language`. They are part of the program, so a failure here is
    /// a broken catalogue, reported with its language instead of a panic.
    pub fn new(language: Language) -> Result<Words, DeckError> {
        let sources = match language {
            Language::En => catalogues!("en"),
            Language::Ru => catalogues!("ru"),
            Language::De => catalogues!("de"),
        };
        let id = language.code().parse().map_err(|_| {
            DeckError::Catalogue(format!("{}: not a language tag", language.code()))
        })?;
        let mut bundle = FluentBundle::new(vec![id]);
        // Unicode isolation marks help a browser lay out mixed directions; on paper they are
        // stray invisible characters in the text layer.
        bundle.set_use_isolating(false);
        for source in sources {
            let resource = FluentResource::try_new(source.to_string())
                .map_err(|(_, e)| DeckError::Catalogue(format!("{}: {e:?}", language.code())))?;
            bundle
                .add_resource(resource)
                .map_err(|e| DeckError::Catalogue(format!("{}: {e:?}", language.code())))?;
        }
        Ok(Words {
            language,
            bundle,
            missing: RefCell::default(),
        })
    }

    /// The language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The message `id` with `args` (name, value); a missing message shows its id, as the web
    /// app does, and the catalogue test keeps every id the deck uses defined.
    pub fn get(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            self.missing.borrow_mut().insert(id.to_string());
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Text(t) => FluentValue::from(t.clone()),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }

    /// An error naming every message asked for that no catalogue has, so a sheet never goes
    /// out with a message id printed on it.
    pub fn check(&self) -> Result<(), DeckError> {
        let missing = self.missing.borrow();
        if missing.is_empty() {
            return Ok(());
        }
        let names: Vec<&str> = missing.iter().map(String::as_str).collect();
        Err(DeckError::Catalogue(format!(
            "{}: no message {}",
            self.language.code(),
            names.join(", ")
        )))
    }

    /// A message without arguments.
    pub fn plain(&self, id: &str) -> String {
        self.get(id, &[])
    }

    /// A decimal number with one digit after the separator, written as the language writes it
    /// (3.4 in English, 3,4 in Russian and German).
    pub fn decimal(&self, value: f64) -> String {
        let text = format!("{value:.1}");
        match self.language {
            Language::En => text,
            Language::Ru | Language::De => text.replace('.', ","),
        }
    }
}

/// A message argument.
#[derive(Clone, Debug)]
pub enum Arg {
    /// A number (selects plural forms).
    Number(i64),
    /// Text.
    Text(String),
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(i64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<String> for Arg {
    fn from(t: String) -> Arg {
        Arg::Text(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_plurals_and_names_follow_the_catalogue() {
        let ru = Words::new(Language::Ru).unwrap();
        assert_eq!(ru.plain("game-checkmates"), "Три на три");
        let worst = |n: u32| {
            ru.get(
                "print-cm-difficulty",
                &[("mean", Arg::Text("2,5".into())), ("max", n.into())],
            )
        };
        assert!(worst(1).ends_with("1 ход"), "{}", worst(1));
        assert!(worst(2).ends_with("2 хода"), "{}", worst(2));
        assert!(worst(5).ends_with("5 ходов"), "{}", worst(5));
        assert!(worst(21).ends_with("21 ход"), "{}", worst(21));
        assert_eq!(ru.decimal(2.456), "2,5");
        let en = Words::new(Language::En).unwrap();
        assert_eq!(en.plain("game-checkmates"), "Check Mates");
        assert!(en.check().is_ok());
        assert_eq!(en.plain("no-such-message"), "no-such-message");
        assert_eq!(
            en.check().unwrap_err().to_string(),
            "message catalogue: en: no message no-such-message"
        );
    }
}
