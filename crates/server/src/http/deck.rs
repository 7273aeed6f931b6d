//! The printed decks: `GET /api/deck/checkmates.pdf` and `GET /api/deck/royal.pdf`, the
//! default decks the app plays, laid out by `tabula-deck` for duplex printing.
//!
//! Bounded: the query names only a language and how many of the deck's cards to print (at
//! most the deck's size, so no request asks for more than one deck's work); drawing runs on a
//! blocking thread, one at a time, and the last few PDFs are kept, since every client asking
//! for the same deck in the same language gets the same bytes.

use super::AppState;
use crate::error::{ApiError, Fault, Invalid};
use crate::unpoisoned::Locked;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tabula_deck::{Language, PrintOptions};
use tokio::sync::Semaphore;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/deck/checkmates.pdf", get(checkmates))
        .route("/api/deck/royal.pdf", get(royal))
}

/// The query as axum parses it, or why not.
type DeckQuery = Result<Query<HashMap<String, String>>, QueryRejection>;

async fn checkmates(state: State<AppState>, query: DeckQuery) -> Result<Response, ApiError> {
    deck(state, query, Game::CheckMates).await
}

async fn royal(state: State<AppState>, query: DeckQuery) -> Result<Response, ApiError> {
    deck(state, query, Game::Royal).await
}

/// Which deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    CheckMates,
    Royal,
}

impl Game {
    fn name(self) -> &'static str {
        match self {
            Game::CheckMates => "checkmates",
            Game::Royal => "royal",
        }
    }
}

/// A rendered deck: what was asked, and the PDF.
type Printed = ((Game, Language, Option<usize>), Arc<Vec<u8>>);

/// How many rendered decks are kept.
const KEPT: usize = 6;

/// The query: `lang` (en, ru, de; en if absent) and `cards` (1 to the deck's size).
fn options(query: &HashMap<String, String>) -> Result<PrintOptions, ApiError> {
    if let Some(unknown) = query
        .keys()
        .find(|k| !matches!(k.as_str(), "lang" | "cards"))
    {
        return Err(ApiError::BadInput(
            Invalid::Parameter,
            format!(
                "unknown parameter `{}`: lang and cards",
                unknown.chars().take(30).collect::<String>()
            ),
        ));
    }
    let language = match query.get("lang") {
        Some(l) => l
            .parse::<Language>()
            .map_err(|e| ApiError::BadInput(Invalid::Parameter, format!("lang: {e}")))?,
        None => Language::En,
    };
    let cards = match query.get("cards") {
        Some(c) => Some(c.parse::<usize>().map_err(|_| {
            ApiError::BadInput(
                Invalid::Parameter,
                format!(
                    "cards `{}`: a whole number of cards",
                    c.chars().take(30).collect::<String>()
                ),
            )
        })?),
        None => None,
    };
    Ok(PrintOptions { language, cards })
}

async fn deck(
    State(state): State<AppState>,
    query: DeckQuery,
    game: Game,
) -> Result<Response, ApiError> {
    let Query(query) =
        query.map_err(|e| ApiError::BadInput(Invalid::Query, format!("query: {e}")))?;
    let options = options(&query)?;
    let size = match game {
        Game::CheckMates => state.hub.services.checkmates_deck.cards.len(),
        Game::Royal => state.hub.services.royal_deck.len(),
    };
    tabula_deck::card_count(options.cards, size)
        .map_err(|e| ApiError::BadInput(Invalid::Parameter, format!("cards: {e}")))?;
    let pdf = printed(&state, game, options).await?;
    let file = format!("{}-{}.pdf", game.name(), options.language);
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
            (header::CACHE_CONTROL, "public, max-age=3600".to_string()),
        ],
        pdf.as_ref().clone(),
    )
        .into_response())
}

/// The PDF, from the kept ones or drawn on a blocking thread.
async fn printed(
    state: &AppState,
    game: Game,
    options: PrintOptions,
) -> Result<Arc<Vec<u8>>, ApiError> {
    static KEPT_DECKS: OnceLock<Mutex<Vec<Printed>>> = OnceLock::new();
    static DRAWING: Semaphore = Semaphore::const_new(1);
    let kept = KEPT_DECKS.get_or_init(|| Mutex::new(Vec::new()));
    let key = (game, options.language, options.cards);
    let find = || {
        kept.locked()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, pdf)| Arc::clone(pdf))
    };
    if let Some(pdf) = find() {
        return Ok(pdf);
    }
    let _turn = DRAWING
        .acquire()
        .await
        .map_err(|e| ApiError::Internal(Fault::Encoding, format!("deck drawing: {e}")))?;
    if let Some(pdf) = find() {
        return Ok(pdf); // drawn while this request waited its turn
    }
    let services = Arc::clone(&state.hub.services);
    let pdf = tokio::task::spawn_blocking(move || match game {
        Game::CheckMates => tabula_deck::checkmates_pdf(&services.checkmates_deck, options),
        Game::Royal => {
            let cards = tabula_deck::royal_cards(&services.royal, &services.royal_deck);
            tabula_deck::royal_pdf(&cards, services.royal_seed(), options)
        }
    })
    .await
    .map_err(|e| ApiError::Internal(Fault::Task, format!("deck drawing: {e}")))?
    .map_err(|e| ApiError::Internal(Fault::Encoding, format!("deck drawing: {e}")))?;
    let pdf = Arc::new(pdf);
    let mut kept = kept.locked();
    kept.push((key, Arc::clone(&pdf)));
    if kept.len() > KEPT {
        kept.remove(0);
    }
    Ok(pdf)
}
