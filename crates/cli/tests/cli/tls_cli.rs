//! `tabula serve --tls-cert --tls-key`: HTTPS with HSTS and Secure cookies, the plain-HTTP
//! redirect, a renewed certificate served without a restart, and a bad renewal that keeps the
//! old one.

use crate::node;

use rustls::pki_types::{CertificateDer, ServerName};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A new self-signed certificate for `localhost`, written to `dir`: its DER.
fn new_certificate(dir: &Path) -> CertificateDer<'static> {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    // the key first: a server that looks between the two writes sees a mismatch and waits
    std::fs::write(dir.join("key.pem"), made.signing_key.serialize_pem()).unwrap();
    std::fs::write(dir.join("cert.pem"), made.cert.pem()).unwrap();
    made.cert.der().clone()
}

/// A port free a moment ago.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start(dir: &Path, redirect: u16) -> (Child, String) {
    let port = free_port();
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(dir.join("tls.db"))
        .arg("--tls-cert")
        .arg(dir.join("cert.pem"))
        .arg("--tls-key")
        .arg(dir.join("key.pem"))
        .args(["--redirect-http", &format!("127.0.0.1:{redirect}")])
        .args(["--public-url", &format!("https://localhost:{port}")])
        .stderr(Stdio::null());
    let (child, line) = node::spawn_reading_first_line(command);
    (child, node::address_in(&line, "https"))
}

/// A TLS connector trusting `cert` only.
fn trusting(cert: &CertificateDer<'static>) -> tokio_rustls::TlsConnector {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.clone()).unwrap();
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    tokio_rustls::TlsConnector::from(Arc::new(config))
}

/// A request over TLS trusting `cert` only: the raw answer and the certificate served.
async fn https(
    addr: &str,
    cert: &CertificateDer<'static>,
    request: &str,
) -> (String, CertificateDer<'static>) {
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut tls = trusting(cert)
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
        .unwrap();
    let served = tls.get_ref().1.peer_certificates().unwrap()[0]
        .clone()
        .into_owned();
    tls.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let _ = tls.read_to_end(&mut raw).await;
    (String::from_utf8_lossy(&raw).into_owned(), served)
}

/// Whether the server shows `cert` now (a handshake trusting it alone succeeds).
async fn shows(addr: &str, cert: &CertificateDer<'static>) -> bool {
    let attempt = tokio::time::timeout(Duration::from_secs(5), async {
        let tcp = tokio::net::TcpStream::connect(addr).await.ok()?;
        let tls = trusting(cert)
            .connect(ServerName::try_from("localhost").unwrap(), tcp)
            .await
            .ok()?;
        Some(tls.get_ref().1.peer_certificates()?[0].clone().into_owned())
    })
    .await;
    matches!(attempt, Ok(Some(c)) if c == *cert)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_with_hsts_secure_cookies_a_redirect_and_certificates_renewed_in_place() {
    let dir = std::env::temp_dir().join(format!("tabula-tls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let first = new_certificate(&dir);
    let redirect = free_port();
    let (server, addr) = start(&dir, redirect);

    let get =
        |path: &str| format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    let (answer, served) = https(&addr, &first, &get("/api/health")).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("ok"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("strict-transport-security: max-age="),
        "{answer}"
    );
    assert_eq!(served, first);

    // the session cookie is Secure without --secure-cookies
    let body = r#"{"username":"tlsuser","password":"a long enough passphrase"}"#;
    let signup = format!(
        "POST /api/auth/signup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (answer, _) = https(&addr, &first, &signup).await;
    let cookie = answer
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap_or_else(|| panic!("a cookie: {answer}"));
    assert!(cookie.contains("Secure"), "{cookie}");

    // plain HTTP on the redirect address goes to the same path at the public address over
    // HTTPS, whatever host the request names
    let port = addr.rsplit(':').next().unwrap();
    for host in [format!("localhost:{redirect}"), "evil.example".to_string()] {
        let mut plain = std::net::TcpStream::connect(("127.0.0.1", redirect)).unwrap();
        write!(
            plain,
            "GET /quickchess/abc?x=1 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        plain.read_to_string(&mut raw).unwrap();
        assert!(raw.starts_with("HTTP/1.1 308"), "{raw}");
        assert!(
            raw.contains(&format!(
                "location: https://localhost:{port}/quickchess/abc?x=1"
            )),
            "Host {host}: {raw}"
        );
    }

    // a renewal: the new certificate is served within a few seconds, no restart
    let second = new_certificate(&dir);
    let began = Instant::now();
    loop {
        if shows(&addr, &second).await {
            break;
        }
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "the renewed certificate is never served"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    // a bad renewal (a truncated file) is refused and the last good certificate stays
    std::fs::write(dir.join("cert.pem"), "-----BEGIN CERTIFICATE-----\nAAAA\n").unwrap();
    tokio::time::sleep(Duration::from_secs(7)).await;
    assert!(
        shows(&addr, &second).await,
        "the last good certificate stays"
    );
    let (answer, _) = https(&addr, &second, &get("/api/health")).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    node::kill(server);

    // a start with a key that is not the certificate's is refused, naming the files
    let other = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    new_certificate(&dir);
    std::fs::write(dir.join("key.pem"), other.signing_key.serialize_pem()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.join("tls.db"))
        .arg("--tls-cert")
        .arg(dir.join("cert.pem"))
        .arg("--tls-key")
        .arg(dir.join("key.pem"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("key.pem is not the key of") && err.contains("cert.pem"),
        "{err}"
    );
}
