//! What the server sends of the embedded web UI, prepared once: every file under `web/` with
//! the hash of what is served, the modules minified, each language's catalogues as one file,
//! and the page (`index.html`) pointing at content-hashed URLs.
//!
//! A file is served at its plain URL (`/assets/board.js`, revalidated with its ETag) and at a
//! hashed one (`/assets/board.1f2e3d4c5b6a7988.js`) that never changes meaning, so browsers
//! keep it for a year without asking again: a repeat visit costs the page alone. Modules
//! import each other by plain relative names (`./board.js`); the page's import map sends
//! each to its hashed URL, so no module's text depends on another's hash and the browser's
//! own `import('/assets/text.js')` (the tests use it) reaches the same instance the page
//! runs. The page also lists every module the app's entry reaches as `modulepreload`, so the
//! browser fetches them all at once instead of one level of imports per round trip.

use super::minify::minify_module;
use crate::unpoisoned::Locked;
use axum::body::Bytes;
use base64::Engine;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

/// One file as served.
#[derive(Debug, Clone)]
pub struct Asset {
    /// What is sent.
    pub body: Bytes,
    /// Its media type.
    pub mime: &'static str,
    /// The first 64 bits of the SHA-256 of `body`, in hex: the file's name in hashed URLs
    /// and its ETag.
    pub hash: String,
}

/// How an asset's answer may be kept by the browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// A hashed URL naming this very content: kept for a year, never asked again.
    Forever,
    /// A plain URL (or a hash of an older copy): kept, but asked again with its ETag.
    Revalidate,
}

/// The prepared web UI.
#[derive(Debug)]
pub struct Catalog {
    files: HashMap<String, Asset>,
    /// `index.html` with hashed URLs and the import map; [`PRELOADS`] marks where each
    /// request's preloads go (its language's catalogues, its page's modules).
    page: String,
    /// Each module's static imports, as asset paths.
    imports: HashMap<String, Vec<String>>,
    /// The Content-Security-Policy's hash source of the page's import map.
    import_map_hash: String,
    /// A hash over every served file: the page's ETag changes whenever any of them does.
    fingerprint: String,
}

/// Where the page's preloads go (they depend on the request's language and path).
const PRELOADS: &str = "<!--preloads-->";
/// The app's entry module, the root of what the page preloads.
const ENTRY: &str = "app.js";

/// The catalogue of the languages' messages as one file: `i18n/en.ftl` for the files in
/// `i18n/en/`.
fn catalogue_path(language: &str) -> String {
    format!("i18n/{language}.ftl")
}

fn mime(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("ftl") => "text/plain; charset=utf-8",
        Some("webmanifest") => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

fn short_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `dir/name.HASH.ext` for `dir/name.ext`.
fn hashed_name(path: &str, hash: &str) -> String {
    match path.rsplit_once('.') {
        Some((stem, ext)) if !stem.ends_with('/') && !stem.is_empty() => {
            format!("{stem}.{hash}.{ext}")
        }
        _ => format!("{path}.{hash}"),
    }
}

/// The hashed URL of the file at `path` among `files`, or its plain URL if there is none.
fn hashed_url(files: &HashMap<String, Asset>, path: &str) -> String {
    match files.get(path) {
        Some(a) => format!("/assets/{}", hashed_name(path, &a.hash)),
        None => format!("/assets/{path}"),
    }
}

/// `dir/name.ext` and `HASH` for a hashed name `dir/name.HASH.ext`, if it is one.
fn split_hashed(path: &str) -> Option<(String, &str)> {
    let (rest, ext) = path.rsplit_once('.')?;
    let (stem, hash) = rest.rsplit_once('.')?;
    let is_hash = hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit());
    (is_hash && !stem.is_empty()).then(|| (format!("{stem}.{ext}"), hash))
}

/// The asset path a module's relative import names (`./x.js` from `vendor/a/b.js`).
fn resolve(from: &str, specifier: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    (specifier.starts_with("./") || specifier.starts_with("../")).then(|| parts.join("/"))
}

/// The minified copies made so far, by the SHA-256 of their source: a rebuild (a debug
/// build reads `web/` live) minifies only what changed.
type MinifyCache = HashMap<[u8; 32], (Bytes, Vec<String>)>;

