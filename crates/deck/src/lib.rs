//! Print-and-play decks of Check Mates (Три на три) and The Royal Study: the physical cards are
//! not published, so Tabula prints its own, drawn like the web app draws them, as a PDF ready
//! for duplex printing: nine cards to an A4 page with crop marks, each page of fronts followed
//! by its backs mirrored for a flip on the long edge, then a sheet of tokens and a board to cut
//! out. Every card carries its exact difficulty from the solvers, in small print, in English,
//! Russian or German (the web app's own Fluent catalogues).
//!
//! The PDF is made with krilla (a high-level, well-kept PDF writer that embeds and subsets
//! fonts and writes a text layer a reader can search and copy); the font is DejaVu Sans from
//! the `dejavu` crate. The `tabula` CLI and the web server both call [`checkmates_pdf`] and
//! [`royal_pdf`]; the deck data comes from the game crates, which stay pure.
#![deny(missing_docs)]

mod book;
mod checkmates;
mod draw;
mod royal;
mod shapes;
mod sheet;
pub mod words;

pub use checkmates::checkmates_pdf;
pub use royal::{RoyalCard, royal_cards, royal_pdf};
pub use sheet::PER_PAGE;

use std::fmt;
use std::str::FromStr;

/// A language the deck can be printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// English.
    En,
    /// Russian.
    Ru,
    /// German.
    De,
}

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 3] = [Language::En, Language::Ru, Language::De];

    /// The language's tag (`en`, `ru`, `de`).
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ru => "ru",
            Language::De => "de",
        }
    }
}

impl FromStr for Language {
    type Err = DeckError;

    fn from_str(text: &str) -> Result<Language, DeckError> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == text)
            .ok_or_else(|| DeckError::UnknownLanguage(text.chars().take(20).collect()))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    /// The language of the words on the sheets.
    pub language: Language,
    /// Print only the first this many cards of the deck (all of them if `None`).
    pub cards: Option<usize>,
}

/// Why a deck could not be printed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DeckError {
    /// A language without a catalogue.
    #[error("unknown language `{0}`: en, ru or de")]
    UnknownLanguage(String),
    /// More or fewer cards than the deck has.
    #[error("cards {asked}: the deck has {deck} cards, so 1 to {deck}")]
    CardCount {
        /// The number asked for.
        asked: usize,
        /// The deck's size.
        deck: usize,
    },
    /// A message catalogue that does not load (a build defect, reported instead of a panic).
    #[error("message catalogue: {0}")]
    Catalogue(String),
    /// The embedded font does not load.
    #[error("the embedded font does not load")]
    Font,
    /// The PDF writer refused the document.
    #[error("writing the PDF: {0}")]
    Pdf(String),
}

/// How many cards of a deck of `deck` cards get printed for `asked`.
pub fn card_count(asked: Option<usize>, deck: usize) -> Result<usize, DeckError> {
    match asked {
        None => Ok(deck),
        Some(n) if (1..=deck).contains(&n) => Ok(n),
        Some(n) => Err(DeckError::CardCount { asked: n, deck }),
    }
}

/// Pages of a printed deck of `cards` cards: a front and a back page for every nine cards,
/// then the token sheet and its back.
pub fn page_count(cards: usize) -> usize {
    2 * cards.div_ceil(PER_PAGE) + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_and_card_counts_are_checked() {
        assert_eq!("ru".parse::<Language>(), Ok(Language::Ru));
        assert_eq!(
            "fr".parse::<Language>().unwrap_err().to_string(),
            "unknown language `fr`: en, ru or de"
        );
        assert_eq!(card_count(None, 28), Ok(28));
        assert_eq!(card_count(Some(9), 28), Ok(9));
        assert_eq!(
            card_count(Some(0), 28).unwrap_err().to_string(),
            "cards 0: the deck has 28 cards, so 1 to 28"
        );
        assert!(card_count(Some(29), 28).is_err());
        assert_eq!(page_count(28), 10);
        assert_eq!(page_count(60), 16);
        assert_eq!(page_count(9), 4);
    }
}
