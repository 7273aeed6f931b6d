//! `tabula exact deck checkmates|royal --pdf FILE`: the deck printed to play on paper (the layout
//! and drawing live in `tabula-deck`, shared with the web server's download).

use crate::cli::output::Answer;
use anyhow::Context;
use serde_json::json;
use std::path::Path;
use tabula_deck::{Language, PrintOptions, card_count, page_count};
use tabula_puzzles::checkmates::{self, CheckMatesSolver, Side};
use tabula_puzzles::royal::{self, RoyalSolver};

/// Which deck to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintedGame {
    /// Check Mates (Три на три): 28 double-sided cards.
    CheckMates,
    /// The Royal Study: 60 cards.
    Royal,
}

/// Writes the deck of `seed` (the default deck without it) as a PDF to `file`, in `lang`,
/// with its first `cards` cards (all without it).
pub fn deck_pdf(
    game: PrintedGame,
    seed: Option<u64>,
    file: &Path,
    lang: &str,
    cards: Option<usize>,
) -> anyhow::Result<Answer> {
    let language: Language = lang.parse().context("--lang")?;
    let options = PrintOptions { language, cards };
    let (name, seed, size) = match game {
        PrintedGame::CheckMates => (
            "Check Mates",
            seed.unwrap_or(checkmates::deck::DEFAULT_SEED),
            checkmates::deck::DECK_SIZE,
        ),
        PrintedGame::Royal => (
            "The Royal Study",
            seed.unwrap_or(royal::deck::DEFAULT_SEED),
            royal::deck::DECK_SIZE,
        ),
    };
    let count = card_count(cards, size).context("--cards")?;
    let pdf = match game {
        PrintedGame::CheckMates => {
            let sliding = CheckMatesSolver::new(Side::Sliding);
            let chess = CheckMatesSolver::new(Side::Chess);
            let deck = checkmates::deck::generate(&sliding, &chess, seed);
            tabula_deck::checkmates_pdf(&deck, options)?
        }
        PrintedGame::Royal => {
            let solver = RoyalSolver::new();
            let deck = royal::deck::generate(&solver, seed);
            let cards = tabula_deck::royal_cards(&solver, &deck.cards);
            tabula_deck::royal_pdf(&cards, seed, options)?
        }
    };
    std::fs::write(file, &pdf).with_context(|| format!("writing {}", file.display()))?;
    let pages = page_count(count);
    Ok(Answer {
        text: format!(
            "{}: {name} deck, seed {seed}, {count} cards on {pages} A4 pages ({language}); \
             print double-sided, flipping on the long edge, at 100%\n",
            file.display()
        ),
        json: json!({
            "pdf": file.display().to_string(), "game": name, "seed": seed,
            "cards": count, "pages": pages, "lang": language.code(), "bytes": pdf.len(),
        }),
    })
}