impl Catalog {
    /// Prepares everything embedded (or, in a debug build, what is in `web/` now).
    fn build(cache: &mut MinifyCache) -> Catalog {
        let mut files = HashMap::new();
        let mut imports: HashMap<String, Vec<String>> = HashMap::new();
        let mut catalogues: BTreeMap<String, Vec<(String, Bytes)>> = BTreeMap::new();
        for path in Web::iter() {
            let Some(file) = Web::get(&path) else {
                continue;
            };
            let path = path.to_string();
            let mut body = Bytes::from(file.data.into_owned());
            // the service worker is a classic script, and the tests' pages load as they are
            if path.ends_with(".js") && path != "sw.js" {
                let key = file.metadata.sha256_hash();
                let entry = cache.entry(key).or_insert_with(|| {
                    match minify_module(&String::from_utf8_lossy(&body)) {
                        Ok(m) => (Bytes::from(m.code), m.imports),
                        Err(e) => {
                            tracing::warn!(path, error = e, "a module served unminified");
                            (body.clone(), Vec::new())
                        }
                    }
                });
                body = entry.0.clone();
                let deps = entry.1.iter().filter_map(|s| resolve(&path, s)).collect();
                imports.insert(path.clone(), deps);
            }
            if let Some(rest) = path.strip_prefix("i18n/")
                && let Some((language, name)) = rest.split_once('/')
                && name.ends_with(".ftl")
            {
                catalogues
                    .entry(language.to_string())
                    .or_default()
                    .push((name.to_string(), body.clone()));
            }
            let asset = Asset {
                hash: short_hash(&body),
                mime: mime(&path),
                body,
            };
            files.insert(path, asset);
        }
        for (language, mut parts) in catalogues {
            parts.sort();
            let mut text = Vec::new();
            for (name, body) in parts {
                // a group comment names the file each message came from
                text.extend_from_slice(format!("## {language}/{name}\n").as_bytes());
                text.extend_from_slice(&body);
                if !text.ends_with(b"\n") {
                    text.push(b'\n');
                }
            }
            let body = Bytes::from(text);
            let path = catalogue_path(&language);
            let asset = Asset {
                hash: short_hash(&body),
                mime: mime(&path),
                body,
            };
            files.insert(path, asset);
        }
        let mut fingerprint = Sha256::new();
        let mut names: Vec<&String> = files.keys().collect();
        names.sort();
        for name in names {
            fingerprint.update(name.as_bytes());
            fingerprint.update(files[name].hash.as_bytes());
        }
        let fingerprint = short_hash(&fingerprint.finalize());
        let (page, import_map_hash) = page(&files, &imports);
        Catalog {
            files,
            page,
            imports,
            import_map_hash,
            fingerprint,
        }
    }

    /// The asset at `path` (plain or hashed) and how long it may be kept.
    pub fn get(&self, path: &str) -> Option<(&Asset, Keep)> {
        if let Some(asset) = self.files.get(path) {
            return Some((asset, Keep::Revalidate));
        }
        let (plain, hash) = split_hashed(path)?;
        let asset = self.files.get(&plain)?;
        // an older copy's hash (a page from before an upgrade) gets today's file, kept only
        // until it is asked for again
        let keep = if asset.hash == hash {
            Keep::Forever
        } else {
            Keep::Revalidate
        };
        Some((asset, keep))
    }

    /// The hashed URL of the asset at `path`, or its plain URL if there is none.
    pub fn url(&self, path: &str) -> String {
        hashed_url(&self.files, path)
    }

    /// The page for a visitor reading `language` at a page drawn by `module`: the catalogues
    /// it will load (the language's, and English's for what it lacks) and every module the
    /// app's entry and the page's own module import are fetched with the page's first
    /// requests.
    pub fn page(&self, language: &str, module: Option<&str>) -> String {
        let mut links = String::new();
        let mut languages = vec![language];
        if language != "en" {
            languages.push("en");
        }
        for l in languages {
            let path = catalogue_path(l);
            if self.files.contains_key(&path) {
                links.push_str(&format!(
                    "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\" data-catalogue=\"{l}\">\n",
                    self.url(&path)
                ));
            }
        }
        let roots: Vec<&str> = std::iter::once(ENTRY).chain(module).collect();
        for m in reached(&roots, &self.imports) {
            links.push_str(&format!(
                "<link rel=\"modulepreload\" href=\"{}\">\n",
                self.url(&m)
            ));
        }
        self.page.replacen(PRELOADS, &links, 1)
    }

