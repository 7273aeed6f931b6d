//! Built-in TLS for a site of one node (`--tls-cert`, `--tls-key`): rustls, the certificate
//! read again when its files change (a renewal by certbot or acme.sh needs no restart), and the
//! plain-HTTP redirect to it.
//!
//! The certificate in use is swapped whole: a handshake sees the old pair or the new one,
//! never a mix. A renewal that cannot be read (a half-written file, a key of another
//! certificate) is logged and the old pair kept, so a bad renewal never takes the site down;
//! a start with bad files is refused, naming the file.

use axum::Router;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};
use tokio_rustls::TlsAcceptor;

/// The certificate chain and key files (PEM).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    /// The certificate chain, leaf first (`fullchain.pem`).
    pub cert: PathBuf,
    /// Its private key (PKCS #8, PKCS #1 or SEC1).
    pub key: PathBuf,
}

/// How often the files are looked at for a renewal.
pub const RELOAD_EVERY: Duration = Duration::from_secs(5);

/// The pair in use, and when its files were last changed.
#[derive(Debug)]
pub struct Certificates {
    files: TlsFiles,
    provider: Arc<CryptoProvider>,
    current: RwLock<(Arc<CertifiedKey>, Stamp)>,
}

/// The files' modification times and sizes: a change of either means a renewal.
type Stamp = [(Option<SystemTime>, u64); 2];

fn stamp(files: &TlsFiles) -> Stamp {
    [&files.cert, &files.key].map(|p| match std::fs::metadata(p) {
        Ok(m) => (m.modified().ok(), m.len()),
        Err(_) => (None, 0),
    })
}

/// Reads the pair, checking that the key is the certificate's.
fn load(files: &TlsFiles, provider: &CryptoProvider) -> Result<CertifiedKey, String> {
    let named = |p: &Path, e: &dyn std::fmt::Display| format!("{}: {e}", p.display());
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&files.cert)
        .map_err(|e| named(&files.cert, &e))?
        .collect::<Result<_, _>>()
        .map_err(|e| named(&files.cert, &e))?;
    if chain.is_empty() {
        return Err(named(&files.cert, &"no certificate in the file"));
    }
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|e| named(&files.key, &e))?;
    let signing = provider
        .key_provider
        .load_private_key(key)
        .map_err(|e| named(&files.key, &e))?;
    let pair = CertifiedKey::new(chain, signing);
    pair.keys_match().map_err(|e| {
        format!(
            "{} is not the key of {}: {e}",
            files.key.display(),
            files.cert.display()
        )
    })?;
    Ok(pair)
}

impl Certificates {
    /// Reads the pair now (an error names the file).
    pub fn open(files: TlsFiles) -> Result<Arc<Certificates>, String> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let before = stamp(&files);
        let pair = load(&files, &provider)?;
        Ok(Arc::new(Certificates {
            files,
            provider,
            current: RwLock::new((Arc::new(pair), before)),
        }))
    }

    /// Reads the files again if they changed since the pair in use was read: `Ok(true)` when a
    /// new pair is in use, `Err` (the old pair kept) when the new files do not make one.
    pub fn reload_if_changed(&self) -> Result<bool, String> {
        let now = stamp(&self.files);
        if self.current.read().map(|c| c.1 == now).unwrap_or(false) {
            return Ok(false);
        }
        let loaded = load(&self.files, &self.provider);
        let mut current = self
            .current
            .write()
            .map_err(|_| "the certificate lock is poisoned".to_string())?;
        // looked at once per change: a bad renewal is reported once, not every few seconds
        current.1 = now;
        current.0 = Arc::new(loaded?);
        Ok(true)
    }

    /// Looks at the files every [`RELOAD_EVERY`] for as long as the server runs.
    pub fn watch(self: &Arc<Self>) {
        let me = Arc::clone(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(RELOAD_EVERY);
            loop {
                tick.tick().await;
                let me = Arc::clone(&me);
                match tokio::task::spawn_blocking(move || me.reload_if_changed()).await {
                    Ok(Ok(true)) => tracing::info!("TLS certificate reloaded"),
                    Ok(Ok(false)) => {}
                    Ok(Err(e)) => {
                        tracing::error!("TLS certificate not reloaded (the old one stays): {e}")
                    }
                    Err(e) => tracing::error!("TLS certificate reload failed: {e}"),
                }
            }
        });
    }

    /// The TLS acceptor serving the pair in use (TLS 1.2 and 1.3), offering HTTP/2 and
    /// HTTP/1.1: a page's many scripts share one HTTP/2 connection instead of waiting for one
    /// of a browser's six HTTP/1.1 ones, and WebSockets keep to HTTP/1.1.
    pub fn acceptor(self: &Arc<Self>) -> Result<TlsAcceptor, String> {
        let mut config = rustls::ServerConfig::builder_with_provider(Arc::clone(&self.provider))
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS: {e}"))?
            .with_no_client_auth()
            .with_cert_resolver(Arc::clone(self) as Arc<dyn ResolvesServerCert>);
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(TlsAcceptor::from(Arc::new(config)))
    }
}

impl ResolvesServerCert for Certificates {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.current.read().ok().map(|c| Arc::clone(&c.0))
    }
}

/// The plain-HTTP app of `--redirect-http`: every request answered with a permanent redirect
/// to the same path at the site's public address (`--public-url`), never to the host the
/// request names (a `Host: evil.example` would send the visitor there).
pub fn redirect_app(public: String) -> Router {
    Router::new().fallback(move |request: Request| {
        let public = public.clone();
        async move { redirect(&request, &public) }
    })
}

fn redirect(request: &Request, public: &str) -> Response {
    let path = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let to = format!("{public}{path}");
    match axum::http::HeaderValue::from_str(&to) {
        Ok(location) => (
            StatusCode::PERMANENT_REDIRECT,
            [(header::LOCATION, location)],
        )
            .into_response(),
        Err(_) => (StatusCode::BAD_REQUEST, "the path is not a path").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    fn to(host: Option<&str>, path: &str) -> (StatusCode, Option<String>) {
        let mut r = Request::builder().uri(path);
        if let Some(h) = host {
            r = r.header(header::HOST, h);
        }
        let response = redirect(&r.body(Body::empty()).unwrap(), "https://play.example.org");
        let location = response
            .headers()
            .get(header::LOCATION)
            .map(|l| l.to_str().unwrap().to_string());
        (response.status(), location)
    }

    #[test]
    fn plain_http_is_sent_to_the_public_address_whatever_the_host_says() {
        let ok = StatusCode::PERMANENT_REDIRECT;
        assert_eq!(
            to(Some("play.example.org"), "/quickchess/x?a=1"),
            (ok, Some("https://play.example.org/quickchess/x?a=1".into()))
        );
        assert_eq!(
            to(Some("evil.example"), "/x"),
            (ok, Some("https://play.example.org/x".into()))
        );
        assert_eq!(
            to(None, "/"),
            (ok, Some("https://play.example.org/".into()))
        );
    }
}
