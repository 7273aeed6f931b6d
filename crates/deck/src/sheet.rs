//! The sheets: nine poker-size cards (63 x 88 mm) to an A4 page, three by three, with crop
//! marks in the margins. Cards come in pairs of pages for duplex printing: a page of fronts,
//! then the page of their backs, mirrored left to right, so that with the sheet turned over
//! its long edge every back lands behind its own front.
//!
//! Each card is printed with a 1 mm bleed into the 3 mm gutter, so a slightly misaligned cut
//! or a duplex shift of a millimetre does not leave a white edge.

use crate::draw::{Align, Canvas, Paint, Rgb, TextStyle};
use crate::words::Words;

/// A4 portrait, in millimetres.
pub const PAGE: (f32, f32) = (210.0, 297.0);
/// A card's trimmed size, in millimetres (poker size).
pub const CARD: (f32, f32) = (63.0, 88.0);
/// Cards per row and per column.
pub const ACROSS: usize = 3;
/// Cards per page.
pub const PER_PAGE: usize = ACROSS * ACROSS;
/// The gutter between two cards.
const GAP: f32 = 3.0;
/// How far a card's background runs past its trim line.
pub const BLEED: f32 = 1.0;
/// Crop marks: their colour, length and distance from the grid.
const MARK: Rgb = Rgb(0x000000);
const MARK_LENGTH: f32 = 3.0;
const MARK_OFFSET: f32 = 1.5;

/// The top-left corner of the grid.
fn origin() -> (f32, f32) {
    let width = ACROSS as f32 * CARD.0 + (ACROSS - 1) as f32 * GAP;
    let height = ACROSS as f32 * CARD.1 + (ACROSS - 1) as f32 * GAP;
    ((PAGE.0 - width) / 2.0, (PAGE.1 - height) / 2.0)
}

/// Which face of a sheet a page is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The page printed first.
    Front,
    /// The page printed on the other side, mirrored.
    Back,
}

/// The top-left corner of slot `index` (0..9, reading order of the front) on a page of `face`:
/// on a back the columns are mirrored, so slot 0's back lies behind slot 0's front.
pub fn slot(index: usize, face: Face) -> (f32, f32) {
    let (row, column) = (index / ACROSS, index % ACROSS);
    let column = match face {
        Face::Front => column,
        Face::Back => ACROSS - 1 - column,
    };
    let (x0, y0) = origin();
    (
        x0 + column as f32 * (CARD.0 + GAP),
        y0 + row as f32 * (CARD.1 + GAP),
    )
}

/// Crop marks in the margins, in line with every card edge.
pub fn crop_marks(canvas: &mut Canvas) {
    let (x0, y0) = origin();
    let (x1, y1) = (PAGE.0 - x0, PAGE.1 - y0);
    let width = 0.2;
    for i in 0..ACROSS {
        let left = x0 + i as f32 * (CARD.0 + GAP);
        for x in [left, left + CARD.0] {
            canvas.line(
                (x, y0 - MARK_OFFSET),
                (x, y0 - MARK_OFFSET - MARK_LENGTH),
                MARK,
                width,
            );
            canvas.line(
                (x, y1 + MARK_OFFSET),
                (x, y1 + MARK_OFFSET + MARK_LENGTH),
                MARK,
                width,
            );
        }
        let top = y0 + i as f32 * (CARD.1 + GAP);
        for y in [top, top + CARD.1] {
            canvas.line(
                (x0 - MARK_OFFSET, y),
                (x0 - MARK_OFFSET - MARK_LENGTH, y),
                MARK,
                width,
            );
            canvas.line(
                (x1 + MARK_OFFSET, y),
                (x1 + MARK_OFFSET + MARK_LENGTH, y),
                MARK,
                width,
            );
        }
    }
}

/// The page's heading in the top margin and the printing advice in the bottom one, clear of
/// the crop marks.
pub fn margins(canvas: &mut Canvas, heading: &str, advice: &str) {
    let (_, y0) = origin();
    let grey = TextStyle::new(Rgb(0x444444), Align::Centre);
    canvas.text(
        heading,
        PAGE.0 / 2.0,
        y0 - MARK_OFFSET - MARK_LENGTH - 1.7,
        7.0,
        grey.bold(),
    );
    canvas.text(
        advice,
        PAGE.0 / 2.0,
        PAGE.1 - y0 + MARK_OFFSET + MARK_LENGTH + 3.2,
        6.0,
        grey,
    );
}

/// Which deck a token sheet belongs to, above the advice at the foot of the page (the token
/// sheets have no crop marks there).
pub fn made_by(canvas: &mut Canvas, made: &str) {
    let grey = TextStyle::new(Rgb(0x444444), Align::Centre);
    canvas.text(made, PAGE.0 / 2.0, PAGE.1 - 12.0, 7.0, grey);
}

