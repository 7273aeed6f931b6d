//! The Check Mates deck: every card has a sliding task on one side and a chess task on the
//! other, so a sheet's front page holds nine sliding sides and its back page their chess
//! sides. The token sheet has the board, the seven double-sided tokens and the key.

use crate::book::{Printable, print};
use crate::draw::{Align, Canvas, Rgb, TextStyle};
use crate::sheet::{self, CARD, Face, INK};
use crate::words::Words;
use crate::{DeckError, PrintOptions, shapes};
use tabula_puzzles::checkmates::deck::{Card, Deck};

/// How a side's cards look.
struct Look {
    chess: bool,
    band: Rgb,
    card: Rgb,
    light: Rgb,
    dark: Rgb,
}

const SLIDING: Look = Look {
    chess: false,
    band: Rgb(0x2a5d8f),
    card: Rgb(0xf7f1e6),
    light: Rgb(0xfffaf0),
    dark: Rgb(0xeadfca),
};

const CHESS: Look = Look {
    chess: true,
    band: Rgb(0x5b3a1a),
    card: Rgb(0xf3ead9),
    light: Rgb(0xfbf4e6),
    dark: Rgb(0xe2d3b8),
};

/// Star colour on the band.
const GOLD: Rgb = Rgb(0xf2c14e);
/// The frame of a task and of the board.
const FRAME: Rgb = Rgb(0x9c8b70);

/// Each token's two sides: the two blue tokens are the rooks on their chess side, the red the
/// knights, the green the queens, the joker the king (the rulebook does not say) **[ours]**.
const TOKENS: [(char, char); 7] = [
    ('b', 'R'),
    ('b', 'r'),
    ('r', 'N'),
    ('r', 'n'),
    ('g', 'Q'),
    ('g', 'q'),
    ('j', 'K'),
];

/// The key on the token sheet: side, symbol, message. The jokers show their token.
const KEY: [(bool, char, &str); 10] = [
    (false, 'b', "legend-sliding-b"),
    (false, 'r', "legend-sliding-r"),
    (false, 'g', "legend-sliding-g"),
    (false, 'j', "legend-sliding-joker"),
    (true, 'R', "legend-chess-R"),
    (true, 'N', "legend-chess-N"),
    (true, 'Q', "legend-chess-Q"),
    (true, 'w', "legend-chess-w"),
    (true, 'b', "legend-chess-bk"),
    (true, 'K', "legend-chess-joker"),
];

/// The printed deck as a PDF.
pub fn checkmates_pdf(deck: &Deck, options: PrintOptions) -> Result<Vec<u8>, DeckError> {
    print::<CheckMates>(&deck.cards, deck.seed, options)
}

struct CheckMates;

impl Printable for CheckMates {
    type Card = Card;
    const GAME: &'static str = "game-checkmates";

    fn number(card: &Card) -> usize {
        usize::from(card.number)
    }

