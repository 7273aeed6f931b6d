//! The printed decks read back from their PDF text layer (with Debian's `pdftotext`, which
//! `scripts/test.sh` installs): the page count, and on every card page exactly the deck's
//! cards, each number with its own task, in every language.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use tabula_deck::words::{Arg, Words};
use tabula_deck::{Language, PER_PAGE, PrintOptions, page_count};
use tabula_puzzles::checkmates::deck::{self, Deck};
use tabula_puzzles::checkmates::{CheckMatesSolver, Side};
use tabula_puzzles::royal::{self, RoyalSolver};

/// The text of each page of `pdf`.
fn pages(pdf: &[u8], name: &str) -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join(format!("{name}.pdf"));
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext (Debian poppler-utils, installed by scripts/test.sh)");
    assert!(
        out.status.success(),
        "pdftotext {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// Every `(number, notation)` pair printed on a page: the card's number ("No. 7", "№ 7",
/// "Nr. 7") followed on its line by a 3x3 pattern.
fn cards_on(page: &str, words: &Words) -> BTreeSet<(u32, String)> {
    let prefix = words.get("print-card", &[("n", Arg::Number(0))]);
    // pdftotext may drop the narrow space after "№".
    let prefix = prefix.trim_end_matches('0').trim_end();
    let mut found = BTreeSet::new();
    for line in page.lines() {
        let mut rest = line;
        while let Some(at) = rest.find(prefix) {
            rest = rest[at + prefix.len()..].trim_start();
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let after = rest[digits.len()..].trim_start();
            let pattern: String = after.chars().take_while(|c| !c.is_whitespace()).collect();
            if let Ok(n) = digits.parse() {
                found.insert((n, pattern));
            }
        }
    }
    found
}

fn checkmates_deck() -> Deck {
    let sliding = CheckMatesSolver::new(Side::Sliding);
    let chess = CheckMatesSolver::new(Side::Chess);
    deck::generate(&sliding, &chess, deck::DEFAULT_SEED)
}

#[test]
fn a_checkmates_deck_prints_every_task_on_its_page_in_every_language() {
    let deck = checkmates_deck();
    for language in Language::ALL {
        let words = Words::new(language).unwrap();
        let pdf = tabula_deck::checkmates_pdf(
            &deck,
            PrintOptions {
                language,
                cards: None,
            },
        )
        .unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let pages = pages(&pdf, &format!("checkmates-{language}"));
        assert_eq!(pages.len(), page_count(28), "{language}");
        assert_eq!(pages.len(), 10);
        for (sheet, chunk) in deck.cards.chunks(PER_PAGE).enumerate() {
            let fronts: BTreeSet<(u32, String)> = chunk
                .iter()
                .map(|c| (u32::from(c.number), c.sliding.task.clone()))
                .collect();
            let backs: BTreeSet<(u32, String)> = chunk
                .iter()
                .map(|c| (u32::from(c.number), c.chess.task.clone()))
                .collect();
            assert_eq!(
                cards_on(&pages[2 * sheet], &words),
                fronts,
                "{language} sheet {sheet} front"
            );
            assert_eq!(
                cards_on(&pages[2 * sheet + 1], &words),
                backs,
                "{language} sheet {sheet} back"
            );
        }
        // The game's published name, the exact difficulty on every card, the token sheet.
        let name = words.plain("game-checkmates");
        assert!(pages[0].contains(&name), "{language}: {name}");
        let exact = words.get(
            "print-cm-difficulty",
            &[("mean", Arg::Text("X".into())), ("max", Arg::Number(5))],
        );
        let exact = exact.split_whitespace().next().unwrap();
        assert_eq!(
            pages[0].matches(exact).count(),
            PER_PAGE,
            "{language}: {exact}"
        );
        let legend = words.plain("legend-chess-joker");
        let first_words: String = legend
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            pages[8].contains(&first_words),
            "{language}: the key on the token sheet"
        );
        assert!(cards_on(&pages[8], &words).is_empty() && cards_on(&pages[9], &words).is_empty());
    }
    assert_eq!(
        Words::new(Language::Ru).unwrap().plain("game-checkmates"),
        "Три на три"
    );
}

#[test]
fn a_royal_deck_prints_every_card_with_its_difficulty_and_a_back() {
    let solver = RoyalSolver::new();
    let deck = royal::deck::generate(&solver, 11);
    let cards = tabula_deck::royal_cards(&solver, &deck.cards);
    assert_eq!(cards.len(), 60);
    for language in Language::ALL {
        let words = Words::new(language).unwrap();
        let pdf = tabula_deck::royal_pdf(
            &cards,
            11,
            PrintOptions {
                language,
                cards: Some(20),
            },
        )
        .unwrap();
        let pages = pages(&pdf, &format!("royal-{language}"));
        assert_eq!(pages.len(), page_count(20));
        assert_eq!(pages.len(), 8);
        for (sheet, chunk) in cards[..20].chunks(PER_PAGE).enumerate() {
            let fronts: BTreeSet<(u32, String)> = chunk
                .iter()
                .map(|c| (c.number as u32, c.layout.clone()))
                .collect();
            assert_eq!(
                cards_on(&pages[2 * sheet], &words),
                fronts,
                "{language} sheet {sheet}"
            );
            let back = &pages[2 * sheet + 1];
            assert!(
                cards_on(back, &words).is_empty(),
                "{language}: a back shows no card"
            );
            assert_eq!(
                back.matches(words.plain("game-royal").as_str()).count(),
                chunk.len() + 1,
                "{language}: backs and heading"
            );
            // Level 3 of each card, as the solver counted it.
            for c in chunk {
                let line = words.get(
                    "print-royal-level",
                    &[
                        ("level", Arg::Number(3)),
                        ("mean", Arg::Text(words.decimal(c.difficulty.mean[2]))),
                        ("max", Arg::Number(i64::from(c.difficulty.max[2]))),
                    ],
                );
                assert!(
                    pages[2 * sheet].contains(&line),
                    "{language}: card {} {line}",
                    c.number
                );
            }
        }
    }
    let too_many = tabula_deck::royal_pdf(
        &cards,
        11,
        PrintOptions {
            language: Language::En,
            cards: Some(61),
        },
    );
    assert_eq!(
        too_many.unwrap_err().to_string(),
        "cards 61: the deck has 60 cards, so 1 to 60"
    );
}
