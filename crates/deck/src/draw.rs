//! Drawing on a PDF page with krilla: filled and stroked shapes in millimetres, SVG path data
//! (parsed by kurbo, so the web app's piece drawings carry over unchanged), and text in the
//! embedded DejaVu Sans, measured so it can be centred and wrapped.
//!
//! krilla's page space has its origin at the top left with y growing downwards, like SVG;
//! everything here is in millimetres and converted to points at the edge.

use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use kurbo::{BezPath, PathEl, Shape};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

/// Points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// A colour as `0xRRGGBB`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u32);

impl Rgb {
    fn krilla(self) -> rgb::Color {
        let [_, r, g, b] = self.0.to_be_bytes();
        rgb::Color::new(r, g, b)
    }
}

/// How a shape is painted: an optional fill, an optional outline (width in mm), an opacity.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    /// Fill colour.
    pub fill: Option<Rgb>,
    /// Outline colour and width in millimetres.
    pub stroke: Option<(Rgb, f32)>,
    /// Fill opacity from 0 to 1.
    pub fill_opacity: f32,
    /// Dashed outline (dash and gap in millimetres).
    pub dash: Option<f32>,
}

impl Paint {
    /// A plain fill.
    pub fn fill(color: Rgb) -> Paint {
        Paint {
            fill: Some(color),
            stroke: None,
            fill_opacity: 1.0,
            dash: None,
        }
    }

    /// A plain outline.
    pub fn stroke(color: Rgb, width: f32) -> Paint {
        Paint {
            fill: None,
            stroke: Some((color, width)),
            fill_opacity: 1.0,
            dash: None,
        }
    }

    /// A fill with an outline.
    pub fn both(fill: Rgb, stroke: Rgb, width: f32) -> Paint {
        Paint {
            fill: Some(fill),
            stroke: Some((stroke, width)),
            fill_opacity: 1.0,
            dash: None,
        }
    }

    /// The same with a dashed outline.
    pub fn dashed(mut self, dash: f32) -> Paint {
        self.dash = Some(dash);
        self
    }

    /// The same with a see-through fill.
    pub fn fill_opacity(mut self, opacity: f32) -> Paint {
        self.fill_opacity = opacity;
        self
    }
}

/// The two weights of the embedded font, with their outlines for measuring.
pub struct Fonts {
    regular: (Font, &'static [u8]),
    bold: (Font, &'static [u8]),
}

impl Fonts {
    /// DejaVu Sans, regular and bold, from the `dejavu` crate (the DejaVu fonts' free licence
    /// allows embedding them; they cover Latin, Cyrillic and the symbols the cards use).
    pub fn load() -> Option<Fonts> {
        let regular = dejavu::sans::regular();
        let bold = dejavu::sans::bold();
        Some(Fonts {
            regular: (Font::new(regular.into(), 0)?, regular),
            bold: (Font::new(bold.into(), 0)?, bold),
        })
    }

    fn pick(&self, bold: bool) -> &(Font, &'static [u8]) {
        if bold { &self.bold } else { &self.regular }
    }

    /// The width of `text` at `size` points, in millimetres (advance widths, no kerning).
    pub fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        let Ok(font) = FontRef::new(self.pick(bold).1) else {
            return 0.0;
        };
        let charmap = font.charmap();
        let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
        let points: f32 = text
            .chars()
            .map(|c| {
                charmap
                    .map(c)
                    .and_then(|g| metrics.advance_width(g))
                    .unwrap_or(size * 0.5)
            })
            .sum();
        points / PT_PER_MM
    }

    /// `text` broken into lines no wider than `width` mm (at word boundaries).
    pub fn wrap(&self, text: &str, size: f32, bold: bool, width: f32) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && self.width(&candidate, size, bold) > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// Where a line of text sits relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the line's left end.
    Left,
    /// The anchor is the line's middle.
    Centre,
    /// The anchor is the line's right end.
    Right,
}

/// A page being drawn: the krilla surface and the fonts.
pub struct Canvas<'s, 'p> {
    surface: &'s mut Surface<'p>,
    fonts: &'s Fonts,
}

fn pt(mm: f32) -> f32 {
    mm * PT_PER_MM
}

impl<'s, 'p> Canvas<'s, 'p> {
    /// A canvas on a page's surface.
    pub fn new(surface: &'s mut Surface<'p>, fonts: &'s Fonts) -> Self {
        Canvas { surface, fonts }
    }

