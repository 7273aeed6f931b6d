//! The Royal Study deck: each card shows the five pieces on the 3x3 board, coloured like a
//! chessboard (a1 dark), with its exact difficulty at the three levels; every card has the
//! same back. The token sheet has the board and the five pieces.

use crate::book::{Printable, print};
use crate::draw::{Align, Canvas, Paint, Rgb, TextStyle};
use crate::sheet::{self, CARD, Face, INK};
use crate::words::Words;
use crate::{DeckError, PrintOptions, shapes};
use serde::Serialize;
use tabula_puzzles::royal::deck::{CardDifficulty, card_difficulty};
use tabula_puzzles::royal::{Layout, RoyalSolver};

/// A card to print: its place in the deck, its layout and its exact difficulty.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoyalCard {
    /// Position in the deck, from 1.
    pub number: usize,
    /// The layout in board notation.
    pub layout: String,
    /// The optimal counts from every start.
    pub difficulty: CardDifficulty,
}

/// A deck's cards (layouts, top first) with their difficulties (one distance table per card
/// orientation); a card that is not a legal layout is left out.
pub fn royal_cards(solver: &RoyalSolver, cards: &[String]) -> Vec<RoyalCard> {
    cards
        .iter()
        .enumerate()
        .filter_map(|(i, text)| {
            let layout = Layout::parse(text).ok()?;
            Some(RoyalCard {
                number: i + 1,
                layout: text.clone(),
                difficulty: card_difficulty(solver, &layout),
            })
        })
        .collect()
}

/// The printed deck as a PDF; `seed` is the deck's, printed on the token sheet.
pub fn royal_pdf(
    cards: &[RoyalCard],
    seed: u64,
    options: PrintOptions,
) -> Result<Vec<u8>, DeckError> {
    print::<Royal>(cards, seed, options)
}

const BAND: Rgb = Rgb(0x5b3a1a);
const CARD_COLOUR: Rgb = Rgb(0xf7f1e6);
const LIGHT: Rgb = Rgb(0xf0d9b5);
const DARK: Rgb = Rgb(0xb58863);
const BACK: Rgb = Rgb(0x2e4636);
const GOLD: Rgb = Rgb(0xe8c35a);
/// The pieces, in the order of the token sheet.
const PIECES: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];

/// The 3x3 board at `(x, y)` with the pieces of `rows` (ranks from the top): a1, bottom left,
/// is dark, so the corners and the centre are.
fn board(canvas: &mut Canvas, rows: &[&str], x: f32, y: f32, cell: f32) {
    let shade = |r: usize, c: usize| {
        if (r + c).is_multiple_of(2) {
            DARK
        } else {
            LIGHT
        }
    };
    sheet::grid(canvas, x, y, cell, shade, BAND);
    for (r, row) in rows.iter().enumerate() {
        for (c, letter) in row.chars().enumerate() {
            if let Some(p) = shapes::Piece::from_letter(letter) {
                let inset = cell * 0.06;
                let (px, py) = (x + c as f32 * cell + inset, y + r as f32 * cell + inset);
                shapes::piece(canvas, p, shapes::WOOD, px, py, cell - 2.0 * inset);
            }
        }
    }
}

struct Royal;

impl Printable for Royal {
    type Card = RoyalCard;
    const GAME: &'static str = "game-royal";

    fn number(card: &RoyalCard) -> usize {
        card.number
    }

    fn face(face: Face) -> &'static str {
        match face {
            Face::Front => "print-face-front",
            Face::Back => "print-face-back",
        }
    }

    fn card(canvas: &mut Canvas, words: &Words, face: Face, card: &RoyalCard, x: f32, y: f32) {
        let game = words.plain(Self::GAME);
        let gold = TextStyle::new(GOLD, Align::Centre).bold();
        if face == Face::Back {
            sheet::card_background(canvas, x, y, BACK);
            canvas.rect(
                x + 3.0,
                y + 3.0,
                CARD.0 - 6.0,
                CARD.1 - 6.0,
                Paint::stroke(GOLD, 0.5),
            );
            let cell = 12.0;
            board(
                canvas,
                &["...", ".K.", "..."],
                x + (CARD.0 - 3.0 * cell) / 2.0,
                y + 20.0,
                cell,
            );
            canvas.text(&game, x + CARD.0 / 2.0, y + 70.0, 9.0, gold);
            return;
        }
        sheet::card_background(canvas, x, y, CARD_COLOUR);
        sheet::band(canvas, x, y, BAND, &game, gold);
        let cell = 17.0;
        let rows: Vec<&str> = card.layout.split('/').collect();
        board(
            canvas,
            &rows,
            x + (CARD.0 - 3.0 * cell) / 2.0,
            y + 15.0,
            cell,
        );
        // Small print: the number and the layout, then the exact counts at each level.
        sheet::number_line(canvas, words, card.number, &card.layout, x, y + 71.5);
        let small = TextStyle::new(INK, Align::Left);
        canvas.text(
            &words.plain("print-royal-difficulty"),
            x + 4.0,
            y + 76.0,
            5.5,
            small,
        );
        for level in 0..3 {
            let line = words.get(
                "print-royal-level",
                &[
                    ("level", (level + 1).into()),
                    ("mean", words.decimal(card.difficulty.mean[level]).into()),
                    ("max", card.difficulty.max[level].into()),
                ],
            );
            canvas.text(&line, x + 4.0, y + 79.0 + 2.6 * level as f32, 5.5, small);
        }
    }

    /// The front: the board, the pieces and the levels. The back: the rules in short (behind
    /// the board) and the pieces again, so a token reads the same either side up.
    fn tokens(canvas: &mut Canvas, words: &Words, face: Face) {
        let (size, token_y) = (28.0, 140.0);
        let text = TextStyle::new(INK, Align::Left);
        if face == Face::Front {
            canvas.text(&words.plain("print-board"), 60.0, 26.0, 9.0, text.bold());
            board(canvas, &["...", "...", "..."], 60.0, 30.0, 30.0);
            canvas.paragraph(
                &words.plain("print-tokens-royal"),
                15.0,
                token_y - 5.0,
                180.0,
                8.0,
                text,
            );
            let mut y = 185.0;
            for id in [
                "rules-royal-level1",
                "rules-royal-level2",
                "rules-royal-level3",
            ] {
                y = canvas.paragraph(&words.plain(id), 15.0, y, 180.0, 8.0, text) + 2.0;
            }
        } else {
            let rules = [
                "rules-royal-aim1",
                "rules-royal-moves",
                "rules-royal-colours",
                "rules-royal-cards",
                "rules-royal-match",
            ];
            sheet::text_block(canvas, words, "print-rules", &rules, 15.0, 26.0, 7.5);
        }
        for (i, &letter) in PIECES.iter().enumerate() {
            let x = sheet::token_x(i, PIECES.len(), size, face);
            sheet::cut_square(canvas, x, token_y, size, Some(CARD_COLOUR));
            if let Some(p) = shapes::Piece::from_letter(letter) {
                shapes::piece(canvas, p, shapes::WOOD, x + 2.0, token_y + 2.0, size - 4.0);
            }
        }
    }
}
