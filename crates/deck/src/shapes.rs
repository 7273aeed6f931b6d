//! The pieces and tokens as the web app draws them (`web/pieces.js`): the same outlines on a
//! 100x100 canvas and the same colours, so a printed card looks like the card on screen.

use crate::draw::{Canvas, Paint, Rgb};
use kurbo::{BezPath, Shape};

/// One element of a drawing on the 100x100 canvas.
enum Part {
    /// `cx cy r`.
    Circle(f64, f64, f64),
    /// `x y width height corner-radius`.
    Rect(f64, f64, f64, f64, f64),
    /// SVG path data.
    Path(&'static str),
}

use Part::{Circle, Path, Rect};

/// A chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// King.
    King,
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
}

impl Piece {
    /// The piece of an upper- or lower-case letter.
    pub fn from_letter(letter: char) -> Option<Piece> {
        Some(match letter.to_ascii_uppercase() {
            'K' => Piece::King,
            'Q' => Piece::Queen,
            'R' => Piece::Rook,
            'B' => Piece::Bishop,
            'N' => Piece::Knight,
            _ => return None,
        })
    }

    fn parts(self) -> &'static [Part] {
        match self {
            Piece::Rook => &[
                Path("M27 18h11v9h6v-9h12v9h6v-9h11v19l-7 6v25l7 6v6H27v-6l7-6V43l-7-6z"),
                Rect(23.0, 79.0, 54.0, 9.0, 3.0),
            ],
            Piece::Knight => &[Path(
                "M30 86h46v-9c0-17-6-31-15-42-5-6-9-12-15-16l-4 9c-9 3-15 9-19 17l-5 10c-1 5 3 8 7 6l9-4c5-2 9-2 11 2-7 9-13 17-15 27z",
            )],
            Piece::Bishop => &[
                Circle(50.0, 13.0, 6.0),
                Path("M50 19c11 9 19 20 19 32 0 10-8 17-19 17s-19-7-19-17c0-12 8-23 19-32z"),
                Rect(36.0, 66.0, 28.0, 7.0, 2.0),
                Path("M27 87h46l-7-14H34z"),
            ],
            Piece::Queen => &[
                Circle(22.0, 33.0, 5.0),
                Circle(37.0, 24.0, 5.0),
                Circle(50.0, 19.0, 5.0),
                Circle(63.0, 24.0, 5.0),
                Circle(78.0, 33.0, 5.0),
                Path("M23 37l9 35h36l9-35-14 17-6-28-7 27-7-27-6 28z"),
                Rect(27.0, 72.0, 46.0, 7.0, 2.0),
                Rect(23.0, 80.0, 54.0, 8.0, 3.0),
            ],
            Piece::King => &[
                Rect(46.5, 6.0, 7.0, 20.0, 1.0),
                Rect(40.0, 11.0, 20.0, 7.0, 1.0),
                Path("M28 38c4-12 40-12 44 0l-7 34H35z"),
                Rect(31.0, 72.0, 38.0, 7.0, 2.0),
                Rect(23.0, 80.0, 54.0, 8.0, 3.0),
            ],
        }
    }

    /// The filled details (the knight's eye, the bishop's slit), drawn in the detail colour.
    fn details(self) -> &'static [Part] {
        match self {
            Piece::Knight => &[Circle(47.0, 33.0, 3.0)],
            _ => &[],
        }
    }
}

fn outline(parts: &[Part]) -> Vec<BezPath> {
    parts
        .iter()
        .filter_map(|p| match *p {
            Circle(cx, cy, r) => Some(kurbo::Circle::new((cx, cy), r).to_path(0.01)),
            Rect(x, y, w, h, r) => {
                Some(kurbo::RoundedRect::new(x, y, x + w, y + h, r).to_path(0.01))
            }
            Path(d) => BezPath::from_svg(d).ok(),
        })
        .collect()
}

/// How a piece is coloured: body, outline, details.
#[derive(Clone, Copy, Debug)]
pub struct PieceStyle {
    fill: Rgb,
    stroke: Rgb,
    detail: Rgb,
}

/// A white piece.
pub const WHITE: PieceStyle = PieceStyle {
    fill: Rgb(0xfbf7ef),
    stroke: Rgb(0x2b2118),
    detail: Rgb(0x2b2118),
};
/// A black piece.
pub const BLACK: PieceStyle = PieceStyle {
    fill: Rgb(0x2f2a26),
    stroke: Rgb(0x0d0b0a),
    detail: Rgb(0xfbf7ef),
};
/// A wooden Royal Study piece.
pub const WOOD: PieceStyle = PieceStyle {
    fill: Rgb(0xe2b97f),
    stroke: Rgb(0x5b3a1a),
    detail: Rgb(0x5b3a1a),
};
/// A task square asking for a piece of either colour.
pub const GHOST: PieceStyle = PieceStyle {
    fill: Rgb(0xcfc5b8),
    stroke: Rgb(0x8a7e70),
    detail: Rgb(0x8a7e70),
};

