//! The web UI as served (issue #31, fast pages): scripts, styles and catalogues at
//! content-hashed URLs kept for a year, the same files at plain URLs revalidated by ETag,
//! the page's import map allowed by its Content-Security-Policy (also in its 304), each page
//! naming its own modules as preloads, the modules minified, and each language's catalogues
//! as one file that parses as the sum of its parts.

use crate::common;

use base64::Engine;
use common::{Answer, request, start_limited};
use fluent_syntax::ast::Entry;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use tabula_server::Limits;

fn text(a: &Answer) -> &str {
    a.body.as_str().unwrap_or_default()
}

/// Every `"/assets/..."` the page names.
fn urls(page: &str) -> Vec<String> {
    page.split("\"/assets/")
        .skip(1)
        .map(|s| format!("/assets/{}", &s[..s.find('"').unwrap()]))
        .collect()
}

/// The page's hashed URL of `name` (`app.js`: `/assets/app.<16 hex>.js`).
fn hashed(page: &str, name: &str) -> Option<String> {
    let (stem, ext) = name.rsplit_once('.').unwrap();
    urls(page).into_iter().find(|u| {
        u.strip_prefix(&format!("/assets/{stem}."))
            .and_then(|r| r.strip_suffix(&format!(".{ext}")))
            .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
    })
}

async fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Answer {
    request(addr, 1, "GET", path, headers, None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hashed_urls_are_kept_a_year_and_plain_ones_are_revalidated() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    let page = get(s.addr, "/", &[]).await;
    let page = text(&page);
    for name in ["app.js", "app.css", "favicon.svg"] {
        let url = hashed(page, name).unwrap_or_else(|| panic!("{name} hashed in {page}"));
        let forever = get(s.addr, &url, &[]).await;
        assert_eq!(forever.status, 200, "{url}");
        assert_eq!(
            forever.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{url}"
        );
        let plain = get(s.addr, &format!("/assets/{name}"), &[]).await;
        assert_eq!(plain.header("cache-control"), Some("no-cache"), "{name}");
        assert_eq!(plain.body, forever.body, "{name}: one file at both URLs");
        assert_eq!(plain.header("etag"), forever.header("etag"));
        // a hash of another copy (a page from before an upgrade) gets today's file, not kept
        let (stem, ext) = name.rsplit_once('.').unwrap();
        let stale = get(
            s.addr,
            &format!("/assets/{stem}.0123456789abcdef.{ext}"),
            &[],
        )
        .await;
        assert_eq!(stale.status, 200);
        assert_eq!(stale.header("cache-control"), Some("no-cache"));
        assert_eq!(stale.body, plain.body);
    }
    let missing = get(s.addr, "/assets/nosuch.0123456789abcdef.js", &[]).await;
    assert_eq!(missing.status, 404);
}

/// The page's import map and the hash its policy allows.
fn import_map(page: &str) -> (Value, String) {
    let start = page.find("<script type=\"importmap\">").unwrap() + 25;
    let end = start + page[start..].find("</script>").unwrap();
    let source = &page[start..end];
    let digest = Sha256::digest(source.as_bytes());
    let allowed = format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    );
    (serde_json::from_str(source).unwrap(), allowed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_import_map_sends_every_module_to_its_hashed_url_and_the_policy_allows_it() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    let first = get(s.addr, "/quickchess/play/abc", &[]).await;
    let page = text(&first);
    let (map, allowed) = import_map(page);
    let csp = first.header("content-security-policy").unwrap();
    assert!(
        csp.contains(&format!("script-src 'self' {allowed}")),
        "{csp}"
    );
    let imports = map["imports"].as_object().unwrap();
    assert!(imports.len() > 20, "{imports:?}");
    for (plain, to) in imports {
        let to = to.as_str().unwrap();
        let name = plain.strip_prefix("/assets/").unwrap();
        assert_eq!(Some(to.to_string()), hashed(&format!("\"{to}\""), name));
    }
    // the 304 of a kept page carries the same policy: its headers replace the kept ones
    let tag = first.header("etag").unwrap();
    let again = get(s.addr, "/quickchess/play/abc", &[("If-None-Match", tag)]).await;
    assert_eq!(again.status, 304);
    assert_eq!(again.header("content-security-policy"), Some(csp));
    // other answers keep the strict policy without it
    let api = get(s.addr, "/api/health", &[]).await;
    assert!(
        api.header("content-security-policy")
            .unwrap()
            .contains("script-src 'self';")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_page_preloads_its_own_modules_and_its_languages_catalogues() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    let preloads = |page: &str| -> Vec<String> {
        page.split("<link rel=\"modulepreload\" href=\"")
            .skip(1)
            .map(|l| l[..l.find('"').unwrap()].to_string())
            .collect()
    };
    let game = get(s.addr, "/quickchess/play/abc", &[]).await;
    let game = text(&game);
    let home = get(s.addr, "/", &[]).await;
    let home = text(&home);
    let puzzles = get(s.addr, "/puzzles", &[]).await;
    let puzzles = text(&puzzles);
    let named = |page: &str, name: &str| {
        let url = hashed(page, name);
        url.is_some_and(|u| preloads(page).contains(&u))
    };
    for page in [game, home, puzzles] {
        assert!(named(page, "app.js") && named(page, "text.js"), "{page}");
    }
    assert!(named(game, "quickchess.js") && named(game, "board-input.js"));
    assert!(named(puzzles, "puzzles.js") && !named(home, "puzzles.js"));
    assert!(!named(game, "puzzles.js") && !named(game, "rules.js"));
    // an English page fetches the English catalogue; a German one German's and English's
    let de = get(s.addr, "/", &[("Accept-Language", "de")]).await;
    let de = text(&de);
    assert!(home.contains("data-catalogue=\"en\"") && !home.contains("data-catalogue=\"de\""));
    assert!(de.contains("data-catalogue=\"de\"") && de.contains("data-catalogue=\"en\""));
    let url = hashed(de, "i18n/de.ftl").unwrap();
    assert_eq!(
        get(s.addr, &url, &[]).await.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modules_are_minified_and_a_language_is_one_catalogue() {
    let s = start_limited(Limits::default().unlimited_rates()).await;
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    for name in ["app.js", "board.js", "vendor/fluent-bundle/resolver.js"] {
        let served = get(s.addr, &format!("/assets/{name}"), &[]).await;
        let source = std::fs::read_to_string(web.join(name)).unwrap();
        let served = text(&served);
        assert!(
            served.len() * 3 < source.len() * 2,
            "{name}: {} of {} bytes",
            served.len(),
            source.len()
        );
        assert!(!served.contains("@param"), "{name}: comments are gone");
    }
    for language in ["en", "ru", "de"] {
        let served = get(s.addr, &format!("/assets/i18n/{language}.ftl"), &[]).await;
        let whole = fluent_syntax::parser::parse(text(&served).to_string())
            .unwrap_or_else(|(_, e)| panic!("{language}: {e:?}"));
        let messages = |r: &fluent_syntax::ast::Resource<String>| {
            r.body
                .iter()
                .filter(|e| matches!(e, Entry::Message(_) | Entry::Term(_)))
                .count()
        };
        let mut parts = 0;
        for file in std::fs::read_dir(web.join("i18n").join(language)).unwrap() {
            let source = std::fs::read_to_string(file.unwrap().path()).unwrap();
            parts += messages(&fluent_syntax::parser::parse(source).unwrap());
        }
        assert_eq!(messages(&whole), parts, "{language}");
    }
}
