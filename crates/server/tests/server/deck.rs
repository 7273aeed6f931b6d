//! The printed decks over HTTP: `GET /api/deck/{checkmates,royal}.pdf?lang=..&cards=..`
//! answers a PDF to download, and refuses a language it has no words for, a card count
//! beyond the deck (no request asks for more than one deck's work) and an unknown parameter.

use crate::common;

use common::{request, start};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_decks_download_as_pdf_in_each_language() {
    let s = start().await;
    for (path, file) in [
        ("/api/deck/checkmates.pdf?lang=ru", "checkmates-ru.pdf"),
        ("/api/deck/royal.pdf?lang=de&cards=9", "royal-de.pdf"),
        ("/api/deck/royal.pdf", "royal-en.pdf"),
    ] {
        let a = request(s.addr, 1, "GET", path, &[], None).await;
        assert_eq!(a.status, 200, "{path}: {:?}", a.body);
        assert_eq!(a.header("content-type"), Some("application/pdf"), "{path}");
        assert_eq!(
            a.header("content-disposition"),
            Some(format!("attachment; filename=\"{file}\"").as_str()),
            "{path}"
        );
        let length: usize = a.header("content-length").unwrap().parse().unwrap();
        assert!(length > 10_000, "{path}: {length} bytes");
        assert!(a.body.as_str().unwrap().starts_with("%PDF-"), "{path}");
    }
    // The same request again is the same document (kept, not drawn again).
    let first = request(
        s.addr,
        1,
        "GET",
        "/api/deck/royal.pdf?lang=de&cards=9",
        &[],
        None,
    )
    .await;
    let again = request(
        s.addr,
        1,
        "GET",
        "/api/deck/royal.pdf?lang=de&cards=9",
        &[],
        None,
    )
    .await;
    assert_eq!(
        first.header("content-length"),
        again.header("content-length")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_deck_requests_get_a_400_that_says_why() {
    let s = start().await;
    for (path, words) in [
        (
            "/api/deck/checkmates.pdf?cards=29",
            "cards 29: the deck has 28 cards, so 1 to 28",
        ),
        (
            "/api/deck/royal.pdf?cards=1000000",
            "the deck has 60 cards, so 1 to 60",
        ),
        ("/api/deck/royal.pdf?cards=0", "cards 0"),
        ("/api/deck/royal.pdf?cards=-3", "cards `-3`: a whole number"),
        (
            "/api/deck/checkmates.pdf?lang=fr",
            "unknown language `fr`: en, ru or de",
        ),
        (
            "/api/deck/checkmates.pdf?seed=5",
            "unknown parameter `seed`",
        ),
    ] {
        let a = request(s.addr, 1, "GET", path, &[], None).await;
        assert_eq!(a.status, 400, "{path}");
        assert_eq!(a.body["code"], "bad_input", "{path}");
        let error = a.body["error"].as_str().unwrap();
        assert!(error.contains(words), "{path}: {error}");
    }
    // Querni has no cards: no deck is printed for it.
    let a = request(s.addr, 1, "GET", "/api/deck/querni.pdf", &[], None).await;
    assert_ne!(a.header("content-type"), Some("application/pdf"));
}