    fn paint(&mut self, path: &Path, paint: Paint) {
        self.surface.set_fill(paint.fill.map(|c| Fill {
            paint: c.krilla().into(),
            opacity: NormalizedF32::new(paint.fill_opacity).unwrap_or(NormalizedF32::ONE),
            rule: Default::default(),
        }));
        self.surface.set_stroke(paint.stroke.map(|(c, w)| Stroke {
            paint: c.krilla().into(),
            width: pt(w),
            line_join: LineJoin::Round,
            dash: paint.dash.map(|d| StrokeDash {
                array: vec![pt(d), pt(d)],
                offset: 0.0,
            }),
            ..Stroke::default()
        }));
        self.surface.draw_path(path);
        self.surface.set_stroke(None);
    }

    /// Draws a kurbo path given in millimetres.
    pub fn shape(&mut self, bez: &BezPath, paint: Paint) {
        if let Some(path) = to_krilla(bez, pt(1.0)) {
            self.paint(&path, paint);
        }
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, paint: Paint) {
        let r = kurbo::Rect::new(x.into(), y.into(), (x + w).into(), (y + h).into());
        self.shape(&r.to_path(0.01), paint);
    }

    /// A circle.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, paint: Paint) {
        let c = kurbo::Circle::new((f64::from(cx), f64::from(cy)), r.into());
        self.shape(&c.to_path(0.01), paint);
    }

    /// A straight line.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), color: Rgb, width: f32) {
        let mut bez = BezPath::new();
        bez.move_to((f64::from(from.0), f64::from(from.1)));
        bez.line_to((f64::from(to.0), f64::from(to.1)));
        self.shape(&bez, Paint::stroke(color, width));
    }

    /// Draws `shapes` (on a 100x100 canvas, as in the web app) into the square at `(x, y)`
    /// of side `size` mm; the outline width is in the shapes' own units.
    pub fn drawing(&mut self, shapes: &[BezPath], x: f32, y: f32, size: f32, paint: Paint) {
        let scale = f64::from(size) / 100.0;
        let affine =
            kurbo::Affine::translate((f64::from(x), f64::from(y))) * kurbo::Affine::scale(scale);
        let paint = Paint {
            stroke: paint.stroke.map(|(c, w)| (c, w * size / 100.0)),
            ..paint
        };
        for s in shapes {
            self.shape(&(affine * s.clone()), paint);
        }
    }

    /// One line of text with its baseline at `y`.
    pub fn text(&mut self, text: &str, x: f32, y: f32, size: f32, style: TextStyle) {
        let width = self.fonts.width(text, size, style.bold);
        let left = match style.align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        self.surface.set_fill(Some(Fill {
            paint: style.color.krilla().into(),
            opacity: NormalizedF32::ONE,
            rule: Default::default(),
        }));
        self.surface.set_stroke(None);
        let font = self.fonts.pick(style.bold).0.clone();
        self.surface.draw_text(
            Point::from_xy(pt(left), pt(y)),
            font,
            size,
            text,
            false,
            TextDirection::Auto,
        );
    }

    /// Wrapped text from `y` (the first baseline) down; returns the y below the last line.
    pub fn paragraph(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        width: f32,
        size: f32,
        style: TextStyle,
    ) -> f32 {
        let leading = size * 1.3 / PT_PER_MM;
        let mut at = y;
        for line in self.fonts.wrap(text, size, style.bold, width) {
            self.text(&line, x, at, size, style);
            at += leading;
        }
        at
    }
}

/// How a line of text looks.
#[derive(Clone, Copy, Debug)]
pub struct TextStyle {
    /// Colour.
    pub color: Rgb,
    /// Bold weight.
    pub bold: bool,
    /// Alignment to the anchor.
    pub align: Align,
}

impl TextStyle {
    /// Regular text in `color`, aligned as given.
    pub fn new(color: Rgb, align: Align) -> TextStyle {
        TextStyle {
            color,
            bold: false,
            align,
        }
    }

    /// The same in bold.
    pub fn bold(mut self) -> TextStyle {
        self.bold = true;
        self
    }
}

/// A kurbo path (in millimetres) as a krilla path (in points).
fn to_krilla(bez: &BezPath, scale: f32) -> Option<Path> {
    let s = |v: f64| v as f32 * scale;
    let mut builder = PathBuilder::new();
    for el in bez.elements() {
        match *el {
            PathEl::MoveTo(p) => builder.move_to(s(p.x), s(p.y)),
            PathEl::LineTo(p) => builder.line_to(s(p.x), s(p.y)),
            PathEl::QuadTo(a, p) => builder.quad_to(s(a.x), s(a.y), s(p.x), s(p.y)),
            PathEl::CurveTo(a, b, p) => {
                builder.cubic_to(s(a.x), s(a.y), s(b.x), s(b.y), s(p.x), s(p.y))
            }
            PathEl::ClosePath => builder.close(),
        }
    }
    builder.finish()
}