/// Draws `piece` into the square at `(x, y)` of side `size` mm.
pub fn piece(canvas: &mut Canvas, piece: Piece, style: PieceStyle, x: f32, y: f32, size: f32) {
    let body = Paint::both(style.fill, style.stroke, 3.0);
    canvas.drawing(&outline(piece.parts()), x, y, size, body);
    canvas.drawing(
        &outline(piece.details()),
        x,
        y,
        size,
        Paint::fill(style.detail),
    );
    if piece == Piece::Bishop {
        let slit = BezPath::from_svg("M55 31l-10 13").ok();
        canvas.drawing(
            &slit.into_iter().collect::<Vec<_>>(),
            x,
            y,
            size,
            Paint::stroke(style.detail, 4.0),
        );
    }
}

/// The sliding side's colours.
pub const BLUE: Rgb = Rgb(0x2f6fd6);
/// Red.
pub const RED: Rgb = Rgb(0xd64a3a);
/// Green.
pub const GREEN: Rgb = Rgb(0x3a9d5d);

/// The colour of a sliding-side letter (`b`, `r`, `g`).
pub fn colour(letter: char) -> Option<Rgb> {
    match letter {
        'b' => Some(BLUE),
        'r' => Some(RED),
        'g' => Some(GREEN),
        _ => None,
    }
}

/// A darker shade, for a disc's rim (the web app lays 25 % black over the colour).
fn rim(c: Rgb) -> Rgb {
    let [_, r, g, b] = c.0.to_be_bytes();
    let d = |v: u8| u32::from(v) * 3 / 4;
    Rgb((d(r) << 16) | (d(g) << 8) | d(b))
}

/// A five-pointed star (the joker's, and a card's value), on the 100x100 canvas.
pub const STAR: &str = "M50 33l5 11 12 1-9 8 3 12-11-7-11 7 3-12-9-8 12-1z";

/// Draws a Check Mates token (a board letter of `side`) into the square at `(x, y)`.
pub fn token(canvas: &mut Canvas, chess: bool, letter: char, x: f32, y: f32, size: f32) {
    let unit = size / 100.0;
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    if !chess {
        if let Some(c) = colour(letter) {
            canvas.circle(cx, cy, 40.0 * unit, Paint::both(c, rim(c), 4.0 * unit));
            return;
        }
        // The joker: three sectors and a white star.
        let sectors = [
            (BLUE, "M50 50L15.4 70A40 40 0 0 1 50 10Z"),
            (RED, "M50 50L50 10A40 40 0 0 1 84.6 70Z"),
            (GREEN, "M50 50L84.6 70A40 40 0 0 1 15.4 70Z"),
        ];
        for (c, d) in sectors {
            let shape: Vec<BezPath> = BezPath::from_svg(d).ok().into_iter().collect();
            canvas.drawing(&shape, x, y, size, Paint::fill(c));
        }
        canvas.circle(
            cx,
            cy,
            40.0 * unit,
            Paint::stroke(Rgb(0x555555), 4.0 * unit),
        );
        let star: Vec<BezPath> = BezPath::from_svg(STAR).ok().into_iter().collect();
        canvas.drawing(&star, x, y, size, Paint::fill(Rgb(0xffffff)));
        return;
    }
    let Some(p) = Piece::from_letter(letter) else {
        return;
    };
    let (disc, ring, style) = if p == Piece::King {
        (Rgb(0xe8c35a), Rgb(0x8a6a10), WHITE)
    } else if letter.is_ascii_uppercase() {
        (Rgb(0xefe3cc), Rgb(0xa08a6a), WHITE)
    } else {
        (Rgb(0x8a7560), Rgb(0x4a3a2a), BLACK)
    };
    canvas.circle(cx, cy, 44.0 * unit, Paint::both(disc, ring, 3.0 * unit));
    let small = size * 0.62;
    piece(canvas, p, style, cx - small / 2.0, cy - small / 2.0, small);
}

/// Draws what a task square asks for (a task letter of `side`) into the square at `(x, y)`.
pub fn need(canvas: &mut Canvas, chess: bool, letter: char, x: f32, y: f32, size: f32) {
    let unit = size / 100.0;
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    let disc = |canvas: &mut Canvas, fill: Rgb, ring: Rgb, opacity: f32| {
        canvas.circle(
            cx,
            cy,
            40.0 * unit,
            Paint::both(fill, ring, 4.0 * unit).fill_opacity(opacity),
        );
    };
    match (chess, letter) {
        (false, c) => {
            if let Some(fill) = colour(c) {
                disc(canvas, fill, fill, 0.33);
            }
        }
        (true, 'w') => disc(canvas, Rgb(0xfbf7ef), Rgb(0x2b2118), 1.0),
        (true, 'b') => disc(canvas, Rgb(0x2f2a26), Rgb(0x0d0b0a), 1.0),
        (true, c) => {
            if let Some(p) = Piece::from_letter(c) {
                piece(canvas, p, GHOST, x, y, size);
            }
        }
    }
}

/// A star of `size` mm at `(x, y)`.
pub fn star(canvas: &mut Canvas, x: f32, y: f32, size: f32, color: Rgb) {
    let star: Vec<BezPath> = BezPath::from_svg(STAR).ok().into_iter().collect();
    // The star spans 33..67 of the canvas: scale it to fill the square.
    let scale = size / 34.0 * 100.0;
    canvas.drawing(
        &star,
        x - 33.0 * scale / 100.0,
        y - 33.0 * scale / 100.0,
        scale,
        Paint::both(color, rim(color), 2.0),
    );
}
