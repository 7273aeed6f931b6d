//! The language a page is first shown in: the player's choice (the `tabula-lang` cookie the
//! language menu sets), else the best match of the browser's `Accept-Language` among the
//! languages the web app has catalogues for (web/i18n/), else English. The browser-side code
//! reads it from `<html lang>`; Fluent's own negotiation crate matches the tags (`de-AT`
//! finds `de`, `ru;q=0.8` ranks below `en;q=0.9`).

use axum::http::HeaderMap;
use fluent_langneg::{
    LanguageIdentifier, NegotiationStrategy, accepted_languages, negotiate_languages,
};

/// The languages of the web app, English first (the fallback).
pub const LANGUAGES: [&str; 3] = ["en", "ru", "de"];

/// The cookie in which the browser keeps the player's chosen language.
pub const LANGUAGE_COOKIE: &str = "tabula-lang";

/// The language to show for a request: the chosen one, else the negotiated one.
pub fn page_language(headers: &HeaderMap) -> &'static str {
    if let Some(chosen) = crate::players::accounts::read_cookie(headers, LANGUAGE_COOKIE)
        && let Some(code) = LANGUAGES.iter().find(|code| **code == chosen)
    {
        return code;
    }
    let accepted = headers
        .get_all(axum::http::header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(accepted_languages::parse)
        .collect::<Vec<LanguageIdentifier>>();
    let available: Vec<LanguageIdentifier> = LANGUAGES
        .iter()
        .filter_map(|code| code.parse().ok())
        .collect();
    let default: LanguageIdentifier = LANGUAGES[0].parse().expect("a valid language tag");
    // Filtering ranks every match by the browser's order and lets `de-AT` match `de`.
    let chosen = negotiate_languages(
        &accepted,
        &available,
        Some(&default),
        NegotiationStrategy::Filtering,
    );
    let language = chosen.first().map(|l| l.language.as_str()).unwrap_or("en");
    LANGUAGES
        .iter()
        .find(|code| **code == language)
        .copied()
        .unwrap_or(LANGUAGES[0])
}

/// `index.html` with its `<html lang>` set to `language` and marked as negotiated.
pub fn localized_index(html: &str, language: &str) -> String {
    html.replacen(
        "<html lang=\"en\">",
        &format!("<html lang=\"{language}\" data-negotiated>"),
        1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;
    use axum::http::header::{ACCEPT_LANGUAGE, COOKIE};

    fn headers(pairs: &[(axum::http::HeaderName, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn accept_language_picks_the_best_language_we_have() {
        assert_eq!(page_language(&headers(&[])), "en");
        assert_eq!(page_language(&headers(&[(ACCEPT_LANGUAGE, "ru")])), "ru");
        assert_eq!(page_language(&headers(&[(ACCEPT_LANGUAGE, "de-AT")])), "de");
        assert_eq!(
            page_language(&headers(&[(ACCEPT_LANGUAGE, "ru-RU,en;q=0.8")])),
            "ru"
        );
        assert_eq!(
            page_language(&headers(&[(ACCEPT_LANGUAGE, "de-AT,de;q=0.9,en;q=0.5")])),
            "de"
        );
        assert_eq!(
            page_language(&headers(&[(
                ACCEPT_LANGUAGE,
                "fr-FR,fr;q=0.9,ru;q=0.8,en;q=0.7"
            )])),
            "ru"
        );
        assert_eq!(
            page_language(&headers(&[(ACCEPT_LANGUAGE, "en;q=0.9,ru;q=0.5")])),
            "en"
        );
        assert_eq!(
            page_language(&headers(&[(ACCEPT_LANGUAGE, "ja, fr")])),
            "en"
        );
        assert_eq!(
            page_language(&headers(&[(ACCEPT_LANGUAGE, "%%% garbage")])),
            "en"
        );
    }

    #[test]
    fn the_chosen_language_wins_over_the_browser() {
        let h = headers(&[(ACCEPT_LANGUAGE, "ru"), (COOKIE, "tabula-lang=de")]);
        assert_eq!(page_language(&h), "de");
        let unknown = headers(&[(ACCEPT_LANGUAGE, "ru"), (COOKIE, "tabula-lang=xx")]);
        assert_eq!(page_language(&unknown), "ru");
    }

    #[test]
    fn the_page_carries_its_language() {
        let page = localized_index("<!doctype html>\n<html lang=\"en\">\n<head>", "ru");
        assert!(
            page.contains("<html lang=\"ru\" data-negotiated>"),
            "{page}"
        );
    }
}
