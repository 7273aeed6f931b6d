//! Accounts: names, passwords hashed with Argon2id, sessions.
//!
//! Passwords are never stored, only their Argon2id hashes (the `argon2` crate, RustCrypto's,
//! with its default parameters: 19 MiB, two passes, OWASP's recommendation). Hashing takes
//! tens of milliseconds of CPU on purpose, so it runs on a blocking thread, a few at a time,
//! never on the async runtime. A session is a random token in an HttpOnly, SameSite=Lax cookie;
//! the store keeps only its hash.

use crate::error::{ApiError, Busy, Fault, Invalid};
use crate::ids::{random_hex, token_hash};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use std::sync::OnceLock;
use tokio::sync::Semaphore;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "tabula_session";
/// The guest cookie's name (a random id, so a guest's seeks and daily results are theirs).
pub const GUEST_COOKIE: &str = "tabula_guest";
/// How long a session lasts without being used.
pub const SESSION_IDLE_MS: u64 = 30 * 24 * 3600 * 1000;

/// Checks a new account's name: 3 to 20 letters, digits, `_` or `-`, starting with a letter
/// or digit (so it fits in a URL as it is, and "deleted player" can never be one).
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let n = name.chars().count();
    if !(3..=20).contains(&n) {
        return Err(ApiError::BadInput(
            Invalid::Username,
            format!("username: 3 to 20 characters (this one has {n})"),
        ));
    }
    if let Some((i, c)) = name
        .chars()
        .enumerate()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(ApiError::BadInput(
            Invalid::Username,
            format!(
                "username: character {} ('{c}') is not allowed: letters a-z, digits, _ and - are",
                i + 1
            ),
        ));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(ApiError::BadInput(
            Invalid::Username,
            "username: it starts with a letter or a digit".into(),
        ));
    }
    // the text policy's words (a name is shown everywhere: it is refused, not masked)
    if !crate::text::name_allowed(&name.replace(['_', '-'], " ")) {
        return Err(ApiError::BadInput(
            Invalid::Username,
            "username: it holds words that are not allowed here".into(),
        ));
    }
    Ok(())
}

/// Checks a new password: 8 to 128 characters.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if n < 8 {
        return Err(ApiError::BadInput(
            Invalid::Password,
            "password: at least 8 characters".into(),
        ));
    }
    if n > 128 {
        return Err(ApiError::BadInput(
            Invalid::Password,
            "password: at most 128 characters".into(),
        ));
    }
    Ok(())
}

fn hashing() -> &'static Semaphore {
    static S: OnceLock<Semaphore> = OnceLock::new();
    S.get_or_init(|| Semaphore::new(2))
}

/// Runs a hashing job on a blocking thread, at most two at once.
async fn off_runtime<T: Send + 'static>(
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = hashing()
        .acquire()
        .await
        .map_err(|_| ApiError::unavailable(Busy::Closing, "the server is shutting down"))?;
    tokio::task::spawn_blocking(job)
        .await
        .map_err(|e| ApiError::Internal(Fault::Hashing, format!("hashing: {e}")))
}

/// The Argon2id hash (PHC string) of a password.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    off_runtime(move || {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)
            .map_err(|e| ApiError::Internal(Fault::Hashing, format!("salt: {e}")))?;
        let salt = SaltString::encode_b64(&salt)
            .map_err(|e| ApiError::Internal(Fault::Hashing, format!("salt: {e}")))?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::Internal(Fault::Hashing, format!("hashing a password: {e}")))
    })
    .await?
}

/// Whether `password` matches the stored hash.
pub async fn verify_password(password: String, stored: String) -> Result<bool, ApiError> {
    off_runtime(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return false;
        };
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
}

/// A new session token and its stored hash.
pub fn new_session() -> (String, String) {
    let token = random_hex(32);
    let hash = token_hash(&token);
    (token, hash)
}

/// The `Set-Cookie` value of a session (`None` to end it); `Secure` when served over TLS.
pub fn session_cookie(token: Option<&str>, secure: bool) -> String {
    let value = token.unwrap_or("");
    let age = if token.is_some() {
        SESSION_IDLE_MS / 1000
    } else {
        0
    };
    let mut c = cookie::Cookie::build((SESSION_COOKIE, value))
        .path("/")
        .http_only(true)
        .same_site(cookie::SameSite::Lax)
        .max_age(cookie::time::Duration::seconds(age as i64))
        .secure(secure)
        .build();
    if token.is_none() {
        c.make_removal();
    }
    c.to_string()
}

/// The `Set-Cookie` value of a new guest id.
pub fn guest_cookie(id: &str, secure: bool) -> String {
    cookie::Cookie::build((GUEST_COOKIE, id))
        .path("/")
        .http_only(true)
        .same_site(cookie::SameSite::Lax)
        .max_age(cookie::time::Duration::days(400))
        .secure(secure)
        .build()
        .to_string()
}

/// A cookie's value from the request's `Cookie` headers.
pub fn read_cookie(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_passwords_follow_the_rules() {
        assert!(check_name("ann_2").is_ok());
        assert!(
            check_name("an")
                .unwrap_err()
                .to_string()
                .contains("3 to 20")
        );
        assert!(
            check_name("ann smith")
                .unwrap_err()
                .to_string()
                .contains("character 4")
        );
        assert!(check_name("-ann").is_err());
        assert!(check_name("Ünal").is_err());
        assert!(check_password("short").is_err());
        assert!(check_password("long enough").is_ok());
        assert!(check_password(&"x".repeat(129)).is_err());
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let h = hash_password("correct horse".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(
            verify_password("correct horse".into(), h.clone())
                .await
                .unwrap()
        );
        assert!(!verify_password("wrong horse".into(), h).await.unwrap());
        assert!(
            !verify_password("x".into(), "not a hash".into())
                .await
                .unwrap()
        );
    }

    #[test]
    fn cookies_are_http_only_and_same_site() {
        let c = session_cookie(Some("abc"), true);
        for part in [
            "tabula_session=abc",
            "HttpOnly",
            "SameSite=Lax",
            "Secure",
            "Path=/",
        ] {
            assert!(c.contains(part), "{c}");
        }
        assert!(!session_cookie(Some("abc"), false).contains("Secure"));
        assert!(session_cookie(None, false).contains("Max-Age=0"));
        let mut h = axum::http::HeaderMap::new();
        h.insert("cookie", "a=1; tabula_session=xyz; b=2".parse().unwrap());
        assert_eq!(read_cookie(&h, SESSION_COOKIE).as_deref(), Some("xyz"));
        assert_eq!(read_cookie(&h, GUEST_COOKIE), None);
    }
}