    fn face(face: Face) -> &'static str {
        match face {
            Face::Front => "cm-side-sliding",
            Face::Back => "cm-side-chess",
        }
    }

    fn card(canvas: &mut Canvas, words: &Words, face: Face, card: &Card, x: f32, y: f32) {
        let (look, task) = match face {
            Face::Front => (&SLIDING, &card.sliding),
            Face::Back => (&CHESS, &card.chess),
        };
        sheet::card_background(canvas, x, y, look.card);
        let white = TextStyle::new(Rgb(0xffffff), Align::Left).bold();
        sheet::band(canvas, x, y, look.band, &words.plain(Self::GAME), white);
        for s in 0..task.stars {
            let left = x + CARD.0 - 10.0 - 7.0 * f32::from(s);
            shapes::star(canvas, left, y + 2.5, 6.0, GOLD);
        }
        let side = words.plain(Self::face(face));
        canvas.text(
            &side,
            x + CARD.0 / 2.0,
            y + 16.0,
            6.5,
            TextStyle::new(INK, Align::Centre),
        );
        // The task: the 3x3 pattern, ranks from the top.
        let cell = 17.0;
        let (gx, gy) = (x + (CARD.0 - 3.0 * cell) / 2.0, y + 19.0);
        let shade = |r: usize, c: usize| {
            if (r + c).is_multiple_of(2) {
                look.light
            } else {
                look.dark
            }
        };
        sheet::grid(canvas, gx, gy, cell, shade, FRAME);
        for (r, row) in task.task.split('/').enumerate() {
            for (c, letter) in row.chars().enumerate() {
                let (cx, cy) = (gx + c as f32 * cell, gy + r as f32 * cell);
                shapes::need(canvas, look.chess, letter, cx, cy, cell);
            }
        }
        // Small print: the number and the task, then the exact difficulty.
        sheet::number_line(canvas, words, Self::number(card), &task.task, x, y + 75.0);
        let difficulty = words.get(
            "print-cm-difficulty",
            &[
                ("mean", words.decimal(task.difficulty.mean).into()),
                ("max", u32::from(task.difficulty.max).into()),
            ],
        );
        let small = TextStyle::new(INK, Align::Left);
        canvas.paragraph(&difficulty, x + 4.0, y + 79.5, CARD.0 - 8.0, 5.5, small);
    }

    /// The front: the board, the tokens sliding side up and the key of the task symbols. The
    /// back: the rules in short (behind the board) and the tokens' chess sides.
    fn tokens(canvas: &mut Canvas, words: &Words, face: Face) {
        let (size, token_y) = (26.0, 138.0);
        let text = TextStyle::new(INK, Align::Left);
        if face == Face::Front {
            canvas.text(&words.plain("print-board"), 60.0, 26.0, 9.0, text.bold());
            let shade = |r: usize, c: usize| {
                if (r + c).is_multiple_of(2) {
                    SLIDING.light
                } else {
                    SLIDING.dark
                }
            };
            sheet::grid(canvas, 60.0, 30.0, 30.0, shade, FRAME);
            canvas.paragraph(
                &words.plain("print-tokens-cm"),
                15.0,
                token_y - 5.0,
                180.0,
                8.0,
                text,
            );
            let key_y = 182.0;
            for (i, &(chess, letter, id)) in KEY.iter().enumerate() {
                // The sliding side's four symbols on the left, the chess side's six on the right.
                let (column, row) = if i < 4 { (0, i) } else { (1, i - 4) };
                let (kx, ky) = (15.0 + 92.0 * column as f32, key_y + 12.0 * row as f32);
                if letter == 'j' || letter == 'K' {
                    shapes::token(canvas, chess, letter, kx, ky, 10.0);
                } else {
                    shapes::need(canvas, chess, letter, kx, ky, 10.0);
                }
                canvas.paragraph(&words.plain(id), kx + 13.0, ky + 6.2, 75.0, 8.0, text);
            }
            canvas.paragraph(
                &words.plain("legend-rotate"),
                15.0,
                key_y + 76.0,
                180.0,
                8.0,
                text,
            );
        } else {
            let rules = [
                "rules-cm-sliding",
                "rules-cm-chess",
                "rules-cm-tasks",
                "rules-cm-chessTasks",
                "rules-cm-rotation",
                "rules-cm-stars",
                "rules-cm-chessStars",
            ];
            sheet::text_block(canvas, words, "print-rules", &rules, 15.0, 26.0, 7.5);
        }
        for (i, &(sliding, chess)) in TOKENS.iter().enumerate() {
            let x = sheet::token_x(i, TOKENS.len(), size, face);
            sheet::cut_square(canvas, x, token_y, size, None);
            match face {
                Face::Front => shapes::token(canvas, false, sliding, x, token_y, size),
                Face::Back => shapes::token(canvas, true, chess, x, token_y, size),
            }
        }
    }
}
