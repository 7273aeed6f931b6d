//! The document: for every nine cards a page of fronts and a page of their backs, then the
//! token sheet and its back, with the headings, crop marks and advice every page carries.
//! What a game draws on its cards and tokens comes from its [`Printable`].

use crate::draw::{Canvas, Fonts, PT_PER_MM};
use crate::sheet::{self, Face, PAGE, PER_PAGE};
use crate::words::{Arg, Words};
use crate::{DeckError, PrintOptions, card_count, page_count};
use krilla::Document;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;

/// A game's deck as the sheets print it.
pub trait Printable {
    /// A card.
    type Card;
    /// The message naming the game (its published name in each language).
    const GAME: &'static str;
    /// The card's number in the deck, from 1.
    fn number(card: &Self::Card) -> usize;
    /// The message naming what a page of `face` shows of its cards.
    fn face(face: Face) -> &'static str;
    /// Draws the `face` of a card with its trim corner at `(x, y)`.
    fn card(canvas: &mut Canvas, words: &Words, face: Face, card: &Self::Card, x: f32, y: f32);
    /// Draws the token sheet's page of `face` (below its heading).
    fn tokens(canvas: &mut Canvas, words: &Words, face: Face);
}

/// The PDF of the first `options.cards` of `cards` (all without it), from the deck of `seed`.
pub fn print<P: Printable>(
    cards: &[P::Card],
    seed: u64,
    options: PrintOptions,
) -> Result<Vec<u8>, DeckError> {
    let words = Words::new(options.language)?;
    let count = card_count(options.cards, cards.len())?;
    let game = words.plain(P::GAME);
    let pages = page_count(count);
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(game.clone())
            .language(options.language.code().to_string())
            .creator("Tabula".to_string()),
    );
    let fonts = Fonts::load().ok_or(DeckError::Font)?;
    let advice = words.plain("print-help");
    let heading = |id: &str, page: usize, more: &[(&str, Arg)]| {
        let mut args = vec![
            ("game", Arg::Text(game.clone())),
            ("page", page.into()),
            ("pages", pages.into()),
        ];
        args.extend(more.iter().cloned());
        words.get(id, &args)
    };
    let mut page_no = 0;
    let mut add_page = |heading: String, draw: &dyn Fn(&mut Canvas)| {
        let settings = PageSettings::from_wh(PAGE.0 * PT_PER_MM, PAGE.1 * PT_PER_MM)
            .ok_or_else(|| DeckError::Pdf("page size".into()))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        let mut canvas = Canvas::new(&mut surface, &fonts);
        sheet::margins(&mut canvas, &heading, &advice);
        draw(&mut canvas);
        surface.finish();
        page.finish();
        Ok::<(), DeckError>(())
    };
    for chunk in cards[..count].chunks(PER_PAGE) {
        let first = P::number(&chunk[0]);
        let last = P::number(&chunk[chunk.len() - 1]);
        for face in [Face::Front, Face::Back] {
            page_no += 1;
            let face_words = words.plain(P::face(face));
            let text = heading(
                "print-sheet-cards",
                page_no,
                &[
                    ("count", chunk.len().into()),
                    ("first", first.into()),
                    ("last", last.into()),
                    ("face", Arg::Text(face_words)),
                ],
            );
            add_page(text, &|canvas| {
                for (i, card) in chunk.iter().enumerate() {
                    let (x, y) = sheet::slot(i, face);
                    P::card(canvas, &words, face, card, x, y);
                }
                sheet::crop_marks(canvas);
            })?;
        }
    }
    let made = words.get("print-made", &[("seed", Arg::Text(seed.to_string()))]);
    for (face, id) in [
        (Face::Front, "print-sheet-tokens"),
        (Face::Back, "print-sheet-token-backs"),
    ] {
        page_no += 1;
        add_page(heading(id, page_no, &[]), &|canvas| {
            P::tokens(canvas, &words, face);
            sheet::made_by(canvas, &made);
        })?;
    }
    words.check()?;
    document
        .finish()
        .map_err(|e| DeckError::Pdf(format!("{e:?}")))
}