    /// The Content-Security-Policy source that lets the page's import map run.
    pub fn import_map_source(&self) -> &str {
        &self.import_map_hash
    }

    /// Changes whenever any served file does.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }
}

/// The page with hashed URLs and the import map, and the import map's CSP hash.
fn page(
    files: &HashMap<String, Asset>,
    imports: &HashMap<String, Vec<String>>,
) -> (String, String) {
    let html = files
        .get("index.html")
        .map(|a| String::from_utf8_lossy(&a.body).into_owned())
        .unwrap_or_default();
    let url = |path: &str| hashed_url(files, path);
    // every `"/assets/x"` of the page names its hashed URL
    let mut out = String::with_capacity(html.len() + 4096);
    let mut rest = html.as_str();
    while let Some(at) = rest.find("\"/assets/") {
        out.push_str(&rest[..at + 1]);
        let after = &rest[at + "\"/assets/".len()..];
        let end = after.find('"').unwrap_or(after.len());
        out.push_str(&url(&after[..end]));
        rest = &after[end..];
    }
    out.push_str(rest);
    let mut map = serde_json::Map::new();
    let mut modules: Vec<&String> = imports.keys().collect();
    modules.sort();
    for m in modules {
        map.insert(format!("/assets/{m}"), url(m).into());
    }
    let map = serde_json::json!({ "imports": map }).to_string();
    let digest = Sha256::digest(map.as_bytes());
    let csp = format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    );
    let head = format!("<script type=\"importmap\">{map}</script>\n{PRELOADS}");
    let page = match out.find("</head>") {
        Some(at) => format!("{}{head}{}", &out[..at], &out[at..]),
        None => out,
    };
    (page, csp)
}

/// Every module `roots` reach by static imports, the roots first, each once.
fn reached(roots: &[&str], imports: &HashMap<String, Vec<String>>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for r in roots {
        if !seen.iter().any(|s| s == r) {
            seen.push(r.to_string());
        }
    }
    let mut i = 0;
    while i < seen.len() {
        for d in imports.get(&seen[i]).into_iter().flatten() {
            if !seen.contains(d) {
                seen.push(d.clone());
            }
        }
        i += 1;
    }
    seen
}

/// The catalog in use. A release build prepares it once; a debug build (which reads `web/`
/// from the disk) looks again at most once a second, so an edited file shows on reload.
pub fn catalog() -> Arc<Catalog> {
    // a release build's files never change: no lock on the way of every request
    static FIXED: OnceLock<Arc<Catalog>> = OnceLock::new();
    if !cfg!(debug_assertions) {
        return Arc::clone(FIXED.get_or_init(|| Arc::new(Catalog::build(&mut MinifyCache::new()))));
    }
    struct Live {
        catalog: Arc<Catalog>,
        checked: Instant,
        sources: String,
        cache: MinifyCache,
    }
    static LIVE: OnceLock<Mutex<Live>> = OnceLock::new();
    let sources = || -> String {
        let mut all = Sha256::new();
        for path in Web::iter() {
            if let Some(f) = Web::get(&path) {
                all.update(path.as_bytes());
                all.update(f.metadata.sha256_hash());
            }
        }
        short_hash(&all.finalize())
    };
    let live = LIVE.get_or_init(|| {
        let mut cache = MinifyCache::new();
        let catalog = Arc::new(Catalog::build(&mut cache));
        Mutex::new(Live {
            catalog,
            checked: Instant::now(),
            sources: sources(),
            cache,
        })
    });
    let mut live = live.locked();
    if live.checked.elapsed() > Duration::from_secs(1) {
        live.checked = Instant::now();
        let now = sources();
        if now != live.sources {
            live.sources = now;
            let catalog = Catalog::build(&mut live.cache);
            live.catalog = Arc::new(catalog);
        }
    }
    Arc::clone(&live.catalog)
}