/// A card's background with its bleed, at a slot's corner.
pub fn card_background(canvas: &mut Canvas, x: f32, y: f32, color: Rgb) {
    canvas.rect(
        x - BLEED,
        y - BLEED,
        CARD.0 + 2.0 * BLEED,
        CARD.1 + 2.0 * BLEED,
        Paint::fill(color),
    );
}

/// The small print's colour.
pub const INK: Rgb = Rgb(0x3a3028);
/// The height of a card's band.
const BAND: f32 = 11.0;

/// A card's coloured band across its top (into the bleed) with the game's name in it.
pub fn band(canvas: &mut Canvas, x: f32, y: f32, color: Rgb, title: &str, style: TextStyle) {
    canvas.rect(
        x - BLEED,
        y - BLEED,
        CARD.0 + 2.0 * BLEED,
        BAND + BLEED,
        Paint::fill(color),
    );
    let anchor = match style.align {
        Align::Left => x + 4.0,
        Align::Centre => x + CARD.0 / 2.0,
        Align::Right => x + CARD.0 - 4.0,
    };
    canvas.text(title, anchor, y + 7.0, 8.5, style);
}

/// The first line of a card's small print at height `y`: its number on the left, the card in
/// notation on the right (what a player types into the solver).
pub fn number_line(
    canvas: &mut Canvas,
    words: &Words,
    number: usize,
    notation: &str,
    x: f32,
    y: f32,
) {
    let number = words.get("print-card", &[("n", number.into())]);
    canvas.text(
        &number,
        x + 4.0,
        y,
        6.5,
        TextStyle::new(INK, Align::Left).bold(),
    );
    canvas.text(
        notation,
        x + CARD.0 - 4.0,
        y,
        6.5,
        TextStyle::new(INK, Align::Right),
    );
}

/// A 3x3 grid at `(x, y)` of cells of side `cell`, coloured by `shade(row, column)` (rows from
/// the top), framed in `frame`.
pub fn grid(
    canvas: &mut Canvas,
    x: f32,
    y: f32,
    cell: f32,
    shade: impl Fn(usize, usize) -> Rgb,
    frame: Rgb,
) {
    for r in 0..3 {
        for c in 0..3 {
            let (cx, cy) = (x + c as f32 * cell, y + r as f32 * cell);
            canvas.rect(cx, cy, cell, cell, Paint::fill(shade(r, c)));
        }
    }
    canvas.rect(
        x,
        y,
        3.0 * cell,
        3.0 * cell,
        Paint::stroke(frame, 0.3 + cell / 100.0),
    );
}

/// The left edge of token `i` of a row of `count` tokens of side `size` centred across the
/// page, on a page of `face`: mirrored on the back, so a token's two sides meet.
pub fn token_x(i: usize, count: usize, size: f32, face: Face) -> f32 {
    let x = (PAGE.0 - count as f32 * size) / 2.0 + i as f32 * size;
    match face {
        Face::Front => x,
        Face::Back => PAGE.0 - x - size,
    }
}

/// A token's square to cut out: a dashed outline over `fill`, if any.
pub fn cut_square(canvas: &mut Canvas, x: f32, y: f32, size: f32, fill: Option<Rgb>) {
    let outline = Paint::stroke(Rgb(0x888888), 0.25).dashed(1.5);
    canvas.rect(x, y, size, size, Paint { fill, ..outline });
}

/// A titled block of text at the top of a token page: `title`, then each message of `ids`
/// as a paragraph; returns the height below the last.
pub fn text_block(
    canvas: &mut Canvas,
    words: &Words,
    title: &str,
    ids: &[&str],
    x: f32,
    y: f32,
    size: f32,
) -> f32 {
    let text = TextStyle::new(INK, Align::Left);
    canvas.text(&words.plain(title), x, y, 9.0, text.bold());
    let mut at = y + 6.0;
    for id in ids {
        at = canvas.paragraph(&words.plain(id), x, at, PAGE.0 - 2.0 * x, size, text) + 1.5;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_fits_the_page_and_backs_mirror_fronts() {
        for i in 0..5 {
            let (front, back) = (
                token_x(i, 5, 28.0, Face::Front),
                token_x(i, 5, 28.0, Face::Back),
            );
            assert!((PAGE.0 - (back + 28.0) - front).abs() < 1e-4, "token {i}");
        }
        let (x0, y0) = origin();
        assert!(x0 >= 6.0 + MARK_OFFSET && y0 >= 12.0, "margins {x0} {y0}");
        for i in 0..PER_PAGE {
            let (fx, fy) = slot(i, Face::Front);
            let (bx, by) = slot(i, Face::Back);
            // Turned over the long (vertical) edge, x becomes PAGE.0 - x - width.
            assert!((PAGE.0 - (bx + CARD.0) - fx).abs() < 1e-4, "slot {i}");
            assert_eq!(fy, by);
        }
    }
}
